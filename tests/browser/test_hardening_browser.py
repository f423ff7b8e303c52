"""The pages the hardening changed, in Chromium at phone sizes, in English and French: the share
page after a new table edit link (what it ended), the replaced link's page, a look-alike name
refused on the new-game page, a page number past the history. Each passes ``check_page``."""
from __future__ import annotations

import pytest

from support.browser_support import new_page, check_page, submit

pytestmark = pytest.mark.browser

LANGUAGES = {"en": "en-GB,en;q=0.9", "fr": "fr-FR,fr;q=0.9"}
WORDS = {"en": ("nor do the edit links", "not valid", "looks the same as", "past the last page"),
         "fr": ("pas plus que les liens d’édition", "n’est pas valable", "ressemble à s’y méprendre", "après la dernière page")}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_rotation_look_alikes_and_pages_on_a_phone(page, language, browser, live_server, viewport):
    page.context.set_extra_http_headers({"Accept-Language": LANGUAGES[language]})
    base = page.base_url
    r = page.request.post(base + "/api/v1/tables", data={"name": "Les Martin"})
    table = r.json()
    page.goto(f"{base}/tables/{table['id']}/edit#token={table['edit_token']}")
    page.wait_for_url(f"{base}/tables/{table['id']}")
    # a look-alike of a name already seated
    page.goto(f"{base}/tables/{table['id']}/games/new")
    page.select_option("#variant", "clenney")
    for i, name in enumerate(["Pat", "P\u0430t", "Cy"]):
        page.fill(f"#players-{i}", name)
    submit(page, "main button[type=submit]")
    assert WORDS[language][2] in page.text_content("main")
    check_page(page, f"hardening look-alike refused {language}")
    # a page past the history
    page.goto(f"{base}/tables/{table['id']}?page=100000000000000000000")
    assert WORDS[language][3] in page.text_content("main")
    check_page(page, f"hardening page past history {language}")
    # a new edit link: what it ended is said
    page.goto(f"{base}/tables/{table['id']}/share")
    submit(page, "form[action$='/token'] button[type=submit]")
    assert WORDS[language][0] in page.text_content("body")
    check_page(page, f"hardening new table link {language}")
    # the replaced link
    context, phone = new_page(browser, live_server, viewport)
    try:
        phone.context.set_extra_http_headers({"Accept-Language": LANGUAGES[language]})
        phone.goto(f"{base}/tables/{table['id']}/edit?token={table['edit_token']}")
        assert WORDS[language][1] in phone.text_content("body")
        check_page(phone, f"hardening replaced link {language}")
    finally:
        context.close()
