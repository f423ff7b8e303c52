"""The round form survives what phones do, in Debian's Chromium at 390x844 with real navigations
(the context sends Accept-Language, the app's cookies go along): Back after Save then Save stores
nothing; a half-entered round comes back after a reload, a language switch and Back; a card that
is not a card is named, with its player, and never counted in the running total."""
from __future__ import annotations


import pytest

from support.browser_support import PHONES, screenshot, submit
from support.round_form import LANGUAGES, shot, start_game  # noqa: F401
from support.round_form import rounds  # noqa: F401
from support.offline import api

pytestmark = pytest.mark.browser

WORDS = {
    "en": {"saved": "Round 1 is saved", "round 2": "Round 2", "fix": "Fix", "discard": "Discard"},
    "fr": {"saved": "La manche 1 est enregistrée", "round 2": "Manche 2", "fix": "Corrigez", "discard": "Effacer"},
}


@pytest.fixture(params=list(LANGUAGES))
def phone(request, browser, live_server):
    """A fresh phone at 390x844 whose browser asks for English or French (Accept-Language)."""
    lang = request.param
    context = browser.new_context(viewport=PHONES["390x844"], locale="fr-FR" if lang == "fr" else "en-GB",
                                  extra_http_headers={"Accept-Language": LANGUAGES[lang]}, service_workers="block")
    page = context.new_page()
    page.base_url, page.phone, page.lang = live_server, f"390x844-{lang}", lang
    page.seen = []
    page.on("pageerror", lambda err: page.seen.append(str(err)))
    try:
        yield page
    finally:
        context.close()


def tap(page, selector: str) -> None:
    page.locator(selector).first.click()


def enter_round_by_value(page) -> None:
    """Ann goes out; Bob and Cy by value (the default way), Di by points."""
    page.check("input[name=went_out][value='0']", force=True)
    tap(page, "#hand-1 .vrow:nth-child(1) button.vp[value='2']")
    tap(page, "#hand-1 .vrow:nth-child(3) button.vp[value='1']")
    tap(page, "#hand-2 .vrow:nth-child(2) button.vp[value='3']")
    page.click("#hand-3 .modes input[value='points'] + span")
    page.fill("#hand-3 input[name$='-points']", "40")


def test_back_after_save_then_save_stores_no_round(phone):
    page = phone
    game = start_game(page, "le-may-i", ["Ann", "Bob", "Cy", "Di"])
    page.goto(game + "/round")
    enter_round_by_value(page)
    submit(page, "button[name=save]")
    assert WORDS[page.lang]["round 2"] in page.text_content(".now-round")
    assert len(rounds(page, game)) == 1
    page.go_back()
    page.wait_for_load_state("load")
    screenshot(page, "round form after back")
    restored = page.locator("input[name=went_out]:checked").count()
    submit(page, "button[name=save]")
    assert len(rounds(page, game)) == 1  # Save stored nothing
    # Back showed round 2's form without round 1's entries: Save asks who went out
    assert restored == 0
    assert page.locator("input[name=round]").input_value() == "2"
    assert WORDS[page.lang]["fix"] in page.text_content(".error-summary")
    assert page.seen == []


def test_a_stale_round_form_says_the_round_is_saved(phone, browser):
    """A second tab left on round 1's form: its Save stores nothing and says round 1 is saved."""
    page = phone
    game = start_game(page, "joybells", ["Ann", "Bob", "Cy", "Di"])
    page.goto(game + "/round")
    other = page.context.new_page()
    other.goto(game + "/round")
    enter_round_by_value(page)
    submit(page, "button[name=save]")
    enter_round_by_value(other)
    with other.expect_navigation():
        other.click("button[name=save]")
    assert WORDS[page.lang]["saved"] in other.text_content("main")
    other.phone = page.phone
    screenshot(other, "round is saved")
    assert len(rounds(page, game)) == 1
    with other.expect_navigation():
        other.click("main .actions a.button.big")
    assert other.locator("input[name=round]").input_value() == "2"


def hand_state(page) -> dict:
    return page.evaluate("""() => ({
        out: (document.querySelector("input[name=went_out]:checked") || {}).value || null,
        bob15: document.querySelector("input[name='hands-1-v15']").value,
        cyMode: document.querySelector("#hand-2 .modes input:checked").value,
        cyCards: Array.from(document.querySelectorAll("#hand-2 .picker button[aria-pressed=true]")).map(b => b.value).sort(),
        running: Array.from(document.querySelectorAll("output.running")).map(o => o.textContent),
    })""")


