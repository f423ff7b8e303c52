"""Game pages (blueprint ``games``): forms in ``forms.py``, views in ``routes.py``."""
from __future__ import annotations

from flask import Blueprint, render_template

bp = Blueprint("games", __name__)


@bp.errorhandler(400)
@bp.errorhandler(403)
@bp.errorhandler(404)
def _error_page(err):
    return render_template("games/error.html", error=err), err.code


from . import routes  # noqa: E402,F401  (registers the views on bp)
