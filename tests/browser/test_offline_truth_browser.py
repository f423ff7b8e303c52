"""Offline pages tell the truth (docs/offline.md), in Chromium at 390x844 in English and French: with
a round waiting on the phone, the standings are ranked again from the totals they show, by the
variant's rule; a page served from the phone's copy says from when ("as of 20:41, offline")."""
from __future__ import annotations

import re

import pytest

from support.browser_support import SCREENSHOTS, capture
from support.offline import api, fill_round, new_game, phone  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser

FIRST = {"round": 1, "went_out": "Bob", "hands": {"Ann": {"points": 30}, "Cy": {"points": 45}}}
AS_OF = {"en-US": r"As of \d\d:\d\d( [AP]M)?, offline: this is the copy kept on this phone\.",
         "fr-FR": "État de \\d\\d:\\d\\d, hors ligne\u00a0: c’est la copie gardée sur ce téléphone\\."}


def standings(page):
    return [[c.strip().replace("\u202f", "").replace("\xa0", "") for c in row.locator("td").all_text_contents()]
            for row in page.locator("table.standings tbody tr").all()]


def test_offline_standings_follow_the_totals_shown_and_the_copy_says_from_when(live_server, phone):
    game = new_game(live_server)
    assert api(live_server, "POST", f"/api/v1/games/{game['id']}/rounds", FIRST, token=game["edit_token"])[0] == 201
    page = phone.new_page()
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(game["edit_url"])
    page.wait_for_url(game["edit_url"].split("/edit#")[0])
    game_url = page.url
    page.wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'", timeout=15000)
    assert [r[:2] for r in standings(page)] == [["1", "Bob"], ["2", "Ann"], ["3", "Cy"]]
    assert page.locator(".offline-copy").count() == 0  # served by the server: nothing to say

    phone.set_offline(True)
    with page.expect_navigation():
        page.click("nav.actions a.button")
    fill_round(page, 0, {1: 50, 2: 10})  # Ann went out; Bob 50, Cy 10
    with page.expect_navigation(url=game_url, timeout=15000):
        page.click("button[name=save]")
    page.wait_for_function("() => document.querySelectorAll('tr.waiting-row').length === 1")
    # totals Ann 30, Bob 50, Cy 55: lowest wins
    assert standings(page) == [["1", "Ann", "30"], ["2", "Bob", "50"], ["3", "Cy", "55"]]
    assert page.locator("table.standings tbody tr.leader td").nth(1).inner_text().startswith("Ann")
    note = page.locator("p.offline-copy")
    assert re.fullmatch(AS_OF[phone.locale], note.inner_text()), note.inner_text()
    assert note.bounding_box()["y"] < 200  # at the top of the page
    capture(page, str(SCREENSHOTS / f"offline-standings-{phone.locale[:2]}.png"), full_page=True)
    assert errors == []
