"""Tables: a family or a club, its roster of players and its games (docs/api.md, "Tables").

A table is read by its unguessable id and changed with its edit token, like a game. Its games'
players are matched to the roster by name (rules/game.py, ``name_key``: case-insensitive, after
Unicode NFC normalisation) and seated under the roster's spelling; a new name joins the roster.
Every change to a table's game refreshes that game's rows in ``game_results`` (one per player:
rounds, points, total, win) before the transaction commits, so the statistics (services/stats.py)
are aggregate queries that never load a game.
"""
from __future__ import annotations

import hmac
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Iterable

from flask_babel import gettext as _
from sqlalchemy import delete, event, func, or_, select, update
from sqlalchemy.orm import Session

from ..db import db
from ..models import (Correction, Game, GameResult, HandRecord, HouseVariant, Round, RoundResult, Ruling, Seat,
                      Table, TablePlayer, new_game_id, utcnow)
from ..rules import game as rules
from ..rules.errors import RulesInputError
from ..rules.look_alike import skeleton
from . import games as svc
from .unique_rows import add_missing

MAX_TABLE_NAME = 80
TABLE_ID = svc.GAME_ID


# ----- tables and tokens ---------------------------------------------------------------------------

@dataclass(frozen=True)
class CreatedTable:
    table: Table
    edit_token: str


def _table_name(value: object, field: str = "name") -> str:
    if not isinstance(value, str):
        raise svc.ServiceError(_("%(field)s: %(value)s is not a name (expected text such as 'The Smiths')", field=field,
                                 value=repr(value)), field)
    clean = rules.name_form(value)
    if not clean:
        raise svc.ServiceError(_("%(field)s: a table's name cannot be blank", field=field), field)
    if len(clean) > MAX_TABLE_NAME:
        raise svc.ServiceError(_("%(field)s: %(value)s… is too long (at most %(max)s characters)", field=field,
                                 value=repr(clean[:20]), max=MAX_TABLE_NAME), field)
    if any(not ch.isprintable() for ch in clean):
        raise svc.ServiceError(_("%(field)s: %(value)s contains characters that cannot be shown", field=field,
                                 value=repr(clean)), field)
    return clean


def create_table(name: object) -> CreatedTable:
    """A new table with no players and no games yet; its edit token is shown once."""
    clean = _table_name(name)
    token = svc.new_token()
    table = Table(id=new_game_id(), name=clean, edit_token_hash=svc.hash_token(token), created_at=utcnow())
    db.session.add(table)
    svc._commit(_("the table could not be saved; try again"))
    return CreatedTable(table, token)


def get_table(table_id: object) -> Table:
    if not isinstance(table_id, str) or not TABLE_ID.fullmatch(table_id):
        raise svc.NotFound(_("no table %(id)s", id=repr(table_id[:40] if isinstance(table_id, str) else table_id)), "id")
    table = db.session.get(Table, table_id)
    if table is None:
        raise svc.NotFound(_("no table %(id)s", id=repr(table_id)), "id")
    return table


def token_matches(table: Table, token: object) -> bool:
    if not isinstance(token, str) or not token or len(token) > 200:
        return False
    return hmac.compare_digest(svc.hash_token(token).encode(), table.edit_token_hash.encode())


def check_token(table: Table, token: str | None) -> None:
    """401 without a token, 403 with a wrong one, exactly as for games."""
    if not token:
        raise svc.Unauthorized(_("this change needs the table's edit token (Authorization: Bearer <edit_token>)"),
                               "Authorization")
    if not token_matches(table, token):
        raise svc.Forbidden(_("the edit token is not valid for this table (it may have been replaced)"), "Authorization")


