"""The JSON API's blueprint: every route under /api/v1 registers on it."""
from __future__ import annotations

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api/v1")
