"""House variant pages: make a family's version of a variant, change it, share it (link, QR code,
TOML file) and import one. The rules pages and tools show house variants themselves
(``scorekeeper.web.rules``, with ``views``)."""
from __future__ import annotations

from flask import Blueprint

bp = Blueprint("house", __name__)

from . import routes  # noqa: E402,F401  (registers the views on bp)
