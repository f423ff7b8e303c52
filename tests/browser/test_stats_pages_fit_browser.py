"""The statistics page and a player's page at phone width (390x844 and 360x740), in English and in
French, for a table whose players have long names: the page never scrolls sideways, the head-to-head
tables and every table of a player's page fit their frame whole, and a table too wide for its frame
(a column for each player) shows a shade on the side where columns are hidden."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from support.browser_support import check_page, new_page
from support.tables import api, play_game

pytestmark = pytest.mark.browser

PHONES = {"390x844": {"width": 390, "height": 844}, "360x740": {"width": 360, "height": 740}}
# (the last, of the 40 characters a name may have, must break to fit a line)
LONG_NAMES = ("Marguerites", "Bartholomew", "Maximilienne", "Jean-Christophe", "Wolfeschlegelsteinhausenbergerdorffvoral")
HEAD_TO_HEAD = {"en": "Head to head", "fr": "Face à face"}  # the head-to-head table's frame, by its name

DOCUMENT_WIDER_JS = "() => document.documentElement.scrollWidth - innerWidth"
FRAMES_CUT_JS = """(selector) => [...document.querySelectorAll(selector)]
    .filter(e => e.scrollWidth > e.clientWidth)
    .map(e => `${e.getAttribute('aria-label')}: ${e.scrollWidth - e.clientWidth}px hidden`)"""


def long_named_table(page) -> tuple[str, dict[str, int]]:
    """A table of five players with long names and three finished Joybells games (through the
    API); its address and its players' ids by name."""
    table = page.request.post(page.base_url + "/api/v1/tables", data={"name": "Les Dupont-Lefèvre"}).json()
    token = table["edit_token"]
    a, b, c, d, e = LONG_NAMES
    for rounds in ([(a, {b: 10, c: 25, d: 5, e: 15})] * 7, [(b, {a: 15, c: 20, d: 35, e: 5})] * 7,
                   [(c, {a: 5, b: 35, d: 40, e: 10})] * 7):
        game = api(page, "POST", "/api/v1/games", token,
                   {"variant": "joybells", "players": list(LONG_NAMES), "table": table["id"]})
        play_game(page, game["id"], token, rounds)
    players = api(page, "GET", f"/api/v1/tables/{table['id']}", token)["players"]
    return f"/tables/{table['id']}", {p["name"]: p["id"] for p in players}


@pytest.fixture(params=[(phone, lang) for phone in PHONES for lang in ("en", "fr")],
                ids=[f"{phone}-{lang}" for phone in PHONES for lang in ("en", "fr")])
def phone(request, browser, live_server):
    """A phone of each size whose reader chose English, then French, on the language switch."""
    size, lang = request.param
    context, page = new_page(browser, live_server, PHONES[size])
    page.phone += "-" + lang
    page.language = lang
    page.goto(live_server + f"/language/{lang}?next=/")
    try:
        yield page
    finally:
        context.close()


def test_the_statistics_and_a_players_page_fit_a_phone(phone):
    page = phone
    table_url, ids = long_named_table(page)
    for query in ("", "?variant=joybells"):
        page.goto(page.base_url + table_url + "/stats" + query)
        assert page.evaluate(DOCUMENT_WIDER_JS) <= 0
        head_to_head = f"main .grid-wrap[aria-label='{HEAD_TO_HEAD[page.language]}']"
        assert page.locator(head_to_head).count() == 1
        assert page.evaluate(FRAMES_CUT_JS, head_to_head) == []
        assert page.locator(".h2h tbody th[scope=rowgroup]").count() == len(LONG_NAMES)  # under each name
        check_page(page, "long names statistics" + query.replace("?", " "))
    for name in ("Marguerites", "Bartholomew"):
        for query in ("", "?variant=joybells"):
            page.goto(page.base_url + f"{table_url}/players/{ids[name]}{query}")
            assert page.evaluate(DOCUMENT_WIDER_JS) <= 0
            assert page.evaluate(FRAMES_CUT_JS, "main .grid-wrap") == []
            assert page.locator(".h2h tbody th[scope=row]").count() == len(LONG_NAMES) - 1
            check_page(page, f"long names player {name}" + query.replace("?", " "))


def _strip_darkness(png: bytes, x: int) -> float:
    """How much darker than white, on average, the column of pixels ``x`` of a screenshot is."""
    image = Image.open(io.BytesIO(png)).convert("L")
    column = [image.getpixel((x, y)) for y in range(image.height)]
    return 255 - sum(column) / len(column)


def test_a_table_wider_than_its_frame_shows_where_columns_hide(browser, live_server):
    context, page = new_page(browser, live_server, PHONES["360x740"])
    try:
        page.goto(live_server + "/language/fr?next=/")
        table_url, _ids = long_named_table(page)
        page.goto(page.base_url + table_url + "/stats?variant=joybells")
        frame = page.locator("main .grid-wrap:has(.stats-table):not(:has(.h2h))").last  # rounds by contract
        assert frame.evaluate("e => e.scrollWidth - e.clientWidth") > 40
        width = frame.evaluate("e => e.getBoundingClientRect().width")
        left, right = 3, int(width) - 4  # just inside the frame's border
        at_start = frame.screenshot()
        assert _strip_darkness(at_start, right) > _strip_darkness(at_start, left) + 10
        frame.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
        at_end = frame.screenshot()
        assert _strip_darkness(at_end, left) > _strip_darkness(at_end, right) + 10
    finally:
        context.close()
