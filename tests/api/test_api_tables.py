"""The tables part of the JSON API (docs/api.md, "Tables"): tables, their roster, their
games, and the statistics, every figure checked against games entered through the API."""
from __future__ import annotations

import unicodedata

import pytest
from sqlalchemy import event

from scorekeeper.db import db
from scorekeeper.models import GameResult, Seat
from support.tables import SEVEN_ANN, bearer, get_table, joybells_game, new_table, play, stats, table_game  # noqa: F401


# ----- helpers --------------------------------------------------------------------------------------


def by_name(entries, key="name"):
    return {e[key]: e for e in entries}


# ----- tables, roster, games ----------------------------------------------------------------------------

def test_create_table_answers_id_name_token_and_view_url(client):
    t = new_table(client, "  The   Smiths ")
    assert t["name"] == "The Smiths" and len(t["id"]) >= 16 and len(t["edit_token"]) >= 43
    assert t["view_url"].endswith(f"/tables/{t['id']}")
    doc = get_table(client, t)
    assert doc["id"] == t["id"] and doc["players"] == [] and doc["games"] == [] and doc["variants"] == []
    assert "edit_token" not in doc


@pytest.mark.parametrize("body, words", [
    ({}, "name: None is not a name"),
    ({"name": "   "}, "cannot be blank"),
    ({"name": 7}, "name: 7 is not a name"),
    ({"name": "x" * 81}, "too long"),
])
def test_create_table_refuses_bad_names_naming_the_field(client, body, words):
    r = client.post("/api/v1/tables", json=body)
    assert r.status_code == 400 and words in r.json["error"] and r.json["field"] == "name"


def test_unknown_table_is_404(client):
    assert client.get("/api/v1/tables/nope").status_code == 404
    assert client.get("/api/v1/tables/nope/stats").status_code == 404


def test_game_of_a_table_needs_the_tables_token(client):
    t = new_table(client)
    body = {"variant": "joybells", "players": ["Ann", "Bob", "Cy"], "table": t["id"]}
    assert client.post("/api/v1/games", json=body).status_code == 401
    other = new_table(client, "Others")
    assert client.post("/api/v1/games", json=body, headers=bearer(other["edit_token"])).status_code == 403
    r = client.post("/api/v1/games", json={**body, "table": "nope"}, headers=bearer(t["edit_token"]))
    assert r.status_code == 404 and r.json["field"] == "table"
    assert get_table(client, t)["games"] == []


def test_roster_matches_names_case_insensitively_and_after_nfc(client):
    t = new_table(client)
    zoe_composed = unicodedata.normalize("NFC", "Zoë")
    zoe_decomposed = unicodedata.normalize("NFD", "Zoë")
    assert zoe_composed != zoe_decomposed
    g1 = table_game(client, t, "joybells", ["Ann", zoe_composed, "Bob"])
    g2 = table_game(client, t, "joybells", ["ANN", zoe_decomposed.upper(), "cy"])
    doc = get_table(client, t)
    assert [(p["name"], p["games"]) for p in doc["players"]] == [("Ann", 2), ("Bob", 1), ("cy", 1), ("Zoë", 2)]
    # the game is seated under the roster's spelling
    assert g2["players"] == ["Ann", "Zoë", "cy"]
    assert [g["id"] for g in doc["games"]] == [g2["id"], g1["id"]]  # newest first
    assert doc["games"][0] == {"id": g2["id"], "variant": "joybells", "status": "in_progress", "winners": []}


def test_nfc_names_in_a_game_without_a_table_are_one_player(client):
    r = client.post("/api/v1/games", json={"variant": "joybells",
                                           "players": ["Zoë", unicodedata.normalize("NFD", "zoë"), "Bob"]})
    assert r.status_code == 400 and r.json["field"] == "players[1]" and "seated twice" in r.json["error"]
    r = client.post("/api/v1/games", json={"variant": "joybells",
                                           "players": [unicodedata.normalize("NFD", "Zoë"), "Ann", "Bob"]})
    assert r.status_code == 201 and r.json["players"][0] == unicodedata.normalize("NFC", "Zoë")
    g = r.json
    r = client.post(f"/api/v1/games/{g['id']}/rounds", headers=bearer(g["edit_token"]),
                    json={"went_out": unicodedata.normalize("NFD", "ZOË"), "hands": {"Ann": {"points": 5}, "Bob": {"points": 5}}})
    assert r.status_code == 201 and r.json["went_out"] == "Zoë"


