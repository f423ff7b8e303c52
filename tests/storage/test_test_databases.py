"""The suite's own database fixtures: each test gets a fresh database of the chosen kind."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest
import sqlalchemy as sa

from support import pgcluster
from scorekeeper.db import db


def _dialect(app) -> str:
    with app.app_context():
        return db.engine.dialect.name


def test_database_is_the_chosen_kind(app, db_backend):
    assert _dialect(app) == db_backend
    with app.app_context():
        if db_backend == "postgresql":
            version = db.session.execute(sa.text("SHOW server_version_num")).scalar_one()
            assert int(version) >= 130000
        else:
            assert db.session.execute(sa.text("select sqlite_version()")).scalar_one()


def _write_marker(app):
    with app.app_context():
        with db.engine.begin() as conn:
            conn.execute(sa.text("CREATE TABLE fixture_marker (n INTEGER)"))
            conn.execute(sa.text("INSERT INTO fixture_marker VALUES (1)"))


def _has_marker(app) -> bool:
    with app.app_context():
        return "fixture_marker" in sa.inspect(db.engine).get_table_names()


# The two tests below run in this order: the second must not see what the first wrote.
def test_fresh_database_first(app):
    assert not _has_marker(app)
    _write_marker(app)
    assert _has_marker(app)


def test_fresh_database_second(app):
    assert not _has_marker(app)


def test_cluster_life_cycle(tmp_path):
    """A cluster starts as the postgres user when we are root, serves, and is removed on stop."""
    cluster = pgcluster.Cluster().start()
    directory = cluster.dir
    try:
        if os.geteuid() == 0:
            import pwd

            assert directory.stat().st_uid == pwd.getpwnam("postgres").pw_uid
        name = cluster.create_database()
        engine = sa.create_engine(cluster.url(name))
        with engine.begin() as conn:
            assert conn.execute(sa.text("select current_user")).scalar_one() == "postgres"
            assert conn.execute(sa.text("select current_database()")).scalar_one() == name
        engine.dispose()
        cluster.drop_database(name)
        with cluster.connect() as conn:
            names = [r[0] for r in conn.execute("select datname from pg_database")]
        assert name not in names
    finally:
        cluster.stop()
    assert not directory.exists()
    cluster.stop()  # twice is harmless


@pytest.mark.slow
def test_cluster_stopped_when_session_fails(tmp_path):
    """A pytest session that fails still stops its cluster and removes its directory."""
    test = tmp_path / "test_fail.py"
    test.write_text(
        textwrap.dedent(
            """
            def test_uses_postgres(app, postgresql_cluster, tmp_path_factory):
                (tmp_path_factory.getbasetemp().parent / "pgdir").write_text(str(postgresql_cluster.dir))
                assert False, "deliberate failure"
            """
        )
    )
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # tests/
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([here, os.path.dirname(here)]))
    base = tmp_path / "base"
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "conftest",
         "--db=postgresql",
         f"--basetemp={base}", "--rootdir", str(tmp_path), "-c", os.devnull, str(test)],
        capture_output=True, text=True, timeout=300, cwd=tmp_path, env=env,
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "deliberate failure" in proc.stdout
    pgdir = (tmp_path / "pgdir").read_text()
    assert "scorekeeper-pg-" in pgdir
    assert not os.path.exists(pgdir)
