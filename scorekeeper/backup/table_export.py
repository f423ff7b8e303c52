"""A table's export (JSON: the table, its roster and every game; CSV: one line per player per game)
and the import of that JSON into another server.

The games travel in the backup format of ``scorekeeper/backup/format.py`` (without edit tokens) and are
imported by it, in one transaction with the table and its roster: games already on the server are
skipped, so importing the same file twice changes nothing. A table that is not on the server yet is
created with the same id (and a new edit token); adding games to one that is needs its edit token.
"""
from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from datetime import datetime
from itertools import count
from typing import Any

from flask import current_app
from flask_babel import gettext as _
from sqlalchemy import and_, or_, select
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import selectinload, undefer

from .. import backup
from ..db import db, end_reading
from ..models import Game, GameResult, HouseVariant, Player, Round, Seat, Table, TablePlayer
from ..rules import game as rules
from ..services import errors as service_errors
from ..services import tokens
from ..services import roster, table_results, tables
from ..services.house import HOUSE_ID
from ..services.stats import codepoint_order

FORMAT = "scorekeeper-table"
FORMAT_VERSION = 1


# Everything a game's record holds, read with the games (a few queries for a batch of games, not
# several for each game, seat and round).
_WHOLE_GAME = (undefer(Game.rules_snapshot), selectinload(Game.rounds).undefer(Round.submission),
               selectinload(Game.seats).selectinload(Seat.player))
BATCH = 200  # games read at a time: memory stays that of a batch of games, whatever the table


def export_chunks(table: Table) -> Iterator[str]:
    """The whole table as one JSON document (no edit tokens), written a part at a time as it is
    read, so that what the server holds does not grow with the table: the roster and the players
    ``PART`` at a time, the games ``BATCH`` at a time with a fixed number of queries each. Each
    part is read in a transaction of its own (a slow reader holds no transaction open). The
    bytes are those Flask's ``jsonify`` writes (keys sorted, compact), read back by
    :func:`import_table`."""
    table_id = table.id
    info = {"id": table.id, "name": table.name, "created_at": table.created_at.isoformat()}
    header = {k: v for k, v in backup.document([], [], secrets=False).items() if k not in ("games", "players")}
    house_variants = [_house_variant_record(v) for v in tables.house_variants(table)]
    end_reading()
    yield from _json_object({
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "table": info,
        "players": _roster_rows(table_id),
        "games": {**header, "games": _game_records(table_id), "players": _seated_players(table_id)},
        "house_variants": house_variants,
    })
    yield "\n"


PART = 1000  # roster entries or players read at a time


def _json_object(obj: dict[str, Any]) -> Iterator[str]:
    """``obj`` as JSON with its keys sorted; a value that is an iterator is written as a list, a
    part (an iterator of lists) at a time."""
    dumps = current_app.json.dumps
    yield "{"
    for n, key in enumerate(sorted(obj)):
        yield ("," if n else "") + dumps(key) + ":"
        value = obj[key]
        if isinstance(value, dict):
            yield from _json_object(value)
        elif isinstance(value, Iterator):
            first = True
            yield "["
            for part in value:
                if part:
                    yield ("" if first else ",") + ",".join(dumps(item, separators=(",", ":")) for item in part)
                    first = False
            yield "]"
        else:
            yield dumps(value, separators=(",", ":"))
    yield "}"


def _game_records(table_id: str) -> Iterator[list[dict[str, Any]]]:
    """The table's games, oldest first, ``BATCH`` at a time (keyset: no list of every id is kept)."""
    after = None
    while True:
        query = select(Game).options(*_WHOLE_GAME).where(Game.table_id == table_id)
        if after is not None:
            query = query.where(or_(Game.created_at > after[0], and_(Game.created_at == after[0], Game.id > after[1])))
        games = db.session.execute(query.order_by(Game.created_at, Game.id).limit(BATCH)).scalars().all()
        if not games:
            end_reading()
            return
        records = [backup.game_record(game, secrets=False) for game in games]
        after = (games[-1].created_at, games[-1].id)
        db.session.expunge_all()
        end_reading()
        yield records


def _seated_players(table_id: str) -> Iterator[list[dict[str, Any]]]:
    """The players (the backup's ``players``) seated in the table's games, by id, ``PART`` at a time."""
    seated = select(Seat.player_id).join(Game, Game.id == Seat.game_id).where(Game.table_id == table_id)
    after = 0
    while True:
        rows = db.session.execute(select(Player).where(Player.id.in_(seated), Player.id > after)
                                  .order_by(Player.id).limit(PART)).scalars().all()
        part = [backup.dump_row(p, Player) for p in rows]
        end_reading()
        if not part:
            return
        after = rows[-1].id
        yield part


