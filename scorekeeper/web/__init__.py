"""HTML pages."""
from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, render_template, request, url_for

bp = Blueprint("web", __name__)


@bp.get("/")
def home():
    return render_template("home.html")


@bp.get("/favicon.ico")
def favicon():
    """The icon browsers ask for at the root whatever the page says (the pages name icon.svg)."""
    icon = Response((Path(current_app.static_folder) / "icons" / "favicon.ico").read_bytes(),  # (4 KB)
                    mimetype="image/vnd.microsoft.icon")
    icon.cache_control.max_age = 7 * 24 * 3600
    icon.add_etag()
    return icon.make_conditional(request)


def edit_url(endpoint: str, token: str, **ids) -> str:
    """An edit link (a game's or a table's): the token goes after ``#``, which browsers keep to
    themselves, so it never reaches a server's or a proxy's access log; the page it opens posts it
    (web/games/routes.py, take_edit_link)."""
    return url_for(endpoint, _external=True, **ids) + "#token=" + token


def init_app(app: Flask) -> None:
    from . import rules, house, games, tables, pwa, script_words  # (in this order: their imports are circular)
    from .errors import error_items

    # Block tags ({% if %}, {% for %}) leave no blank lines or indentation behind.
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.add_template_global(error_items)  # the error summary at the top of every form
    app.add_template_global(script_words.script_words_url)  # the scripts' sentences
    # home; rules pages and dispute tools; house variants (make, change, share, import); games; a
    # family's or a club's table; service worker, manifest, offline page; the scripts' sentences
    for blueprint in (bp, rules.bp, house.bp, games.bp, tables.bp, pwa.bp, script_words.bp):
        app.register_blueprint(blueprint)
