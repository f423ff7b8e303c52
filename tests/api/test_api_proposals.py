"""Hands from the players' phones through the API (docs/api.md, "Hands from the players' phones"):
the hand-in link, proposals for the next round counted as the round counts them, every refusal,
the ETag of the proposals, and the end of a round's proposals when the round is saved (through
the API and through the round form)."""
from __future__ import annotations

import unicodedata
from urllib.parse import urlsplit

import pytest

from scorekeeper.db import db
from scorekeeper.models import HandProposal
from support.games import auth, create, open_edit_link, post_round
from support.round_form import post_round as post_form_round
from support.round_form import round_data
from support.tables import bearer, new_table, table_game


def hand_link(client, game, token=None) -> dict:
    r = client.post(f"/api/v1/games/{game['id']}/hand-link", headers=bearer(token or game["edit_token"]))
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def put(client, game, number, name, hand, token):
    return client.put(f"/api/v1/games/{game['id']}/rounds/{number}/proposals/{name}", json=hand,
                      headers=bearer(token) if token else {})


def listed(client, game, number, **headers):
    return client.get(f"/api/v1/games/{game['id']}/rounds/{number}/proposals", headers={**auth(game), **headers})


@pytest.fixture
def game(client):
    g = create(client, "clenney", ["Ann", "Bob", "Zoë"])
    g["hand_token"] = hand_link(client, g)["token"]
    return g


# ----- the hand-in link -------------------------------------------------------------------------------

def test_the_hand_in_link_is_the_my_hand_page_with_the_token_after_the_hash(client):
    g = create(client, "clenney", ["Ann", "Bob", "Cy"])
    link = hand_link(client, g)
    url = urlsplit(link["url"])
    assert url.path == f"/games/{g['id']}/hand" and url.fragment == "token=" + link["token"] and not url.query
    assert link["token"] != g["edit_token"] and len(link["token"]) >= 40


def test_a_new_link_ends_the_old_token(client, game):
    assert put(client, game, 1, "Bob", {"points": 5}, game["hand_token"]).status_code == 200
    newer = hand_link(client, game)["token"]
    r = put(client, game, 1, "Bob", {"points": 6}, game["hand_token"])
    assert r.status_code == 403 and "hand-in link" in r.get_json()["error"]
    assert client.delete(f"/api/v1/games/{game['id']}/rounds/1/proposals/Bob",
                         headers=bearer(game["hand_token"])).status_code == 403
    assert put(client, game, 1, "Bob", {"points": 6}, newer).get_json()["points"] == 6


def test_the_tables_edit_token_makes_a_link_too_and_the_hand_in_token_makes_none(client):
    table = new_table(client)
    g = table_game(client, table, "joybells", ["Ann", "Bob", "Cy"])
    token = hand_link(client, g, table["edit_token"])["token"]
    assert put(client, g, 1, "cy", {"cards": ["5S"]}, token).get_json() == {
        "player": "Cy", "round": 1, "points": 5, "hand": {"cards": ["5S"]}}
    assert client.post(f"/api/v1/games/{g['id']}/hand-link").status_code == 401
    assert client.post(f"/api/v1/games/{g['id']}/hand-link", headers=bearer(token)).status_code == 403
    assert client.post("/api/v1/games/nosuchgame/hand-link", headers=bearer(table["edit_token"])).status_code == 404


# ----- proposals ---------------------------------------------------------------------------------------

def test_a_proposal_and_its_replacement(client, game):
    r = put(client, game, 1, "Bob", {"cards": ["KD", "4S", "AH"]}, game["hand_token"])
    assert r.status_code == 200
    assert r.get_json() == {"player": "Bob", "round": 1, "points": 30, "hand": {"cards": ["KD", "4S", "AH"]}}
    r = put(client, game, 1, "BOB", {"points": 12, "missing_cards": 1}, game["hand_token"])
    assert r.get_json() == {"player": "Bob", "round": 1, "points": 22, "hand": {"points": 12, "missing_cards": 1}}
    body = listed(client, game, 1).get_json()
    assert body["round"] == 1 and list(body["proposals"]) == ["Bob"]
    assert body["proposals"]["Bob"]["points"] == 22
    assert body["proposals"]["Bob"]["hand"] == {"points": 12, "missing_cards": 1}
    assert body["proposals"]["Bob"]["at"].endswith("Z")