def _roster_rows(table_id: str) -> Iterator[list[dict[str, Any]]]:
    """The roster by name (as ``roster.roster`` sorts it), ``PART`` at a time."""
    for start in count(0, PART):
        rows = db.session.execute(
            select(TablePlayer.name, TablePlayer.created_at).where(TablePlayer.table_id == table_id)
            .order_by(codepoint_order(TablePlayer.name_key), TablePlayer.id).offset(start).limit(PART)).all()
        end_reading()
        if not rows:
            return
        yield [{"name": name, "created_at": created.isoformat()} for name, created in rows]


# A house variant travels with its table without its edit token and its table (the import gives
# both again: the table's token changes it).
_HOUSE_LEFT_OUT = ("edit_token_hash", "table_id")


def _house_variant_record(row: HouseVariant) -> dict[str, Any]:
    return {k: v for k, v in backup.dump_row(row, HouseVariant).items() if k not in _HOUSE_LEFT_OUT}


def _house_variants_part(items: object) -> list[dict[str, Any]]:
    """The export's house variants, each checked as a whole-server backup checks them (their rules
    read back through the checks of an imported variant file); an older export has none."""
    from ..rules.errors import RulesInputError
    from ..rules.house import from_toml

    if items is None:
        return []
    if not isinstance(items, list):
        raise service_errors.ServiceError(_("house_variants: expected a list of the table's house variants"), "house_variants")
    out = []
    for i, data in enumerate(items):
        where = f"house_variants[{i}]"
        if isinstance(data, dict) and any(key in data for key in _HOUSE_LEFT_OUT):
            raise service_errors.ServiceError(_("%(where)s: a table's export carries no edit token or table of a house variant",
                                     where=where), where)
        try:
            values = backup.load_row({**data, "edit_token_hash": "-"} if isinstance(data, dict) else data,
                                  HouseVariant, where)
            if not isinstance(values.get("id"), str) or not HOUSE_ID.fullmatch(values["id"]):
                raise backup.BackupError(_("%(where)s.id: %(value)s is not a house variant id", where=where,
                                           value=repr(str(values.get("id"))[:40])))
            from_toml(values["rules_toml"], id=values["id"], name=values["name"])
        except backup.BackupError as err:
            raise service_errors.ServiceError(str(err), where) from None
        except (RulesInputError, TypeError) as err:
            raise service_errors.ServiceError(f"{where}.rules_toml: {err}", f"{where}.rules_toml") from None
        out.append(values)
    return out


def export_csv(table: Table) -> str:
    """One line per player per game, from the per-game results (no game is loaded)."""
    rows = db.session.execute(
        select(Game.id, Game.created_at, Game.variant_name, Game.variant, GameResult.status, TablePlayer.name, GameResult.seat,
               GameResult.total, GameResult.winner, GameResult.withdrawn, GameResult.rounds_played,
               GameResult.went_out)
        .join(GameResult, GameResult.game_id == Game.id).join(TablePlayer, TablePlayer.id == GameResult.table_player_id)
        .where(Game.table_id == table.id).order_by(Game.created_at, Game.id, GameResult.seat)
    )
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["game", "started", "variant", "status", "player", "seat", "total", "winner", "withdrew",
                     "rounds_played", "went_out", "variant_id"])
    # the variant by the name the table knows it by ("Martins Continental"); its id last, for tools.
    # Every cell guarded: an imported game's id or a name may start with "-" or "=" too.
    for gid, started, variant, vid, status, name, seat, total, winner, withdrew, rounds_played, went_out in rows:
        writer.writerow([backup.safe_cell(cell) for cell in (
            gid, started.replace(microsecond=0).isoformat(), variant, status, name, seat + 1,
            "" if total is None else total, int(winner), int(withdrew), rounds_played, went_out, vid)])
    return out.getvalue()


