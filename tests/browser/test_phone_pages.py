"""The pages that are not part of a game, on a phone (390x844 and 360x800): home, games list,
rules, the comparison, every variant's rules page and every dispute tool pass ``check_page``
(screenshot, axe-core, no sideways scroll, 44px targets, page weight, no other sites)."""
from __future__ import annotations

import pytest

from scorekeeper.rules.variants import all_variants
from support.browser_support import check_page

pytestmark = pytest.mark.browser

VARIANTS = tuple(v.id for v in all_variants())
PAGES = ["/", "/games", "/rules", "/rules/compare", "/tools", "/tools/hand", "/tools/decks",
         "/tools/meld", "/tools/may-i", "/tools/irregularities", "/tools/roy"] + [
         f"/rules/{v}" for v in VARIANTS]


def test_every_page_passes_the_phone_checks(live_server, page):
    problems = []
    for path in PAGES:
        page.goto(live_server + path)
        try:
            check_page(page, "page" + path)
        except AssertionError as err:
            problems.append(str(err))
    assert not problems, "\n\n".join(problems)


def test_the_comparison_stacks_on_a_phone(live_server, page):
    page.goto(live_server + "/rules/compare")
    wrap = page.eval_on_selector(".compare-wrap", "e => [e.scrollWidth, e.clientWidth]")
    assert wrap[0] <= wrap[1], f"the comparison table scrolls sideways inside its box: {wrap}"
    first = page.locator("table.compare td").first
    assert first.evaluate("e => getComputedStyle(e, '::before').content") == '"Joybells"'
    assert first.bounding_box()["width"] > page.viewport_size["width"] * 0.8  # one line per variant
