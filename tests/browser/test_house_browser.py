"""House variants on a phone (real Chromium at 390x844 and 360x800): a family makes its version
of Joybells from the rules page, plays a game under it, changes the rules, and the finished game
keeps the old rules while a new one uses the new. Every house page passes ``check_page``
(screenshot, axe-core, no sideways scroll, 44px targets, page weight, no other sites)."""
from __future__ import annotations


import pytest

from support.browser_support import check_page, submit

pytestmark = pytest.mark.browser


def test_a_family_makes_plays_and_changes_its_rules(live_server, page):
    base = live_server
    page.goto(base + "/rules/joybells")
    submit(page, "text=Make a house version of Joybells")
    check_page(page, "house form new")
    page.fill("#f-name", "Smith family rules")
    page.fill("#f-card_points\\.JK", "50")
    page.fill("input[name=rounds-7-sets]", "1")
    page.fill("input[name=rounds-7-runs]", "2")
    submit(page, "button[name=check]")
    assert "Changed from Joybells: round 7 is 1 set + 2 runs, jokers 50." in page.inner_text(".hv-summary")
    check_page(page, "house form checked")
    page.fill("#f-melds\\.run_max", "3")
    submit(page, "button[name=save]")
    assert "Longest run: a run of at least 4 cards is longer than the longest run (3)" in page.inner_text("main")
    check_page(page, "house form errors")
    page.fill("#f-melds\\.run_max", "13")
    submit(page, "button[name=save]")
    house_url = page.url
    assert "/rules/h-" in house_url
    assert "round 7 is 1 set + 2 runs, jokers 50" in page.inner_text(".house-box")
    check_page(page, "house rules page")

    submit(page, ".house-box >> text=Start a game")
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        page.fill(f"#players-{i}", name)
    check_page(page, "house new game")
    submit(page, "main button[type=submit]")
    game_url = page.url
    assert "House rules: Smith family rules, version 1" in page.inner_text("main")
    check_page(page, "house game page")

    page.goto(house_url)
    submit(page, "text=Change these rules")
    check_page(page, "house form edit")
    page.fill("#f-card_points\\.JK", "25")
    submit(page, "button[name=save]")
    assert "version 2" in page.inner_text(".house-box")
    page.goto(game_url)
    assert "version 1" in page.inner_text("main") and "jokers 50" in page.inner_text("main")

    page.goto(house_url.replace("/rules/", "/rules/") + "/share")
    check_page(page, "house share")
    assert page.locator("img.qr").evaluate("e => e.naturalWidth") > 0


def test_house_pages_pass_the_phone_checks(live_server, page):
    for path, name in (("/rules", "rules index with house"), ("/rules/hoyle-six-hands", "house example hoyle"),
                       ("/rules/continental-twos-wild", "house example twos wild"),
                       ("/rules/clenney-three-decks", "house example three decks"),
                       ("/rules/import", "house import"),
                       ("/rules/compare?v=continental&v=hoyle-six-hands&diff=1", "house compare"),
                       ("/tools/meld?variant=hoyle-six-hands", "house tool meld"),
                       ("/tools/may-i?variant=continental-twos-wild", "house tool may-i"),
                       ("/tools/irregularities?variant=clenney-three-decks", "house tool irregularities")):
        page.goto(live_server + path)
        check_page(page, name)
    page.goto(live_server + "/rules/import")
    page.fill("#text", "based_on = 'euchre'")
    submit(page, "main button[type=submit]")
    assert "not a known variant" in page.inner_text(".flash-error")
    check_page(page, "house import error")


def test_a_house_rule_tag_stays_on_one_line_beside_a_long_french_heading(live_server, phone):
    """"Mise en place et donne (règle maison)": the tag moves whole to the next line, never split."""
    page = phone  # 390x844, in English then in French (support/browser_support.py)
    page.goto(live_server + "/rules/joybells/house")
    page.fill("#f-name", "Règles d’Anne")
    page.fill("#f-jokers_per_deck", "1")
    submit(page, "button[name=save]")
    tags = page.locator(".changed-tag")
    assert tags.count() >= 1
    for k in range(tags.count()):
        lines = tags.nth(k).evaluate("el => el.getClientRects().length")
        assert lines == 1, (tags.nth(k).inner_text(), lines)
    check_page(page, f"house rule tag {page.language}")


# The wild cards box in each language: (shown for Continental, hint, a code that is no card here,
# the box as typed, the wilds the saved rules page says).
WILD_CARDS_BOX = {
    "en": ("JK AH AD", "one card (AH)", "AC", "JK 2 AX", "JK 2 AC", "wild: jokers, every 2, the ace of clubs"),
    "fr": ("JK AC AK", "une seule carte (AC)", "AH", "JK 2 AH", "JK 2 AC",
           "jokers : les jokers, tous les 2, l’as de cœur"),
}


def test_the_wild_cards_box_speaks_the_phones_language(phone):
    shown, hint, _, wrong, right, said = WILD_CARDS_BOX[phone.language]
    phone.goto(phone.base_url + "/rules/continental/house")
    box = phone.locator("#f-wild_cards")
    assert box.input_value() == shown
    assert hint in phone.locator(".hv-field", has=box).inner_text().replace("\xa0", " ")
    box.fill(wrong)
    submit(phone, "button[name=save]")
    error = phone.locator(".hv-field.has-error", has=phone.locator("#f-wild_cards")).inner_text()
    assert wrong.split()[-1] in error, error
    check_page(phone, "house form wild cards wrong")
    phone.fill("#f-wild_cards", right)
    submit(phone, "button[name=save]")
    assert "/rules/h-" in phone.url
    assert said in phone.inner_text("main").replace("\xa0", " ")
    check_page(phone, "house rules wild cards saved")
