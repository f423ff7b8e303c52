"""HTML pages."""
from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, render_template, request

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


def init_app(app: Flask) -> None:
    from . import downloads, games, house, language, pwa, rules, scoresheets, script_modules, script_words, tables
    from .errors import error_items
    from .sealed_session import SealedCookieSessionInterface

    app.session_interface = SealedCookieSessionInterface()  # the cookie holds tokens: encrypted

    # Block tags ({% if %}, {% for %}) leave no blank lines or indentation behind.
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.add_template_global(error_items)  # the error summary at the top of every form
    app.add_template_global(script_modules.module_url)  # a module the page runs
    app.add_template_global(script_words.page_words_url)  # the sentences of the page's modules
    # home; rules pages and dispute tools; house variants (make, change, share, import); games; a
    # game's downloads; blank scoresheets; a family's or a club's table; service worker, manifest,
    # offline page; the scripts' sentences; the language switch (in any order: none imports another's routes)
    for blueprint in (bp, rules.bp, house.bp, games.bp, downloads.bp, scoresheets.bp, tables.bp, pwa.bp,
                      script_words.bp, language.bp):
        app.register_blueprint(blueprint)
