"""Game pages through real form posts: full games of every variant, errors beside fields, who may
change a game, and a game page that costs the same number of SQL queries however big the game."""
from __future__ import annotations

import re

import pytest
from sqlalchemy import event

from scorekeeper.db import db
from scorekeeper.models import Round
from support.round_form import api_state, post_round, round_data, start, text  # noqa: F401


# ----- full games of every variant through the pages -------------------------------------------------

def test_full_game_of_joybells_through_pages_with_csrf_on(app_factory):
    app = app_factory(WTF_CSRF_ENABLED=True)
    client = app.test_client()
    assert client.post("/games/new", data={"variant": "joybells", "players-0": "A", "players-1": "B",
                                           "players-2": "C"}).status_code == 400  # no CSRF token: refused
    gid = start(client, "joybells", ["Ann", "Bob", "Cy"], dealer=2, csrf=True)
    for n in range(1, 8):
        data = round_data([0, 1, 2], 0, {1: {"mode": "cards", "cards": ["KD", "JK"], "extra": "kd"},
                                         2: {"mode": "points", "points": "5"}}, number=n)
        without = post_round(client, gid, data)
        assert without.status_code == 400  # CSRF missing
        r = post_round(client, gid, data, csrf=True)
        assert r.status_code == 302, text(r)
    s = api_state(client, gid)
    assert s["status"] == "complete" and s["totals"] == {"Ann": 0, "Bob": 7 * 40, "Cy": 35}
    assert s["rounds"][0]["dealer"] == "Cy" and s["rounds"][0]["hands"]["Bob"]["cards"] == ["KD", "JK", "KD"]
    page = text(client.get(f"/games/{gid}"))
    assert "Ann wins" in page and "Record round" not in page


def test_full_game_of_continental_through_pages(client):
    gid = start(client, "continental", ["Ann", "Bob", "Cy", "Di"], dealer=1, twos_wild="y")
    r = post_round(client, gid, round_data([0, 1, 2, 3], "stock", {
        0: {"mode": "points", "points": "10"}, 1: {"mode": "cards", "cards": ["AH", "2C"]},
        2: {"mode": "points", "points": "3", "missing_cards": "1"}, 3: {"mode": "missing"}}))
    assert r.status_code == 302, text(r)
    for n in range(2, 8):
        r = post_round(client, gid, round_data([0, 1, 2, 3], n % 4, {s: {"mode": "points", "points": str(s + 1)} for s in range(4)}))
        assert r.status_code == 302, text(r)
    s = api_state(client, gid)
    first = s["rounds"][0]
    assert first["end"] == "stock_exhausted" and first["scores"] == {"Ann": 10, "Bob": 25, "Cy": 13, "Di": 25 + 13}
    assert s["status"] == "complete" and s["house_rules"]["twos_wild"] is True
    page = text(client.get(f"/games/{gid}"))
    assert "the stock ran out twice" in page and "no score was posted for Di" in page


def test_full_game_of_le_may_i_through_pages(client):
    gid = start(client, "le-may-i", ["Ann", "Bob", "Cy"])
    for n in range(1, 6):
        r = post_round(client, gid, round_data([0, 1, 2], 1, {0: {"mode": "cards", "cards": ["AS"]},
                                                            2: {"mode": "points", "points": "4"}}))
        assert r.status_code == 302
    s = api_state(client, gid)
    assert s["status"] == "complete" and s["totals"] == {"Ann": 75, "Bob": -100, "Cy": 20} and s["winner"] == "Bob"
    page = text(client.get(f"/games/{gid}"))
    assert "Bob wins" in page and "−20" not in page and "-20" in page


def test_full_game_of_clenney_through_pages(client):
    names = [f"P{i}" for i in range(1, 9)]
    gid = start(client, "clenney", names, dealer=7)
    for n in range(1, 8):
        hands = {s: {"mode": "points", "points": str(s)} for s in range(8)}
        r = post_round(client, gid, round_data(list(range(8)), n - 1, hands))
        assert r.status_code == 302
    s = api_state(client, gid)
    assert s["status"] == "complete" and [r["dealer"] for r in s["rounds"]] == ["P8"] + names[:6]


