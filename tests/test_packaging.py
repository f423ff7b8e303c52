"""The package a club server installs (`pip install '.[server]'`, not editable) holds every
module, template and static file the app needs."""
from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_python_package_is_listed_for_the_wheel():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    listed = set(config["tool"]["setuptools"]["packages"])
    on_disk = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "scorekeeper").rglob("__init__.py")
        if "__pycache__" not in p.parts
    }
    assert on_disk - listed == set()
    assert {"scorekeeper.templates", "scorekeeper.static"} <= listed


def test_server_extra_has_gunicorn_and_the_postgresql_driver():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    server = " ".join(config["project"]["optional-dependencies"]["server"])
    assert "gunicorn" in server and "psycopg" in server
