"""The JSON API under /api/v1 (described at /api/v1/openapi.json, scorekeeper/api/openapi.py)."""
from __future__ import annotations

from flask import Flask

from .blueprint import bp
from .request import ApiError  # noqa: F401  (scorekeeper/errors.py answers it)


def init_app(app: Flask) -> None:
    from . import rules  # noqa: F401  (registers routes on bp)
    from . import openapi  # noqa: F401  (GET /api/v1/openapi.json; other modules add their paths)
    from . import games  # noqa: F401  (registers routes on bp)
    from . import house  # noqa: F401  (registers routes on bp)
    from . import tables  # noqa: F401  (registers routes on bp)
    from . import yearbook  # noqa: F401  (registers routes on bp)
    from . import proposals  # noqa: F401  (registers routes on bp)

    app.register_blueprint(bp)
