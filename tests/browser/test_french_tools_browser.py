"""The dispute tools and the irregularity guide in French, in Debian's Chromium at 390x844: each
page with an answer on it passes check_page (nothing scrolls sideways, tap targets, weight, axe,
CSP), its screenshot is kept for a look, and the stepper buttons speak French."""
from __future__ import annotations

import pytest

from support.browser_support import PHONES, new_page, check_page

pytestmark = pytest.mark.browser


@pytest.fixture
def page_fr(browser, live_server):
    """A phone at 390x844 whose browser asks for French."""
    context, page = new_page(browser, live_server, PHONES["390x844"])
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
    assert page.get_attribute("#n_K ~ button", "aria-label") == "un R de plus"  # the king is R (roi) on a French page
    page.click("#n_K ~ button")
    page.click("#n_K ~ button")
    page.fill("#missing", "1")
    page.click("p.actions button[type=submit]")
    page.wait_for_load_state("load")
    assert "Pénalité selon chaque variante" in page.inner_text("#answer")
    check_page(page, "fr tools hand")


# Each tool asked a question as a player would, typing the French letters a French page reads
# (docs/rulings.md, "Card codes on French pages"): (page, inputs to fill, boxes to tick, <select>s,
# the button, a sentence of the French answer, the screenshot's name).
ASKED = [
    ("/tools/decks", {"#players": "7"}, [], {}, "p.actions button[type=submit]", "Le jeu pour 7 joueurs", "decks"),
    ("/tools/may-i?variant=le-may-i", {}, ["tr[data-seat='1'] input[name=discarder]",
                                           "tr[data-seat='3'] input[name=claimants]",
                                           "tr[data-seat='4'] input[name=claimants]"], {},
     "p.actions button[name=resolve]", "Place 3", "may-i"),
    ("/tools/may-i?variant=continental", {"#players": "9"}, [], {}, "p.actions button[name=resolve]", "Joueurs : ",
     "may-i error"),
    ("/tools/meld?variant=joybells", {"#meld1": "7C 8C 9C JK", "#meld2": "3P 4P 5P 6P"}, [], {"#round": "3"},
     "p.actions button[name=check]", "Manche 3", "meld"),
    ("/tools/roy", {"#top": "9C", "#cards": "9P 10P"}, [], {}, "p.actions button[name=check]", "Couleur à suivre",
     "roy"),
    # refused: the verdicts' long French reasons wrap on a phone
    ("/tools/meld?variant=continental", {"#meld1": "7C 8P RK"}, [], {}, "p.actions button[name=check]",
     "Pas une séquence", "meld refused"),
    ("/tools/meld?variant=continental", {"#meld1": "9C 9P", "#meld2": "DC RC AC 2C"}, [], {"#round": "2"},
     "p.actions button[name=check]", "La deuxième combinaison (", "meld contract refused"),
    ("/tools/roy", {"#top": "9C", "#cards": "RK"}, [], {}, "p.actions button[name=check]",
     "n’a ni l’une ni l’autre", "roy refused"),
    ("/tools/roy", {"#top": "DP", "#cards": "RP AP 2P"}, [], {}, "p.actions button[name=check]",
     "A-2 ne s’enchaîne pas", "roy chain refused"),
]


@pytest.mark.parametrize("path, fills, ticks, selects, button, answer, name", ASKED, ids=[a[-1] for a in ASKED])
def test_a_tool_answers_in_french(page_fr, path, fills, ticks, selects, button, answer, name):
    page = page_fr
    go(page, path)
    for selector, value in selects.items():
        page.select_option(selector, value)
    for selector, value in fills.items():
        page.fill(selector, value)
    for selector in ticks:
        page.check(selector)
    page.click(button)
    page.wait_for_load_state("load")
    assert answer in page.inner_text("main")
    check_page(page, f"fr tools {name}")


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
