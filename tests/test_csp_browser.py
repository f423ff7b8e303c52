"""Chromium honours the Content-Security-Policy, and our own pages cause no violation."""
from __future__ import annotations

import tempfile
import threading

import pytest
from flask import render_template_string
from werkzeug.serving import make_server


pytestmark = pytest.mark.browser

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]

INLINE = """<!doctype html><title>inline</title>
<p id="out">untouched</p>
<script>document.getElementById('out').textContent = 'inline ran';</script>
<p style="color: red" id="styled">styled</p>"""


@pytest.fixture
def live_server(app_factory):
    app = app_factory()

    @app.get("/_test/inline")
    def inline():
        return render_template_string(INLINE)

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
def page():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 390, "height": 844},
        )
        try:
            page = context.new_page()
            page.console_messages_seen = []
            page.on("console", lambda msg: page.console_messages_seen.append(msg.text))
            yield page
        finally:
            context.close()


def test_inline_script_and_style_are_blocked(live_server, page):
    page.goto(live_server + "/_test/inline")
    assert page.text_content("#out") == "untouched"
    colour = page.eval_on_selector("#styled", "e => getComputedStyle(e).color")
    assert colour != "rgb(255, 0, 0)"
    violations = [m for m in page.console_messages_seen if "Content Security Policy" in m]
    assert violations, page.console_messages_seen


def test_home_page_has_no_csp_violation(live_server, page):
    page.goto(live_server + "/")
    page.wait_for_load_state("networkidle")
    assert page.title()
    violations = [m for m in page.console_messages_seen if "Content Security Policy" in m]
    assert violations == []
