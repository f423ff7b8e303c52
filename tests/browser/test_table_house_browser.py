"""A table's own rules on a phone, in Chromium at 390x844 and 360x800: from the table's page,
"Make a house version" opens the house form saving under the table; the table's page then lists
them and starts a game under them. Every page passes ``check_page``."""
from __future__ import annotations

import pytest

from support.browser_support import check_page, submit

pytestmark = pytest.mark.browser


def test_a_table_makes_its_house_rules_and_plays_by_them(live_server, page):
    page.goto(live_server + "/")
    page.fill("#table-name", "The Smiths")
    submit(page, ".home-tables button[type=submit]")
    table_url = page.url
    page.click("text=Make a house version")
    check_page(page, "table page make a house version")
    submit(page, ".make-house >> text=Joybells")
    assert "house variant of The Smiths" in page.inner_text(".hv-table")
    check_page(page, "table house form")
    page.fill("#f-name", "Smith rules")
    page.fill("#f-card_points\\.JK", "50")
    submit(page, "button[name=save]")
    assert "/rules/h-" in page.url
    house_url = page.url
    page.goto(table_url)
    assert "Smith rules" in page.inner_text(".house-variants")
    check_page(page, "table page with house rules")
    submit(page, ".house-variants >> text=Smith rules")
    assert page.url == house_url
    page.goto(table_url)
    submit(page, "text=Start a game")
    page.select_option("#variant", house_url.rsplit("/", 1)[1])
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        page.fill(f"#players-{i}", name)
    check_page(page, "table new game house rules")
    submit(page, "main button[type=submit]")
    assert "/games/" in page.url and "Smith rules" in page.inner_text("main")
