"""The table document of ``GET /api/v1/tables/<tid>`` (docs/api.md, "Tables"), a page at a time:
a club's roster can be thousands long, so neither the roster nor the games are read or sent
whole (docs/api.md, "Paging")."""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select

from ..db import db
from ..models import Game, Table, TablePlayer
from . import view as game_views
from .roster_pages import entries as roster_entries
from .stats import codepoint_order
from .tables import house_variants, winners_by_game

DOCUMENT_PER_PAGE = 200  # players and games in one answer of the table document, unless asked otherwise


@dataclass(frozen=True)
class TableDocument:
    """One page of ``GET /api/v1/tables/<tid>``: the body and where the rest is."""

    body: dict
    page: int  # from 1
    per_page: int
    players: int  # on the whole roster
    games: int  # of the whole table

    @property
    def pages(self) -> int:
        return max(1, -(-max(self.players, self.games) // self.per_page))


def table_document(table: Table, page: int = 1, per_page: int = DOCUMENT_PER_PAGE) -> TableDocument:
    """The body of ``GET /api/v1/tables/<tid>`` (docs/api.md, "Tables"): page ``page`` of the
    roster (by name) and of the games (newest first), ``per_page`` of each, so that a roster of
    thousands is never read or sent whole. A table of up to ``per_page`` players and games is
    all on the first page."""
    start = (page - 1) * per_page
    player_ids = db.session.execute(
        select(TablePlayer.id).where(TablePlayer.table_id == table.id)
        .order_by(codepoint_order(TablePlayer.name_key), TablePlayer.id).offset(start).limit(per_page)).scalars().all()
    players = [{"id": p.id, "name": p.name, "games": p.games} for p in roster_entries(table, list(player_ids))]
    games = db.session.execute(
        select(Game.id, Game.variant, Game.status).where(Game.table_id == table.id)
        .order_by(Game.created_at.desc(), Game.id).offset(start).limit(per_page)
    ).all()
    winners = winners_by_game([g.id for g in games])
    body = {
        "id": table.id,
        "name": table.name,
        "players": players,
        "games": [{"id": g.id, "variant": g.variant, "status": g.status, "winners": winners[g.id]} for g in games],
        "variants": [{"id": v.id, "name": v.name, "based_on": v.based_on} for v in house_variants(table)],
        "created_at": game_views.iso(table.created_at),
    }
    total_players = db.session.execute(select(func.count()).where(TablePlayer.table_id == table.id)).scalar_one()
    total_games = db.session.execute(select(func.count()).where(Game.table_id == table.id)).scalar_one()
    return TableDocument(body, page, per_page, total_players, total_games)
