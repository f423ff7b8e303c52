"""A phone that keeps score of many tables and games through the web pages keeps a session cookie
a browser accepts (4 KB a cookie, name and attributes included), and every game and table it made
stays its to change: gunicorn started as README.md documents it, a browser that gets each form,
posts it with its CSRF token and keeps the cookies it is sent (scorekeeper/web/remembered.py keeps
the tokens the cookie has no room for in the database)."""
from __future__ import annotations

import json
import re

import pytest

from support.server import server  # noqa: F401  (the fixture: gunicorn as documented)
from support.web_browser import Browser

pytestmark = pytest.mark.slow

BROWSER_LIMIT = 4096  # bytes a browser keeps of one cookie: name, value and attributes


def _round(browser: Browser, gid: str, went_out: int) -> None:
    page = f"/games/{gid}/round"
    fields = {"went_out": str(went_out), "save": "1"}
    for seat in range(3):
        if seat != went_out:
            fields |= {f"hands-{seat}-mode": "points", f"hands-{seat}-points": "25", f"hands-{seat}-sure": "y"}
    answer = browser.submit(page, page, **fields)
    assert answer.status in (302, 303), (gid, answer.status, answer.text[:800])


def test_a_phone_keeping_many_games_keeps_a_cookie_a_browser_accepts(server):  # noqa: F811
    browser = Browser(server)
    tables = []
    for n in range(20):
        answer = browser.submit("/", "/tables", name=f"The Saturday table number {n}")
        assert answer.status in (302, 303), (answer.status, answer.text[:500])
        tables.append(answer.header("Location").rstrip("/").rsplit("/", 1)[1])
    games = []
    for n in range(38):
        page = f"/tables/{tables[n % 20]}/games/new" if n % 2 else "/games/new"
        fields = {"variant": "clenney", "dealer": "0",
                  **{f"players-{seat}": f"Player{n}-{seat} Longname" for seat in range(3)}}
        answer = browser.submit(page, page, **fields)
        assert answer.status in (302, 303), (page, answer.status, answer.text[:800])
        gid = answer.header("Location").rstrip("/").rsplit("/", 1)[1]
        games.append(gid)
        assert browser.get(f"/games/{gid}").status == 200
    for gid in games[:6]:  # 12 rounds entered on the round form, each player's way of entering remembered
        _round(browser, gid, 0)
        _round(browser, gid, 1)
    for gid in games[-6:]:  # hand-in links, which the cookie keeps too (the 5 latest)
        answer = browser.submit(f"/games/{gid}/share", f"/games/{gid}/hand-link")
        assert answer.status in (302, 303), (gid, answer.status, answer.text[:500])
    for tid in tables:
        assert browser.get(f"/tables/{tid}").status == 200

    sizes = [len(header.encode()) for header in browser.set_cookies if header.startswith("session=")]
    print(f"session Set-Cookie headers: {len(sizes)}, largest {max(sizes)} bytes")
    assert len(sizes) >= 20 + 38 and max(sizes) < BROWSER_LIMIT * 3 // 4, max(sizes)
    assert all(len(header.encode()) < BROWSER_LIMIT for header in browser.set_cookies)

    # Every game and table stays this browser's to change: the oldest first (their tokens left the
    # cookie long ago).
    for n, gid in enumerate(games):
        answer = browser.get(f"/games/{gid}/round")
        assert answer.status == 200 and 'name="went_out"' in answer.text, (n, gid, answer.status)
    _round(browser, games[0], 2)  # a round for the oldest game, saved
    stored = json.loads(browser.get(f"/api/v1/games/{games[0]}").text)
    assert len(stored["rounds"]) == 3, stored
    for tid in tables:
        answer = browser.get(f"/tables/{tid}/share")
        assert answer.status == 200 and re.search(r"#token=[\w-]{43}", answer.text), tid
        answer = browser.get(f"/tables/{tid}/games/new")
        assert answer.status == 200 and 'name="players-0"' in answer.text, tid
    # A second browser, with none of the cookie, may change none of them.
    stranger = Browser(server)
    assert stranger.get(f"/games/{games[0]}/round").status in (403, 404)
    assert not re.search(r"#token=", stranger.get(f"/tables/{tables[0]}/share").text)