def test_game_writes_accept_the_games_token_or_the_tables(client):
    t = new_table(client)
    g = table_game(client, t, "joybells", ["Ann", "Bob", "Cy"])
    play(client, g, g["edit_token"], "Ann", Bob=10, Cy=5)
    play(client, g, t["edit_token"], "Bob", Ann=10, Cy=5)
    other = new_table(client, "Others")
    r = client.post(f"/api/v1/games/{g['id']}/rounds", json={"went_out": "Ann", "hands": {"Bob": {"points": 1}, "Cy": {"points": 1}}},
                    headers=bearer(other["edit_token"]))
    assert r.status_code == 403
    r = client.post(f"/api/v1/games/{g['id']}/rounds", json={"went_out": "Ann"})
    assert r.status_code == 401


def test_rename_shows_in_every_game_of_the_table(client):
    t = new_table(client)
    g1 = joybells_game(client, t, [("Bob", {"Ann": 10, "Cy": 5})])
    g2 = joybells_game(client, t, [("Ann", {"Bob": 10, "Cy": 5})])
    bob = by_name(get_table(client, t)["players"])["Bob"]
    r = client.patch(f"/api/v1/tables/{t['id']}/players/{bob['id']}", json={"name": "Robert"},
                     headers=bearer(t["edit_token"]))
    assert r.status_code == 200 and r.json["name"] == "Robert"
    for g in (g1, g2):
        s = client.get(f"/api/v1/games/{g['id']}").json
        assert "Robert" in s["players"] and "Bob" not in s["players"] and "Robert" in s["totals"]
        assert "Robert" in s["rounds"][0]["scores"]
    assert client.get(f"/api/v1/games/{g1['id']}").json["rounds"][0]["went_out"] == "Robert"
    # the renamed player keeps playing under the new name, with either spelling
    play(client, g2, t["edit_token"], "robert", Ann=3, Cy=4)
    assert [p["name"] for p in get_table(client, t)["players"]] == ["Ann", "Cy", "Robert"]
    # the same submission again is recognised under the new name
    r = client.post(f"/api/v1/games/{g1['id']}/rounds", headers=bearer(t["edit_token"]),
                    json={"round": 1, "went_out": "Robert", "hands": {"Ann": {"points": 10}, "Cy": {"points": 5}}})
    assert r.status_code == 200


def test_rename_refuses_a_name_already_on_the_roster_and_bad_names(client):
    t = new_table(client)
    joybells_game(client, t, [])
    players = by_name(get_table(client, t)["players"])
    url = f"/api/v1/tables/{t['id']}/players/{players['Bob']['id']}"
    r = client.patch(url, json={"name": "ann"}, headers=bearer(t["edit_token"]))
    assert r.status_code == 409 and "merge" in r.json["error"]
    r = client.patch(url, json={"name": ""}, headers=bearer(t["edit_token"]))
    assert r.status_code == 400 and r.json["field"] == "name"
    assert client.patch(url, json={"name": "Rob"}).status_code == 401
    assert client.patch(f"/api/v1/tables/{t['id']}/players/99999", json={"name": "X"},
                        headers=bearer(t["edit_token"])).status_code == 404
    # a change of spelling of the same name is a rename
    r = client.patch(url, json={"name": "BOB"}, headers=bearer(t["edit_token"]))
    assert r.status_code == 200 and r.json["name"] == "BOB"


def test_merge_counts_the_first_players_games_for_the_second(client):
    t = new_table(client)
    joybells_game(client, t, SEVEN_ANN, players=("Ann", "Bob", "Cy"))
    joybells_game(client, t, [("Bobby", {"Ann": 10, "Cy": 5})] * 7, players=("Ann", "Bobby", "Cy"))
    players = by_name(get_table(client, t)["players"])
    r = client.post(f"/api/v1/tables/{t['id']}/players/{players['Bobby']['id']}/merge",
                    json={"into": players["Bob"]["id"]}, headers=bearer(t["edit_token"]))
    assert r.status_code == 200, r.json
    doc = get_table(client, t)
    assert [(p["name"], p["games"]) for p in doc["players"]] == [("Ann", 2), ("Bob", 2), ("Cy", 2)]
    assert doc["games"][0]["winners"] == ["Bob"]
    bob = by_name(stats(client, t)["players"])["Bob"]
    assert bob["games"] == 2 and bob["wins"] == 1 and bob["went_out"] == 7


