"""The language switch on every page: remember the reader's choice (scorekeeper/i18n.py reads it)."""
from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, current_app, redirect, request, url_for
from werkzeug.exceptions import HTTPException

from ..i18n import COOKIE, COOKIE_AGE, LANGUAGES, language
from . import remembered

bp = Blueprint("language", __name__)
ROUND_FORM = "games.record"  # the record-a-round form (scorekeeper/web/games/routes.py)


def _endpoint(path: str) -> str | None:
    """The endpoint of this site's page at ``path``, as the app's routes read it (None if none)."""
    try:
        endpoint, _args = current_app.url_map.bind("").match(path, method="GET")
    except HTTPException:  # no such page (404), or a redirect (308)
        return None
    return endpoint


def _on_this_site(address: str) -> bool:
    """Whether ``address`` is a path on this site (not another site's, not a script, not unreadable)."""
    try:
        parts = urlsplit(address)
    except ValueError:  # no address at all ("http://[::1")
        return False
    return address.startswith("/") and not address.startswith("//") and not parts.scheme and not parts.netloc


@bp.get("/language/<code>")
def choose(code: str):
    """The switch: remember ``code`` for this browser and go back to the page it was on."""
    back = request.args.get("next", "")
    if not _on_this_site(back):
        back = url_for("web.home")
    response = redirect(back)
    if code in LANGUAGES and code != language() and _endpoint(urlsplit(back).path) == ROUND_FORM:
        # cards typed on the round form are kept on the phone in the letters of the language left
        remembered.note_language_switch(urlsplit(back).path, language())
    if code in LANGUAGES:
        response.set_cookie(COOKIE, code, max_age=COOKIE_AGE, samesite="Lax", httponly=True,
                            secure=request.is_secure)
    return response
