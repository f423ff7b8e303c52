"""Transactions: every change is committed one way (all or nothing, 409 when another change got
there first) and checks the version the phone saw (optimistic locking: two phones never lose an
update)."""
from __future__ import annotations

from typing import Callable, TypeVar

from flask_babel import gettext as _
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from ..db import db
from ..models import Game
from .errors import Conflict, ServiceError

T = TypeVar("T")


def commit(conflict_message: str) -> None:
    """Commit the change, or undo all of it and raise 409 when another change got there first."""
    committed(conflict_message, lambda: None)


def committed(conflict_message: str, answer: Callable[[], T]) -> T:
    """Commit the change like :func:`commit`, and return ``answer()`` made just before the commit,
    once the change is written (flushed): what this change left, read from the objects the session
    already holds. After the commit they are expired, so reading them again would load the game
    and its rows a second time, and could show a change another phone committed a moment later."""
    try:
        db.session.flush()  # (the version check: a clash with another change is found here)
        result = answer()
        db.session.commit()
    except (IntegrityError, StaleDataError):
        db.session.rollback()
        raise Conflict(conflict_message) from None
    except Exception:
        db.session.rollback()
        raise
    return result


def check_version(game: Game, expected_version: object) -> None:
    if expected_version is None or expected_version == "":
        return
    try:
        if not isinstance(expected_version, (str, int, float)):
            raise TypeError(expected_version)
        expected = int(expected_version)
    except (TypeError, ValueError, OverflowError):  # (overflow: a JSON Infinity)
        raise ServiceError(_("version: %(value)r is not a version number", value=expected_version), "version") from None
    if expected != game.version:
        raise Conflict(
            _("the game changed on another phone since this page was opened; look at it again and redo the change"),
            "version",
            current_version=game.version,
        )
