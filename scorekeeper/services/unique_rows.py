"""Rows that must exist once, made by whichever request gets there first.

Two phones may start games with the same new player's name at the same moment: both look the
name up, find nothing and add it, and the second insert breaks the unique index. Here the insert
skips a row that another transaction has just added (``INSERT ... ON CONFLICT DO NOTHING``, on
SQLite and PostgreSQL alike; PostgreSQL waits for that transaction to end first), so the caller's
transaction goes on, and the rows are then read back, whoever made them.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy.dialects import postgresql, sqlite

from ..db import db

_INSERTS = {"postgresql": postgresql.insert, "sqlite": sqlite.insert}


def add_missing(model, rows: list[dict[str, Any]], keys: tuple[str, ...]) -> None:
    """Insert each row whose ``keys`` (the columns of a unique index) are not taken yet; a row
    taken, even by a transaction still running, is left as it is. Rows go in key order, so two
    transactions adding the same names in different orders never wait on each other for ever."""
    if not rows:
        return
    insert = _INSERTS[db.session.get_bind().dialect.name]
    ordered = sorted(rows, key=lambda row: tuple(row[k] for k in keys))
    db.session.execute(insert(model).values(ordered).on_conflict_do_nothing(index_elements=list(keys)))
