"""HTML pages."""
from __future__ import annotations

import re

from flask import Blueprint, Flask, Response, render_template

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


@bp.get("/")
def home():
    return render_template("home.html")


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.after_request(strip_indentation)
    from .rules import bp as rules_bp  # rules pages and dispute tools

    app.register_blueprint(rules_bp)
    from .games import bp as games_bp

    app.register_blueprint(games_bp)
    from .pwa import bp as pwa_bp  # service worker, manifest, offline page

    app.register_blueprint(pwa_bp)
