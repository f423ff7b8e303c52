"""Big tables for the tests and the benchmarks, made in one of two ways.

- ``seed``: a table with a long roster, made through the app's own services (as the API makes it;
  tests/pages/test_table_scale.py, tests/scoresheets/test_yearbook_scale.py,
  bench/bench_table_scale.py). Each game seats 4 to 6 names drawn from the roster and plays every
  round of the variant to the end (so its results, rounds and hands are exactly what the app
  keeps); every name of the roster sits in at least one game when there are enough seats.
- ``FinishedGames``: finished games written straight into the tables, rows as the app writes them,
  thousands a second, for the benchmarks of tens of thousands of games (bench/bench_tables.py,
  bench/bench_yearbook.py); tests/storage/test_finished_games.py checks that the app, recomputing
  those games, finds the same results.

Both live here, not under bench/, because the tests import them and the benchmarks already import
tests/support/ (bench/benchkit.py puts it on their path).
"""
from __future__ import annotations

import random
from contextlib import contextmanager
from dataclasses import dataclass

from datetime import datetime, timedelta

from sqlalchemy import func, insert, select

from scorekeeper import create_app
from scorekeeper.db import db
from scorekeeper.models import Game, GameResult, HandRecord, Player, Round, RoundResult, Seat, Table, TablePlayer, utcnow
from scorekeeper.rules import game as rules
from scorekeeper.rules.variants import get_variant
from scorekeeper.services import games as games_svc
from scorekeeper.services import loading
from scorekeeper.services import parsing
from scorekeeper.services import tables as tables_svc
from scorekeeper.services import roster as roster_svc
from scorekeeper.services import tokens

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
            saved = games_svc.record_round(game, payload)
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


FINISHED_ROUNDS = 7
"""Rounds of every game ``FinishedGames`` writes: the seven contracts of Joybells, Continental and Clenney."""


