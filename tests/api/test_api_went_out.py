"""A player who went out says so from their own phone (docs/api.md, "Hands from the players'
phones"): ``{"went_out": true}`` instead of a hand, shown in the round's proposals as
``{"went_out": true, "at"}``; any other use of ``went_out`` is refused naming it; saving the round
ends it like a hand."""
from __future__ import annotations

import pytest

from support.games import auth, create, post_round
from support.tables import bearer


def put(client, game, name, body, number=1):
    return client.put(f"/api/v1/games/{game['id']}/rounds/{number}/proposals/{name}", json=body,
                      headers=bearer(game["hand_token"]))


def proposals(client, game, number=1):
    return client.get(f"/api/v1/games/{game['id']}/rounds/{number}/proposals", headers=auth(game))


@pytest.fixture(params=["clenney", "roy"])
def game(request, client):
    g = create(client, request.param, ["Ann", "Bob", "Zoë"])
    r = client.post(f"/api/v1/games/{g['id']}/hand-link", headers=bearer(g["edit_token"]))
    g["hand_token"] = r.get_json()["token"]
    return g


def test_a_player_says_they_went_out_and_the_scorekeeper_sees_it(client, game):
    r = put(client, game, "zoë", {"went_out": True})
    assert r.status_code == 200
    assert r.get_json() == {"player": "Zoë", "round": 1, "went_out": True}
    hand = {"card_count": 4} if game["variant"] == "roy" else {"points": 12}
    assert put(client, game, "Bob", hand).status_code == 200
    listed = proposals(client, game).get_json()["proposals"]
    assert set(listed["Zoë"]) == {"went_out", "at"} and listed["Zoë"]["went_out"] is True
    assert listed["Zoë"]["at"].endswith("Z")
    assert "went_out" not in listed["Bob"] and listed["Bob"]["hand"] == hand


def test_two_players_who_say_they_went_out_are_both_shown(client, game):
    assert put(client, game, "Ann", {"went_out": True}).status_code == 200
    assert put(client, game, "Bob", {"went_out": True}).status_code == 200
    listed = proposals(client, game).get_json()["proposals"]
    assert [name for name, p in listed.items() if p.get("went_out")] == ["Ann", "Bob"]


def test_a_hand_replaces_the_word_and_the_word_replaces_a_hand(client, game):
    hand = {"card_count": 2} if game["variant"] == "roy" else {"points": 7}
    assert put(client, game, "Bob", {"went_out": True}).status_code == 200
    assert put(client, game, "Bob", hand).status_code == 200
    assert proposals(client, game).get_json()["proposals"]["Bob"]["hand"] == hand
    assert put(client, game, "Bob", {"went_out": True}).status_code == 200
    assert proposals(client, game).get_json()["proposals"]["Bob"]["went_out"] is True


@pytest.mark.parametrize("body, words", [
    ({"went_out": False}, "went_out: false is not understood"),
    ({"went_out": "yes"}, 'went_out: "yes" is not understood'),
    ({"went_out": None}, "went_out: null is not understood"),
    ({"went_out": 1}, "went_out: 1 is not understood"),
    ({"went_out": True, "points": 5}, "went_out: a player who went out sends no hand (points)"),
])
def test_any_other_went_out_is_refused_naming_it(client, game, body, words):
    r = put(client, game, "Bob", body)
    assert r.status_code == 422
    assert r.get_json()["field"] == "went_out" and words in r.get_json()["error"]
    assert proposals(client, game).get_json()["proposals"] == {}


def test_the_refusal_speaks_french(client, game):
    r = client.put(f"/api/v1/games/{game['id']}/rounds/1/proposals/Bob", json={"went_out": False},
                   headers={**bearer(game["hand_token"]), "Accept-Language": "fr"})
    assert r.status_code == 422 and "went_out\u00a0: false n’est pas compris" in r.get_json()["error"]


def test_saving_the_round_ends_the_word_too(client, game):
    assert put(client, game, "Bob", {"went_out": True}).status_code == 200
    hands = {"Ann": {"card_count": 3}, "Zoë": {"card_count": 1}} if game["variant"] == "roy" \
        else {"Ann": {"points": 5}, "Zoë": {"points": 10}}
    assert post_round(client, game, {"round": 1, "went_out": "Bob", "hands": hands})["number"] == 1
    assert proposals(client, game).status_code == 409
    assert put(client, game, "Bob", {"went_out": True}).status_code == 409
