"""What a new table tripped over, in Debian's Chromium at 390x844 (CSRF on as in production): ranks
alone where only points count, sources named in words, errors where the eyes are, nothing risky on
one tap, a screen that stays awake, times in the phone's zone, a shorter round form."""
from __future__ import annotations

import re

import pytest

from support.round_form import RoundForm
from support.browser_support import PHONES, new_page, csp_violations, screenshot, start_game, submit

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser, live_server):
    """One fresh context at 390x844 (a phone), JavaScript on."""
    context, page = new_page(browser, live_server, PHONES["390x844"])
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


# ----- errors where the eyes are ------------------------------------------------------------------

def record_round(page, game_url, points):
    """Record one round by typed points: ``points`` maps seat → points (the others went out)."""
    form = RoundForm(page).open(game_url).went_out(next(seat for seat in range(8) if seat not in points))
    for seat, pts in points.items():
        form.points(seat, pts)
    form.save()


def assert_summary_on_top(page, *, links: list[str]):
    """The summary is the first thing under the heading, in view, focused, linking each field."""
    summary = page.locator("#error-summary")
    expect(summary).to_be_focused()
    box = summary.bounding_box()
    assert box["y"] + page.evaluate("window.scrollY") < 400, box  # at the top of the page
    assert 0 <= box["y"] < 844
    hrefs = summary.locator("a").evaluate_all("(links) => links.map(a => a.getAttribute('href'))")
    for link in links:
        assert link in hrefs, (link, hrefs)
        assert page.locator(link).count() == 1, link  # the link leads somewhere


def test_correction_without_a_reason_shows_the_error_on_top_and_keeps_the_values(phone, live_server):
    game_url = start_game(phone, live_server, "continental", ["Ann", "Bob", "Cy", "Di"])
    record_round(phone, game_url, {1: 10, 2: 20, 3: 30})
    phone.goto(game_url + "/rounds/1/correct")
    phone.fill("#hand-2 input[name$='-points']", "25")
    submit(phone, "button[name=save]")
    assert_summary_on_top(phone, links=["#reason"])
    assert "reason" in phone.inner_text("#error-summary").lower()
    assert phone.input_value("#hand-2 input[name$='-points']") == "25"  # nothing typed is lost
    screenshot(phone, "correction error summary")
    phone.click("#error-summary a[href='#reason']")
    phone.wait_for_timeout(300)
    box = phone.locator("#reason").bounding_box()
    sticky = phone.locator(".now.compact").bounding_box() if phone.locator(".now.compact").count() else None
    assert 0 <= box["y"] < 844 and (sticky is None or box["y"] >= sticky["y"] + sticky["height"]), (box, sticky)
    phone.fill("#reason", "Cy's 8 was counted as a 3")
    submit(phone, "button[name=save]")
    assert "Round 1 corrected" in phone.text_content(".flash")


def test_round_form_errors_are_summarised_with_links_to_each_hand(phone, live_server):
    game_url = start_game(phone, live_server, "continental", ["Ann", "Bob", "Cy", "Di"])
    phone.goto(game_url + "/round")
    phone.check("input[name=went_out][value='0']", force=True)
    phone.click("#hand-1 .modes input[value='points'] + span")
    phone.fill("#hand-1 input[name$='-points']", "25")
    phone.click("#hand-2 .modes input[value='cards'] + span")
    phone.fill("#hand-2 input[name$='-extra']", "QX")
    submit(phone, "button[name=save]")
    assert_summary_on_top(phone, links=["#hand-3"])
    assert "Di holds no cards" in phone.inner_text("#error-summary")
    assert phone.input_value("#hand-1 input[name$='-points']") == "25"
    assert "QX" in phone.input_value("#hand-2 input[name$='-extra']")
    screenshot(phone, "round form error summary")
    phone.click("#hand-3 .modes input[value='points'] + span")
    phone.fill("#hand-3 input[name$='-points']", "30")
    submit(phone, "button[name=save]")
    assert_summary_on_top(phone, links=["#hand-2"])
    assert "'QX' is not a card" in phone.inner_text("#error-summary")
    assert phone.input_value("#hand-3 input[name$='-points']") == "30"


