"""The secret key that signs sessions and forms: one key for every app server of one database.

A form served by one server and sent to another is refused (CSRF) unless both sign with the same
key, and a phone's session (its edit rights) is read by whichever server answers. So:

- A key given to the server (``SCOREKEEPER_SECRET_KEY`` or ``instance/config.py``) is used as given.
- With none given, the key is kept in the database (table ``shared_settings``): the first server to
  start makes it, the others read it. An instance folder's ``secret_key`` file, from a server that
  ran alone before, becomes that key, so the sessions it signed stay valid.
- Either way the database keeps the key's fingerprint (an HMAC, which does not reveal the key): a
  server whose key is not the one the others use stops at start, saying so in one sentence. To
  change the key on purpose, stop every server and delete that row (README.md says how).

Apps made for tests (``TESTING``) skip the fingerprint: the suite gives many keys to copies of one
database. README.md, "Running on several machines", says this for operators.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from pathlib import Path

from flask import Flask, abort, has_request_context, redirect, request
from sqlalchemy.exc import IntegrityError

from .db import db
from .models import SharedSetting

KEPT_KEY = "secret_key"
FINGERPRINT = "secret_key_fingerprint"
MISMATCH = ("This server's secret key is not the one the other servers of this database use: give every server "
            "the same SCOREKEEPER_SECRET_KEY, or none at all (they then share the one kept in the database); "
            "to change the key on purpose, stop every server and delete the row secret_key_fingerprint "
            "of the table shared_settings.")
NO_KEY = ("No secret key: set SCOREKEEPER_SECRET_KEY, or let the app migrate its database at start "
          "(SCOREKEEPER_AUTO_MIGRATE) so that it can keep one there.")


class SecretKeyMismatch(RuntimeError):
    """The server's secret key is not the other servers' (the message says what to do)."""


def fingerprint(key: str) -> str:
    return hmac.new(key.encode(), b"scorekeeper: the key the servers share", hashlib.sha256).hexdigest()


def _first_value(name: str, offered: str) -> str:
    """The value stored under ``name``, storing ``offered`` if there is none yet. Servers starting
    together may offer theirs at once: one insert wins, the others read the winner."""
    try:
        db.session.add(SharedSetting(name=name, value=offered))
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
    kept = db.session.get(SharedSetting, name)
    assert kept is not None  # (inserted above, by this server or the one that won)
    value = kept.value
    db.session.commit()  # (end the read's transaction)
    return value


def _old_key_file(instance_path: str) -> str | None:
    """The key a server running alone kept in its instance folder before keys were kept in the database."""
    path = Path(instance_path) / "secret_key"
    return path.read_text().strip() if path.is_file() else None


def settle(app: Flask) -> None:
    """Give the app the servers' key and check it; called once the schema is at head (at start,
    or at the first request when the database did not answer at start: scorekeeper/db.py)."""
    key_was_missing = not app.config.get("SECRET_KEY")
    with app.app_context():
        if key_was_missing:
            offered = _old_key_file(app.instance_path) or secrets.token_hex(32)
            app.config["SECRET_KEY"] = _first_value(KEPT_KEY, offered)
        if not app.testing:
            mine = fingerprint(app.config["SECRET_KEY"])
            if not hmac.compare_digest(_first_value(FINGERPRINT, mine), mine):
                db.session.remove()
                db.engine.dispose()  # (this app will serve nothing: its connections are closed)
                raise SecretKeyMismatch(MISMATCH)
    if key_was_missing and has_request_context():
        # The first request's session was opened before there was a key to read it with: the same
        # request again (307 keeps the method and body) finds the key.
        abort(redirect(request.url, 307))


def no_database_key(app: Flask) -> None:
    """When the app does not migrate its database, it does not keep a key there: one must be given."""
    if not app.config.get("SECRET_KEY"):
        raise RuntimeError(NO_KEY)

