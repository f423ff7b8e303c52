"""Chromium honours the Content-Security-Policy, and our own pages cause no violation."""
from __future__ import annotations

import pytest

from support.browser_support import csp_violations

pytestmark = pytest.mark.browser


def test_inline_script_and_style_are_blocked(live_server, page):
    page.goto(live_server + "/_test/inline")
    assert page.text_content("#out") == "untouched"
    colour = page.eval_on_selector("#styled", "e => getComputedStyle(e).color")
    assert colour != "rgb(255, 0, 0)"
    assert csp_violations(page), page.seen


def test_home_page_has_no_csp_violation(live_server, page):
    page.goto(live_server + "/")
    page.wait_for_load_state("networkidle")
    assert page.title()
    assert csp_violations(page) == []
