"""The dispute tools and the irregularity guide in French, in Debian's Chromium at 390x844: each
page with an answer on it passes check_page (nothing scrolls sideways, tap targets, weight, axe,
CSP), its screenshot is kept for a look, and the stepper buttons speak French."""
from __future__ import annotations

import pytest

from browser_support import PHONES, _new_page, check_page

pytestmark = pytest.mark.browser


@pytest.fixture
def page_fr(browser, live_server):
    """A phone at 390x844 whose browser asks for French."""
    context, page = _new_page(browser, live_server, PHONES["390x844"])
    context.set_extra_http_headers({"Accept-Language": "fr-FR,fr;q=0.9"})
    try:
        yield page
    finally:
        context.close()


def go(page, path: str) -> None:
    page.goto(page.base_url + path)
    assert page.locator("html").get_attribute("lang") == "fr"


def test_hand_calculator_in_french(page_fr):
    page = page_fr
    go(page, "/tools/hand")
    assert page.get_attribute("#n_K ~ button", "aria-label") == "un K de plus"
    page.click("#n_K ~ button")
    page.click("#n_K ~ button")
    page.fill("#missing", "1")
    page.click("p.actions button[type=submit]")
    page.wait_for_load_state("load")
    assert "Pénalité selon chaque variante" in page.inner_text("#answer")
    check_page(page, "fr tools hand")


def test_deck_calculator_in_french(page_fr):
    page = page_fr
    go(page, "/tools/decks")
    page.fill("#players", "7")
    page.click("p.actions button[type=submit]")
    page.wait_for_load_state("load")
    assert "Le jeu pour 7 joueurs" in page.inner_text("#answer")
    check_page(page, "fr tools decks")


def test_may_i_resolver_in_french(page_fr):
    page = page_fr
    go(page, "/tools/may-i?variant=le-may-i")
    page.check("tr[data-seat='1'] input[name=discarder]")
    page.check("tr[data-seat='3'] input[name=claimants]")
    page.check("tr[data-seat='4'] input[name=claimants]")
    page.click("p.actions button[name=resolve]")
    page.wait_for_load_state("load")
    assert "Place 3" in page.inner_text("#answer")
    check_page(page, "fr tools may-i")


def test_may_i_errors_in_french(page_fr):
    page = page_fr
    go(page, "/tools/may-i?variant=continental")
    page.fill("#players", "9")
    page.click("p.actions button[name=resolve]")
    page.wait_for_load_state("load")
    assert "Joueurs : " in page.inner_text(".error-summary")
    check_page(page, "fr tools may-i error")


def test_meld_checker_in_french(page_fr):
    page = page_fr
    go(page, "/tools/meld?variant=joybells")
    page.select_option("#round", "3")
    page.fill("#meld1", "7H 8H 9H JK")
    page.fill("#meld2", "3S 4S 5S 6S")
    page.click("p.actions button[name=check]")
    page.wait_for_load_state("load")
    assert "Manche 3" in page.inner_text("#answer")
    check_page(page, "fr tools meld")


def test_roy_checker_in_french(page_fr):
    page = page_fr
    go(page, "/tools/roy")
    page.fill("#top", "9H")
    page.fill("#cards", "9S 10S")
    page.click("p.actions button[name=check]")
    page.wait_for_load_state("load")
    assert "Couleur à suivre" in page.inner_text("#answer")
    check_page(page, "fr tools roy")


@pytest.mark.parametrize("query, name", [
    ("", "start"),
    ("?variant=continental", "topics"),
    ("?variant=continental&topic=premature-discard", "question"),
    ("?variant=joybells&topic=illegal-draw&step=no&step=several", "ruling"),
    ("?variant=clenney&topic=laid-down-illegally&step=no", "ruling with tool"),
])
def test_irregularity_guide_in_french(page_fr, query, name):
    page = page_fr
    go(page, "/tools/irregularities" + query)
    assert "Guide des irrégularités" in page.inner_text("main")
    check_page(page, f"fr tools irregularities {name}")