def test_merge_refused_when_both_sat_in_one_game(client):
    t = new_table(client)
    g = joybells_game(client, t, [])
    players = by_name(get_table(client, t)["players"])
    r = client.post(f"/api/v1/tables/{t['id']}/players/{players['Ann']['id']}/merge",
                    json={"into": players["Bob"]["id"]}, headers=bearer(t["edit_token"]))
    assert r.status_code == 409 and r.json["game"] == g["id"]
    r = client.post(f"/api/v1/tables/{t['id']}/players/{players['Ann']['id']}/merge",
                    json={"into": "Bob"}, headers=bearer(t["edit_token"]))
    assert r.status_code == 400 and r.json["field"] == "into"
    assert len(get_table(client, t)["players"]) == 3


def test_an_existing_game_is_added_with_its_edit_token(client):
    t = new_table(client)
    table_game(client, t, "joybells", ["Ann", "Bob", "Cy"])
    r = client.post("/api/v1/games", json={"variant": "joybells", "players": ["ann", "Di", "Cy"]})
    g = r.json
    for went_out in ["ann"] * 7:
        play(client, g, g["edit_token"], went_out, Di=4, Cy=5)
    url = f"/api/v1/tables/{t['id']}/games"
    r = client.post(url, json={"game": g["id"], "game_token": "wrong"}, headers=bearer(t["edit_token"]))
    assert r.status_code == 403 and r.json["field"] == "game_token"
    assert client.post(url, json={"game": g["id"], "game_token": g["edit_token"]}).status_code == 401
    r = client.post(url, json={"game": g["id"], "game_token": g["edit_token"]}, headers=bearer(t["edit_token"]))
    assert r.status_code == 200, r.json
    doc = r.json
    assert [(p["name"], p["games"]) for p in doc["players"]] == [("Ann", 2), ("Bob", 1), ("Cy", 2), ("Di", 1)]
    s = client.get(f"/api/v1/games/{g['id']}").json
    assert s["players"] == ["Ann", "Di", "Cy"] and s["winners"] == ["Ann"]
    assert by_name(stats(client, t)["players"])["Ann"]["wins"] == 1
    # the table's token now writes to it too
    r = client.post(f"/api/v1/tables/{t['id']}/games", json={"game": "nope", "game_token": "x"},
                    headers=bearer(t["edit_token"]))
    assert r.status_code == 404


def test_rotated_table_token_replaces_the_old_one(client):
    t = new_table(client)
    g = table_game(client, t, "joybells", ["Ann", "Bob", "Cy"])
    r = client.post(f"/api/v1/tables/{t['id']}/token", headers=bearer(t["edit_token"]))
    assert r.status_code == 200 and r.json["edit_token"] != t["edit_token"]
    new = r.json["edit_token"]
    body = {"went_out": "Ann", "hands": {"Bob": {"points": 1}, "Cy": {"points": 1}}}
    assert client.post(f"/api/v1/games/{g['id']}/rounds", json=body, headers=bearer(t["edit_token"])).status_code == 403
    assert client.post(f"/api/v1/games/{g['id']}/rounds", json=body, headers=bearer(new)).status_code == 201


# ----- statistics ------------------------------------------------------------------------------------------

def test_stats_count_complete_void_and_unfinished_games(client):
    t = new_table(client)
    joybells_game(client, t, SEVEN_ANN)
    joybells_game(client, t, SEVEN_ANN[:3])  # in progress
    suspended = joybells_game(client, t, SEVEN_ANN[:2])
    assert client.post(f"/api/v1/games/{suspended['id']}/suspend", headers=bearer(t["edit_token"])).status_code == 200
    void = table_game(client, t, "joybells", ["Ann", "Bob", "Cy"])
    play(client, void, t["edit_token"], "Ann", Bob=50, Cy=50)
    for who in ("Bob", "Cy"):
        r = client.post(f"/api/v1/games/{void['id']}/withdraw", json={"player": who}, headers=bearer(t["edit_token"]))
        assert r.status_code == 200, r.json
        if r.json["status"] == "void":
            break
    s = stats(client, t)
    assert (s["variant"], s["games_counted"], s["games_void"], s["games_unfinished"]) == (None, 1, 1, 2)
    p = by_name(s["players"])
    # only the complete game counts: Ann went out 7 times, scored 0; the void game's 50s are left out
    ann = {k: p["Ann"][k] for k in ("games", "wins", "win_rate", "rounds_played", "went_out")}
    assert ann == {"games": 1, "wins": 1, "win_rate": 1.0, "rounds_played": 7, "went_out": 7}
    assert p["Bob"]["wins"] == 0 and p["Bob"]["win_rate"] == 0.0 and p["Bob"]["rounds_played"] == 7
    assert p["Ann"]["average_round_points"] is None and p["Ann"]["best_total"] is None  # only with a variant
    assert [g["status"] for g in get_table(client, t)["games"]] == ["void", "suspended", "in_progress", "complete"]