def test_full_game_of_roy_through_pages(client):
    gid = start(client, "roy", ["Ann", "Bob"])
    page = text(client.get(f"/games/{gid}/round"))
    assert "Cards Bob still holds" in page and "stock ran out" not in page
    for n in range(1, 6):
        r = post_round(client, gid, round_data([0, 1], 0, {1: {"count": "20"}}))
        assert r.status_code == 302, text(r)
    s = api_state(client, gid)
    assert s["status"] == "complete" and s["totals"] == {"Ann": 100, "Bob": 0} and s["winner"] == "Ann"


# ----- new game ----------------------------------------------------------------------------------------

def test_new_game_page_shows_ranges_and_known_names(client):
    start(client, "clenney", ["Zoë", "Yann", "Xavier"])
    page = text(client.get("/games/new"))
    assert "Continental · 4–8 players" in page and "ROY · 2–3 players" in page
    assert '<option value="Zoë">' in page and 'list="known-names"' in page


@pytest.mark.parametrize("variant, names, words", [
    ("continental", ["Ann", "Bob", "Cy"], "3 players is out of range: Continental is for 4 to 8 players"),
    ("roy", ["Ann", "Bob", "Cy", "Di"], "4 players is out of range"),
    ("joybells", ["Ann", "Bob", "ann"], "'ann' is seated twice"),
    ("joybells", ["Ann", "", "Cy"], "seat 2 is empty: no gaps between players"),
    ("joybells", [], "0 players is out of range"),
])
def test_new_game_refuses_bad_seating(client, variant, names, words):
    data = {"variant": variant, "dealer": "0", **{f"players-{i}": n for i, n in enumerate(names)}}
    r = client.post("/games/new", data=data)
    assert r.status_code == 400 and words in text(r)
    assert client.get("/").status_code == 200


def test_new_game_refuses_an_empty_dealer_seat_and_foreign_house_option(client):
    r = client.post("/games/new", data={"variant": "joybells", "dealer": "5", "players-0": "A", "players-1": "B", "players-2": "C"})
    assert r.status_code == 400 and "seat 6 is empty" in text(r)
    r = client.post("/games/new", data={"variant": "joybells", "dealer": "0", "twos_wild": "y",
                                        "players-0": "A", "players-1": "B", "players-2": "C"})
    assert r.status_code == 400 and "'twos_wild' is not a house option of Joybells" in text(r)


# ----- the game page -------------------------------------------------------------------------------------

def test_game_page_shows_round_dealer_and_contract_in_large_type_and_actions(client):
    gid = start(client, "continental", ["Ann", "Bob", "Cy", "Di"], dealer=3)
    post_round(client, gid, round_data([0, 1, 2, 3], 0, {s: {"mode": "points", "points": "5"} for s in (1, 2, 3)}))
    page = text(client.get(f"/games/{gid}"))
    assert re.search(r'class="now-round">Round 2 <span class="of">of 7', page)
    assert re.search(r'class="now-dealer"><span class="k">Dealer</span> Ann', page)
    assert "1 set + 1 run" in page and "(7 cards)" in page
    for action in ("Record round 2", "Correct a round", "Withdraw a player", "Suspend the game",
                   f"/games/{gid}/scoresheet.pdf", "Share links", "Log a ruling"):
        assert action in page
    assert "<script>" not in page and "style=" not in page and "<style" not in page


def test_home_lists_this_browsers_games(client, app):
    gid = start(client, "clenney", ["Ann", "Bob", "Cy"])
    assert f"/games/{gid}" in text(client.get("/"))
    other = app.test_client()
    assert f"/games/{gid}" not in text(other.get("/"))


# ----- record a round ------------------------------------------------------------------------------------

