"""Game pages (blueprint ``games``): forms in ``forms.py``, views in ``routes.py``."""
from __future__ import annotations

from .routes import bp  # noqa: F401  (the blueprint, with its views)
from . import hands  # noqa: F401,E402  (the hand-in pages, on the same blueprint)
