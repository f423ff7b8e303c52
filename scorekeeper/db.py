"""Database set-up: Flask-SQLAlchemy with a typed declarative base, Flask-Migrate migrations
applied on start (by one server or worker at a time: ``upgrade_database``), and SQLite pragmas
(WAL, foreign keys, busy timeout) on every connection."""
from __future__ import annotations

import fcntl
import os
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from flask import Flask, abort
from flask_migrate import Migrate, upgrade
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import DeclarativeBase

MIGRATIONS = str(Path(__file__).resolve().parent / "migrations")
SQLITE_BUSY_TIMEOUT_MS = 10_000


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
migrate = Migrate()

# The models' base class. Flask-SQLAlchemy makes ``db.Model`` from ``Base`` when the app starts (it
# adds the table-name and bind helpers), so a type checker cannot see it: it is told the models
# derive from ``Base``, which is what their columns and relationships are typed against.
if TYPE_CHECKING:
    Model = Base
else:
    Model = db.Model


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, connection_record) -> None:
    """WAL (readers never block the writer), enforced foreign keys, and a busy timeout so that
    concurrent writers wait for each other instead of failing."""
    if not isinstance(dbapi_connection, sqlite3.Connection):
        return
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def upgrade_database(app: Flask) -> None:
    """Migrate the database to the newest schema. Several workers or servers may start at once:
    one migrates while the others wait, then finds nothing left to do. On PostgreSQL they wait on
    an advisory lock that ``migrations/env.py`` takes in the migration's transaction (so servers on
    several machines take turns too); on SQLite, which is one machine's file, on a lock file in the
    instance folder."""
    with app.app_context():
        if db.engine.dialect.name == "postgresql":
            upgrade(directory=MIGRATIONS)
            return
    lock_path = os.path.join(app.instance_path, "migrate.lock")
    with open(lock_path, "a") as lock, app.app_context():
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            upgrade(directory=MIGRATIONS)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def init_app(app: Flask, when_migrated: Callable[[Flask], None], when_not_migrating: Callable[[Flask], None]) -> None:
    """The database and its migrations (the models are imported first: scorekeeper/__init__.py).
    ``when_migrated(app)`` runs once the schema is at head: at start, or before the first request
    when the database did not answer at start; ``when_not_migrating(app)`` instead of it when the
    app is told not to migrate (``SCOREKEEPER_AUTO_MIGRATE`` false)."""
    db.init_app(app)
    migrate.init_app(app, db, directory=MIGRATIONS)
    if not app.config["SCOREKEEPER_AUTO_MIGRATE"]:
        when_not_migrating(app)
        return
    try:
        upgrade_database(app)
    except OperationalError as exc:
        # The database server is not reachable yet (e.g. PostgreSQL still starting): start anyway
        # and migrate before the first request that gets through.
        app.logger.warning("database not reachable at start, will migrate on first request: %s", exc.orig)
        state = {"done": False}

        @app.before_request
        def _migrate_first():
            if not state["done"]:
                try:
                    upgrade_database(app)
                    when_migrated(app)
                except OperationalError:
                    abort(503, "the database is not reachable; try again in a moment")
                state["done"] = True
        return
    when_migrated(app)


def end_reading(*keep: object) -> None:
    """End the request's transaction once everything a page shows has been read, before the slow
    part (rendering it): the connection goes back to the pool instead of waiting "idle in
    transaction" on PostgreSQL. The objects in ``keep`` stay usable as they were loaded (detached);
    a lazy load after this would fail loudly rather than open a new transaction."""
    for obj in keep:
        if obj in db.session:
            db.session.expunge(obj)
    db.session.rollback()
