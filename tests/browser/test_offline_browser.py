"""Live sharing and the phone offline, in Debian's Chromium at phone size (390x844): the read-only
scoreboard updates by itself; the app installs its service worker; a round saved with no network
waits on the phone and is sent exactly once when the network is back (docs/offline.md)."""
from __future__ import annotations


import pytest
from support.offline import api, browser_context, csp_violations, new_game  # noqa: F401
from support.browser_support import capture

pytestmark = pytest.mark.browser


def open_edit_link(page, game):
    """Open the edit link and wait for the game page (the link's page posts its token)."""
    page.goto(game["edit_url"])
    page.wait_for_url(game["edit_url"].split("/edit#")[0])


def test_read_only_scoreboard_updates_by_itself(live_server, browser_context):
    game = new_game(live_server)
    editor = browser_context.new_page()
    open_edit_link(editor, game)  # this phone now keeps score
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


def wait_for_worker(page):
    """Until the service worker controls this page (then every page it loads goes through it)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=10000)


def test_pages_opened_before_still_open_offline(live_server, browser_context):
    game = new_game(live_server)
    page = browser_context.new_page()
    open_edit_link(page, game)
    wait_for_worker(page)
    game_url = page.url
    browser_context.set_offline(True)
    try:
        page.goto(game_url)  # from the worker's store
        assert "Record round 1" in page.text_content("nav.actions")
        assert page.evaluate("getComputedStyle(document.querySelector('.topbar')).display") == "flex"  # CSS from the shell
        page.goto(live_server + "/rules/never-opened")
        assert "No network" in page.text_content("h1")
    finally:
        browser_context.set_offline(False)
    assert csp_violations(browser_context) == []


def test_round_saved_offline_is_sent_once_when_the_network_is_back(live_server, browser_context, tmp_path):
    game = new_game(live_server)
    page = browser_context.new_page()
    open_edit_link(page, game)
    wait_for_worker(page)
    game_url = page.url
    page.goto(game_url + "/round")  # opened while online, as at the table

    browser_context.set_offline(True)
    assert page.evaluate("navigator.onLine") is False
    page.check("input[name=went_out][value='1']", force=True)  # Bob went out
    page.click("#hand-0 .modes input[value='cards'] + span")
    for code in ("KD", "JK", "3S"):
        page.click(f"#hand-0 .picker button[value='{code}']")
    # Cy by value: one 10 and one 5 (Joybells counts pips).
    page.click("#hand-2 .vrow:has(input[name$='-v10']) button.vp[value='1']")
    page.click("#hand-2 .vrow:has(input[name$='-v5']) button.vp[value='1']")
    assert page.text_content("#hand-2 output.running") == "15"
    with page.expect_navigation():
        page.click("button[name=save]")
    assert page.url == game_url
    message = page.text_content(".offline-queue li")
    assert message == "Round 1 is saved on this phone only: it will be sent when the network is back."
    capture(page, str(tmp_path / "offline-message.png"), full_page=False)
    status, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert state["rounds"] == []  # nothing reached the server

    with page.expect_navigation(timeout=20000):  # sent, then the page reloads with the round
        browser_context.set_offline(False)
    page.wait_for_selector("table.grid tfoot")
    assert page.locator(".offline-queue li").count() == 0
    assert [t.strip() for t in page.locator("table.grid tfoot td").all_text_contents()] == ["33", "0", "15"]
    status, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert len(state["rounds"]) == 1 and state["totals"] == {"Ann": 33, "Bob": 0, "Cy": 15}
    assert sorted(state["rounds"][0]["hands"]["Ann"]["cards"]) == ["3S", "JK", "KD"]
    assert state["rounds"][0]["hands"]["Cy"]["values"] == {"10": 1, "5": 1}
    # The queue is empty: another visit sends nothing more.
    page.goto(game_url)
    page.wait_for_timeout(1000)
    status, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert len(state["rounds"]) == 1
    assert page.evaluate("""() => new Promise(ok => { const r = indexedDB.open('scorekeeper-offline', 1);
        r.onsuccess = () => { const q = r.result.transaction('rounds').objectStore('rounds').count();
        q.onsuccess = () => ok(q.result); }; })""") == 0
    assert csp_violations(browser_context) == []
