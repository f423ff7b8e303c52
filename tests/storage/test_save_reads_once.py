"""A change reads the game once: saving a round (through the API and through the round form), and
every other change the API makes, loads the game and its rows one time, then writes; the answer is
made from what the change already holds, never from the game read again (docs/performance.md,
"Server speed": what a round's save costs).

Each test lists the statements a request sent, by kind and table, so that a statement added back
(the game read a second time, a row written one more time) fails here with the list to read.

Runs on SQLite and, with SCOREKEEPER_TEST_DB=postgresql, on PostgreSQL."""
from __future__ import annotations

import re
from collections import Counter

from sqlalchemy import event

from scorekeeper.db import db
from support.games import auth, create, open_edit_link, post_round
from support.round_form import post_round as post_round_form
from support.round_form import round_data

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
HAND = ["KD", "4S", "AH", "7C", "10D", "QS"]
# What loading a game reads (services/loading.py, get_game: the game, then its rows by selectin).
GAME_READ = {("SELECT", "games"): 1, ("SELECT", "seats"): 1, ("SELECT", "rounds"): 1, ("SELECT", "hands"): 1,
             ("SELECT", "corrections"): 1, ("SELECT", "rulings"): 1}
STATEMENT = re.compile(r'\s*(?:(SELECT|DELETE)\b.*?\bFROM|(INSERT) INTO|(UPDATE))\s+"?(\w+)', re.S | re.I)


def statements(app, request) -> tuple[object, Counter]:
    """The answer to ``request()`` and the statements it sent, counted by (kind, first table)."""
    with app.app_context():
        engine = db.engine
    seen: Counter = Counter()

    def listener(conn, cursor, statement, parameters, context, executemany):
        match = STATEMENT.match(statement)
        seen[(next(kind for kind in match.groups()[:3] if kind).upper(), match.group(4)) if match else statement] += 1

    event.listen(engine, "before_cursor_execute", listener)
    try:
        return request(), seen
    finally:
        event.remove(engine, "before_cursor_execute", listener)


def hands_inserted(seen: Counter) -> int:
    """The hands' rows are written one statement each, or several in one (PostgreSQL's driver)."""
    return seen[("INSERT", "hands")]


def a_game_with_a_round(client) -> dict:
    game = create(client, "clenney", PLAYERS)
    post_round(client, game, {"went_out": "Ann", "hands": {p: {"cards": HAND} for p in PLAYERS[1:]}})
    return game


def test_a_round_saved_through_the_api_reads_the_game_once(app, client):
    game = a_game_with_a_round(client)
    body = {"went_out": "Bob", "hands": {p: {"cards": HAND} for p in PLAYERS if p != "Bob"}}
    answer, seen = statements(app, lambda: client.post(f"/api/v1/games/{game['id']}/rounds", json=body,
                                                       headers=auth(game)))
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["number"] == 2 and answer.get_json()["scores"]["Bob"] == 0
    assert 1 <= hands_inserted(seen) <= len(PLAYERS)
    assert seen == Counter({**GAME_READ, ("UPDATE", "games"): 1, ("INSERT", "rounds"): 1,
                            ("INSERT", "hands"): hands_inserted(seen), ("DELETE", "hand_proposals"): 1}), seen


def test_a_round_saved_with_an_idempotency_key_reads_the_game_once(app, client):
    game = a_game_with_a_round(client)
    body = {"went_out": "Cy", "hands": {p: {"points": 5} for p in PLAYERS if p != "Cy"}}
    headers = {**auth(game), "Idempotency-Key": "round-2"}
    answer, seen = statements(app, lambda: client.post(f"/api/v1/games/{game['id']}/rounds", json=body,
                                                       headers=headers))
    assert answer.status_code == 201, answer.get_json()
    assert seen == Counter({**GAME_READ, ("SELECT", "idempotency_keys"): 1, ("UPDATE", "games"): 1,
                            ("INSERT", "rounds"): 1, ("INSERT", "hands"): hands_inserted(seen),
                            ("INSERT", "idempotency_keys"): 1, ("DELETE", "hand_proposals"): 1}), seen
    # Sent again: the kept answer, the game read once to find the key against it.
    again, seen = statements(app, lambda: client.post(f"/api/v1/games/{game['id']}/rounds", json=body,
                                                      headers=headers))
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == answer.get_json()
    assert seen == Counter({**GAME_READ, ("SELECT", "idempotency_keys"): 1}), seen


def test_a_round_saved_from_the_round_form_reads_the_game_once(app, client):
    game = a_game_with_a_round(client)
    assert open_edit_link(client, game).status_code in (200, 302)
    form = round_data(range(4), 1, {seat: {"mode": "cards", "extra": " ".join(HAND)} for seat in (0, 2, 3)},
                      number=2, key="form-round-2")
    answer, seen = statements(app, lambda: post_round_form(client, game["id"], form))
    assert answer.status_code == 302 and answer.headers["Location"].endswith(f"/games/{game['id']}/round")
    assert seen == Counter({**GAME_READ, ("SELECT", "idempotency_keys"): 1, ("UPDATE", "games"): 1,
                            ("INSERT", "rounds"): 1, ("INSERT", "hands"): hands_inserted(seen),
                            ("INSERT", "idempotency_keys"): 1, ("DELETE", "hand_proposals"): 1}), seen
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["rounds"][1]["scores"]["Bob"] == 0


def test_every_change_through_the_api_reads_the_game_once(app, client):
    game = a_game_with_a_round(client)
    url = f"/api/v1/games/{game['id']}"
    changes = {
        "correct a round": ("put", "/rounds/1", {"went_out": "Ann", "reason": "Bob had one card fewer",
                                                 "hands": {"Bob": {"cards": HAND[:5]}, "Cy": {"cards": HAND},
                                                           "Di": {"cards": HAND}}}),
        "log a ruling": ("post", "/rulings", {"what_happened": "Di played out of turn", "ruling": "no penalty"}),
        "suspend": ("post", "/suspend", None),
        "resume": ("post", "/resume", None),
        "withdraw": ("post", "/withdraw", {"player": "Di"}),
    }
    for what, (method, path, body) in changes.items():
        answer, seen = statements(app, lambda: getattr(client, method)(url + path, json=body, headers=auth(game)))
        assert answer.status_code in (200, 201), (what, answer.get_json())
        read = {key: count for key, count in seen.items() if key[0] == "SELECT" and key[1] in
                {"games", "seats", "rounds", "hands", "corrections", "rulings"}}
        # (a correction also reads the round's submission, a column the game's view leaves out)
        expected = {**GAME_READ, ("SELECT", "rounds"): 2} if what == "correct a round" else GAME_READ
        assert read == expected, (what, seen)
    answer, seen = statements(app, lambda: client.post(url + "/token", headers=auth(game)))
    assert answer.status_code == 200
    assert seen[("SELECT", "games")] == 1, seen
