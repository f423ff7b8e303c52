"""The health path, ``GET /healthz``, for a proxy that balances several app servers (docs/Caddyfile-servers).

It answers 200 when the database answers and its schema is the one this code migrates to (or a
newer one: during an upgrade one server at a time, the servers still running the older code keep
serving, README.md "Running on several machines"), and 503 otherwise. It is cheap (one
primary-key read of ``alembic_version``), touches no session (no cookie is set), is not rate
limited (a read), and leaves no line in gunicorn's access log: a proxy asks every few seconds.
"""
from __future__ import annotations

import logging

from alembic.config import Config
from alembic.script import ScriptDirectory
from flask import Flask, jsonify
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from .db import MIGRATIONS, db

PATH = "/healthz"


def known_revisions() -> tuple[str, frozenset[str]]:
    """The newest revision of ``scorekeeper/migrations`` and every revision before it."""
    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    scripts = ScriptDirectory.from_config(config)
    head = scripts.get_current_head()
    assert head is not None  # (the migrations always have one head: tests/storage/test_migrations.py)
    return head, frozenset(s.revision for s in scripts.walk_revisions())


def _answer(status: int, state: str, schema: str | None):
    answer = jsonify({"status": state, "schema": schema})
    answer.status_code = status
    answer.headers["Cache-Control"] = "no-store"
    return answer


class _NoHealthLines(logging.Filter):
    """Drops gunicorn's access-log line of a ``/healthz`` request (gunicorn passes the line's
    fields as a dict; ``U`` is the path)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (isinstance(record.args, dict) and record.args.get("U") == PATH)


_NO_HEALTH_LINES = _NoHealthLines()


def init_app(app: Flask) -> None:
    head, known = known_revisions()

    def healthz():
        try:
            with db.engine.connect() as connection:
                found = connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
        except SQLAlchemyError:
            return _answer(503, "the database does not answer", None)
        schema = found[0] if len(found) == 1 else None
        if schema == head or (schema is not None and schema not in known):
            return _answer(200, "ok", schema)  # (an unknown revision is a newer one: an upgrade under way)
        return _answer(503, "the database schema is not at this server's version", schema)

    app.add_url_rule(PATH, "healthz", healthz, methods=["GET"])
    logging.getLogger("gunicorn.access").addFilter(_NO_HEALTH_LINES)  # (once, however many apps)
