"""Rules pages (/rules/...) and dispute tools (/tools/...): views only; every answer comes from
``scorekeeper.rules`` (reference, compare, irregularities, calculators, melds, may_i, roy)."""
from __future__ import annotations

from .routes import bp  # noqa: F401  (the blueprint, with its views)
