"""A table's export (JSON: the table, its roster and every game; CSV: one line per player per game)
and the import of that JSON into another server.

The games travel in the backup format of ``scorekeeper/backup.py`` (without edit tokens) and are
imported by it, in one transaction with the table and its roster: games already on the server are
skipped, so importing the same file twice changes nothing. A table that is not on the server yet is
created with the same id (and a new edit token); adding games to one that is needs its edit token.
"""
from __future__ import annotations

import csv
import io
from datetime import datetime
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import selectinload, undefer

from .. import backup
from ..db import db
from ..models import Game, GameResult, HouseVariant, Player, Round, Seat, Table, TablePlayer
from ..rules import game as rules
from . import games as svc
from . import tables
from .house import HOUSE_ID

FORMAT = "scorekeeper-table"
FORMAT_VERSION = 1


# Everything a game's record holds, read with the games (a few queries for a batch of games, not
# several for each game, seat and round).
_WHOLE_GAME = (undefer(Game.rules_snapshot), selectinload(Game.rounds).undefer(Round.submission),
               selectinload(Game.seats).selectinload(Seat.player))
BATCH = 200  # games read at a time: memory stays that of a batch of games, whatever the table


def export_table(table: Table) -> dict[str, Any]:
    """The whole table as one JSON document (no edit tokens). The games are read a batch at a
    time, each batch with a fixed number of queries."""
    info = {"id": table.id, "name": table.name, "created_at": table.created_at.isoformat()}
    ids = db.session.execute(
        select(Game.id).where(Game.table_id == table.id).order_by(Game.created_at, Game.id)).scalars().all()
    records: list[dict[str, Any]] = []
    players: dict[int, dict[str, Any]] = {}
    for start in range(0, len(ids), BATCH):
        batch = ids[start:start + BATCH]
        games = db.session.execute(select(Game).options(*_WHOLE_GAME).where(Game.id.in_(batch))
                                   .order_by(Game.created_at, Game.id)).scalars().all()
        for game in games:
            records.append(backup.game_record(game, secrets=False))
            for seat in game.seats:
                players.setdefault(seat.player.id, backup._dump(seat.player, Player))
        db.session.expunge_all()  # (the batch is written out: its rows go; what was read before stays usable)
    games_doc = backup._document([], [], secrets=False)
    games_doc["players"] = [players[pid] for pid in sorted(players)]
    games_doc["games"] = records
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "table": info,
        "players": [{"name": p.name, "created_at": p.created_at.isoformat()} for p in tables.roster(table)],
        "games": games_doc,
        "house_variants": [_house_variant_record(v) for v in tables.house_variants(table)],
    }


# A house variant travels with its table without its edit token and its table (the import gives
# both again: the table's token changes it).
_HOUSE_LEFT_OUT = ("edit_token_hash", "table_id")


def _house_variant_record(row: HouseVariant) -> dict[str, Any]:
    return {k: v for k, v in backup._dump(row, HouseVariant).items() if k not in _HOUSE_LEFT_OUT}


def _house_variants_part(items: object) -> list[dict[str, Any]]:
    """The export's house variants, each checked as a whole-server backup checks them (their rules
    read back through the checks of an imported variant file); an older export has none."""
    from ..rules.errors import RulesInputError
    from ..rules.house import from_toml

    if items is None:
        return []
    if not isinstance(items, list):
        raise svc.ServiceError(_("house_variants: expected a list of the table's house variants"), "house_variants")
    out = []
    for i, data in enumerate(items):
        where = f"house_variants[{i}]"
        if isinstance(data, dict) and any(key in data for key in _HOUSE_LEFT_OUT):
            raise svc.ServiceError(_("%(where)s: a table's export carries no edit token or table of a house variant",
                                     where=where), where)
        try:
            values = backup._load({**data, "edit_token_hash": "-"} if isinstance(data, dict) else data,
                                  HouseVariant, where)
            if not isinstance(values.get("id"), str) or not HOUSE_ID.fullmatch(values["id"]):
                raise backup.BackupError(_("%(where)s.id: %(value)s is not a house variant id", where=where,
                                           value=repr(str(values.get("id"))[:40])))
            from_toml(values["rules_toml"], id=values["id"], name=values["name"])
        except backup.BackupError as err:
            raise svc.ServiceError(str(err), where) from None
        except (RulesInputError, TypeError) as err:
            raise svc.ServiceError(f"{where}.rules_toml: {err}", f"{where}.rules_toml") from None
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
        writer.writerow([backup._safe_cell(cell) for cell in (
            gid, started.replace(microsecond=0).isoformat(), variant, status, name, seat + 1,
            "" if total is None else total, int(winner), int(withdrew), rounds_played, went_out, vid)])
    return out.getvalue()