class FinishedGames:
    """Finished games of seven rounds written straight into the tables, in batches, with the rows
    the app keeps for a finished game: the game, its seats, its rounds and hands (each hand entered
    as points, the player who went out scoring 0), and the table's per-game and per-round results
    (services/table_results.py). Lowest total wins. Use inside an app context::

        rows = FinishedGames(rng)
        table_id = rows.table("The club")
        roster = rows.roster(table_id, names)          # [(name, player id, roster id)]
        rows.game(table_id, "g-1", ("joybells", "Joybells"), played, roster[:4])
        rows.flush()
    """

    MODELS = (Table, Player, TablePlayer, Game, Seat, Round, HandRecord, GameResult, RoundResult)

    def __init__(self, rng: random.Random, batch_games: int = 2000, now: datetime = datetime(2026, 11, 1)):
        self.rng = rng
        self.batch_games = batch_games
        self.now = now
        self.rows: dict = {model: [] for model in self.MODELS}
        # numbered after what the database holds, so that several writers can add to one database
        self.ids = {model: db.session.scalar(select(func.count() if model is Table else func.max(model.id))
                                             .select_from(model)) or 0
                    for model in (Table, Player, TablePlayer, Round, HandRecord)}
        self.snapshots: dict[str, dict] = {}  # variant id -> its rules as a game keeps them
        self.players: dict[str, int] = {}  # name -> the players row shared by every table's roster

    def table(self, name: str, table_id: str | None = None, edit_token: str | None = None) -> str:
        """A new table (its id); with ``edit_token``, that is its edit token (else it has none that works)."""
        self.ids[Table] += 1
        table_id = table_id or f"bench-table-{self.ids[Table]:04d}"
        token_hash = tokens.hash_token(edit_token) if edit_token else "0" * 64
        self.rows[Table].append({"id": table_id, "name": name, "edit_token_hash": token_hash, "created_at": self.now})
        return table_id

    def roster(self, table_id: str, names: list[str]) -> list[tuple[str, int, int]]:
        """The names on the table's roster (one ``players`` row per name across tables): (name,
        player id, roster id) each."""
        out = []
        for name in names:
            if name not in self.players:
                self.ids[Player] += 1
                self.players[name] = self.ids[Player]
                self.rows[Player].append({"id": self.ids[Player], "name": name, "name_key": name.casefold(),
                                          "created_at": self.now, "last_played_at": self.now})
            self.ids[TablePlayer] += 1
            roster_id = self.ids[TablePlayer]
            self.rows[TablePlayer].append({"id": roster_id, "table_id": table_id, "name": name,
                                           "name_key": name.casefold(), "created_at": self.now})
            out.append((name, self.players[name], roster_id))
        return out

    def game(self, table_id: str, game_id: str, variant: tuple[str, str], played: datetime,
             seated: list[tuple[str, int, int]], rounds: bool = True) -> None:
        """One finished game at ``played`` (its rounds 10 minutes apart); ``seated``: each seat's
        (name, player id, roster id). Without ``rounds``, only the game, its seats and its per-game
        results (for tables no measured page reads the rounds of)."""
        vid, vname = variant
        seats = range(len(seated))
        totals = {s: 0 for s in seats}
        went = {s: 0 for s in seats}
        zeros = {s: 0 for s in seats}
        for number in range(1, FINISHED_ROUNDS + 1):
            out = self.rng.choice(seats)
            at = played + timedelta(minutes=10 * number)
            went[out] += 1
            if rounds:
                self.ids[Round] += 1
                self.rows[Round].append({"id": self.ids[Round], "game_id": game_id, "number": number,
                                         "dealer_seat": (number - 1) % len(seated), "went_out": seated[out][0],
                                         "end": "went_out", "submission": {}, "created_at": at, "updated_at": at})
            for s in seats:
                points = 0 if s == out else self.rng.choice(POINTS)
                totals[s] += points
                zeros[s] += points == 0
                if not rounds:
                    continue
                self.ids[HandRecord] += 1
                self.rows[HandRecord].append({
                    "id": self.ids[HandRecord], "round_id": self.ids[Round], "seat": s, "name": seated[s][0],
                    "entered_as": "went_out" if s == out else "points", "cards": [],
                    "entered_points": None if s == out else points, "missing_cards": 0, "points": points, "bonus": 0})
                self.rows[RoundResult].append({"game_id": game_id, "table_id": table_id,
                                               "table_player_id": seated[s][2], "variant": vid, "status": "complete",
                                               "played_at": played, "number": number, "points": points})
        if vid not in self.snapshots:
            self.snapshots[vid] = get_variant(vid).as_dict()
        best = min(totals.values())
        last = played + timedelta(minutes=10 * FINISHED_ROUNDS)
        self.rows[Game].append({"id": game_id, "variant": vid, "variant_name": vname, "rules_toml": None,
                                "rules_snapshot": self.snapshots[vid], "house_rules": {},
                                "first_dealer_seat": 0, "status": "complete", "edit_token_hash": "0" * 64,
                                "created_at": played, "updated_at": last, "completed_at": last, "version": 1,
                                "table_id": table_id})
        for s, (name, player_id, roster_id) in enumerate(seated):
            self.rows[Seat].append({"game_id": game_id, "seat": s, "player_id": player_id, "name": name,
                                    "name_key": name.casefold(), "table_player_id": roster_id})
            self.rows[GameResult].append({
                "game_id": game_id, "table_id": table_id, "table_player_id": roster_id, "variant": vid,
                "status": "complete", "played_at": played, "lowest_wins": True, "seat": s, "withdrawn": False,
                "rounds_played": FINISHED_ROUNDS, "went_out": went[s], "round_points": totals[s],
                "zero_rounds": zeros[s], "total": totals[s], "winner": totals[s] == best})
        if len(self.rows[Game]) >= self.batch_games:
            self.flush()

    def flush(self) -> None:
        """Write what is waiting, 2,000 rows a statement, and commit."""
        for model in self.MODELS:
            rows = self.rows[model]
            for i in range(0, len(rows), 2000):
                db.session.execute(insert(model), rows[i:i + 2000])
            rows.clear()
        db.session.commit()
