"""The answers kept per game version (scorekeeper.live: the API's JSON, the read-only scoreboard,
the game page for an editor and for a follower; scorekeeper.web.slotted) never outlive the
version they were made for, whichever process changes the game.

Each worker of a server keeps its own: the writes here are made by another process on the same
database (tests/other_process.py, its own app and caches), and after each one every answer of
this process must be the one rendered afresh from the database. Runs on SQLite and, with
SCOREKEEPER_TEST_DB=postgresql, on PostgreSQL."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import event

from scorekeeper import live
from scorekeeper.db import db
from scorekeeper.web.slotted import SlottedPage

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Ann", "Bob", "Cy", "Di"]
CSRF_VALUE = re.compile(rb'(name="csrf_token" type="hidden" value=")[^"]+(")')


class OtherProcess:
    def __init__(self, database_url: str, instance: Path):
        env = {"PATH": "/usr/bin:/bin", "SCOREKEEPER_INSTANCE_PATH": str(instance)}
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "other_process.py"), database_url],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env)
        assert json.loads(self.proc.stdout.readline()) == {"ready": True}

    def __call__(self, method: str, path: str, json_body=None, data=None, headers=None) -> tuple[int, object]:
        self.proc.stdin.write(json.dumps({"method": method, "path": path, "json": json_body, "data": data,
                                          "headers": headers}) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        return answer["status"], answer["body"]

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(30)
        self.proc.stdout.close()


@pytest.fixture
def other_process(database_url, tmp_path):
    process = OtherProcess(database_url, tmp_path / "other-instance")
    yield process
    process.close()


def statements(app, fn):
    """``fn()``, and the SQL statements it sent through SQLAlchemy (the version stamp is read
    beside SQLAlchemy: not among them)."""
    seen = []
    with app.app_context():
        engine = db.engine
    listener = lambda *args: seen.append(args[2])  # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    try:
        return fn(), seen
    finally:
        event.remove(engine, "before_cursor_execute", listener)


def answer(response) -> tuple[int, bytes]:
    return response.status_code, CSRF_VALUE.sub(rb"\1CSRF\2", response.data)


def test_every_answer_follows_writes_made_by_another_process(app, client, other_process):
    status, game = other_process("POST", "/api/v1/games", {"variant": "clenney", "players": PLAYERS})
    assert status == 201
    gid, token = game["id"], game["edit_token"]
    auth = {"Authorization": f"Bearer {token}"}
    editor, follower, poller = app.test_client(), app.test_client(), app.test_client()
    assert editor.get(f"/games/{gid}/edit?token={token}").status_code == 302
    editor.get(f"/games/{gid}")  # shows (and so uses up) the edit link's flashed message
    follower.get(f"/games/{gid}")
    views = {
        "scorekeeper's game page": lambda: editor.get(f"/games/{gid}"),
        "follower's game page": lambda: follower.get(f"/games/{gid}"),
        "read-only scoreboard": lambda: poller.get(f"/games/{gid}/view"),
        "API": lambda: poller.get(f"/api/v1/games/{gid}"),
    }

    def hands(out: str, points: int) -> dict:
        return {p: {"points": points + i} for i, p in enumerate(PLAYERS) if p != out}

    writes = [
        ("round 1", "POST", f"/api/v1/games/{gid}/rounds", {"went_out": "Ann", "hands": hands("Ann", 10)}),
        ("round 2", "POST", f"/api/v1/games/{gid}/rounds", {"went_out": "Bob", "hands": hands("Bob", 20)}),
        ("correction", "PUT", f"/api/v1/games/{gid}/rounds/1",
         {"went_out": "Cy", "hands": hands("Cy", 5), "reason": "Cy went out, not Ann"}),
        ("ruling", "POST", f"/api/v1/games/{gid}/rulings",
         {"what_happened": "Di played out of turn", "ruling": "ten points", "player": "Di", "points": 10}),
        ("withdrawal", "POST", f"/api/v1/games/{gid}/withdraw", {"player": "Di"}),
        ("suspension", "POST", f"/api/v1/games/{gid}/suspend", {}),
        ("resumption", "POST", f"/api/v1/games/{gid}/resume", {}),
        ("round 3", "POST", f"/api/v1/games/{gid}/rounds", {"went_out": "Cy", "hands": {"Ann": {"points": 1},
                                                                                          "Bob": {"points": 2}}}),
    ]
    before = {name: answer(view()) for name, view in views.items()}
    for what, method, path, body in writes:
        for name, view in views.items():  # kept: the second look loads nothing
            (response, sent) = statements(app, view)
            assert answer(response) == before[name], f"{name} changed with no write"
            assert sent == [], f"{name} was not answered from what this process keeps: {sent}"
        status, _ = other_process(method, path, body, headers=auth)
        assert status in (200, 201), (what, status)
        got = {}
        for name, view in views.items():
            (response, sent) = statements(app, view)
            got[name] = answer(response)
            assert sent, f"after the {what} (another process) the {name} did not load the game"
        live.forget_kept_answers()
        for name, view in views.items():
            assert got[name] == answer(view()), f"after the {what} (another process) the {name} is not the one rendered afresh"
            assert got[name] != before[name], f"the {name} did not change with the {what}"
        before = got
    assert b"Di played out of turn" in before["scorekeeper's game page"][1]
    assert b"Record round 4" in before["scorekeeper's game page"][1]
    assert b"Record round" not in before["follower's game page"][1]


def test_a_new_edit_link_made_elsewhere_takes_the_edit_rights_away_at_once(app, other_process):
    status, game = other_process("POST", "/api/v1/games", {"variant": "joybells", "players": PLAYERS[:3]})
    gid = game["id"]
    editor = app.test_client()
    editor.get(f"/games/{gid}/edit?token={game['edit_token']}")
    assert b"Suspend the game" in editor.get(f"/games/{gid}").data
    assert b"Suspend the game" in editor.get(f"/games/{gid}").data  # (from what this process keeps)
    status, _ = other_process("POST", f"/api/v1/games/{gid}/token",
                              headers={"Authorization": f"Bearer {game['edit_token']}"})
    assert status == 200
    page = editor.get(f"/games/{gid}").data
    assert b"Suspend the game" not in page and b"You are looking at the scoreboard" in page
    assert editor.post(f"/games/{gid}/suspend", data={}).status_code == 403


def test_editor_and_follower_pages_of_one_version_are_kept_apart(app, client):
    game = client.post("/api/v1/games", json={"variant": "joybells", "players": PLAYERS[:3]}).get_json()
    gid = game["id"]
    editor, follower = app.test_client(), app.test_client()
    editor.get(f"/games/{gid}/edit?token={game['edit_token']}")
    for _ in range(2):
        assert b"Suspend the game" in editor.get(f"/games/{gid}").data
        page = follower.get(f"/games/{gid}").data
        assert b"Suspend the game" not in page and b"Record round" not in page
    other = client.post("/api/v1/games", json={"variant": "joybells", "players": ["Xi", "Yo", "Zed"]}).get_json()
    assert b"Xi" in follower.get(f"/games/{other['id']}").data and b"Xi" not in follower.get(f"/games/{gid}").data


def test_each_browser_gets_its_own_csrf_token_and_flashed_messages(app_factory):
    app = app_factory(WTF_CSRF_ENABLED=True)
    setup = app.test_client()
    game = setup.post("/api/v1/games", json={"variant": "joybells", "players": PLAYERS[:3]}).get_json()
    gid = game["id"]
    first, second = app.test_client(), app.test_client()
    pages = {}
    for phone in (first, second):
        phone.get(f"/games/{gid}/edit?token={game['edit_token']}")
        shown = phone.get(f"/games/{gid}").data
        assert b"This phone can now keep score for this game." in shown  # flashed by the edit link, once
        pages[phone] = phone.get(f"/games/{gid}").data
        assert b"This phone can now keep score" not in pages[phone]
    assert pages[first] == pages[second]  # the same page (no form on it: suspending asks on its own page)
    asked = {phone: phone.get(f"/games/{gid}/suspend").data for phone in pages}
    tokens = {phone: CSRF_VALUE.search(page).group(0) for phone, page in asked.items()}
    assert tokens[first] != tokens[second]
    token = {phone: re.search(rb'value="([^"]+)"', tokens[phone]).group(1).decode() for phone in pages}
    version = re.search(rb'name="version" type="hidden" value="(\d+)"', asked[first]).group(1).decode()
    refused = second.post(f"/games/{gid}/suspend", data={"csrf_token": token[first], "version": version})
    assert refused.status_code == 400  # another browser's token
    done = second.post(f"/games/{gid}/suspend", data={"csrf_token": token[second], "version": version, "confirm": "yes"})
    assert done.status_code == 302
    page = second.get(f"/games/{gid}").data
    assert b"Game suspended." in page and b"Resume the game" in page
    assert b"Game suspended." not in second.get(f"/games/{gid}").data
    assert b"Game suspended." not in first.get(f"/games/{gid}").data


def test_the_version_stamp_is_what_sqlalchemy_reads(app, client):
    game = client.post("/api/v1/games", json={"variant": "joybells", "players": PLAYERS[:3]}).get_json()
    with app.test_request_context():
        from scorekeeper.services import games as svc

        stamp = live.game_stamp(game["id"])
        loaded = svc.get_game(game["id"])
        assert (stamp.id, stamp.version, stamp.updated_at, stamp.status, stamp.edit_token_hash) == (
            loaded.id, loaded.version, loaded.updated_at, loaded.status, loaded.edit_token_hash)
        assert live.game_etag(stamp, "api") == live.game_etag(loaded, "api")
        assert live.game_stamp("nosuchgame123456") is None and live.game_stamp("bad\x00id") is None


def test_the_version_stamp_goes_through_sqlalchemy_when_the_database_refuses_it(app, client):
    """Any database error on the direct path (a dropped connection, say) sends the query through
    SQLAlchemy, which knows what to do about it."""
    game = client.post("/api/v1/games", json={"variant": "joybells", "players": PLAYERS[:3]}).get_json()
    with app.test_request_context():
        query = live._StampQuery(db.engine)
        (expected, sent) = statements(app, lambda: query.row(game["id"]))
        assert sent == []
        query.sql = "SELECT no_such_column FROM games"
        (row, sent) = statements(app, lambda: query.row(game["id"]))
        assert tuple(row) == tuple(expected) and len(sent) == 1


def test_a_marker_without_this_process_secret_is_only_text():
    page = SlottedPage("<p>a\x00slot:csrf:0123456789abcdef\x00b</p>")
    assert page.slots == frozenset()
    assert page.fill({}) == "<p>a\x00slot:csrf:0123456789abcdef\x00b</p>".encode()
