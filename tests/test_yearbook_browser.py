"""The yearbook from a phone, in Chromium at phone size: the "Print the year" button on the table
and statistics pages fetches the booklet; a year without games is a page that says so."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from browser_support import check_page
from test_tables_browser import a_month_of_sundays

pytestmark = pytest.mark.browser


def test_print_the_year_from_the_table_and_statistics_pages(page):
    table_url, _game = a_month_of_sundays(page, "The Yearbook Family")
    year = datetime.now(timezone.utc).year
    for url in (table_url, table_url + "/stats"):
        page.goto(url)
        button = page.locator(f"a:has-text('Print the year {year}')")
        assert button.count() == 1
        href = button.get_attribute("href")
        assert href.endswith(f"/years/{year}.pdf")
        with page.expect_response(lambda r: r.url.endswith(href)) as answer:
            button.click(no_wait_after=True)
        response = answer.value
        page.wait_for_url("**" + href)  # the phone is on the booklet now
        assert response.status == 200 and response.headers["content-type"] == "application/pdf"
        # (Chromium shows the PDF in its viewer; the same address fetched again is the booklet itself)
        assert page.request.get(response.url).body()[:5] == b"%PDF-"
    page.goto(table_url + "/years/2019.pdf")
    assert "finished no game in 2019" in page.text_content("main")
    check_page(page, "yearbook year without games")
    page.goto(table_url + "/years/19x6.pdf")
    assert "'19x6' is not a year from 1900 to 9999" in page.text_content("main").replace("Year", "year")
    check_page(page, "yearbook not a year")