def test_names_match_case_insensitively_and_in_any_unicode_form(client, game):
    decomposed = unicodedata.normalize("NFD", "zoë")
    assert decomposed != "zoë"
    r = put(client, game, 1, decomposed, {"points": 7}, game["hand_token"])
    assert r.status_code == 200 and r.get_json()["player"] == "Zoë"
    assert list(listed(client, game, 1).get_json()["proposals"]) == ["Zoë"]


def test_the_edit_token_may_send_and_take_back_a_hand(client, game):
    assert put(client, game, 1, "Ann", {"points": 3}, game["edit_token"]).status_code == 200
    r = client.delete(f"/api/v1/games/{game['id']}/rounds/1/proposals/ann", headers=auth(game))
    assert r.status_code == 204
    assert listed(client, game, 1).get_json()["proposals"] == {}


def test_a_hand_taken_back_with_the_hand_in_token(client, game):
    put(client, game, 1, "Bob", {"points": 3}, game["hand_token"])
    put(client, game, 1, "Ann", {"points": 4}, game["hand_token"])
    r = client.delete(f"/api/v1/games/{game['id']}/rounds/1/proposals/Bob", headers=bearer(game["hand_token"]))
    assert r.status_code == 204 and r.data == b""
    assert list(listed(client, game, 1).get_json()["proposals"]) == ["Ann"]
    # Nothing to take back: still 204 (a retry after a lost answer).
    assert client.delete(f"/api/v1/games/{game['id']}/rounds/1/proposals/Bob",
                         headers=bearer(game["hand_token"])).status_code == 204


ROUND_HANDS = [
    ("clenney", {"Bob": {"cards": ["KD", "4S", "AH", "10C"]}, "Cy": {"cards": ["2C"], "missing_cards": 2},
                 "Di": {"points": 0}}),
    ("clenney", {"Bob": {"points": 17}, "Cy": {"points": 0, "missing_cards": 1}, "Di": {"values": {"15": 1}}}),
    ("continental", {"Bob": {"values": {"5": 3, "10": 1}}, "Cy": {"cards": ["QH", "QS", "3D"]},
                     "Di": {"cards": ["JK", "AS"], "missing_cards": 1}}),
    ("joybells", {"Bob": {"cards": ["JK", "2H", "3S"]}, "Cy": {"values": {"10": 2}, "missing_cards": 1},
                  "Di": {"points": 3}}),
    ("le-may-i", {"Bob": {"cards": ["AS", "KH"]}, "Cy": {"points": 40}, "Di": {"cards": ["7D"], "missing_cards": 1}}),
    ("roy", {"Bob": {"card_count": 4}, "Cy": {"cards": ["5S", "KH", "QD"]}}),
]


@pytest.mark.parametrize("variant,hands", ROUND_HANDS, ids=[f"{v}-{i}" for i, (v, _h) in enumerate(ROUND_HANDS)])
def test_the_points_of_a_proposal_are_the_points_the_round_gives_it(client, variant, hands):
    g = create(client, variant, ["Ann", *hands])
    token = hand_link(client, g)["token"]
    proposed = {}
    for name, hand in hands.items():
        r = put(client, g, 1, name, hand, token)
        assert r.status_code == 200, r.get_json()
        proposed[name] = r.get_json()
    # The scorekeeper takes the hands as they arrived and saves the round.
    arrived = listed(client, g, 1).get_json()["proposals"]
    assert {n: p["points"] for n, p in arrived.items()} == {n: p["points"] for n, p in proposed.items()}
    saved = post_round(client, g, {"round": 1, "went_out": "Ann", "hands": {n: p["hand"] for n, p in arrived.items()}})
    assert {n: saved["scores"][n] for n in hands} == {n: p["points"] for n, p in proposed.items()}
    if variant == "roy":  # the cards left score for the player who went out
        assert proposed["Cy"]["hand"] == {"card_count": 3} and saved["scores"]["Ann"] == 7
    else:
        assert any(p["points"] for p in proposed.values())


# ----- saving the round ends its proposals ----------------------------------------------------------------

