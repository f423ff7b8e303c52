"""scorekeeper: keeps score, settles rule disputes and prints scoresheets for May I rummy and ROY."""
from __future__ import annotations

import gc
import os
import secrets
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


def _secret_key(instance_path: str) -> str:
    """Read ``instance/secret_key``, generating it on first run.

    Several server workers may start at once: the key is written to a private temporary file and
    linked into place, so exactly one key wins and every worker reads that one, never half a file.
    """
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        tmp = path.with_name(f".secret_key.{os.getpid()}.{secrets.token_hex(4)}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32))
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass
        finally:
            os.unlink(tmp)
    return path.read_text().strip()


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
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(app.instance_path)

    from . import api, backup, db, errors, i18n, models, scoresheets, security, web  # noqa: F401  (models: the tables)

    db.init_app(app)
    i18n.init_app(app)
    app.url_map.converters["int"] = security.BoundedInt  # (before the routes are added)
    web.init_app(app)
    api.init_app(app)
    scoresheets.init_app(app)
    security.init_app(app)
    backup.init_app(app)
    errors.init_app(app)
    from .services import table_results
    table_results.init_app(app)
    if not app.testing:
        # What is loaded so far lives as long as the server process. Frozen, it is left out of the
        # collector's full scans, which otherwise stop a request for tens of milliseconds now and
        # then (docs/performance.md, "Server speed").
        gc.freeze()
    return app