def test_stats_players_with_a_variant(client):
    t = new_table(client)
    # Ann 0, Bob 70, Cy 35
    joybells_game(client, t, SEVEN_ANN)
    # Cy goes out every round: Ann 7*20=140, Bob 7*3=21, Cy 0
    joybells_game(client, t, [("Cy", {"Ann": 20, "Bob": 3})] * 7)
    s = stats(client, t, variant="joybells")
    assert s["variant"] == "joybells" and s["games_counted"] == 2
    p = by_name(s["players"])
    assert [e["name"] for e in s["players"]] == ["Ann", "Bob", "Cy"]
    assert p["Ann"] == {"id": p["Ann"]["id"], "name": "Ann", "games": 2, "wins": 1, "win_rate": 0.5,
                        "rounds_played": 14, "went_out": 7, "average_round_points": 10.0,
                        "best_total": 0, "worst_total": 140, "zero_rounds": 7}
    assert p["Bob"]["average_round_points"] == round((70 + 21) / 14, 2) and p["Bob"]["best_total"] == 21
    assert p["Bob"]["worst_total"] == 70 and p["Bob"]["wins"] == 0
    assert p["Cy"]["best_total"] == 0 and p["Cy"]["worst_total"] == 35 and p["Cy"]["wins"] == 1
    h = {(e["player"], e["opponent"]): e for e in s["head_to_head"]}
    assert [(e["player"], e["opponent"]) for e in s["head_to_head"]] == [
        ("Ann", "Bob"), ("Ann", "Cy"), ("Bob", "Ann"), ("Bob", "Cy"), ("Cy", "Ann"), ("Cy", "Bob")]
    assert h["Ann", "Bob"] == {"player": "Ann", "opponent": "Bob", "games": 2, "ahead": 1, "behind": 1, "tied": 0}
    assert h["Bob", "Cy"] == {"player": "Bob", "opponent": "Cy", "games": 2, "ahead": 0, "behind": 2, "tied": 0}
    # another variant has no games
    other = stats(client, t, variant="roy")
    assert other["games_counted"] == 0 and other["players"] == [] and other["head_to_head"] == []


def test_stats_ties_give_each_tied_player_a_win(client):
    t = new_table(client)
    # Ann and Bob take turns going out: both end on 3*5 + 5 = 20, Cy on 6*9 = 54
    rounds = [("Ann", {"Bob": 5, "Cy": 9}), ("Bob", {"Ann": 5, "Cy": 9})] * 3 + [("Cy", {"Ann": 5, "Bob": 5})]
    g = joybells_game(client, t, rounds)
    state = client.get(f"/api/v1/games/{g['id']}").json
    assert state["totals"] == {"Ann": 20, "Bob": 20, "Cy": 54} and state["winners"] == ["Ann", "Bob"]
    s = stats(client, t, variant="joybells")
    p = by_name(s["players"])
    assert (p["Ann"]["wins"], p["Bob"]["wins"], p["Cy"]["wins"]) == (1, 1, 0)
    h = {(e["player"], e["opponent"]): e for e in s["head_to_head"]}
    assert h["Ann", "Bob"]["tied"] == 1 and h["Ann", "Bob"]["ahead"] == 0 and h["Bob", "Ann"]["tied"] == 1
    assert get_table(client, t)["games"][0]["winners"] == ["Ann", "Bob"]