def rotate_token(table: Table) -> str:
    """Replace the table's edit token, and end every right the old one gave out (docs/tables.md,
    "A new edit link"): the old table link, and the edit tokens of the table's games and house
    variants, which the old token's holders may have been given when they started them. The new
    table token changes all of them (services/loading.py, token_matches; services/house.py)."""
    token = svc.new_token()
    now = utcnow()
    table.edit_token_hash = svc.hash_token(token)
    table.token_rotated_at = now
    # A hash of a token that nobody is given: the rows' old tokens stop working.
    db.session.execute(update(Game).where(Game.table_id == table.id).values(
        edit_token_hash=svc.hash_token(svc.new_token()), token_rotated_at=now, version=Game.version + 1,
        updated_at=now), execution_options={"synchronize_session": False})
    db.session.execute(update(HouseVariant).where(HouseVariant.table_id == table.id).values(
        edit_token_hash=svc.hash_token(svc.new_token())), execution_options={"synchronize_session": False})
    svc._commit(_("the table was changed at the same moment; try again"))
    db.session.expire_all()
    return token


def reissue_tokens(table: Table, game_ids: Iterable[str], variant_ids: Iterable[str]) -> tuple[dict, dict]:
    """New edit tokens for some of the table's games and house variants (the ones the phone that
    made a new table link could change before): ``({game id: token}, {variant id: token})``."""
    games = {gid: svc.new_token() for gid in db.session.execute(
        select(Game.id).where(Game.table_id == table.id, Game.id.in_(list(game_ids)))).scalars()}
    variants = {vid: svc.new_token() for vid in db.session.execute(
        select(HouseVariant.id).where(HouseVariant.table_id == table.id, HouseVariant.id.in_(list(variant_ids)))
    ).scalars()}
    for gid, token in games.items():
        db.session.execute(update(Game).where(Game.id == gid).values(edit_token_hash=svc.hash_token(token)),
                           execution_options={"synchronize_session": False})
    for vid, token in variants.items():
        db.session.execute(update(HouseVariant).where(HouseVariant.id == vid).values(
            edit_token_hash=svc.hash_token(token)), execution_options={"synchronize_session": False})
    svc._commit(_("the table was changed at the same moment; try again"))
    db.session.expire_all()
    return games, variants


def rename_table(table: Table, name: object) -> None:
    table.name = _table_name(name)
    # Its games' pages name the table: their answers (and ETags) move on with the name.
    db.session.execute(update(Game).where(Game.table_id == table.id)
                       .values(version=Game.version + 1, updated_at=utcnow()))
    svc._commit(_("the table was changed at the same moment; try again"))


# ----- the roster ---------------------------------------------------------------------------------

def roster(table: Table) -> list[TablePlayer]:
    """The table's players sorted by name, case-insensitively."""
    rows = db.session.execute(select(TablePlayer).where(TablePlayer.table_id == table.id)).scalars().all()
    return sorted(rows, key=lambda p: (p.name_key, p.id))


def _on_roster(table: Table, keys: list[str]) -> dict[str, TablePlayer]:
    """The roster entry each name key stands for: the entry with that key, else one whose name
    looks the same ("Pаt" with a Cyrillic а is "Pat": rules/look_alike.py). The whole roster is
    read only when a name is not on it by key."""
    found = db.session.execute(
        select(TablePlayer).where(TablePlayer.table_id == table.id, TablePlayer.name_key.in_(keys))
    ).scalars().all()
    by_key = {p.name_key: p for p in found}
    if any(k not in by_key for k in keys):
        alike = {skeleton(p.name_key): p for p in sorted(roster(table), key=lambda p: p.id, reverse=True)}
        for k in keys:
            if k not in by_key and skeleton(k) in alike:
                by_key[k] = alike[skeleton(k)]
    return by_key


def _roster_entries(table: Table, names: list[str]) -> list[TablePlayer]:
    """The roster entry for each name (matched by name_key or look-alike), new names added to the roster."""
    keys = [rules.name_key(n) for n in names]
    by_key = _on_roster(table, keys)
    missing = [(name, key) for name, key in zip(names, keys) if key not in by_key]
    if missing:
        now = utcnow()
        # (a name another phone adds at the same moment is taken as it is: services/unique_rows.py)
        add_missing(TablePlayer, list({key: {"table_id": table.id, "name": rules.name_form(name), "name_key": key,
                                             "created_at": now} for name, key in reversed(missing)}.values()),
                    ("table_id", "name_key"))
        added = db.session.execute(
            select(TablePlayer).where(TablePlayer.table_id == table.id,
                                      TablePlayer.name_key.in_([key for _, key in missing]))
        ).scalars().all()
        by_key.update({p.name_key: p for p in added})
    return [by_key[key] for key in keys]


