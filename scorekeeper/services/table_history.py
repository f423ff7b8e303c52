"""A table's history page (its games, newest first, filtered) and its rulings.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, or_, select

from ..db import db
from ..models import Game, GameResult, Ruling, Seat, Table, TablePlayer


# ----- the history page ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Seated:
    player_id: int
    name: str
    total: int | None
    winner: bool
    withdrawn: bool


@dataclass(frozen=True)
class HistoryRow:
    """One game in a table's history: enough for a line of the list, without loading the game."""

    id: str
    variant: str
    variant_name: str
    status: str
    created_at: datetime
    players: list[Seated]

    @property
    def winners(self) -> list[str]:
        return [p.name for p in self.players if p.winner]


@dataclass(frozen=True)
class History:
    rows: list[HistoryRow]
    more: bool


HISTORY_PAGE = 50


def history(table: Table, variant: str | None = None, player_id: int | None = None, start: datetime | None = None,
            end: datetime | None = None, offset: int = 0, limit: int = HISTORY_PAGE) -> History:
    """The table's games, newest first, filtered by variant, player and period: two queries."""
    conds = [Game.table_id == table.id]
    if variant:
        conds.append(Game.variant == variant)
    if start is not None:
        conds.append(Game.created_at >= start)
    if end is not None:
        conds.append(Game.created_at < end)
    if player_id is not None:
        conds.append(Game.id.in_(select(Seat.game_id).where(Seat.table_player_id == player_id)))
    games = db.session.execute(
        select(Game.id, Game.variant, Game.variant_name, Game.status, Game.created_at).where(*conds)
        .order_by(Game.created_at.desc(), Game.id).offset(offset).limit(limit + 1)
    ).all()
    more = len(games) > limit
    games = games[:limit]
    seated: dict[str, list[Seated]] = {g.id: [] for g in games}
    if games:
        rows = db.session.execute(
            select(GameResult.game_id, GameResult.table_player_id, TablePlayer.name, GameResult.total,
                   GameResult.winner, GameResult.withdrawn)
            .join(TablePlayer, TablePlayer.id == GameResult.table_player_id)
            .where(GameResult.game_id.in_(list(seated))).order_by(GameResult.game_id, GameResult.seat)
        )
        for gid, pid, name, total, winner, withdrawn in rows:
            seated[gid].append(Seated(pid, name, total, winner, withdrawn))
    return History([HistoryRow(g.id, g.variant, g.variant_name, g.status, g.created_at, seated[g.id]) for g in games],
                   more)


def variants_played(table: Table) -> list[tuple[str, str]]:
    """(id, name) of the variants the table's games use."""
    return [(variant, name) for variant, name in db.session.execute(
        select(Game.variant, func.min(Game.variant_name)).where(Game.table_id == table.id)
        .group_by(Game.variant).order_by(Game.variant))]


def years_played(table: Table) -> list[int]:
    first, last = db.session.execute(
        select(func.min(Game.created_at), func.max(Game.created_at)).where(Game.table_id == table.id)).one()
    if first is None:
        return []
    return list(range(last.year, first.year - 1, -1))


def last_seating(table: Table) -> list[str]:
    """The players of the table's newest game, in seating order (offered for the next game)."""
    newest = db.session.execute(
        select(Game.id).where(Game.table_id == table.id).order_by(Game.created_at.desc(), Game.id).limit(1)
    ).scalar_one_or_none()
    if newest is None:
        return []
    return list(db.session.execute(select(Seat.name).where(Seat.game_id == newest).order_by(Seat.seat)).scalars())


def last_variant(table: Table) -> tuple[str, dict[str, bool]] | None:
    """The variant and house options of the table's newest game (offered for the next game), or None."""
    row = db.session.execute(
        select(Game.variant, Game.house_rules).where(Game.table_id == table.id)
        .order_by(Game.created_at.desc(), Game.id).limit(1)
    ).one_or_none()
    return None if row is None else (row.variant, dict(row.house_rules or {}))


# ----- our rulings ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TableRuling:
    game_id: str
    variant_name: str
    played_at: datetime
    round: int | None
    what_happened: str | None
    ruling: str | None
    citation: str | None
    player: str | None
    points: int | None
    summary: str


def rulings(table: Table, query: str | None = None, limit: int = 200) -> list[TableRuling]:
    """The rulings logged at the table in its games (disputes, not the app's automatic notes),
    newest first, optionally only those whose text contains ``query`` (case-insensitive)."""
    conds = [Game.table_id == table.id, Ruling.automatic.is_(False)]
    if query:
        needle = query.casefold()
        conds.append(or_(*(func.lower(col).contains(needle, autoescape=True)
                           for col in (Ruling.what_happened, Ruling.ruling, Ruling.citation, Ruling.player))))
    rows = db.session.execute(
        select(Ruling, Game.variant_name, Game.created_at).join(Game, Game.id == Ruling.game_id).where(*conds)
        .order_by(Ruling.at.desc(), Ruling.id.desc()).limit(limit)
    ).all()
    return [TableRuling(r.game_id, vname, played, r.round_number, r.what_happened, r.ruling, r.citation, r.player,
                        r.points, r.summary) for r, vname, played in rows]
