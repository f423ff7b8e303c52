"""The games part of the JSON API (docs/api.md, "Games"), against a real SQLite file."""
from __future__ import annotations

import hashlib
import threading
from datetime import datetime

import pytest

from scorekeeper.db import db
from scorekeeper.models import Game, IdempotencyKey, Round
from support.games import auth, create
from support.games import send_round as post_round  # (the answer, whatever it is)


def state(client, game):
    r = client.get(f"/api/v1/games/{game['id']}")
    assert r.status_code == 200
    return r.json


# ----- creating and reading -------------------------------------------------------------------------

def test_create_game_answers_id_token_and_view_url(client, app):
    g = create(client, "joybells", ["Ann", "Bob", "Cy"], dealer="bob")
    assert len(g["id"]) >= 16 and g["id"].replace("-", "").replace("_", "").isalnum()
    assert len(g["edit_token"]) >= 43  # 256 bits, url-safe base64
    assert g["view_url"].endswith(f"/games/{g['id']}/view")
    assert g["status"] == "in_progress" and g["players"] == ["Ann", "Bob", "Cy"]
    assert g["first_dealer"] == "Bob" and g["next_round"] == {"number": 1, "dealer": "Bob",
                                                              "contract": {"sets": 2, "runs": 0}, "min_cards": 8}
    with app.app_context():
        stored = db.session.get(Game, g["id"])
        # only the hash of the token is stored
        assert stored.edit_token_hash == hashlib.sha256(g["edit_token"].encode()).hexdigest()
        assert g["edit_token"] not in repr(stored.__dict__)
        assert stored.rules_snapshot["id"] == "joybells" and "id = \"joybells\"" in stored.rules_toml


@pytest.mark.parametrize("body, status, field, words", [
    ({"variant": "poker", "players": ["A", "B", "C"]}, 400, "variant", "'poker' is not a known variant"),
    ({"variant": "continental", "players": ["A", "B", "C"]}, 400, "players", "3 players is out of range"),
    ({"variant": "joybells", "players": ["A", "B", "a"]}, 400, "players[2]", "'a' is seated twice"),
    ({"variant": "joybells", "players": ["A", "", "C"]}, 400, "players[1]", "blank"),
    ({"variant": "joybells", "players": "A,B,C"}, 400, "players", "not a list"),
    ({"variant": "joybells", "players": ["A", "B", "C"], "dealer": "Zed"}, 400, "dealer", "'Zed' is not a player"),
    ({"variant": "joybells", "players": ["A", "B", "C"], "house_rules": {"twos_wild": True}}, 400,
     "house_rules.twos_wild", "'twos_wild' is not a house option of Joybells"),
    ({"variant": "continental", "players": ["A", "B", "C", "D"], "house_rules": {"twos_wild": "yes"}}, 400,
     "house_rules.twos_wild", "'yes' is not true or false"),
])
def test_create_game_refuses_bad_input(client, body, status, field, words):
    r = client.post("/api/v1/games", json=body)
    assert r.status_code == status
    assert r.json["field"] == field and words in r.json["error"]


def test_unknown_game_is_404(client):
    assert client.get("/api/v1/games/nope").status_code == 404
    r = client.post("/api/v1/games/nope/rounds", json={}, headers={"Authorization": "Bearer x"})
    assert r.status_code == 404 and "no game" in r.json["error"]


