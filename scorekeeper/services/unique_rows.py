"""Rows that must exist once, made by whichever request gets there first.

Two phones may start games with the same new player's name at the same moment: both look the
name up, find nothing and add it, and the second insert breaks the unique index. Here the insert
skips a row that another transaction has just added (``INSERT ... ON CONFLICT DO NOTHING``, on
SQLite and PostgreSQL alike; PostgreSQL waits for that transaction to end first), so the caller's
transaction goes on, and the rows are then read back, whoever made them.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import and_, or_, select
from sqlalchemy.dialects import postgresql, sqlite

from ..db import db

# Each database's own INSERT, the one that knows ON CONFLICT (the two take the same arguments here).
_INSERTS: dict[str, Callable[[Any], postgresql.Insert | sqlite.Insert]] = {
    "postgresql": postgresql.insert, "sqlite": sqlite.insert}


def add_missing(model, rows: list[dict[str, Any]], keys: tuple[str, ...]) -> None:
    """Insert each row whose ``keys`` (the columns of a unique index) are not taken yet; a row
    taken, even by a transaction still running, is left as it is. Rows go in key order, so two
    transactions adding the same names in different orders never wait on each other for ever."""
    def key(row) -> tuple:
        return tuple(row[k] for k in keys)

    # Only the rows not there yet are inserted: PostgreSQL spends an id on a skipped row too.
    rows = sorted(rows, key=key)
    for start in range(0, len(rows), 200):
        chunk = rows[start:start + 200]
        found = db.session.execute(select(*(getattr(model, k) for k in keys)).where(
            or_(*(and_(*(getattr(model, k) == row[k] for k in keys)) for row in chunk)))).all()
        there = {tuple(row) for row in found}
        missing = [row for row in chunk if key(row) not in there]
        if missing:
            insert = _INSERTS[db.session.get_bind().dialect.name]
            db.session.execute(insert(model).values(missing).on_conflict_do_nothing(index_elements=list(keys)))


def put_row(model, row: dict[str, Any], keys: tuple[str, ...]) -> None:
    """Insert ``row``, or, when a row with the same ``keys`` (a unique index) is there already, even
    one a transaction still running has just added, write ``row``'s other columns over it
    (``INSERT ... ON CONFLICT DO UPDATE``, on SQLite and PostgreSQL alike): two phones putting the
    same row at once both succeed, and the last one wins."""
    insert = _INSERTS[db.session.get_bind().dialect.name](model).values(**row)
    changed = {k: insert.excluded[k] for k in row if k not in keys}
    db.session.execute(insert.on_conflict_do_update(index_elements=list(keys), set_=changed))
