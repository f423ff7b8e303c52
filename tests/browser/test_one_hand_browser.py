"""One hand, typed or ticked (docs/games.md), in Debian's Chromium at phone sizes with real
navigations: the typed box is the hand and the card picker shows it; a line corrected after
Preview is scored as written (42, never 69 for the cards typed twice); every typo is said at
once; a hand beyond the pack is refused as it is typed, by Save, and by a player's own phone."""
from __future__ import annotations


import pytest
from playwright.sync_api import expect
from support.browser_support import SCREENSHOTS, capture
from support.browser_support import PHONES, submit
from support.hands import hand_in_link, table  # noqa: F401  (the phones at the table)
from support.round_form import LANGUAGES, rounds, start_game

pytestmark = pytest.mark.browser

SHOTS = SCREENSHOTS  # test-artifacts/screenshots/, looked at by people

# Le May I (2 decks, no jokers): the king of hearts, 7 of spades, jack of diamonds and ace of
# spades are 10 + 7 + 10 + 15 = 42; with the first three counted twice, 69.
TYPO = {"en": "KH 7S JD AP", "fr": "RC 7P VK AS"}
RETYPED = {"en": "KH 7S JD AS", "fr": "RC 7P VK AP"}
NOT_A_CARD = {"en": "Bob: '{}' is not a card", "fr": "Bob\u00a0: '{}' n’est pas une carte"}
READ_AS = {"en": "Read as K♥ 7♠ J♦ A♠", "fr": "Lu\u00a0: R♥ 7♠ V♦ A♠"}
FOUR_TENS = {"en": "Dan: four 10♥, but 2 decks hold only two", "fr": "Dan\u00a0: quatre 10♥, mais 2 jeux n’en contiennent que deux"}


def phone_at(browser, live_server, lang: str, size: str):
    context = browser.new_context(viewport=PHONES[size], locale="fr-FR" if lang == "fr" else "en-GB",
                                  extra_http_headers={"Accept-Language": LANGUAGES[lang]}, service_workers="block")
    page = context.new_page()
    page.base_url, page.phone, page.lang = live_server, f"{size}-{lang}", lang
    page.seen = []
    page.on("pageerror", lambda err: page.seen.append(str(err)))
    return context, page


@pytest.fixture(params=[(lang, size) for size in PHONES for lang in LANGUAGES], ids=lambda p: f"{p[1]}-{p[0]}")
def phone(request, browser, live_server):
    """A fresh phone at each size whose browser asks for English or French."""
    context, page = phone_at(browser, live_server, *request.param)
    try:
        yield page
    finally:
        context.close()


@pytest.fixture(params=list(LANGUAGES))
def small_phone(request, browser, live_server):
    context, page = phone_at(browser, live_server, request.param, "390x844")
    try:
        yield page
    finally:
        context.close()


