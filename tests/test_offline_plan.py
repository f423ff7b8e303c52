"""The rounds ahead that a game page and its round form carry for a whole game offline
(``data-offline-plan``, scorekeeper/web/games/routes.py, read by static/js/offline.js): every round
left of a game of contracts, with its last round; for ROY, whose hands go on until a score is
reached, one turn of the dealers and how many deal in turn."""
from __future__ import annotations

import html
import json
import re

import pytest

import gamedata


def plan_of(client, variant, players, rounds=0):
    created = client.post("/api/v1/games", json={"variant": variant, "players": players, "dealer": players[0]}).get_json()
    gamedata.open_edit_link(client, created)
    for number in range(1, rounds + 1):
        body = {"round": number, "went_out": players[0],
                "hands": {name: ({"card_count": 3} if variant == "roy" else {"points": 10}) for name in players[1:]}}
        answer = client.post(f"/api/v1/games/{created['id']}/rounds", json=body,
                             headers={"Authorization": f"Bearer {created['edit_token']}"})
        assert answer.status_code == 201, answer.get_json()
    plans = []
    for path in (f"/games/{created['id']}", f"/games/{created['id']}/round"):
        page = client.get(path).get_data(as_text=True)
        plans.append(json.loads(html.unescape(re.search(r"data-offline-plan='([^']*)'", page).group(1))))
    assert plans[0] == plans[1]  # the game page and the form agree
    return plans[0]


@pytest.mark.parametrize("variant, count", [("joybells", 7), ("le-may-i", 5)])
def test_every_round_left_of_a_game_of_contracts(client, variant, count):
    plan = plan_of(client, variant, ["Ann", "Bob", "Cy"], rounds=2)
    assert [r["number"] for r in plan["rounds"]] == list(range(3, count + 1))
    assert plan["last"] == count and "cycle" not in plan
    assert [r["dealer"] for r in plan["rounds"][:3]] == ["Cy", "Ann", "Bob"]
    assert all(r["contract"] and r["min_cards"] for r in plan["rounds"])


def test_roy_one_turn_of_the_dealers(client):
    plan = plan_of(client, "roy", ["Ann", "Bob", "Cy"], rounds=1)
    assert [(r["number"], r["dealer"]) for r in plan["rounds"]] == [(2, "Bob"), (3, "Cy"), (4, "Ann")]
    assert plan["cycle"] == 3 and "last" not in plan
