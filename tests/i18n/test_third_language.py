"""A third language is a catalogue and a line of scorekeeper/i18n.py (docs/architecture.md, "Three
changes, file by file"): a German catalogue made for the test in a folder of its own, with
``de`` added to ``LANGUAGES``, is offered by the language switch under its own name, chosen by the
browser, and speaks on the pages (templates and the rules package alike). And every language the
app lists has its catalogue, shipped in the package and compiled by ``make``."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from scorekeeper import i18n

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "scorekeeper" / "translations"
# A sentence of a template (the top bar) and one of the rules package (the rules page's table head).
GERMAN = {"Rules &amp; disputes": "Regeln und Streitfragen", "Players": "Spieler"}


@pytest.fixture
def german(app_factory, tmp_path, monkeypatch):
    """An app whose catalogues are the shipped ones plus a German one in ``tmp_path``."""
    catalog = Catalog(locale="de")
    for english, german_text in GERMAN.items():
        catalog.add(english, german_text)
    (tmp_path / "de" / "LC_MESSAGES").mkdir(parents=True)
    with (tmp_path / "de" / "LC_MESSAGES" / "messages.mo").open("wb") as f:
        write_mo(f, catalog)
    monkeypatch.setitem(i18n.LANGUAGES, "de", "Deutsch")
    app = app_factory(BABEL_TRANSLATION_DIRECTORIES=f"translations;{tmp_path}")
    return app.test_client()


def test_the_switch_offers_it_under_its_own_name_and_the_pages_speak_it(german):
    english = german.get("/rules").get_data(as_text=True)
    assert '<a class="lang" href="/language/de?next=/rules" lang="de" hreflang="de">Deutsch</a>' in english

    page = german.get("/rules/joybells", headers={"Accept-Language": "de-DE,de;q=0.9"}).get_data(as_text=True)
    assert '<html lang="de">' in page
    assert "Regeln und Streitfragen" in page and "Rules &amp; disputes" not in page
    assert '<th scope="col" class="num">Spieler</th>' in page  # the rules package speaks it too

    german.get("/language/de?next=/rules")
    assert '<html lang="de">' in german.get("/").get_data(as_text=True)


def test_without_the_line_in_i18n_the_catalogue_is_not_offered(app_factory, tmp_path):
    """The control: a catalogue alone is not enough; ``LANGUAGES`` lists what the app speaks."""
    page = app_factory().test_client().get("/rules", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert '<html lang="en">' in page and 'hreflang="de"' not in page


@pytest.mark.parametrize("code", [c for c in i18n.LANGUAGES if c != i18n.DEFAULT])
def test_every_language_listed_has_its_catalogue_shipped_and_compiled(code):
    po = TRANSLATIONS / code / "LC_MESSAGES" / "messages.po"
    with po.open("rb") as f:
        catalog = read_po(f)
    assert len(catalog) > 1000 and str(catalog.locale) == code
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert package_data[f"scorekeeper.translations.{code}.LC_MESSAGES"] == ["*.po"]
    makefile = (ROOT / "Makefile").read_text()
    assert "CATALOGUES := $(patsubst %.po,%.mo,$(wildcard scorekeeper/translations/*/LC_MESSAGES/messages.po))" in makefile
