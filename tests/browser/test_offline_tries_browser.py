"""Offline that always works, in Debian's Chromium at 390x844 with the service worker on: ten tries,
the network cut at a different moment each time (before opening the round form, while on it,
after a round saved online, while Save is on its way). Every time the round form opens, the round
saved with no network shows at once in the grid and the totals, marked as waiting, a second round
can follow it, and both are sent exactly once when the network is back (docs/offline.md)."""
from __future__ import annotations

import pytest

from support.offline import api, browser_context, csp_violations, new_game  # noqa: F401 (fixture)
from support.round_form import RoundForm
from support.browser_support import capture

pytestmark = pytest.mark.browser


def expect(locator):
    from playwright.sync_api import expect as pw_expect

    return pw_expect(locator)

MOMENTS = ("before opening the form", "while on the form", "after a round saved online", "while Save is on its way")


@pytest.fixture
def context(browser_context):
    """The offline tests' context (service workers allowed), with the network back at the end."""
    yield browser_context
    browser_context.set_offline(False)


def ready_offline(page):
    """Until the service worker has stored this game page and its round form."""
    page.wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'", timeout=15000)


def fill_round(page, bob, cy):
    """Ann went out; Bob and Cy by typed points."""
    RoundForm(page).went_out(0).points(1, bob).points(2, cy)


def grid_totals(page):
    return [t.strip().replace("†", "").strip() for t in page.locator("table.grid tfoot td").all_text_contents()]


@pytest.mark.parametrize("attempt", range(10))
def test_a_round_saved_offline_always_works(live_server, context, attempt):
    moment = MOMENTS[attempt % len(MOMENTS)]
    game = new_game(live_server)
    page = context.new_page()
    page.goto(game["edit_url"])
    game_url = page.url
    ready_offline(page)
    online_rounds = 0
    if moment == "before opening the form":
        context.set_offline(True)
        page.click("nav.actions a.button")  # the stored round form
        assert "Round 1" in page.text_content(".now-round")
    elif moment == "while on the form":
        page.goto(game_url + "/round")
        ready_offline(page)
        context.set_offline(True)
    elif moment == "after a round saved online":
        page.goto(game_url + "/round")
        fill_round(page, 10, 5)
        with page.expect_navigation():
            page.click("button[name=save]")
        assert "Round 1 saved" in page.text_content(".flash")
        online_rounds = 1
        ready_offline(page)
        context.set_offline(True)
    if moment == "while Save is on its way":
        page.goto(game_url + "/round")
        ready_offline(page)
        fill_round(page, 20, 7)

        def cut(route):  # the quick check passes, then the network drops before the form post
            context.set_offline(True)
            route.fulfill(status=200, body="")
        page.route("**/api/v1/games/*", lambda route: cut(route) if route.request.method == "HEAD" else route.continue_())
        with page.expect_navigation(url=game_url, timeout=15000):
            page.click("button[name=save]")
    else:
        fill_round(page, 20, 7)
        with page.expect_navigation(url=game_url, timeout=15000):
            page.click("button[name=save]")
    first = online_rounds + 1
    # The game page, from the phone: the round is in the grid and the totals, marked as waiting.
    page.wait_for_selector("tr.waiting-row")
    assert page.locator("tr.waiting-row").count() == 1
    assert page.locator("tr.waiting-row th").inner_text().startswith(str(first))
    expected = [0, 20 + (10 if online_rounds else 0), 7 + (5 if online_rounds else 0)]
    assert grid_totals(page) == [str(t) for t in expected], moment
    assert page.locator("table.grid tfoot td.waiting").count() == 3
    expect(page.locator(".now-round")).to_contain_text(f"Round {first + 1}")
    assert f"Record round {first + 1}" in page.text_content("nav.actions")
    capture(page, f"test-artifacts/screenshots/offline-waiting-{attempt}-390x844.png", full_page=True)

    # The next round, still offline: the stored form moves on to it.
    page.click("nav.actions a.button")
    expect(page.locator(".now-round")).to_contain_text(f"Round {first + 1}")
    assert page.input_value("input[name=round]") == str(first + 1)
    fill_round(page, 3, 4)
    with page.expect_navigation(url=game_url, timeout=15000):
        page.click("button[name=save]")
    page.wait_for_function("() => document.querySelectorAll('tr.waiting-row').length === 2")
    expected = [0, expected[1] + 3, expected[2] + 4]
    assert grid_totals(page) == [str(t) for t in expected]
    status, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert len(state["rounds"]) == online_rounds  # nothing more reached the server yet

    # The network is back: each waiting round is sent once, the page shows the server's grid.
    page.unroute("**/api/v1/games/*")
    with page.expect_navigation(timeout=25000):
        context.set_offline(False)
    page.wait_for_selector("table.grid tfoot")
    page.wait_for_timeout(500)
    assert page.locator("tr.waiting-row").count() == 0
    status, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert len(state["rounds"]) == online_rounds + 2, moment
    assert state["totals"] == {"Ann": 0, "Bob": expected[1], "Cy": expected[2]}
    assert grid_totals(page) == [str(t) for t in expected]
    assert csp_violations(context) == []
