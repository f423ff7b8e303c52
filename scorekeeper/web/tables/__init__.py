"""Table pages (blueprint ``tables``): a family's or a club's roster, history, statistics and
rulings. Forms in ``forms.py``, views in ``routes.py``; every change goes through
``scorekeeper.services.tables``."""
from __future__ import annotations

from .routes import bp  # noqa: F401  (the blueprint, with its views)
from . import downloads, import_page, yearbook  # noqa: F401  (its downloads; the table import screen; the printed yearbook)
