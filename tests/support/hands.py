"""Phones at a table for the hands-from-phones browser tests: each its own browser context (own
cookies and storage) at 390x844, counting its taps; the share page's hand-in link; the rounds the API
holds."""
from __future__ import annotations

import json
import time
import urllib.request

import pytest
from playwright.sync_api import expect

from support.browser_support import AXE_JS, AXE_PATH, check_page, start_game, submit
from support.round_form import LANGUAGES

PHONE = {"width": 390, "height": 844}


def points(hand):
    return sum(value * count for value, count in hand)


class Phone:
    """A browser context of its own (its own cookies and storage), as a phone at the table."""

    def __init__(self, browser, base, name, lang="en"):
        self.context = browser.new_context(viewport=PHONE, service_workers="block", locale="fr-FR" if lang == "fr" else "en-GB",
                                           extra_http_headers={"Accept-Language": LANGUAGES[lang]})
        self.page = self.context.new_page()
        self.page.base_url, self.page.phone, self.page.seen, self.page.requests = base, "390x844", [], []
        self.page.lang = lang
        self.page.on("console", lambda msg: self.page.seen.append(msg.text))
        self.page.on("pageerror", lambda err: self.page.seen.append(str(err)))
        self.page.on("request", lambda req: self.page.requests.append(req.url))
        self.page.route("**" + AXE_PATH, lambda route: route.fulfill(status=200, content_type="text/javascript",
                                                                     body=AXE_JS.read_bytes()))
        self.name, self.taps = name, 0

    def tap(self, selector):
        self.taps += 1
        self.page.click(selector)

    def pick_name(self):
        self.tap(f".who-buttons button[value='{self.name}']")

    def by_value(self, hand):
        for value, count in hand:
            self.tap(f".hand .vrow:has(input[name$='-v{value}']) button.vp[value='{count}']")

    def send(self):
        self.tap("button.send")
        return time.monotonic()

    def close(self):
        self.context.close()


@pytest.fixture
def table(browser, live_server):
    phones = []

    def phone(name, lang="en"):
        phones.append(Phone(browser, live_server, name, lang))
        return phones[-1]

    yield phone
    for p in phones:
        p.close()


def api_rounds(base, game_url):
    gid = game_url.rstrip("/").rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{base}/api/v1/games/{gid}") as answer:
        return json.load(answer)["rounds"]


def hand_in_link(keeper, lang_tag):
    """The share page's hand-in link: one tap on "Make the hand-in link"."""
    keeper.page.goto(keeper.game_url + "/share")
    submit(keeper.page, "#hands ~ form button")
    link = keeper.page.locator("input.copy[value*='/hand#token=']").input_value()
    check_page(keeper.page, f"hands share page {lang_tag}")
    expect(keeper.page.locator("img.qr[src$='/hand-link/qr.svg']")).to_be_visible()
    return link


def player_joins(table, base, variant, names, player, lang="en", tag=None):
    """The scorekeeper's phone (the first of ``names``) starts a game of ``variant`` and makes the
    hand-in link (its share page checked as ``tag``, the language by default); ``player``'s phone
    opens the link and picks their name. Answers (the scorekeeper's phone, the player's, the link)."""
    keeper = table(names[0], lang)
    keeper.game_url = start_game(keeper.page, base, variant, names)
    link = hand_in_link(keeper, tag or lang)
    phone = table(player, lang)
    phone.page.goto(link)
    phone.pick_name()
    return keeper, phone, link
