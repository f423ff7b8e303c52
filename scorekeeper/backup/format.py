"""The backup format: every game with its seats, rounds, hands, corrections, rulings and
idempotency keys, the club's players, tables and house variants, as one JSON document (and a
game's scores as CSV).

The document lists every column of every table by name (generated from the models, so a new
column is exported without touching this module); internal integer ids are not exported, the
nesting says what belongs to what.
"""
from __future__ import annotations

import csv
import functools
import io
import math
from datetime import UTC, datetime
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import JSON, Boolean, DateTime, Integer, String
from sqlalchemy.orm import selectinload, undefer

from ..db import db
from ..models import (Correction, Game, HandRecord, HouseVariant, IdempotencyKey, Player, Round, Ruling, Seat,
                     Table, TablePlayer)

FORMAT = "scorekeeper-backup"
FORMAT_VERSION = 1

# Columns left out of each record: surrogate ids and the foreign keys that the nesting replaces.
_LEFT_OUT = {
    Player: {"id"},
    # A game's table and roster entry travel beside it (the server backup: _add_table_membership)
    # or with the table's own export (backup/table_export.py).
    Game: {"table_id"},
    Seat: {"id", "game_id", "player_id", "table_player_id"},
    Round: {"id", "game_id"},
    HandRecord: {"id", "round_id"},
    Correction: {"id", "game_id"},
    Ruling: {"id", "game_id"},
    IdempotencyKey: {"id", "game_id"},
    HouseVariant: set(),
    Table: set(),
    TablePlayer: {"id", "table_id", "name_key"},
}
SECRET_GAME_FIELDS = {"edit_token_hash"}


class BackupError(Exception):
    """A backup document that cannot be imported; the message names the place and the value."""


class BackupConflict(BackupError):
    """A backup that another change, made at the same moment, kept from being stored (try again)."""


# ----- rows <-> JSON ---------------------------------------------------------------------------------

@functools.cache  # (read for every row of an export)
def model_columns(model) -> tuple:
    return tuple(c for c in model.__table__.columns if c.key not in _LEFT_OUT[model])


def dump_row(obj, model) -> dict[str, Any]:
    values = {column.key: getattr(obj, column.key) for column in model_columns(model)}
    return {key: value.isoformat() if isinstance(value, datetime) else value for key, value in values.items()}


