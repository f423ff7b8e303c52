"""The installable app (docs/offline.md): the service worker at the root scope (``/sw.js``, so it
may control every page), the web app manifest and the page shown when a page is not available
offline. The worker is ``static/sw.js``; the manifest is :data:`MANIFEST`, its name and description
in the reader's language."""
from __future__ import annotations

import json
from pathlib import Path

from flask import Blueprint, Response, current_app, render_template, request, url_for
from flask_babel import lazy_gettext as _l

from ..i18n import language

bp = Blueprint("pwa", __name__)

NAME = _l("scorekeeper: May I and ROY scores")
DESCRIPTION = _l("Keep score of May I rummy and ROY at the card table, round by round.")
# The manifest's fixed part; its addresses are built per request (:func:`manifest`).
MANIFEST = {
    "short_name": "scorekeeper",
    "display": "standalone",
    "orientation": "portrait",
    "background_color": "#fbfaf7",
    "theme_color": "#0b5d3b",
}
ICONS = (  # (file in static/icons/, sizes, type, purpose)
    ("icon-192.png", "192x192", "image/png", "any"),
    ("icon-512.png", "512x512", "image/png", "any"),
    ("maskable-512.png", "512x512", "image/png", "maskable"),
    ("icon.svg", "any", "image/svg+xml", "any"),
)


@bp.get("/sw.js")
def service_worker():
    # (read whole: a few kilobytes)
    response = Response((Path(current_app.static_folder) / "sw.js").read_bytes(), mimetype="text/javascript")
    response.headers["Service-Worker-Allowed"] = url_for("web.home")
    response.headers["Cache-Control"] = "no-cache"  # browsers check for a new worker on every visit
    return response


@bp.get("/manifest.webmanifest")
def manifest():
    root = url_for("web.home")
    body = {"name": str(NAME), **MANIFEST, "id": root, "start_url": url_for("games.index"), "scope": root,
            "icons": [{"src": url_for("static", filename=f"icons/{name}"), "sizes": sizes, "type": kind, "purpose": purpose}
                      for name, sizes, kind, purpose in ICONS],
            "description": str(DESCRIPTION), "lang": language()}
    response = Response(json.dumps(body, ensure_ascii=False, indent=2), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "no-cache"
    response.add_etag()
    return response.make_conditional(request)


@bp.get("/offline")
def offline():
    """What the service worker shows for a page it has never stored, when there is no network; it
    stores it again when the reader's language is not its ``Content-Language`` (static/sw.js)."""
    response = Response(render_template("offline.html"))
    response.headers["Content-Language"] = language()
    return response
