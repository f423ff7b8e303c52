"""Shared fixtures, in the style of the Flask tutorial: ``app``, ``client``, ``runner``.

Every test gets a fresh database: a real SQLite file under ``tmp_path`` by default, or a fresh
database in a throwaway PostgreSQL cluster when ``SCOREKEEPER_TEST_DB=postgresql``.
"""
from __future__ import annotations

import pytest

from scorekeeper import create_app


@pytest.fixture
def database_url(tmp_path):
    return f"sqlite:///{tmp_path / 'scorekeeper.db'}"


@pytest.fixture
def app(database_url, tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": database_url,
            "WTF_CSRF_ENABLED": False,
        }
    )
    yield app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()
