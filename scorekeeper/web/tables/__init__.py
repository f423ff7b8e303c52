"""Table pages (blueprint ``tables``): a family's or a club's roster, history, statistics and
rulings. Forms in ``forms.py``, views in ``routes.py``; every change goes through
``scorekeeper.services.tables``."""
from __future__ import annotations

from flask import Blueprint, render_template

bp = Blueprint("tables", __name__)


@bp.errorhandler(400)
@bp.errorhandler(403)
@bp.errorhandler(404)
def _error_page(err):
    return render_template("games/error.html", error=err), err.code


from . import routes  # noqa: E402,F401  (registers the views on bp)
