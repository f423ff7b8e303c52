"""The game pages in Debian's Chromium at phone size (390x844): the card picker's running totals,
preview then save, tap targets, and no Content-Security-Policy violation."""
from __future__ import annotations

import tempfile
import threading

import pytest
from werkzeug.serving import make_server

pytestmark = pytest.mark.browser

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
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


def submit(page, selector):
    with page.expect_navigation():
        page.click(selector)


def start_game(page, base, variant, names):
    page.goto(base + "/games/new")
    page.select_option("#variant", variant)
    for i, name in enumerate(names):
        page.fill(f"#players-{i}", name)
    submit(page, "button[type=submit]")
    return page.url


def csp_violations(page):
    return [m for m in page.console_messages_seen if "Content Security Policy" in m]


def test_record_a_round_with_the_card_picker(live_server, page):
    game_url = start_game(page, live_server, "joybells", ["Ann", "Bob", "Cy"])
    assert "Round 1" in page.text_content(".now-round")
    page.goto(game_url + "/round")
    page.check("input[name=went_out][value='0']", force=True)
    assert page.is_hidden("#hand-0 .modes")  # who went out has nothing to enter
    page.click("#hand-1 summary")
    for code in ("KD", "JK", "3S"):
        page.click(f"#hand-1 input[value='{code}'] + span")
    assert page.text_content("#hand-1 output.running") == "33"  # 10 + 20 + 3, before saving
    page.fill("#hand-1 input[name$='-extra']", "kd")
    assert page.text_content("#hand-1 output.running") == "43"
    page.fill("#hand-1 input[name$='-missing_cards']", "1")
    assert page.text_content("#hand-1 output.running") == "53"
    page.click("#hand-2 .modes input[value='points'] + span")
    page.fill("#hand-2 input[name$='-points']", "12")
    assert page.text_content("#hand-2 output.running") == "12"
    submit(page, "button[name=preview]")
    assert "Check before saving" in page.text_content(".preview")
    assert "Bob: 53 points" in page.text_content("#hand-1 .computed")
    submit(page, "button[name=save]")
    assert page.url == game_url
    assert "Round 2" in page.text_content(".now-round")
    assert [t.strip() for t in page.locator(".grid tfoot td").all_inner_texts()] == ["0", "53", "12"]
    assert csp_violations(page) == []


def test_roy_winner_total_adds_up_the_cards_left(live_server, page):
    game_url = start_game(page, live_server, "roy", ["Ann", "Bob", "Cy"])
    page.goto(game_url + "/round")
    page.check("input[name=went_out][value='2']", force=True)
    page.fill("#hand-0 input.count", "4")
    page.fill("#hand-1 input.count", "9")
    assert page.text_content("#hand-2 output.running") == "13"
    submit(page, "button[name=save]")
    assert "Hand 2" in page.text_content(".now-round")
    assert csp_violations(page) == []


def test_tap_targets_are_at_least_44px(live_server, page):
    game_url = start_game(page, live_server, "continental", ["Ann", "Bob", "Cy", "Di"])
    for path in ("", "/round"):
        page.goto(game_url + path)
        if path:
            page.click("#hand-1 summary")
        small = page.evaluate("""() => Array.from(document.querySelectorAll(
                'main button, main a.button, .pill span, .card span, main input[type=text], main input[type=number], main select'))
            .filter(e => e.offsetParent !== null)
            .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect().height])
            .filter(([_, h]) => h < 44)""")
        assert small == [], small
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{path or 'game page'} scrolls sideways ({width}px)"
    assert csp_violations(page) == []