def test_writes_need_the_edit_token(client):
    g = create(client, "clenney", ["Ann", "Bob", "Cy"])
    body = {"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 5}}}
    r = client.post(f"/api/v1/games/{g['id']}/rounds", json=body)
    assert r.status_code == 401 and r.headers["WWW-Authenticate"].startswith("Bearer")
    r = client.post(f"/api/v1/games/{g['id']}/rounds", json=body, headers={"Authorization": "Bearer wrong"})
    assert r.status_code == 403
    for path in ("withdraw", "suspend", "resume", "rulings", "token"):
        assert client.post(f"/api/v1/games/{g['id']}/{path}", json={}).status_code == 401
    assert client.put(f"/api/v1/games/{g['id']}/rounds/1", json={}).status_code == 401
    assert state(client, g)["rounds"] == []


def test_rotating_the_token_revokes_the_old_one(client):
    g = create(client, "clenney", ["Ann", "Bob", "Cy"])
    r = client.post(f"/api/v1/games/{g['id']}/token", headers=auth(g))
    assert r.status_code == 200
    new = r.json["edit_token"]
    assert new != g["edit_token"] and r.json["edit_url"].endswith(new)
    assert client.post(f"/api/v1/games/{g['id']}/suspend", headers=auth(g)).status_code == 403
    assert client.post(f"/api/v1/games/{g['id']}/suspend", headers={"Authorization": f"Bearer {new}"}).status_code == 200


# ----- full games of every variant ------------------------------------------------------------------

def test_full_game_of_joybells(client):
    g = create(client, "joybells", ["Ann", "Bob", "Cy"], dealer="Cy")
    expected_dealers = ["Cy", "Ann", "Bob", "Cy", "Ann", "Bob", "Cy"]
    for n in range(1, 8):
        r = post_round(client, g, {"round": n, "went_out": "Ann",
                                   "hands": {"Bob": {"cards": ["JK", "2H", "3S"]}, "Cy": {"points": n}}})
        assert r.status_code == 201, r.json
        assert r.json["number"] == n and r.json["scores"] == {"Ann": 0, "Bob": 43, "Cy": n}
        assert r.json["dealer"] == expected_dealers[n - 1]
    s = state(client, g)
    assert s["status"] == "complete" and s["next_round"] is None and s["completed_at"]
    assert s["totals"] == {"Ann": 0, "Bob": 301, "Cy": 28}
    assert s["winner"] == "Ann" and s["winners"] == ["Ann"]
    assert [r["contract"] for r in s["rounds"]][-1] == {"sets": 0, "runs": 3}
    r = post_round(client, g, {"went_out": "Ann", "hands": {"Bob": {"points": 1}, "Cy": {"points": 1}}})
    assert r.status_code == 409 and "over" in r.json["error"]


def test_full_game_of_continental_with_stock_exhausted_and_incorrect_hand(client):
    g = create(client, "continental", ["Ann", "Bob", "Cy", "Di", "Ed"], house_rules={"twos_wild": True})
    assert g["house_rules"] == {"no_may_i_in_last_three_rounds": False, "twos_wild": True}
    r = post_round(client, g, {"end": "stock_exhausted", "hands": {
        "Ann": {"cards": ["JK"]}, "Bob": {"cards": ["AH", "5C"]}, "Cy": {"points": 10},
        "Di": {"points": 0}, "Ed": {"cards": ["10S"], "missing_cards": 2}}})
    assert r.status_code == 201, r.json
    assert r.json["went_out"] is None and r.json["end"] == "stock_exhausted"
    assert r.json["scores"] == {"Ann": 50, "Bob": 25, "Cy": 10, "Di": 0, "Ed": 30}
    for n in range(2, 8):
        r = post_round(client, g, {"went_out": "Di", "hands": {
            "Ann": {"points": 5}, "Bob": {"points": 5}, "Cy": {"points": 5}, "Ed": {"points": 5}}})
        assert r.status_code == 201
    s = state(client, g)
    assert s["status"] == "complete" and s["winner"] == "Di" and s["totals"]["Di"] == 0
    assert any("ran out a second time" in n for n in s["notes"])
    assert any("too few" in n and "Ed" in n for n in s["notes"])
    assert any("2s are wild too" in n for n in s["notes"])
    # the rules applied cite their sources by the names a player knows, never a file of ours
    cited = {x["citation"] for x in s["rulings"] if x["automatic"]}
    assert "Continental Rummy (encyclopedia article), Rules of play; scorekeeper's rulings, Irregularities" in cited
    assert not any(".md" in c for c in cited), cited


def test_full_game_of_le_may_i_with_round_win_bonus(client):
    g = create(client, "le-may-i", ["Ann", "Bob", "Cy"])
    for n, winner in enumerate(["Ann", "Bob", "Ann", "Cy", "Ann"], start=1):
        others = {p: {"cards": ["AS", "10D"]} for p in ["Ann", "Bob", "Cy"] if p != winner}
        r = post_round(client, g, {"went_out": winner, "hands": others})
        assert r.status_code == 201 and r.json["bonus"] == {winner: -20}
    s = state(client, g)
    assert s["status"] == "complete"
    assert s["totals"] == {"Ann": 2 * 25 - 60, "Bob": 4 * 25 - 20, "Cy": 4 * 25 - 20}
    assert s["winner"] == "Ann"


def test_full_game_of_clenney(client):
    g = create(client, "clenney", [f"P{i}" for i in range(1, 9)], dealer="P8")
    assert g["next_round"]["dealer"] == "P8"
    for n in range(1, 8):
        hands = {f"P{i}": {"cards": ["KD", "4S", "AH"]} for i in range(2, 9)}
        r = post_round(client, g, {"round": n, "went_out": "P1", "hands": hands})
        assert r.status_code == 201
        assert r.json["scores"]["P2"] == 30
    s = state(client, g)
    assert s["status"] == "complete" and s["winner"] == "P1" and s["totals"]["P8"] == 210
    assert [r["dealer"] for r in s["rounds"]] == ["P8", "P1", "P2", "P3", "P4", "P5", "P6"]


def test_full_game_of_roy_to_100(client):
    g = create(client, "roy", ["Ann", "Bob", "Cy"])
    assert g["next_round"]["contract"] is None
    for n in range(1, 6):
        r = post_round(client, g, {"went_out": "Bob", "hands": {"Ann": {"card_count": 12}, "Cy": {"card_count": 9}}})
        assert r.status_code == 201 and r.json["scores"] == {"Ann": 0, "Bob": 21, "Cy": 0}
        assert r.json["status"] == ("complete" if n == 5 else "in_progress")
    s = state(client, g)
    assert s["totals"]["Bob"] == 105 and s["winner"] == "Bob" and s["standings"][0]["name"] == "Bob"
    r = post_round(client, g, {"went_out": "Ann", "hands": {"Bob": {"card_count": 1}, "Cy": {"card_count": 1}}})
    assert r.status_code == 409


# ----- round submission rules ------------------------------------------------------------------------

def test_idempotency_key_replays_the_first_answer_and_stores_nothing_new(client, app):
    g = create(client, "clenney", ["Ann", "Bob", "Cy"])
    body = {"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 7}}}
    first = post_round(client, g, body, **{"Idempotency-Key": "abc-1"})
    again = post_round(client, g, body, **{"Idempotency-Key": "abc-1"})
    assert first.status_code == again.status_code == 201
    assert again.json == first.json and again.headers["Idempotent-Replayed"] == "true"
    other = post_round(client, g, {**body, "hands": {"Bob": {"points": 6}, "Cy": {"points": 7}}},
                       **{"Idempotency-Key": "abc-1"})
    assert other.status_code == 422 and "already used" in other.json["error"]
    with app.app_context():
        assert db.session.query(Round).count() == 1
        assert db.session.query(IdempotencyKey).count() == 1
    assert len(state(client, g)["rounds"]) == 1


def test_second_different_submission_of_a_recorded_round_is_409(client):
    g = create(client, "clenney", ["Ann", "Bob", "Cy"])
    body = {"round": 1, "went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 7}}}
    assert post_round(client, g, body).status_code == 201
    same = post_round(client, g, body)
    assert same.status_code == 200 and same.json["scores"]["Cy"] == 7
    r = post_round(client, g, {**body, "hands": {"Bob": {"points": 5}, "Cy": {"points": 8}}})
    assert r.status_code == 409 and "already recorded" in r.json["error"]
    r = post_round(client, g, {**body, "round": 3})
    assert r.status_code == 409 and "before round 2" in r.json["error"]
    assert state(client, g)["totals"] == {"Ann": 0, "Bob": 5, "Cy": 7}


@pytest.mark.parametrize("body, field, words", [
    ({"went_out": "Ann", "hands": {"Bob": {"cards": ["KD", "QX"]}, "Cy": {"points": 1}}},
     "hands.Bob.cards[1]", "'QX' is not a card"),
    ({"went_out": "Ann", "hands": {"Bob": {"cards": ["JK"]}, "Cy": {"points": 1}}}, "hands.Bob.cards[0]", "without jokers"),
    ({"went_out": "Zed", "hands": {}}, "went_out", "'Zed' is not a player"),
    ({"went_out": "Ann", "hands": {"Bob": {"points": 1}}}, "hands.Cy", "no hand for Cy"),
    ({"went_out": "Ann", "hands": {"Bob": {"points": 1}, "Cy": {"points": 1}, "Zed": {"points": 1}}},
     "hands.Zed", "'Zed' is not a player"),
    ({"went_out": "Ann", "hands": {"Bob": {"points": -1}, "Cy": {"points": 1}}}, "hands.Bob.points", "negative"),
    ({"went_out": "Ann", "hands": {"Bob": {"points": "ten"}, "Cy": {"points": 1}}}, "hands.Bob.points", "'ten'"),
    ({"went_out": "Ann", "hands": {"Bob": {"points": 1, "missing_cards": -2}, "Cy": {"points": 1}}},
     "hands.Bob.missing_cards", "-2"),
    ({"went_out": "Ann", "hands": {"Bob": {"card_count": 3}, "Cy": {"points": 1}}}, "hands.Bob.card_count", "ROY"),
    ({"hands": {"Bob": {"points": 1}}}, "went_out", "say who went out"),
    ({"went_out": "Ann", "end": "stock_exhausted", "hands": {}}, "went_out", "cannot have gone out"),
    ({"went_out": "Ann", "end": "fire", "hands": {"Bob": {"points": 1}, "Cy": {"points": 1}}}, "end", "'fire'"),
    ({"went_out": "Ann", "hands": [1, 2]}, "hands", "not an object"),
    ({"went_out": "Ann", "hands": {"Bob": "ten", "Cy": {"points": 1}}}, "hands.Bob", "not a hand"),
    ({"round": "one", "went_out": "Ann", "hands": {}}, "round", "'one' is not a round number"),
])
def test_bad_round_input_names_the_field_and_value(client, body, field, words):
    g = create(client, "clenney", ["Ann", "Bob", "Cy"])
    r = post_round(client, g, body)
    assert r.status_code == 400, r.json
    assert r.json["field"] == field and words in r.json["error"]
    assert state(client, g)["rounds"] == []


def test_missing_score_that_cannot_be_computed_asks_for_a_replay(client):
    g = create(client, "joybells", ["Ann", "Bob", "Cy"])
    r = post_round(client, g, {"went_out": "Ann", "hands": {"Bob": {"missing": True}, "Cy": {"missing": True}}})
    assert r.status_code == 422 and "must be replayed" in r.json["error"] and r.json["field"] == "hands.Bob"
    r = post_round(client, g, {"went_out": "Ann", "hands": {"Bob": {"points": 30}, "Cy": {"missing": True}}})
    assert r.status_code == 201 and r.json["scores"]["Cy"] == 30
    assert any(x["kind"] == "missing_score" for x in state(client, g)["rulings"])


@pytest.mark.parametrize("missing", [["Bob", "Di"], ["Di", "Bob"]])
def test_two_missing_scores_come_from_posted_scores_only(client, missing):
    # Ann 30, Cy went out, Bob and Di missing: each gets 30 + 0, whichever is sent or seated first.
    g = create(client, "joybells", ["Ann", "Bob", "Cy", "Di"])
    hands = {"Ann": {"points": 30}, **{name: {"missing": True} for name in missing}}
    r = post_round(client, g, {"went_out": "Cy", "hands": hands})
    assert r.status_code == 201, r.json
    assert r.json["scores"] == {"Ann": 30, "Bob": 30, "Cy": 0, "Di": 30}
    stored = state(client, g)
    assert stored["totals"] == {"Ann": 30, "Bob": 30, "Cy": 0, "Di": 30}
    summaries = sorted(x["summary"] for x in stored["rulings"] if x["kind"] == "missing_score")
    assert len(summaries) == 2
    assert "posted for Bob, who gets 30," in summaries[0] and "posted for Di, who gets 30," in summaries[1]
    assert all(s.endswith("(30 and 0).") for s in summaries)


@pytest.mark.parametrize("raw, content_type", [
    (b"not json", "application/json"), (b"[1,2]", "application/json"), (b"", "application/json"),
    (b'{"went_out": {"a": 1}, "hands": {}}', "application/json"),
    (b'{"went_out": "Ann", "hands": {"Bob": {"cards": [[1]]}, "Cy": {"points": 1e309}}}', "application/json"),
    (b'{"went_out": "Ann", "hands": {"Bob": {"points": 99999999999999999999}, "Cy": {"points": 1}}}', "application/json"),
    (b'{"went_out": "Ann", "hands": {"Bob": {"cards": "KD"}, "Cy": {"points": true}}}', "text/plain"),
])
def test_no_input_causes_a_500(client, raw, content_type):
    g = create(client, "clenney", ["Ann", "Bob", "Cy"])
    r = client.post(f"/api/v1/games/{g['id']}/rounds", data=raw, headers={**auth(g), "Content-Type": content_type})
    assert 400 <= r.status_code < 500 and r.json["error"]
    r = client.put(f"/api/v1/games/{g['id']}/rounds/1", data=raw, headers={**auth(g), "Content-Type": content_type})
    assert 400 <= r.status_code < 500 and r.json["error"]


# ----- corrections -------------------------------------------------------------------------------------

def test_correction_needs_a_reason_and_keeps_old_and_new(client):
    g = create(client, "clenney", ["Ann", "Bob", "Cy"])
    post_round(client, g, {"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 7}}})
    post_round(client, g, {"went_out": "Bob", "hands": {"Ann": {"points": 1}, "Cy": {"points": 2}}})
    new = {"went_out": "Ann", "hands": {"Bob": {"cards": ["KD"]}, "Cy": {"points": 7}}}
    r = client.put(f"/api/v1/games/{g['id']}/rounds/1", json=new, headers=auth(g))
    assert r.status_code == 400 and r.json["field"] == "reason"
    r = client.put(f"/api/v1/games/{g['id']}/rounds/1", json={**new, "reason": "   "}, headers=auth(g))
    assert r.status_code == 400 and r.json["field"] == "reason"
    r = client.put(f"/api/v1/games/{g['id']}/rounds/1", json={**new, "reason": "Bob's king was read as a 5"},
                   headers=auth(g))
    assert r.status_code == 200 and r.json["scores"] == {"Ann": 0, "Bob": 10, "Cy": 7}
    assert r.json["correction"]["old"]["Bob"] == 5 and r.json["correction"]["new"]["Bob"] == 10
    s = state(client, g)
    assert s["totals"] == {"Ann": 1, "Bob": 10, "Cy": 9}
    assert s["corrections"] == [{**s["corrections"][0], "round": 1, "reason": "Bob's king was read as a 5",
                                 "old": {"Ann": 0, "Bob": 5, "Cy": 7}, "new": {"Ann": 0, "Bob": 10, "Cy": 7}}]
    assert any("Bob 5 → 10" in n and "read as a 5" in n for n in s["notes"])
    r = client.put(f"/api/v1/games/{g['id']}/rounds/1", json={**new, "reason": "again"}, headers=auth(g))
    assert r.status_code == 422 and "changes nothing" in r.json["error"]
    assert client.put(f"/api/v1/games/{g['id']}/rounds/9", json={**new, "reason": "x"}, headers=auth(g)).status_code == 404


def test_correction_can_move_the_round_win_and_its_bonus(client):
    g = create(client, "le-may-i", ["Ann", "Bob", "Cy"])
    post_round(client, g, {"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 7}}})
    r = client.put(f"/api/v1/games/{g['id']}/rounds/1", headers=auth(g), json={
        "went_out": "Bob", "hands": {"Ann": {"points": 5}, "Cy": {"points": 7}}, "reason": "Bob went out, not Ann"})
    assert r.status_code == 200 and r.json["bonus"] == {"Bob": -20}
    assert state(client, g)["totals"] == {"Ann": 5, "Bob": -20, "Cy": 7}


# ----- withdrawals, suspend, resume --------------------------------------------------------------------

def test_withdrawn_player_gets_two_highest_totals_of_the_others(client):
    g = create(client, "joybells", ["Ann", "Bob", "Cy", "Di"])
    post_round(client, g, {"went_out": "Ann", "hands": {"Bob": {"points": 10}, "Cy": {"points": 20}, "Di": {"points": 30}}})
    r = client.post(f"/api/v1/games/{g['id']}/withdraw", json={"player": "di"}, headers=auth(g))
    assert r.status_code == 200
    s = r.json
    seat = s["seats"][3]
    assert seat["active"] is False and seat["withdrawn_after_round"] == 1
    assert seat["total"] == 30 and seat["provisional"] is True  # 20 + 10
    r = post_round(client, g, {"went_out": "Ann", "hands": {"Bob": {"points": 1}, "Cy": {"points": 1}, "Di": {"points": 1}}})
    assert r.status_code == 400 and "withdrew after round 1" in r.json["error"]
    r = post_round(client, g, {"went_out": "Ann", "hands": {"Bob": {"points": 1}, "Cy": {"points": 1}}})
    assert r.status_code == 201 and r.json["dealer"] == "Bob"
    assert client.post(f"/api/v1/games/{g['id']}/withdraw", json={"player": "Di"}, headers=auth(g)).status_code == 409
    s = state(client, g)
    assert s["totals"]["Di"] == 21 + 11 and any("Di withdrew after round 1" in n for n in s["notes"])
    assert any(x["kind"] == "withdrawal" for x in s["rulings"])
    r = create(client, "roy", ["Ann", "Bob", "Cy"])
    client.post(f"/api/v1/games/{r['id']}/withdraw", json={"player": "Cy"}, headers=auth(r))
    assert [x["citation"] for x in state(client, r)["rulings"]] == [
        "scorekeeper's rulings, Laying down and laying off"]


def test_game_is_void_when_fewer_than_two_players_remain(client):
    g = create(client, "clenney", ["Ann", "Bob", "Cy"])
    client.post(f"/api/v1/games/{g['id']}/withdraw", json={"player": "Bob"}, headers=auth(g))
    s = state(client, g)
    assert s["status"] == "in_progress"
    r = client.post(f"/api/v1/games/{g['id']}/withdraw", json={"player": "Cy"}, headers=auth(g))
    assert r.status_code == 200 and r.json["status"] == "void" and r.json["next_round"] is None
    assert r.json["winner"] is None and r.json["completed_at"]
    assert post_round(client, g, {"went_out": "Ann", "hands": {}}).status_code == 409


def test_suspend_and_resume_with_the_same_players_in_the_same_seats(client):
    g = create(client, "clenney", ["Ann", "Bob", "Cy"])
    r = client.post(f"/api/v1/games/{g['id']}/suspend", json={}, headers=auth(g))
    assert r.status_code == 200 and r.json["status"] == "suspended"
    assert client.post(f"/api/v1/games/{g['id']}/suspend", headers=auth(g)).status_code == 409
    r = post_round(client, g, {"went_out": "Ann", "hands": {"Bob": {"points": 1}, "Cy": {"points": 1}}})
    assert r.status_code == 409 and "suspended" in r.json["error"]
    r = client.post(f"/api/v1/games/{g['id']}/resume", json={"players": ["Bob", "Ann", "Cy"]}, headers=auth(g))
    assert r.status_code == 422 and r.json["field"] == "players" and "same seats" in r.json["error"]
    r = client.post(f"/api/v1/games/{g['id']}/resume", json={"players": ["Ann", "Bob", "Cy"]}, headers=auth(g))
    assert r.status_code == 200 and r.json["status"] == "in_progress"
    assert client.post(f"/api/v1/games/{g['id']}/resume", headers=auth(g)).status_code == 409


def test_resume_is_refused_in_another_calendar_year(client, app):
    g = create(client, "clenney", ["Ann", "Bob", "Cy"])
    client.post(f"/api/v1/games/{g['id']}/suspend", headers=auth(g))
    with app.app_context():
        game = db.session.get(Game, g["id"])
        game.created_at = datetime(datetime.now().year - 1, 12, 30, 20, 0)
        db.session.commit()
    r = client.post(f"/api/v1/games/{g['id']}/resume", json={}, headers=auth(g))
    assert r.status_code == 409 and "same calendar year" in r.json["error"]


# ----- rulings logged at the table ---------------------------------------------------------------------

def test_log_a_ruling_with_a_score_effect(client):
    g = create(client, "continental", ["Ann", "Bob", "Cy", "Di"])
    post_round(client, g, {"went_out": "Ann", "hands": {p: {"points": 10} for p in ["Bob", "Cy", "Di"]}})
    r = client.post(f"/api/v1/games/{g['id']}/rulings", headers=auth(g), json={
        "round": 1, "what_happened": "Cy discarded before drawing", "ruling": "Cy may draw to restore the hand",
        "citation": "source 001, Premature discard", "player": "cy", "points": 10})
    assert r.status_code == 201, r.json
    s = r.json["game"]
    assert s["totals"]["Cy"] == 20 and s["rounds"][0]["bonus"] == {"Cy": 10}
    logged = s["rulings"][-1]
    assert logged["kind"] == "dispute" and logged["citation"] == "source 001, Premature discard"
    assert any("Cy discarded before drawing" in n for n in s["notes"])
    r = client.post(f"/api/v1/games/{g['id']}/rulings", headers=auth(g), json={"what_happened": "", "ruling": "x"})
    assert r.status_code == 400 and r.json["field"] == "what_happened"
    r = client.post(f"/api/v1/games/{g['id']}/rulings", headers=auth(g),
                    json={"what_happened": "x", "ruling": "y", "points": 5})
    assert r.status_code == 400 and r.json["field"] == "player"


@pytest.mark.parametrize("points", [True, False, "5", 1.5, 1001, -1001, [5]])
def test_a_ruling_refuses_points_that_are_not_a_whole_number_in_range(client, points):
    """``false`` equals 0 in Python: it is refused like ``true``, not taken as "no score effect"."""
    g = create(client, "continental", ["Ann", "Bob", "Cy", "Di"])
    r = client.post(f"/api/v1/games/{g['id']}/rulings", headers=auth(g),
                    json={"what_happened": "x", "ruling": "y", "player": "Cy", "points": points})
    assert r.status_code == 400 and r.json["field"] == "points", r.json
    assert repr(points) in r.json["error"]
    assert state(client, g)["rulings"] == []


# ----- two phones at once ------------------------------------------------------------------------------

def test_stale_version_is_refused(client):
    g = create(client, "clenney", ["Ann", "Bob", "Cy"])
    r = client.post(f"/api/v1/games/{g['id']}/withdraw", json={"player": "Cy", "version": g["version"] + 5},
                    headers=auth(g))
    assert r.status_code == 409 and "another phone" in r.json["error"]
    assert state(client, g)["seats"][2]["active"] is True


def test_conflicting_round_submissions_store_exactly_one(app):
    client = app.test_client()
    g = create(client, "clenney", ["Ann", "Bob", "Cy"])
    barrier = threading.Barrier(4)
    answers = []

    def submit(points):
        c = app.test_client()
        barrier.wait()
        r = c.post(f"/api/v1/games/{g['id']}/rounds", headers=auth(g),
                   json={"round": 1, "went_out": "Ann", "hands": {"Bob": {"points": points}, "Cy": {"points": 1}}})
        answers.append((r.status_code, r.json))

    threads = [threading.Thread(target=submit, args=(p,)) for p in (10, 20, 30, 40)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    codes = sorted(code for code, _ in answers)
    assert codes == [201, 409, 409, 409], answers
    assert all("error" in body for code, body in answers if code == 409)
    s = state(client, g)
    assert len(s["rounds"]) == 1
    winner = next(body for code, body in answers if code == 201)
    assert s["rounds"][0]["scores"] == winner["scores"]


def test_openapi_lists_the_games_paths(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    for path, method in [("/games", "post"), ("/games/{game_id}", "get"), ("/games/{game_id}/rounds", "post"),
                         ("/games/{game_id}/rounds/{number}", "put"), ("/games/{game_id}/withdraw", "post"),
                         ("/games/{game_id}/suspend", "post"), ("/games/{game_id}/resume", "post")]:
        assert method in doc["paths"][path], path


@pytest.mark.parametrize("version", ["Infinity", "-Infinity", "NaN", "[1]", "\"x\""])
def test_a_version_that_is_no_number_is_refused_naming_it(client, version):
    """JSON as Python reads it allows Infinity and NaN: a version sent so is refused (400 naming the
    field), never a 500, and the game is left as it was."""
    game = create(client, "joybells", ["Ann", "Bob", "Cy"])
    r = client.post(f"/api/v1/games/{game['id']}/suspend", data='{"version": %s}' % version,
                    content_type="application/json", headers=auth(game))
    assert r.status_code == 400 and r.get_json()["field"] == "version", r.get_data(as_text=True)
    assert "is not a version number" in r.get_json()["error"]
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["status"] == "in_progress"
