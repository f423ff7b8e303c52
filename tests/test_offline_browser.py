"""Live sharing and the phone offline, in Debian's Chromium at phone size (390x844): the read-only
scoreboard updates by itself; the app installs its service worker; a round saved with no network
waits on the phone and is sent exactly once when the network is back (docs/offline.md)."""
from __future__ import annotations

import json
import tempfile
import threading
import urllib.request

import pytest
from werkzeug.serving import make_server

pytestmark = pytest.mark.browser

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]


@pytest.fixture
def live_server(app_factory):
    app = app_factory(RATELIMIT_ENABLED=False)  # CSRF stays on, as in production
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(10)
        server.server_close()


@pytest.fixture
def browser_context():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 390, "height": 844},
        )
        context.console_messages_seen = []
        context.on("console", lambda msg: context.console_messages_seen.append(msg.text))
        try:
            yield context
        finally:
            context.close()


def api(base, method, path, body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, json.loads(response.read() or b"null")


def new_game(base, players=("Ann", "Bob", "Cy")):
    status, body = api(base, "POST", "/api/v1/games", {"variant": "joybells", "players": list(players), "dealer": players[0]})
    assert status == 201
    return body


def csp_violations(context):
    return [m for m in context.console_messages_seen if "Content Security Policy" in m]


def test_read_only_scoreboard_updates_by_itself(live_server, browser_context):
    game = new_game(live_server)
    editor = browser_context.new_page()
    editor.goto(game["edit_url"])  # this phone now keeps score
    assert "Record round 1" in editor.text_content("nav.actions")
    viewer = browser_context.new_page()
    viewer.goto(game["view_url"])
    assert "No rounds recorded yet" in viewer.text_content("main")
    assert viewer.is_visible("text=This scoreboard updates by itself")

    status, _ = api(live_server, "POST", f"/api/v1/games/{game['id']}/rounds", {
        "round": 1, "went_out": "Bob", "hands": {"Ann": {"points": 40}, "Cy": {"cards": ["KD", "JK"]}},
    }, token=game["edit_token"])
    assert status == 201
    # Both pages notice within a couple of polls (every 5 s), without a reload.
    viewer.wait_for_selector("table.grid tfoot", timeout=12000)
    assert [t.strip() for t in viewer.locator("table.grid tfoot td").all_text_contents()] == ["40", "0", "30"]
    assert "Round 2" in viewer.text_content(".now-round")
    assert viewer.text_content(".live-status").startswith("Updated at")
    editor.wait_for_selector("text=Record round 2", timeout=12000)
    assert csp_violations(browser_context) == []