def test_stats_withdrawn_player_played_rounds_until_leaving_and_has_no_best_total(client):
    t = new_table(client)
    g = table_game(client, t, "joybells", ["Ann", "Bob", "Cy", "Di"])
    tok = t["edit_token"]
    play(client, g, tok, "Ann", Bob=10, Cy=5, Di=7)
    play(client, g, tok, "Di", Ann=10, Bob=5, Cy=3)
    r = client.post(f"/api/v1/games/{g['id']}/withdraw", json={"player": "Di"}, headers=bearer(tok))
    assert r.status_code == 200
    for _ in range(5):
        play(client, g, tok, "Ann", Bob=10, Cy=5)
    state = client.get(f"/api/v1/games/{g['id']}").json
    assert state["status"] == "complete"
    s = stats(client, t, variant="joybells")
    p = by_name(s["players"])
    assert p["Di"]["games"] == 1 and p["Di"]["rounds_played"] == 2 and p["Di"]["went_out"] == 1
    assert p["Di"]["average_round_points"] == 3.5 and p["Di"]["best_total"] is None and p["Di"]["worst_total"] is None
    assert p["Di"]["wins"] == (1 if "Di" in state["winners"] else 0)
    # head to head leaves out the player who withdrew
    assert all("Di" not in (e["player"], e["opponent"]) for e in s["head_to_head"])
    assert p["Ann"]["rounds_played"] == 7 and p["Ann"]["best_total"] == state["totals"]["Ann"]


def test_stats_missing_scores_count_as_the_game_shows_them(client):
    t = new_table(client)
    g = table_game(client, t, "joybells", ["Ann", "Bob", "Cy"])
    tok = t["edit_token"]
    play(client, g, tok, "Ann", Bob=30, Cy={"missing": True})
    for _ in range(6):
        play(client, g, tok, "Ann", Bob=1, Cy=2)
    state = client.get(f"/api/v1/games/{g['id']}").json
    cy_scores = [r["scores"]["Cy"] for r in state["rounds"]]
    assert cy_scores[0] == 30
    p = by_name(stats(client, t, variant="joybells")["players"])
    assert p["Cy"]["average_round_points"] == round(sum(cy_scores) / 7, 2) and p["Cy"]["rounds_played"] == 7
    assert p["Cy"]["best_total"] == state["totals"]["Cy"] == 42


def test_stats_le_may_i_bonuses_are_in_totals_not_in_round_scores(client):
    t = new_table(client)
    g = table_game(client, t, "le-may-i", ["Ann", "Bob", "Cy"])
    for winner in ["Ann", "Bob", "Ann", "Cy", "Ann"]:
        others = {p: {"cards": ["AS", "10D"]} for p in ["Ann", "Bob", "Cy"] if p != winner}
        play(client, g, t["edit_token"], winner, **others)
    p = by_name(stats(client, t, variant="le-may-i")["players"])
    # round scores: 25 for each hand left, 0 for going out; totals take off 20 per round won
    assert p["Ann"]["average_round_points"] == round(2 * 25 / 5, 2) == 10.0
    assert p["Ann"]["best_total"] == 2 * 25 - 60 and p["Bob"]["best_total"] == 4 * 25 - 20
    assert p["Ann"]["wins"] == 1 and p["Ann"]["went_out"] == 3


def test_stats_roy_highest_total_is_best_and_ahead(client):
    t = new_table(client)
    g = table_game(client, t, "roy", ["Ann", "Bob", "Cy"])
    for _ in range(5):
        play(client, g, t["edit_token"], "Bob", Ann={"card_count": 12}, Cy={"card_count": 9})
    g2 = table_game(client, t, "roy", ["Ann", "Bob", "Cy"])
    play(client, g2, t["edit_token"], "Ann", Bob={"card_count": 5}, Cy={"card_count": 5})
    for _ in range(9):
        play(client, g2, t["edit_token"], "Ann", Bob={"card_count": 5}, Cy={"card_count": 5})
    s = stats(client, t, variant="roy")
    p = by_name(s["players"])
    assert p["Bob"]["wins"] == 1 and p["Ann"]["wins"] == 1
    assert p["Bob"]["best_total"] == 105 and p["Bob"]["worst_total"] == 0
    assert p["Ann"]["best_total"] == 100 and p["Ann"]["worst_total"] == 0
    h = {(e["player"], e["opponent"]): e for e in s["head_to_head"]}
    assert h["Bob", "Ann"] == {"player": "Bob", "opponent": "Ann", "games": 2, "ahead": 1, "behind": 1, "tied": 0}
    assert h["Bob", "Cy"]["ahead"] == 1 and h["Bob", "Cy"]["tied"] == 1


