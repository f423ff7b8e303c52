"""Restore: add the games (and players, tables, house variants) of a backup document in ONE
transaction: all of them or, on any error, none. Games whose id is already stored are left alone
(reported as skipped); players are matched by name, case-insensitively. Every value is checked
against its column and every game against the API's rules (``checks.py``) before it joins the
session: the first refusal names the game and the field."""
from __future__ import annotations

from typing import Any

from flask import current_app
from flask_babel import gettext as _
from sqlalchemy import update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm.exc import StaleDataError

from ..db import db
from ..models import (Correction, Game, HandRecord, HouseVariant, IdempotencyKey, Player, Round, Ruling, Seat,
                      Table, TablePlayer)
from ..rules.kept_sentences import values_from_english
from .format import FORMAT, FORMAT_VERSION, BackupConflict, BackupError, load_row, shown


def _import_house_variants(items: object, report: dict[str, Any], tables: set[str]) -> None:
    """Add the house variants of a backup (optional key; those already stored are skipped). Each
    one's rules are read back through the same checks as an imported variant file; its table must
    be one of the backup's ``tables`` or already here."""
    from ..rules.house import from_toml
    from ..rules.errors import RulesInputError

    if items is None:
        return
    if not isinstance(items, list):
        raise BackupError(_('house_variants: expected a list'))
    for i, data in enumerate(items):
        values = load_row(data, HouseVariant, f"house_variants[{i}]")
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
                                i=i, table_id=shown(table_id)))
        db.session.add(HouseVariant(**values))
        report["house_variants"].append(values["id"])


def _ruling(values: dict) -> Ruling:
    """A ruling row; one the app applied to a round, from a backup made before the app kept its
    values, gets them back from its English summary (rules/kept_sentences.py), as migration 0010 did."""
    kind, summary = values.get("kind"), values.get("summary")
    if values.get("automatic") and values.get("summary_values") is None and isinstance(kind, str) \
            and isinstance(summary, str):
        values["summary_values"] = values_from_english(kind, summary)
    return Ruling(**values)


