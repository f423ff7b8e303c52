"""Phones starting games with the same new player's name at the same moment, against the real
app served over HTTP (threads), on the suite's database (SQLite or PostgreSQL): every game is
started, and the name is one player (and one entry of a table's roster), never a 500."""
from __future__ import annotations

import pytest
import sqlalchemy as sa

from scorekeeper.db import db
from served import at_once, call, serve

TRIALS = 12
PHONES = 4


@pytest.fixture
def server(app_factory):
    app = app_factory(RATELIMIT_ENABLED=False)
    with serve(app) as base:
        yield app, base


def _count(app, sql: str, **params) -> int:
    with app.app_context():
        return db.session.execute(sa.text(sql), params).scalar_one()


def test_phones_starting_games_with_one_new_name_at_once(server):
    app, base = server
    for trial in range(TRIALS):
        newcomer = f"Zoë {trial}"
        answers = at_once([
            lambda phone=phone: call(f"{base}/api/v1/games", "POST", {
                "variant": "joybells", "players": [f"Ann {trial}.{phone}", newcomer.upper() if phone % 2 else newcomer,
                                                   f"Bob {trial}.{phone}"]})
            for phone in range(PHONES)
        ])
        assert [getattr(a, "status", a) for a in answers] == [201] * PHONES, [
            getattr(a, "body", a) for a in answers]
        assert _count(app, "SELECT COUNT(*) FROM players WHERE name_key = :k", k=newcomer.casefold()) == 1


def test_phones_starting_table_games_with_one_new_name_at_once(server):
    app, base = server
    table = call(f"{base}/api/v1/tables", "POST", {"name": "The club"}).json()
    auth = {"Authorization": f"Bearer {table['edit_token']}"}
    for trial in range(TRIALS):
        # Two new names each, given in different orders: still no phone waits for the other for ever.
        first, second = f"Newcomer {trial}a", f"Newcomer {trial}b"
        answers = at_once([
            lambda phone=phone: call(f"{base}/api/v1/games", "POST", {
                "table": table["id"], "variant": "joybells",
                "players": [f"Regular {phone}", *((first, second) if phone % 2 else (second, first))]},
                headers=auth)
            for phone in range(PHONES)
        ])
        assert [getattr(a, "status", a) for a in answers] == [201] * PHONES, [
            getattr(a, "body", a) for a in answers]
    roster = call(f"{base}/api/v1/tables/{table['id']}").json()["players"]
    names = [p["name"] for p in roster]
    assert len(names) == len(set(n.casefold() for n in names)) == PHONES + 2 * TRIALS
    assert all(p["games"] == PHONES for p in roster if p["name"].startswith("Newcomer"))
    assert _count(app, "SELECT COUNT(*) FROM games") == TRIALS * PHONES