def load_row(data: object, model, where: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise BackupError(_("%(where)s: expected an object, found %(name)s", where=where, name=type(data).__name__))
    columns = {c.key: c for c in model_columns(model)}
    unknown = sorted(set(data) - set(columns) - {"seats", "rounds", "hands", "corrections", "rulings",
                                                   "idempotency_keys", "player", "table_id", "table_player"})
    if unknown:
        raise BackupError(_("%(where)s: unknown field %(unknown)r (made by a newer version?)",
                            where=where, unknown=unknown[0]))
    values: dict[str, Any] = {}
    for key, column in columns.items():
        if key not in data:
            if column.nullable or column.default is not None or (model is Game and key in SECRET_GAME_FIELDS):
                continue  # (a per-game download has no token hash: the import makes a new token)
            raise BackupError(_("%(where)s.%(key)s: missing", where=where, key=key))
        value = data[key]
        if value is None:
            if not column.nullable:
                raise BackupError(_("%(where)s.%(key)s: must not be null", where=where, key=key))
        else:
            value = _column_value(column, value, f"{where}.{key}")
        values[key] = value
    return values


INT_RANGE = (-(2**31), 2**31 - 1)  # SQL INTEGER (PostgreSQL refuses what SQLite would keep)


def _column_value(column, value: object, where: str) -> object:
    """A value of the column's type, as every database stores it alike; else a BackupError naming
    the place and the value. (A hand's points given as text, say, would be stored by SQLite and
    then break every page of the game.)"""
    kind = column.type
    if isinstance(kind, DateTime):
        try:
            if not isinstance(value, str):
                raise TypeError(value)
            value = datetime.fromisoformat(value)
            if value.tzinfo is not None:  # times are stored as naive UTC
                value = value.astimezone(UTC).replace(tzinfo=None)
        except (TypeError, ValueError, OverflowError):
            raise BackupError(_("%(where)s: %(value)s is not an ISO 8601 time",
                                where=where, value=shown(value))) from None
        return value
    if isinstance(kind, Boolean):
        if not isinstance(value, bool):
            raise BackupError(_("%(where)s: %(value)s is not true or false", where=where, value=shown(value)))
        return value
    if isinstance(kind, Integer):
        if not isinstance(value, int) or isinstance(value, bool):
            raise BackupError(_("%(where)s: %(value)s is not a whole number", where=where, value=shown(value)))
        if not INT_RANGE[0] <= value <= INT_RANGE[1]:
            raise BackupError(_("%(where)s: %(value)s is out of range (%(low)s to %(high)s)", where=where, value=value,
                                low=INT_RANGE[0], high=INT_RANGE[1]))
        return value
    if isinstance(kind, String):  # (Text too)
        if not isinstance(value, str):
            raise BackupError(_("%(where)s: %(value)s is not text", where=where, value=shown(value)))
        if kind.length is not None and len(value) > kind.length:
            raise BackupError(_("%(where)s: %(value)s is too long (at most %(length)s characters)",
                                where=where, value=shown(value), length=kind.length))
        if "\x00" in value:
            raise BackupError(_("%(where)s: text may not contain the NUL character (\\u0000)", where=where))
        return value
    if isinstance(kind, JSON):
        _check_json(value, where)
    return value


def _check_json(value: object, where: str, depth: int = 0) -> None:
    """JSON that every database stores: no NaN or infinity, no NUL character, not absurdly deep."""
    if depth > 20:
        raise BackupError(_("%(where)s: nested too deep", where=where))
    if isinstance(value, float) and not math.isfinite(value):
        raise BackupError(_("%(where)s: %(value)r is not a JSON number", where=where, value=value))
    if isinstance(value, str) and "\x00" in value:
        raise BackupError(_("%(where)s: text may not contain the NUL character (\\u0000)", where=where))
    if isinstance(value, dict):
        for key, item in value.items():
            _check_json(key, f"{where} (a key)", depth + 1)
            _check_json(item, f"{where}.{key}", depth + 1)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check_json(item, f"{where}[{i}]", depth + 1)


def shown(value: object) -> str:
    """A value as a message shows it: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def game_record(game: Game, secrets: bool = True) -> dict[str, Any]:
    """One game and everything that belongs to it."""
    record = dump_row(game, Game)
    record["seats"] = [{**dump_row(seat, Seat), "player": seat.player.name_key} for seat in game.seats]
    record["rounds"] = [{**dump_row(rnd, Round), "hands": [dump_row(h, HandRecord) for h in rnd.hands]}
                        for rnd in game.rounds]
    record["corrections"] = [dump_row(c, Correction) for c in game.corrections]
    record["rulings"] = [dump_row(r, Ruling) for r in game.rulings]
    if secrets:
        keys = db.session.execute(
            db.select(IdempotencyKey).where(IdempotencyKey.game_id == game.id).order_by(IdempotencyKey.id)
        ).scalars()
        record["idempotency_keys"] = [dump_row(k, IdempotencyKey) for k in keys]
    else:
        for field in SECRET_GAME_FIELDS:
            record.pop(field, None)
    return record


def document(games: list[Game], players: list[Player], secrets: bool = True) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "exported_at": datetime.now(UTC).replace(tzinfo=None).isoformat(),
        "players": [dump_row(p, Player) for p in players],
        "games": [game_record(g, secrets) for g in games],
    }


def export_all() -> dict[str, Any]:
    """The whole database as a backup document (with the house variants)."""
    everything = (undefer(Game.rules_snapshot), selectinload(Game.rounds).undefer(Round.submission))
    games = db.session.execute(db.select(Game).options(*everything).order_by(Game.created_at, Game.id)).scalars().all()
    players = db.session.execute(db.select(Player).order_by(Player.id)).scalars().all()
    doc = {**document(list(games), list(players)), "house_variants": _house_variant_records()}
    _add_tables(doc, list(games))
    return doc


def _house_variant_records() -> list[dict[str, Any]]:
    rows = db.session.execute(db.select(HouseVariant).order_by(HouseVariant.created_at, HouseVariant.id)).scalars()
    return [dump_row(row, HouseVariant) for row in rows]


def export_game(game: Game) -> dict[str, Any]:
    """One game, without its secrets (for the download link any viewer may use)."""
    players = sorted({s.player.id: s.player for s in game.seats}.values(), key=lambda p: p.id)
    return document([game], players, secrets=False)


# ----- tables in the server backup ---------------------------------------------------------------------
# The server backup carries every table with its roster, each game's table and each seat's roster
# entry; the statistics summaries (game_results, round_results) are not exported: they are rebuilt
# when the restored games are committed (services/tables.py, refresh_results).

def _add_tables(doc: dict[str, Any], games: list[Game]) -> None:
    """Add the tables, their rosters and the games' membership to a server backup document."""
    all_tables = db.session.execute(db.select(Table).order_by(Table.created_at, Table.id)).scalars().all()
    doc["tables"] = [{**dump_row(table, Table),
                      "players": [dump_row(p, TablePlayer) for p in sorted(table.players, key=lambda p: p.id)]}
                     for table in all_tables]
    for game, record in zip(games, doc["games"]):
        if game.table_id is None:
            continue
        record["table_id"] = game.table_id
        for seat, row in zip(game.seats, record["seats"]):
            if seat.table_player_id is not None:
                row["table_player"] = db.session.get_one(TablePlayer, seat.table_player_id).name_key


# ----- a game as CSV ----------------------------------------------------------------------------------

def safe_cell(value: object) -> object:
    """Keep spreadsheet programs from running a name as a formula (CSV injection)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def game_csv(game: Game) -> str:
    """The scoresheet as a table for a spreadsheet, in the reader's language: its column names, the
    contracts ("1 set + 1 run", "1 brelan + 1 séquence") and how a round ended."""
    from ..rules.game import STOCK_EXHAUSTED
    from ..rules.variants import Contract
    from ..services.view import game_state

    state = game_state(game)
    names = state["players"]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([_("Round"), _("Dealer"), _("Contract"), _("Who went out"), _("How it ended"),
                     *[safe_cell(n) for n in names]])
    ends = {STOCK_EXHAUSTED: _("stock ran out"), "went_out": _("went out")}
    for rnd in state["rounds"]:
        contract = rnd.get("contract")
        contract_text = "" if not contract else Contract(contract["sets"], contract["runs"]).describe()
        bonus = rnd.get("bonus") or {}
        end = rnd.get("end") or ""
        writer.writerow([
            rnd["number"], safe_cell(rnd["dealer"]), contract_text, safe_cell(rnd["went_out"] or ""),
            ends.get(end, end),
            *[rnd["scores"].get(n, 0) + bonus.get(n, 0) if n in rnd["scores"] else "" for n in names],
        ])
    writer.writerow([_("Total"), "", "", "", "", *[state["totals"].get(n, "") for n in names]])
    return out.getvalue()


