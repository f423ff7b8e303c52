"""A phone that loses its network, for the offline tests (a browser context, a game made through the API)."""
from __future__ import annotations

import json
import time
import urllib.request

import pytest


@pytest.fixture
def browser_context(browser):
    """A fresh context of the session's Chromium (tests/support/browser_support.py) at 390x844, with
    service workers allowed (the shared ``page`` fixture blocks them)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="allow")
    context.console_messages_seen = []
    context.on("console", lambda msg: context.console_messages_seen.append(msg.text))
    try:
        yield context
    finally:
        # Let the service worker finish refreshing its stored files before the context goes: a
        # request cut off mid-file leaves the live server's file open (a ResourceWarning later).
        for page in context.pages:
            page.goto("about:blank")
        time.sleep(1.5)
        context.close()


def api(base, method, path, body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, json.loads(response.read() or b"null")


def new_game(base, players=("Ann", "Bob", "Cy")):
    status, body = api(base, "POST", "/api/v1/games", {"variant": "joybells", "players": list(players), "dealer": players[0]})
    assert status == 201
    return body


def csp_violations(context):
    return [m for m in context.console_messages_seen if "Content Security Policy" in m]


WORDS = {
    "en-US": {"round": "Round {}", "record": "Record round {}", "offline": "No network", "so far": "{} so far"},
    "fr-FR": {"round": "Manche {}", "record": "Enregistrer la manche {}", "offline": "Pas de réseau", "so far": "{} jusqu’ici"},
}


@pytest.fixture(params=list(WORDS), ids=["en", "fr"])
def phone(request, browser):
    """A fresh browser (its own context: no worker, no store, no cookie yet) at 390x844 whose
    language is ``request.param`` (every request carries it in Accept-Language)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="allow",
                                  locale=request.param)
    context.console_messages_seen = []
    context.on("console", lambda msg: context.console_messages_seen.append(msg.text))
    context.locale = request.param
    try:
        yield context
    finally:
        context.set_offline(False)
        for page in context.pages:
            page.goto("about:blank")
        time.sleep(1.5)  # the worker's background refreshes end before the context goes
        context.close()


def fill_round(page, went_out, points):
    """``went_out`` (a seat) went out; the others' points typed."""
    page.check(f"input[name=went_out][value='{went_out}']", force=True)
    for seat, value in points.items():
        page.click(f"#hand-{seat} .modes input[value='points'] + span")
        page.fill(f"#hand-{seat} input[name$='-points']", str(value))


def grid_totals(page):
    return [t.replace("†", "").replace("\u202f", "").replace("\xa0", "").strip()
            for t in page.locator("table.grid tfoot td").all_text_contents()]