def test_preview_shows_each_penalty_and_saves_nothing(client, app):
    gid = start(client, "clenney", ["Ann", "Bob", "Cy"])
    data = round_data([0, 1, 2], 0, {1: {"mode": "cards", "cards": ["KD", "4S", "AH"], "missing_cards": "2"},
                                     2: {"mode": "missing"}}, action="preview")
    r = post_round(client, gid, data)
    page = text(r)
    assert r.status_code == 200
    assert "Bob: <strong>50</strong> points" in page and "2 missing cards: +20" in page
    assert "Cy: <strong>50</strong> points" in page and "no score posted" in page
    assert "Check before saving" in page
    with app.app_context():
        assert db.session.query(Round).count() == 0
    r = post_round(client, gid, {**data, "save": "1", "preview": ""})
    assert r.status_code == 302
    assert api_state(client, gid)["totals"] == {"Ann": 0, "Bob": 50, "Cy": 50}


def test_round_errors_show_beside_the_field(client):
    gid = start(client, "clenney", ["Ann", "Bob", "Cy"])
    r = post_round(client, gid, round_data([0, 1, 2], 0, {1: {"mode": "cards", "extra": "QX"},
                                                        2: {"mode": "points", "points": "abc"}}))
    page = text(r)
    assert r.status_code == 400
    assert "'abc' is not a whole number" in page
    bob = page[page.index('id="hand-1"'):page.index('id="hand-2"')]
    r = post_round(client, gid, round_data([0, 1, 2], 0, {1: {"mode": "cards", "extra": "QX"},
                                                        2: {"mode": "points", "points": "3"}}))
    page = text(r)
    bob = page[page.index('id="hand-1"'):page.index('id="hand-2"')]
    assert r.status_code == 400 and "'QX' is not a card" in bob
    r = post_round(client, gid, round_data([0, 1, 2], 0, {1: {"mode": "cards", "extra": "JK"},
                                                        2: {"mode": "points", "points": "3"}}))
    assert "without jokers" in text(r)
    r = post_round(client, gid, round_data([0, 1, 2], "", {1: {"mode": "points", "points": "1"}}))
    page = text(r)
    assert r.status_code == 400 and "say who went out" in page
    cy = page[page.index('id="hand-2"'):]
    assert "type Cy's points, or tap the cards left" in cy or "Cy" in cy
    r = post_round(client, gid, round_data([0, 1, 2], 0, {1: {"mode": "missing"}, 2: {"mode": "missing"}}))
    assert r.status_code == 400 and "must be replayed" in text(r)
    assert api_state(client, gid)["rounds"] == []


def test_double_tap_on_save_stores_one_round_and_stale_form_gets_409(client):
    gid = start(client, "clenney", ["Ann", "Bob", "Cy"])
    data = round_data([0, 1, 2], 0, {1: {"mode": "points", "points": "5"}, 2: {"mode": "points", "points": "6"}},
                      number=1, key="form-key-1")
    assert post_round(client, gid, data).status_code == 302
    again = post_round(client, gid, data)  # the second tap: round 1 is saved, nothing stored
    assert again.status_code == 409 and "Round 1 is saved" in text(again)
    assert len(api_state(client, gid)["rounds"]) == 1
    other = round_data([0, 1, 2], 1, {0: {"mode": "points", "points": "9"}, 2: {"mode": "points", "points": "6"}},
                       number=1, key="form-key-2")
    r = post_round(client, gid, other)
    assert r.status_code == 409 and "already recorded" in text(r)
    assert api_state(client, gid)["totals"] == {"Ann": 0, "Bob": 5, "Cy": 6}


# ----- correct a round -----------------------------------------------------------------------------------

