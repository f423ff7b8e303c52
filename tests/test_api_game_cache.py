"""GET /api/v1/games/<id> answers from one primary-key SELECT when it can: a 304 for a known
ETag, or the body already built for the game's current version (scorekeeper.live.api_bodies).
A write changes the version, so a stored body is never served for a changed game. (The same for
the pages, and for writes made by another process: tests/test_page_cache.py.)"""
from __future__ import annotations

from sqlalchemy import event

from scorekeeper import live
from scorekeeper.db import db
from scorekeeper.live import api_bodies


def _create(client):
    r = client.post("/api/v1/games", json={"variant": "joybells", "players": ["Ann", "Bob", "Cy", "Di"],
                                           "dealer": "Ann"})
    assert r.status_code == 201
    return r.get_json()


def _count_queries(app, fn, monkeypatch):
    """``fn()``, the SQL statements sent through SQLAlchemy, and the version stamps read (the
    stamp's one primary-key SELECT goes to the database beside SQLAlchemy: live._StampQuery)."""
    seen, stamps = [], []
    with app.app_context():
        engine = db.engine
    listener = lambda *args: seen.append(args[2])  # noqa: E731
    read = live._StampQuery.row
    monkeypatch.setattr(live._StampQuery, "row", lambda self, game_id: stamps.append(game_id) or read(self, game_id))
    event.listen(engine, "before_cursor_execute", listener)
    try:
        result = fn()
    finally:
        event.remove(engine, "before_cursor_execute", listener)
        monkeypatch.undo()
    return result, seen, stamps


def test_second_read_is_served_from_the_stored_body_with_one_query(app, client, monkeypatch):
    game = _create(client)
    url = f"/api/v1/games/{game['id']}"
    first = client.get(url)
    assert first.status_code == 200
    second, queries, stamps = _count_queries(app, lambda: client.get(url), monkeypatch)
    assert second.status_code == 200
    assert second.get_json() == first.get_json()
    assert second.headers["ETag"] == first.headers["ETag"]
    assert queries == [] and stamps == [game["id"]]


def test_a_write_changes_the_answer_and_the_etag(client):
    game = _create(client)
    url = f"/api/v1/games/{game['id']}"
    before = client.get(url)
    r = client.post(f"{url}/rounds", headers={"Authorization": f"Bearer {game['edit_token']}"},
                    json={"round": 1, "went_out": "Ann",
                          "hands": {"Bob": {"points": 10}, "Cy": {"points": 20}, "Di": {"cards": ["KD"]}}})
    assert r.status_code == 201
    after = client.get(url, headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200 and after.headers["ETag"] != before.headers["ETag"]
    assert after.get_json()["totals"] == {"Ann": 0, "Bob": 10, "Cy": 20, "Di": 10}
    again = client.get(url, headers={"If-None-Match": after.headers["ETag"]})
    assert again.status_code == 304


def test_links_in_a_stored_body_follow_the_host_asked(client):
    game = _create(client)
    url = f"/api/v1/games/{game['id']}"
    a = client.get(url, base_url="http://phone.example").get_json()
    b = client.get(url, base_url="http://other.example").get_json()
    assert a["view_url"].startswith("http://phone.example/") and b["view_url"].startswith("http://other.example/")


def test_unknown_and_odd_ids_are_still_404(client):
    assert client.get("/api/v1/games/nosuchgame123456").status_code == 404
    assert client.get("/api/v1/games/bad%00id").status_code == 404
    assert len(api_bodies._items) <= api_bodies.size


def test_read_only_page_for_a_cookieless_browser_is_rendered_once_per_version(app, client, monkeypatch):
    game = _create(client)
    url = f"/games/{game['id']}/view"
    anonymous = app.test_client()  # no cookie: the page depends on the game alone
    first = anonymous.get(url)
    assert first.status_code == 200 and b"Round 1" in first.data
    second, queries, stamps = _count_queries(app, lambda: anonymous.get(url), monkeypatch)
    assert second.data == first.data and second.headers["ETag"] == first.headers["ETag"]
    assert queries == [] and stamps == [game["id"]]
    r = client.post(f"/api/v1/games/{game['id']}/rounds", headers={"Authorization": f"Bearer {game['edit_token']}"},
                    json={"round": 1, "went_out": "Bob",
                          "hands": {"Ann": {"points": 5}, "Cy": {"points": 20}, "Di": {"points": 0}}})
    assert r.status_code == 201
    third = anonymous.get(url)
    assert b"Round 2" in third.data and third.headers["ETag"] != first.headers["ETag"]
