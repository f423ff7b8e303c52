"""No edit token reaches an access log: gunicorn started exactly as README.md documents it (its
access log format prints each request's path without the query string) is sent old-style edit
links (``?token=...``) of a table, a game and a house variant, valid and replaced ones. Each valid
one is exchanged at once for the session and redirected to the clean address; a replaced one is a
page that says so; the log shows every request and no token."""
from __future__ import annotations

import http.client
import json
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
