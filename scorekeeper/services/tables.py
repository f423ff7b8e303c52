"""Tables: a family or a club, its roster of players and its games (docs/api.md, "Tables").

A table is read by its unguessable id and changed with its edit token, like a game. This module
makes, finds and reads tables and checks their tokens; the roster is ``roster.py``, the per-game
results kept up to date ``table_results.py``, the history page and rulings ``table_history.py``,
the statistics ``stats.py``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from flask import current_app
from flask_babel import gettext as _
from sqlalchemy import func, select, update

from ..db import db
from ..models import Game, GameResult, HouseVariant, Table, TablePlayer, new_game_id, utcnow
from ..rules import game as rules
from . import errors as service_errors
from . import loading, seats, tokens
from .transactions import commit

MAX_TABLE_NAME = 80
TABLE_ID = loading.GAME_ID


# ----- tables and tokens ---------------------------------------------------------------------------

@dataclass(frozen=True)
class CreatedTable:
    table: Table
    edit_token: str


def table_name(value: object, field: str = "name") -> str:
    if not isinstance(value, str):
        raise service_errors.ServiceError(_("%(field)s: %(value)s is not a name (expected text such as 'The Smiths')", field=field,
                                 value=repr(value)), field)
    clean = rules.name_form(value)
    if not clean:
        raise service_errors.ServiceError(_("%(field)s: a table's name cannot be blank", field=field), field)
    if len(clean) > MAX_TABLE_NAME:
        raise service_errors.ServiceError(_("%(field)s: %(value)s… is too long (at most %(max)s characters)", field=field,
                                 value=repr(clean[:20]), max=MAX_TABLE_NAME), field)
    if any(not ch.isprintable() for ch in clean):
        raise service_errors.ServiceError(_("%(field)s: %(value)s contains characters that cannot be shown", field=field,
                                 value=repr(clean)), field)
    return clean


def create_table(name: object) -> CreatedTable:
    """A new table with no players and no games yet; its edit token is shown once."""
    clean = table_name(name)
    token, token_hash = tokens.fresh()
    table = Table(id=new_game_id(), name=clean, edit_token_hash=token_hash, created_at=utcnow())
    db.session.add(table)
    commit(_("the table could not be saved; try again"))
    return CreatedTable(table, token)


def get_table(table_id: object) -> Table:
    if not isinstance(table_id, str) or not TABLE_ID.fullmatch(table_id):
        raise service_errors.NotFound(_("no table %(id)s", id=repr(table_id[:40] if isinstance(table_id, str) else table_id)), "id")
    table = db.session.get(Table, table_id)
    if table is None:
        raise service_errors.NotFound(_("no table %(id)s", id=repr(table_id)), "id")
    return table


def token_matches(table: Table, token: object) -> bool:
    return tokens.matches(table.edit_token_hash, token)


def check_token(table: Table, token: str | None) -> None:
    """401 without a token, 403 with a wrong one, exactly as for games."""
    tokens.require(token, lambda t: token_matches(table, t),
                   _("this change needs the table's edit token (Authorization: Bearer <edit_token>)"),
                   _("the edit token is not valid for this table (it may have been replaced)"))


def check_whole_table_read(table: Table, token: str | None) -> None:
    """A read whose cost grows with the table's whole history (its export, a year's figures):
    anyone may make it of a table of up to ``WHOLE_TABLE_READ_GAMES`` games (default 200: a family
    plays that many in years), and of a larger one (a club) the holder of its edit token: 401
    without it, 403 with a wrong one (docs/tables.md, "Heavy reads of a large table"). One
    counting query on the table's index of games."""
    limit = int(current_app.config["WHOLE_TABLE_READ_GAMES"])
    games = db.session.execute(select(func.count()).select_from(Game).where(Game.table_id == table.id)).scalar_one()
    if games <= limit:
        return
    if not token:
        raise service_errors.Unauthorized(
            _("%(table)s has more than %(limit)s games: reading all of them at once needs the table's edit token "
              "(Authorization: Bearer <edit_token>)", table=table.name, limit=limit), "Authorization")
    check_token(table, token)


