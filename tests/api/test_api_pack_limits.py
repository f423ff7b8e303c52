"""No hand beyond the pack through the API (docs/rulings.md, "Cards beyond the pack"): rounds,
previews of the pages, corrections, hand-score and the players' own phones refuse a hand that holds
more than the pack of the game's players, in one sentence naming the player, the card and the pack;
a round stored before the rule still shows."""
from __future__ import annotations

from sqlalchemy import select
from support.games import auth, create, post_round, send_round
from support.tables import bearer

from scorekeeper.db import db
from scorekeeper.models import Round

FOUR_TENS = {"cards": ["10h", "10h", "10h", "10h"]}
DAN_FOUR_TENS = "Dan: four 10♥, but 2 decks hold only two"


def rounds(client, game) -> list:
    return client.get(f"/api/v1/games/{game['id']}").get_json()["rounds"]


def test_four_ten_of_hearts_in_a_four_player_continental_are_refused(client):
    game = create(client, "continental", ["Ann", "Bob", "Cy", "Dan"])
    r = send_round(client, game, {"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 5}, "Dan": FOUR_TENS}})
    assert r.status_code == 422
    assert r.get_json() == {"error": DAN_FOUR_TENS, "field": "hands.Dan.cards"}
    assert rounds(client, game) == []


def test_two_copies_fit_and_four_fit_seven_players_four_decks(client):
    four = create(client, "continental", ["Ann", "Bob", "Cy", "Dan"])
    body = post_round(client, four, {"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 5},
                                                                   "Dan": {"cards": ["10H", "10H"]}}})
    assert body["scores"]["Dan"] == 20
    seven = create(client, "continental", ["Ann", "Bob", "Cy", "Dan", "Ed", "Flo", "Gus"])
    hands = {name: {"points": 5} for name in ("Bob", "Cy", "Ed", "Flo", "Gus")}
    body = post_round(client, seven, {"went_out": "Ann", "hands": {**hands, "Dan": FOUR_TENS}})
    assert body["scores"]["Dan"] == 40


def test_jokers_beyond_the_pack_are_refused(client):
    game = create(client, "joybells", ["Ann", "Bob", "Cy"])
    r = send_round(client, game, {"went_out": "Ann", "hands": {"Bob": {"cards": ["JK"] * 5}, "Cy": {"points": 5}}})
    assert r.status_code == 422 and r.get_json()["error"] == "Bob: five jokers, but 2 decks hold only four"


def test_more_cards_of_a_value_than_the_pack_holds_are_refused(client):
    game = create(client, "continental", ["Ann", "Bob", "Cy", "Dan"])
    r = send_round(client, game, {"went_out": "Ann", "hands": {"Bob": {"values": {"50": 5}}, "Cy": {"points": 5},
                                                                "Dan": {"points": 5}}})
    assert r.status_code == 422
    assert r.get_json() == {"error": "Bob: five cards worth 50 points, but 2 decks hold only four",
                            "field": "hands.Bob.values"}


def test_more_kings_typed_alone_than_the_pack_holds_are_refused(client):
    game = create(client, "le-may-i", ["Ann", "Bob", "Cy"])
    r = send_round(client, game, {"went_out": "Ann", "hands": {"Bob": {"cards": ["K"] * 9}, "Cy": {"points": 5}}})
    assert r.status_code == 422 and r.get_json()["error"] == "Bob: nine K, but 2 decks hold only eight"


def test_a_correction_beyond_the_pack_is_refused(client):
    game = create(client, "continental", ["Ann", "Bob", "Cy", "Dan"])
    post_round(client, game, {"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 5}, "Dan": {"points": 5}}})
    r = client.put(f"/api/v1/games/{game['id']}/rounds/1", headers=auth(game), json={
        "went_out": "Ann", "reason": "Dan held four tens", "hands": {"Bob": {"points": 5}, "Cy": {"points": 5},
                                                                     "Dan": FOUR_TENS}})
    assert r.status_code == 422 and r.get_json()["error"] == DAN_FOUR_TENS
    assert rounds(client, game)[0]["scores"]["Dan"] == 5


def test_a_players_phone_is_refused_with_the_sentence(client):
    game = create(client, "continental", ["Ann", "Bob", "Cy", "Dan"])
    token = client.post(f"/api/v1/games/{game['id']}/hand-link", headers=auth(game)).get_json()["token"]
    r = client.put(f"/api/v1/games/{game['id']}/rounds/1/proposals/Dan", json=FOUR_TENS, headers=bearer(token))
    assert r.status_code == 422 and r.get_json()["error"] == DAN_FOUR_TENS
    listed = client.get(f"/api/v1/games/{game['id']}/rounds/1/proposals", headers=auth(game)).get_json()
    assert listed["proposals"] == {}


def test_hand_score_checks_the_pack_of_the_players_or_the_largest(client):
    url = "/api/v1/variants/continental/hand-score"
    assert client.post(url, json={"cards": ["10H"] * 4}).get_json()["points"] == 40  # 8 players: 4 decks
    r = client.post(url, json={"cards": ["10H"] * 5})
    assert r.status_code == 422 and r.get_json()["error"] == "cards: five 10♥, but 4 decks hold only four"
    r = client.post(url, json={"cards": ["10H"] * 3, "players": 4})
    assert r.status_code == 422 and r.get_json()["error"] == "cards: three 10♥, but 2 decks hold only two"
    r = client.post(url, json={"cards": ["10H"], "players": 9})
    assert r.status_code == 422 and r.get_json()["error"].startswith("players: 9 players is out of range")


def test_a_round_stored_before_the_rule_still_shows(app, client):
    game = create(client, "continental", ["Ann", "Bob", "Cy", "Dan"])
    post_round(client, game, {"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 5},
                                                           "Dan": {"cards": ["10H", "10H"]}}})
    with app.app_context():  # as an older version of the app kept it
        stored = db.session.scalars(select(Round)).one()
        stored.submission = {**stored.submission, "hands": {**stored.submission["hands"], "Dan": {"cards": ["10H"] * 4}}}
        db.session.commit()
    assert client.get(f"/api/v1/games/{game['id']}").status_code == 200
    assert client.get(f"/games/{game['id']}").status_code == 200


def test_roy_hands_sent_as_cards_are_checked_against_the_pack(client):
    """ROY scores the count of the cards left, but cards sent for it are still cards of one deck."""
    game = create(client, "roy", ["Ann", "Bob", "Cy"])
    r = send_round(client, game, {"went_out": "Ann", "hands": {"Bob": {"cards": ["5S", "5S", "KH"]},
                                                                "Cy": {"card_count": 2}}})
    assert r.status_code == 422
    assert r.get_json() == {"error": "Bob: two 5♠, but 1 deck holds only one", "field": "hands.Bob.cards"}
    r = send_round(client, game, {"went_out": "Ann", "hands": {"Bob": {"cards": ["7"] * 5}, "Cy": {"card_count": 2}}})
    assert r.status_code == 422 and r.get_json()["error"] == "Bob: five 7, but 1 deck holds only four"
    assert rounds(client, game) == []
    body = post_round(client, game, {"went_out": "Ann", "hands": {"Bob": {"cards": ["5S", "5H", "KH"]},
                                                                   "Cy": {"card_count": 2}}})
    assert body["scores"]["Ann"] == 5


def test_a_players_phone_sending_roy_cards_beyond_the_pack_is_refused(client):
    game = create(client, "roy", ["Ann", "Bob", "Cy"])
    token = client.post(f"/api/v1/games/{game['id']}/hand-link", headers=auth(game)).get_json()["token"]
    r = client.put(f"/api/v1/games/{game['id']}/rounds/1/proposals/Bob", json={"cards": ["QD", "QD"]},
                   headers=bearer(token))
    assert r.status_code == 422 and r.get_json()["error"] == "Bob: two Q♦, but 1 deck holds only one"
