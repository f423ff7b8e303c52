"""Rules pages (/rules/...) and dispute tools (/tools/...): views only; every answer comes from
``scorekeeper.rules`` (reference, compare, irregularities, calculators, melds, may_i, roy)."""
from __future__ import annotations

from flask import Blueprint

bp = Blueprint("rules", __name__)

from . import routes  # noqa: E402,F401  (registers the views on bp)
