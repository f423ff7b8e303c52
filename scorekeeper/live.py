"""Conditional GETs for a game (ETag / If-None-Match → 304).

Used by the game API (``GET /api/v1/games/<id>``), the read-only scoreboard and the filled PDF
scoresheet; the browser side is ``static/js/live.js`` (docs/offline.md). A poll first reads the
game's version (one primary-key query, :func:`game_version`): when the browser already has the
answer for that version it gets a 304 and nothing else is loaded. The version changes with every
change to the game (``scorekeeper/models.py``, ``_bump_game_versions``).
"""
from __future__ import annotations

import hashlib
import re
from typing import NoReturn

from flask import Response, abort, request, session
from flask_babel import gettext as _

from .db import db
from .i18n import language
from .models import Game

GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
# A Core statement on the table's columns, on a pooled connection of its own: the ORM session's
# machinery (transaction, identity map, teardown) has nothing to add to three columns, and costs
# more than the query on every poll.
_GAMES = Game.__table__.c
_STAMP = db.select(_GAMES.id, _GAMES.version, _GAMES.edit_token_hash, _GAMES.table_id).where(_GAMES.id == db.bindparam("game_id"))


def game_stamp(game_id: str):
    """The game's ``id``, current ``version``, ``edit_token_hash`` and ``table_id`` (enough to tag an
    answer and to say whether this browser may edit), from one primary-key query; 404 when there is no such
    game."""
    row = None
    if GAME_ID.fullmatch(game_id):
        with db.engine.connect() as connection:
            row = connection.execute(_STAMP, {"game_id": game_id}).first()
    if row is None:
        no_such_game(game_id)
    return row


def no_such_game(game_id: str) -> NoReturn:
    """The 404 of an address that names no game, worded once for the pages and the API."""
    abort(404, _("There is no game %(id)s: check the address.", id=repr(game_id[:40])))


def game_etag(game_id: str, version: int, kind: str, *differs_by: object) -> str:
    """The entity tag (without quotes) of the ``kind`` answer ("api", "view", "pdf") of the game at
    ``version``. ``differs_by`` holds whatever else the answer depends on (the host its links
    name, whether this browser may edit, the page set-up), so that two different answers never
    share a tag. The language of the answer is always part of it."""
    key = "|".join(str(part) for part in (game_id, version, kind, language(), *differs_by))
    return f"{kind}-v{version}-{hashlib.sha256(key.encode()).hexdigest()[:16]}"


def origin() -> tuple[str, str, str]:
    """What the answer's absolute links are made of (``request.host_url`` is built from these)."""
    return request.scheme, request.host, request.root_path


def api_etag(game_id: str, version: int) -> str:
    """The tag of the game's JSON (its links name the host asked); the pages hand it to
    ``static/js/live.js`` for its first poll."""
    return game_etag(game_id, version, "api", *origin())


def not_modified(etag: str, cache_control: str | None = "no-cache") -> Response | None:
    """A 304 answer when the request's If-None-Match names ``etag`` (weak comparison), else None.
    Never while messages wait to be shown to this browser (they are part of the page)."""
    if request.if_none_match and request.if_none_match.contains_weak(etag) and "_flashes" not in session:
        return tag(Response(status=304), etag, cache_control)
    return None


def tag(response: Response, etag: str, cache_control: str | None = "no-cache") -> Response:
    """Mark a game answer with its ETag; pages get ``no-cache`` (browsers revalidate before reuse).
    API answers keep the API's ``no-store`` (pass None): pollers send If-None-Match themselves."""
    response.set_etag(etag)
    if cache_control and "Cache-Control" not in response.headers:
        response.headers["Cache-Control"] = cache_control
    return response
