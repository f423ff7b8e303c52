"""The game pages in French in Debian's Chromium at 390x844: a Le May I game and a ROY game played
through the pages with the language switch set to French; every page passes ``check_page``
(screenshot in test-artifacts/screenshots/, axe-core, no sideways scroll, 44px targets, 60 KB)."""
from __future__ import annotations

import pytest

from support.browser_support import PHONES, new_page, check_page, submit

pytestmark = pytest.mark.browser


@pytest.fixture
def french_page(browser, live_server):
    context, page = new_page(browser, live_server, PHONES["390x844"])
    page.phone += "-fr"
    page.goto(live_server + "/language/fr?next=/")
    try:
        yield page
    finally:
        context.close()


def _check(page, name: str, problems: list[str]) -> None:
    assert page.locator("html").get_attribute("lang") == "fr", page.url
    try:
        check_page(page, "fr " + name)
    except AssertionError as err:
        problems.append(str(err))


@pytest.mark.slow
def test_a_game_in_french_passes_the_phone_checks(live_server, french_page):
    page, problems = french_page, []
    page.goto(live_server + "/games/new")
    _check(page, "new game", problems)
    page.select_option("#variant", "le-may-i")
    page.fill("#players-0", "Marguerite")
    page.fill("#players-1", "Christophe")
    submit(page, "main button[type=submit]")
    page.fill("#players-2", "Élisabeth")  # the form again, with the seating problem beside its seat
    _check(page, "new game with errors", problems)
    submit(page, "main button[type=submit]")
    game = page.url
    assert "Partie commencée" in page.text_content(".flash")
    _check(page, "game started", problems)

    page.goto(game + "/round")
    _check(page, "round form", problems)
    submit(page, "button[name=save]")  # nobody said who went out
    assert "Corrigez d’abord" in page.text_content(".error-summary")
    _check(page, "round form with errors", problems)
    page.check("input[name=went_out][value='0']", force=True)
    page.click("#hand-1 .modes input[value='points'] + span")
    page.fill("#hand-1 input[name$='-points']", "35")
    page.click("#hand-2 .modes input[value='points'] + span")
    page.fill("#hand-2 input[name$='-points']", "12")
    submit(page, "button[name=preview]")
    assert "Vérifiez avant d’enregistrer" in page.text_content(".preview")
    _check(page, "round preview", problems)
    submit(page, "button[name=save]")
    assert "Manche 1 enregistrée" in page.text_content(".flash")

    for path, name in (("", "game page"), ("/view", "scoreboard"), ("/share", "share"),
                       ("/rounds/1/correct", "correct"), ("/ruling", "ruling"), ("/withdraw", "withdraw"),
                       ("/suspend", "suspend")):
        page.goto(game + path)
        _check(page, name, problems)
    page.goto(game + "/rounds/1/correct")
    submit(page, "button[name=save]")  # no reason given
    _check(page, "correct with errors", problems)
    page.goto(game + "/ruling")
    submit(page, "main button[type=submit]")
    _check(page, "ruling with errors", problems)
    page.fill("#what_happened", "Christophe a pioché deux cartes")
    page.fill("#ruling", "Il en défausse une sans la montrer")
    page.select_option("#player", "Christophe")
    page.fill("#points", "10")
    submit(page, "main button[type=submit]")
    page.goto(game + "/withdraw")
    page.select_option("#player", "Élisabeth")
    submit(page, "main button[type=submit]")
    _check(page, "withdraw confirm", problems)
    page.goto(game + "/suspend")
    submit(page, "button[name=confirm]")
    _check(page, "game suspended", problems)
    page.goto(game + "/resume")
    _check(page, "resume", problems)
    page.goto(game + "/edit")
    _check(page, "edit link", problems)
    page.goto(live_server + "/games/nosuchgame")
    _check(page, "not found", problems)

    page.goto(live_server + "/games/new")
    page.select_option("#variant", "roy")
    page.fill("#players-0", "Marguerite")
    page.fill("#players-1", "Christophe")
    submit(page, "main button[type=submit]")
    roy = page.url
    page.goto(roy + "/round")
    _check(page, "roy hand form", problems)
    page.check("input[name=went_out][value='0']", force=True)
    page.fill("#hand-1 input[name$='-count']", "12")
    submit(page, "button[name=save]")
    page.goto(roy)
    _check(page, "roy game page", problems)
    page.goto(live_server + "/")
    _check(page, "home", problems)
    assert not problems, "\n\n".join(problems)
