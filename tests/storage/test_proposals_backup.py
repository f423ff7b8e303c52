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


def test_a_backup_leaves_proposals_and_the_hand_in_link_out(app, client, restored, tmp_path):
    game = gamedata.create(client, "clenney", ["Ann", "Bob", "Cy"])
    gamedata.post_round(client, game, {"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 6}}})
    token = with_proposals(client, game)
    doc = export_with_cli(app, tmp_path)
    text = json.dumps(doc)
    assert token not in text and "proposal" not in text and "hand_link" not in text
    assert "KD" not in text  # (the proposed cards; the saved round was entered as points)
    download = client.get(f"/games/{game['id']}/export.json")
    assert download.status_code == 200 and "proposal" not in download.get_data(as_text=True)

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
    assert token not in r.get_data(as_text=True) and "proposal" not in r.get_data(as_text=True)
    assert [g["id"] for g in r.get_json()["games"]["games"]] == [game["id"]]
