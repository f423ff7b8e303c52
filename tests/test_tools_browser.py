"""The dispute tools in Debian's Chromium at phone size (390x844), CSRF on as in production:
the card keypad and steppers with JavaScript (no page loads, live answers), the same taps without
JavaScript (plain form posts), and no Content-Security-Policy violation."""
from __future__ import annotations

import re
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
def tools_server(app_factory):
    app = app_factory(RATELIMIT_ENABLED=False)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(10)
        server.server_close()


def _browser(javascript: bool):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 390, "height": 844}, java_script_enabled=javascript,
        )
        try:
            page = context.new_page()
            page.seen = []
            page.on("console", lambda msg: page.seen.append(msg.text))
            page.on("pageerror", lambda err: page.seen.append(str(err)))
            yield page
        finally:
            context.close()


@pytest.fixture
def page():
    yield from _browser(javascript=True)


@pytest.fixture
def page_without_js():
    yield from _browser(javascript=False)


def expect(locator):
    from playwright.sync_api import expect as pw_expect

    return pw_expect(locator)


def no_csp_violation(page):
    assert not [m for m in page.seen if "Content Security Policy" in m or "Refused to" in m], page.seen


def tap_card(page, rank, suit):
    page.click(f".keys.ranks label:has(input[value='{rank}'])")
    page.click(f".keys.suits button[value='{suit}']")


def test_meld_keypad_with_javascript_taps_without_reloading(page, tools_server):
    page.goto(tools_server + "/tools/meld?variant=continental")
    loads = []
    page.on("load", lambda: loads.append(1))
    tap_card(page, "8", "H")
    tap_card(page, "8", "S")
    page.click(".keys.suits button[value='JK']")
    assert page.input_value("input[name=meld1]") == "8H 8S JK"
    expect(page.locator("#answer .verdict.ok")).to_contain_text("stands for")
    page.check("input[name=target][value=meld2]")
    tap_card(page, "K", "D")
    page.click(".keys.suits button[name=undo]")
    assert page.input_value("input[name=meld2]") == ""
    assert loads == []  # every tap stayed on the page
    no_csp_violation(page)


def test_meld_keypad_without_javascript_posts_each_tap(page_without_js, tools_server):
    page = page_without_js
    page.goto(tools_server + "/tools/meld?variant=joybells")
    for rank, suit in (("9", "H"), ("9", "S"), ("9", "D")):
        page.click(f".keys.ranks label:has(input[value='{rank}'])")
        with page.expect_navigation():
            page.click(f".keys.suits button[value='{suit}']")
    assert page.input_value("input[name=meld1]") == "9H 9S 9D"
    with page.expect_navigation():
        page.click(".keys.suits button[value='JK']")
    assert page.input_value("input[name=meld1]") == "9H 9S 9D JK"
    assert "Legal" in page.inner_text("#answer .verdict-tag")
    with page.expect_navigation():
        page.click("p.actions button[name=check]")
    assert "Set of 9s" in page.inner_text("#answer")


def test_hand_steppers_update_the_answer_live(page, tools_server):
    page.goto(tools_server + "/tools/hand")
    page.click(".stepper:has(input[name=n_A]) button:has-text('+')")
    page.click(".stepper:has(input[name=n_K]) button:has-text('+')")
    page.click(".stepper:has(input[name=n_K]) button:has-text('+')")
    assert page.input_value("input[name=n_K]") == "2"
    expect(page.locator("#answer .answer-card").nth(1)).to_contain_text(re.compile(r"Continental\s+40"))
    expect(page.locator("#answer .answer-card").nth(0)).to_contain_text(re.compile(r"Joybells\s+35"))
    no_csp_violation(page)


def test_may_i_seats_follow_the_player_count_and_answer_live(page, tools_server):
    page.goto(tools_server + "/tools/may-i?variant=continental")
    page.fill("input[name=players]", "6")
    assert page.locator("tr[data-seat]:visible").count() == 6
    page.check("tr[data-seat='3'] input[name=discarder]")
    page.check("tr[data-seat='6'] input[name=claimants]")
    page.check("tr[data-seat='5'] input[name=claimants]")
    expect(page.locator("#answer h2")).to_contain_text("Seat 5 gets the card")
    no_csp_violation(page)


def test_irregularity_guide_on_a_phone(page, tools_server):
    page.goto(tools_server + "/tools/irregularities?variant=le-may-i")
    page.click("a.tile:has-text('Incorrect hand')")
    page.click("a.choice:has-text('When someone went out')")
    page.click("a.choice:has-text('Too few')")
    text = page.inner_text("#answer")
    assert "10 more points for each card missing" in text and "say nothing" in text
    page.click("#answer a.rule-link")
    assert page.url.endswith("/rules/le-may-i#incorrect-hand")
    no_csp_violation(page)