def holds_the_table(doc: object, token: str | None) -> bool:
    """Whether an import names a table that is here and ``token`` is its edit token (an import
    into one's own table is not limited as an anonymous one is)."""
    info = doc.get("table") if isinstance(doc, dict) else None
    table_id = info.get("id") if isinstance(info, dict) else None
    if not isinstance(table_id, str) or not token or len(table_id) > 64:
        return False
    table = db.session.get(Table, table_id)
    return table is not None and token_matches(table, token)


def rotate_token(table: Table) -> str:
    """Replace the table's edit token, and end every right the old one gave out (docs/tables.md,
    "A new edit link"): the old table link, and the edit tokens of the table's games and house
    variants, which the old token's holders may have been given when they started them, and the
    hand-in links of the table's games with their seat tokens (services/seats.py). The new
    table token changes all of them (services/loading.py, token_matches; services/house.py)."""
    token, table.edit_token_hash = tokens.fresh()
    now = utcnow()
    table.token_rotated_at = now
    # A hash of a token that nobody is given: the rows' old tokens stop working.
    db.session.execute(update(Game).where(Game.table_id == table.id).values(
        edit_token_hash=tokens.unusable_hash(), token_rotated_at=now, version=Game.version + 1,
        updated_at=now), execution_options={"synchronize_session": False})
    db.session.execute(update(HouseVariant).where(HouseVariant.table_id == table.id).values(
        edit_token_hash=tokens.unusable_hash()), execution_options={"synchronize_session": False})
    seats.end_hand_in(db.session.execute(select(Game.id).where(Game.table_id == table.id)).scalars().all())
    commit(_("the table was changed at the same moment; try again"))
    db.session.expire_all()
    return token


def reissue_tokens(table: Table, game_ids: Iterable[str], variant_ids: Iterable[str]) -> tuple[dict, dict]:
    """New edit tokens for some of the table's games and house variants (the ones the phone that
    made a new table link could change before): ``({game id: token}, {variant id: token})``."""
    games = {gid: tokens.new_token() for gid in db.session.execute(
        select(Game.id).where(Game.table_id == table.id, Game.id.in_(list(game_ids)))).scalars()}
    variants = {vid: tokens.new_token() for vid in db.session.execute(
        select(HouseVariant.id).where(HouseVariant.table_id == table.id, HouseVariant.id.in_(list(variant_ids)))
    ).scalars()}
    for gid, token in games.items():
        db.session.execute(update(Game).where(Game.id == gid).values(edit_token_hash=tokens.hash_token(token)),
                           execution_options={"synchronize_session": False})
    for vid, token in variants.items():
        db.session.execute(update(HouseVariant).where(HouseVariant.id == vid).values(
            edit_token_hash=tokens.hash_token(token)), execution_options={"synchronize_session": False})
    commit(_("the table was changed at the same moment; try again"))
    db.session.expire_all()
    return games, variants


def rename_table(table: Table, name: object) -> None:
    table.name = table_name(name)
    # Its games' pages name the table: their answers (and ETags) move on with the name.
    db.session.execute(update(Game).where(Game.table_id == table.id)
                       .values(version=Game.version + 1, updated_at=utcnow()))
    commit(_("the table was changed at the same moment; try again"))


# ----- reading a table -------------------------------------------------------------------------------

def winners_by_game(game_ids: list[str]) -> dict[str, list[str]]:
    """Each game's winners' names (seating order), from the results: one query."""
    out: dict[str, list[str]] = {gid: [] for gid in game_ids}
    if not game_ids:
        return out
    rows = db.session.execute(
        select(GameResult.game_id, TablePlayer.name)
        .join(TablePlayer, TablePlayer.id == GameResult.table_player_id)
        .where(GameResult.game_id.in_(game_ids), GameResult.winner.is_(True))
        .order_by(GameResult.game_id, GameResult.seat)
    )
    for gid, name in rows:
        out[gid].append(name)
    return out


def house_variants(table: Table) -> list[HouseVariant]:
    """The table's own house variants, by name (case-insensitive)."""
    rows = db.session.execute(select(HouseVariant).where(HouseVariant.table_id == table.id)).scalars().all()
    return sorted(rows, key=lambda v: (v.name.casefold(), v.id))