def test_new_game_withdraw_and_ruling_errors_are_summarised_on_top(phone, live_server):
    phone.goto(live_server + "/games/new")
    phone.select_option("#variant", "continental")
    phone.fill("#players-0", "Ann")
    phone.fill("#players-1", "Bob")
    submit(phone, "main button[type=submit]")
    assert_summary_on_top(phone, links=["#seats"])
    assert phone.input_value("#players-1") == "Bob"
    screenshot(phone, "new game error summary")

    game_url = start_game(phone, live_server, "continental", ["Ann", "Bob", "Cy", "Di"])
    phone.goto(game_url + "/withdraw")
    submit(phone, "main form button[type=submit]")
    assert_summary_on_top(phone, links=["#player"])
    screenshot(phone, "withdraw error summary")

    phone.goto(game_url + "/ruling")
    phone.fill("#ruling", "Cy draws from the stock")
    phone.fill("#points", "100000")
    submit(phone, "main form button[type=submit]")
    assert_summary_on_top(phone, links=["#what_happened", "#points"])
    assert phone.input_value("#ruling") == "Cy draws from the stock" and phone.input_value("#points") == "100000"
    screenshot(phone, "ruling error summary")


def test_tool_errors_are_summarised_on_top(page_without_js, live_server):
    page = page_without_js
    page.goto(live_server + "/tools/hand")
    page.fill("input[name=codes]", "K 7 QX")
    submit(page, "form.tool button[type=submit]")
    assert_summary_on_top(page, links=["#codes"])
    assert page.input_value("input[name=codes]") == "K 7 QX"
    screenshot(page, "hand tool error summary")


# ----- a shorter round form, without more taps -------------------------------------------------

# The round form's height at 390x844 before this work (4 players, nobody chosen as out yet; then
# with Ann out): Continental 2181 / 1875 px, Le May I 3241 / 2653 px.
BEFORE = {"continental": (2181, 1875), "le-may-i": (3241, 2653)}


@pytest.mark.parametrize("variant", list(BEFORE))
def test_the_round_form_is_shorter(phone, live_server, variant):
    game_url = start_game(phone, live_server, variant, ["Ann", "Bob", "Cy", "Di"])
    phone.goto(game_url + "/round")
    height = phone.evaluate("document.documentElement.scrollHeight")
    phone.check("input[name=went_out][value='0']", force=True)
    out = phone.evaluate("document.documentElement.scrollHeight")
    before, before_out = BEFORE[variant]
    assert height <= before * 0.9 and out <= before_out * 0.9, (height, out)
    assert phone.locator("#hand-0").bounding_box()["height"] < 90  # who went out: one slim block
    # The incorrect-hand box waits behind a link.
    assert not phone.locator("#hand-1 input[name$='-missing_cards']").is_visible()
    phone.click("#hand-1 .wrong-count summary")
    assert phone.locator("#hand-1 input[name$='-missing_cards']").is_visible()
    # Save is the primary button, Preview the secondary one.
    assert "secondary" not in (phone.get_attribute("button[name=save]", "class") or "")
    assert "secondary" in phone.get_attribute("button[name=preview]", "class")
    screenshot(phone, f"round form shorter {variant}")


def test_the_sticky_round_header_never_covers_a_control(phone, live_server):
    """Going back up the form with Shift+Tab (or a link to a field): each control comes into view
    below the round header that sticks to the top, not under it."""
    game_url = start_game(phone, live_server, "le-may-i", ["Ann", "Bob", "Cy", "Di", "Ed"])
    phone.goto(game_url + "/round")
    phone.focus("button[name=save]")
    header = phone.locator(".now.compact")
    checked = 0
    for _ in range(200):
        phone.keyboard.press("Shift+Tab")
        box = phone.evaluate("(() => { const r = document.activeElement.getBoundingClientRect();"
                             " return {y: r.y, h: r.height, tag: document.activeElement.outerHTML.slice(0, 60)}; })()")
        if phone.evaluate("window.scrollY") < 150:
            break
        bar = header.bounding_box()
        assert box["y"] >= bar["y"] + bar["height"] - 1, (box, bar)
        checked += 1
    assert checked > 60


def test_the_way_of_entering_is_remembered_per_player(phone, live_server):
    game_url = start_game(phone, live_server, "continental", ["Ann", "Bob", "Cy", "Di"])
    phone.goto(game_url + "/round")
    phone.check("input[name=went_out][value='0']", force=True)
    phone.click("#hand-1 .modes input[value='points'] + span")
    phone.fill("#hand-1 input[name$='-points']", "25")
    phone.click("#hand-2 .modes input[value='cards'] + span")
    phone.click("#hand-2 .picker button[value='KD']")
    phone.click("#hand-3 .vrow:has(input[name$='-v5']) button.vp[value='2']")
    submit(phone, "button[name=save]")
    assert "Round 1 saved" in phone.text_content(".flash")
    assert phone.locator("#hand-1 .modes input[value='points']").is_checked()
    assert phone.locator("#hand-2 .modes input[value='cards']").is_checked()
    assert phone.locator("#hand-3 .modes input[value='values']").is_checked()
    assert phone.locator("#hand-0 .modes input[value='values']").is_checked()  # Ann went out: the default


