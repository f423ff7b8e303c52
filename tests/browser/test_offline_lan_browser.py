"""A home network over plain HTTP, in Debian's Chromium at 390x844: the server is reached by a LAN
name (``family.lan``, mapped to the test server by Chromium's host resolver), which is not a secure
context, so there is no service worker and no wake lock. Rounds saved with no network are still
kept on the phone (IndexedDB, or localStorage where IndexedDB is refused) and sent when the network
is back; the "Keep the screen on" switch says it needs HTTPS (docs/offline.md)."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from support.browser_support import CHROMIUM_ARGS, capture
from support.offline import api, csp_violations, new_game

# One worker runs the whole module, so its module fixtures start once (make test: --dist loadgroup).
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("lan-browser")]

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
LAN = "family.lan"
WORDS = {
    "en-US": {"round": "Round {}", "kept": "Round {} is saved on this phone only: it will be sent when the network is back.",
              "awake": "Keeping the screen on needs a secure (HTTPS) connection, and this page was opened over plain HTTP."},
    "fr-FR": {"round": "Manche {}", "kept": "Manche {} est enregistrée sur ce téléphone seulement\u00a0: elle sera envoyée au retour du réseau.",
              "awake": "Garder l’écran allumé demande une connexion sécurisée (HTTPS), et cette page a été ouverte en HTTP simple."},
}
# (language, where the phone keeps the rounds)
PHONES = [("en-US", "IndexedDB"), ("fr-FR", "localStorage")]
NO_INDEXEDDB = "Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });"


@pytest.fixture(scope="module")
def lan_browser(browser):
    """Another Chromium of the same Playwright, whose resolver maps family.lan to the test server."""
    chromium = browser.browser_type.launch(executable_path="/usr/bin/chromium", headless=True,
                                           args=CHROMIUM_ARGS + [f"--host-resolver-rules=MAP {LAN} 127.0.0.1"])
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture(params=PHONES, ids=[f"{lang[:2]}-{store}" for lang, store in PHONES])
def lan_phone(request, lan_browser):
    language, store = request.param
    context = lan_browser.new_context(viewport={"width": 390, "height": 844}, locale=language)
    if store == "localStorage":  # as a browser that refuses IndexedDB to the page
        context.add_init_script(NO_INDEXEDDB)
    context.console_messages_seen = []
    context.on("console", lambda msg: context.console_messages_seen.append(msg.text))
    context.language, context.store = language[:2], store
    context.words = WORDS[language]
    try:
        yield context
    finally:
        context.set_offline(False)
        context.close()


def on_lan(url):
    return url.replace("127.0.0.1", LAN)


def fill_round(page, went_out, points):
    page.check(f"input[name=went_out][value='{went_out}']", force=True)
    for seat, value in points.items():
        page.click(f"#hand-{seat} .modes input[value='points'] + span")
        page.fill(f"#hand-{seat} input[name$='-points']", str(value))


def test_a_home_network_over_http_keeps_offline_rounds_and_sends_them(live_server, lan_phone):
    words = lan_phone.words
    game = new_game(live_server)
    page = lan_phone.new_page()
    page.goto(on_lan(game["edit_url"]))
    game_url = page.url
    assert game_url.startswith(f"http://{LAN}:")
    assert page.evaluate("[isSecureContext, 'serviceWorker' in navigator]") == [False, False]
    assert page.text_content(".awake-note") == words["awake"]
    assert page.is_disabled(".awake input")

    with page.expect_navigation():
        page.click("nav.actions a.button")  # the round form, opened online
    lan_phone.set_offline(True)
    fill_round(page, 0, {1: 10, 2: 25})
    page.click("button[name=save]")
    # No page can open with no network and no worker: this one stays and becomes round 2's form.
    page.wait_for_selector(".offline-queue li")
    assert page.url == game_url + "/round"
    assert page.text_content(".offline-queue li") == words["kept"].format(1)
    assert words["round"].format(2) in page.text_content(".now-round")
    assert page.input_value("input[name=round]") == "2"
    assert page.locator(".went-out input:checked").count() == 0  # round 1's entries are not carried over
    assert page.input_value("#hand-1 input[name$='-points']") == ""
    capture(page, str(SHOTS / f"offline-lan-kept-{lan_phone.language}-390x844.png"), full_page=True)
    fill_round(page, 1, {0: 5, 2: 40})
    page.click("button[name=save]")
    page.wait_for_function("() => document.querySelectorAll('.offline-queue li').length === 2")
    assert page.locator(".offline-queue li").all_text_contents() == [words["kept"].format(1), words["kept"].format(2)]
    assert words["round"].format(3) in page.text_content(".now-round")
    status, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert state["rounds"] == []
    stored = page.evaluate("localStorage.getItem('scorekeeper-offline-rounds')")
    assert (stored is not None) == (lan_phone.store == "localStorage")

    # Back online: both sent, in order, once; the page shows the server's next round by itself.
    with page.expect_navigation(timeout=25000):
        lan_phone.set_offline(False)
    page.wait_for_selector(".now-round")
    assert words["round"].format(3) in page.text_content(".now-round")
    assert page.locator(".offline-queue li").count() == 0
    status, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert [r["number"] for r in state["rounds"]] == [1, 2]
    assert state["totals"] == {"Ann": 5, "Bob": 10, "Cy": 65}
    time.sleep(1)
    status, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert len(state["rounds"]) == 2
    assert page.evaluate("localStorage.getItem('scorekeeper-offline-rounds')") is None
    assert csp_violations(lan_phone) == []
