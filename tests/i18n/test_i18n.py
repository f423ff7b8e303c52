"""The interface's language: chosen from Accept-Language or the switch, remembered per browser,
part of every game answer's ETag; and the French catalogue complete (scorekeeper/i18n.py)."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "scorekeeper" / "translations" / "fr" / "LC_MESSAGES" / "messages.po"
FR = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}


def new_game(client) -> dict:
    r = client.post("/api/v1/games", json={"variant": "le-may-i", "players": ["Ann", "Bob", "Cy"]})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def test_english_unless_the_browser_asks_for_french(client):
    page = client.get("/").get_data(as_text=True)
    assert '<html lang="en">' in page and "Rules &amp; disputes" in page
    page = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"}).get_data(as_text=True)
    assert '<html lang="en">' in page


def test_accept_language_french_gives_the_french_page(client):
    r = client.get("/", headers=FR)
    page = r.get_data(as_text=True)
    assert '<html lang="fr">' in page
    assert "Règles et litiges" in page
    assert {"Accept-Language", "Cookie"} <= set(r.vary)


def test_the_switch_is_remembered_by_the_browser(client):
    page = client.get("/rules").get_data(as_text=True)
    assert 'href="/language/fr?next=/rules"' in page  # the switch names the page it is on
    r = client.get("/language/fr?next=/rules")
    assert r.status_code == 302 and r.headers["Location"] == "/rules"
    assert client.get_cookie("lang").value == "fr"
    # from now on French, even though the browser's own languages say English
    page = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="fr">' in page and 'href="/language/en?next=/"' in page
    client.get("/language/en?next=/")
    assert '<html lang="en">' in client.get("/", headers=FR).get_data(as_text=True)


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/", "javascript:alert(1)", "",
                                    "http://[::1"])
@pytest.mark.no_database  # (the PostgreSQL job leaves it out: tests/conftest.py)
def test_the_switch_never_leaves_the_site(client, target):
    r = client.get("/language/fr", query_string={"next": target})
    assert r.status_code == 302 and r.headers["Location"] == "/"


def test_an_unknown_language_changes_nothing(client):
    r = client.get("/language/xx?next=/")
    assert r.status_code == 302 and client.get_cookie("lang") is None


@pytest.mark.parametrize("path", ["/games/{id}", "/games/{id}/view", "/api/v1/games/{id}", "/games/{id}/scoresheet.pdf"])
def test_game_answers_have_an_etag_per_language(client, path):
    game = new_game(client)
    url = path.format(id=game["id"])
    english, french = client.get(url), client.get(url, headers=FR)
    assert english.status_code == french.status_code == 200
    assert english.headers["ETag"] != french.headers["ETag"]
    # a French phone's poll is answered 304 only for the French tag
    assert client.get(url, headers={**FR, "If-None-Match": french.headers["ETag"]}).status_code == 304
    assert client.get(url, headers={**FR, "If-None-Match": english.headers["ETag"]}).status_code == 200


def test_every_sentence_users_see_is_in_the_french_catalogue(tmp_path):
    """Extract the sentences from the code and templates now: each must be in the French catalogue,
    translated, and not marked fuzzy (``make translations`` adds new ones; translate them)."""
    pot = tmp_path / "messages.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg",
                    "-k", "_l", "-k", "lazy_gettext", "-o", str(pot), "."], cwd=ROOT, check=True,
                   capture_output=True)
    with pot.open("rb") as f:
        wanted = {m.id for m in read_po(f) if m.id}
    with CATALOGUE.open("rb") as f:
        french = {m.id: m for m in read_po(f) if m.id}
    missing = sorted(str(i) for i in wanted if i not in french or not french[i].string or
                     (isinstance(french[i].string, tuple) and not all(french[i].string)))
    fuzzy = sorted(str(i) for i in wanted if i in french and french[i].fuzzy)
    assert not missing, f"{len(missing)} sentences without French (make translations, then translate): {missing[:20]}"
    assert not fuzzy, f"fuzzy (check and unmark): {fuzzy[:20]}"


def test_french_typography_in_the_catalogue():
    """French puts a space before ":", ";", "?", "!" and "»" and after "«": a no-break one, so that
    a narrow phone never starts a line with the sign (``Sortie\u00a0: 0 point.``); and its
    apostrophe is the typographic one."""
    with CATALOGUE.open("rb") as f:
        french = [s for m in read_po(f) if m.id for s in (m.string if isinstance(m.string, tuple) else (m.string,))]
    breaking = [s for s in french if re.search(r" [:;?!»]|« ", s)]
    assert not breaking, f"{len(breaking)} with an ordinary space: {breaking[:5]}"
    glued = [s for s in french if re.search(r"\w[;?!](?:\s|$)", s)]
    assert not glued, f"{len(glued)} without the space: {glued[:5]}"
    assert len([s for s in french if "\u00a0:" in s]) > 400  # the rule is in use, not vacuous
    # one apostrophe throughout, the typographic one (l’as, n’est); straight quotes stay for values ('10H')
    straight = [s for s in french if re.search(r"\w'\w", s)]
    assert not straight, f"{len(straight)} with a straight apostrophe: {straight[:5]}"


def test_the_compiled_catalogue_is_up_to_date():
    compiled = CATALOGUE.with_suffix(".mo")
    assert compiled.exists() and compiled.stat().st_mtime >= CATALOGUE.stat().st_mtime, \
        "the French catalogue is not compiled: run `make test` (or make the .mo target)"


def test_the_rules_speak_french_during_a_french_request_only(client):
    from scorekeeper.rules import words

    assert "Règles et litiges" in client.get("/", headers=FR).get_data(as_text=True)
    # after the request, code outside it (a test, a CLI command) reads the rules in English again
    assert words._("Rules &amp; disputes") == "Rules &amp; disputes"


@pytest.mark.parametrize("language, message", [("fr", "N'est pas un entier valide."),
                                               ("en", "Not a valid integer value.")])
def test_wtforms_own_messages_follow_the_reader(app, language, message):
    """A message WTForms writes itself, for a form of the pages (web/forms.py), in the language
    of the request that built it, also when the two languages alternate."""
    from wtforms import IntegerField

    from scorekeeper.web.forms import PageForm

    class Count(PageForm):
        n = IntegerField()

    for lang in (language, "fr" if language == "en" else "en", language):
        with app.test_request_context(method="POST", data={"n": "x"}, headers={"Cookie": f"lang={lang}"}):
            form = Count(meta={"csrf": False})
            assert not form.validate()
            if lang == language:
                assert form.n.errors == [message]


def test_sentences_inside_other_sentences_are_in_the_catalogue_too():
    """pybabel does not extract a ``_()`` written inside another one's arguments, so the test above
    cannot see it: every literal given to ``_``/``ngettext`` in the package must be in the catalogue."""
    import ast

    with CATALOGUE.open("rb") as f:
        known = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}
    calls = [(path.relative_to(ROOT), node.lineno, node.args[0].value)
             for path in (ROOT / "scorekeeper").rglob("*.py") for node in ast.walk(ast.parse(path.read_text()))
             if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("_", "_l", "ngettext")
             and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)]
    assert len(calls) > 1000
    missing = [call for call in calls if call[2] not in known]
    assert not missing, missing