TWO_ROUNDS = {"rounds": [{"contract": {"sets": 2, "runs": 0}}, {"contract": {"sets": 1, "runs": 1}}],
              "card_points": {"JK": 50}}


def house_variant(client, table, name="Smith rules", changes=TWO_ROUNDS):
    r = client.post("/api/v1/variants", json={"based_on": "joybells", "name": name, "changes": changes,
                                              "table": table["id"]}, headers=bearer(table["edit_token"]))
    assert r.status_code == 201, r.json
    return r.json


def test_a_tables_game_under_its_house_variant_keeps_the_variant_and_counts_in_its_statistics(client):
    t = new_table(client)
    hv = house_variant(client, t)
    g = table_game(client, t, hv["id"], ["Ann", "Bob", "Cy"])
    assert g["variant"] == hv["id"]
    # Bob's joker is 50 under the house rules; two rounds make the whole game.
    play(client, g, t["edit_token"], "Ann", Bob={"cards": ["JK"]}, Cy={"points": 5})
    play(client, g, t["edit_token"], "Bob", Ann={"points": 70}, Cy={"points": 5})
    state = client.get(f"/api/v1/games/{g['id']}").json
    assert state["status"] == "complete" and state["totals"] == {"Ann": 70, "Bob": 50, "Cy": 10}
    joybells_game(client, t, SEVEN_ANN)  # a built-in game of the same players is not counted with it
    assert [x["variant"] for x in get_table(client, t)["games"]] == ["joybells", hv["id"]]
    s = stats(client, t, variant=hv["id"])
    assert s["variant"] == hv["id"] and s["games_counted"] == 1
    p = by_name(s["players"])
    # Lowest wins under the game's own rules: Cy wins, the lowest total is the best.
    assert p["Cy"]["wins"] == 1 and p["Cy"]["best_total"] == 10 == p["Cy"]["worst_total"]
    assert p["Ann"]["best_total"] == 70 and p["Bob"]["average_round_points"] == 25.0
    assert p["Ann"]["rounds_played"] == 2 and p["Ann"]["went_out"] == 1
    h = {(e["player"], e["opponent"]): e for e in s["head_to_head"]}
    assert h["Bob", "Ann"] == {"player": "Bob", "opponent": "Ann", "games": 1, "ahead": 1, "behind": 0, "tied": 0}
    # A house variant of the table with no games yet is a known variant: nothing counted, no error.
    empty = house_variant(client, t, "Cousins")
    assert stats(client, t, variant=empty["id"])["games_counted"] == 0


def test_stats_follow_corrections(client):
    t = new_table(client)
    g = joybells_game(client, t, SEVEN_ANN)
    r = client.put(f"/api/v1/games/{g['id']}/rounds/1", headers=bearer(t["edit_token"]),
                   json={"went_out": "Bob", "hands": {"Ann": {"points": 100}, "Cy": {"points": 5}}, "reason": "misread"})
    assert r.status_code == 200, r.json
    p = by_name(stats(client, t, variant="joybells")["players"])
    assert p["Ann"]["best_total"] == 100 and p["Bob"]["best_total"] == 60 and p["Bob"]["went_out"] == 1
    assert p["Cy"]["wins"] == 1


def test_stats_refuse_bad_variant_and_year(client):
    t = new_table(client)
    r = client.get(f"/api/v1/tables/{t['id']}/stats?variant=poker")
    assert r.status_code == 400 and r.json["field"] == "variant" and "'poker'" in r.json["error"]
    r = client.get(f"/api/v1/tables/{t['id']}/stats?year=soon")
    assert r.status_code == 400 and r.json["field"] == "year"


def test_stats_by_year(client, app):
    t = new_table(client)
    old = joybells_game(client, t, SEVEN_ANN)
    joybells_game(client, t, [("Cy", {"Ann": 20, "Bob": 3})] * 7)
    with app.app_context():
        from scorekeeper.models import Game
        from datetime import datetime
        game = db.session.get(Game, old["id"])
        game.created_at = datetime(2024, 5, 1)
        db.session.execute(db.update(GameResult).where(GameResult.game_id == old["id"])
                           .values(played_at=datetime(2024, 5, 1)))
        db.session.commit()
    s = stats(client, t, year="2024")
    assert s["games_counted"] == 1 and by_name(s["players"])["Ann"]["wins"] == 1


# ----- statements: the same for 10 games and for many ------------------------------------------------------

