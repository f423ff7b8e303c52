"""In Chromium at 390x844: a French round form reads "3T" as the three of clubs and shows it back
before saving, its card picker shows R D V; the statistics page's chart link and the May I tool on
ROY, in both languages (screenshots in test-artifacts/screenshots/)."""
from __future__ import annotations

import pytest

from support.browser_support import screenshot, start_game, submit  # (the phone fixture: phone_in_each_language there)

pytestmark = pytest.mark.browser


def test_typed_cards_are_read_in_the_pages_letters_and_shown_back(live_server, phone):
    page = phone
    game_url = start_game(page, live_server, "clenney", ["Ann", "Bob", "Cy"])
    page.goto(game_url + "/round")
    page.check("input[name=went_out][value='0']", force=True)
    page.click("#hand-1 .modes input[value='cards'] + span")
    typed, read, ranks = ("3T RC", "3♣ R♥", ["V", "D", "R"]) if page.language == "fr" else ("3C KH", "3♣ K♥", ["J", "Q", "K"])
    page.fill("#hand-1 input[name$='-extra']", typed)
    if page.language == "fr":  # (English pages read English codes as they always did)
        assert "Lu\u00a0: " + read in page.text_content("#hand-1 .mode-cards"), page.text_content("#hand-1 .mode-cards")
    assert page.text_content("#hand-1 output.running") == "15"  # 3 = 5, K = 10 in Clenney
    labels = page.locator("#hand-1 .picker .suit-row").first.locator("span").all_inner_texts()
    assert [label[:-1] for label in labels[-3:]] == ranks
    page.click("#hand-2 .modes input[value='points'] + span")
    page.fill("#hand-2 input[name$='-points']", "10")
    screenshot(page, f"{page.language} round typed cards")
    # the points box is left first, as a phone's keyboard closes before the tap (with the box still
    # focused, headless Chromium's click landed on the form beside the button)
    page.evaluate("document.activeElement.blur()")
    submit(page, "button[name=preview]")
    assert read in page.text_content("#hand-1 .computed")
    screenshot(page, f"{page.language} round typed cards preview")
    submit(page, "button[name=save]")
    state = page.request.get(live_server + "/api/v1/games/" + game_url.rsplit("/", 1)[1]).json()
    assert state["rounds"][0]["scores"]["Bob"] == 15
    if page.language == "fr":  # a wrong letter is said, with a question mark, as it is typed
        page.click("#hand-1 .modes input[value='cards'] + span")
        page.fill("#hand-1 input[name$='-extra']", "QS 3T")
        assert "QS ? 3♣" in page.text_content("#hand-1 .mode-cards")


def test_the_may_i_tool_on_roy_and_the_stats_chart_link(live_server, phone):
    page = phone
    page.goto(live_server + "/tools/may-i?variant=roy")
    words = "ROY n’a pas de May I" if page.language == "fr" else "ROY has no May I"
    assert words in page.text_content("#answer")
    screenshot(page, f"{page.language} may i roy")
    table = page.request.post(live_server + "/api/v1/tables", data={"name": "Les Martin"}).json()
    auth = {"Authorization": "Bearer " + table["edit_token"]}
    g = page.request.post(live_server + "/api/v1/games", headers=auth,
                          data={"variant": "joybells", "players": ["Anne", "Bob", "Cy"], "table": table["id"]}).json()
    for _ in range(7):
        r = page.request.post(live_server + f"/api/v1/games/{g['id']}/rounds", headers=auth,
                              data={"went_out": "Anne", "hands": {"Bob": {"points": 5}, "Cy": {"points": 3}}})
        assert r.ok
    page.goto(live_server + f"/tables/{table['id']}")
    box = page.locator("a[href$='/chart']").first.bounding_box()
    assert box["height"] >= 40 and box["width"] >= 40, box
    screenshot(page, f"{page.language} table history")
    page.goto(live_server + f"/tables/{table['id']}/stats?variant=joybells")
    screenshot(page, f"{page.language} table stats")


def test_the_table_import_screen_at_phone_size(live_server, phone):
    page = phone
    page.goto(live_server + "/tables/import")
    assert page.locator("input[type=file]").is_visible()
    screenshot(page, f"{page.language} table import")
    page.goto(live_server + "/rules/le-may-i#turn")
    screenshot(page, f"{page.language} rules le may i")


def test_copy_buttons_on_the_share_pages(live_server, phone):
    page = phone
    table = page.request.post(live_server + "/api/v1/tables", data={"name": "Les Martin"}).json()
    page.goto(live_server + f"/tables/{table['id']}/share")
    buttons = page.locator("button.copy-button")
    assert buttons.count() == 1  # the read-only link (this phone has no edit link)
    label = "Copier" if page.language == "fr" else "Copy"
    assert buttons.first.inner_text() == label
    box = buttons.first.bounding_box()
    assert box["height"] >= 40, box
    buttons.first.click()
    # (the clipboard answers later: wait for the status the script then writes)
    page.wait_for_function("() => (document.querySelector('button.copy-button + [role=status]') || {}).textContent")
    said = page.locator("button.copy-button + [role=status]").first.inner_text()
    assert said in ("Copied.", "Copié.", "Selected: copy it with your phone's menu.",
                    "Sélectionné : copiez-le avec le menu de votre téléphone.".replace(" :", "\u00a0:")), said
    assert page.evaluate("() => document.activeElement.classList.contains('copy')")
    screenshot(page, f"{page.language} table share copy")
    game_url = start_game(page, live_server, "joybells", ["Ann", "Bob", "Cy"])
    page.goto(game_url + "/share")
    assert page.locator("button.copy-button").count() == 2
    screenshot(page, f"{page.language} game share copy")
