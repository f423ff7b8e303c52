"""What a new table tripped over, in Debian's Chromium at 390x844 (CSRF on as in production): ranks
alone where only points count, sources named in words, errors where the eyes are, nothing risky on
one tap, a screen that stays awake, times in the phone's zone, a shorter round form."""
from __future__ import annotations

import re

import pytest

from browser_support import PHONES, _new_page, csp_violations, screenshot, start_game, submit

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser, live_server):
    """One fresh context at 390x844 (the phone of the issue), JavaScript on."""
    context, page = _new_page(browser, live_server, PHONES["390x844"])
    try:
        yield page
    finally:
        context.close()


def expect(locator):
    from playwright.sync_api import expect as pw_expect

    return pw_expect(locator)


# ----- a rank alone where only points count -------------------------------------------------------

def test_hand_tool_takes_its_own_example_k_7_7_jk(phone, live_server):
    phone.goto(live_server + "/tools/hand")
    phone.fill("input[name=codes]", "K 7 7 JK")
    submit(phone, "form.tool button[type=submit]")
    answer = phone.inner_text("#answer")
    assert "is not a card" not in phone.inner_text("main") and "Penalty under every variant" in answer
    suited = phone.locator("#answer .answer-card").all_inner_texts()
    phone.fill("input[name=codes]", "KS 7H 7D JK")
    submit(phone, "form.tool button[type=submit]")
    assert phone.locator("#answer .answer-card").all_inner_texts() == suited  # suits change nothing
    screenshot(phone, "hand tool rank alone")
    assert csp_violations(phone) == []


def test_round_form_card_box_takes_ranks_alone(phone, live_server):
    game_url = start_game(phone, live_server, "continental", ["Ann", "Bob", "Cy", "Di"])
    phone.goto(game_url + "/round")
    phone.check("input[name=went_out][value='0']", force=True)
    phone.click("#hand-1 .modes input[value='cards'] + span")
    phone.fill("#hand-1 input[name$='-extra']", "K 7 jk")
    running = phone.text_content("#hand-1 output.running")
    phone.fill("#hand-1 input[name$='-extra']", "KS 7H JK")
    assert phone.text_content("#hand-1 output.running") == running != ""  # counted live, suit or not
    phone.fill("#hand-1 input[name$='-extra']", "K 7 jk")
    for seat in (2, 3):
        phone.click(f"#hand-{seat} .modes input[value='points'] + span")
        phone.fill(f"#hand-{seat} input[name$='-points']", "5")
    submit(phone, "button[name=save]")
    assert "Round 1 saved" in phone.text_content(".flash"), phone.inner_text("main")[:600]
    assert f"Bob {running}" in phone.text_content(".flash")


def test_melds_and_roy_plays_still_need_suits(phone, live_server):
    phone.goto(live_server + "/tools/meld?variant=continental")
    phone.fill("input[name=meld1]", "7 7H 7S")
    submit(phone, "p.actions button[name=check]")
    assert "needs a suit" in phone.inner_text("main")


# ----- sources named in words a player knows ---------------------------------------------------

SOURCE_PAGES = ["/rules", "/rules/joybells", "/rules/continental", "/rules/roy", "/rules/le-may-i",
                "/rules/clenney", "/rules/compare",
                "/tools/irregularities?variant=joybells&topic=stock&step=yes",
                "/tools/irregularities?variant=clenney&topic=illegal-draw&step=no&step=one"]


def test_sources_are_named_in_words_a_player_knows(phone, live_server):
    for path in SOURCE_PAGES:
        phone.goto(live_server + path)
        text = phone.inner_text("body")
        assert not re.search(r"source 00\d", text, re.I), path
        assert not re.search(r"\d{3}_[0-9a-f]{16}|\.txt\b|rulings\.md", text), path
    phone.goto(live_server + "/rules")
    assert "Continental Rummy (encyclopedia article)" in phone.inner_text("#sources ~ ul")
    phone.goto(live_server + "/tools/irregularities?variant=joybells&topic=stock&step=yes")
    assert "Continental Rummy (encyclopedia article), Stock pile depletion" in phone.inner_text("#answer")
    screenshot(phone, "irregularity ruling named source")
