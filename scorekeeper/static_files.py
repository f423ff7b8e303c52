"""Static files under addresses that name their content, kept a year by the browser.

``url_for("static", filename=...)`` adds ``?v=`` and the first characters of the SHA-256 of the
file's bytes (Flask's ``url_defaults``), so every page names the current version of each
stylesheet, script and icon. An answer to such an address never changes: it is sent with
``Cache-Control: public, max-age=31536000, immutable`` and a phone opening the page again asks for
none of them. Any other address of a static file (no ``v``, or a ``v`` of an older version, from a
page kept by a phone since) is answered with the current file and ``no-cache``: the browser checks
it before using it again (304 when unchanged). The service worker keeps the files by these
addresses too (``static/sw.js``, ``fromShell``). Compression: ``scorekeeper/compression.py``.

The scripts are ES modules (``static/js/*.js``) that import their neighbours by relative address
(``import { say } from "./say.js"``). A module is sent with each such address naming the imported
module's version (``"./say.js?v=..."``), and its own version is the hash of the text as sent: a
change in any module it imports, however deep, gives it a new version too. So every module a page
loads, imported or named by the page, comes from a versioned address kept a year, and a page
never runs a new module with an old one it imports. A module is written for its reader, and sent
without what only the reader needs: its comment lines, blank lines and indentation (a script
cannot hold a line break inside a string, so no string changes; docs/performance.md, "Scripts as
modules").
"""
from __future__ import annotations

import hashlib
import os
import re
from contextvars import ContextVar

from flask import Flask, current_app, request

from .web.script_modules import FOLDER, IMPORT

YEAR = 365 * 24 * 3600
VERSION_LENGTH = 12  # hex characters of the SHA-256: enough that two versions of a file never share one



MODULES = FOLDER  # the folder of static/ whose scripts are ES modules
# Headers of a file's answer that describe the file on disk, not the module as sent.
_OF_THE_FILE = {"content-length", "content-type", "etag", "last-modified"}

# By file: (size, modification time) when read, and its bytes then. A file changed while the server
# runs (a developer's edit) is read again.
_files: dict[str, tuple[tuple[int, int], bytes]] = {}
# By file: the version last worked out, with the stamp of every file read to work it out (the file
# and, for a module, each module it imports however deep): it holds while none of them changed.
_versions: dict[str, tuple[tuple[tuple[str, tuple[int, int] | None], ...], str | None]] = {}
# While a version is worked out, the (path, stamp) of each file read.
_reading: ContextVar[list | None] = ContextVar("static_files_reading", default=None)


def _stamp(path: str) -> tuple[int, int] | None:
    """(size, modification time) of a file, None when there is none."""
    try:
        stat = os.stat(path)
    except (OSError, ValueError):
        return None
    return stat.st_size, stat.st_mtime_ns


def _read(filename: str) -> bytes | None:
    """The bytes of ``static/<filename>``, None when there is no such file."""
    path = os.path.join(current_app.static_folder or "", filename)
    stamp = _stamp(path)
    reading = _reading.get()
    if reading is not None:
        reading.append((path, stamp))
    if stamp is None:
        return None
    known = _files.get(path)
    if known is None or known[0] != stamp:
        with open(path, "rb") as f:
            known = _files[path] = stamp, f.read()
    return known[1]


def _is_module(filename: str) -> bool:
    return filename.startswith(MODULES) and filename.endswith(".js") and "/" not in filename[len(MODULES):]


def sent_text(filename: str, importing: tuple[str, ...] = ()) -> bytes | None:
    """``static/<filename>`` as it is sent: a module without its comment lines, blank lines and
    indentation, its imports of its neighbours naming their versions (an import that would go
    round in a circle is left as written)."""
    body = _read(filename)
    if body is None or not _is_module(filename):
        return body

    def versioned(found: re.Match) -> str:
        imported = MODULES + found.group(3)
        text = None if imported in importing else sent_text(imported, importing + (filename,))
        if text is None:
            return found.group(0)
        quote = found.group(2)
        return f"{found.group(1)}{quote}./{found.group(3)}?v={_hash(text)}{quote}"

    lines = (line.strip() for line in body.decode("utf-8").splitlines())
    code = "\n".join(line for line in lines if line and not line.startswith("//")) + "\n"
    return IMPORT.sub(versioned, code).encode("utf-8")


def _hash(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()[:VERSION_LENGTH]


def version(filename: str) -> str | None:
    """The version of ``static/<filename>`` (the hash of its content as sent), None when there is
    no such file. Worked out again only when a file it was made from changed: a page names a
    dozen files, and writing a module as sent, with its imports, costs about 0.1 ms each
    (docs/performance.md, "Server speed")."""
    key = os.path.join(current_app.static_folder or "", filename)
    known = _versions.get(key)
    if known is not None and all(_stamp(path) == stamp for path, stamp in known[0]):
        return known[1]
    read: list = []
    token = _reading.set(read)
    try:
        body = sent_text(filename)
    finally:
        _reading.reset(token)
    found = None if body is None else _hash(body)
    _versions[key] = (tuple(read), found)
    return found


def _send_modules_as_written_for_the_wire(response):
    """A module is sent as ``sent_text`` writes it, with that text's version as its entity tag
    (and no modification time: the file's own would not change when a module it imports does)."""
    filename = (request.view_args or {}).get("filename") or ""
    if response.status_code != 200 or not _is_module(filename):
        return response
    body = sent_text(filename)
    if body is None or body == _read(filename):
        return response
    sent = current_app.response_class(body, mimetype=response.mimetype)
    for name, value in response.headers.items():  # (the security headers, Cache-Control, Vary)
        if name.lower() not in _OF_THE_FILE:
            sent.headers.add(name, value)
    response.close()
    sent.set_etag(_hash(body))
    return sent.make_conditional(request)


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
    response = _send_modules_as_written_for_the_wire(response)
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