def roster_spelling(table: Table, names: object) -> object:
    """The names as the roster spells them (a new name keeps its own spelling); anything that is
    not a list of names is passed on unchanged for the games service to refuse."""
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return names
    keys = [rules.name_key(n) for n in names]
    spelled = {k: p.name for k, p in _on_roster(table, keys).items()}
    return [spelled.get(k, n) for n, k in zip(names, keys)]


def _seat_in_table(table: Table, game: Game) -> None:
    """Link each seat to its roster entry (new names join the roster) and mark the game as the table's."""
    entries = _roster_entries(table, [s.name for s in game.seats])
    game.table_id = table.id
    for seat, entry in zip(game.seats, entries):
        seat.table_player = entry


def create_game(table: Table, variant: object, players: object, dealer: object = None,
                house_rules: object = None) -> svc.Created:
    """Start a game of the table: the players seated under the roster's spelling."""
    players = roster_spelling(table, players)
    return svc.create_game(variant, players, dealer, house_rules,
                           before_commit=lambda game: _seat_in_table(table, game))


def add_game(table: Table, game: Game) -> None:
    """Add an existing game to the table (the caller checked the game's own edit token): its
    players are matched to the roster, new names join it; the game's seats take the roster's
    spelling."""
    if game.table_id == table.id:
        return
    if game.table_id is not None:
        raise svc.Conflict(_("this game already belongs to another table"), "game")
    entries = _roster_entries(table, [s.name for s in game.seats])
    db.session.flush()
    for seat, entry in zip(list(game.seats), entries):
        if seat.name != entry.name:
            _rename_in_games([game.id], seat.name, entry.name)
    game = db.session.get(Game, game.id)
    game.table_id = table.id
    game.updated_at = utcnow()
    for seat, entry in zip(game.seats, entries):
        seat.table_player_id = entry.id
        seat.name, seat.name_key = entry.name, entry.name_key
    svc._commit(_("the game was changed at the same moment; look at it again"))


def get_player(table: Table, player_id: object) -> TablePlayer:
    in_range = isinstance(player_id, int) and not isinstance(player_id, bool) and 0 < player_id < 2**31  # (the column's)
    player = db.session.get(TablePlayer, player_id) if in_range else None
    if player is None or player.table_id != table.id:
        raise svc.NotFound(_("no player %(id)s at this table", id=repr(player_id)), "player")
    return player


def _player_game_ids(player_id: int) -> list[str]:
    return list(db.session.execute(select(Seat.game_id).where(Seat.table_player_id == player_id)).scalars())


def rename_player(table: Table, player: TablePlayer, name: object) -> None:
    """Rename a roster player: the new name shows in every game of the table."""
    try:
        new = rules.check_name(name, "name")
    except RulesInputError as err:
        raise svc.ServiceError(str(err), "name") from None
    key = rules.name_key(new)
    if key != player.name_key:
        other = _on_roster(table, [key]).get(key)
        if other is not None and other.id != player.id:
            raise svc.Conflict(_("name: %(name)s is already on this table's roster; merge the two players instead",
                                 name=repr(other.name)), "name")
    old = player.name
    if new == old:
        return
    _rename_in_games(_player_game_ids(player.id), old, new)
    db.session.execute(update(Seat).where(Seat.table_player_id == player.id).values(name=new, name_key=key))
    player.name, player.name_key = new, key
    svc._commit(_("the table was changed at the same moment; try again"))


def merge_players(table: Table, player: TablePlayer, into: object) -> TablePlayer:
    """Merge two roster entries of one person: ``player``'s games now count for ``into``
    (refused with 409 when both sat in one game)."""
    if not isinstance(into, int) or isinstance(into, bool):
        raise svc.ServiceError(_("into: %(value)s is not a player id of this table", value=repr(into)), "into")
    target = get_player(table, into)
    if target.id == player.id:
        raise svc.ServiceError(_("into: %(value)s is the same player", value=repr(into)), "into")
    both = db.session.execute(
        select(Seat.game_id).where(Seat.table_player_id == player.id)
        .intersect(select(Seat.game_id).where(Seat.table_player_id == target.id))
    ).scalars().first()
    if both is not None:
        raise svc.Conflict(_("%(name)s and %(other)s both sat in game %(game)s: they are two people", name=player.name,
                             other=target.name, game=both), "into", game=both)
    _rename_in_games(_player_game_ids(player.id), player.name, target.name)
    db.session.execute(update(Seat).where(Seat.table_player_id == player.id)
                       .values(table_player_id=target.id, name=target.name, name_key=target.name_key))
    for model in (GameResult, RoundResult):
        db.session.execute(update(model).where(model.table_player_id == player.id).values(table_player_id=target.id))
    db.session.delete(player)
    svc._commit(_("the table was changed at the same moment; try again"))
    return target


