"""Reading games: by id (with every row the view needs), this browser's games for the games
list, the names offered for a new game, the rules in force for a game, and edit tokens."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from importlib import resources

from flask_babel import gettext as _
from sqlalchemy import func, or_

from ..db import db
from ..models import Game, GameStatus, Round, Seat
from ..rules.variants import Variant, get_variant, load_variant
from . import tokens
from .errors import NotFound


def token_matches(game: Game, token: object) -> bool:
    """Whether ``token`` is the game's edit token; a game of a table also takes the table's edit
    token (services/tables.py)."""
    if tokens.matches(game.edit_token_hash, token):
        return True
    table_id = getattr(game, "table_id", None)
    return table_id is not None and table_token_matches(table_id, token)


def table_token_matches(table_id: str, token: object) -> bool:
    from ..models import Table

    table = db.session.get(Table, table_id)
    return table is not None and tokens.matches(table.edit_token_hash, token)


def check_token(game: Game, token: str | None) -> None:
    """401 without a token, 403 with a wrong one (docs/games.md, "Who may change a game")."""
    tokens.require(token, lambda t: token_matches(game, t),
                   _("this change needs the game's edit token (Authorization: Bearer <edit_token>)"),
                   _("the edit token is not valid for this game (it may have been replaced)"))


def builtin_toml(variant_id: str) -> str | None:
    try:
        text = resources.files("scorekeeper.rules").joinpath("variants", f"{variant_id}.toml").read_text("utf-8")
    except (FileNotFoundError, OSError):
        return None
    return text


@lru_cache(maxsize=64)
def variant_from_toml(text: str) -> Variant:
    return load_variant(text)


def variant_of(game: Game) -> Variant:
    """The rules in force for this game: its stored snapshot, with its house options."""
    base = variant_from_toml(game.rules_toml) if game.rules_toml else get_variant(game.variant)
    return base.with_house_rules(game.house_rules or {})


GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def get_game(game_id: object) -> Game:
    """The game with this id, with seats, rounds, hands, corrections and rulings (a fixed number of
    queries however big the game is); 404 otherwise."""
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        # (only the characters ids are made of: e.g. a NUL would make PostgreSQL refuse the query)
        raise NotFound(_("no game %(id)r", id=game_id[:40] if isinstance(game_id, str) else game_id), "id")
    game = db.session.get(Game, game_id)
    if game is None:
        raise NotFound(_("no game %(id)r", id=game_id), "id")
    return game


def games_by_ids(ids: list[str]) -> list[Game]:
    if not ids:
        return []
    rows = db.session.execute(db.select(Game).where(Game.id.in_(ids[:100]))).scalars().all()
    order = {gid: i for i, gid in enumerate(ids)}
    return sorted(rows, key=lambda g: order.get(g.id, 0))


@dataclass(frozen=True)
class GameListItem:
    """What the games list shows of a game."""

    id: str
    variant_name: str
    status: GameStatus
    players: list[str]
    rounds_played: int
    created_at: datetime
    updated_at: datetime
    completed_at: datetime | None

    @property
    def last_day(self) -> datetime:
        return self.completed_at or self.updated_at


def game_list(ids: list[str]) -> list[GameListItem]:
    """The games with these ids, in this order, as the games list shows them: three queries
    (the games' own columns, their players, their number of rounds) however many games and rounds."""
    ids = [gid for gid in ids if isinstance(gid, str) and GAME_ID.fullmatch(gid)][:100]
    if not ids:
        return []
    games = db.session.execute(
        db.select(Game.id, Game.variant_name, Game.status, Game.created_at, Game.updated_at, Game.completed_at)
        .where(Game.id.in_(ids))).all()
    players: dict[str, list[str]] = {}
    for game_id, name in db.session.execute(
            db.select(Seat.game_id, Seat.name).where(Seat.game_id.in_(ids)).order_by(Seat.game_id, Seat.seat)):
        players.setdefault(game_id, []).append(name)
    rounds = dict(db.session.execute(
        db.select(Round.game_id, func.count()).where(Round.game_id.in_(ids)).group_by(Round.game_id)).all())
    order = {gid: i for i, gid in enumerate(ids)}
    items = [GameListItem(g.id, g.variant_name, GameStatus(g.status), players.get(g.id, []), rounds.get(g.id, 0),
                          g.created_at, g.updated_at, g.completed_at) for g in games]
    return sorted(items, key=lambda item: order[item.id])


def known_players(game_ids: Sequence[object] = (), table_ids: Sequence[object] = (), limit: int = 60) -> list[str]:
    """The names a browser already knows, offered on the new-game page: the players of its games
    and of its tables' games, the most recently played first (one query). Nobody else's: the
    server's other players are other families'."""
    games = [i for i in game_ids if isinstance(i, str) and GAME_ID.fullmatch(i)][:100]
    tables = [i for i in table_ids if isinstance(i, str) and GAME_ID.fullmatch(i)][:100]
    if not games and not tables:
        return []
    ours = [*([Game.id.in_(games)] if games else []), *([Game.table_id.in_(tables)] if tables else [])]
    last = func.max(Game.created_at)
    rows = db.session.execute(
        db.select(Seat.name_key, func.min(Seat.name)).join(Game, Game.id == Seat.game_id).where(or_(*ours))
        .group_by(Seat.name_key).order_by(last.desc(), Seat.name_key).limit(limit))
    return [name for _key, name in rows]


