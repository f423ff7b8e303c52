"""A family's table on a phone, in Chromium at 390x844 and 360x800, light and dark: start the table
from the home page, start games from it, then every table page passes ``check_page`` (screenshot,
axe-core, no sideways scroll, tap targets, page weight, CSP)."""
from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from browser_support import check_page, submit

pytestmark = pytest.mark.browser


def api(page, method, path, token, body=None):
    r = page.request.fetch(page.base_url + path, method=method, data=body,
                           headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    assert r.status < 300, (path, r.status, r.text())
    return r.json()


def play_game(page, game_id, token, rounds):
    for went_out, points in rounds:
        api(page, "POST", f"/api/v1/games/{game_id}/rounds", token,
            {"went_out": went_out, "hands": {n: {"points": p} for n, p in points.items()}})


def a_month_of_sundays(page, name, players=("Ann", "Bob", "Zoë"), start="Start a game", edit_label="Edit link"):
    """Start a table and a first game through the pages; three more games through the API (the
    labels ``start`` and ``edit_label`` are the page's words, in the page's language)."""
    a, b, z = players
    page.goto(page.base_url + "/")
    page.fill("#table-name", name)
    submit(page, ".home-tables button[type=submit]")
    assert page.text_content("h1") == name
    table_url = page.url
    table_id = table_url.rsplit("/", 1)[1]
    page.click(f"text={start}")
    page.wait_for_load_state("load")
    page.select_option("#variant", "joybells")
    for i, n in enumerate(players):
        page.fill(f"#players-{i}", n)
    submit(page, "main button[type=submit]")
    game_id = page.url.rstrip("/").rsplit("/", 1)[1]
    page.goto(table_url + "/share")
    edit_url = page.input_value(f"input[aria-label='{edit_label}']")
    token = parse_qs(urlsplit(edit_url).fragment)["token"][0]
    play_game(page, game_id, token, [(a, {b: 10, z: 25})] * 4 + [(z, {a: 40, b: 5})] * 3)
    for rounds in ([(b, {a: 15, z: 20})] * 7, [(z, {a: 5, b: 35})] * 2):
        g = api(page, "POST", "/api/v1/games", token,
                {"variant": "joybells", "players": [a.lower(), b.upper(), z.lower()], "table": table_id})
        play_game(page, g["id"], token, rounds)
    api(page, "POST", f"/api/v1/games/{game_id}/rulings", token,
        {"what_happened": f"{b} discarded a joker and {a} called May I", "ruling": "Jokers may not be bought",
         "citation": "Joybells rules: May I"})
    return table_url, game_id


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