# ----- nothing risky on one tap ---------------------------------------------------------------------

def test_points_no_hand_could_score_ask_are_you_sure(phone, live_server):
    game_url = start_game(phone, live_server, "continental", ["Ann", "Bob", "Cy", "Di"])
    phone.goto(game_url + "/round")
    phone.check("input[name=went_out][value='0']", force=True)
    for seat, pts in ((1, "47"), (2, "25"), (3, "30")):
        phone.click(f"#hand-{seat} .modes input[value='points'] + span")
        phone.fill(f"#hand-{seat} input[name$='-points']", pts)
    assert phone.locator("#hand-1 .points-doubt").is_visible()  # at once, before any Save
    assert "no hand adds up to 47" in phone.inner_text("#hand-1 .points-doubt")
    assert not phone.locator("#hand-2 .points-doubt").is_visible()
    submit(phone, "button[name=save]")
    assert "no Continental hand adds up to 47" in phone.inner_text("#error-summary")
    assert "multiple of 5" in phone.inner_text("#error-summary")
    status = phone.evaluate("fetch(location.pathname.replace('/round', ''), {headers: {}}).then(r => r.status)")
    assert status == 200
    screenshot(phone, "points are you sure")
    phone.check("#hand-1 label.sure input")
    submit(phone, "button[name=save]")
    assert "Round 1 saved: Ann 0 · Bob 47 · Cy 25 · Di 30." in phone.text_content(".flash")


def test_no_score_explains_the_rule_before_preview(phone, live_server):
    game_url = start_game(phone, live_server, "joybells", ["Ann", "Bob", "Cy", "Di"])
    phone.goto(game_url + "/round")
    assert not phone.locator(".no-score-rule").is_visible()
    phone.click("#hand-2 .modes input[value='missing'] + span")
    rule = phone.locator("#hand-2 .no-score-rule")
    assert rule.is_visible()
    assert "sum of the two highest scores the others post" in rule.inner_text()
    assert "Incomplete hands and games" in rule.inner_text() or "scorekeeper's rulings" in rule.inner_text()


def test_suspending_and_withdrawing_ask_first(phone, live_server):
    game_url = start_game(phone, live_server, "continental", ["Ann", "Bob", "Cy", "Di"])
    record_round(phone, game_url, {1: 10, 2: 20, 3: 30})
    phone.goto(game_url)
    with phone.expect_navigation():
        phone.click("a:has-text('Suspend the game')")
    assert "Suspend the game?" in phone.inner_text("h1")
    screenshot(phone, "suspend asks first")
    with phone.expect_navigation():
        phone.click("a:has-text('No, keep playing')")
    assert "in progress" in phone.inner_text(".game-title") and "Record round 2" in phone.inner_text("nav.actions")
    phone.click("a:has-text('Suspend the game')")
    submit(phone, "button[name=confirm]")
    assert "Game suspended" in phone.text_content(".flash")
    phone.goto(game_url + "/resume")
    phone.check("input[name=confirm]")
    submit(phone, "main form button[type=submit]")

    phone.goto(game_url + "/withdraw")
    phone.select_option("select[name=player]", "Di")
    submit(phone, "main form button[type=submit]")
    assert "Withdraw Di after round 1?" in phone.inner_text("#confirm")
    assert "Di" not in phone.evaluate("fetch('/api/v1/games/' + location.pathname.split('/')[2]).then(r => r.json())"
                                      ".then(g => g.seats.filter(s => !s.active).map(s => s.name).join(','))")
    screenshot(phone, "withdraw asks first")
    submit(phone, "button[name=confirm]")
    assert "Di has withdrawn" in phone.text_content(".flash")


# ----- a screen that stays awake --------------------------------------------------------------------

def test_keep_the_screen_on_switch(phone, live_server):
    game_url = start_game(phone, live_server, "joybells", ["Ann", "Bob", "Cy"])
    switch = phone.locator(".awake input[type=checkbox]")
    assert switch.is_visible() and switch.is_enabled() and not switch.is_checked()
    switch.check()
    phone.wait_for_function("() => ['on', 'refused'].includes(document.documentElement.dataset.awake)")
    state = phone.evaluate("document.documentElement.dataset.awake")
    assert phone.inner_text(".awake-note") != ""
    phone.goto(game_url + "/round")  # the choice is kept on the phone, also on the round form
    assert phone.locator(".awake input[type=checkbox]").is_checked()
    phone.wait_for_function("() => ['on', 'refused'].includes(document.documentElement.dataset.awake)")
    assert phone.evaluate("document.documentElement.dataset.awake") == state
    screenshot(phone, "round form keep awake")
    assert csp_violations(phone) == [] and not [m for m in phone.seen if "rror" in m]


