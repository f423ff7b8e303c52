"""Game pages (blueprint ``games``): forms in ``forms.py``, views in ``routes.py``."""
from __future__ import annotations

from flask import Blueprint

bp = Blueprint("games", __name__)  # every URL under /games/ (errors: scorekeeper/errors.py)


from . import routes  # noqa: E402,F401  (registers the views on bp)
