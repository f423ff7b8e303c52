"""The JSON API under /api/v1 (see shared/api-contract.md)."""
from __future__ import annotations

from flask import Blueprint, Flask, jsonify
from werkzeug.exceptions import HTTPException

bp = Blueprint("api", __name__, url_prefix="/api/v1")


class ApiError(Exception):
    """A 4xx answer: ``{"error": message, **extra}``."""

    def __init__(self, message: str, status: int = 400, **extra):
        super().__init__(message)
        self.message = message
        self.status = status
        self.extra = extra


@bp.errorhandler(ApiError)
def _api_error(err: ApiError):
    return jsonify({"error": err.message, **err.extra}), err.status


@bp.errorhandler(HTTPException)
def _http_error(err: HTTPException):
    return jsonify({"error": err.description or err.name}), err.code


def init_app(app: Flask) -> None:
    from . import rules  # noqa: F401  (registers routes on bp)
    from . import openapi  # noqa: F401  (GET /api/v1/openapi.json; other modules add their paths)
    from . import games  # noqa: F401  (registers routes on bp)
    from . import tables  # noqa: F401  (registers routes on bp)

    app.register_blueprint(bp)
