"""One secret key for every app server of one database (scorekeeper/shared_secret.py): servers given
no key share the one kept in the database, a key kept in an instance folder from before becomes it,
and a server whose key differs from the others' stops at start saying so. On the suite's database
(SQLite file or PostgreSQL), each server an app of its own instance folder, as on another machine."""
from __future__ import annotations

import pytest
import sqlalchemy as sa

from scorekeeper import create_app
from scorekeeper.shared_secret import SecretKeyMismatch
from support.round_form import csrf_of


@pytest.fixture
def start_server(database_url, tmp_path, monkeypatch):
    """``start_server(name, key=None)``: the app as a server starts it (settings from the
    environment, not a test's), with an instance folder of its own; its connections closed after."""
    made = []

    def start(name: str, key: str | None = None):
        monkeypatch.setenv("DATABASE_URL", database_url)
        monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / name))
        if key is None:
            monkeypatch.delenv("SCOREKEEPER_SECRET_KEY", raising=False)
        else:
            monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", key)
        app = create_app()
        made.append(app)
        return app

    yield start
    for app in made:
        with app.app_context():
            app.extensions["sqlalchemy"].engine.dispose()


def kept(database_url: str) -> dict:
    engine = sa.create_engine(database_url)
    try:
        with engine.connect() as conn:
            return dict(conn.execute(sa.text("SELECT name, value FROM shared_settings")).all())
    finally:
        engine.dispose()


def test_servers_given_no_key_share_the_one_kept_in_the_database(start_server, database_url, tmp_path):
    first, second = start_server("one"), start_server("two")
    assert first.secret_key == second.secret_key == kept(database_url)["secret_key"]
    assert len(first.secret_key) == 64
    assert not (tmp_path / "one" / "secret_key").exists() and not (tmp_path / "two" / "secret_key").exists()
    # A form served by one server is accepted by the other: the edit rights a phone was given by the
    # first (its session cookie) are read by the second.
    phone = first.test_client()
    page = phone.get("/games/new")
    assert page.status_code == 200
    cookie = phone.get_cookie("session")
    other = second.test_client()
    other.set_cookie("session", cookie.value)
    made = other.post("/games/new", data={"csrf_token": csrf_of(page.data), "variant": "clenney", "dealer": "0",
                                          "players-0": "Ann", "players-1": "Bob", "players-2": "Cy"})
    assert made.status_code in (302, 303), made.get_data(as_text=True)[:500]


def test_a_key_kept_in_an_instance_folder_before_becomes_the_shared_key(start_server, database_url, tmp_path):
    (tmp_path / "one").mkdir()
    (tmp_path / "one" / "secret_key").write_text("a" * 64 + "\n")
    assert start_server("one").secret_key == "a" * 64
    assert start_server("two").secret_key == "a" * 64
    assert kept(database_url)["secret_key"] == "a" * 64


def test_a_server_given_another_key_stops_at_start_saying_so(start_server, database_url):
    assert start_server("one", key="the-club-key").secret_key == "the-club-key"
    assert start_server("two", key="the-club-key").secret_key == "the-club-key"
    for name, key in (("three", "a-typo"), ("four", None)):
        with pytest.raises(SecretKeyMismatch) as refused:
            start_server(name, key=key)
        assert str(refused.value).startswith("This server's secret key is not the one the other servers "
                                             "of this database use: give every server the same "
                                             "SCOREKEEPER_SECRET_KEY")
    # Changing the key on purpose: with every server stopped, the row is deleted (README.md).
    engine = sa.create_engine(database_url)
    with engine.begin() as conn:
        conn.execute(sa.text("DELETE FROM shared_settings WHERE name = 'secret_key_fingerprint'"))
    engine.dispose()
    assert start_server("five", key="the-new-key").secret_key == "the-new-key"
    with pytest.raises(SecretKeyMismatch):
        start_server("six", key="the-club-key")
