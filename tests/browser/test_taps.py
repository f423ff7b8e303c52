"""Taps to record a typical 4-player round on a phone (the fewer the better), per variant.

A tap is a click on a pill, card, button or field, and every key typed (typing "25" into a points
box is 3 taps: the box and two keys). The round: one player went out and the other three hold
3, 4 and 5 cards (``LEFT``). Each way of entering a hand is measured on the real round form:

- by value (the default): who went out, one tap per card value held (the 1-4 buttons beside each
  value), Save;
- the card picker: one tap per card;
- typed points.

Saving a round opens the next round's form at once and the form remembers the way the hands were
last entered, so a round in the middle of a game starts on that form; the first round of a game
also needs the game page's "Record round" tap. The counts are written in docs/performance.md
("Taps to record a round"); these tests keep them from growing, and check the scores saved are
the cards' points under the variant's values.
"""
from __future__ import annotations

import re
from collections import Counter

import pytest
from playwright.sync_api import expect

from support.browser_support import check_page, start_game, submit
from scorekeeper.rules import get_variant, parse_cards
from scorekeeper.rules.variants import all_variants
from scorekeeper.rules.scoring import hand_points

pytestmark = pytest.mark.browser

VARIANTS = tuple(v.id for v in all_variants() if v.is_contract_game)  # (the May I family)
LEFT = {1: ["KD", "3S", "7H"], 2: ["AH", "9C", "9D", "5S"], 3: ["QC", "4D", "4H", "8S", "2C"]}
GOAL = 12


class Taps:
    def __init__(self, page):
        self.page, self.count = page, 0

    def click(self, selector, **kw):
        self.count += 1
        self.page.click(selector, **kw)

    def type(self, selector, value):
        """Tap the box, then one tap per key."""
        self.count += 1 + len(value)
        self.page.fill(selector, value)

    def save(self):
        self.count += 1
        submit(self.page, "button[name=save]")


def by_value(variant, codes):
    return Counter(variant.card_points(c) for c in parse_cards(codes))


def expected_points(variant, seat):
    return hand_points(variant, parse_cards(LEFT[seat])).points