def test_a_half_entered_round_survives_reload_language_switch_and_back(phone):
    page = phone
    game = start_game(page, "le-may-i", ["Ann", "Bob", "Cy", "Di"])
    gid = game.rsplit("/", 1)[1]
    page.goto(game + "/round")
    page.check("input[name=went_out][value='0']", force=True)
    tap(page, "#hand-1 .vrow:nth-child(1) button.vp[value='2']")  # two 15-point cards
    page.click("#hand-2 .modes input[value='cards'] + span")
    page.click("#hand-2 .picker button[value='KD']")  # written into the box in the page's letters
    # typed with the suit's symbol, read in both languages (docs/rulings.md, "Card codes on French pages")
    box = page.locator("#hand-2 input[name$='-extra']")
    box.fill(box.input_value() + " 7♥")
    # the cards the picker shows, as English codes, whatever the page's letters
    entered = {"out": "0", "bob15": "2", "cyMode": "cards", "cyCards": ["7H", "KD"], "running": ["", "30", "17", ""]}
    assert hand_state(page) == entered
    shot(page, "half-entered round")

    page.reload()
    assert hand_state(page) == entered, "after a reload"
    assert page.is_visible(".draft-note")  # kept on this phone, with its Discard button
    lang_before = page.locator("html").get_attribute("lang")
    with page.expect_navigation():
        page.click("header a.lang")
    assert page.locator("html").get_attribute("lang") != lang_before
    assert hand_state(page) == entered, "after the language switch"
    with page.expect_navigation():
        page.click(".crumb a")
    page.go_back()
    page.wait_for_load_state("load")
    page.wait_for_function("document.querySelector('input[name=went_out]:checked') !== null")
    assert hand_state(page) == entered, "after Back"
    assert len(rounds(page, game)) == 0

    # One tap discards them, for good
    page.click("button.discard")
    assert hand_state(page)["out"] is None and hand_state(page)["bob15"] == "" and hand_state(page)["cyCards"] == []
    page.reload()
    assert hand_state(page)["out"] is None and hand_state(page)["running"] == ["", "", "", ""]
    assert page.is_hidden(".draft-note")

    # Saving clears them: round 2's form starts empty and round 1's entries are gone from the phone
    enter_round_by_value(page)
    submit(page, "button[name=save]")
    assert len(rounds(page, game)) == 1
    assert page.evaluate("(gid) => Object.keys(localStorage).filter(k => k.startsWith('scorekeeper.round.' + gid))", gid) == []
    assert hand_state(page)["out"] is None
    assert page.seen == []


def test_a_card_that_is_not_a_card_names_the_player_and_is_never_counted(phone):
    page = phone
    game = start_game(page, "joybells", ["Ann", "Dan", "Cy"])
    page.goto(game + "/round")
    page.check("input[name=went_out][value='0']", force=True)
    page.click("#hand-1 .modes input[value='cards'] + span")
    page.fill("#hand-1 input[name$='-extra']", {"en": "KD 7X", "fr": "RK 7X"}[page.lang])  # the king of diamonds
    page.click("#hand-2 .modes input[value='points'] + span")
    page.fill("#hand-2 input[name$='-points']", "-5")
    said = {"en": "Dan: '7X' is not a card; a card is A, 2–10, J, Q or K with S, H, D or C, or JK for a joker",
            "fr": "Dan\u00a0: '7X' n’est pas une carte\u00a0; une carte, c’est A, 2–10, V, D ou R avec P (pique)"}[page.lang]
    assert said in page.text_content("#hand-1 .card-problem")  # as it is typed
    assert page.text_content("#hand-1 output.running") == ""  # the server refuses the hand: not counted
    assert page.text_content("#hand-2 output.running") == ""
    shot(page, "card that is not a card")
    submit(page, "button[name=save]")
    summary = page.text_content(".error-summary")
    assert said in summary and said in page.text_content("#hand-1 .field-errors")
    below = {"en": "Points: -5 is below 0", "fr": "Points\u00a0: -5 est en dessous de 0"}[page.lang]
    assert below in summary and "tick" not in summary and "cochez" not in summary.lower()
    assert "hands." not in page.text_content("main") and "10000" not in page.text_content("main")
    assert page.text_content("#hand-1 output.running") == ""
    shot(page, "card that is not a card after save")
    assert len(rounds(page, game)) == 0
    # the box keeps the whole line as typed, and the picker shows its one card
    assert page.input_value("#hand-1 input[name$='-extra']") == {"en": "KD 7X", "fr": "RK 7X"}[page.lang]
    assert page.get_attribute("#hand-1 .picker button[value='KD']", "aria-pressed") == "true"
    page.fill("#hand-1 input[name$='-extra']", {"en": "KD 7H", "fr": "RK 7C"}[page.lang])  # 7X was the seven of hearts
    page.fill("#hand-2 input[name$='-points']", "5")
    assert page.text_content("#hand-1 output.running") == "17" and page.is_hidden("#hand-1 .card-problem")
    submit(page, "button[name=save]")
    assert [r["scores"] for r in rounds(page, game)] == [{"Ann": 0, "Dan": 17, "Cy": 5}]