def _table_part(doc: object) -> tuple[dict, list[dict], dict]:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise service_errors.ServiceError(_('format: not a scorekeeper table export (expected "format": "%(format)s")', format=FORMAT),
                               "format")
    if doc.get("version") != FORMAT_VERSION:
        raise service_errors.ServiceError(_("version: %(value)s is not a table export version this server reads (%(version)s)",
                                 value=repr(doc.get("version")), version=FORMAT_VERSION), "version")
    info = doc.get("table")
    if not isinstance(info, dict):
        raise service_errors.ServiceError(_("table: expected an object with id, name and created_at"), "table")
    if not isinstance(info.get("id"), str) or not tables.TABLE_ID.fullmatch(info["id"]):
        raise service_errors.ServiceError(_("table.id: %(value)s is not a table id", value=repr(str(info.get("id"))[:40])), "table.id")
    tables.table_name(info.get("name"), "table.name")
    created = info.get("created_at")
    try:
        if not isinstance(created, str):
            raise TypeError(created)
        datetime.fromisoformat(created)
    except (TypeError, ValueError):
        raise service_errors.ServiceError(_("table.created_at: %(value)s is not an ISO 8601 time",
                                 value=repr(str(info.get("created_at"))[:40])), "table.created_at") from None
    players = doc.get("players")
    if not isinstance(players, list):
        raise service_errors.ServiceError(_("players: expected a list of the roster's players"), "players")
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            raise service_errors.ServiceError(_("players[%(i)s]: expected an object with a name", i=i), f"players[{i}]")
        try:
            rules.check_name(p.get("name"), f"players[{i}].name")
        except rules.RulesInputError as err:
            raise service_errors.ServiceError(str(err), f"players[{i}].name") from None
    games = doc.get("games")
    if not isinstance(games, dict) or not isinstance(games.get("games"), list):
        raise service_errors.ServiceError(_("games: expected the table's games in the backup format"), "games")
    return info, players, games


def _claim_table(info: dict) -> str:
    """Create the imported table first thing in the import's transaction, so that the database's
    unique id decides between two imports of one new table made at the same moment: the other one
    waits for this transaction and is refused (409) rather than adding its games to this table.
    Returns the new table's edit token."""
    token, token_hash = tokens.fresh()
    db.session.add(Table(id=info["id"], name=rules.name_form(info["name"]), edit_token_hash=token_hash,
                         created_at=datetime.fromisoformat(info["created_at"])))
    try:
        db.session.flush()
    except (IntegrityError, OperationalError):
        db.session.rollback()
        raise service_errors.Conflict(_("table.id: table %(id)s was imported at the same moment by someone else; to add these "
                             "games to it, import again with its edit token", id=repr(info["id"])), "table.id") from None
    return token


def import_table(doc: object, token: str | None) -> dict[str, Any]:
    """Import a table export: ``{"table": id, "created": bool, "edit_token" (a new table only),
    "imported": [game ids], "skipped": [game ids already here]}``; one transaction."""
    info, players, games_doc = _table_part(doc)
    assert isinstance(doc, dict)  # (_table_part refused anything else)
    house_variants = _house_variants_part(doc.get("house_variants"))
    existing = db.session.get(Table, info["id"])
    new_token = None
    if existing is not None:
        tables.check_token(existing, token)
    else:
        new_token = _claim_table(info)
    ids = [g.get("id") for g in games_doc["games"] if isinstance(g, dict) and isinstance(g.get("id"), str)]
    already = set(db.session.execute(select(Game.id).where(Game.id.in_(ids))).scalars()) if ids else set()

    added_variants: list[str] = []

    def link(session) -> None:
        table = session.get(Table, info["id"])
        roster.roster_entries(table, [p["name"] for p in players])
        for values in house_variants:
            if session.get(HouseVariant, values["id"]) is None:  # one already here stays as it is
                session.add(HouseVariant(**{**values, "table_id": table.id,
                                            "edit_token_hash": tokens.unusable_hash()}))
                added_variants.append(values["id"])
        for gid in ids:
            if gid in already:
                continue
            game = session.get(Game, gid)
            if game is not None:
                roster.seat_in_table(table, game)

    table_results.run_before_commit(db.session, link)
    try:
        report = backup.import_document(games_doc)
    except backup.BackupConflict as err:
        raise service_errors.Conflict(f"games: {err}", "games") from None
    except backup.BackupError as err:
        raise service_errors.ServiceError(f"games: {err}", "games") from None
    finally:
        db.session.info.pop(table_results.BEFORE_COMMIT, None)
    body = {"table": info["id"], "created": existing is None, "imported": report["imported"],
            "skipped": report["skipped"], "house_variants": added_variants,
            "skipped_house_variants": [v["id"] for v in house_variants if v["id"] not in added_variants]}
    if new_token is not None:
        body["edit_token"] = new_token
    return body
