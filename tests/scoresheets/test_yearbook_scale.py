"""The yearbook of a club's table stays a book (docs/tables.md, "The yearbook of a large table"): 300
players with long names, five games played, thirty disputes; at most 40 pages in each language and
paper, every player still named (the most active with a page each, the others in the compact table),
while the JSON keeps every player. A render that runs out of time answers 503 with Retry-After and
keeps nothing.

The big table is made once for the module through the app's services (tests/support/big_table.py),
on the suite's database. The render's time at 1,000 games is measured in bench/bench_yearbook.py."""
from __future__ import annotations

import multiprocessing

import pytest

from scorekeeper import create_app
from scorekeeper.db import db
from scorekeeper.models import ScoresheetPdf, utcnow
from scorekeeper.web.tables.yearbook import MAX_PAGES, PLAYER_PAGES, VARIANTS_IN_FULL

from support import big_table
from support.pdfcheck import ink, pdf_text, render_pngs
from support.yearbook_data import bearer

PLAYERS, GAMES = 300, 75
VARIANTS = ("continental", "joybells", "clenney", "le-may-i", "roy")
LONG = ("Annabelle-Marguerite de la Fontaine", "Bartholomew Fitzgerald-Worthington", "Cyprien Étienne Beaumarchais",
        "Dorothea Wilhelmina Vanderbilt", "Ezekiel Montgomery Abernathy", "Françoise-Éléonore Delacroix")
DISPUTES = 30
pytestmark = [pytest.mark.xdist_group("yearbook-scale"), pytest.mark.slow]


def long_name(i: int) -> str:
    return f"{LONG[i % len(LONG)]} {i:03d}"[:40]


@pytest.fixture(scope="module")
def world(db_backend, postgresql_cluster, tmp_path_factory):
    """The app on a database of its own holding the club's table, its games finished this year."""
    with big_table.app_of_its_own(db_backend, postgresql_cluster, tmp_path_factory.mktemp("yearbook")) as app:
        with app.app_context():
            club = big_table.seed(PLAYERS, GAMES, variants=VARIANTS, naming=long_name, fast=True,
                                  table_name="The Grand Old Card Club of Saint-Rémy-de-Provence")
        client = app.test_client()
        for k in range(DISPUTES):
            r = client.post(f"/api/v1/games/{club.games[k % len(club.games)]}/rulings",
                            json={"what_happened": f"Dispute {k + 1}: a discard before drawing",
                                  "ruling": "The player draws from the stock", "round": 1},
                            headers=bearer(club.edit_token))
            assert r.status_code == 201, r.get_json()
        yield app, club


def this_year() -> int:
    return utcnow().year


@pytest.mark.parametrize("lang,paper", [("en", "a4"), ("fr", "letter")])
def test_a_club_of_300_players_gets_a_book_of_at_most_40_pages(world, tmp_path, lang, paper):
    app, club = world
    client = app.test_client()
    year = this_year()
    body = client.get(f"/api/v1/tables/{club.id}/years/{year}").get_json()
    assert body["games_counted"] == GAMES and len(body["variants"]) == len(VARIANTS)
    everyone = {p["name"] for v in body["variants"] for p in v["players"]}
    assert everyone == set(club.names)  # the JSON keeps every player
    r = client.get(f"/tables/{club.id}/years/{year}.pdf?paper={paper}", headers={"Accept-Language": lang})
    assert r.status_code == 200, r.get_data(as_text=True)[:500]
    pages, text = pdf_text(r.data)
    assert pages <= MAX_PAGES, pages
    compact = text.replace(" ", "").replace("\u00a0", "")  # (a long name may wrap onto two lines)
    missing = [n for n in club.names if n.replace(" ", "") not in compact]
    assert not missing, missing[:5]  # every player is named: a page of their own or a line at the back
    everyone_else = "Everyone else who played" if lang == "en" else "Tous les autres joueurs"
    assert everyone_else in text
    # The variants played least are one line each; the records and standings are the four others'.
    last = body["variants"][-1]["name"]
    assert text.count(last) >= 1 and len(body["variants"]) > VARIANTS_IN_FULL
    for png in render_pngs(r.data, tmp_path, f"club-{lang}-{paper}", dpi=30):
        seen = ink(png)
        left, top, right, bottom = seen["bbox"]
        margin = 0.03 * seen["width"]  # nothing runs off the sheet
        assert left > margin and right < seen["width"] - margin, (png.name, seen["bbox"])
        assert top > margin and bottom < seen["height"] - 0.5 * margin, (png.name, seen["bbox"])


def test_the_most_active_players_have_a_page_each(world):
    app, club = world
    client = app.test_client()
    year = this_year()
    body = client.get(f"/api/v1/tables/{club.id}/years/{year}").get_json()
    games: dict[str, int] = {}
    wins: dict[str, int] = {}
    for v in body["variants"]:
        for p in v["players"]:
            games[p["name"]] = games.get(p["name"], 0) + p["games"]
            wins[p["name"]] = wins.get(p["name"], 0) + p["wins"]
    ranked = sorted(games, key=lambda n: (-games[n], -wins[n], n.casefold()))  # most games, then wins, then name
    most, fewest = games[ranked[0]], games[ranked[-1]]
    assert most > fewest
    _, text = pdf_text(client.get(f"/tables/{club.id}/years/{year}.pdf").data)
    # A player's page says "<n> games · <w> wins": only the most active have one.
    for name in ranked[:PLAYER_PAGES]:
        assert f"{name} {games[name]} game" in text, name
    for name in ranked[PLAYER_PAGES:]:
        assert f"{name} {games[name]} game" not in text, name


def test_a_render_out_of_time_answers_503_and_keeps_nothing(world):
    app, club = world
    slow = create_app({**app.config, "PDF_RENDER_TIMEOUT": 0.05})
    client = slow.test_client()
    year = this_year()
    with slow.app_context():
        db.session.execute(db.delete(ScoresheetPdf))
        db.session.commit()
    r = client.get(f"/tables/{club.id}/years/{year}.pdf?paper=letter")
    assert r.status_code == 503 and int(r.headers["Retry-After"]) >= 30
    assert "in time" in r.get_data(as_text=True)
    assert not multiprocessing.active_children()  # the render's process was stopped
    with slow.app_context():
        assert db.session.query(ScoresheetPdf).count() == 0
        db.session.remove()
        for engine in slow.extensions["sqlalchemy"].engines.values():
            engine.dispose()
    # With its time, the same booklet is made.
    assert app.test_client().get(f"/tables/{club.id}/years/{year}.pdf?paper=letter").status_code == 200
