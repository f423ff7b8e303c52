"""A game or a table for a page, by its address: the row, else a 404 page ("no such game or
table"); for a change, one this browser may make, else a 403 page ("not yours": it holds no edit
token of it, scorekeeper/web/remembered.py). Every page that loads a game or a table goes through
here, so each says both refusals the same way."""
from __future__ import annotations

from typing import Literal, NoReturn

from flask import abort
from flask_babel import gettext as _

from .. import live
from ..models import Game, Table
from ..services import errors as service_errors
from ..services import loading, tables
from . import remembered

Kind = Literal["game", "table"]


def _no_such(kind: Kind, item_id: str) -> NoReturn:
    if kind == "game":
        live.no_such_game(item_id)
    abort(404, _("There is no table at this address."))


def load(kind: Kind, item_id: str):
    """The game or table at this address, or a 404 page."""
    try:
        return loading.get_game(item_id) if kind == "game" else tables.get_table(item_id)
    except service_errors.NotFound:
        _no_such(kind, item_id)


def check_editable(kind: Kind, row) -> None:
    """A 403 page unless this browser may change the game or table (``row`` may be a game's
    stamp, scorekeeper/live.py)."""
    if not remembered.can_edit(kind, row):
        abort(403, _("This phone cannot change this game. Ask the scorekeeper for the game's edit link.")
              if kind == "game" else _("This phone cannot change this table. Ask for the table's edit link."))


def editable(kind: Kind, item_id: str):
    """The game or table at this address, if this browser may change it (else a 404 or 403 page)."""
    row = load(kind, item_id)
    check_editable(kind, row)
    return row


def game_of_table(table: Table, game_id: str) -> Game:
    """A game of ``table`` (a 404 page for no game, or another table's game)."""
    game = load("game", game_id)
    if game.table_id != table.id:
        abort(404, _("This game is not one of the table's games."))
    return game