def shoot(page, name: str) -> None:
    """A screenshot for people to look at (never read back by a test)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    capture(page.locator("#hand-1"), str(SHOTS / f"{name}-{page.phone}.png"))


def round_form(page, variant: str, names) -> str:
    """A new game of ``variant`` and its first round's form; the game's address."""
    game = start_game(page, variant, names)
    page.goto(game + "/round")
    return game


def cards_of(page, seat: int) -> None:
    page.click(f"#hand-{seat} .modes input[value='cards'] + span")


def test_a_line_corrected_after_preview_is_scored_as_written(phone):
    page = phone
    lang = page.lang
    game = round_form(page, "le-may-i", ["Ann", "Bob", "Cy"])
    page.check("input[name=went_out][value='0']", force=True)
    cards_of(page, 1)
    page.fill("#hand-1 input[name$='-extra']", TYPO[lang])
    typo = TYPO[lang].split()[-1]
    expect(page.locator("#hand-1 .card-problem")).to_contain_text(NOT_A_CARD[lang].format(typo))
    expect(page.locator("#hand-1 output.running")).to_have_text("")
    page.click("#hand-2 .modes input[value='points'] + span")
    page.fill("#hand-2 input[name$='-points']", "5")
    submit(page, "button[name=preview]")

    box = page.locator("#hand-1 input[name$='-extra']")
    after_preview = box.input_value()
    pressed = page.locator("#hand-1 .picker button[aria-pressed=true]")
    ticked = sorted(pressed.evaluate_all("buttons => buttons.map(b => b.value)"))
    assert NOT_A_CARD[lang].format(typo) in page.text_content("#hand-1")

    # Retyping the line, as people do: the hand is the line, 42 (not 69: the three good cards twice).
    box.fill(RETYPED[lang])
    assert page.text_content("#hand-1 output.running") == "42"
    # Nothing had moved: the box held the whole line, and the picker showed its three cards.
    assert after_preview == TYPO[lang]
    assert ticked == ["7S", "JD", "KH"]
    expect(page.locator("#hand-1 .card-problem")).to_be_hidden()
    expect(page.locator("#hand-1 .read-as")).to_have_text(READ_AS[lang])
    expect(page.locator("#hand-1 .picker button[aria-pressed=true]")).to_have_count(4)
    shoot(page, "card entry after a correction")
    submit(page, "button[name=save]")
    assert [r["scores"]["Bob"] for r in rounds(page, game)] == [42]
    assert page.seen == []


def test_tapping_a_card_writes_it_into_the_line_and_a_second_copy_shows_as_such(small_phone):
    page = small_phone
    lang = page.lang
    round_form(page, "continental", ["Ann", "Bob", "Cy", "Dan"])
    box = page.locator("#hand-1 input[name$='-extra']")
    page.click("#hand-1 .modes input[value='cards'] + span")
    page.click("#hand-1 .picker button[value='10H']")
    expect(box).to_have_value({"en": "10H", "fr": "10C"}[lang])
    page.click("#hand-1 .picker button[value='KS']")
    expect(box).to_have_value({"en": "10H KS", "fr": "10C RP"}[lang])
    expect(page.locator("#hand-1 output.running")).to_have_text("20")
    page.click("#hand-1 .picker button[value='KS']")  # a ticked card: out of the line
    expect(box).to_have_value({"en": "10H", "fr": "10C"}[lang])
    box.fill({"en": "10H 10h", "fr": "10C 10♥"}[lang])  # a second copy: two decks
    ten = page.locator("#hand-1 .picker button[value='10H']")
    expect(ten).to_have_attribute("aria-pressed", "true")
    expect(ten).to_have_attribute("data-copies", "×2")
    expect(ten).to_have_attribute("aria-label", "2 × 10♥")
    expect(page.locator("#hand-1 .read-as")).to_contain_text("2 × 10♥")
    expect(page.locator("#hand-1 output.running")).to_have_text("20")
    shoot(page, "a second copy")
    assert page.seen == []


def test_four_ten_of_hearts_are_refused_as_typed_and_by_save(small_phone):
    page = small_phone
    lang = page.lang
    game = round_form(page, "continental", ["Ann", "Bob", "Cy", "Dan"])
    page.check("input[name=went_out][value='0']", force=True)
    for seat in (1, 2):
        page.click(f"#hand-{seat} .modes input[value='points'] + span")
        page.fill(f"#hand-{seat} input[name$='-points']", "5")
    cards_of(page, 3)
    page.fill("#hand-3 input[name$='-extra']", {"en": "10h 10h 10h 10h", "fr": "10C 10C 10C 10C"}[lang])
    expect(page.locator("#hand-3 .card-problem")).to_have_text(FOUR_TENS[lang])
    expect(page.locator("#hand-3 output.running")).to_have_text("")
    capture(page.locator("#hand-3"), str(SHOTS / f"four tens-{page.phone}.png"))
    submit(page, "button[name=save]")
    assert FOUR_TENS[lang] in page.text_content(".error-summary")
    assert rounds(page, game) == []
    assert page.seen == []


def test_three_typos_are_said_together_as_typed(small_phone):
    page = small_phone
    lang = page.lang
    round_form(page, "le-may-i", ["Ann", "Bob", "Cy"])
    cards_of(page, 1)
    typed = {"en": "10X Jk 7H 1O", "fr": "10h Jk 7C 1O"}[lang]
    page.fill("#hand-1 input[name$='-extra']", typed)
    lines = page.locator("#hand-1 .card-problem").inner_text().split("\n")
    jokers = {"en": "Bob: 'Jk' is not in the pack: this game is played without jokers",
              "fr": "Bob\u00a0: 'Jk' n’est pas dans le paquet\u00a0: ce jeu se joue sans joker"}[lang]
    assert len(lines) == 3
    assert lines[0].startswith(NOT_A_CARD[lang].format(typed.split()[0]))
    assert lines[1] == jokers
    assert lines[2].startswith(NOT_A_CARD[lang].format("1O"))
    shoot(page, "three typos")
    assert page.seen == []


def test_a_players_phone_refuses_a_hand_beyond_the_pack(table, live_server):  # noqa: F811
    keeper = table("Ann")
    keeper.game_url = start_game(keeper.page, "continental", ["Ann", "Bob", "Cy", "Dan"])
    link = hand_in_link(keeper, "en")
    dan = table("Dan")
    dan.page.goto(link)
    dan.pick_name()
    dan.page.click("fieldset.hand .modes input[value='cards'] + span")
    dan.page.fill("fieldset.hand input[name$='-extra']", "10h 10h 10h 10h")
    expect(dan.page.locator("fieldset.hand .card-problem")).to_have_text(FOUR_TENS["en"])
    dan.send()
    expect(dan.page.locator(".hand-problem")).to_have_text(FOUR_TENS["en"])
    expect(dan.page.locator(".sent-note")).to_be_hidden()


def test_the_servers_line_about_a_typo_goes_once_the_box_no_longer_holds_it(small_phone):
    """After Preview, the line at the top of the hand naming the typo stays while the box still
    holds that typo, and goes as soon as it does not; a line the page does not check stays."""
    page = small_phone
    lang = page.lang
    round_form(page, "le-may-i", ["Ann", "Bob", "Cy"])
    page.check("input[name=went_out][value='0']", force=True)
    cards_of(page, 1)
    page.fill("#hand-1 input[name$='-extra']", TYPO[lang])
    page.click("#hand-2 .modes input[value='points'] + span")  # Cy's points left blank: the server says so
    submit(page, "button[name=preview]")

    typo = TYPO[lang].split()[-1]
    server_line = page.locator("#hand-1 > .field-errors .field-error", has_text=NOT_A_CARD[lang].format(typo))
    cy_line = page.locator("#hand-2 > .field-errors .field-error")
    expect(server_line).to_be_visible()
    expect(cy_line).to_be_visible()
    box = page.locator("#hand-1 input[name$='-extra']")
    box.fill(" ".join(TYPO[lang].split()[1:]))  # another card taken out: the typo is still there
    expect(server_line).to_be_visible()
    box.fill(RETYPED[lang])
    expect(server_line).to_be_hidden()
    expect(page.locator("#hand-1 > .field-errors")).to_be_hidden()
    listed = page.locator("#error-summary li", has_text=NOT_A_CARD[lang].format(typo))
    expect(listed).to_have_class("corrected")  # struck through in the summary at the top
    expect(page.locator("#error-summary li.corrected")).to_have_count(1)
    expect(page.locator("#hand-1 .card-problem")).to_be_hidden()
    expect(page.locator("#hand-1 output.running")).to_have_text("42")
    expect(cy_line).to_be_visible()  # not a card problem: said again, or gone, at the next send
    page.evaluate("document.activeElement && document.activeElement.blur()")
    capture(page, str(SHOTS / f"typo-corrected-{page.phone}.png"), full_page=True)
    box.fill(TYPO[lang])  # typed again: the page says it again, under the box
    expect(page.locator("#hand-1 .card-problem")).to_contain_text(NOT_A_CARD[lang].format(typo))
    assert page.seen == []


def test_points_of_one_typed_on_the_phone_read_one_point(small_phone):
    """The warning written as the points are typed (static/js/games.js) says "1 point"."""
    page = small_phone
    round_form(page, "joybells", ["Ann", "Bob", "Cy"])
    page.click("#hand-1 .modes input[value='points'] + span")
    page.fill("#hand-1 input[name$='-points']", "1")
    said = {"en": "1 point: no hand adds up to 1", "fr": "Point saisi\u00a0: 1."}[page.lang]
    expect(page.locator("#hand-1 .points-doubt")).to_contain_text(said)
    expect(page.locator("#hand-1 .points-doubt")).not_to_contain_text("points:")
    page.fill("#hand-1 input[name$='-points']", "2")
    expect(page.locator("#hand-1 .points-doubt")).to_contain_text(
        {"en": "2 points: no hand adds up to 2", "fr": "Points saisis\u00a0: 2."}[page.lang])
    assert page.seen == []