def test_without_the_wake_lock_api_nothing_breaks(browser, live_server):
    context, page = new_page(browser, live_server, PHONES["390x844"])
    try:
        context.add_init_script("delete Navigator.prototype.wakeLock;")
        game_url = start_game(page, live_server, "joybells", ["Ann", "Bob", "Cy"])
        assert page.evaluate("'wakeLock' in navigator") is False
        switch = page.locator(".awake input[type=checkbox]")
        assert switch.is_visible() and switch.is_disabled()
        assert "cannot keep the screen on" in page.inner_text(".awake-note")
        page.goto(game_url + "/round")
        page.check("input[name=went_out][value='0']", force=True)
        for seat in (1, 2):
            page.click(f"#hand-{seat} .modes input[value='points'] + span")
            page.fill(f"#hand-{seat} input[name$='-points']", "20")
        submit(page, "button[name=save]")
        assert "Round 1 saved" in page.text_content(".flash")
        assert not [m for m in page.seen if "rror" in m]
    finally:
        context.close()


# ----- small slips ------------------------------------------------------------------------------------

def test_roy_says_hand_everywhere(phone, live_server):
    game_url = start_game(phone, live_server, "roy", ["Ann", "Bob", "Cy"])
    pages = {}

    def visit(path, name):
        phone.goto(game_url + path)
        pages[name] = phone.evaluate("document.title + ' ' + document.body.innerText + ' ' + "
                                     "Array.from(document.querySelectorAll('[aria-label]')).map(e => e.getAttribute('aria-label')).join(' ')")

    for hand, (bob, cy) in enumerate(((3, 4), (0, 5)), start=1):
        phone.goto(game_url + "/round")
        out = 0 if hand == 1 else 1
        phone.check(f"input[name=went_out][value='{out}']", force=True)
        for seat, count in ((1, bob), (2, cy)) if hand == 1 else ((0, 2), (2, cy)):
            phone.fill(f"#hand-{seat} input.count", str(count))
        submit(phone, "button[name=save]")
        pages[f"saved {hand}"] = phone.inner_text("main")
    phone.goto(game_url + "/ruling")
    phone.fill("#what_happened", "Cy played out of turn")
    phone.fill("#ruling", "Cy draws two")
    submit(phone, "main form button[type=submit]")
    phone.goto(game_url + "/rounds/1/correct")
    phone.fill("#hand-1 input.count", "6")
    phone.fill("#reason", "Bob had six")
    submit(phone, "button[name=save]")
    for path, name in (("", "game"), ("/round", "form"), ("/rounds/1/correct", "correct"), ("/ruling", "ruling"),
                       ("/withdraw", "withdraw"), ("/suspend", "suspend"), ("/view", "scoreboard")):
        visit(path, name)
    for name, text in pages.items():
        assert not re.search(r"\bround", text, re.I), (name, re.findall(r".{30}\bround.{30}", text, re.I | re.S))
    assert "Hand 3" in pages["game"] and "Correct hand 1" in pages["correct"]


def test_times_are_in_the_phones_own_zone(browser, live_server):
    context = browser.new_context(viewport=PHONES["390x844"], timezone_id="Pacific/Auckland", locale="en-NZ",
                                  service_workers="block")
    try:
        page = context.new_page()
        page.phone = "390x844-auckland"
        game_url = start_game(page, live_server, "joybells", ["Ann", "Bob", "Cy"])
        record_round(page, game_url, {1: 10, 2: 20})
        page.goto(game_url + "/rounds/1/correct")
        page.fill("#hand-1 input[name$='-points']", "12")
        page.fill("#reason", "Bob had 12")
        submit(page, "button[name=save]")
        shown = page.locator(".corrections time").inner_text()
        utc = page.locator(".corrections time").get_attribute("datetime")
        assert "UTC" not in page.inner_text(".corrections")
        expected = page.evaluate("(at) => new Date(at).toLocaleString([], {year: 'numeric', month: 'short', "
                                 "day: 'numeric', hour: '2-digit', minute: '2-digit'})", utc)
        assert shown == expected
        auckland_hour = page.evaluate("(at) => new Date(at).getHours()", utc)
        utc_hour = int(utc[11:13])
        assert auckland_hour != utc_hour  # the phone's zone, not UTC
        assert str(auckland_hour % 12 or 12) in shown
        screenshot(page, "correction time in the phone's zone")
    finally:
        context.close()
