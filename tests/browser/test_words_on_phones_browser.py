"""What a new user sees on a phone, tried in Chromium: the new-game form shows as many seats as the
chosen variant seats (a typed name is never hidden), a game of eight fits its rounds grid with every
name whole, and the header keeps to one line at 360 px."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from support.browser_support import PHONES, check_page, new_page

pytestmark = pytest.mark.browser


def test_the_new_game_form_shows_the_seats_of_the_variant_chosen(page):
    phone = page  # at each phone size (support/browser_support.py)
    phone.goto(phone.base_url + "/games/new")
    seats = phone.locator(".seat-row")
    phone.select_option("#variant", "joybells")
    expect(seats.locator("visible=true")).to_have_count(6)  # Joybells: 3 to 6 players
    check_page(phone, "new game joybells seats")
    phone.select_option("#variant", "continental")
    expect(seats.locator("visible=true")).to_have_count(8)
    phone.fill("#players-6", "Gus")  # a name in the seventh seat stays in sight when Joybells is chosen
    phone.select_option("#variant", "joybells")
    expect(phone.locator("#players-6")).to_be_visible()
    expect(phone.locator("#players-7")).to_be_hidden()
    phone.select_option("#variant", "roy")
    expect(seats.locator("visible=true")).to_have_count(4)  # ROY seats 3, and Gus's seat stays
    phone.fill("#players-6", "")
    phone.select_option("#variant", "roy")
    expect(seats.locator("visible=true")).to_have_count(3)


EIGHT = ["Margaret", "Christopher", "Elizabeth", "Alexander", "Josephine", "Frederick", "Catherine", "Benjamin"]


def _eight_player_game(page) -> str:
    r = page.request.post(page.base_url + "/api/v1/games", data={"variant": "continental", "players": EIGHT})
    game = r.json()
    for k in range(3):
        hands = {n: {"points": 100 + i} for i, n in enumerate(EIGHT) if n != EIGHT[k]}
        answer = page.request.post(page.base_url + f"/api/v1/games/{game['id']}/rounds",
                                   data={"went_out": EIGHT[k], "hands": hands},
                                   headers={"Authorization": f"Bearer {game['edit_token']}"})
        assert answer.status == 201, answer.text()
    return game["id"]


@pytest.mark.parametrize("size", ["390x844", "360x800"])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_game_of_eight_fits_its_rounds_grid_with_every_name_whole(browser, live_server, size, language):
    context, page = new_page(browser, live_server, PHONES[size])
    try:
        page.goto(live_server + f"/language/{language}?next=/")
        game_id = _eight_player_game(page)
        page.goto(live_server + f"/games/{game_id}")
        wrap = page.locator(".grid-wrap")
        assert wrap.evaluate("el => el.scrollWidth <= el.clientWidth"), "the rounds grid scrolls sideways"
        box = wrap.bounding_box()
        for name in EIGHT:
            cell = page.locator(".grid thead .name", has_text=name)
            assert cell.evaluate("el => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1")
            b = cell.bounding_box()
            assert box["x"] <= b["x"] and b["x"] + b["width"] <= box["x"] + box["width"], name
        dealer = "donneur" if language == "fr" else "dealer"  # a D in the dealer's cell, its title the word
        expect(page.locator(".grid tbody tr").first.locator(".dealt-mark")).to_have_attribute("title", dealer)
        check_page(page, f"game of eight {language} {size}")
    finally:
        context.close()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_header_takes_one_line_at_360_px(browser, live_server, language):
    context, page = new_page(browser, live_server, PHONES["360x800"])
    try:
        page.goto(live_server + f"/language/{language}?next=/")
        for path in ("/", "/rules/roy", "/games/new"):
            page.goto(live_server + path)
            links = page.locator("header.topbar a")
            tops = {round(links.nth(i).bounding_box()["y"]) for i in range(links.count())}
            assert len(tops) == 1, (path, tops)
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()
