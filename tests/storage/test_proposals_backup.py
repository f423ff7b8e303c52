"""Hands from the players' phones and the backup: a proposal is not part of a game (the round is,
once saved), so a backup (``flask export``, a game's JSON download, a table's export) leaves
proposals and the hand-in link out, and a restored game starts with none: its hand-in link must be
made again."""
from __future__ import annotations

import json

import pytest

from support import games as gamedata
from support.backup_data import export_with_cli
from support.tables import bearer, new_table, table_game


@pytest.fixture
def restored(app_factory, second_database_url):
    return app_factory(SQLALCHEMY_DATABASE_URI=second_database_url)


def with_proposals(client, game) -> str:
    r = client.post(f"/api/v1/games/{game['id']}/hand-link", headers=gamedata.auth(game))
    token = r.get_json()["token"]
    for name, hand in (("Bob", {"cards": ["KD", "4S"]}), ("Cy", {"points": 12})):
        r = client.put(f"/api/v1/games/{game['id']}/rounds/2/proposals/{name}", json=hand, headers=bearer(token))
        assert r.status_code == 200, r.get_json()
    return token


def keys_and_values(doc) -> tuple[set[str], set]:
    """Every key and every leaf value of a JSON document, at any depth. The checks below look at
    these, not at the document's text: the text also holds random ids and tokens, which may contain
    any short string (a game id once held "KD")."""
    keys: set[str] = set()
    values: set = set()
    stack = [doc]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            keys.update(node)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
        else:
            values.add(node)
    return keys, values


def assert_no_proposal_in(doc, token: str) -> None:
    """No proposal, hand-in link or proposed card anywhere in a backup or export."""
    keys, values = keys_and_values(doc)
    assert not [k for k in keys if "proposal" in k or "hand_link" in k], sorted(keys)
    assert token not in values  # (its hash lives only in the hand-in links' rows, left out above)
    assert "KD" not in values  # (the proposed cards; the saved round was entered as points)


def test_a_backup_leaves_proposals_and_the_hand_in_link_out(app, client, restored, tmp_path):
    game = gamedata.create(client, "clenney", ["Ann", "Bob", "Cy"])
    gamedata.post_round(client, game, {"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 6}}})
    token = with_proposals(client, game)
    doc = export_with_cli(app, tmp_path)
    assert_no_proposal_in(doc, token)
    assert [g["id"] for g in doc["games"]] == [game["id"]]
    download = client.get(f"/games/{game['id']}/export.json")
    assert download.status_code == 200
    assert_no_proposal_in(download.get_json(), token)
    text = json.dumps(doc)

    (tmp_path / "backup.json").write_text(text)
    result = restored.test_cli_runner().invoke(args=["import", str(tmp_path / "backup.json")])
    assert result.exit_code == 0, result.output
    c2 = restored.test_client()
    assert c2.get(f"/api/v1/games/{game['id']}").get_json()["rounds"][0]["scores"] == {"Ann": 0, "Bob": 5, "Cy": 6}
    listed = c2.get(f"/api/v1/games/{game['id']}/rounds/2/proposals", headers=gamedata.auth(game))  # (a full backup keeps edit tokens)
    assert listed.status_code == 200 and listed.get_json() == {"round": 2, "proposals": {}}
    assert c2.put(f"/api/v1/games/{game['id']}/rounds/2/proposals/Bob", json={"points": 1},
                  headers=bearer(token)).status_code == 403  # the old hand-in link does not come back
    # the original keeps its proposals: exporting changed nothing
    kept = client.get(f"/api/v1/games/{game['id']}/rounds/2/proposals", headers=gamedata.auth(game)).get_json()
    assert sorted(kept["proposals"]) == ["Bob", "Cy"]


def test_a_tables_export_leaves_proposals_out(client):
    table = new_table(client)
    game = table_game(client, table, "clenney", ["Ann", "Bob", "Cy"])
    game["edit_token"] = table["edit_token"]
    gamedata.post_round(client, game, {"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 6}}})
    token = with_proposals(client, game)
    r = client.get(f"/api/v1/tables/{table['id']}/export.json")
    assert r.status_code == 200, r.get_json()
    assert_no_proposal_in(r.get_json(), token)
    assert [g["id"] for g in r.get_json()["games"]["games"]] == [game["id"]]
