"""The outbox's rule in Chromium at 390x844 (docs/offline.md, "The outbox"): a Save the server
answered "nothing stored" leaves the phone's outbox at once, so it can never come back later as a
conflict, nor hold back the rounds after it; a conflict question shows who entered each version and
when, with neither choice pre-selected."""
from __future__ import annotations

import pytest
from support.browser_support import submit
from support.offline import api, fill_round, new_game, phone  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser

# What the phone keeps (static/js/offline.js: IndexedDB on a secure page such as this one).
KEPT = """() => new Promise(done => { const req = indexedDB.open("scorekeeper-offline", 1);
  req.onupgradeneeded = () => { req.result.createObjectStore("rounds", { keyPath: "key" }); };
  req.onsuccess = () => { const all = req.result.transaction("rounds").objectStore("rounds").getAll();
    all.onsuccess = () => { req.result.close(); done(all.result.map(e => e.state)); }; }; })"""


def test_a_save_refused_in_a_second_tab_never_becomes_a_conflict(live_server, phone):
    """Two tabs on round 1's form: A saves (stored), then B saves (the page says nothing was
    stored). Past every grace and retry timer, the game page asks nothing and round 1 keeps A's
    scores; B's copy has left the phone."""
    game = new_game(live_server)
    first = phone.new_page()
    first.clock.install()  # the phones' clock: moved on below instead of waited for
    first.goto(game["edit_url"])
    first.wait_for_url(game["edit_url"].split("/edit#")[0])
    game_url = first.url
    first.wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'", timeout=15000)
    second = phone.new_page()
    first.goto(game_url + "/round")
    second.goto(game_url + "/round")
    fill_round(first, 0, {1: 10, 2: 25})
    fill_round(second, 1, {0: 5, 2: 40})
    submit(first, "button[name=save]")
    submit(second, "button[name=save]")
    assert second.locator("p.round-saved").count() == 1  # "Round 1 is saved: …; nothing was stored"
    second.wait_for_function(f"() => ({KEPT})().then(states => states.length === 0)", timeout=10000)

    second.goto(game_url)
    second.wait_for_selector("table.grid tfoot")
    second.wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'", timeout=15000)
    second.clock.run_for(60_000)  # past the Save's grace and several retries
    second.wait_for_timeout(1500)
    assert second.locator(".offline-queue li").count() == 0
    assert second.evaluate(KEPT) == []
    _, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert [r["number"] for r in state["rounds"]] == [1]
    assert state["rounds"][0]["scores"] == {"Ann": 0, "Bob": 10, "Cy": 25}
    assert state["rounds"][0]["corrected"] is False