def test_correct_a_past_round_with_a_reason_and_see_old_and_new(client):
    gid = start(client, "clenney", ["Ann", "Bob", "Cy"])
    post_round(client, gid, round_data([0, 1, 2], 0, {1: {"mode": "cards", "cards": ["8S"]}, 2: {"mode": "points", "points": "6"}}))
    post_round(client, gid, round_data([0, 1, 2], 1, {0: {"mode": "points", "points": "1"}, 2: {"mode": "points", "points": "2"}}))
    form = text(client.get(f"/games/{gid}/rounds/1/correct"))
    # The cards held travel in the typed box; the page's script ticks them in the picker.
    assert 'name="hands-1-extra" value="8S"' in form and "Reason for the correction" in form
    data = round_data([0, 1, 2], 0, {1: {"mode": "cards", "cards": ["8S"], "extra": "KD"},
                                     2: {"mode": "points", "points": "6"}})
    r = client.post(f"/games/{gid}/rounds/1/correct", data=data)
    assert r.status_code == 400 and "say why the round is corrected" in text(r)
    r = client.post(f"/games/{gid}/rounds/1/correct", data={**data, "reason": "Bob also held the king of diamonds"})
    assert r.status_code == 302
    page = text(client.get(f"/games/{gid}"))
    assert "<del>5</del> → <ins>15</ins>" in page and "Reason: Bob also held the king of diamonds" in page
    assert client.get(f"/games/{gid}/rounds/9/correct").status_code == 404


# ----- who may change a game -------------------------------------------------------------------------------

def test_read_only_link_shows_the_scoreboard_and_nothing_else(client, app):
    gid = start(client, "clenney", ["Ann", "Bob", "Cy"])
    post_round(client, gid, round_data([0, 1, 2], 0, {1: {"mode": "points", "points": "5"}, 2: {"mode": "points", "points": "6"}}))
    viewer = app.test_client()
    page = text(viewer.get(f"/games/{gid}/view"))
    assert "Standings" in page and "Round 2" in page and "<form" not in page and "Record round" not in page
    page = text(viewer.get(f"/games/{gid}"))
    assert "Record round" not in page and "open the edit link" in page
    for path in ("round", "withdraw", "ruling", "resume", "rounds/1/correct"):
        assert viewer.get(f"/games/{gid}/{path}").status_code == 403
    r = viewer.post(f"/games/{gid}/round", data=round_data([0, 1, 2], 0, {1: {"mode": "points", "points": "1"},
                                                                         2: {"mode": "points", "points": "1"}}))
    assert r.status_code == 403 and "edit link" in text(r)
    assert viewer.post(f"/games/{gid}/suspend").status_code == 403
    assert len(api_state(client, gid)["rounds"]) == 1
    assert viewer.get("/games/nope/view").status_code == 404


def test_edit_link_grants_and_rotation_revokes(client, app):
    gid = start(client, "clenney", ["Ann", "Bob", "Cy"])
    share = text(client.get(f"/games/{gid}/share"))
    edit_url = re.search(r'value="(http://localhost/games/[^"]+/edit#token=[^"]+)"', share).group(1)
    page, token = edit_url.replace("http://localhost", "").split("#token=")
    phone = app.test_client()
    assert phone.get(f"/games/{gid}/edit?token=wrong").status_code == 403
    assert phone.post(page, data={"token": "wrong"}).status_code == 403
    opened = phone.get(page)  # what the server sees of the link: no token
    assert opened.status_code == 200 and "Keep score for this game" in text(opened)
    r = phone.post(page, data={"token": token})  # what the page's script posts
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/games/{gid}")
    assert "Record round 1" in text(phone.get(f"/games/{gid}"))
    assert client.post(f"/games/{gid}/token").status_code == 302
    assert "Record round 1" not in text(phone.get(f"/games/{gid}"))
    assert phone.get(f"/games/{gid}/round").status_code == 403
    assert phone.post(page, data={"token": token}).status_code == 403
    assert phone.get(f"/games/{gid}/edit?token={token}").status_code == 403
    assert "Record round 1" in text(client.get(f"/games/{gid}"))


# ----- withdraw, suspend, resume, rulings -------------------------------------------------------------------

