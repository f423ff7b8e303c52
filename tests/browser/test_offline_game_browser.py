"""A whole game offline, in Debian's Chromium at 390x844 with real navigations (they send
Accept-Language and the session cookie), in English and in French: once the game page was opened
online, round after round is recorded with no network, the game page opens with every waiting
round, and back online they reach the server once each, in order, and the page updates itself
(docs/offline.md)."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from support.offline import api, csp_violations, new_game
from support.offline import WORDS, fill_round, grid_totals, phone  # noqa: F401
from support.browser_support import capture

pytestmark = pytest.mark.browser


def expect(locator):
    from playwright.sync_api import expect as pw_expect

    return pw_expect(locator)

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    capture(page, str(SHOTS / f"{name}-390x844.png"), full_page=True)


ROUNDS = [  # (who went out, the others' points): Ann, Bob, Cy
    (0, {1: 10, 2: 25}),
    (1, {0: 5, 2: 40}),
    (2, {0: 15, 1: 20}),
]


def reload_over(page, seconds=5):
    """Wait for the reload a page may start by itself (``window.notReloaded`` set before) to be
    over, or for ``seconds`` to pass without one."""
    from playwright.sync_api import Error as PlaywrightError

    for _ in range(seconds * 5):
        try:
            if not page.evaluate("window.notReloaded === true"):
                break
        except PlaywrightError:  # (the page was navigating)
            pass
        page.wait_for_timeout(200)
    page.wait_for_load_state()


def test_three_rounds_in_a_row_offline_arrive_once_in_order(live_server, phone):
    words = WORDS[phone.locale]
    game = new_game(live_server)
    page = phone.new_page()
    page.goto(game["edit_url"])  # the first visit: the worker installs, the game page asks it to keep both pages
    game_url = page.url
    page.wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'", timeout=15000)
    assert page.evaluate("document.documentElement.lang") == phone.locale[:2]

    phone.set_offline(True)
    totals = [0, 0, 0]
    for number, (out, points) in enumerate(ROUNDS, start=1):
        with page.expect_navigation():
            page.click("nav.actions a.button")  # "Record round N", from the phone's store
        assert page.url == game_url + "/round", f"round {number}"
        assert words["offline"] not in page.text_content("h1, .now-round"), f"round {number}"
        expect(page.locator(".now-round")).to_contain_text(words["round"].format(number))  # moved on by the script
        assert page.input_value("input[name=round]") == str(number)
        # nothing of the rounds before (kept on the phone as typed, static/js/games.js) comes back
        assert page.locator(".went-out input:checked").count() == 0, f"round {number}"
        assert [page.input_value(f"#hand-{seat} input[name$='-points']") for seat in range(3)] == ["", "", ""]
        if number > 1:  # the totals so far count the rounds waiting
            assert [page.text_content(f"#hand-{seat} .sofar") for seat in range(3)] == [
                words["so far"].format(t) for t in totals]
        fill_round(page, out, points)
        if number == 2:
            shot(page, f"offline-game-form-round-2-{phone.locale[:2]}")
        with page.expect_navigation(url=game_url, timeout=15000):
            page.click("button[name=save]")
        page.wait_for_function(f"() => document.querySelectorAll('tr.waiting-row').length === {number}")
        for seat, value in points.items():
            totals[seat] += value
        assert grid_totals(page) == [str(t) for t in totals], f"after round {number}"
        assert page.locator("table.grid tfoot td.waiting").count() == 3
        assert words["record"].format(number + 1) in page.text_content("nav.actions")
    shot(page, f"offline-game-three-waiting-{phone.locale[:2]}")
    status, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert state["rounds"] == []  # nothing reached the server yet

    # The game page opens again with no network, with every waiting round.
    page.goto(game_url)
    page.wait_for_function("() => document.querySelectorAll('tr.waiting-row').length === 3")
    assert [page.locator("tr.waiting-row th").nth(i).inner_text().split()[0] for i in range(3)] == ["1", "2", "3"]
    assert grid_totals(page) == [str(t) for t in totals]

    # Back online: sent in order, once each, and the page shows the server's grid by itself.
    with page.expect_navigation(timeout=25000):
        phone.set_offline(False)
    page.wait_for_selector("table.grid tfoot")
    page.wait_for_function("() => !document.querySelector('tr.waiting-row')")
    assert grid_totals(page) == [str(t) for t in totals]
    assert words["record"].format(4) in page.text_content("nav.actions")
    shot(page, f"offline-game-sent-{phone.locale[:2]}")
    status, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert [r["number"] for r in state["rounds"]] == [1, 2, 3]
    for (out, points), stored in zip(ROUNDS, state["rounds"]):
        assert stored["went_out"] == ["Ann", "Bob", "Cy"][out]
        assert {name: stored["scores"][name] for name in ("Ann", "Bob", "Cy")} == {
            name: (0 if seat == out else points[seat]) for seat, name in enumerate(("Ann", "Bob", "Cy"))}
    assert state["totals"] == dict(zip(("Ann", "Bob", "Cy"), totals))
    # Nothing is left to send: another visit sends nothing more.
    page.goto(game_url)
    page.wait_for_timeout(1500)
    status, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert len(state["rounds"]) == 3
    assert page.evaluate("""() => new Promise(ok => { const r = indexedDB.open('scorekeeper-offline', 1);
        r.onsuccess = () => { const q = r.result.transaction('rounds').objectStore('rounds').count();
        q.onsuccess = () => ok(q.result); }; })""") == 0
    assert csp_violations(phone) == []


@pytest.mark.parametrize("phone", ["fr-FR"], indirect=True)
def test_a_whole_game_offline_to_its_last_round(live_server, phone):
    """Le May I (five rounds, 20 points off the winner's total each round), all of it offline."""
    words = WORDS[phone.locale]
    status, game = api(live_server, "POST", "/api/v1/games", {"variant": "le-may-i", "players": ["Ann", "Bob", "Cy"], "dealer": "Ann"})
    page = phone.new_page()
    page.goto(game["edit_url"])
    game_url = page.url
    page.wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'", timeout=15000)
    phone.set_offline(True)
    totals = [0, 0, 0]
    for number in range(1, 6):
        out = number % 3
        points = {seat: 10 * (seat + number) for seat in range(3) if seat != out}
        with page.expect_navigation():
            page.click("nav.actions a.button")
        expect(page.locator(".now-round")).to_contain_text(words["round"].format(number))
        fill_round(page, out, points)
        with page.expect_navigation(url=game_url, timeout=15000):
            page.click("button[name=save]")
        page.wait_for_function(f"() => document.querySelectorAll('tr.waiting-row').length === {number}")
        for seat, value in points.items():
            totals[seat] += value
        totals[out] -= 20
        assert grid_totals(page) == [str(t) for t in totals], f"after round {number}"
    # The last round waits: nothing more to record.
    assert page.locator("nav.actions a.button").is_hidden()
    shot(page, "offline-game-last-round-waiting-fr")

    with page.expect_navigation(timeout=25000):
        phone.set_offline(False)
    page.wait_for_function("() => !document.querySelector('tr.waiting-row')")
    status, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert [r["number"] for r in state["rounds"]] == [1, 2, 3, 4, 5]
    assert state["status"] == "complete"
    assert state["totals"] == dict(zip(("Ann", "Bob", "Cy"), totals))
    assert grid_totals(page) == [str(t) for t in totals]
    assert csp_violations(phone) == []


@pytest.mark.parametrize("phone", ["en-US"], indirect=True)
def test_the_network_back_while_the_next_round_is_typed(live_server, phone):
    """Round 1 waits; round 2 is being typed on the stored form when the network comes back: round
    1 goes first (from the form's page), then round 2 is saved as usual, each once, in order."""
    game = new_game(live_server)
    page = phone.new_page()
    page.goto(game["edit_url"])
    game_url = page.url
    page.wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'", timeout=15000)
    phone.set_offline(True)
    with page.expect_navigation():
        page.click("nav.actions a.button")
    fill_round(page, *ROUNDS[0])
    with page.expect_navigation(url=game_url, timeout=15000):
        page.click("button[name=save]")
    page.wait_for_selector("tr.waiting-row")
    with page.expect_navigation():
        page.click("nav.actions a.button")
    expect(page.locator(".now-round")).to_contain_text("Round 2")
    fill_round(page, *ROUNDS[1])
    # A reload with no network: the stored form again, moved on to round 2 with what was typed for it.
    page.reload()
    expect(page.locator(".now-round")).to_contain_text("Round 2")
    expect(page.locator("#hand-2 input[name$='-points']")).to_have_value(str(ROUNDS[1][1][2]))
    assert page.input_value("input[name=round]") == "2"

    page.evaluate("window.notReloaded = true")
    phone.set_offline(False)
    for _ in range(100):  # sent from the form's page, which stays as typed
        status, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
        if state["rounds"]:
            break
        time.sleep(0.2)
    assert [r["number"] for r in state["rounds"]] == [1]
    # (the page may reload itself to show round 1 saved, just after its answer: what was typed
    # comes back from the draft. Save is tapped once that reload is over, not during it.)
    reload_over(page)
    expect(page.locator("#hand-2 input[name$='-points']")).to_have_value(str(ROUNDS[1][1][2]))
    with page.expect_navigation():
        page.click("button[name=save]")
    # (saved at once, or, if round 1 was still on its way when Save was tapped, right after it)
    for _ in range(100):
        status, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
        if len(state["rounds"]) > 1:
            break
        time.sleep(0.2)
    assert [r["number"] for r in state["rounds"]] == [1, 2]
    assert state["totals"] == {"Ann": 5, "Bob": 10, "Cy": 65}
    page.wait_for_timeout(1500)
    status, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert len(state["rounds"]) == 2


@pytest.mark.parametrize("phone", ["en-US"], indirect=True)
def test_roy_hands_offline_past_one_turn_of_the_dealers(live_server, phone):
    """ROY goes on until a score is reached: the page carries one turn of the dealers, which the
    phone repeats, so a fourth hand offline (three players) still has its number and dealer."""
    status, game = api(live_server, "POST", "/api/v1/games", {"variant": "roy", "players": ["Ann", "Bob", "Cy"], "dealer": "Ann"})
    page = phone.new_page()
    page.goto(game["edit_url"])
    game_url = page.url
    page.wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'", timeout=15000)
    phone.set_offline(True)
    dealers = ["Ann", "Bob", "Cy", "Ann"]
    for number in range(1, 5):
        with page.expect_navigation():
            page.click("nav.actions a.button")
        expect(page.locator(".now-round")).to_contain_text(f"Hand {number}")
        assert dealers[number - 1] in page.text_content(".now-dealer")
        page.check("input[name=went_out][value='0']", force=True)
        for seat in (1, 2):
            page.fill(f"#hand-{seat} input.count", "2")
        with page.expect_navigation(url=game_url, timeout=15000):
            page.click("button[name=save]")
        page.wait_for_function(f"() => document.querySelectorAll('tr.waiting-row').length === {number}")
    assert "Record hand 5" in page.text_content("nav.actions")
    with page.expect_navigation(timeout=25000):
        phone.set_offline(False)
    page.wait_for_function("() => !document.querySelector('tr.waiting-row')")
    status, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert [(r["number"], r["dealer"]) for r in state["rounds"]] == list(zip(range(1, 5), dealers))
    assert state["totals"]["Ann"] == 16
