"""The table and house variant pages in French, in Chromium at 390x844 and 360x800: French runs
longer, so every page passes ``check_page`` (screenshot, axe-core, no sideways scroll, tap
targets, page weight, CSP) with the browser asking for French."""
from __future__ import annotations

import pytest

from support.browser_support import check_page, submit
from support.tables import a_month_of_sundays

pytestmark = pytest.mark.browser

FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9"}


def french_table(page, name):
    """The English tour's table (test_tables_browser.py), started from the French pages, with long names."""
    page.context.set_extra_http_headers(FRENCH)
    page.goto(page.base_url + "/")
    assert page.get_attribute("html", "lang") == "fr"
    table_url, game_id = a_month_of_sundays(page, name, ("Annabelle", "Bartholomew", "Zoë"),
                                            start="Commencer une partie", edit_label="Lien d’édition")
    return table_url, table_url.rsplit("/", 1)[1], game_id


FRAMES_SCROLLING_JS = """() => [...document.querySelectorAll('main .grid-wrap')]
    .filter(e => e.scrollWidth > e.clientWidth + 1)
    .map(e => `${e.getAttribute('aria-label')}: ${e.scrollWidth - e.clientWidth}px hidden`)"""


def frames_scrolling(page) -> list[str]:
    """The page's tables wider than their frame (they scroll sideways in it), with how much is hidden."""
    return page.evaluate(FRAMES_SCROLLING_JS)


def test_the_table_pages_in_french_on_a_phone(page):
    table_url, table_id, game_id = french_table(page, "La famille Dupont-Lefèvre")
    page.goto(table_url)
    assert "en cours" in page.text_content(".history") and "Gagnée par" in page.text_content(".history")
    check_page(page, "fr table page")
    page.goto(table_url + "?player=abc&year=soon&variant=poker")
    assert "Ces filtres n’ont pas été appliqués comme demandé" in page.text_content("main")
    check_page(page, "fr table page filters refused")
    page.goto(table_url + "/stats")
    check_page(page, "fr table statistics all games")
    page.goto(table_url + "/stats?variant=joybells")
    assert page.locator("svg.chart").count() == 1 and "Cotes" in page.text_content("main")
    page.click("details.chart-numbers summary")
    check_page(page, "fr table statistics")
    page.click("text=Annabelle >> nth=0")
    page.wait_for_load_state("load")
    assert "Manches par contrat" in page.text_content("main") and page.locator("svg.chart").count() == 1
    check_page(page, "fr table player page")
    if page.phone == "390x844":  # French headings ("Égalité") fit a 390-px phone, not cut by the frame
        assert frames_scrolling(page) == []
    page.goto(table_url + "/rulings?q=joker")
    assert "Décision : Jokers may not be bought" in page.text_content("main")
    check_page(page, "fr table rulings")
    page.goto(table_url + "/share")
    check_page(page, "fr table share")
    page.goto(table_url + f"/games/{game_id}/chart")
    assert "Totaux cumulés" in page.text_content("main")
    check_page(page, "fr table game chart")
    page.goto(table_url + "/games/new")
    check_page(page, "fr table new game")
    page.goto(table_url + "/games/add")
    page.fill("#link", "pas un lien")
    submit(page, "main button[type=submit]")
    assert "n’est pas un lien d’édition" in page.text_content("#link-error")
    check_page(page, "fr table add game refused")
    page.goto(page.base_url + "/")
    check_page(page, "fr home with a table")


def test_the_house_variant_pages_in_french_on_a_phone(page):
    table_url, table_id, _ = french_table(page, "Les Martin")
    page.goto(table_url)
    page.click("summary:has-text('Créer une version maison')")
    page.click("a:has-text('Continental')")
    page.wait_for_load_state("load")
    assert "Votre version de Continental" in page.text_content("h1")
    check_page(page, "fr house form")
    page.fill("#f-melds\\.run_max", "3")
    submit(page, "button[name=check]")
    assert "Pas enregistré : 1 point à corriger." in page.text_content("main")
    check_page(page, "fr house form refused")
    page.fill("#f-melds\\.run_max", "13")
    page.fill("#f-card_points\\.A", "25")
    submit(page, "button[name=check]")
    assert "Ces règles sont jouables." in page.text_content("main"), page.text_content(".flash-error") if page.locator(".flash-error").count() else ""
    check_page(page, "fr house form checked")
    submit(page, "button[name=save]")
    variant_id = page.url.rsplit("/", 1)[1]
    page.goto(page.base_url + f"/rules/{variant_id}/share")
    check_page(page, "fr house share")
    page.goto(page.base_url + "/rules/import")
    page.fill("#text", "based_on = \"joybells\"\nname = \"X\"\n[melds]\nrun_min = 5\nrun_max = 4\n")
    submit(page, "main button[type=submit]")
    assert "Pas importé." in page.text_content("main")
    check_page(page, "fr house import refused")