def count_statements(app, client, url):
    with app.app_context():
        engine = db.engine
    seen = []

    def before(conn, cursor, statement, parameters, context, executemany):
        seen.append(statement)

    event.listen(engine, "before_cursor_execute", before)
    try:
        r = client.get(url)
        assert r.status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", before)
    return len(seen)


def _bulk_complete_games(app, table, count):
    """``count`` more complete games of the table, written through the service (fast, no HTTP)."""
    from scorekeeper.services import games as games_svc
    from scorekeeper.services import roster
    from scorekeeper.services import tables as tables_svc
    with app.app_context():
        tbl = tables_svc.get_table(table["id"])
        for i in range(count):
            created = roster.create_game(tbl, "joybells", ["Ann", "Bob", "Cy", f"P{i % 7}"][: 3 + i % 2])
            names = created.game.seats
            seated = [s.name for s in names]
            for _ in range(7):
                games_svc.record_round(created.game, {"went_out": seated[i % len(seated)],
                                                         "hands": {n: {"points": 5 + i % 3} for n in seated
                                                                   if n != seated[i % len(seated)]}})


def test_stats_and_table_statements_do_not_grow_with_games(app, client):
    t = new_table(client)
    _bulk_complete_games(app, t, 10)
    urls = [f"/api/v1/tables/{t['id']}/stats", f"/api/v1/tables/{t['id']}/stats?variant=joybells",
            f"/api/v1/tables/{t['id']}"]
    few = [count_statements(app, client, u) for u in urls]
    _bulk_complete_games(app, t, 60)
    many = [count_statements(app, client, u) for u in urls]
    assert few == many and max(few) <= 8
    assert stats(client, t)["games_counted"] == 70
    with app.app_context():
        assert db.session.query(GameResult).count() == sum(3 + i % 2 for i in range(10)) + sum(3 + i % 2 for i in range(60))
        assert db.session.query(Seat).filter(Seat.table_player_id.is_(None)).count() == 0


# ----- export and import --------------------------------------------------------------------------------

def test_table_survives_export_and_import_into_another_server(app, client, app_factory, second_database_url):
    t = new_table(client)
    g1 = joybells_game(client, t, SEVEN_ANN, players=("Ann", "Bob", "Cy"))
    g2 = joybells_game(client, t, [("Bob", {"Ann": 4, "Zoë": 6})] * 3, players=("Ann", "Bob", "Zoë"))
    r = client.post(f"/api/v1/games/{g1['id']}/rulings", headers=bearer(t["edit_token"]),
                    json={"what_happened": "a joker bought", "ruling": "not allowed"})
    assert r.status_code == 201
    doc = client.get(f"/api/v1/tables/{t['id']}/export.json").json
    assert doc["format"] == "scorekeeper-table" and t["edit_token"] not in str(doc)
    csv_text = client.get(f"/api/v1/tables/{t['id']}/export.csv").get_data(as_text=True)
    assert csv_text.splitlines()[0].startswith("game,started,variant,status,player")
    assert f"{g1['id']}," in csv_text and "Zoë" in csv_text and len(csv_text.splitlines()) == 7

    other = app_factory(SQLALCHEMY_DATABASE_URI=second_database_url).test_client()
    r = other.post("/api/v1/tables/import", json=doc)
    assert r.status_code == 201, r.json
    assert r.json["created"] and sorted(r.json["imported"]) == sorted([g1["id"], g2["id"]])
    new_token = r.json["edit_token"]
    assert get_table(other, t) | {"url": None, "view_url": None} == get_table(client, t) | {"url": None, "view_url": None}
    assert stats(other, t, variant="joybells") == stats(client, t, variant="joybells")
    for g in (g1, g2):
        mine, theirs = client.get(f"/api/v1/games/{g['id']}").json, other.get(f"/api/v1/games/{g['id']}").json
        for key in ("players", "rounds", "totals", "winners", "status", "rulings"):
            assert mine[key] == theirs[key], key
    # the new server's token writes to the imported games
    play(other, g2, new_token, "Bob", Ann=1, Zoë=1)
    # again: nothing new, and now the table's token is needed
    assert other.post("/api/v1/tables/import", json=doc).status_code == 401
    r = other.post("/api/v1/tables/import", json=doc, headers=bearer(new_token))
    assert r.status_code == 200 and r.json["imported"] == [] and len(r.json["skipped"]) == 2


