"""Table pages (blueprint ``tables``): a family's or a club's roster, history, statistics and
rulings. Forms in ``forms.py``, views in ``routes.py``; every change goes through
``scorekeeper.services.tables``."""
from __future__ import annotations

from flask import Blueprint

bp = Blueprint("tables", __name__)  # (errors: scorekeeper/errors.py)

from . import routes  # noqa: E402,F401  (registers the views on bp)
from . import yearbook  # noqa: E402,F401  (the printed yearbook)
from . import import_page  # noqa: E402,F401  (the table import screen)
