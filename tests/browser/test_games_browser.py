"""The game pages in Debian's Chromium at phone sizes (390x844, 360x800): the card picker's running totals,
preview then save, tap targets, and no Content-Security-Policy violation."""
from __future__ import annotations

import pytest

from support.browser_support import csp_violations, screenshot, start_game, submit

pytestmark = pytest.mark.browser


def test_record_a_round_with_the_card_picker(live_server, page):
    game_url = start_game(page, live_server, "joybells", ["Ann", "Bob", "Cy"])
    assert "Round 1" in page.text_content(".now-round")
    page.goto(game_url + "/round")
    page.check("input[name=went_out][value='0']", force=True)
    assert page.is_hidden("#hand-0 .modes")  # who went out has nothing to enter
    page.click("#hand-1 .modes input[value='cards'] + span")
    for code in ("KD", "JK", "3S"):
        page.click(f"#hand-1 .picker button[value='{code}']")
    assert page.text_content("#hand-1 output.running") == "33"  # 10 + 20 + 3, before saving
    box = page.locator("#hand-1 input[name$='-extra']")
    assert box.input_value() == "KD JK 3S"  # each tap wrote its card into the box: the box is the hand
    box.fill(box.input_value() + " kd")  # a second copy, typed
    assert page.text_content("#hand-1 output.running") == "43"
    page.click("#hand-1 .wrong-count summary")  # the incorrect-hand box waits behind this link
    page.fill("#hand-1 input[name$='-missing_cards']", "1")
    assert page.text_content("#hand-1 output.running") == "53"
    page.click("#hand-2 .modes input[value='points'] + span")
    page.fill("#hand-2 input[name$='-points']", "12")
    assert page.text_content("#hand-2 output.running") == "12"
    submit(page, "button[name=preview]")
    assert "Check before saving" in page.text_content(".preview")
    assert "Bob: 53 points" in page.text_content("#hand-1 .computed")
    submit(page, "button[name=save]")
    assert page.url == game_url + "/round"  # round 2's form, open at once
    assert "Round 2" in page.text_content(".now-round")
    assert "Round 1 saved: Ann 0 · Bob 53 · Cy 12." in page.text_content(".flash")
    assert page.locator("#hand-1 .modes input[value='cards']").is_checked()  # remembered
    assert page.text_content("#hand-1 .sofar") == "53 so far"
    page.goto(game_url)
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
            page.click("#hand-1 .modes input[value='cards'] + span")
        small = page.evaluate("""() => Array.from(document.querySelectorAll(
                'main button, main a.button, .pills span, .suit-row span, main input[type=text], main input[type=number], main select'))
            .filter(e => e.offsetParent !== null)
            .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect().height])
            .filter(([_, h]) => h < 44)""")
        assert small == [], small
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= page.viewport_size["width"], f"{path or 'game page'} scrolls sideways ({width}px)"
    assert csp_violations(page) == []


def test_round_dealer_and_contract_stay_in_view_on_the_round_form(live_server, page):
    game_url = start_game(page, live_server, "continental", ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"])
    page.goto(game_url + "/round")
    page.locator("button[name=save]").scroll_into_view_if_needed()  # the bottom of a long form
    assert page.evaluate("window.scrollY") > 500
    box = page.locator(".now.compact").bounding_box()
    assert 0 <= box["y"] < 5 and box["height"] < 100, box  # stuck to the top, and slim
    assert "Dealer Ann" in page.text_content(".now.compact") and "2 sets" in page.text_content(".now.compact")
    screenshot(page, "round form scrolled to Save")