def import_document(doc: object) -> dict[str, Any]:
    """Add the games of a backup document in one transaction. Returns what was done:
    ``{"imported": [ids], "skipped": [ids], "players": n, "new_tokens": {id: token}}``."""
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
        players = _import_players(players_in, report)
        versions: dict[str, int] = {}
        seen: dict[str, str] = {}
        for i, data in enumerate(games_in):
            _import_game(data, f"games[{i}]", seen, players, rosters, versions, report)
        db.session.flush()
        # The version counter is the optimistic lock; keep it so that open pages stay valid.
        for game_id, version in versions.items():
            db.session.execute(update(Game).where(Game.id == game_id).values(version=version))
        db.session.commit()
    except BackupError as err:
        db.session.rollback()
        failed_game = _game_id_at(games_in, str(err))
        raise BackupError((_("%(err)s (game %(game)r); nothing was imported", err=err, game=failed_game) if failed_game
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


def _import_game(data: Any, where: str, seen: dict[str, str], players: dict[str, Player], rosters,
                 versions: dict[str, int], report: dict[str, Any]) -> None:
    """One game of the backup added (its id ``seen`` once), or skipped when a game of that id is
    here already; a game without an edit token gets a new one (in ``report``), its version is kept
    in ``versions`` for after the flush."""
    from .checks import check_game
    from ..services import tokens

    values = load_row(data, Game, where)
    if "id" not in values:
        raise BackupError(_("%(where)s.id: missing", where=where))
    if values["id"] in seen:
        raise BackupError(_("%(where)s.id: %(id)r is also the id of %(seen)s",
                            where=where, id=values['id'], seen=seen[values['id']]))
    seen[values["id"]] = where
    if db.session.get(Game, values["id"]) is not None:
        report["skipped"].append(values["id"])
        return
    if not values.get("edit_token_hash"):
        token, values["edit_token_hash"] = tokens.fresh()
        report["new_tokens"][values["id"]] = token
    versions[values["id"]] = values.pop("version", 1) or 1
    if versions[values["id"]] < 1:
        raise BackupError(_("%(where)s.version: %(versions)s is not a version (1 or more)",
                            where=where, versions=versions[values['id']]))
    game = _game_of(data, values, where, players)
    _link_to_table(game, data, rosters, where)
    check_game(game, where)  # the API's rules, before the game joins the session
    keys = _idempotency_keys(data, values["id"], where)
    db.session.add(game)
    db.session.add_all(keys)
    report["imported"].append(values["id"])


def _import_players(players_in: list, report: dict[str, Any]) -> dict[str, Player]:
    """Every player of the backup by name key: one already here is kept (its last game the later
    of the two), a new one added and counted in ``report``."""
    players: dict[str, Player] = {p.name_key: p for p in db.session.execute(db.select(Player)).scalars()}
    for i, data in enumerate(players_in):
        values = load_row(data, Player, f"players[{i}]")
        key = values["name_key"]  # (a column load_row requires)
        if key in players:
            existing = players[key]
            if values.get("last_played_at") and values["last_played_at"] > existing.last_played_at:
                existing.last_played_at = values["last_played_at"]
            continue
        players[key] = Player(**values)
        db.session.add(players[key])
        report["players"] += 1
    return players


def _game_of(data: dict, values: dict[str, Any], where: str, players: dict[str, Player]) -> Game:
    """The game of a backup's entry with its seats (each one of ``players``), rounds and hands,
    corrections and rulings."""
    game = Game(**values)
    for j, seat_data in enumerate(_list(data, "seats", where)):
        seat_values = load_row(seat_data, Seat, f"{where}.seats[{j}]")
        key = seat_data.get("player")
        player = players.get(key) if isinstance(key, str) else None
        if player is None:
            raise BackupError(_("%(where)s.seats[%(j)s].player: %(value)r is not in players",
                                where=where, j=j, value=seat_data.get('player')))
        game.seats.append(Seat(**seat_values, player=player))
    for j, round_data in enumerate(_list(data, "rounds", where)):
        rnd = Round(**load_row(round_data, Round, f"{where}.rounds[{j}]"))
        rnd.hands = [HandRecord(**load_row(h, HandRecord, f"{where}.rounds[{j}].hands[{k}]"))
                     for k, h in enumerate(_list(round_data, "hands", f"{where}.rounds[{j}]"))]
        game.rounds.append(rnd)
    game.corrections = [Correction(**load_row(c, Correction, f"{where}.corrections[{j}]"))
                        for j, c in enumerate(_list(data, "corrections", where))]
    game.rulings = [_ruling(load_row(r, Ruling, f"{where}.rulings[{j}]"))
                    for j, r in enumerate(_list(data, "rulings", where))]
    return game


def _idempotency_keys(data: dict, game_id: str, where: str) -> list[IdempotencyKey]:
    """The game's kept answers to retried round submissions, each key once."""
    from .checks import check_idempotency_response

    keys: dict[str, IdempotencyKey] = {}
    for j, k in enumerate(_list(data, "idempotency_keys", where, required=False)):
        key_values = load_row(k, IdempotencyKey, f"{where}.idempotency_keys[{j}]")
        check_idempotency_response(key_values["response"], f"{where}.idempotency_keys[{j}]")
        if key_values["key"] in keys:
            raise BackupError(_("%(where)s.idempotency_keys[%(j)s].key: %(key)r is there twice",
                                where=where, j=j, key=key_values['key']))
        keys[key_values["key"]] = IdempotencyKey(game_id=game_id, **key_values)
    return list(keys.values())


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


def _import_tables(tables_in: object, report: dict[str, Any]) -> dict[str, dict[str, TablePlayer]]:
    """The backup's tables, created when not here (a table already here is kept, its roster
    completed): each table's roster by name key, for ``_link_to_table``."""
    from ..rules import game as rules
    from ..services.tables import TABLE_ID

    if not isinstance(tables_in, list):
        raise BackupError(_("tables: expected a list, found %(name)s", name=type(tables_in).__name__))
    rosters: dict[str, dict[str, TablePlayer]] = {}
    for i, data in enumerate(tables_in):
        where = f"tables[{i}]"
        if not isinstance(data, dict):
            raise BackupError(_("%(where)s: expected an object, found %(name)s", where=where, name=type(data).__name__))
        values = load_row({k: v for k, v in data.items() if k != "players"}, Table, where)
        if not isinstance(values.get("id"), str) or not TABLE_ID.fullmatch(values["id"]):
            raise BackupError(_("%(where)s.id: %(value)s is not a table id",
                                where=where, value=shown(values.get('id'))))
        if values["id"] in rosters:
            raise BackupError(_("%(where)s.id: %(id)r is there twice", where=where, id=values['id']))
        table = db.session.get(Table, values["id"])
        if table is None:
            table = Table(**values)
            db.session.add(table)
            report["tables"] += 1
        roster = rosters[values["id"]] = {p.name_key: p for p in table.players}
        for j, player_data in enumerate(_list(data, "players", where)):
            player_values = load_row(player_data, TablePlayer, f"{where}.players[{j}]")
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
                            where=where, table_id=shown(table_id)))
    game.table_id = table_id
    roster = rosters[table_id]
    for j, (seat, seat_data) in enumerate(zip(game.seats, data["seats"])):
        key = seat_data.get("table_player")
        if key is None:
            continue
        if not isinstance(key, str) or key not in roster:
            raise BackupError(_("%(where)s.seats[%(j)s].table_player: %(key)s is not on the roster of table %(table_id)r",
                                where=where, j=j, key=shown(key), table_id=table_id))
        seat.table_player = roster[key]
