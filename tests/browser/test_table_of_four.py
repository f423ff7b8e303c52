"""A table of four plays a whole game from their phones, the way a real table would.

Four phones are four Chromium contexts (own cookies, own storage) at 390x844, against the real
app server. Ann starts a game of Le May I and keeps score; the others open the read-only link
from the share page and follow. Round 2 is saved on Ann's phone while the network is down and is
sent when it is back. Then Ann passes the scorekeeping to Cy with the edit link, and Cy records
the last rounds. Every phone follows the scoreboard on its own (no reload) and ends on the same
totals as the server.
"""
from __future__ import annotations

import json
import time
import urllib.request

import pytest

from support.browser_support import start_game, submit

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Cy", "Di"]
POLL = 15000  # the scoreboard asks every 5 s; allow a few polls on a busy machine


def phone(browser, service_workers="block"):
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers=service_workers)
    context.console_seen = []
    context.on("console", lambda msg: context.console_seen.append(msg.text))
    return context


def api_state(base, game_id):
    with urllib.request.urlopen(f"{base}/api/v1/games/{game_id}", timeout=10) as response:
        return json.loads(response.read())


def totals_on(page):
    return [t.strip() for t in page.locator("table.grid tfoot td").all_text_contents()]


def rows_on(page):
    return page.locator("table.grid tbody tr:not(.note-row)").count()


def wait_until(check, timeout_ms=POLL):
    """Poll from the test (the pages' CSP forbids evaluating strings)."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not check():
        assert time.monotonic() < deadline, "the scoreboard did not update"
        time.sleep(0.25)


def record_by_value(page, went_out_seat, hands):
    """On the open round form: who went out, then for each seat {card value: count} with the 1-4 buttons."""
    page.click(f".pills label:has(input[name=went_out][value='{went_out_seat}'])")
    for seat, counts in hands.items():
        for value, n in counts.items():
            page.click(f"#hand-{seat} .vrow:has(input[name$='-v{value}']) button.vp[value='{n}']")


@pytest.fixture
def phones(browser):
    made = []

    def make(**kw):
        context = phone(browser, **kw)
        made.append(context)
        return context

    yield make
    for context in made:
        for page in context.pages:
            page.goto("about:blank")
    time.sleep(1.5)  # let service workers finish their background refreshes
    for context in made:
        context.close()


@pytest.mark.slow
def test_a_table_of_four_plays_a_whole_game_through_a_network_drop(live_server, phones):
    ann_phone = phones(service_workers="allow")
    ann = ann_phone.new_page()

    # Ann starts the game on her phone.
    game_url = start_game(ann, live_server, "le-may-i", NAMES)
    game_id = game_url.rsplit("/", 1)[1]
    ann.evaluate("navigator.serviceWorker.ready.then(() => true)")
    ann.reload()
    ann.wait_for_function("navigator.serviceWorker.controller !== null", timeout=10000)

    # She shares the links: the others open the scoreboard (read only).
    ann.click("a:has-text('Share links')")
    view_url = ann.input_value("input[aria-label='Scoreboard link']")
    edit_url = ann.input_value("input[aria-label='Edit link']")
    followers = {}
    for name in ("Bob", "Cy", "Di"):
        page = phones().new_page()
        page.goto(view_url)
        assert "updates by itself" in page.text_content(".live-status")
        assert page.locator("a:has-text('Record round')").count() == 0  # read only
        followers[name] = page

    # Round 1, by value (Le May I counts pips: 2 to 9 by face, 10 J Q K 10, A 15).
    ann.goto(game_url)
    submit(ann, "nav.actions a.button")
    record_by_value(ann, 0, {1: {10: 1, 5: 2}, 2: {15: 1, 9: 2}, 3: {4: 2, 8: 1}})
    submit(ann, "button[name=save]")
    assert ann.url == game_url + "/round" and "Round 1 saved: Ann 0 (-20 off the total) · Bob 20 · Cy 33 · Di 16." in ann.text_content(".flash")
    for page in followers.values():
        page.wait_for_selector("table.grid tfoot", timeout=POLL)
        assert totals_on(page) == ["-20", "20", "33", "16"]  # Le May I: 20 off for going out

    # Round 2: the network drops at the table; Ann saves the round anyway.
    ann_phone.set_offline(True)
    record_by_value(ann, 1, {0: {10: 2}, 2: {3: 1}, 3: {7: 1, 6: 1}})
    with ann.expect_navigation():
        ann.click("button[name=save]")
    ann.wait_for_selector(".offline-queue li")
    assert ann.text_content(".offline-queue li") == "Round 2 is saved on this phone only: it will be sent when the network is back."
    assert len(api_state(live_server, game_id)["rounds"]) == 1  # nothing reached the server yet
    time.sleep(6)  # a poll goes by: the others still see round 1 only
    assert all(rows_on(page) == 1 for page in followers.values())

    # The network is back: the round is sent once and everybody sees it.
    with ann.expect_navigation(timeout=20000):
        ann_phone.set_offline(False)
    ann.wait_for_selector("table.grid tfoot")
    state = api_state(live_server, game_id)
    assert len(state["rounds"]) == 2 and state["totals"] == {"Ann": 0, "Bob": 0, "Cy": 36, "Di": 29}
    for page in followers.values():
        wait_until(lambda: rows_on(page) == 2)
        assert totals_on(page) == ["0", "0", "36", "29"]

    # Ann passes the scorekeeping to Cy with the edit link; Cy records rounds 3 to 5.
    cy = followers.pop("Cy")
    cy.goto(edit_url)  # its page posts the token (after "#" in the link) and opens the game
    cy.wait_for_url(game_url)
    ann.goto(view_url)
    followers["Ann"] = ann
    submit(cy, "nav.actions a.button")
    for number in (3, 4, 5):
        out = number % 4
        hands = {seat: {10: 1 + seat % 2} for seat in range(4) if seat != out}
        record_by_value(cy, out, hands)
        submit(cy, "button[name=save]")
    assert cy.url == game_url  # after the last round, the scoreboard with the winner
    state = api_state(live_server, game_id)
    assert state["status"] == "complete" and len(state["rounds"]) == 5
    winner_line = cy.text_content(".now-over")
    for page in followers.values():
        page.wait_for_selector(".now-over", timeout=POLL)
        assert page.text_content(".now-over") == winner_line
        assert totals_on(page) == [str(state["totals"][n]) for n in NAMES]
    for context_page in [cy, *followers.values()]:
        assert not [m for m in context_page.context.console_seen if "Content Security Policy" in m]
