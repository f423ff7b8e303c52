"""Dark mode follows the phone's setting, and stays readable at the table: the pages a
table uses, with the system asking for dark colours, pass ``check_page`` (axe-core's WCAG AA
colour-contrast rule among its serious checks), with pills, pressed value buttons and ticked cards
shown in their dark colours."""
from __future__ import annotations

import re

import pytest

from support.browser_support import check_page, start_game, submit

pytestmark = pytest.mark.browser


def luminance(css_colour: str) -> float:
    r, g, b = (int(x) / 255 for x in re.findall(r"\d+", css_colour)[:3])
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_pages_in_dark_mode_are_dark_and_readable(live_server, dark_page):
    page = dark_page
    problems = []

    def check(name):
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert luminance(background) < 0.05, f"{name}: background {background} is not dark"
        try:
            check_page(page, f"dark {name}")
        except AssertionError as err:
            problems.append(str(err))

    for path in ("/", "/rules/joybells"):
        page.goto(live_server + path)
        check(path)
    page.goto(live_server + "/tools/meld?variant=clenney")
    page.fill("input[name=meld1]", "8H 8S")
    submit(page, "button[name=check]")
    assert "Not legal" in page.text_content(".verdict-tag")
    check("meld checker, not legal")
    page.goto(live_server + "/games/new")
    check("new game")
    start_game(page, live_server, "continental", ["Ann", "Bob", "Cy", "Di"])
    check("game")
    submit(page, "nav.actions a.button")
    page.click(".pills label:has(input[name=went_out][value='0'])")
    page.click("#hand-1 .vrow:has(input[name$='-v5']) button.vp[value='2']")
    page.click("#hand-2 .modes label:has(input[value='cards'])")
    for code in ("KD", "AH"):
        page.click(f"#hand-2 .picker button[value='{code}']")
    page.click("#hand-3 .modes label:has(input[value='points'])")
    page.fill("#hand-3 input[name$='-points']", "12")
    check("round form")
    submit(page, "button[name=save]")
    check("round form after save")
    page.goto(page.url.replace("/round", "/share"))
    check("share links")
    page.goto(page.url.replace("/share", "/view"))
    check("scoreboard")
    assert not problems, "\n\n".join(problems)
