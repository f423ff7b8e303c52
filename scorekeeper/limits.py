"""Limits a route asks for in its own body, beside the app's rate limits on writes and PDFs
(scorekeeper/security.py makes the limiter; scorekeeper/errors.py words a 429)."""
from __future__ import annotations

from flask import current_app


def anonymous_import():
    """The limit on tables imported without their edit token (``RATELIMIT_ANONYMOUS_IMPORT``, per
    client address): a context manager around such an import (api/tables.py,
    web/tables/import_page.py). Over it: 429."""
    limiter = current_app.extensions["scorekeeper_limiter"]
    return limiter.shared_limit(lambda: current_app.config["RATELIMIT_ANONYMOUS_IMPORT"], scope="anonymous-import")
