"""Backup and restore: every game with its seats, rounds, hands, corrections, rulings and
idempotency keys, and the club's players, as one JSON document; per-game JSON and CSV downloads.

- ``flask --app scorekeeper export [FILE]`` writes the backup (to standard output without FILE).
- ``flask --app scorekeeper import FILE`` adds the games of a backup (``-`` reads standard input)
  in ONE transaction: all of them or, on any error, none. Games whose id is already stored are
  left alone (reported as skipped). Players are matched by name, case-insensitively. Every value
  is checked against its column and every game against the API's rules (``backup_checks``)
  before it joins the session: the first refusal names the game and the field.
- ``GET /games/<id>/export.json``: the one game, in the backup format without its secrets (edit
  token hash, idempotency keys), so it can be imported elsewhere (a new edit link is printed).
- ``GET /games/<id>/export.csv``: the scoresheet as a table: a row per round, a totals row.

The document lists every column of every table by name (generated from the models, so a new
column is exported without touching this module); internal integer ids are not exported, the
nesting says what belongs to what.
"""
from __future__ import annotations

import csv
import functools
import io
import json
import math
import sys
from datetime import UTC, datetime
from typing import Any

import click
from flask import Blueprint, Flask, Response, abort, current_app
from flask.cli import with_appcontext
from flask_babel import gettext as _
from sqlalchemy import JSON, Boolean, DateTime, Integer, String, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm.exc import StaleDataError
from sqlalchemy.orm import selectinload, undefer

from .db import db
from .models import (Correction, Game, HandRecord, HouseVariant, IdempotencyKey, Player, Round, Ruling, Seat,
                     Table, TablePlayer)

FORMAT = "scorekeeper-backup"
FORMAT_VERSION = 1

bp = Blueprint("backup", __name__)