def proposals_kept(app, game_id) -> int:
    with app.app_context():
        return db.session.query(HandProposal).filter_by(game_id=game_id).count()


def test_saving_the_round_through_the_api_ends_its_proposals(app, client, game):
    put(client, game, 1, "Bob", {"points": 5}, game["hand_token"])
    put(client, game, 1, "Zoë", {"points": 6}, game["hand_token"])
    assert proposals_kept(app, game["id"]) == 2
    post_round(client, game, {"went_out": "Ann", "hands": {"Bob": {"points": 9}, "Zoë": {"points": 6}}})
    r = listed(client, game, 1)
    assert r.status_code == 409 and "round 1 is already recorded" in r.get_json()["error"]
    assert proposals_kept(app, game["id"]) == 0
    # the round holds what the scorekeeper saved, and round 2 starts with no hands
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["rounds"][0]["scores"] == {"Ann": 0, "Bob": 9, "Zoë": 6}
    assert listed(client, game, 2).get_json() == {"round": 2, "proposals": {}}


def test_saving_the_round_from_the_round_form_ends_its_proposals(app, client, game):
    open_edit_link(client, game)
    put(client, game, 1, "Bob", {"points": 5}, game["hand_token"])
    hands = {1: {"mode": "points", "points": "5"}, 2: {"mode": "points", "points": "8"}}
    assert post_form_round(client, game["id"], round_data([0, 1, 2], 0, hands, number=1, key="offline-1")).status_code == 302
    assert listed(client, game, 1).status_code == 409
    assert proposals_kept(app, game["id"]) == 0
    # the same form sent again (an offline phone replaying it) stores nothing new and ends nothing new
    put(client, game, 2, "Bob", {"points": 1}, game["hand_token"])
    post_form_round(client, game["id"], round_data([0, 1, 2], 0, hands, number=1, key="offline-1"))
    assert list(listed(client, game, 2).get_json()["proposals"]) == ["Bob"]