def _rename_in_games(game_ids: list[str], old: str, new: str, bump: bool = True) -> None:
    """Write ``new`` wherever the games store ``old`` as a player's name: hands, who went out,
    rulings, each round's canonical submission and the corrections' old and new scores. The
    games' versions move on so that no cached copy shows the old name."""
    if not game_ids:
        return
    for chunk in _chunks(game_ids, 500):
        rounds = select(Round.id).where(Round.game_id.in_(chunk))
        db.session.execute(update(HandRecord).where(HandRecord.round_id.in_(rounds), HandRecord.name == old)
                           .values(name=new), execution_options={"synchronize_session": False})
        db.session.execute(update(Round).where(Round.game_id.in_(chunk), Round.went_out == old)
                           .values(went_out=new), execution_options={"synchronize_session": False})
        db.session.execute(update(Ruling).where(Ruling.game_id.in_(chunk), Ruling.player == old)
                           .values(player=new), execution_options={"synchronize_session": False})
        for rnd_id, submission in db.session.execute(select(Round.id, Round.submission).where(Round.game_id.in_(chunk))):
            renamed = _renamed(submission, old, new, ("hands",), sort=True)
            if renamed != submission:
                db.session.execute(update(Round).where(Round.id == rnd_id).values(submission=renamed),
                                   execution_options={"synchronize_session": False})
        for c_id, c_old, c_new in db.session.execute(
                select(Correction.id, Correction.old, Correction.new).where(Correction.game_id.in_(chunk))):
            r_old, r_new = (_renamed(c, old, new, ("scores", "bonus", "hands")) for c in (c_old, c_new))
            if (r_old, r_new) != (c_old, c_new):
                db.session.execute(update(Correction).where(Correction.id == c_id).values(old=r_old, new=r_new),
                                   execution_options={"synchronize_session": False})
        if bump:
            db.session.execute(update(Game).where(Game.id.in_(chunk))
                               .values(version=Game.version + 1, updated_at=utcnow()),
                               execution_options={"synchronize_session": False})
    db.session.expire_all()


def _chunks(items: list, size: int) -> Iterable[list]:
    for i in range(0, len(items), size):
        yield items[i:i + size]


def _renamed(record: Any, old: str, new: str, by_player: tuple[str, ...], sort: bool = False) -> Any:
    """A round's submission or a correction's snapshot with ``old`` written ``new``: who went out and
    the keys of its mappings by player (``by_player``; sorted by name as a submission keeps them)."""
    if not isinstance(record, dict):
        return record
    out = dict(record)
    if out.get("went_out") == old:
        out["went_out"] = new
    for key in by_player:
        if isinstance(out.get(key), dict):
            renamed = {(new if k == old else k): v for k, v in out[key].items()}
            out[key] = dict(sorted(renamed.items())) if sort else renamed
    return out


# ----- per-game results, kept up to date --------------------------------------------------------------

def game_json(game: Game) -> dict:
    """The game's state as ``GET /api/v1/games/<id>`` answers it (a typed view is turned into its JSON)."""
    return svc.game_state(game)