# Columns left out of each record: surrogate ids and the foreign keys that the nesting replaces.
_LEFT_OUT = {
    Player: {"id"},
    # A game's table and roster entry travel beside it (the server backup: _add_table_membership)
    # or with the table's own export (services/table_export.py).
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
def _columns(model) -> tuple:
    return tuple(c for c in model.__table__.columns if c.key not in _LEFT_OUT[model])


def _dump(obj, model) -> dict[str, Any]:
    values = {column.key: getattr(obj, column.key) for column in _columns(model)}
    return {key: value.isoformat() if isinstance(value, datetime) else value for key, value in values.items()}


def _load(data: object, model, where: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise BackupError(_("%(where)s: expected an object, found %(name)s", where=where, name=type(data).__name__))
    columns = {c.key: c for c in _columns(model)}
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
            value = datetime.fromisoformat(value)
            if value.tzinfo is not None:  # times are stored as naive UTC
                value = value.astimezone(UTC).replace(tzinfo=None)
        except (TypeError, ValueError, OverflowError):
            raise BackupError(_("%(where)s: %(value)s is not an ISO 8601 time",
                                where=where, value=_shown(value))) from None
        return value
    if isinstance(kind, Boolean):
        if not isinstance(value, bool):
            raise BackupError(_("%(where)s: %(value)s is not true or false", where=where, value=_shown(value)))
        return value
    if isinstance(kind, Integer):
        if not isinstance(value, int) or isinstance(value, bool):
            raise BackupError(_("%(where)s: %(value)s is not a whole number", where=where, value=_shown(value)))
        if not INT_RANGE[0] <= value <= INT_RANGE[1]:
            raise BackupError(_("%(where)s: %(value)s is out of range (%(low)s to %(high)s)", where=where, value=value,
                                low=INT_RANGE[0], high=INT_RANGE[1]))
        return value
    if isinstance(kind, String):  # (Text too)
        if not isinstance(value, str):
            raise BackupError(_("%(where)s: %(value)s is not text", where=where, value=_shown(value)))
        if kind.length is not None and len(value) > kind.length:
            raise BackupError(_("%(where)s: %(value)s is too long (at most %(length)s characters)",
                                where=where, value=_shown(value), length=kind.length))
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


def _shown(value: object) -> str:
    """A value as a message shows it: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def game_record(game: Game, secrets: bool = True) -> dict[str, Any]:
    """One game and everything that belongs to it."""
    record = _dump(game, Game)
    record["seats"] = [{**_dump(seat, Seat), "player": seat.player.name_key} for seat in game.seats]
    record["rounds"] = [{**_dump(rnd, Round), "hands": [_dump(h, HandRecord) for h in rnd.hands]}
                        for rnd in game.rounds]
    record["corrections"] = [_dump(c, Correction) for c in game.corrections]
    record["rulings"] = [_dump(r, Ruling) for r in game.rulings]
    if secrets:
        keys = db.session.execute(
            db.select(IdempotencyKey).where(IdempotencyKey.game_id == game.id).order_by(IdempotencyKey.id)
        ).scalars()
        record["idempotency_keys"] = [_dump(k, IdempotencyKey) for k in keys]
    else:
        for field in SECRET_GAME_FIELDS:
            record.pop(field, None)
    return record


def _document(games: list[Game], players: list[Player], secrets: bool = True) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "exported_at": datetime.now(UTC).replace(tzinfo=None).isoformat(),
        "players": [_dump(p, Player) for p in players],
        "games": [game_record(g, secrets) for g in games],
    }


def export_all() -> dict[str, Any]:
    """The whole database as a backup document (with the house variants)."""
    everything = (undefer(Game.rules_snapshot), selectinload(Game.rounds).undefer(Round.submission))
    games = db.session.execute(db.select(Game).options(*everything).order_by(Game.created_at, Game.id)).scalars().all()
    players = db.session.execute(db.select(Player).order_by(Player.id)).scalars().all()
    doc = {**_document(list(games), list(players)), "house_variants": _house_variant_records()}
    _add_tables(doc, list(games))
    return doc


def _house_variant_records() -> list[dict[str, Any]]:
    rows = db.session.execute(db.select(HouseVariant).order_by(HouseVariant.created_at, HouseVariant.id)).scalars()
    return [_dump(row, HouseVariant) for row in rows]


def _import_house_variants(items: object, report: dict[str, Any], tables: set[str]) -> None:
    """Add the house variants of a backup (optional key; those already stored are skipped). Each
    one's rules are read back through the same checks as an imported variant file; its table must
    be one of the backup's ``tables`` or already here."""
    from .rules.house import from_toml
    from .rules.errors import RulesInputError

    if items is None:
        return
    if not isinstance(items, list):
        raise BackupError(_('house_variants: expected a list'))
    for i, data in enumerate(items):
        values = _load(data, HouseVariant, f"house_variants[{i}]")
        if db.session.get(HouseVariant, values["id"]) is not None:
            report["skipped_house_variants"].append(values["id"])
            continue
        try:
            from_toml(values["rules_toml"], id=values["id"], name=values["name"])
        except (RulesInputError, TypeError) as err:
            raise BackupError(f"house_variants[{i}].rules_toml: {err}") from None
        table_id = values.get("table_id")
        if table_id is not None and table_id not in tables and db.session.get(Table, table_id) is None:
            raise BackupError(_("house_variants[%(i)s].table_id: %(table_id)s is not in tables",
                                i=i, table_id=_shown(table_id)))
        db.session.add(HouseVariant(**values))
        report["house_variants"].append(values["id"])


def export_game(game: Game) -> dict[str, Any]:
    """One game, without its secrets (for the download link any viewer may use)."""
    players = sorted({s.player.id: s.player for s in game.seats}.values(), key=lambda p: p.id)
    return _document([game], players, secrets=False)


def import_document(doc: object) -> dict[str, Any]:
    """Add the games of a backup document in one transaction. Returns what was done:
    ``{"imported": [ids], "skipped": [ids], "players": n, "new_tokens": {id: token}}``."""
    from .backup_checks import check_game, check_idempotency_response
    from .services.games import hash_token, new_token

    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise BackupError(_('format: not a scorekeeper backup (expected "format": "%(format)s"); nothing was imported',
                            format=FORMAT))
    if doc.get("version") != FORMAT_VERSION:
        raise BackupError(_("version: %(value)r is not a backup version this app reads (%(known)s); nothing was imported",
                            value=doc.get("version"), known=FORMAT_VERSION))
    players_in, games_in = doc.get("players"), doc.get("games")
    if not isinstance(players_in, list) or not isinstance(games_in, list):
        raise BackupError(_('players and games: both must be lists; nothing was imported'))
    report: dict[str, Any] = {"imported": [], "skipped": [], "players": 0, "new_tokens": {}, "tables": 0,
                              "house_variants": [], "skipped_house_variants": []}
    try:
        rosters = _import_tables(doc.get("tables", []), report)
        _import_house_variants(doc.get("house_variants"), report, set(rosters))
        players: dict[str, Player] = {
            p.name_key: p for p in db.session.execute(db.select(Player)).scalars()
        }
        for i, data in enumerate(players_in):
            values = _load(data, Player, f"players[{i}]")
            key = values.get("name_key")
            if key in players:
                existing = players[key]
                if values.get("last_played_at") and values["last_played_at"] > existing.last_played_at:
                    existing.last_played_at = values["last_played_at"]
                continue
            players[key] = Player(**values)
            db.session.add(players[key])
            report["players"] += 1
        versions: dict[str, int] = {}
        seen: dict[str, str] = {}
        for i, data in enumerate(games_in):
            where = f"games[{i}]"
            values = _load(data, Game, where)
            if "id" not in values:
                raise BackupError(_("%(where)s.id: missing", where=where))
            if values["id"] in seen:
                raise BackupError(_("%(where)s.id: %(id)r is also the id of %(seen)s",
                                    where=where, id=values['id'], seen=seen[values['id']]))
            seen[values["id"]] = where
            if db.session.get(Game, values["id"]) is not None:
                report["skipped"].append(values["id"])
                continue
            if not values.get("edit_token_hash"):
                token = new_token()
                values["edit_token_hash"] = hash_token(token)
                report["new_tokens"][values["id"]] = token
            versions[values["id"]] = values.pop("version", 1) or 1
            if versions[values["id"]] < 1:
                raise BackupError(_("%(where)s.version: %(versions)s is not a version (1 or more)",
                                    where=where, versions=versions[values['id']]))
            game = Game(**values)
            for j, seat_data in enumerate(_list(data, "seats", where)):
                seat_values = _load(seat_data, Seat, f"{where}.seats[{j}]")
                key = seat_data.get("player")
                player = players.get(key) if isinstance(key, str) else None
                if player is None:
                    raise BackupError(_("%(where)s.seats[%(j)s].player: %(value)r is not in players",
                                        where=where, j=j, value=seat_data.get('player')))
                game.seats.append(Seat(**seat_values, player=player))
            for j, round_data in enumerate(_list(data, "rounds", where)):
                rnd = Round(**_load(round_data, Round, f"{where}.rounds[{j}]"))
                rnd.hands = [HandRecord(**_load(h, HandRecord, f"{where}.rounds[{j}].hands[{k}]"))
                             for k, h in enumerate(_list(round_data, "hands", f"{where}.rounds[{j}]"))]
                game.rounds.append(rnd)
            game.corrections = [Correction(**_load(c, Correction, f"{where}.corrections[{j}]"))
                                for j, c in enumerate(_list(data, "corrections", where))]
            game.rulings = [Ruling(**_load(r, Ruling, f"{where}.rulings[{j}]"))
                            for j, r in enumerate(_list(data, "rulings", where))]
            _link_to_table(game, data, rosters, where)
            check_game(game, where)  # the API's rules, before the game joins the session
            keys: dict[str, IdempotencyKey] = {}
            for j, k in enumerate(_list(data, "idempotency_keys", where, required=False)):
                key_values = _load(k, IdempotencyKey, f"{where}.idempotency_keys[{j}]")
                check_idempotency_response(key_values["response"], f"{where}.idempotency_keys[{j}]")
                if key_values["key"] in keys:
                    raise BackupError(_("%(where)s.idempotency_keys[%(j)s].key: %(key)r is there twice",
                                        where=where, j=j, key=key_values['key']))
                keys[key_values["key"]] = IdempotencyKey(game_id=values["id"], **key_values)
            db.session.add(game)
            db.session.add_all(keys.values())
            report["imported"].append(values["id"])
        db.session.flush()
        # The version counter is the optimistic lock; keep it so that open pages stay valid.
        for game_id, version in versions.items():
            db.session.execute(update(Game).where(Game.id == game_id).values(version=version))
        db.session.commit()
    except BackupError as err:
        db.session.rollback()
        game_id = _game_id_at(games_in, str(err))
        raise BackupError((_("%(err)s (game %(game)r); nothing was imported", err=err, game=game_id) if game_id
                          else _("%(err)s; nothing was imported", err=err))) from None
    except Exception as err:
        # The database's own words (its SQL statement, the values, a token's hash among them) go to
        # the server's log, never into the answer.
        db.session.rollback()
        current_app.logger.warning("a backup import was not stored: %r", err)
        if isinstance(err, (IntegrityError, OperationalError, StaleDataError)):
            raise BackupConflict(_("the backup could not be stored: another change reached the same games or "
                                   "players at the same moment; nothing was imported, try again")) from None
        raise BackupError(_("the backup could not be stored; nothing was imported")) from None
    finally:
        db.session.expire_all()
    return report


def _game_id_at(games: list, message: str) -> str | None:
    """The id of the game a refusal is about (``games[3]...``), to name it beside the place."""
    if not message.startswith("games["):
        return None
    index = message[len("games["):].split("]", 1)[0]
    if not index.isdigit() or int(index) >= len(games) or not isinstance(games[int(index)], dict):
        return None
    game_id = games[int(index)].get("id")
    return game_id if isinstance(game_id, str) else None


def _list(data: dict, key: str, where: str, required: bool = True) -> list:
    value = data.get(key, None if required else [])
    if not isinstance(value, list):
        raise BackupError(_("%(where)s.%(key)s: expected a list, found %(name)s",
                            where=where, key=key, name=type(value).__name__))
    return value


# ----- tables in the server backup ---------------------------------------------------------------------
# The server backup carries every table with its roster, each game's table and each seat's roster
# entry; the statistics summaries (game_results, round_results) are not exported: they are rebuilt
# when the restored games are committed (services/tables.py, refresh_results).

def _add_tables(doc: dict[str, Any], games: list[Game]) -> None:
    """Add the tables, their rosters and the games' membership to a server backup document."""
    all_tables = db.session.execute(db.select(Table).order_by(Table.created_at, Table.id)).scalars().all()
    doc["tables"] = [{**_dump(table, Table),
                      "players": [_dump(p, TablePlayer) for p in sorted(table.players, key=lambda p: p.id)]}
                     for table in all_tables]
    for game, record in zip(games, doc["games"]):
        if game.table_id is None:
            continue
        record["table_id"] = game.table_id
        for seat, row in zip(game.seats, record["seats"]):
            if seat.table_player_id is not None:
                row["table_player"] = db.session.get(TablePlayer, seat.table_player_id).name_key


def _import_tables(tables_in: object, report: dict[str, Any]) -> dict[str, dict[str, TablePlayer]]:
    """The backup's tables, created when not here (a table already here is kept, its roster
    completed): each table's roster by name key, for ``_link_to_table``."""
    from .rules import game as rules
    from .services.tables import TABLE_ID

    if not isinstance(tables_in, list):
        raise BackupError(_("tables: expected a list, found %(name)s", name=type(tables_in).__name__))
    rosters: dict[str, dict[str, TablePlayer]] = {}
    for i, data in enumerate(tables_in):
        where = f"tables[{i}]"
        if not isinstance(data, dict):
            raise BackupError(_("%(where)s: expected an object, found %(name)s", where=where, name=type(data).__name__))
        values = _load({k: v for k, v in data.items() if k != "players"}, Table, where)
        if not isinstance(values.get("id"), str) or not TABLE_ID.fullmatch(values["id"]):
            raise BackupError(_("%(where)s.id: %(value)s is not a table id",
                                where=where, value=_shown(values.get('id'))))
        if values["id"] in rosters:
            raise BackupError(_("%(where)s.id: %(id)r is there twice", where=where, id=values['id']))
        table = db.session.get(Table, values["id"])
        if table is None:
            table = Table(**values)
            db.session.add(table)
            report["tables"] += 1
        roster = rosters[values["id"]] = {p.name_key: p for p in table.players}
        for j, player_data in enumerate(_list(data, "players", where)):
            player_values = _load(player_data, TablePlayer, f"{where}.players[{j}]")
            try:
                name = rules.check_name(player_values["name"], f"{where}.players[{j}].name")
            except rules.RulesInputError as err:
                raise BackupError(str(err)) from None
            key = rules.name_key(name)
            if key not in roster:
                roster[key] = TablePlayer(**player_values, name_key=key)
                table.players.append(roster[key])
    return rosters


def _link_to_table(game: Game, data: dict, rosters: dict[str, dict[str, TablePlayer]], where: str) -> None:
    """Put a restored game back in its table and its seats on the table's roster."""
    table_id = data.get("table_id")
    if table_id is None:
        if any(isinstance(s, dict) and s.get("table_player") is not None for s in data.get("seats", [])):
            raise BackupError(_("%(where)s.seats: a seat names a roster player but the game has no table_id",
                                where=where))
        return
    if not isinstance(table_id, str) or table_id not in rosters:
        raise BackupError(_("%(where)s.table_id: %(table_id)s is not in tables",
                            where=where, table_id=_shown(table_id)))
    game.table_id = table_id
    roster = rosters[table_id]
    for j, (seat, seat_data) in enumerate(zip(game.seats, data["seats"])):
        key = seat_data.get("table_player")
        if key is None:
            continue
        if not isinstance(key, str) or key not in roster:
            raise BackupError(_("%(where)s.seats[%(j)s].table_player: %(key)s is not on the roster of table %(table_id)r",
                                where=where, j=j, key=_shown(key), table_id=table_id))
        seat.table_player = roster[key]


# ----- downloads ----------------------------------------------------------------------------------

def _game_or_404(game_id: str) -> Game:
    from .services.games import NotFound, get_game

    try:
        return get_game(game_id)
    except NotFound:
        abort(404)


def _safe_cell(value: object) -> object:
    """Keep spreadsheet programs from running a name as a formula (CSV injection)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def game_csv(game: Game) -> str:
    from .services.games import game_state

    state = game_state(game)
    names = state["players"]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["round", "dealer", "contract", "went_out", "end", *[_safe_cell(n) for n in names]])
    for rnd in state["rounds"]:
        contract = rnd.get("contract")
        contract_text = "" if not contract else f"{contract['sets']} sets, {contract['runs']} runs"
        bonus = rnd.get("bonus") or {}
        writer.writerow([
            rnd["number"], _safe_cell(rnd["dealer"]), contract_text, _safe_cell(rnd["went_out"] or ""),
            rnd.get("end", ""),
            *[rnd["scores"].get(n, 0) + bonus.get(n, 0) if n in rnd["scores"] else "" for n in names],
        ])
    writer.writerow(["total", "", "", "", "", *[state["totals"].get(n, "") for n in names]])
    return out.getvalue()


@bp.get("/games/<game_id>/export.json")
def download_json(game_id: str):
    game = _game_or_404(game_id)
    body = json.dumps(export_game(game), indent=2, ensure_ascii=False)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="scorekeeper-{game.id}.json"'})


@bp.get("/games/<game_id>/export.csv")
def download_csv(game_id: str):
    game = _game_or_404(game_id)
    return Response(game_csv(game), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="scorekeeper-{game.id}.csv"'})


# ----- command line -----------------------------------------------------------------------------------

@click.command("export")
@click.argument("file", required=False, default="-")
@with_appcontext
def export_command(file: str) -> None:
    """Write every game, player, correction and ruling as JSON to FILE (default: standard output)."""
    doc = export_all()
    text = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    if file == "-":
        click.echo(text, nl=False)
    else:
        with open(file, "w", encoding="utf-8") as f:
            f.write(text)
        click.echo(f"exported {len(doc['games'])} games and {len(doc['players'])} players to {file}", err=True)


@click.command("import")
@click.argument("file")
@with_appcontext
def import_command(file: str) -> None:
    """Add the games of a backup made by `export` (FILE, or - for standard input)."""
    try:
        if file == "-":
            text = sys.stdin.read()
        else:
            with open(file, encoding="utf-8") as f:
                text = f.read()
    except OSError as err:
        raise click.ClickException(f"{file}: {err.strerror}") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        raise click.ClickException(f"{file}: not JSON ({err})") from None
    try:
        report = import_document(doc)
    except BackupError as err:
        raise click.ClickException(f"{file}: {err}") from None
    click.echo(f"imported {len(report['imported'])} games and {report['players']} new players"
               + (f" and {report['tables']} tables" if report["tables"] else "")
               + (f"; skipped {len(report['skipped'])} games already stored: {', '.join(map(str, report['skipped']))}"
                  if report["skipped"] else ""))
    for game_id, token in report["new_tokens"].items():
        click.echo(f"game {game_id}: new edit token {token}")
    if report["house_variants"]:
        click.echo(f"imported {len(report['house_variants'])} house variants")


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.cli.add_command(export_command)
    app.cli.add_command(import_command)
