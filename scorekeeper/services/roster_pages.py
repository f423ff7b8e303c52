"""A table's roster a part at a time: the table page shows the regulars, the roster page a page of
players by name (or those whose name holds what was searched), the new-game page the names
played lately. A club's roster can be thousands long: none of these reads or sends it whole.
"""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import and_, func, select

from ..db import db
from ..models import Game, GameResult, Seat, Table, TablePlayer
from ..rules import game as rules
from .stats import Paging, codepoint_order

SHOWN = 40  # players listed on the table page
PER_PAGE = 100  # players on one page of the roster
RECENT_NAMES = 60  # names offered when starting a game
MERGE_CHOICES = 40  # other players offered by the "Same person as" list; a longer roster types the name


@dataclass(frozen=True)
class RosterEntry:
    id: int
    name: str
    games: int  # the table's games the player sat in


@dataclass(frozen=True)
class RosterPart:
    players: list[RosterEntry]  # by name
    total: int  # players on the roster
    paging: Paging | None = None
    query: str = ""


def entries(table: Table, ids: list[int]) -> list[RosterEntry]:
    """The players of ``ids`` with their numbers of games, by name: one query."""
    if not ids:
        return []
    rows = db.session.execute(
        select(TablePlayer.id, TablePlayer.name, TablePlayer.name_key, func.count(GameResult.id))
        .outerjoin(GameResult, GameResult.table_player_id == TablePlayer.id)
        .where(TablePlayer.table_id == table.id, TablePlayer.id.in_(ids))
        .group_by(TablePlayer.id, TablePlayer.name, TablePlayer.name_key)).all()
    return [RosterEntry(pid, name, int(n)) for pid, name, _key, n in sorted(rows, key=lambda r: (r[2], r[0]))]


def _total(table: Table) -> int:
    return db.session.execute(select(func.count()).where(TablePlayer.table_id == table.id)).scalar_one()


def regulars(table: Table, limit: int = SHOWN) -> RosterPart:
    """The whole roster when it is short, else the ``limit`` players with the most games."""
    games = func.count(GameResult.id)
    ids = db.session.execute(
        select(TablePlayer.id).outerjoin(GameResult, GameResult.table_player_id == TablePlayer.id)
        .where(TablePlayer.table_id == table.id).group_by(TablePlayer.id)
        .order_by(games.desc(), TablePlayer.id).limit(limit)).scalars().all()
    return RosterPart(entries(table, list(ids)), _total(table))


def roster_page(table: Table, query: str = "", page: int = 1, per_page: int = PER_PAGE) -> RosterPart:
    """One page of the roster by name, only the names holding ``query`` (any case) if given."""
    conds = [TablePlayer.table_id == table.id]
    key = rules.name_key(query) if query else ""
    if key:
        conds.append(TablePlayer.name_key.contains(key, autoescape=True))
    matching = db.session.execute(select(func.count()).where(*conds)).scalar_one()
    paging = Paging(min(max(page, 1), max(1, -(-matching // per_page))), per_page, matching)
    ids = db.session.execute(
        select(TablePlayer.id).where(*conds).order_by(codepoint_order(TablePlayer.name_key), TablePlayer.id)
        .offset((paging.page - 1) * per_page).limit(per_page)).scalars().all()
    return RosterPart(entries(table, list(ids)), _total(table), paging, key)


def recent_names(table: Table, limit: int = RECENT_NAMES) -> list[str]:
    """The roster's names of the latest games first, then those who have not played yet (put on
    the roster before a game), offered when starting a game: one query."""
    last = func.max(Game.created_at)
    rows = db.session.execute(
        select(TablePlayer.name).outerjoin(Seat, Seat.table_player_id == TablePlayer.id)
        .outerjoin(Game, and_(Game.id == Seat.game_id, Game.table_id == table.id))
        .where(TablePlayer.table_id == table.id)
        .group_by(TablePlayer.id, TablePlayer.name).order_by(last.desc().nulls_last(), TablePlayer.id).limit(limit))
    return [name for (name,) in rows]


def waiting_names(table: Table, limit: int) -> list[str]:
    """The players put on the roster before the table's first game, in the order they were added
    (the first game's seats are filled with them)."""
    rows = db.session.execute(
        select(TablePlayer.name).where(TablePlayer.table_id == table.id).order_by(TablePlayer.id).limit(limit))
    return [name for (name,) in rows]


def merge_choices(table: Table, player_id: int, limit: int = MERGE_CHOICES) -> list[TablePlayer] | None:
    """The other players a player may be merged into, by name, when there are at most ``limit``;
    None when there are more (the page then asks for the other entry's name)."""
    rows = db.session.execute(
        select(TablePlayer).where(TablePlayer.table_id == table.id, TablePlayer.id != player_id)
        .order_by(TablePlayer.name_key, TablePlayer.id).limit(limit + 1)
    ).scalars().all()
    return None if len(rows) > limit else list(rows)