def refresh_results(game: Game) -> None:
    """Replace the game's rows in ``game_results`` from its state (docs/api.md, "Tables",
    Statistics: rounds played, went out, round scores, final total, winners)."""
    for model in (GameResult, RoundResult):
        db.session.execute(delete(model).where(model.game_id == game.id),
                           execution_options={"synchronize_session": False})
    if game.table_id is None:
        return
    state = game_json(game)
    winners = set(state["winners"] or [])
    for seat in game.seats:
        if seat.table_player_id is None:
            continue
        name = seat.name
        played = [r for r in state["rounds"] if name in r["scores"]]
        db.session.add(GameResult(
            game_id=game.id, table_id=game.table_id, table_player_id=seat.table_player_id,
            variant=game.variant, status=state["status"], played_at=game.created_at,
            lowest_wins=bool(state["lowest_wins"]), seat=seat.seat,
            withdrawn=seat.withdrawn_after_round is not None,
            rounds_played=len(played),
            went_out=sum(1 for r in played if r["went_out"] == name),
            round_points=sum(r["scores"][name] for r in played),
            zero_rounds=sum(1 for r in played if r["scores"][name] == 0),
            total=state["totals"][name],
            winner=name in winners,
        ))
        db.session.add_all([RoundResult(
            game_id=game.id, table_id=game.table_id, table_player_id=seat.table_player_id, variant=game.variant,
            status=state["status"], played_at=game.created_at, number=r["number"], points=r["scores"][name],
        ) for r in played])


_TOUCHED = "tables.touched_games"


def _note_changed_games(session: Session, flush_context, instances) -> None:
    """Before each flush: remember the table games being changed (every change to a game sets
    its status or updated_at, services/games.py)."""
    for obj in (*session.new, *session.dirty):
        if isinstance(obj, Game) and obj.table_id is not None:
            session.info.setdefault(_TOUCHED, set()).add(obj.id)


_BEFORE_COMMIT = "tables.before_commit"


def run_before_commit(session: Session, callback) -> None:
    """Run ``callback(session)`` just before the session's next commit, inside its transaction
    (a table import links the games that the backup import adds: services/table_export.py)."""
    session.info.setdefault(_BEFORE_COMMIT, []).append(callback)


def _refresh_before_commit(session: Session) -> None:
    for callback in session.info.pop(_BEFORE_COMMIT, []):
        callback(session)
    session.flush()  # so that changes not yet flushed are noted too
    touched = session.info.pop(_TOUCHED, None)
    if not touched:
        return
    for game_id in sorted(touched):
        game = session.get(Game, game_id)
        if game is not None:
            refresh_results(game)


def _forget(session: Session, *args) -> None:
    session.info.pop(_TOUCHED, None)
    session.info.pop(_BEFORE_COMMIT, None)


def init_app(app) -> None:
    """Keep ``game_results`` up to date in the same transaction as each change to a table's game."""
    for name, fn in (("before_flush", _note_changed_games), ("before_commit", _refresh_before_commit),
                     ("after_rollback", _forget)):
        if not event.contains(Session, name, fn):
            event.listen(Session, name, fn)


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


def player_game_counts(table: Table) -> dict[int, int]:
    rows = db.session.execute(
        select(GameResult.table_player_id, func.count()).where(GameResult.table_id == table.id)
        .group_by(GameResult.table_player_id)
    )
    return dict(rows.all())


def table_document(table: Table) -> dict:
    """The body of ``GET /api/v1/tables/<tid>`` (docs/api.md, "Tables")."""
    counts = player_game_counts(table)
    players = [{"id": p.id, "name": p.name, "games": counts.get(p.id, 0)} for p in roster(table)]
    games = db.session.execute(
        select(Game.id, Game.variant, Game.status).where(Game.table_id == table.id)
        .order_by(Game.created_at.desc(), Game.id)
    ).all()
    winners = winners_by_game([g.id for g in games])
    return {
        "id": table.id,
        "name": table.name,
        "players": players,
        "games": [{"id": g.id, "variant": g.variant, "status": g.status, "winners": winners[g.id]} for g in games],
        "variants": [{"id": v.id, "name": v.name, "based_on": v.based_on} for v in house_variants(table)],
        "created_at": svc.iso(table.created_at),
    }


def house_variants(table: Table) -> list[HouseVariant]:
    """The table's own house variants, by name (case-insensitive)."""
    rows = db.session.execute(select(HouseVariant).where(HouseVariant.table_id == table.id)).scalars().all()
    return sorted(rows, key=lambda v: (v.name.casefold(), v.id))


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
    return [tuple(r) for r in db.session.execute(
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
