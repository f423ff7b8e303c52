"""No edit token reaches an access log: gunicorn started exactly as README.md documents it (its
access log format prints each request's path without the query string) is sent old-style edit
links (``?token=...``) of a table, a game and a house variant, valid and replaced ones. Each valid
one is exchanged at once for the session and redirected to the clean address; a replaced one is a
page that says so; the log shows every request and no token."""
from __future__ import annotations

import http.client
import json
import time
from urllib.parse import parse_qs, urlsplit

import pytest

from support.server import server  # noqa: F401  (the fixture: gunicorn as documented)

pytestmark = pytest.mark.slow


def call(port, method, path, body=None, token=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        r = conn.getresponse()
        raw = r.read()
        return r.status, dict(r.getheaders()), raw.decode("utf-8", "replace")
    finally:
        conn.close()


def test_old_token_links_are_exchanged_and_logged_without_the_token(server, tmp_path):  # noqa: F811
    _, _, body = call(server, "POST", "/api/v1/tables", {"name": "The Smiths"})
    table = json.loads(body)
    _, _, body = call(server, "POST", "/api/v1/games", {"variant": "clenney", "players": ["Ann", "Bob", "Cy"],
                                                        "table": table["id"]}, table["edit_token"])
    game = json.loads(body)
    _, _, body = call(server, "POST", "/api/v1/variants", {"based_on": "joybells", "name": "Ours", "changes": {}})
    variant = json.loads(body)
    tokens = [table["edit_token"], game["edit_token"], variant["edit_token"]]
    links = [f"/tables/{table['id']}/edit?token={tokens[0]}", f"/games/{game['id']}/edit?token={tokens[1]}",
             f"/rules/{variant['id']}/edit?token={tokens[2]}"]
    for link in links:
        status, headers, _ = call(server, "GET", link)
        assert status in (302, 303), (link, status)
        # the clean address: no token in its query or path (its parts are checked, since its text holds ids)
        clean = urlsplit(headers["Location"])
        assert "token" not in parse_qs(clean.query) and not any(t in clean.path for t in tokens), clean
        assert "set-cookie" in {k.lower() for k in headers}  # the token is now in the session
    # replaced: the table's token (which ends the game's too)
    status, _, body = call(server, "POST", f"/api/v1/tables/{table['id']}/token", token=table["edit_token"])
    assert status == 200
    tokens.append(json.loads(body)["edit_token"])
    for link in links[:2]:
        status, _, page = call(server, "GET", link)
        assert status == 403 and "not valid" in page and "replaced" in page, (link, page[:300])
    log = (tmp_path / "gunicorn.log").read_text()
    for link in links:
        assert f'"GET {link.split("?")[0]}"' in log, log[-2000:]  # every request is logged ...
    for token in tokens:
        assert token not in log  # ... without its token
    assert "?token=" not in log and "token=" not in log


def test_a_path_cannot_forge_a_log_line_or_write_terminal_escapes(server, tmp_path):  # noqa: F811
    """``%0d%0a`` in an address would start a fake line, ``%1b`` colour a terminal, ``%22`` end the
    quoted field: gunicorn as documented (scorekeeper/server_log.py) writes them escaped."""
    fake = '10.0.0.9 [28/Nov/2026:09:00:00 +0000] "GET /admin" 200 0 1ms'
    forged = "/games/x%0d%0a" + fake.replace(" ", "%20").replace('"', "%22") + "%1b[31m%22%e2%80%ae"
    status, _, _ = call(server, "GET", forged)
    assert status == 404
    deadline = time.monotonic() + 30  # (a worker writes its line just after the answer)
    while "/games/x" not in (tmp_path / "gunicorn.log").read_text("utf-8", "replace") and time.monotonic() < deadline:
        time.sleep(0.05)
    lines = (tmp_path / "gunicorn.log").read_text("utf-8", "replace").splitlines()
    mine = [line for line in lines if "/games/x" in line]
    assert len(mine) == 1, lines[-12:]
    assert '"GET /games/x\\r\\n10.0.0.9 [28/Nov/2026:09:00:00 +0000] \\"GET /admin\\" 200 0 1ms\\x1b[31m\\"\u00e2\\x80' in mine[0]
    assert not any(line.startswith("10.0.0.9") for line in lines)
    assert "\x1b" not in "\n".join(lines)


def test_escaped_keeps_ordinary_text_and_escapes_every_control_character():
    from scorekeeper.server_log import escaped

    assert escaped("/games/Zoë-1/round") == "/games/Zoë-1/round"
    assert escaped("a\r\nb\x1b[0m\x00\x7f\x85") == "a\\r\\nb\\x1b[0m\\x00\\x7f\\x85"
    assert escaped('q"\\\t\u2028\u202e') == 'q"\\\\\\t\\u2028\\u202e'
