"""A family's table on a phone, in Chromium at 390x844 and 360x800, light and dark: start the table
from the home page, start games from it, then every table page passes ``check_page`` (screenshot,
axe-core, no sideways scroll, tap targets, page weight, CSP)."""
from __future__ import annotations


import pytest

from support.browser_support import check_page, submit
from support.tables import a_month_of_sundays  # noqa: F401

pytestmark = pytest.mark.browser


def tour(page, name):
    table_url, game_id = a_month_of_sundays(page, name)
    page.goto(table_url)
    assert "in progress" in page.text_content(".history")  # a game being played is not "unfinished"
    assert page.locator(".history-game").count() == 3
    check_page(page, "table page")
    page.goto(table_url + "/stats?variant=joybells")
    assert page.locator("svg.chart").count() == 1 and "Ratings" in page.text_content("main")
    check_page(page, "table statistics")
    page.click("text=Ann")
    page.wait_for_load_state("load")
    assert "Rounds by contract" in page.text_content("main") and page.locator("svg.chart").count() == 1
    check_page(page, "table player page")
    page.goto(table_url + "/rulings?q=joker")
    assert "Jokers may not be bought" in page.text_content("main")
    check_page(page, "table rulings")
    page.goto(table_url + "/share")
    check_page(page, "table share")
    page.goto(table_url + f"/games/{game_id}/chart")
    check_page(page, "table game chart")
    page.goto(table_url + "/games/new")
    assert page.input_value("#players-0") == "Ann"  # the last game's seating, in the roster's spelling
    check_page(page, "table new game")
    page.goto(table_url + "/games/add")
    page.fill("#link", "not a link")
    submit(page, "main button[type=submit]")
    assert "is not an edit link" in page.text_content("#link-error")
    check_page(page, "table add game refused")
    page.goto(page.base_url + "/")
    assert name in page.text_content(".home-tables")
    check_page(page, "home with a table")


def test_table_pages_on_a_phone(page):
    tour(page, "The Smiths")


def test_table_pages_in_dark_mode(dark_page):
    tour(dark_page, "Sunday club")
