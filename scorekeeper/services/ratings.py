"""A rating per table and variant: openskill's Plackett-Luce model, updated game by game in the
order the games were played.

Only counted games take part (status ``complete``): void games never count. In each game the
players are ranked by their final totals under that game's own rule (lowest wins, ROY highest),
players with equal totals share a rank, and a player who withdrew is ranked last. A rating is shown
as mu ± sigma; the ordinal (mu - 3 sigma) orders the table, a cautious "at least this good".
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from itertools import groupby
from datetime import datetime

from openskill.models import PlackettLuce, PlackettLuceRating
from sqlalchemy import func, select

from ..db import db
from ..models import Game, GameResult, Table, TablePlayer


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class PlayerRating:
    player_id: int
    name: str
    rating: Rating
    games: int


@dataclass(frozen=True)
class RatingPoint:
    """A player's rating just after one game."""

    game_id: str
    played_at: datetime
    rating: Rating
    place: int  # 1 = first in that game


def game_ranks(seats: list[tuple[int, int | None, bool]], lowest_wins: bool) -> dict[int, int]:
    """Rank (1 = best) of each player of one game from (player, total, withdrew): equal totals
    share a rank; every player who withdrew is ranked after all who completed."""
    completed = sorted((t if lowest_wins else -t, pid) for pid, t, withdrew in seats if not withdrew and t is not None)
    ranks: dict[int, int] = {}
    previous, rank = None, 0
    for position, (key, pid) in enumerate(completed, start=1):
        if key != previous:
            rank, previous = position, key
        ranks[pid] = rank
    last = len(completed) + 1
    for pid, _total, _withdrew in seats:
        ranks.setdefault(pid, last)
    return ranks


_replays: OrderedDict[tuple, tuple] = OrderedDict()  # (table, variant, fingerprint) -> replay, per process
MAX_REPLAYS = 64


def replay(table: Table, variant: str):
    """Every counted game of the variant in playing order, through the model: one query, and a
    replay kept per process until the table's results change: their count and highest id and the
    latest change to any of the table's games (every change sets its ``updated_at``) are the
    fingerprint, one more query."""
    r = GameResult
    where = (r.table_id == table.id, r.variant == variant, r.status == "complete")
    changed = select(func.max(Game.updated_at)).where(Game.table_id == table.id).scalar_subquery()
    fingerprint = tuple(db.session.execute(select(func.count(), func.max(r.id), changed).where(*where)).one())
    key = (table.id, variant, fingerprint)
    if key in _replays:
        _replays.move_to_end(key)
        return _replays[key]
    replay = _replay_games(table, variant)
    _replays[key] = replay
    while len(_replays) > MAX_REPLAYS:
        _replays.popitem(last=False)
    return replay


def _replay_games(table: Table, variant: str):
    r = GameResult
    rows = db.session.execute(
        select(r.game_id, r.played_at, r.table_player_id, r.total, r.withdrawn, r.lowest_wins)
        .where(r.table_id == table.id, r.variant == variant, r.status == "complete")
        .order_by(r.played_at, r.game_id, r.seat)
    ).all()
    model = PlackettLuce()
    current: dict[int, PlackettLuceRating] = {}
    games: dict[int, int] = {}
    history: dict[int, list[RatingPoint]] = {}
    for game_id, group in groupby(rows, key=lambda row: row.game_id):
        game_rows = list(group)  # one game's seats, in seating order
        seats = [(row.table_player_id, row.total, row.withdrawn) for row in game_rows]
        if len(seats) < 2:
            continue
        played_at, ranks = game_rows[0].played_at, game_ranks(seats, game_rows[0].lowest_wins)
        players = [pid for pid, _, _ in seats]
        teams = [[current.get(pid) or model.rating()] for pid in players]
        rated = model.rate(teams, ranks=[ranks[pid] for pid in players])
        for pid, team in zip(players, rated):
            current[pid] = team[0]
            games[pid] = games.get(pid, 0) + 1
            history.setdefault(pid, []).append(
                RatingPoint(game_id, played_at, Rating(team[0].mu, team[0].sigma), ranks[pid]))
    return current, games, history


def table_ratings(table: Table, variant: str, limit: int | None = None) -> list[PlayerRating]:
    """Every rated player of the table in this variant (the ``limit`` best, if given), best
    (highest ordinal) first; only the names shown are read."""
    current, games, _ = replay(table, variant)
    best = sorted(current, key=lambda pid: -current[pid].ordinal())
    if limit is not None and len(best) > limit:  # ties at the edge all kept, then ordered by name too
        edge = current[best[limit - 1]].ordinal()
        best = [pid for i, pid in enumerate(best) if i < limit or current[pid].ordinal() == edge]
    names = dict(db.session.execute(
        select(TablePlayer.id, TablePlayer.name).where(TablePlayer.table_id == table.id,
                                                       TablePlayer.id.in_(best))).all()) if best else {}
    out = [PlayerRating(pid, names.get(pid, "?"), Rating(current[pid].mu, current[pid].sigma), games[pid])
           for pid in best]
    out = sorted(out, key=lambda p: (-p.rating.ordinal, p.name.casefold()))
    return out if limit is None else out[:limit]


def rated_players(table: Table, variant: str) -> int:
    """How many players of the table have a rating in this variant."""
    return len(replay(table, variant)[0])


def player_history(table: Table, player_id: int, variant: str) -> list[RatingPoint]:
    """The player's rating after each of their counted games of the variant, in order."""
    _, _, history = replay(table, variant)
    return history.get(player_id, [])