def test_withdraw_suspend_resume_and_log_a_ruling_through_pages(client):
    gid = start(client, "joybells", ["Ann", "Bob", "Cy", "Di"])
    post_round(client, gid, round_data([0, 1, 2, 3], 0, {1: {"mode": "points", "points": "10"},
                                                        2: {"mode": "points", "points": "20"},
                                                        3: {"mode": "points", "points": "30"}}))
    assert "Withdraw after round 1" in text(client.get(f"/games/{gid}/withdraw"))
    asked = client.post(f"/games/{gid}/withdraw", data={"player": "Cy"})
    assert asked.status_code == 200 and "Yes, withdraw Cy" in text(asked)  # asked again first
    assert api_state(client, gid)["seats"][2]["active"]
    assert client.post(f"/games/{gid}/withdraw", data={"player": "Cy", "confirm": "yes"}).status_code == 302
    page = text(client.get(f"/games/{gid}"))
    assert "Cy withdrew after round 1; their total 40" in page and "40*" in page
    form = text(client.get(f"/games/{gid}/round"))
    assert "Cards" in form and 'id="hand-2"' not in form  # Cy is not in the round form
    r = post_round(client, gid, round_data([0, 1, 3], 1, {0: {"mode": "points", "points": "1"},
                                                        3: {"mode": "points", "points": "2"}}))
    assert r.status_code == 302, text(r)
    asked = client.post(f"/games/{gid}/suspend")
    assert asked.status_code == 200 and "Yes, suspend the game" in text(asked)
    assert "Suspended" not in text(client.get(f"/games/{gid}"))
    assert client.post(f"/games/{gid}/suspend", data={"confirm": "yes"}).status_code == 302
    assert "Suspended" in text(client.get(f"/games/{gid}"))
    r = client.get(f"/games/{gid}/round")
    assert r.status_code == 302
    r = client.post(f"/games/{gid}/resume", data={})
    assert r.status_code == 400 and "every player in the same seats" in text(r)
    assert client.post(f"/games/{gid}/resume", data={"confirm": "y"}).status_code == 302
    r = client.post(f"/games/{gid}/ruling", data={"what_happened": "", "ruling": "x"})
    assert r.status_code == 400 and "say what happened" in text(r)
    r = client.post(f"/games/{gid}/ruling", data={"what_happened": "Bob drew two cards", "ruling": "Bob discards one unseen",
                                                  "citation": "source 001, Illegal draw", "round": "3",
                                                  "player": "Bob", "points": "5"})
    assert r.status_code == 302
    page = text(client.get(f"/games/{gid}"))
    assert "Bob drew two cards" in page and "source 001, Illegal draw" in page
    assert api_state(client, gid)["totals"]["Bob"] == 10 + 0 + 5


# ----- constant number of queries --------------------------------------------------------------------------

def count_queries(app, client, path) -> int:
    with app.app_context():
        engine = db.engine
    seen = []

    def listener(conn, cursor, statement, parameters, context, executemany):
        seen.append(statement)

    event.listen(engine, "before_cursor_execute", listener)
    try:
        assert client.get(path).status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", listener)
    return len(seen)


def play(client, gid, players, rounds):
    for n in range(rounds):
        hands = {s: {"mode": "cards", "cards": ["KD", "5S"]} for s in range(players)}
        r = post_round(client, gid, round_data(list(range(players)), n % players, hands))
        assert r.status_code == 302


def test_game_page_runs_a_constant_number_of_queries(client, app):
    small = start(client, "clenney", ["A", "B", "C"])
    play(client, small, 3, 2)
    big = start(client, "clenney", [f"P{i}" for i in range(8)])
    play(client, big, 8, 7)
    client.post(f"/games/{big}/ruling", data={"what_happened": "x", "ruling": "y", "player": "P1", "points": "3"})
    counts = {
        (players, rounds): count_queries(app, client, f"/games/{gid}")
        for (players, rounds), gid in {(3, 2): small, (8, 7): big}.items()
    }
    assert counts[(3, 2)] == counts[(8, 7)] <= 8, counts
    assert count_queries(app, client, f"/games/{small}/view") == count_queries(app, client, f"/games/{big}/view")
    assert count_queries(app, client, f"/api/v1/games/{small}") == count_queries(app, client, f"/api/v1/games/{big}")


# ----- no input makes a 500 -------------------------------------------------------------------------------

JUNK = ["", "x", "-1", "99999999999999999999999", "1e9", "Ann", "stock", "ⓧ" * 500, "<script>", "0"]


