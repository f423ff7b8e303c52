"""The health path a proxy asks every few seconds (scorekeeper/health.py): 200 when the database
answers and its schema is this code's (or newer, during an upgrade one server at a time), 503
otherwise; no cookie, and no line in the access log of gunicorn run as README.md documents it.
Also the start of a server whose database does not answer yet: its key comes with the first request."""
from __future__ import annotations

import pytest
import sqlalchemy as sa

from scorekeeper import create_app
from scorekeeper.health import known_revisions
from support.pgcluster import free_port
from support.round_form import csrf_of
from support.server import get, server  # noqa: F401  (the fixture: gunicorn as documented)

HEAD, _ = known_revisions()  # (the newest migration)


def set_schema(database_url: str, statement: str) -> None:
    engine = sa.create_engine(database_url)
    with engine.begin() as conn:
        conn.execute(sa.text(statement))
    engine.dispose()


def test_the_health_path_says_ok_with_the_schema_and_sets_no_cookie(client):
    answer = client.get("/healthz")
    assert answer.status_code == 200
    assert answer.get_json() == {"status": "ok", "schema": HEAD}
    assert "Set-Cookie" not in answer.headers
    assert answer.headers["Cache-Control"] == "no-store"


def test_the_health_path_is_503_when_the_schema_is_behind_and_200_when_it_is_newer(client, database_url):
    set_schema(database_url, "UPDATE alembic_version SET version_num = '0001'")
    answer = client.get("/healthz")
    assert answer.status_code == 503
    assert answer.get_json() == {"status": "the database schema is not at this server's version",
                                 "schema": "0001"}
    # A revision this code does not know is a newer one: another server has upgraded the database.
    set_schema(database_url, "UPDATE alembic_version SET version_num = '0010_from_a_newer_release'")
    assert client.get("/healthz").get_json() == {"status": "ok", "schema": "0010_from_a_newer_release"}
    set_schema(database_url, "DELETE FROM alembic_version")
    assert client.get("/healthz").status_code == 503
    set_schema(database_url, "DROP TABLE alembic_version")
    assert client.get("/healthz").get_json() == {"status": "the database does not answer", "schema": None}


def test_the_health_path_is_503_while_the_database_does_not_answer(app_factory):
    app = app_factory(SQLALCHEMY_DATABASE_URI=f"postgresql+psycopg://nobody@127.0.0.1:{free_port()}/scorekeeper")
    assert app.test_client().get("/healthz").status_code == 503


def test_a_server_started_before_its_database_gets_its_key_with_the_first_request(tmp_path, monkeypatch):
    folder = tmp_path / "not-yet"  # (SQLite cannot open a file in a folder that is not there)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{folder / 'scorekeeper.db'}")
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.delenv("SCOREKEEPER_SECRET_KEY", raising=False)
    app = create_app()
    assert not app.secret_key
    folder.mkdir()
    phone = app.test_client()
    first = phone.get("/games/new")  # (the form's CSRF token is kept in the session, which needs the key)
    assert first.status_code == 307 and first.headers["Location"] == "http://localhost/games/new"
    assert len(app.secret_key) == 64
    page = phone.get("/games/new")
    assert page.status_code == 200
    made = phone.post("/games/new", data={"csrf_token": csrf_of(page.data), "variant": "clenney", "dealer": "0",
                                          "players-0": "Ann", "players-1": "Bob", "players-2": "Cy"})
    assert made.status_code == 302, made.get_data(as_text=True)[:500]


@pytest.mark.slow
def test_the_access_log_has_no_line_for_the_health_path(server, tmp_path):  # noqa: F811
    for _ in range(5):
        assert get(server, "/healthz")[0] == 200
    assert get(server, "/api/v1/variants")[0] == 200
    log = (tmp_path / "gunicorn.log").read_text()
    assert '"GET /api/v1/variants"' in log
    assert "/healthz" not in log