def saved_scores(page):
    """The scores in the "Round N saved: Ann 0 · Bob 25 ..." message."""
    text = page.locator(".flash").first.inner_text()
    return {name: int(points) for name, points in re.findall(r"(\w+) (\d+)", text.split(":", 1)[1])}


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_taps_to_record_a_round(live_server, page, variant_id):
    variant = get_variant(variant_id)
    game_url = start_game(page, live_server, variant_id, ["Ann", "Bob", "Cy", "Di"])
    names = {0: "Ann", 1: "Bob", 2: "Cy", 3: "Di"}
    counts = {}

    def record_by_value(taps, went):
        taps.click(f".pills label:has(input[name=went_out][value='{went}'])")
        for seat, codes in LEFT.items():
            for value, n in by_value(variant, codes).items():
                taps.click(f"#hand-{seat} .vrow:has(input[name$='-v{value}']) button.vp[value='{n}']")
            assert page.locator(f"#hand-{seat} output.running").inner_text() == str(expected_points(variant, seat))

    # Round 1, from the game page: "Record round", then by value (the default way).
    taps = Taps(page)
    with page.expect_navigation():
        taps.click("nav.actions a.button")
    record_by_value(taps, 0)
    check_page(page, f"taps {variant_id} round form by value")
    taps.save()
    counts["first round, by value"] = taps.count
    assert page.url == game_url + "/round", "saving a round opens the next round's form"
    assert saved_scores(page) == {"Ann": 0, **{names[s]: expected_points(variant, s) for s in LEFT}}

    # Round 2: the form is already open and remembers "by value".
    taps = Taps(page)
    record_by_value(taps, 0)
    taps.save()
    counts["by value"] = taps.count

    # Round 3: switch to the card picker (one tap per hand), then round 4 remembers it.
    for label, switch in (("card picker, switching to it", True), ("card picker", False)):
        taps = Taps(page)
        taps.click(".pills label:has(input[name=went_out][value='0'])")
        for seat, codes in LEFT.items():
            if switch:
                taps.click(f"#hand-{seat} .modes label:has(input[value='cards'])")
            else:
                assert page.locator(f"#hand-{seat} .modes input[value='cards']").is_checked()
            for code in codes:
                taps.click(f"#hand-{seat} .picker button[value='{code}']")
        if switch:
            check_page(page, f"taps {variant_id} round form card picker")
        taps.save()
        counts[label] = taps.count
        assert saved_scores(page) == {"Ann": 0, **{names[s]: expected_points(variant, s) for s in LEFT}}

    # Round 5: typed points (one tap per hand to switch, the box, the keys).
    taps = Taps(page)
    taps.click(".pills label:has(input[name=went_out][value='1'])")
    for seat in (0, 2, 3):
        taps.click(f"#hand-{seat} .modes label:has(input[value='points'])")
        taps.type(f"#hand-{seat} input[name$='-points']", "25")
    taps.save()
    counts["typed points, switching to them"] = taps.count
    assert saved_scores(page) == {"Ann": 25, "Bob": 0, "Cy": 25, "Di": 25}

    print(f"TAPS {variant_id} {page.phone}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    distinct = sum(len(by_value(variant, codes)) for codes in LEFT.values())
    assert counts["by value"] == 1 + distinct + 1 <= GOAL
    assert counts["first round, by value"] == 1 + counts["by value"]
    assert counts["card picker"] == 1 + 12 + 1
    assert counts["card picker, switching to it"] == 3 + counts["card picker"]
    assert counts["typed points, switching to them"] == 1 + 3 * (1 + 1 + 2) + 1


def test_the_remembered_way_survives_a_new_game(live_server, page):
    """The way of entering hands is remembered by the browser, not the game."""
    start_game(page, live_server, "clenney", ["Ann", "Bob", "Cy"])
    page.click("nav.actions a.button")
    page.click(".pills label:has(input[name=went_out][value='0'])")
    for seat in (1, 2):
        page.click(f"#hand-{seat} .modes label:has(input[value='points'])")
        page.fill(f"#hand-{seat} input[name$='-points']", "25")
    submit(page, "button[name=save]")
    start_game(page, live_server, "continental", ["Ann", "Bob", "Cy", "Di"])
    submit(page, "nav.actions a.button")
    # Until the form's script has run every way is shown; the checks wait for it.
    expect(page.locator("#hand-1 .modes input[value='points']")).to_be_checked()
    expect(page.locator("#hand-1 input[name$='-points']")).to_be_visible()
    expect(page.locator("#hand-1 .mode-values")).to_be_hidden()


def test_the_last_round_goes_back_to_the_scoreboard(live_server, page):
    """After the last round there is no next form: the game page shows the winner."""
    game_url = start_game(page, live_server, "le-may-i", ["Ann", "Bob", "Cy"])
    page.click("nav.actions a.button")
    for number in range(1, 6):
        page.click(f".pills label:has(input[name=went_out][value='{number % 3}'])")
        for seat in range(3):
            if seat != number % 3:
                page.click(f"#hand-{seat} .vrow:has(input[name$='-v10']) button.vp[value='{seat + 1}']")
        submit(page, "button[name=save]")
        assert page.url == (game_url if number == 5 else game_url + "/round")
    assert "win" in page.locator(".now-over").inner_text()  # here Ann and Bob share it


def test_taps_to_record_a_roy_hand(live_server, page):
    game_url = start_game(page, live_server, "roy", ["Ann", "Bob", "Cy"])
    taps = Taps(page)
    with page.expect_navigation():
        taps.click("nav.actions a.button")
    taps.click(".pills label:has(input[name=went_out][value='0'])")
    for seat, count in ((1, "4"), (2, "6")):
        taps.type(f"#hand-{seat} input.count", count)
    taps.save()
    assert page.url == game_url + "/round" and saved_scores(page) == {"Ann": 10, "Bob": 0, "Cy": 0}
    print(f"TAPS roy {page.phone}: {taps.count}")
    assert taps.count == 1 + 1 + 2 * 2 + 1  # ROY is played by 2-3: the cards each loser still holds
