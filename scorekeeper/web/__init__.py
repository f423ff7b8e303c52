"""HTML pages."""
from __future__ import annotations

from flask import Blueprint, Flask, render_template

bp = Blueprint("web", __name__)


@bp.get("/")
def home():
    return render_template("home.html")


def init_app(app: Flask) -> None:
    # Block tags ({% if %}, {% for %}) leave no blank lines or indentation behind.
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.register_blueprint(bp)
    from .errors import error_items  # the error summary at the top of every form

    app.add_template_global(error_items)
    from .rules import bp as rules_bp  # rules pages and dispute tools

    app.register_blueprint(rules_bp)
    from .house import bp as house_bp  # house variants: make, change, share, import

    app.register_blueprint(house_bp)
    from .games import bp as games_bp

    app.register_blueprint(games_bp)
    from .tables import bp as tables_bp  # a family's or a club's table

    app.register_blueprint(tables_bp)
    from .pwa import bp as pwa_bp  # service worker, manifest, offline page

    app.register_blueprint(pwa_bp)
    from .script_words import bp as words_bp, script_words_url  # the scripts' sentences

    app.register_blueprint(words_bp)
    app.add_template_global(script_words_url)
