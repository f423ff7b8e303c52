"""House variant pages: make a family's version of a variant, change it, share it (link, QR code,
TOML file) and import one. The rules pages and tools show house variants themselves
(``scorekeeper.web.rules``, with ``views``)."""
from __future__ import annotations

from .routes import bp  # noqa: F401  (the blueprint, with its views)
