"""The outbox's rule in Chromium at 390x844 (docs/offline.md, "The outbox"): a Save the server
answered "nothing stored" leaves the phone's outbox at once, so it can never come back later as a
conflict, nor hold back the rounds after it; a conflict question shows who entered each version and
when, with neither choice pre-selected."""
from __future__ import annotations

import pytest
from support.browser_support import submit
from support.offline import api, browser_context, fill_round, new_game, phone  # noqa: F401 (fixtures)

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


# A Save of round 1 whose answer page never ran (the tab was closed or reloaded while it loaded),
# sent again after its grace and refused: the server had round 1 from another phone. The random
# walk of phones left this (tests/support/phone_walk.py, seed 255 of docs/testing.md).
REFUSED_ROUND_1 = """([game, api, page, token]) => new Promise(done => {
  const req = indexedDB.open("scorekeeper-offline", 1);
  req.onupgradeneeded = () => { req.result.createObjectStore("rounds", { keyPath: "key" }); };
  req.onsuccess = () => {
    const body = { round: 1, went_out: "Ann", hands: { Bob: { points: 5 }, Cy: { points: 40 } } };
    const entry = { key: "refused-save-of-round-1", game, api, page, token, label: "Round", body,
      scores: { Ann: 0, Bob: 5, Cy: 40 }, bonus: {}, saved_at: Date.now(), state: "refused",
      error: "Round 1 is saved." };
    const put = req.result.transaction("rounds", "readwrite").objectStore("rounds").put(entry);
    put.onsuccess = () => { req.result.close(); done(); };
  };
})"""


def test_a_refusal_on_the_phone_never_holds_back_a_save_the_server_has(live_server, browser_context):
    """A refused round 1 waits on the phone for Dismiss, and holds back the rounds kept after it
    (they must not reach the server out of order). A later Save that went out as an ordinary form
    post is no such round: it already reached the server, in its turn. Its "posting" copy is
    confirmed past its grace and leaves the phone; the refusal stays until it is dismissed."""
    game = new_game(live_server)
    status, _ = api(live_server, "POST", f"/api/v1/games/{game['id']}/rounds",
                    {"round": 1, "went_out": "Bob", "hands": {"Ann": {"points": 10}, "Cy": {"points": 25}}},
                    token=game["edit_token"])
    assert status == 201
    page = browser_context.new_page()
    page.clock.install()  # the phone's clock: moved on below instead of waited for
    page.goto(game["edit_url"])
    page.wait_for_url(game["edit_url"].split("/edit#")[0])
    game_url = page.url
    page.wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'", timeout=15000)
    page.evaluate(REFUSED_ROUND_1, [game["id"], f"{live_server}/api/v1/games/{game['id']}/rounds",
                                    game_url, game["edit_token"]])
    page.goto(game_url + "/round")
    fill_round(page, 2, {0: 15, 1: 30})
    submit(page, "button[name=save]")
    page.goto(game_url)
    page.wait_for_selector("table.grid tfoot")
    assert sorted(page.evaluate(KEPT)) == ["posting", "refused"]
    assert page.locator(".offline-queue li").count() == 1  # the refusal, with Dismiss

    page.clock.run_for(60_000)  # past the Save's grace and several retries
    for _ in range(50):
        if page.evaluate(KEPT) == ["refused"]:
            break
        page.wait_for_timeout(200)
    assert page.evaluate(KEPT) == ["refused"], "the Save's copy is still held behind the refusal"
    assert page.locator(".offline-queue li").count() == 1
    _, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert [r["number"] for r in state["rounds"]] == [1, 2]
    assert state["rounds"][1]["scores"] == {"Ann": 15, "Bob": 30, "Cy": 0}


def test_a_stored_form_opened_again_after_its_round_was_sent_never_loses_the_new_round(live_server, browser_context):
    """The round form kept on the phone carries one key. Round 1 kept with no network, then sent
    from the offline page (which does not store the form again); with no network again, the same
    stored form opens at round 1 with its key, and round 1 is entered again with other scores.
    That Save must not go under the first one's key (the server would take it for the first and
    the phone would drop it): it asks which of the two versions is right (seeds 176 and 184 of the
    walk, docs/testing.md)."""
    game = new_game(live_server)
    page = browser_context.new_page()
    page.goto(game["edit_url"])  # the worker keeps the game page and its round form
    page.wait_for_url(game["edit_url"].split("/edit#")[0])
    game_url = page.url
    page.wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'", timeout=15000)

    browser_context.set_offline(True)
    page.goto(game_url + "/round")  # the stored copy
    fill_round(page, 0, {1: 10, 2: 25})
    with page.expect_navigation(url=game_url, timeout=15000):
        page.click("button[name=save]")
    assert page.evaluate(KEPT) == ["waiting"]

    # The offline page (the worker's copy) sends what waits once the network is back, and keeps
    # no round form. Opened before the network comes back: the game page would send the round
    # itself on "online" and reload, cutting the way to the offline page off.
    page.goto(live_server + "/offline")
    browser_context.set_offline(False)
    for _ in range(50):
        if page.evaluate(KEPT) == []:
            break
        page.wait_for_timeout(200)
    assert page.evaluate(KEPT) == []
    _, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert [r["scores"] for r in state["rounds"]] == [{"Ann": 0, "Bob": 10, "Cy": 25}]

    browser_context.set_offline(True)
    page.goto(game_url + "/round")  # the same stored copy: round 1
    assert page.input_value("input[name=round]") == "1"
    fill_round(page, 1, {0: 5, 2: 40})
    with page.expect_navigation(url=game_url, timeout=15000):
        page.click("button[name=save]")
    assert page.evaluate(KEPT) == ["waiting"]

    browser_context.set_offline(False)  # the game page sends it at once (the "online" event)
    conflict = page.locator(".offline-queue li.conflict")
    conflict.wait_for(timeout=15000)
    assert page.evaluate(KEPT) == ["conflict"]  # both versions kept, neither chosen
    _, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert [r["scores"] for r in state["rounds"]] == [{"Ann": 0, "Bob": 10, "Cy": 25}]