def _table_part(doc: object) -> tuple[dict, list[dict], dict]:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise svc.ServiceError(_('format: not a scorekeeper table export (expected "format": "%(format)s")', format=FORMAT),
                               "format")
    if doc.get("version") != FORMAT_VERSION:
        raise svc.ServiceError(_("version: %(value)s is not a table export version this server reads (%(version)s)",
                                 value=repr(doc.get("version")), version=FORMAT_VERSION), "version")
    info = doc.get("table")
    if not isinstance(info, dict):
        raise svc.ServiceError(_("table: expected an object with id, name and created_at"), "table")
    if not isinstance(info.get("id"), str) or not tables.TABLE_ID.fullmatch(info["id"]):
        raise svc.ServiceError(_("table.id: %(value)s is not a table id", value=repr(str(info.get("id"))[:40])), "table.id")
    tables._table_name(info.get("name"), "table.name")
    try:
        datetime.fromisoformat(info.get("created_at"))
    except (TypeError, ValueError):
        raise svc.ServiceError(_("table.created_at: %(value)s is not an ISO 8601 time",
                                 value=repr(str(info.get("created_at"))[:40])), "table.created_at") from None
    players = doc.get("players")
    if not isinstance(players, list):
        raise svc.ServiceError(_("players: expected a list of the roster's players"), "players")
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            raise svc.ServiceError(_("players[%(i)s]: expected an object with a name", i=i), f"players[{i}]")
        try:
            rules.check_name(p.get("name"), f"players[{i}].name")
        except rules.RulesInputError as err:
            raise svc.ServiceError(str(err), f"players[{i}].name") from None
    games = doc.get("games")
    if not isinstance(games, dict) or not isinstance(games.get("games"), list):
        raise svc.ServiceError(_("games: expected the table's games in the backup format"), "games")
    return info, players, games


def _claim_table(info: dict) -> str:
    """Create the imported table first thing in the import's transaction, so that the database's
    unique id decides between two imports of one new table made at the same moment: the other one
    waits for this transaction and is refused (409) rather than adding its games to this table.
    Returns the new table's edit token."""
    token = svc.new_token()
    db.session.add(Table(id=info["id"], name=rules.name_form(info["name"]), edit_token_hash=svc.hash_token(token),
                         created_at=datetime.fromisoformat(info["created_at"])))
    try:
        db.session.flush()
    except (IntegrityError, OperationalError):
        db.session.rollback()
        raise svc.Conflict(_("table.id: table %(id)s was imported at the same moment by someone else; to add these "
                             "games to it, import again with its edit token", id=repr(info["id"])), "table.id") from None
    return token


def import_table(doc: object, token: str | None) -> dict[str, Any]:
    """Import a table export: ``{"table": id, "created": bool, "edit_token" (a new table only),
    "imported": [game ids], "skipped": [game ids already here]}``; one transaction."""
    info, players, games_doc = _table_part(doc)
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
        tables._roster_entries(table, [p["name"] for p in players])
        for values in house_variants:
            if session.get(HouseVariant, values["id"]) is None:  # one already here stays as it is
                session.add(HouseVariant(**{**values, "table_id": table.id,
                                            "edit_token_hash": svc.hash_token(svc.new_token())}))
                added_variants.append(values["id"])
        for gid in ids:
            if gid in already:
                continue
            game = session.get(Game, gid)
            if game is not None:
                tables._seat_in_table(table, game)

    tables.run_before_commit(db.session, link)
    try:
        report = backup.import_document(games_doc)
    except backup.BackupConflict as err:
        raise svc.Conflict(f"games: {err}", "games") from None
    except backup.BackupError as err:
        raise svc.ServiceError(f"games: {err}", "games") from None
    finally:
        db.session.info.pop(tables._BEFORE_COMMIT, None)
    body = {"table": info["id"], "created": existing is None, "imported": report["imported"],
            "skipped": report["skipped"], "house_variants": added_variants,
            "skipped_house_variants": [v["id"] for v in house_variants if v["id"] not in added_variants]}
    if new_token is not None:
        body["edit_token"] = new_token
    return body