def test_a_tables_house_variants_travel_with_its_export(client, app_factory, second_database_url):
    t = new_table(client)
    hv = house_variant(client, t)
    g = table_game(client, t, hv["id"], ["Ann", "Bob", "Cy"])
    play(client, g, t["edit_token"], "Ann", Bob={"cards": ["JK"]}, Cy={"points": 5})
    doc = client.get(f"/api/v1/tables/{t['id']}/export.json").json
    assert [v["id"] for v in doc["house_variants"]] == [hv["id"]]
    assert "edit_token_hash" not in doc["house_variants"][0] and "table_id" not in doc["house_variants"][0]
    other = app_factory(SQLALCHEMY_DATABASE_URI=second_database_url).test_client()
    r = other.post("/api/v1/tables/import", json=doc)
    assert r.status_code == 201 and r.json["house_variants"] == [hv["id"]], r.json
    assert get_table(other, t)["variants"] == [{"id": hv["id"], "name": "Smith rules", "based_on": "joybells"}]
    theirs = other.get(f"/api/v1/variants/{hv['id']}").json
    mine = client.get(f"/api/v1/variants/{hv['id']}").json
    for key in ("name", "based_on", "changes", "version", "rounds", "card_points", "table"):
        assert theirs[key] == mine[key], key
    assert other.get(f"/api/v1/games/{g['id']}").json["totals"] == {"Ann": 0, "Bob": 50, "Cy": 5}
    # The new server's table token changes it; its game played on under the kept rules.
    token = r.json["edit_token"]
    changed = other.put(f"/api/v1/variants/{hv['id']}", json={"changes": {"card_points": {"JK": 5}}},
                        headers=bearer(token))
    assert changed.status_code == 200 and changed.json["card_points"]["JK"] == 5
    # Importing again keeps the variant as it is here now.
    again = other.post("/api/v1/tables/import", json=doc, headers=bearer(token))
    assert again.status_code == 200 and again.json["skipped_house_variants"] == [hv["id"]]
    assert other.get(f"/api/v1/variants/{hv['id']}").json["card_points"]["JK"] == 5


@pytest.mark.parametrize("change, field", [
    (lambda d: d.update(house_variants={}), "house_variants"),
    (lambda d: d["house_variants"][0].update(id="x"), "house_variants[0]"),
    (lambda d: d["house_variants"][0].update(edit_token_hash="0" * 64), "house_variants[0]"),
    (lambda d: d["house_variants"][0].update(rules_toml=d["house_variants"][0]["rules_toml"].replace(
        "run_max = 13", "run_max = 3")), "house_variants[0].rules_toml"),
    (lambda d: d["house_variants"][0].update(version="two"), "house_variants[0]"),
])
def test_table_import_refuses_bad_house_variants_and_stores_nothing(client, app_factory, second_database_url, change,
                                                                    field):
    t = new_table(client)
    house_variant(client, t)
    doc = client.get(f"/api/v1/tables/{t['id']}/export.json").json
    change(doc)
    other = app_factory(SQLALCHEMY_DATABASE_URI=second_database_url).test_client()
    r = other.post("/api/v1/tables/import", json=doc)
    assert r.status_code == 400 and r.json["field"] == field, r.json
    assert other.get(f"/api/v1/tables/{t['id']}").status_code == 404


@pytest.mark.parametrize("change, field", [
    (lambda d: d.update(format="x"), "format"),
    (lambda d: d.update(version=9), "version"),
    (lambda d: d["table"].update(id="../x"), "table.id"),
    (lambda d: d["table"].update(name=""), "table.name"),
    (lambda d: d["players"].append({"name": 5}), "players[1].name"),
    (lambda d: d["games"]["games"][0].update(status=None), "games"),
])
def test_table_import_refuses_bad_documents_and_stores_nothing(client, app_factory, second_database_url, change, field):
    t = new_table(client)
    joybells_game(client, t, SEVEN_ANN[:1], players=("Ann", "Bob", "Cy"))
    doc = client.get(f"/api/v1/tables/{t['id']}/export.json").json
    doc["players"] = doc["players"][:1]
    change(doc)
    other = app_factory(SQLALCHEMY_DATABASE_URI=second_database_url).test_client()
    r = other.post("/api/v1/tables/import", json=doc)
    assert r.status_code == 400 and r.json["field"] == field, r.json
    assert other.get(f"/api/v1/tables/{t['id']}").status_code == 404