def test_no_form_input_causes_a_500(client):
    gid = start(client, "continental", ["Ann", "Bob", "Cy", "Di"])
    post_round(client, gid, round_data([0, 1, 2, 3], 0, {s: {"mode": "points", "points": "1"} for s in (1, 2, 3)}))
    forms = {
        "/games/new": ["variant", "dealer", "players-0", "players-1", "players-9", "twos_wild"],
        f"/games/{gid}/round": ["round", "key", "went_out", "hands-0-seat", "hands-0-mode", "hands-0-cards",
                                "hands-0-v50", "hands-0-v5", "hands-1-v10", "hands-1-v7", "hands-0-extra", "hands-0-points", "hands-0-missing_cards", "hands-7-seat", "preview", "save"],
        f"/games/{gid}/rounds/1/correct": ["reason", "version", "went_out", "hands-1-seat", "hands-1-points", "hands-1-v20", "save"],
        f"/games/{gid}/withdraw": ["player", "version"],
        f"/games/{gid}/ruling": ["what_happened", "ruling", "round", "player", "points", "version"],
        f"/games/{gid}/resume": ["confirm", "version"],
        f"/games/{gid}/suspend": ["version"],
    }
    for path, fields in forms.items():
        for i, junk in enumerate(JUNK):
            data = {f: JUNK[(i + j) % len(JUNK)] for j, f in enumerate(fields)}
            r = client.post(path, data=data)
            assert r.status_code < 500, (path, data)
            assert "<script>" not in r.get_data(as_text=True).replace('<script src=', '')
    assert client.get(f"/games/{gid}").status_code == 200


def test_new_game_shows_every_seating_problem_beside_its_seat(client):
    r = client.post("/games/new", data={"variant": "continental", "dealer": "0", "players-0": "Ann",
                                        "players-1": " ", "players-2": "ANN"})
    page = text(r)
    assert r.status_code == 400
    assert "3 players is out of range" in page
    seat2 = page[page.index('id="players-1"'):page.index('id="players-2"')]
    seat3 = page[page.index('id="players-2"'):page.index('id="players-3"')]
    assert "seat 2 is empty: no gaps between players" in seat2 and "'ANN' is seated twice (seats 1 and 3)" in seat3


# ----- by value, the remembered way, the next round's form (docs/games.md, "The round form") ---------

def test_a_round_by_value_through_the_form(client):
    gid = start(client, "continental", ["Ann", "Bob", "Cy", "Di"])
    form = text(client.get(f"/games/{gid}/round"))
    # One count per card value, highest first, labelled with the ranks worth it.
    assert '<label>50 <small>Joker</small><input' in form and '<label>5 <small>2 3 4 5 6 7 8 9</small><input' in form
    assert 'name="hands-1-v5"' in form and 'name="hands-1-v5" inputmode="numeric"' in form
    assert re.search(r'name="hands-1-mode" value="values" checked', form)  # the default way
    # Bob two 5s and a 10; Cy an ace and three 5s; Di typed points.
    r = post_round(client, gid, round_data([0, 1, 2, 3], 0, {
        1: {"mode": "values", "v10": "1", "v5": "2"},
        2: {"mode": "values", "v20": "1", "v5": "3", "missing_cards": "1"},
        3: {"mode": "points", "points": "9"}}))
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/games/{gid}/round")
    s = api_state(client, gid)
    assert s["rounds"][0]["scores"] == {"Ann": 0, "Bob": 20, "Cy": 45, "Di": 9}
    assert s["rounds"][0]["hands"]["Cy"]["values"] == {"20": 1, "5": 3}
    # The next round's form says what was saved and keeps the totals in view.
    page = text(client.get(r.headers["Location"]))
    assert "Round 1 saved: Ann 0 · Bob 20 · Cy 45 · Di 9." in page and "Round 2" in page
    assert '<small class="sofar">45 so far</small>' in page
    # The correction form shows the counts entered.
    fix = text(client.get(f"/games/{gid}/rounds/1/correct"))
    assert re.search(r'name="hands-2-v20"[^>]* value="1"', fix)
    assert re.search(r'name="hands-2-v5"[^>]* value="3"', fix)


