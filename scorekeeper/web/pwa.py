"""The installable app (docs/offline.md): the service worker at the root scope (``/sw.js``, so it
may control every page), the web app manifest and the page shown when a page is not available
offline. The files themselves are ``static/sw.js`` and ``static/manifest.webmanifest``."""
from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, current_app, render_template

bp = Blueprint("pwa", __name__)


def _static(name: str, mimetype: str) -> Response:
    """A small file of ``static/`` at another address (read whole: a few kilobytes)."""
    return Response((Path(current_app.static_folder) / name).read_bytes(), mimetype=mimetype)


@bp.get("/sw.js")
def service_worker():
    response = _static("sw.js", "text/javascript")
    response.headers["Service-Worker-Allowed"] = "/"
    response.headers["Cache-Control"] = "no-cache"  # browsers check for a new worker on every visit
    return response


@bp.get("/manifest.webmanifest")
def manifest():
    response = _static("manifest.webmanifest", "application/manifest+json")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline():
    """What the service worker shows for a page it has never stored, when there is no network."""
    return render_template("offline.html")
