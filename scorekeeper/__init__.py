"""scorekeeper: keeps score, settles rule disputes and prints scoresheets for May I rummy and ROY."""
from __future__ import annotations

import gc
import os
from pathlib import Path

from flask import Flask

from . import config

_HERE = Path(__file__).resolve().parent


def _asset_folder(name: str) -> str:
    """The top-level ``templates/``/``static/`` folder in a checkout, or the copy shipped in the package."""
    checkout = _HERE.parent / name
    return str(checkout if checkout.is_dir() else _HERE / name)


def _instance_path() -> str | None:
    """``$SCOREKEEPER_INSTANCE_PATH`` (e.g. /var/lib/scorekeeper), else Flask's default."""
    path = os.environ.get("SCOREKEEPER_INSTANCE_PATH")
    return os.path.abspath(path) if path else None


def create_app(test_config: dict | None = None) -> Flask:
    """Application factory, in the style of the Flask tutorial."""
    app = Flask(
        __name__,
        instance_relative_config=True,
        instance_path=_instance_path(),
        template_folder=_asset_folder("templates"),
        static_folder=_asset_folder("static"),
    )
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_object(config.Defaults)  # every setting and its default (scorekeeper/config.py)
    app.config["SQLALCHEMY_DATABASE_URI"] = "sqlite:///" + os.path.join(app.instance_path, "scorekeeper.db")
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env("SCOREKEEPER")
    else:
        app.config.from_mapping(test_config)
    database_url = os.environ.get("DATABASE_URL")
    if database_url and (test_config is None or "SQLALCHEMY_DATABASE_URI" not in test_config):
        # Heroku-style postgres:// and plain postgresql:// both mean psycopg 3 (the dependency).
        for prefix in ("postgres://", "postgresql://"):
            if database_url.startswith(prefix):
                database_url = "postgresql+psycopg://" + database_url[len(prefix):]
        app.config["SQLALCHEMY_DATABASE_URI"] = database_url

    from . import (api, backup, compression, db, errors, health, i18n, models, scoresheets,  # noqa: F401  (models: the tables)
                   security, shared_secret, static_files, web)

    compression.init_app(app)  # (first: its step runs after every other one, on the final headers)
    static_files.init_app(app)
    db.init_app(app, shared_secret.settle, shared_secret.no_database_key)  # (the secret key: kept in the database unless given)
    i18n.init_app(app)
    app.url_map.converters["int"] = security.BoundedInt  # (before the routes are added)
    web.init_app(app)
    api.init_app(app)
    scoresheets.init_app(app)
    security.init_app(app)
    backup.init_app(app)
    errors.init_app(app)
    health.init_app(app)
    from .services import table_results
    table_results.init_app(app)
    if not app.testing:
        # What is loaded so far lives as long as the server process. Frozen, it is left out of the
        # collector's full scans, which otherwise stop a request for tens of milliseconds now and
        # then (docs/performance.md, "Server speed").
        gc.freeze()
    return app
