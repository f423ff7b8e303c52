"""A house option is data: a variant's TOML file offers it and the catalogue translates its label;
the new-game form, the game, its scoresheet link and the rules page follow with no code change."""
from __future__ import annotations

import html
import shutil
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from scorekeeper import create_app
from scorekeeper.rules import variants as variants_mod
from scorekeeper.rules.variants import load_variant

PACKAGE = Path(variants_mod.__file__).resolve().parent
OPTION = '''
[house_options.threes_wild]
label = "3s are wild too"
adds_wild = ["3"]
source = { file = "001", section = "Rule Variations" }
'''


def _variant_with_new_option():
    """Continental's TOML with one more house option, under an id of its own."""
    text = (PACKAGE / "variants" / "continental.toml").read_text()
    text = text.replace('id = "continental"', 'id = "continental-threes"', 1)
    text = text.replace('name = "Continental"', 'name = "Threes"', 1)
    head, sources = text.split("\n[sources]", 1)
    return load_variant(head + OPTION + "\n[sources]" + sources)


def _catalogue_with(tmp_path: Path, msgid: str, msgstr: str) -> str:
    """A copy of the translations with one more French sentence, compiled."""
    root = tmp_path / "translations"
    shutil.copytree(PACKAGE.parent / "translations", root)
    po_path = root / "fr" / "LC_MESSAGES" / "messages.po"
    with po_path.open("rb") as f:
        catalog = read_po(f)
    catalog.add(msgid, msgstr)
    with (po_path.with_suffix(".mo")).open("wb") as f:
        write_mo(f, catalog)
    return str(root)


def test_a_new_house_option_needs_only_toml_and_the_catalogue(database_url, tmp_path, monkeypatch):
    variant = _variant_with_new_option()
    monkeypatch.setitem(variants_mod.VARIANTS, variant.id, variant)
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": database_url,
                      "WTF_CSRF_ENABLED": False,
                      "BABEL_TRANSLATION_DIRECTORIES": _catalogue_with(tmp_path, "3s are wild too",
                                                                       "Les 3 servent aussi de joker")})
    client = app.test_client()

    form = html.unescape(client.get("/games/new").get_data(as_text=True))
    assert 'name="threes_wild"' in form and "3s are wild too" in form and "(Threes)" in form
    client.set_cookie("lang", "fr")
    assert "Les 3 servent aussi de joker" in html.unescape(client.get("/games/new").get_data(as_text=True))
    client.set_cookie("lang", "en")

    r = client.post("/games/new", data={"variant": variant.id, "dealer": "0", "threes_wild": "y",
                                        **{f"players-{i}": n for i, n in enumerate(["Ann", "Bob", "Cy", "Di"])}})
    assert r.status_code == 302, r.get_data(as_text=True)[:400]
    game = client.get(f"/api/v1/games/{r.headers['Location'].rsplit('/', 1)[1]}").json
    assert game["house_rules"] == {"no_may_i_in_last_three_rounds": False, "twos_wild": False, "threes_wild": True}
    assert any("3s are wild too" in note for note in game["notes"])

    # The form's "blank scoresheet" button sends the option too: it is known, not refused.
    r = client.get("/scoresheets/blank", query_string={"variant": variant.id, "players-0": "Ann", "threes_wild": "y"})
    assert r.status_code == 302, r.get_data(as_text=True)
    # The rules page states it, with its source.
    page = html.unescape(client.get(f"/rules/{variant.id}").get_data(as_text=True))
    assert "3s are wild too" in page
    with app.app_context():
        app.extensions["sqlalchemy"].engine.dispose()
