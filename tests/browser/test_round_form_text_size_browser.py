"""Small things a new table trips over, in Chromium at 390x844: the grid of a game of 8 shows each
name whole; with the root font at 200% (a phone's largest text) no word of the entry-mode pills
breaks in the middle and nothing scrolls sideways; the round form of 4 players in Joybells or Le
May I fits in about two screens."""
from __future__ import annotations

import json
import urllib.request

import pytest

from support.browser_support import PHONES, sideways_scroll, small_tap_targets, submit
from support.round_form import LANGUAGES, rounds, shot, start_game

pytestmark = pytest.mark.browser


@pytest.fixture(params=list(LANGUAGES))
def phone(request, browser, live_server):
    lang = request.param
    context = browser.new_context(viewport=PHONES["390x844"], locale="fr-FR" if lang == "fr" else "en-GB",
                                  extra_http_headers={"Accept-Language": LANGUAGES[lang]}, service_workers="block")
    page = context.new_page()
    page.base_url, page.phone, page.lang = live_server, f"390x844-{lang}", lang
    try:
        yield page
    finally:
        context.close()


def api_rounds(page, game_url: str, rounds: list[dict]) -> None:
    """Rounds recorded through the API with the game's edit token (from this phone's session)."""
    gid = game_url.rsplit("/", 1)[1]
    token = page.evaluate("(u) => fetch(u).then(r => r.json()).then(b => b.edit_token)", f"{game_url}/edit-token")
    for body in rounds:
        request = urllib.request.Request(f"{page.base_url}/api/v1/games/{gid}/rounds", data=json.dumps(body).encode(),
                                         headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
        with urllib.request.urlopen(request) as answer:
            assert answer.status == 201


def text_at_200(page) -> None:
    page.evaluate("document.documentElement.style.fontSize = '200%'")


def broken_words(page, selector: str) -> list[str]:
    """Texts under ``selector`` whose words do not fit on their line (a break inside a word)."""
    return page.evaluate("""(sel) => Array.from(document.querySelectorAll(sel)).filter(e => e.offsetParent !== null)
        .filter(e => {
            const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
            const range = document.createRange();
            for (let node = walk.nextNode(); node; node = walk.nextNode()) {
                for (const m of node.textContent.matchAll(/\\S+/g)) {
                    range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
                    if (range.getClientRects().length > 1) return true;
                }
            }
            return false;
        }).map(e => e.textContent.trim())""", selector)


def test_a_game_of_8_shows_every_name_whole_in_the_grid(phone):
    page = phone
    names = ["Grandma", "Grandpa", "Christopher", "Elizabeth", "Ann", "Bob", "Josephine", "Frederick"]
    game = start_game(page, "continental", names)
    api_rounds(page, game, [{"went_out": "Ann", "hands": {n: {"points": 25} for n in names if n != "Ann"}}])
    page.goto(game)
    cut = page.evaluate("""() => Array.from(document.querySelectorAll('.grid thead th.num'))
        .filter(th => th.scrollWidth > th.clientWidth + 1).map(th => th.textContent)""")
    assert cut == []
    shown = page.locator(".grid thead th.num").all_inner_texts()
    assert [s.replace("\n", "").replace("\u00ad", "") for s in shown] == names
    assert sideways_scroll(page) == 0
    shot(page, "grid of 8")


def test_at_200_percent_text_no_word_breaks_and_no_sideways_scroll(phone):
    page = phone
    game = start_game(page, "joybells", ["Margaret", "Christopher", "Elizabeth", "Alexander"])
    api_rounds(page, game, [{"went_out": "Margaret", "hands": {"Christopher": {"points": 25}, "Elizabeth": {"points": 125},
                                                                "Alexander": {"points": 5}}}])
    page.goto(game)
    text_at_200(page)
    shot(page, "game page at 200% text")
    assert sideways_scroll(page) == 0, "the game page"
    assert broken_words(page, ".grid th, .grid td, .standings th, .standings td, .more-actions .button") == []
    page.goto(game + "/round")
    text_at_200(page)
    assert broken_words(page, "#hand-1 .modes span, .went-out .pills span") == []
    assert sideways_scroll(page) == 0, "the round form"
    page.click("#hand-1 .modes input[value='cards'] + span")
    assert sideways_scroll(page) == 0, "the card picker"
    assert broken_words(page, "#hand-1 .suit-row span") == []
    shot(page, "round form at 200% text")


# About two screens (844 px each): the round form of 4 players with one player out, the way it is
# entered by default (by value), from "Who went out?" to the Save button.
TWO_SCREENS = 1750


@pytest.mark.parametrize("variant", ["joybells", "le-may-i"])
def test_a_round_form_of_4_by_value_fits_in_about_two_screens(phone, variant):
    page = phone
    game = start_game(page, variant, ["Margaret", "Christopher", "Elizabeth", "Alexander"])
    page.goto(game + "/round")
    page.check("input[name=went_out][value='0']", force=True)
    assert page.locator("#hand-1 .vrow").count() >= 10  # a line per card value
    form = page.evaluate("document.querySelector('form.round-form').getBoundingClientRect().height")
    height = page.evaluate("document.documentElement.scrollHeight")
    shot(page, f"round form of 4 {variant}")
    print(f"HEIGHT {variant} {page.lang}: form {form:.0f} px, page {height} px")
    assert form <= TWO_SCREENS, (form, height)
    assert sideways_scroll(page) == 0
    # Every value's buttons keep a finger's size and the values and their ranks show whole.
    assert small_tap_targets(page) == []
    assert page.evaluate("""() => Array.from(document.querySelectorAll('#hand-1 .vrow label'))
        .filter(l => l.scrollWidth > l.getBoundingClientRect().right - l.getBoundingClientRect().left + 1
                  || l.getBoundingClientRect().bottom > l.nextElementSibling.getBoundingClientRect().bottom + 2)
        .map(l => [l.textContent, l.scrollWidth, l.getBoundingClientRect().width, l.getBoundingClientRect().bottom, l.nextElementSibling.getBoundingClientRect().bottom])""") == []


def test_more_than_three_of_a_value_and_large_text(phone):
    """Two to a line, the third button says "3" and each tap on it adds a card; at 200% text the
    values go one to a line."""
    page = phone
    game = start_game(page, "le-may-i", ["Ann", "Bob", "Cy", "Di"])
    page.goto(game + "/round")
    page.check("input[name=went_out][value='0']", force=True)
    rows = page.locator("#hand-1 .vrow")
    tens = page.locator("#hand-1 .vrow:has(input[name$='-v10'])")
    assert rows.nth(0).bounding_box()["y"] == rows.nth(1).bounding_box()["y"]  # two to a line
    for taps, count in ((1, "3"), (2, "4"), (3, "5")):
        tens.locator("button.vp[value='3']").click()
        assert page.input_value("#hand-1 input[name$='-v10']") == count
        assert tens.locator("button.vp[value='3']").inner_text() == count
        assert page.locator("#hand-1 output.running").inner_text() == str(10 * int(count))
    tens.locator("button.vp[value='1']").click()
    assert page.input_value("#hand-1 input[name$='-v10']") == "1"
    assert tens.locator("button.vp[value='3']").inner_text() == "3"
    tens.locator("button.vp[value='1']").click()
    assert page.input_value("#hand-1 input[name$='-v10']") == ""  # a second tap on 1 clears it
    tens.locator("button.vp[value='3']").click()
    tens.locator("button.vp[value='3']").click()
    for seat in (2, 3):
        page.click(f"#hand-{seat} .vrow:has(input[name$='-v5']) button.vp[value='2']")
    submit(page, "button[name=save]")
    assert [r["scores"] for r in rounds(page, game)] == [{"Ann": 0, "Bob": 40, "Cy": 10, "Di": 10}]
    text_at_200(page)
    rows = page.locator("#hand-1 .vrow")
    assert rows.nth(0).bounding_box()["y"] < rows.nth(1).bounding_box()["y"]  # one to a line
    assert sideways_scroll(page) == 0
    shot(page, "round form values at 200% text")
