"""HTML pages."""
from __future__ import annotations

import re

from flask import Blueprint, Flask, Response, render_template, request

bp = Blueprint("web", __name__)

# A newline followed by indentation or blank lines (the lookahead skips, cheaply, the newlines
# that have nothing to drop: an already stripped page costs one scan, not a replacement per line).
_INDENT = re.compile(rb"\n(?=[ \t\n])[ \t]*(?:\n[ \t]*)*")
_KEEPS_WHITESPACE = (b"<pre", b"<textarea")


def strip_html(body: bytes) -> bytes:
    """``body`` without template indentation and blank lines (unchanged if it has a <pre> or a
    <textarea>, whose whitespace shows)."""
    if any(tag in body for tag in _KEEPS_WHITESPACE):
        return body
    return _INDENT.sub(b"\n", body)


def strip_indentation(response: Response) -> Response:
    """Drop template indentation and blank lines from HTML pages: they are a third of a round
    form's bytes, and the pages have a 60 KB budget. A newline stays wherever there was one, so
    nothing joins; pages with <pre> or <textarea> are left alone. A response marked
    ``indentation_stripped`` (a page put together from parts stripped already) is not scanned again."""
    if (
        response.mimetype == "text/html"
        and not response.direct_passthrough
        and not response.is_streamed
        and response.status_code != 304
        and not getattr(response, "indentation_stripped", False)
    ):
        body = response.get_data()
        stripped = strip_html(body)
        if stripped is not body:
            response.set_data(stripped)
    return response


_ASSET_TYPES = ("text/css", "text/javascript", "application/javascript")
_ASSET_COMMENT = re.compile(rb"^(?://[^\n]*|/\*[^\n]*\*/)$")
_assets: dict[tuple[str, str | None], bytes] = {}


def strip_asset(body: bytes) -> bytes:
    """Our CSS and JavaScript without indentation, blank lines and lines that are only a comment:
    what a minifier would take first, with no build step (the sources keep their comments). Safe
    for these files: none has a multi-line string."""
    lines = (line.strip() for line in body.split(b"\n"))
    return b"\n".join(line for line in lines if line and not _ASSET_COMMENT.match(line)) + b"\n"


def strip_assets(response: Response) -> Response:
    """The app's own static CSS and JavaScript, stripped by :func:`strip_asset` (once per file
    version) to keep pages inside the 60 KB budget."""
    if request.endpoint != "static" or response.status_code != 200 or response.mimetype not in _ASSET_TYPES:
        return response
    key = (request.path, response.get_etag()[0])
    opened = response.response  # the file send_file opened
    response.direct_passthrough = False
    if key not in _assets:
        _assets[key] = strip_asset(response.get_data())
    if hasattr(opened, "close"):
        opened.close()
    response.set_data(_assets[key])
    return response


@bp.get("/")
def home():
    return render_template("home.html")


def init_app(app: Flask) -> None:
    from .errors import error_items

    app.register_blueprint(bp)
    app.add_template_global(error_items)
    app.after_request(strip_indentation)
    app.after_request(strip_assets)
    from .rules import bp as rules_bp  # rules pages and dispute tools

    app.register_blueprint(rules_bp)
    from .games import bp as games_bp

    app.register_blueprint(games_bp)
    from .pwa import bp as pwa_bp  # service worker, manifest, offline page

    app.register_blueprint(pwa_bp)
