"""Live sharing: conditional GETs for a game (ETag / If-None-Match → 304) and the QR code of the
read-only link. Used by the API (``GET /api/v1/games/<id>``) and the game pages; the browser side
is ``static/js/live.js`` (docs/offline.md).

The ETag is derived from what changes whenever the game changes: its ``version`` (SQLAlchemy's
``version_id_col``, bumped by every write), ``updated_at`` and stored ``status``. Each
representation gets its own tag (``kind``), so the JSON and the HTML page never share one.
"""
from __future__ import annotations

import hashlib
import io
import re

from flask import Response, request


def game_etag(game, kind: str) -> str:
    """The entity tag (without quotes) of ``kind`` ("api", "view", "game") of ``game``."""
    stamp = game.updated_at.isoformat() if game.updated_at else ""
    digest = hashlib.sha256(f"{game.id}|{game.version}|{stamp}|{game.status}".encode()).hexdigest()[:16]
    return f"{kind}-v{game.version}-{digest}"


class GameStamp:
    """What ``game_etag`` reads of a game, from one primary-key SELECT (no seats, rounds...),
    and the edit token's hash, so that ``services.games.token_matches`` can say whether a
    browser may change the game without loading it."""

    __slots__ = ("id", "version", "updated_at", "status", "edit_token_hash")

    def __init__(self, id, version, updated_at, status, edit_token_hash):
        self.id, self.version, self.updated_at, self.status = id, version, updated_at, status
        self.edit_token_hash = edit_token_hash


class _StampQuery:
    """The stamp's primary-key SELECT, compiled once for the app's database, run on a pooled
    DBAPI connection: SQLAlchemy's own execution (connection, execution context, result
    objects) costs three times the query itself on SQLite, and this runs on every read of a
    game. The values are converted by the columns' own result processors (SQLite keeps
    datetimes as text), so the stamp is what SQLAlchemy would have returned. Any database error
    sends the query through SQLAlchemy instead, which notices a dropped connection (and empties
    the pool) and raises its usual exceptions."""

    def __init__(self, engine):
        from sqlalchemy import bindparam, select

        from .models import Game

        columns = (Game.id, Game.version, Game.updated_at, Game.status, Game.edit_token_hash)
        self.engine = engine
        self.statement = select(*columns).where(Game.id == bindparam("game_id"))
        dialect = engine.dialect
        compiled = self.statement.compile(dialect=dialect)
        self.sql = str(compiled)
        self.positional = bool(compiled.positional)
        self.processors = [(i, p) for i, p in enumerate(
            c.type.dialect_impl(dialect).result_processor(dialect, None) for c in columns) if p is not None]
        self.errors = dialect.loaded_dbapi.Error

    def row(self, game_id: str):
        try:
            connection = self.engine.raw_connection()
            try:
                cursor = connection.cursor()
                cursor.execute(self.sql, (game_id,) if self.positional else {"game_id": game_id})
                row = cursor.fetchone()
                cursor.close()
            finally:
                connection.close()
        except self.errors:
            with self.engine.connect() as connection:
                return connection.execute(self.statement, {"game_id": game_id}).first()
        if row is not None and self.processors:
            row = list(row)
            for i, process in self.processors:
                row[i] = process(row[i])
        return row


def game_stamp(game_id: str) -> GameStamp | None:
    """The game's stamp without loading it (None when there is no such game or the id is odd):
    one primary-key SELECT on a connection of its own (``_StampQuery``), before the route loads
    anything else."""
    from flask import current_app

    from .services.games import GAME_ID

    if not GAME_ID.fullmatch(game_id):
        return None
    query = current_app.extensions.get("scorekeeper_stamp_query")
    if query is None:
        from .db import db

        query = current_app.extensions["scorekeeper_stamp_query"] = _StampQuery(db.engine)
    row = query.row(game_id)
    return GameStamp(*row) if row is not None else None


class BodyCache:
    """Answers already built, keyed on the game's ETag (and the host, and for the game page
    whether the browser may edit): a game's ETag changes with every write, and each request reads
    the current one from the database before looking here, so an entry is never served for a
    changed game, whichever process wrote; a small LRU per process (each gunicorn worker has its
    own)."""

    def __init__(self, size: int = 256):
        import threading
        from collections import OrderedDict

        self.size = size
        self._items: OrderedDict = OrderedDict()
        self._lock = threading.Lock()  # (for threaded workers; uncontended, it costs next to nothing)

    def get(self, key):
        with self._lock:
            body = self._items.get(key)
            if body is not None:
                self._items.move_to_end(key)
            return body

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def put(self, key, body) -> None:
        with self._lock:
            self._items[key] = body
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


def origin() -> tuple:
    """What the request's absolute URLs are made of, as the WSGI server (and ProxyFix) put it in
    the environ: ``request.host_url`` is built from these alone. Part of the cache keys of answers
    that hold absolute links (the API's ``url``, ``view_url``), and a tenth of the cost of
    building ``request.host_url`` on every request."""
    environ = request.environ
    return (environ.get("wsgi.url_scheme"), environ.get("HTTP_HOST"), environ.get("SERVER_NAME"),
            environ.get("SERVER_PORT"), environ.get("SCRIPT_NAME", ""))


api_bodies = BodyCache()
view_pages = BodyCache()  # scorekeeper.web.slotted.SlottedPage of the read-only scoreboard
game_pages = BodyCache()  # ... of the game page, for an editor and for a follower


def forget_kept_answers() -> None:
    """Empty this process's kept answers (benchmarks and tests measuring the first read after a
    write; nothing else needs it: a write changes the version, the key of every kept answer)."""
    for cache in (api_bodies, view_pages, game_pages):
        cache.clear()


def not_modified(etag: str) -> Response | None:
    """A 304 answer when the request's If-None-Match names ``etag`` (weak comparison), else None."""
    if request.if_none_match and request.if_none_match.contains_weak(etag):
        response = Response(status=304)
        tag(response, etag, "no-cache" if not request.path.startswith("/api/") else None)
        return response
    return None


def tag(response: Response, etag: str, cache_control: str | None = "no-cache") -> Response:
    """Mark a game answer with its ETag; pages get ``no-cache`` (browsers revalidate before reuse).
    API answers keep the API's ``no-store``: pollers send If-None-Match themselves."""
    response.set_etag(etag)
    if cache_control and "Cache-Control" not in response.headers:
        response.headers["Cache-Control"] = cache_control
    return response


def qr_svg(link: str) -> str:
    """The QR code of ``link`` as SVG markup: presentation attributes only (no ``style``), so it
    passes the strict Content-Security-Policy inline or as an image. Dark modules on a white
    square with a quiet zone, so it scans in dark mode too."""
    import segno  # small, pure Python

    code = segno.make(link, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", xmldecl=False, svgns=True, scale=6, border=4, dark="#000", light="#fff",
              svgclass="qr", lineclass=None, title="QR code of " + link, encoding="utf-8")
    svg = out.getvalue().decode("utf-8")
    # segno writes a fixed width/height; a viewBox lets CSS scale it to the screen.
    match = re.search(r'width="(\d+)" height="(\d+)"', svg)
    if match:
        w, h = match.groups()
        svg = svg.replace(match.group(0), f'viewBox="0 0 {w} {h}" {match.group(0)}', 1)
    return svg
