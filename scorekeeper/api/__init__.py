"""The JSON API under /api/v1 (described at /api/v1/openapi.json, scorekeeper/api/openapi.py)."""
from __future__ import annotations

from flask import Blueprint, Flask

bp = Blueprint("api", __name__, url_prefix="/api/v1")


class ApiError(Exception):
    """A 4xx answer: ``{"error": message, **extra}`` (``scorekeeper/errors.py``)."""

    def __init__(self, message: str, status: int = 400, **extra):
        super().__init__(message)
        self.message = message
        self.status = status
        self.extra = extra


def init_app(app: Flask) -> None:
    from . import rules  # noqa: F401  (registers routes on bp)
    from . import openapi  # noqa: F401  (GET /api/v1/openapi.json; other modules add their paths)
    from . import games  # noqa: F401  (registers routes on bp)
    from . import house  # noqa: F401  (registers routes on bp)
    from . import tables  # noqa: F401  (registers routes on bp)
    from . import yearbook  # noqa: F401  (registers routes on bp)

    app.register_blueprint(bp)
