"""Rules part of the JSON API: variants, decks, hand scores, meld checks, May I, ROY plays."""
from __future__ import annotations

from . import bp  # noqa: F401
