"""Answers compressed on the way to the phone (Flask-Compress): Brotli, Zstandard or gzip, whichever
the browser prefers, for pages, JSON and the static files alike, under ``make run``, gunicorn or any
other server the app runs in.

What is left as it is:
- an answer marked ``Cache-Control: no-store``: that mark is how the app says an answer holds or
  takes a secret (an edit token, a hand-in link: ``scorekeeper/web/edit_links.py`` ``no_store``;
  every API answer, ``scorekeeper/security.py``). Such a page may also repeat what was asked (its
  own address in the language switch), and compressing the two together would let an attacker who
  sees the answers' sizes read the secret (BREACH). The CSRF token, which is in every form of
  every compressed page, is masked afresh on each answer instead (``scorekeeper/masked_csrf.py``);
- a part of a file asked for with ``Range`` (206), and what Flask-Compress leaves alone itself:
  answers under 500 bytes, images other than SVG, PDFs, 304s, server errors (5xx). Pages with a
  4xx status (a form sent back with its errors, a 404) are compressed like any other.

A compressed answer's entity tag is made weak (``W/"..."``): the compressed bytes differ from the
uncompressed ones, but the content is the same, and the app's own 304s (``scorekeeper/live.py``,
which compare tags weakly before loading anything) still recognise the tag a browser sends back.
Flask-Compress would otherwise change a strong tag to ``"...:br"``, which those never match.

An answer that never changes (``Cache-Control: immutable``: a static file or the scripts' words at
its versioned address, ``scorekeeper/static_files.py``) is compressed once per process at the
highest level Brotli or gzip has, and kept: a page's files are about a sixth smaller than at
Flask-Compress's level (chosen for answers made afresh on each request), for no time after the
first (docs/performance.md, "Page budget").
"""
from __future__ import annotations

import gzip

import brotli
from flask import Flask, current_app, request
from flask_compress import Compress

# The highest level of each encoding, for an answer compressed once and kept.
_AT_BEST = {
    "br": lambda data: brotli.compress(data, quality=11),
    "gzip": lambda data: gzip.compress(data, compresslevel=9, mtime=0),
}
_KEPT_MOST = 1024  # answers kept (a few per static file and language); beyond it, all are dropped
_kept: dict[tuple[str, str], bytes] = {}


def _compressed_once(response, compress) -> bool:
    """Compress an answer that never changes at the highest level, once; False when the answer is
    not such an answer, or the browser takes neither encoding (Flask-Compress's step then)."""
    if (response.status_code != 200 or "immutable" not in response.headers.get("Cache-Control", "")
            or response.mimetype not in compress.compress_mimetypes_set
            or "Content-Encoding" in response.headers):
        return False
    encoding = request.accept_encodings.best_match(compress.enabled_algorithms)
    if encoding not in _AT_BEST:
        return False
    key = (request.full_path, encoding)  # (an immutable address: the same bytes for good)
    body = _kept.get(key)
    if body is None:
        if len(_kept) >= _KEPT_MOST:
            _kept.clear()
        body = _kept[key] = _AT_BEST[encoding](response.get_data())
    response.set_data(body)
    response.headers["Content-Encoding"] = encoding
    response.vary.add("Accept-Encoding")
    response.make_conditional(request)
    return True

def _compress(response):
    """Flask-Compress's own step, for every answer that holds no secret."""
    compress = current_app.extensions["scorekeeper_compress"]
    if "no-store" in response.headers.get("Cache-Control", "") or response.status_code == 206:
        return response
    if response.direct_passthrough and response.mimetype in compress.compress_mimetypes_set:
        # A file sent from disk (a static file: tens of kilobytes at most) is read whole, then
        # compressed as any other answer, with its length; the file is closed with the answer.
        response.direct_passthrough = False
        response.make_sequence()
    etag, weak = response.get_etag()
    strong = etag and not weak
    if strong:
        response.set_etag(etag, weak=True)  # (Flask-Compress leaves a weak tag as it is)
    if _compressed_once(response, compress):
        return response
    status = response.status_code
    if 400 <= status < 500 and not etag:
        # A page sent back with its form's errors (400), or a 403, 404, 409 page, is a page a phone
        # shows like any other; Flask-Compress compresses only 2xx answers, so it is given one.
        response.status_code = 200
    response = compress.after_request(response)
    response.status_code = status
    if strong and "Content-Encoding" not in response.headers:
        response.set_etag(etag)  # sent as it is: the tag stays as the app made it
    return response


def init_app(app: Flask) -> None:
    """Registered before any other ``after_request`` step, so that it runs after all of them: the
    answer's headers (``no-store`` among them) are final when it looks at them."""
    compress = app.extensions["scorekeeper_compress"] = Compress()  # (its settings are this app's)
    compress.init_app(app)
    app.after_request(_compress)