ONE_POINT = {
    "en": {"button": "2 × 1 point", "others": "2 × 5 points", "cleared": "2 × 1 point cleared."},
    "fr": {"button": "2 × cartes à 1 point", "others": "2 × cartes à 5 points", "cleared": "2 × 1 point effacé."},
}


def test_cards_of_one_point_are_said_in_the_singular(phone):
    """A house Continental whose aces are worth 1 point: the ace row's buttons say "2 × 1 point",
    not "2 × 1 points", and a count cleared by a second tap says "2 × 1 point cleared."; the other
    rows keep the plural. French: "cartes à 1 point" (a count of 0 or 1 takes the singular)."""
    page, words = phone, ONE_POINT[phone.lang]
    base = page.base_url
    house = api(base, "POST", "/api/v1/variants",
                {"based_on": "continental", "name": "Aces low", "changes": {"card_points": {"A": 1}}})[1]
    game = api(base, "POST", "/api/v1/games", {"variant": house["id"], "players": ["Ann", "Bob", "Cy", "Di"]})[1]
    with page.expect_navigation(url=f"**/games/{game['id']}"):
        page.goto(game["edit_url"].replace("http://localhost", base))
    page.goto(f"{base}/games/{game['id']}/round")
    aces = page.locator("#hand-1 .vrow", has=page.locator("input[name='hands-1-v1']"))
    fives = page.locator("#hand-1 .vrow", has=page.locator("input[name='hands-1-v5']"))
    assert aces.locator("button.vp[value='2']").get_attribute("aria-label") == words["button"]
    assert fives.locator("button.vp[value='2']").get_attribute("aria-label") == words["others"]
    aces.locator("button.vp[value='2']").click()
    aces.locator("button.vp[value='2']").click()
    assert page.text_content("#hand-1 .count-cleared").startswith(words["cleared"])
    shot(page, "round form, a 1-point count cleared")
    assert page.seen == []


LAYOUT_SHIFT = """() => new Promise(done => {
    let total = 0;
    new PerformanceObserver(list => { for (const e of list.getEntries()) total += e.value; })
        .observe({type: "layout-shift", buffered: true});
    setTimeout(() => done(total), 300);
})"""


def test_the_round_form_does_not_move_when_its_scripts_start(phone):
    """Drawn at once as the scripts leave it (each hand showing the part of its ticked way, the "No
    score" rule waiting for a hand with no score): the layout shift of opening a round form of 8,
    as the browser counts it, stays under 0.01 (0.14 when the hands changed under the first paint)."""
    page = phone
    base = page.base_url
    names = ["Margaret", "Christopher", "Elizabeth", "Alexander", "Josephine", "Frederick", "Catherine", "Benjamin"]
    game = api(base, "POST", "/api/v1/games", {"variant": "continental", "players": names})[1]
    with page.expect_navigation(url=f"**/games/{game['id']}"):
        page.goto(game["edit_url"].replace("http://localhost", base))
    page.goto(f"{base}/games/{game['id']}/round", wait_until="load")
    page.wait_for_timeout(500)  # (the scripts' first changes drawn)
    assert page.evaluate(LAYOUT_SHIFT) < 0.01
    assert page.locator("#hand-0 .mode-values .vpills").count() == 4  # (the scripts did run)
