"""A round saved with the network up leaves nothing behind on the phone: the copy offline.js keeps
while the Save is on its way ("posting") is confirmed with the server later and dropped, and the
page the phone shows is not reloaded for it (nothing changed on the server)."""
from __future__ import annotations

import pytest
from support.browser_support import submit
from support.offline import browser_context, fill_round, new_game  # noqa: F401

pytestmark = pytest.mark.browser

# What the phone keeps (static/js/offline.js: IndexedDB on a secure page such as this one).
KEPT = """() => new Promise(done => { const req = indexedDB.open("scorekeeper-offline", 1);
  req.onsuccess = () => { const all = req.result.transaction("rounds").objectStore("rounds").getAll();
    all.onsuccess = () => { req.result.close(); done(all.result.map(e => e.state)); }; }; })"""


def test_a_saved_round_is_settled_without_reloading_the_page(live_server, browser_context):
    game = new_game(live_server)
    page = browser_context.new_page()
    page.clock.install()  # the phone's clock: time is moved on below instead of waited for
    page.goto(game["edit_url"])
    page.wait_for_url(game["edit_url"].split("/edit#")[0])
    game_url = page.url
    page.goto(game_url + "/round")
    fill_round(page, 1, {0: 25, 2: 40})
    submit(page, "button[name=save]")
    page.goto(game_url)
    page.wait_for_selector("table.grid tfoot")
    assert page.evaluate(KEPT) == ["posting"]  # kept while the Save was on its way
    page.evaluate("window.stillTheSamePage = true")
    # Past the grace a Save gets to arrive, and past the next retry, the kept copy is checked.
    page.clock.run_for(40_000)
    for _ in range(50):
        if page.evaluate(KEPT) == []:
            break
        page.wait_for_timeout(200)
    assert page.evaluate(KEPT) == [], "the copy kept during the Save is still on the phone"
    page.wait_for_timeout(1000)  # a reload, if one were coming, would have started
    assert page.evaluate("window.stillTheSamePage === true"), "the game page was reloaded for a round already saved"
    totals = [t.strip() for t in page.locator("table.grid tfoot td").all_text_contents()]
    assert totals == ["25", "0", "40"]
