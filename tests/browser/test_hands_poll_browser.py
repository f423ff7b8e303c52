"""The scorekeeper's round form follows the hands from the players' phones (static/js/games.js): every
answer of its poll is handled, and when the poll stops, the scorekeeper reads why beside Save (the
hands above it do not move under a finger); no page error, in English and in French, in Chromium at 390x844."""
from __future__ import annotations

import pytest

from support.browser_support import SCREENSHOTS, capture
from support.offline import api, browser_context, new_game  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser

ROUND = {"round": 1, "went_out": "Bob", "hands": {"Ann": {"points": 30}, "Cy": {"points": 45}}}
WHY = {
    ("en-GB", 409): "Hands from the players' phones no longer arrive here: round 1 was saved meanwhile",
    ("en-GB", 403): "Hands from the players' phones no longer arrive here: this phone can no longer change the game",
    ("fr-FR", 409): "Les mains envoyées des téléphones des joueurs n’arrivent plus ici\u00a0: la manche 1 a été enregistrée entre-temps",
    ("fr-FR", 403): "Les mains envoyées des téléphones des joueurs n’arrivent plus ici\u00a0: ce téléphone ne peut plus modifier la partie",
}


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
@pytest.mark.parametrize("status", [409, 403])
def test_the_hands_poll_says_why_it_stopped(live_server, browser, locale, status):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale, service_workers="block")
    errors = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda err: errors.append(str(err)))
        game = new_game(live_server)
        page.goto(game["edit_url"])
        page.wait_for_url(game["edit_url"].split("/edit#")[0])
        page.goto(page.url + "/round")
        page.wait_for_selector("form.round-form[data-proposals]")
        first_hand = page.locator("form.round-form fieldset").first
        top_before = first_hand.bounding_box()["y"]
        if status == 409:  # round 1 saved on another phone
            assert api(live_server, "POST", f"/api/v1/games/{game['id']}/rounds", ROUND, token=game["edit_token"])[0] == 201
        else:  # the edit link renewed on another phone: this one may no longer change the game
            assert api(live_server, "POST", f"/api/v1/games/{game['id']}/token", {}, token=game["edit_token"])[0] == 200
        note = page.locator("p.hands-stopped")
        note.wait_for(timeout=10000)
        assert WHY[(locale, status)] in note.inner_text()
        assert first_hand.bounding_box()["y"] == top_before, "the note moved the hands under a finger"
        assert note.evaluate("n => n.nextElementSibling.classList.contains('submit-row')")
        box = note.bounding_box()  # seen where the eyes are: at the foot of the screen, not below it
        assert 0 <= box["y"] and box["y"] + box["height"] <= 844, f"the note is off the screen: {box}"
        page.wait_for_timeout(2500)  # further ticks: the poll stays stopped, nothing thrown
        assert page.locator("p.hands-stopped").count() == 1
        assert errors == []
        capture(page, str(SCREENSHOTS / f"hands-poll-{status}-{locale[:2]}.png"))
    finally:
        context.close()
