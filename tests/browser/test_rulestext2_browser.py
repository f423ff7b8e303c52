"""In Chromium at 390x844, in both languages: cards typed on a round form survive the language
switch in the new page's letters ("3T" on a French page is "3C" on the English one, and back); a
house rules file imported from a table's page joins the table, and a second import asks "update it
or keep both?"; the house version form of ROY (screenshots in test-artifacts/screenshots/)."""
from __future__ import annotations

import pytest

from support.browser_support import screenshot, start_game, submit  # (the phone fixture: phone_in_each_language there)

pytestmark = pytest.mark.browser


def switch_language(page):
    with page.expect_navigation():
        page.click("a.lang")
    page.wait_for_load_state("load")


def test_typed_cards_follow_the_language_switch(live_server, phone):
    page = phone
    game_url = start_game(page, live_server, "clenney", ["Ann", "Bob", "Cy"])
    page.goto(game_url + "/round")
    page.check("input[name=went_out][value='0']", force=True)
    page.click("#hand-1 .modes input[value='cards'] + span")
    typed, other, moved = (("3T RC", "3C KH", "3T → 3C, RC → KH") if page.language == "fr" else
                           ("3C KH", "3T RC", "3C → 3T, KH → RC"))
    page.fill("#hand-1 input[name$='-extra']", typed + " 7♥ ZZ")
    page.click("#hand-2 .modes input[value='points'] + span")
    page.fill("#hand-2 input[name$='-points']", "10")
    page.evaluate("document.activeElement.blur()")
    switch_language(page)
    assert page.get_attribute("html", "lang").startswith("en" if page.language == "fr" else "fr")
    box = page.locator("#hand-1 input[name$='-extra']")
    assert box.input_value() == other + " 7♥ ZZ"  # a suit's symbol reads alike on both pages: kept
    note = page.text_content("#hand-1 .retyped")
    assert moved in note and "ZZ" in note and "7♥" not in note, note
    screenshot(page, f"{page.language} typed cards after the language switch")
    # what the player then fixes is saved as the three and the king the French page read
    box.fill(other + " 7♥")
    assert page.text_content("#hand-1 output.running") == "20"  # 3 = 5, 7 = 5, K = 10 in Clenney
    page.evaluate("document.activeElement.blur()")
    submit(page, "button[name=save]")
    state = page.request.get(live_server + "/api/v1/games/" + game_url.rsplit("/", 1)[1]).json()
    assert state["rounds"][0]["scores"]["Bob"] == 20 and state["rounds"][0]["scores"]["Cy"] == 10


def a_table(page, live_server, name="Les Martin"):
    page.goto(live_server + "/")
    page.fill("#table-name", name)
    submit(page, ".home-tables button[type=submit]")
    return page.url.rsplit("/", 1)[1]


def martins_file(page, live_server, tmp_path, cards):
    r = page.request.post(live_server + "/api/v1/variants", data={
        "based_on": "continental", "name": "Martins Continental", "changes": {"cards_dealt": cards}})
    assert r.status == 201, r.text()
    path = tmp_path / f"martins-{cards}.toml"
    path.write_text(page.request.get(live_server + f"/api/v1/variants/{r.json()['id']}/rules.toml").text())
    return path


def import_from_table(page, live_server, table_id, path):
    page.goto(live_server + f"/tables/{table_id}")
    page.click(f"a[href='/rules/import?table={table_id}']")
    page.wait_for_load_state("load")
    page.set_input_files("#file", str(path))
    submit(page, "main form button[type=submit]")


def test_a_house_file_imported_on_a_table_joins_it_and_a_second_import_asks(live_server, phone, tmp_path):
    page = phone
    fr = page.language == "fr"
    table_id = a_table(page, live_server)
    import_from_table(page, live_server, table_id, martins_file(page, live_server, tmp_path, 11))
    assert ("importée dans Les Martin" if fr else "into Les Martin") in page.text_content("main")
    screenshot(page, f"{page.language} house file imported into a table")
    page.goto(live_server + f"/tables/{table_id}")
    assert "Martins Continental" in page.text_content(".house-variants")
    assert page.is_visible(f"a[href='/rules/import?table={table_id}']")
    screenshot(page, f"{page.language} table page with its imported house rules")
    page.goto(live_server + f"/tables/{table_id}/games/new")
    assert "Martins Continental" in page.text_content("#variant")
    # the same name with other rules: the page asks, and keeps the file for the answer
    import_from_table(page, live_server, table_id, martins_file(page, live_server, tmp_path, 12))
    question = page.text_content("main")
    assert ("est déjà à cette table" if fr else "is already at this table") in question
    assert "Martins Continental (2)" in question
    screenshot(page, f"{page.language} house file imported twice asks")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    submit(page, "button[name=duplicate][value=keep_both]")
    names = sorted(v["name"] for v in page.request.get(live_server + f"/api/v1/tables/{table_id}").json()["variants"])
    assert names == ["Martins Continental", "Martins Continental (2)"]
    # and once more: "Update it" makes a new version of the one there
    import_from_table(page, live_server, table_id, martins_file(page, live_server, tmp_path, 13))
    submit(page, "button[name=duplicate][value=update]")
    assert "version 2" in page.text_content("main")
    variants = page.request.get(live_server + f"/api/v1/tables/{table_id}").json()["variants"]
    assert len(variants) == 2


def test_the_roy_house_form_and_a_game_to_50(live_server, phone):
    page = phone
    page.goto(live_server + "/rules/roy")
    with page.expect_navigation():
        page.click("a[href='/rules/roy/house']")
    screenshot(page, f"{page.language} roy house form")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.fill("#f-name", "ROY to 50")
    page.fill("[id='f-target']", "50")
    submit(page, "button[name=save]")
    text = page.text_content("main")
    assert "50" in text
    screenshot(page, f"{page.language} roy house rules page")
    vid = page.url.rsplit("/", 1)[1]
    game_url = start_game(page, live_server, vid, ["Ann", "Bob"])
    for count in ("30", "20"):
        page.goto(game_url + "/round")
        page.check("input[name=went_out][value='0']", force=True)
        page.fill("#hand-1 input.count", count)
        submit(page, "button[name=save]")
    state = page.request.get(live_server + "/api/v1/games/" + game_url.rsplit("/", 1)[1]).json()
    assert state["status"] == "complete" and state["winner"] == "Ann" and state["totals"]["Ann"] == 50
    page.goto(game_url)
    screenshot(page, f"{page.language} roy to 50 won")
