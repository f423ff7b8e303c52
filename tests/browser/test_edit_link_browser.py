"""The edit token stays out of logs, history and stores, in Debian's Chromium at 390x844: the edit
link (``/games/<id>/edit#token=...``) gives the phone the right to keep score while no request the
browser sends carries the token in its address (so no access log holds it), the address bar and
history end without it, and after the share page, the round form and the game page were opened
with the service worker on, no stored answer holds it."""
from __future__ import annotations

import json
import time
import urllib.request

import pytest

from support.browser_support import check_page

pytestmark = pytest.mark.browser

STORED = """async () => {
  const out = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      out.push([request.url, await response.text()]);
    }
  }
  return out;
}"""


def new_game(base):
    request = urllib.request.Request(base + "/api/v1/games", method="POST", data=json.dumps(
        {"variant": "joybells", "players": ["Ann", "Bob", "Cy"], "dealer": "Ann"}).encode(),
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="allow")
    context.requests = []
    context.on("request", lambda r: context.requests.append((r.method, r.url, r.post_data or "")))
    try:
        yield context
    finally:
        for page in context.pages:
            page.goto("about:blank")
        time.sleep(1.5)  # (let the worker finish refreshing its files: see test_offline_browser.py)
        context.close()


def test_the_edit_token_reaches_no_address_no_history_and_no_store(live_server, context):
    game = new_game(live_server)
    token, game_url = game["edit_token"], f"{live_server}/games/{game['id']}"
    assert game["edit_url"] == f"{live_server}/games/{game['id']}/edit#token={token}"
    page = context.new_page()
    page.goto(game["edit_url"])
    page.wait_for_url(game_url)
    assert "Record round 1" in page.text_content("nav.actions")
    # Nothing the browser asked for had the token in its address; it travelled once, in a POST body.
    assert [url for _, url, _ in context.requests if token in url] == []
    assert [(m, url) for m, url, body in context.requests if token in body] == [("POST", f"{game_url}/edit")]
    # History: the edit link's page was replaced by the game (a form posted while loading), so
    # back goes to where the phone was before; nothing in history holds the token.
    page.go_back()
    assert token not in page.url and not page.url.startswith(game_url)

    # The service worker controls the pages; then the pages a scorekeeper opens.
    page.goto(game_url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=10000)
    for path in ("/share", "", "/round", "/view"):
        page.goto(game_url + path)
    page.goto(game_url + "/round")
    # The round form asked for the token (for rounds saved with no network) and keeps it on the phone.
    page.wait_for_function(f"localStorage.getItem('scorekeeper-edit-token:{game['id']}') !== null", timeout=10000)
    assert page.evaluate(f"localStorage.getItem('scorekeeper-edit-token:{game['id']}')") == token
    stored = page.evaluate(STORED)
    urls = [url for url, _ in stored]
    assert game_url + "/round" in urls and game_url in urls  # pages are stored ...
    assert [url for url, text in stored if token in text or token in url] == []  # ... none with the token
    assert not any(url.endswith(("/share", "/edit", "/edit-token")) for url in urls)


def test_the_edit_link_page_with_a_replaced_token_says_so(live_server, page):
    game = new_game(live_server)
    page.goto(f"{live_server}/games/{game['id']}/edit#token=replaced-long-ago")
    page.wait_for_selector(".field-error")
    assert "not valid" in page.text_content(".field-error")
    assert page.url == f"{live_server}/games/{game['id']}/edit"
    assert page.input_value("input[name=token]") == ""
    check_page(page, "edit link refused")
    # Pasting the whole link by hand works too (a phone whose script did not run).
    page.fill("input[name=token]", game["edit_url"])
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server}/games/{game['id']}")
    assert "Record round 1" in page.text_content("nav.actions")


def test_a_tables_edit_token_reaches_no_address_no_history_and_no_store(live_server, context):
    """The same for a table's edit link (``/tables/<id>/edit#token=...``) and its share page."""
    request = urllib.request.Request(live_server + "/api/v1/tables", method="POST",
                                     data=json.dumps({"name": "The Smiths"}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        table = json.loads(response.read())
    token, table_url = table["edit_token"], f"{live_server}/tables/{table['id']}"
    assert table["edit_url"] == f"{table_url}/edit#token={token}"
    page = context.new_page()
    page.goto(table["edit_url"])
    page.wait_for_url(table_url)
    assert "Start a game" in page.content()
    assert [url for _, url, _ in context.requests if token in url] == []
    assert [(m, url) for m, url, body in context.requests if token in body] == [("POST", f"{table_url}/edit")]
    page.go_back()
    assert token not in page.url and not page.url.startswith(table_url)

    page.goto(table_url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=10000)
    for path in ("/share", "", "/stats"):
        page.goto(table_url + path)
    page.goto(table_url + "/share")
    assert page.input_value("input[aria-label='Edit link']") == table["edit_url"]
    stored = page.evaluate(STORED)
    assert [url for url, text in stored if token in text or token in url] == []
    assert not any(url.endswith(("/share", "/edit")) for url in [url for url, _ in stored])


def test_a_tables_edit_link_page_with_a_replaced_token_says_so(live_server, page):
    request = urllib.request.Request(live_server + "/api/v1/tables", method="POST",
                                     data=json.dumps({"name": "The Smiths"}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        table = json.loads(response.read())
    page.goto(f"{live_server}/tables/{table['id']}/edit#token=replaced-long-ago")
    page.wait_for_selector(".field-error")
    assert "not valid" in page.text_content(".field-error")
    assert page.url == f"{live_server}/tables/{table['id']}/edit"
    check_page(page, "table edit link refused")
    page.fill("input[name=token]", table["edit_url"])
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server}/tables/{table['id']}")
    assert "Start a game" in page.content()
