"""What a new user sees on a phone, tried in Chromium: the new-game form shows as many seats as the
chosen variant seats, and a typed name is never hidden."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from support.browser_support import PHONES, check_page, new_page

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser, live_server):
    context, page = new_page(browser, live_server, PHONES["390x844"])
    try:
        yield page
    finally:
        context.close()


def test_the_new_game_form_shows_the_seats_of_the_variant_chosen(phone):
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
