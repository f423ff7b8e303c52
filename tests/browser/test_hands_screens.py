""""My hand" in each of its states and the share page's hand-in block, at 390x844 and at 360x800, in
English and in French: every page check (no sideways scroll, tap targets, weight, axe), with the
screenshots kept in test-artifacts/screenshots to be looked at."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from support.browser_support import AXE_JS, AXE_PATH, check_page, start_game, submit
from support.round_form import LANGUAGES

pytestmark = pytest.mark.browser

SIZES = {"390x844": {"width": 390, "height": 844}, "360x800": {"width": 360, "height": 800}}


def phone(browser, base, lang, size):
    context = browser.new_context(viewport=SIZES[size], service_workers="block", locale="fr-FR" if lang == "fr" else "en-GB",
                                  extra_http_headers={"Accept-Language": LANGUAGES[lang]})
    page = context.new_page()
    page.base_url, page.phone, page.seen, page.requests = base, size, [], []
    page.on("pageerror", lambda err: page.seen.append(str(err)))
    page.on("request", lambda req: page.requests.append(req.url))
    page.route("**" + AXE_PATH, lambda route: route.fulfill(status=200, content_type="text/javascript",
                                                            body=AXE_JS.read_bytes()))
    return context, page


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_my_hand_and_the_share_block_at_phone_sizes(browser, live_server, lang, size):
    keeper_context, keeper = phone(browser, live_server, lang, size)
    player_context, player = phone(browser, live_server, lang, size)
    try:
        game_url = start_game(keeper, live_server, "continental", ["Margaret", "Christopher", "Elizabeth", "Alexander"])
        keeper.goto(game_url + "/share")
        submit(keeper, "#hands ~ form button")
        link = keeper.locator("input.copy[value*='/hand#token=']").input_value()
        keeper.locator("#hands").scroll_into_view_if_needed()
        check_page(keeper, f"hands share block {lang}")

        player.goto(link)
        expect(player.locator(".who-are-you")).to_be_visible()
        check_page(player, f"my hand who are you {lang}")
        player.click(".who-buttons button[value='Christopher']")
        expect(player.locator("form.hand-form")).to_be_visible()
        player.click(".hand .vrow:has(input[name$='-v10']) button.vp[value='2']")
        player.click(".hand .vrow:has(input[name$='-v5']) button.vp[value='1']")
        expect(player.locator("fieldset.hand output.running")).to_have_text("25")
        check_page(player, f"my hand keypad {lang}")
        player.click("button.send")
        expect(player.locator(".sent-note")).to_contain_text("25")
        check_page(player, f"my hand sent {lang}")

        # the scorekeeper saves the round: the player's page moves on by itself
        keeper.goto(game_url + "/round")
        expect(keeper.locator("fieldset.hand:has(legend .who:text-is('Christopher')) .arrived")).to_be_visible(timeout=4000)
        keeper.click(".went-out label:has(input[value='0'])")
        for seat in (2, 3):
            keeper.check(f"input[name='hands-{seat}-mode'][value='points']", force=True)
            keeper.fill(f"input[name='hands-{seat}-points']", "30")
        submit(keeper, "button[name=save]")
        expect(player.locator(".hand-now .now-round")).to_contain_text("2", timeout=5000)
        expect(player.locator(".round-over")).to_be_visible()  # said first, then the next round on a tap
        check_page(player, f"my hand round saved {lang}")
        player.click("button.next-round")
        check_page(player, f"my hand moved on {lang}")

        # offline: the hand waits on the phone
        player_context.set_offline(True)
        player.click(".hand .vrow:has(input[name$='-v20']) button.vp[value='1']")
        player.click("button.send")
        expect(player.locator(".sent-note")).to_contain_text("Pas de réseau" if lang == "fr" else "No network")
        check_page(player, f"my hand offline waiting {lang}")
        player_context.set_offline(False)
    finally:
        keeper_context.close()
        player_context.close()