def test_by_value_errors_name_the_field_and_lose_nothing(client):
    gid = start(client, "clenney", ["Ann", "Bob", "Cy"])
    r = post_round(client, gid, round_data([0, 1, 2], 0, {
        1: {"mode": "values", "v15": "two", "v5": "3"},
        2: {"mode": "values"}}))
    page = text(r)
    assert r.status_code == 400
    summary = page[page.index('class="error-summary"'):page.index('<form method="post" class="round-form"')]
    assert '''href="#hands-1-v15">Bob · 15-point cards: 'two' is not a whole number''' in summary  # at the top
    assert 'href="#hand-2">Cy holds no cards' in summary
    assert "15-point cards: 'two' is not a whole number" in page  # the field and the value
    assert "15-point cards: two" not in page.replace("'two'", "")  # no range error on top of it
    assert "Cy holds no cards: count the cards by value Cy still holds, or type the points" in page
    assert re.search(r'name="hands-1-v5"[^>]* value="3"', page)  # kept
    r = post_round(client, gid, round_data([0, 1, 2], 0, {1: {"mode": "values", "v5": "500"},
                                                        2: {"mode": "points", "points": "0"}}))
    assert r.status_code == 400 and "5-point cards: 500 cards is more than a hand holds" in text(r)
    assert api_state(client, gid)["rounds"] == []


def test_without_the_script_the_way_filled_in_counts(client):
    """Without JavaScript every way is shown at once: typed points with "By value" still chosen
    are points; an empty "by value" hand is refused, not scored 0."""
    gid = start(client, "clenney", ["Ann", "Bob", "Cy"])
    r = post_round(client, gid, round_data([0, 1, 2], 0, {1: {"mode": "values", "points": "25"},
                                                        2: {"mode": "values", "extra": "KD 4S"}}))
    assert r.status_code == 302, text(r)
    hands = api_state(client, gid)["rounds"][0]["hands"]
    assert hands["Bob"]["entered_as"] == "points" and hands["Bob"]["points"] == 25
    assert hands["Cy"]["entered_as"] == "cards" and hands["Cy"]["points"] == 15


def test_the_way_hands_were_entered_is_remembered_per_player(client):
    gid = start(client, "clenney", ["Ann", "Bob", "Cy"])
    post_round(client, gid, round_data([0, 1, 2], 0, {1: {"mode": "points", "points": "30"},
                                                    2: {"mode": "points", "points": "40"}}))
    form = text(client.get(f"/games/{gid}/round"))
    assert re.search(r'name="hands-0-mode" value="values" checked', form)  # Ann went out: not told
    assert re.search(r'name="hands-1-mode" value="points" checked', form)
    post_round(client, gid, round_data([0, 1, 2], 2, {0: {"mode": "cards", "cards": ["KD"]},
                                                    1: {"mode": "values", "v5": "1"}}))
    other = start(client, "joybells", ["Ann", "Bob", "Cy"])  # the browser remembers, not the game
    form = text(client.get(f"/games/{other}/round"))
    assert re.search(r'name="hands-0-mode" value="cards" checked', form)
    assert re.search(r'name="hands-1-mode" value="values" checked', form)
    assert re.search(r'name="hands-2-mode" value="points" checked', form)  # Cy went out in round 2


def test_after_the_last_round_the_game_page_shows_the_result(client):
    gid = start(client, "le-may-i", ["Ann", "Bob", "Cy"])
    for n in range(1, 6):
        r = post_round(client, gid, round_data([0, 1, 2], 0, {1: {"mode": "values", "v10": "1"},
                                                            2: {"mode": "values", "v5": "2"}}))
        assert r.status_code == 302
        assert r.headers["Location"].endswith(f"/games/{gid}" if n == 5 else f"/games/{gid}/round")
    assert "Ann wins" in text(client.get(f"/games/{gid}"))
