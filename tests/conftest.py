"""Shared fixtures, in the style of the Flask tutorial: ``app``, ``client``, ``runner``.

Every test gets a fresh database: a real SQLite file under ``tmp_path`` by default, or a fresh
database in a throwaway PostgreSQL cluster when ``SCOREKEEPER_TEST_DB=postgresql`` (or
``pytest --db=postgresql``). It is a copy of one migrated once per session (Alembic's upgrade was
most of a PostgreSQL test's set-up); the migrations' own tests start from an empty one. The cluster is made by ``tests/support/pgcluster.py`` with the machine's own
``initdb``/``pg_ctl`` in a temporary directory, once per session, and stopped at the end.
"""
from __future__ import annotations

import os
import shutil
from contextlib import contextmanager

import pytest
from hypothesis import settings
from sqlalchemy import event
from sqlalchemy.engine import Engine

from support import pgcluster  # tests/support/pgcluster.py (pytest puts tests/ on sys.path)
from scorekeeper import create_app

pytest_plugins = ["support.browser_support",  # live_server, browser, page, check_page (tests/support/browser_support.py)
                  "pytester"]  # (tests/app/test_no_database_marker.py runs the suite's hooks on tests of its own)

DATABASES = ("sqlite", "postgresql")

# Generated examples are the same on every run, with no deadline: a test fails for a wrong answer,
# never for an unlucky draw or a loaded machine (and no example database replays an old failure).
settings.register_profile("scorekeeper", derandomize=True, deadline=None, database=None)
settings.load_profile("scorekeeper")


def pytest_addoption(parser):
    parser.addoption(
        "--db",
        choices=DATABASES,
        default=None,
        help="database the suite runs on (default: $SCOREKEEPER_TEST_DB or sqlite)",
    )


def _backend(config) -> str:
    backend = config.getoption("--db") or os.environ.get("SCOREKEEPER_TEST_DB") or "sqlite"
    if backend not in DATABASES:
        raise pytest.UsageError(f"SCOREKEEPER_TEST_DB: {backend!r} is not one of {DATABASES}")
    return backend


def pytest_report_header(config):
    return f"scorekeeper test database: {_backend(config)}"


# The fixtures through which a test reaches the suite's database (``app``, ``client``, ``server`` …
# all ask for ``database_url``).
DATABASE_FIXTURES = {"database_url", "empty_database_url", "second_database_url", "postgresql_cluster",
                     "db_backend"}


def _uses_the_database(item) -> bool:
    return bool(DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))) and item.get_closest_marker("no_database") is None


def pytest_collection_modifyitems(config, items):
    """On PostgreSQL, run only the tests that use the suite's database: the others (packaging, the
    catalogue, the app's own SQLite files …, and the tests marked ``no_database``) would do exactly
    what the SQLite pass already did (docs/testing.md, "How the suite is split"). Then the tests
    marked slow go first."""
    if _backend(config) == "postgresql":
        kept = [item for item in items if _uses_the_database(item)]
        if len(kept) < len(items):
            config.hook.pytest_deselected(items=[item for item in items if item not in kept])
            items[:] = kept
    # The slow tests first, so that the workers of `make test` (pytest-xdist) share out the short
    # ones at the end instead of waiting for one long test.
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """A test marked ``no_database`` asks for the app but must run no SQL statement in its own
    process (set-up aside): the PostgreSQL job leaves it out on that promise, so the test fails
    when it breaks it, naming the first statement."""
    if item.get_closest_marker("no_database") is None:
        return (yield)
    statements: list[str] = []

    def seen(conn, cursor, statement, *args):
        statements.append(" ".join(statement.split())[:160])

    event.listen(Engine, "before_cursor_execute", seen)
    try:
        result = yield
    finally:
        event.remove(Engine, "before_cursor_execute", seen)
    if statements:
        pytest.fail(f"marked no_database, but ran {len(statements)} SQL statement(s), the first: {statements[0]}",
                    pytrace=False)
    return result


