"""A table's roster: its players, matched to a game's seats by name (rules/game.py, ``name_key``:
case-insensitive, after Unicode NFC normalisation) and seated under the roster's spelling; a new
name joins the roster. Renaming and merging players rewrite their games.
"""
from __future__ import annotations

from typing import Any, Iterable

from flask_babel import gettext as _
from sqlalchemy import select, update

from ..db import db
from ..models import (Correction, Game, GameResult, HandRecord, Round, RoundResult, Ruling, Seat, Table, TablePlayer, utcnow)
from ..rules import game as rules
from ..rules.errors import RulesInputError
from ..rules.look_alike import skeleton
from . import games as svc
from . import errors as service_errors
from .transactions import commit
from .unique_rows import add_missing


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


def find_player(table: Table, name: str) -> TablePlayer | None:
    """The roster entry a typed name stands for (by name key or look-alike), if any."""
    key = rules.name_key(name)
    return _on_roster(table, [key]).get(key)


def roster_entries(table: Table, names: list[str]) -> list[TablePlayer]:
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


def seat_in_table(table: Table, game: Game) -> None:
    """Link each seat to its roster entry (new names join the roster) and mark the game as the table's."""
    entries = roster_entries(table, [s.name for s in game.seats])
    game.table_id = table.id
    for seat, entry in zip(game.seats, entries):
        seat.table_player = entry


def create_game(table: Table, variant: object, players: object, dealer: object = None,
                house_rules: object = None) -> svc.Created:
    """Start a game of the table: the players seated under the roster's spelling."""
    players = roster_spelling(table, players)
    return svc.create_game(variant, players, dealer, house_rules,
                           before_commit=lambda game: seat_in_table(table, game))


def add_game(table: Table, game: Game) -> None:
    """Add an existing game to the table (the caller checked the game's own edit token): its
    players are matched to the roster, new names join it; the game's seats take the roster's
    spelling."""
    if game.table_id == table.id:
        return
    if game.table_id is not None:
        raise service_errors.Conflict(_("this game already belongs to another table"), "game")
    entries = roster_entries(table, [s.name for s in game.seats])
    db.session.flush()
    for seat, entry in zip(list(game.seats), entries):
        if seat.name != entry.name:
            _rename_in_games([game.id], seat.name, entry.name)
    game = db.session.get_one(Game, game.id)
    game.table_id = table.id
    game.updated_at = utcnow()
    for seat, entry in zip(game.seats, entries):
        seat.table_player_id = entry.id
        seat.name, seat.name_key = entry.name, entry.name_key
    commit(_("the game was changed at the same moment; look at it again"))


def get_player(table: Table, player_id: object) -> TablePlayer:
    in_range = isinstance(player_id, int) and not isinstance(player_id, bool) and 0 < player_id < 2**31  # (the column's)
    player = db.session.get(TablePlayer, player_id) if in_range else None
    if player is None or player.table_id != table.id:
        raise service_errors.NotFound(_("no player %(id)s at this table", id=repr(player_id)), "player")
    return player


def _player_game_ids(player_id: int) -> list[str]:
    return list(db.session.execute(select(Seat.game_id).where(Seat.table_player_id == player_id)).scalars())


MAX_ADDED_AT_ONCE = 40


def add_players(table: Table, text: object) -> list[str]:
    """Put players on the roster before they play (one name a line, or separated by commas): a
    new table's family is ready for its first game. Names already on the roster are left as they
    are; returns the names added, in the roster's spelling."""
    if not isinstance(text, str):
        raise service_errors.ServiceError(_("names: %(value)r is not text", value=text), "names")
    typed = [part for line in text.splitlines() for part in line.split(",") if part.strip()]
    if not typed:
        raise service_errors.ServiceError(_("names: type at least one name"), "names")
    if len(typed) > MAX_ADDED_AT_ONCE:
        raise service_errors.ServiceError(_("names: %(count)s names at once; add at most %(most)s at a time",
                                            count=len(typed), most=MAX_ADDED_AT_ONCE), "names")
    names = []
    for i, raw in enumerate(typed):
        try:
            names.append(rules.check_name(raw, "names"))
        except RulesInputError as err:
            raise service_errors.ServiceError(_("names, line %(n)s: %(error)s", n=i + 1, error=err.message),
                                              "names") from None
    known = set(_on_roster(table, [rules.name_key(n) for n in names]))
    # one at a time, so that the roster keeps the order they were typed in (the first game's seats)
    added = [p.name for name in names for p in roster_entries(table, [name]) if p.name_key not in known]
    commit(_("the table was changed at the same moment; try again"))
    return list(dict.fromkeys(added))


def rename_player(table: Table, player: TablePlayer, name: object) -> None:
    """Rename a roster player: the new name shows in every game of the table."""
    try:
        new = rules.check_name(name, "name")
    except RulesInputError as err:
        raise service_errors.ServiceError(str(err), "name") from None
    key = rules.name_key(new)
    if key != player.name_key:
        other = _on_roster(table, [key]).get(key)
        if other is not None and other.id != player.id:
            raise service_errors.Conflict(_("name: %(name)s is already on this table's roster; merge the two players instead",
                                 name=repr(other.name)), "name")
    old = player.name
    if new == old:
        return
    _rename_in_games(_player_game_ids(player.id), old, new)
    db.session.execute(update(Seat).where(Seat.table_player_id == player.id).values(name=new, name_key=key))
    player.name, player.name_key = new, key
    commit(_("the table was changed at the same moment; try again"))


def merge_players(table: Table, player: TablePlayer, into: object) -> TablePlayer:
    """Merge two roster entries of one person: ``player``'s games now count for ``into``
    (refused with 409 when both sat in one game)."""
    if not isinstance(into, int) or isinstance(into, bool):
        raise service_errors.ServiceError(_("into: %(value)s is not a player id of this table", value=repr(into)), "into")
    target = get_player(table, into)
    if target.id == player.id:
        raise service_errors.ServiceError(_("into: %(value)s is the same player", value=repr(into)), "into")
    both = db.session.execute(
        select(Seat.game_id).where(Seat.table_player_id == player.id)
        .intersect(select(Seat.game_id).where(Seat.table_player_id == target.id))
    ).scalars().first()
    if both is not None:
        raise service_errors.Conflict(_("%(name)s and %(other)s both sat in game %(game)s: they are two people", name=player.name,
                             other=target.name, game=both), "into", game=both)
    _rename_in_games(_player_game_ids(player.id), player.name, target.name)
    db.session.execute(update(Seat).where(Seat.table_player_id == player.id)
                       .values(table_player_id=target.id, name=target.name, name_key=target.name_key))
    for model in (GameResult, RoundResult):
        db.session.execute(update(model).where(model.table_player_id == player.id).values(table_player_id=target.id))
    db.session.delete(player)
    commit(_("the table was changed at the same moment; try again"))
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
