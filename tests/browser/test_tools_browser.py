"""The dispute tools in Debian's Chromium at phone size (390x844), CSRF on as in production:
the card keypad and steppers with JavaScript (no page loads, live answers), the same taps without
JavaScript (plain form posts), and no Content-Security-Policy violation."""
from __future__ import annotations

import re

import pytest

from support.browser_support import csp_violations

pytestmark = pytest.mark.browser


def expect(locator):
    from playwright.sync_api import expect as pw_expect

    return pw_expect(locator)


def no_csp_violation(page):
    assert not csp_violations(page), page.seen


def tap_card(page, rank, suit):
    page.click(f".keys.ranks label:has(input[value='{rank}'])")
    page.click(f".keys.suits button[value='{suit}']")


def test_meld_keypad_with_javascript_taps_without_reloading(page, live_server):
    page.goto(live_server + "/tools/meld?variant=continental")
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


def test_meld_keypad_without_javascript_posts_each_tap(page_without_js, live_server):
    page = page_without_js
    page.goto(live_server + "/tools/meld?variant=joybells")
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


def test_hand_steppers_update_the_answer_live(page, live_server):
    page.goto(live_server + "/tools/hand")
    page.click(".stepper:has(input[name=n_A]) button:has-text('+')")
    page.click(".stepper:has(input[name=n_K]) button:has-text('+')")
    page.click(".stepper:has(input[name=n_K]) button:has-text('+')")
    assert page.input_value("input[name=n_K]") == "2"
    expect(page.locator("#answer .answer-card").nth(1)).to_contain_text(re.compile(r"Continental\s+40"))
    expect(page.locator("#answer .answer-card").nth(0)).to_contain_text(re.compile(r"Joybells\s+35"))
    no_csp_violation(page)


def test_may_i_seats_follow_the_player_count_and_answer_live(page, live_server):
    page.goto(live_server + "/tools/may-i?variant=continental")
    page.fill("input[name=players]", "6")
    assert page.locator("tr[data-seat]:visible").count() == 6
    page.check("tr[data-seat='3'] input[name=discarder]")
    page.check("tr[data-seat='6'] input[name=claimants]")
    page.check("tr[data-seat='5'] input[name=claimants]")
    expect(page.locator("#answer h2")).to_contain_text("Seat 5 gets the card")
    no_csp_violation(page)


def test_irregularity_guide_on_a_phone(page, live_server):
    page.goto(live_server + "/tools/irregularities?variant=le-may-i")
    page.click("a.tile:has-text('Incorrect hand')")
    page.click("a.choice:has-text('When someone went out')")
    page.click("a.choice:has-text('Too few')")
    text = page.inner_text("#answer")
    assert "10 more points for each card missing" in text and "say nothing" in text
    page.click("#answer a.rule-link")
    assert page.url.endswith("/rules/le-may-i#incorrect-hand")
    no_csp_violation(page)