@pytest.fixture(scope="session")
def db_backend(request) -> str:
    """``"sqlite"`` or ``"postgresql"``: the database this run of the suite uses."""
    return _backend(request.config)


@pytest.fixture(scope="session")
def postgresql_cluster(db_backend):
    """A throwaway PostgreSQL cluster for the whole session (only in PostgreSQL mode)."""
    if db_backend != "postgresql":
        yield None
        return
    cluster = pgcluster.Cluster()
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def migrated_database(db_backend, postgresql_cluster, tmp_path_factory) -> str:
    """A database at the newest schema, made once per session (per worker), that each test's
    database is copied from: the SQLite file's path, or the PostgreSQL template database's name."""
    if db_backend == "sqlite":
        path = tmp_path_factory.mktemp("migrated") / "scorekeeper.db"
        where, url = str(path), f"sqlite:///{path}"
    else:
        where = postgresql_cluster.create_database()
        url = postgresql_cluster.url(where)
    _dispose(create_app({"TESTING": True, "SECRET_KEY": "template", "SQLALCHEMY_DATABASE_URI": url}))
    return where


@pytest.fixture
def database_url(db_backend, postgresql_cluster, migrated_database, tmp_path):
    """A fresh database at the newest schema, holding nothing, for one test: a SQLite file, or a new
    PostgreSQL database (copies of ``migrated_database``)."""
    if db_backend == "sqlite":
        path = tmp_path / "scorekeeper.db"
        shutil.copyfile(migrated_database, path)
        yield f"sqlite:///{path}"
        return
    name = postgresql_cluster.create_database(template=migrated_database)
    try:
        yield postgresql_cluster.url(name)
    finally:
        postgresql_cluster.drop_database(name)


@contextmanager
def _empty_database(db_backend, postgresql_cluster, sqlite_file):
    """A fresh, empty database (no schema at all) of the suite's kind: ``sqlite_file``, or a new
    PostgreSQL database, dropped afterwards."""
    if db_backend == "sqlite":
        yield f"sqlite:///{sqlite_file}"
        return
    name = postgresql_cluster.create_database()
    try:
        yield postgresql_cluster.url(name)
    finally:
        postgresql_cluster.drop_database(name)


@pytest.fixture
def empty_database_url(db_backend, postgresql_cluster, tmp_path):
    """A fresh, empty database for one test, of the suite's kind (the migrations' tests)."""
    with _empty_database(db_backend, postgresql_cluster, tmp_path / "empty.db") as url:
        yield url


@pytest.fixture
def second_database_url(db_backend, postgresql_cluster, tmp_path):
    """Another fresh, empty database of the same kind (e.g. to restore a backup into)."""
    with _empty_database(db_backend, postgresql_cluster, tmp_path / "second.db") as url:
        yield url


# A PDF render's time limit (scorekeeper/scoresheets) guards a server; the suite runs on machines
# loaded by other work, so its apps give a render all the time it needs (the tests of the limit
# set their own: tests/scoresheets/test_yearbook_scale.py).
RENDER_TIME_ENOUGH = 600


@pytest.fixture
def app(database_url, tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": database_url,
            "WTF_CSRF_ENABLED": False,
            "PDF_RENDER_TIMEOUT": RENDER_TIME_ENOUGH,
        }
    )
    yield app
    _dispose(app)


@pytest.fixture
def app_factory(database_url):
    """``app_factory(**config)``: another app on this test's database, with settings of its own;
    its connections are closed after the test."""
    made = []

    def make(**config):
        settings = {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": database_url,
            "PDF_RENDER_TIMEOUT": RENDER_TIME_ENOUGH,
        }
        settings.update(config)
        made.append(create_app(settings))
        return made[-1]

    yield make
    for app in made:
        _dispose(app)


def _dispose(app) -> None:
    """Close the app's pooled connections so the test's database can be dropped."""
    ext = app.extensions.get("sqlalchemy")
    if ext is not None:
        with app.app_context():
            for engine in ext.engines.values():
                engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()
