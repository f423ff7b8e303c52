"""A table with a long roster, made through the app's own services (as the API makes it): for the
tests and benchmarks of large tables (tests/pages/test_table_scale.py, bench/bench_table_scale.py).

Each game seats 4 to 6 names drawn from the roster and plays every round of the variant to the end
(so its results, rounds and hands are exactly what the app keeps); every name of the roster sits
in at least one game when there are enough seats.
"""
from __future__ import annotations

import random
from contextlib import contextmanager
from dataclasses import dataclass

from scorekeeper import create_app
from scorekeeper.db import db
from scorekeeper.models import HandRecord, Round, utcnow
from scorekeeper.rules import game as rules
from scorekeeper.rules.variants import get_variant
from scorekeeper.services import games as games_svc
from scorekeeper.services import loading
from scorekeeper.services import parsing
from scorekeeper.services import tables as tables_svc
from scorekeeper.services import roster as roster_svc

POINTS = (5, 10, 15, 20, 25, 30, 45, 60, 85)


@dataclass(frozen=True)
class BigTable:
    id: str
    edit_token: str
    names: list[str]
    games: list[str]


def _add_round(game, payload: dict) -> str:
    """What ``record_round`` stores for a round, without its commit: the game's status after it."""
    variant = loading.variant_of(game)
    number = len(game.rounds) + 1
    parsed = parsing.parse_round(game, variant, payload, number)
    result = games_svc._score(game, variant, parsed)
    dealer = rules.dealers(len(game.seats), game.first_dealer_seat, [s.withdrawn_after_round for s in game.seats],
                           number)[-1]
    now = utcnow()
    rnd = Round(number=number, dealer_seat=dealer, went_out=result.went_out, end=result.end,
                submission=parsed.submission(), created_at=now, updated_at=now)
    rnd.hands = [HandRecord(**row) for row in games_svc._hand_rows(game, result).values()]
    game.rounds.append(rnd)
    games_svc._add_applied(game, number, result.applied)
    games_svc._refresh_status(game, variant)
    return game.status


def name(i: int) -> str:
    return f"Player {i:04d}"


def seed(players: int, games: int, variant: str = "continental", seed: int = 29, table_name: str = "Big club",
         progress=None, fast: bool = False, variants: tuple[str, ...] = (), naming=name) -> BigTable:
    """Make the table (inside an app context): ``players`` names (``naming(i)``), ``games`` finished
    games, of ``variant`` or, given ``variants``, of each in turn. With ``fast``, a game's rounds
    are stored as ``record_round`` stores them (the same checks, scores, hands and status) but in
    one transaction for the whole game, not one each."""
    rng = random.Random(seed)
    created = tables_svc.create_table(table_name)
    table = created.table
    names = [naming(i) for i in range(players)]
    unseated = list(names)
    rng.shuffle(unseated)
    made = []
    for k in range(games):
        variant = variants[k % len(variants)] if variants else variant
        rounds = get_variant(variant).number_of_rounds or 200  # ROY: until someone reaches its target
        roy = get_variant(variant).is_roy
        size = rng.randint(4, 6) if not roy else rng.randint(2, 3)
        size = min(size, get_variant(variant).players.max)
        seated = [unseated.pop() for _ in range(min(size, len(unseated)))]
        seated += rng.sample([n for n in names if n not in seated], size - len(seated))
        game = roster_svc.create_game(table, variant, seated).game
        for number in range(1, rounds + 1):
            out = rng.choice(seated)
            if roy:
                hands = {n: {"card_count": rng.randint(1, 7)} for n in seated if n != out}
            else:
                hands = {n: {"points": rng.choice(POINTS)} for n in seated if n != out}
            payload = {"round": number, "went_out": out, "hands": hands}
            if fast:
                if _add_round(game, payload) == "complete":
                    break
                continue
            saved = games_svc.record_round(game.id, payload)
            assert saved.created, saved.number
            if saved.game.status == "complete":
                break
        if fast:
            db.session.commit()
        made.append(game.id)
        if progress is not None:
            progress(k + 1)
    return BigTable(table.id, created.edit_token, names, made)


@contextmanager
def app_of_its_own(db_backend: str, postgresql_cluster, folder, **config):
    """The app on a database of its own, for a module's big table (made once for the module): a
    SQLite file in ``folder`` or a new database of the suite's PostgreSQL cluster, closed and
    dropped afterwards. Rate limits and CSRF off, and a PDF render given all the time it needs."""
    if db_backend == "sqlite":
        url, name = f"sqlite:///{folder / 'big.db'}", None
    else:
        name = postgresql_cluster.create_database()
        url = postgresql_cluster.url(name)
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret", "SQLALCHEMY_DATABASE_URI": url,
                      "RATELIMIT_ENABLED": False, "WTF_CSRF_ENABLED": False, "PDF_RENDER_TIMEOUT": 600, **config})
    try:
        yield app
    finally:
        with app.app_context():
            for engine in app.extensions["sqlalchemy"].engines.values():
                engine.dispose()
        if name is not None:
            postgresql_cluster.drop_database(name)
