"""A whole game on a phone, for every variant at 390x844 and 360x800.

Create a game on the new-game page, record a round with the card picker, record one with typed
points, correct a round (with a reason), withdraw a player, suspend and resume (confirming the
seating), open the PDF scoresheet and a dispute tool for the variant. Every page visited passes
``check_page``: screenshot, axe-core, no sideways scroll, 44px targets, page weight, no requests
to other sites. One Chromium and one live server for the session (tests/support/browser_support.py).
"""
from __future__ import annotations

import pytest

from support.browser_support import check_page, submit

pytestmark = pytest.mark.browser

PLAYERS = {
    "joybells": ["Ann", "Bob", "Cy", "Di"],
    "continental": ["Ann", "Bob", "Cy", "Di"],
    "le-may-i": ["Ann", "Bob", "Cy", "Di"],
    "clenney": ["Ann", "Bob", "Cy", "Di"],
    "roy": ["Ann", "Bob", "Cy"],
}
TOOL = {  # a dispute tool for each variant
    "joybells": "/tools/meld?variant=joybells",
    "continental": "/tools/may-i?variant=continental",
    "le-may-i": "/tools/irregularities?variant=le-may-i",
    "clenney": "/tools/meld?variant=clenney",
    "roy": "/tools/roy",
}


class Visits:
    """Checks every page; collects the problems so one run shows all of them."""

    def __init__(self, page, variant):
        self.page, self.variant, self.problems, self.weights = page, variant, [], {}

    def check(self, name):
        try:
            self.weights[name] = check_page(self.page, f"{self.variant}-{name}")["weight"]
        except AssertionError as err:
            self.problems.append(str(err))


@pytest.mark.parametrize("variant", list(PLAYERS))
def test_a_whole_game_on_a_phone(live_server, page, variant):
    roy = variant == "roy"
    names = PLAYERS[variant]
    seen = Visits(page, variant)

    page.goto(live_server + "/games/new")
    seen.check("new-game")
    page.select_option("#variant", variant)
    for i, name in enumerate(names):
        page.fill(f"#players-{i}", name)
    submit(page, "main button[type=submit]")
    game_url = page.url
    seen.check("game")

    # Round 1 with the card picker (ROY: the count of cards each player still holds).
    page.click("nav.actions a.button")
    assert page.url == game_url + "/round"
    seen.check("round")
    page.check("input[name=went_out][value='0']", force=True)
    if roy:
        page.fill("#hand-1 input.count", "4")
        page.fill("#hand-2 input.count", "6")
        assert page.text_content("#hand-0 output.running") == "10"
    else:
        for seat, codes in ((1, ("KD", "3S")), (2, ("AH",)), (3, ("9C", "9D", "5S"))):
            page.click(f"#hand-{seat} .modes input[value='cards'] + span")
            for code in codes:
                page.click(f"#hand-{seat} .picker button[value='{code}']")
    submit(page, "button[name=save]")
    assert page.url == game_url + "/round"  # the next round's form opens at once
    seen.check("round-after-save")
    page.goto(game_url)
    totals_after_1 = page.locator(".grid tfoot td").all_inner_texts()

    # Round 2 with typed points (ROY: counts again; it has no points mode).
    page.goto(game_url + "/round")
    page.check("input[name=went_out][value='1']", force=True)
    for seat in (0, 2) if roy else (0, 2, 3):
        if roy:
            page.fill(f"#hand-{seat} input.count", "3")
        else:
            page.click(f"#hand-{seat} .modes input[value='points'] + span")
            page.fill(f"#hand-{seat} input[name$='-points']", str(10 * (seat + 1)))  # points some hand scores
    submit(page, "button[name=preview]")
    seen.check("round-preview")
    submit(page, "button[name=save]")
    assert page.url == game_url + "/round"
    page.goto(game_url)
    assert page.locator(".grid tbody tr").count() == 2

    # Correct round 1, with a reason.
    page.goto(game_url + "/rounds/1/correct")
    seen.check("correct")
    if roy:
        page.fill("#hand-1 input.count", "5")
    else:
        page.click("#hand-1 .modes input[value='points'] + span")
        page.fill("#hand-1 input[name$='-points']", "15")
    page.fill("textarea[name=reason]", "Bob's king was counted twice")
    submit(page, "button[name=save]")
    assert page.url == game_url
    assert page.locator(".grid tfoot td").all_inner_texts() != totals_after_1 or roy
    assert "Bob's king was counted twice" in page.inner_text(".corrections")
    seen.check("game-after-correction")

    # Withdraw a player.
    page.goto(game_url + "/withdraw")
    seen.check("withdraw")
    page.select_option("select[name=player]", names[-1])
    submit(page, "main button[type=submit]")
    seen.check("withdraw-confirm")
    submit(page, "button[name=confirm]")
    assert page.url == game_url
    assert f"{names[-1]} has withdrawn" in page.inner_text("body")

    # Suspend, then resume confirming the seating.
    if page.locator("a:has-text('Suspend the game')").count():
        with page.expect_navigation():
            page.click("a:has-text('Suspend the game')")
        seen.check("suspend-confirm")
        submit(page, "button[name=confirm]")
        seen.check("suspended")
        page.click("nav.actions a.button")
        seen.check("resume")
        page.check("input[name=confirm]")
        submit(page, "main button[type=submit]")
        assert "Game resumed" in page.inner_text("body")
    else:  # ROY with two players left after the withdrawal may have ended the game
        assert roy

    # The PDF scoresheet.
    href = page.get_attribute("a:has-text('Print the scoresheet')", "href")
    response = page.context.request.get(live_server + href if href.startswith("/") else href)
    assert response.status == 200
    assert response.headers["content-type"].startswith("application/pdf")
    assert response.body()[:5] == b"%PDF-"

    # A dispute tool for this variant.
    page.goto(live_server + TOOL[variant])
    seen.check("tool")

    assert not seen.problems, "\n\n".join(seen.problems)
