"""Names that look the same but are spelled with other letters ("Pаt" with a Cyrillic а beside
"Pat") are one player at a table (folded to the roster's spelling) and cannot sit twice in one
game (scorekeeper/rules/look_alike.py, Unicode's confusables skeleton)."""
from __future__ import annotations

import pytest

from scorekeeper.rules.look_alike import skeleton

CYRILLIC_PAT = "P\u0430t"


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.mark.parametrize("one, other", [(CYRILLIC_PAT, "Pat"), ("\u0391nn", "Ann"), ("B\u043eb", "BOB"),
                                        ("J\u043eybells", "joybells")])
def test_look_alikes_share_a_skeleton(one, other):
    assert one != other and skeleton(one) == skeleton(other)


@pytest.mark.parametrize("one, other", [("Zoë", "Zoe"), ("Ann", "Anna"), ("Анна", "Anna"), ("José", "Jose")])
def test_names_that_differ_to_the_eye_keep_apart(one, other):
    assert skeleton(one) != skeleton(other)


def test_a_look_alike_joins_the_table_as_the_player_already_there(client):
    table = client.post("/api/v1/tables", json={"name": "The Smiths"}).json
    token = table["edit_token"]
    r = client.post("/api/v1/games", json={"variant": "clenney", "players": ["Pat", "Bob", "Cy"], "table": table["id"]},
                    headers=bearer(token))
    assert r.status_code == 201
    r = client.post("/api/v1/games", json={"variant": "clenney", "players": [CYRILLIC_PAT, "Bob", "Cy"],
                                           "table": table["id"]}, headers=bearer(token))
    assert r.status_code == 201, r.json
    assert r.json["players"] == ["Pat", "Bob", "Cy"]  # seated under the roster's spelling
    roster = client.get(f"/api/v1/tables/{table['id']}").json["players"]
    assert sorted(p["name"] for p in roster) == ["Bob", "Cy", "Pat"]
    assert next(p for p in roster if p["name"] == "Pat")["games"] == 2
    # a rename to a look-alike of another player is refused like a rename to the same name
    bob = next(p for p in roster if p["name"] == "Bob")
    r = client.patch(f"/api/v1/tables/{table['id']}/players/{bob['id']}", json={"name": CYRILLIC_PAT},
                     headers=bearer(token))
    assert r.status_code == 409 and "already on this table" in r.json["error"]


def test_two_look_alikes_cannot_sit_in_one_game(client):
    r = client.post("/api/v1/games", json={"variant": "clenney", "players": ["Pat", CYRILLIC_PAT, "Cy"]})
    assert r.status_code == 400, r.json
    assert r.json["field"] == "players[1]" and "looks the same as 'Pat'" in r.json["error"]
    r = client.post("/games/new", data={"variant": "clenney", "players-0": "Pat", "players-1": CYRILLIC_PAT,
                                        "players-2": "Cy", "dealer": "0"})
    assert r.status_code == 400 and "looks the same as" in r.get_data(as_text=True)