def test_a_proposal_leaves_the_games_version_alone(client, game):
    before = client.get(f"/api/v1/games/{game['id']}")
    put(client, game, 1, "Bob", {"points": 5}, game["hand_token"])
    after = client.get(f"/api/v1/games/{game['id']}", headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 304  # the scorekeeper's open form is not made stale by a player's phone


# ----- ETag -----------------------------------------------------------------------------------------------

def test_the_proposals_answer_304_until_they_change(client, game):
    first = listed(client, game, 1)
    tag = first.headers["ETag"]
    assert first.status_code == 200 and tag
    assert listed(client, game, 1, **{"If-None-Match": tag}).status_code == 304
    put(client, game, 1, "Bob", {"points": 5}, game["hand_token"])
    second = listed(client, game, 1, **{"If-None-Match": tag})
    assert second.status_code == 200 and second.headers["ETag"] != tag
    tag = second.headers["ETag"]
    put(client, game, 1, "Bob", {"points": 5}, game["hand_token"])  # sent again: a new time
    third = listed(client, game, 1, **{"If-None-Match": tag})
    assert third.status_code == 200
    client.delete(f"/api/v1/games/{game['id']}/rounds/1/proposals/Bob", headers=auth(game))
    fourth = listed(client, game, 1, **{"If-None-Match": third.headers["ETag"]})
    assert fourth.status_code == 200 and fourth.get_json()["proposals"] == {}


# ----- refusals -------------------------------------------------------------------------------------------

def test_without_a_token_401(client, game):
    base = f"/api/v1/games/{game['id']}/rounds/1"
    for r in (client.put(f"{base}/proposals/Bob", json={"points": 1}), client.delete(f"{base}/proposals/Bob"),
              client.get(f"{base}/proposals")):
        assert r.status_code == 401 and r.get_json()["error"]
        assert r.headers["WWW-Authenticate"].startswith("Bearer")


def test_a_wrong_token_or_a_read_only_link_403(client, game):
    other = create(client, "clenney", ["Ann", "Bob", "Zoë"])
    other_hand = hand_link(client, other)["token"]
    read_only = urlsplit(game["view_url"]).path.rsplit("/", 2)[1]  # the read-only link holds only the id
    assert read_only == game["id"]
    for token in ("wrong", read_only, game["view_url"], other["edit_token"], other_hand, "x" * 500):
        r = put(client, game, 1, "Bob", {"points": 1}, token)
        assert r.status_code == 403, (token, r.get_json())
        assert client.delete(f"/api/v1/games/{game['id']}/rounds/1/proposals/Bob",
                             headers=bearer(token)).status_code == 403
        assert client.get(f"/api/v1/games/{game['id']}/rounds/1/proposals",
                          headers=bearer(token)).status_code == 403
    assert listed(client, game, 1).get_json()["proposals"] == {}


def test_the_hand_in_token_can_do_nothing_else(client):
    table = new_table(client)
    g = table_game(client, table, "clenney", ["Ann", "Bob", "Cy"])
    token = hand_link(client, g, table["edit_token"])["token"]
    gid, tid = g["id"], table["id"]
    h = bearer(token)
    round_1 = {"round": 1, "went_out": "Ann", "hands": {"Bob": {"points": 1}, "Cy": {"points": 2}}}
    refused = [
        client.get(f"/api/v1/games/{gid}/rounds/1/proposals", headers=h),
        client.post(f"/api/v1/games/{gid}/rounds", json=round_1, headers=h),
        client.post(f"/api/v1/games/{gid}/withdraw", json={"player": "Cy"}, headers=h),
        client.post(f"/api/v1/games/{gid}/suspend", json={}, headers=h),
        client.post(f"/api/v1/games/{gid}/resume", json={}, headers=h),
        client.post(f"/api/v1/games/{gid}/rulings", json={"what_happened": "x", "ruling": "y"}, headers=h),
        client.post(f"/api/v1/games/{gid}/token", headers=h),
        client.post(f"/api/v1/games/{gid}/hand-link", headers=h),
        client.post("/api/v1/games", json={"variant": "clenney", "players": ["A", "B"], "table": tid}, headers=h),
        client.patch(f"/api/v1/tables/{tid}/players/1", json={"name": "Zed"}, headers=h),
        client.post(f"/api/v1/tables/{tid}/token", headers=h),
    ]
    assert [r.status_code for r in refused] == [403] * len(refused), [r.get_json() for r in refused]
    post_round(client, {**g, "edit_token": table["edit_token"]}, round_1)
    correction = {**round_1, "reason": "Cy had 3", "hands": {"Bob": {"points": 1}, "Cy": {"points": 3}}}
    assert client.put(f"/api/v1/games/{gid}/rounds/1", json=correction, headers=h).status_code == 403
    state = client.get(f"/api/v1/games/{gid}", headers=h).get_json()
    assert state["status"] == "in_progress" and state["corrections"] == [] and "edit_token" not in state
    assert state["rounds"][0]["scores"] == {"Ann": 0, "Bob": 1, "Cy": 2}


def test_409_for_a_recorded_or_a_future_round(client, game):
    post_round(client, game, {"went_out": "Ann", "hands": {"Bob": {"points": 9}, "Zoë": {"points": 6}}})
    for number, words in ((1, "round 1 is already recorded"), (3, "round 3 is not the next round")):
        r = put(client, game, number, "Bob", {"points": 1}, game["hand_token"])
        assert r.status_code == 409 and words in r.get_json()["error"], r.get_json()
        assert r.get_json()["next_round"] == 2
        assert client.delete(f"/api/v1/games/{game['id']}/rounds/{number}/proposals/Bob",
                             headers=bearer(game["hand_token"])).status_code == 409
        assert listed(client, game, number).status_code == 409
    assert put(client, game, 2, "Bob", {"points": 1}, game["hand_token"]).status_code == 200


def test_409_for_a_suspended_or_a_finished_game(client):
    g = create(client, "joybells", ["Ann", "Bob", "Cy"])
    token = hand_link(client, g)["token"]
    assert client.post(f"/api/v1/games/{g['id']}/suspend", json={}, headers=auth(g)).status_code == 200
    r = put(client, g, 1, "Bob", {"points": 1}, token)
    assert r.status_code == 409 and "suspended" in r.get_json()["error"]
    assert client.post(f"/api/v1/games/{g['id']}/resume", json={}, headers=auth(g)).status_code == 200
    for n in range(1, 8):
        post_round(client, g, {"went_out": "Ann", "hands": {"Bob": {"points": n}, "Cy": {"points": 1}}})
    r = put(client, g, 8, "Bob", {"points": 1}, token)
    assert r.status_code == 409 and "complete" in r.get_json()["error"], r.get_json()
    assert r.get_json()["next_round"] is None
    r = put(client, g, 7, "Bob", {"points": 1}, token)  # an offline phone, late for the last round
    assert r.status_code == 409 and r.get_json()["error"] == (
        "round 7 is already recorded, and the game is complete: no hands can be sent for it")
    void = create(client, "clenney", ["Ann", "Bob", "Cy"])
    void_token = hand_link(client, void)["token"]
    for name in ("Bob", "Cy"):
        client.post(f"/api/v1/games/{void['id']}/withdraw", json={"player": name}, headers=auth(void))
    r = put(client, void, 1, "Ann", {"points": 1}, void_token)
    assert r.status_code == 409 and "void" in r.get_json()["error"]


def test_422_naming_an_unknown_or_withdrawn_player(client, game):
    r = put(client, game, 1, "Max", {"points": 1}, game["hand_token"])
    assert r.status_code == 422 and "'Max'" in r.get_json()["error"] and "Ann, Bob, Zoë" in r.get_json()["error"]
    assert client.delete(f"/api/v1/games/{game['id']}/rounds/1/proposals/Max",
                         headers=bearer(game["hand_token"])).status_code == 422
    g = create(client, "clenney", ["Ann", "Bob", "Cy"])
    token = hand_link(client, g)["token"]
    assert put(client, g, 1, "Cy", {"points": 4}, token).status_code == 200
    client.post(f"/api/v1/games/{g['id']}/withdraw", json={"player": "Cy"}, headers=auth(g))
    r = put(client, g, 1, "Cy", {"points": 4}, token)
    assert r.status_code == 422 and "Cy withdrew" in r.get_json()["error"]
    assert listed(client, g, 1).get_json()["proposals"] == {}  # their earlier hand no longer shows


@pytest.mark.parametrize("hand,words", [
    ({"cards": ["KD", "QX"]}, "'QX' is not a card"),
    ({"cards": "KD"}, "KD"),
    ({"points": -3}, "-3"),
    ({"points": 5, "cards": ["KD"]}, "exactly one of"),
    ({"missing": True}, "only the scorekeeper"),
    ({"card_count": 3}, "card_count is for ROY"),
    ({"cards": ["KD"], "colour": "red"}, "'colour'"),
    ({}, "exactly one of"),
])
def test_422_naming_a_bad_hand(client, game, hand, words):
    r = put(client, game, 1, "Bob", hand, game["hand_token"])
    assert r.status_code == 422 and words in r.get_json()["error"], r.get_json()
    assert r.get_json()["field"].startswith("hands.Bob")
    assert listed(client, game, 1).get_json()["proposals"] == {}


def test_roy_takes_card_counts_only(client):
    g = create(client, "roy", ["Ann", "Bob", "Cy"])
    token = hand_link(client, g)["token"]
    r = put(client, g, 1, "Bob", {"points": 4}, token)
    assert r.status_code == 422 and "card_count" in r.get_json()["error"]
    assert put(client, g, 1, "Bob", {"card_count": 4}, token).get_json()["hand"] == {"card_count": 4}
    # no cards left: the player went out (their proposal is not used when the round is saved)
    assert put(client, g, 1, "Ann", {"card_count": 0}, token).get_json()["points"] == 0
    assert client.delete(f"/api/v1/games/{g['id']}/rounds/1/proposals/Ann", headers=bearer(token)).status_code == 204
    assert list(listed(client, g, 1).get_json()["proposals"]) == ["Bob"]


def test_a_body_that_is_not_a_hand_400_and_an_unknown_game_404(client, game):
    r = client.put(f"/api/v1/games/{game['id']}/rounds/1/proposals/Bob", data="{not json",
                   headers={**bearer(game["hand_token"]), "Content-Type": "application/json"})
    assert r.status_code == 400 and "JSON" in r.get_json()["error"]
    assert client.put(f"/api/v1/games/{game['id']}/rounds/1/proposals/Bob", json=[1],
                      headers=bearer(game["hand_token"])).status_code == 400
    assert client.put("/api/v1/games/nosuchgame/rounds/1/proposals/Bob", json={"points": 1},
                      headers=bearer(game["hand_token"])).status_code == 404
    assert client.put(f"/api/v1/games/{game['id']}/rounds/0/proposals/Bob", json={"points": 1},
                      headers=bearer(game["hand_token"])).status_code == 409


def test_proposals_are_rate_limited_like_other_writes(app_factory):
    client = app_factory(RATELIMIT_ENABLED=True, RATELIMIT_WRITES="4 per minute").test_client()
    g = create(client, "clenney", ["Ann", "Bob", "Cy"])  # write 1
    token = hand_link(client, g)["token"]  # write 2
    assert put(client, g, 1, "Bob", {"points": 1}, token).status_code == 200  # write 3
    assert put(client, g, 1, "Bob", {"points": 2}, token).status_code == 200  # write 4
    r = put(client, g, 1, "Bob", {"points": 3}, token)
    assert r.status_code == 429 and r.get_json()["error"]
    assert client.get(f"/api/v1/games/{g['id']}/rounds/1/proposals", headers=auth(g)).get_json()["proposals"]["Bob"][
        "points"] == 2


def test_the_openapi_document_lists_the_proposals(client):
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    assert set(paths["/games/{game_id}/rounds/{number}/proposals/{name}"]) == {"put", "delete"}
    assert "get" in paths["/games/{game_id}/rounds/{number}/proposals"]
    assert "201" in paths["/games/{game_id}/hand-link"]["post"]["responses"]


def test_the_refusals_speak_french_to_a_french_phone(client, game):
    fr = {"Accept-Language": "fr-FR,fr;q=0.9"}
    r = client.put(f"/api/v1/games/{game['id']}/rounds/2/proposals/Bob", json={"points": 1},
                   headers={**bearer(game["hand_token"]), **fr})
    assert r.status_code == 409
    assert r.get_json()["error"] == ("la manche 2 n’est pas la manche suivante\u00a0: on ne peut envoyer des mains "
                                     "que pour la manche 1")
    r = client.put(f"/api/v1/games/{game['id']}/rounds/1/proposals/Bob", json={"points": 1},
                   headers={**bearer("wrong"), **fr})
    assert r.status_code == 403 and "lien de remise des mains" in r.get_json()["error"]


def test_the_polled_proposals_cost_a_few_queries_however_long_the_game(app, client):
    from sqlalchemy import event

    def queries(game, number) -> list[str]:
        with app.app_context():
            engine = db.engine
        seen = []

        def listener(conn, cursor, statement, parameters, context, executemany):
            seen.append(statement)

        event.listen(engine, "before_cursor_execute", listener)
        try:
            r = listed(client, game, number)
            assert r.status_code == 200 and r.get_json()["proposals"]
        finally:
            event.remove(engine, "before_cursor_execute", listener)
        return seen

    counts = []
    for rounds in (0, 6):
        g = create(client, "joybells", ["Ann", "Bob", "Cy"])
        for n in range(1, rounds + 1):
            post_round(client, g, {"went_out": "Ann", "hands": {"Bob": {"cards": ["KD", "5S"]}, "Cy": {"points": n}}})
        token = hand_link(client, g)["token"]
        put(client, g, rounds + 1, "Bob", {"points": 4}, token)
        seen = queries(g, rounds + 1)
        assert not any("FROM hands" in q or "FROM rulings" in q for q in seen), seen
        counts.append(len(seen))
    assert counts[0] == counts[1] <= 5, counts


def test_a_name_with_a_slash_or_a_space_is_reached_through_the_address(client):
    from urllib.parse import quote

    g = create(client, "clenney", ["Ann", "Jean/Paul", "Marie Claire"])
    token = hand_link(client, g)["token"]
    for name in ("Jean/Paul", "marie claire"):
        r = put(client, g, 1, quote(name, safe=""), {"points": 2}, token)
        assert r.status_code == 200, r.get_json()
    assert sorted(listed(client, g, 1).get_json()["proposals"]) == ["Jean/Paul", "Marie Claire"]
    assert client.delete(f"/api/v1/games/{g['id']}/rounds/1/proposals/{quote('Jean/Paul', safe='')}",
                         headers=bearer(token)).status_code == 204
