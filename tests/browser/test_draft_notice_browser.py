"""What was entered on the round form is never lost or cleared without a word (docs/games.md), in
Chromium at 390x844, English and French: a draft put back after a reload is said at the top of the
form with Discard; a tap on the pressed count clears it only with a line saying so, and Undo."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from support.browser_support import SCREENSHOTS, capture
from support.browser_support import start_game

pytestmark = pytest.mark.browser

WORDS = {
    "en": {"restored": "Restored what you entered before the reload", "discard": "Discard",
           "cleared": "2 × 10 points cleared.", "undo": "Undo"},
    "fr": {"restored": "Remis ce que vous aviez saisi avant le rechargement", "discard": "Effacer",
           "cleared": "2 × 10 points effacés.", "undo": "Annuler"},
}
LOCALES = {"en": "en-GB", "fr": "fr-FR"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_restored_draft_is_said_at_the_top_and_a_tap_never_clears_silently(browser, live_server, lang):
    words = WORDS[lang]
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=LOCALES[lang], service_workers="block",
                                  extra_http_headers={"Accept-Language": LOCALES[lang]})
    try:
        page = context.new_page()
        game_url = start_game(page, live_server, "joybells", ["Ann", "Bob", "Cy"])
        page.goto(game_url + "/round")
        ten = "#hand-1 .vrow:has(input[name$='-v10'])"
        page.click(f"{ten} button.vp[value='2']")
        expect(page.locator("#hand-1 output.running")).to_have_text("20")
        expect(page.locator(".draft-restored")).to_have_count(0)  # nothing restored yet

        page.reload()
        notice = page.locator("p.draft-restored")
        expect(notice).to_contain_text(words["restored"])
        assert notice.bounding_box()["y"] < page.locator("form.round-form").bounding_box()["y"]  # above the form
        expect(page.locator("#hand-1 output.running")).to_have_text("20")
        capture(page, str(SCREENSHOTS / f"draft-restored-{lang}.png"))

        # The pressed count tapped again: cleared, said, and Undo puts it back.
        page.click(f"{ten} button.vp[value='2']")
        cleared = page.locator("#hand-1 .count-cleared")
        expect(cleared).to_contain_text(words["cleared"])
        expect(page.locator("#hand-1 output.running")).to_have_text("")
        capture(page, str(SCREENSHOTS / f"count-cleared-{lang}.png"))
        cleared.locator("button").click()
        expect(page.locator("#hand-1 output.running")).to_have_text("20")
        expect(cleared).to_have_count(0)

        # Discard at the top empties the form and the notice goes.
        notice.locator("button").click()
        expect(page.locator("#hand-1 output.running")).to_have_text("")
        expect(page.locator(".draft-restored")).to_have_count(0)
        page.reload()
        expect(page.locator(".draft-restored")).to_have_count(0)
    finally:
        context.close()
