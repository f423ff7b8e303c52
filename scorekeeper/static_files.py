"""Static files under addresses that name their content, kept a year by the browser.

``url_for("static", filename=...)`` adds ``?v=`` and the first characters of the SHA-256 of the
file's bytes (Flask's ``url_defaults``), so every page names the current version of each
stylesheet, script and icon. An answer to such an address never changes: it is sent with
``Cache-Control: public, max-age=31536000, immutable`` and a phone opening the page again asks for
none of them. Any other address of a static file (no ``v``, or a ``v`` of an older version, from a
page kept by a phone since) is answered with the current file and ``no-cache``: the browser checks
it before using it again (304 when unchanged). The service worker keeps the files by these
addresses too (``static/sw.js``, ``fromShell``). Compression: ``scorekeeper/compression.py``.
"""
from __future__ import annotations

import hashlib
import os

from flask import Flask, current_app, request

YEAR = 365 * 24 * 3600
VERSION_LENGTH = 12  # hex characters of the SHA-256: enough that two versions of a file never share one

# By file: (size, modification time) when read, and its version then. A file changed while the
# server runs (a developer's edit) is read again.
_versions: dict[str, tuple[tuple[int, int], str]] = {}


def version(filename: str) -> str | None:
    """The version of ``static/<filename>`` (its content's hash), None when there is no such file."""
    path = os.path.join(current_app.static_folder or "", filename)
    try:
        stat = os.stat(path)
    except (OSError, ValueError):
        return None
    stamp = (stat.st_size, stat.st_mtime_ns)
    known = _versions.get(path)
    if known is None or known[0] != stamp:
        with open(path, "rb") as f:
            known = _versions[path] = stamp, hashlib.sha256(f.read()).hexdigest()[:VERSION_LENGTH]
    return known[1]


def _name_the_version(endpoint: str, values: dict) -> None:
    """``url_for("static", filename=...)`` names the file's version (unless the caller chose one)."""
    if endpoint == "static" and "v" not in values and "filename" in values:
        found = version(values["filename"])
        if found:
            values["v"] = found


def _keep_a_year(response):
    """A static file asked for by its current version is kept a year and never checked again.
    It is the same file in every language and for every visitor: its answer does not vary by the
    request's language or cookie (``scorekeeper/i18n.py`` says so of the pages), so a browser's
    cache keeps using it when the session cookie changes."""
    if request.endpoint != "static" or response.status_code not in (200, 304):
        return response
    for header in ("accept-language", "cookie"):  # (lower case: Werkzeug's HeaderSet finds them so)
        response.vary.discard(header)
    filename = (request.view_args or {}).get("filename")
    if filename and request.args.get("v") == version(filename):
        cache = response.cache_control
        cache.no_cache = None
        cache.public = True
        cache.max_age = YEAR
        cache.immutable = True
    return response


def init_app(app: Flask) -> None:
    app.url_defaults(_name_the_version)
    app.after_request(_keep_a_year)
