"""Blank scoresheets: GET /variants/<id>/scoresheet.pdf, real WeasyPrint PDFs read back with pypdf
and drawn with pdftoppm."""
from __future__ import annotations

import subprocess
import sys
from urllib.parse import quote

import pytest

from support.pdfcheck import assert_printed_page, assert_size, pdf_text, render_pngs
from scorekeeper.rules.scoresheet import card_point_groups, dealer_seats, legend
from scorekeeper.rules.variants import all_variants, get_variant

NAMES = ["Ann", "Bob", "Cleo", "Dmitri", "Evangeline", "Fred", "Gus", "Hattie"]
VARIANTS = [v.id for v in all_variants()]


def _counts(variant_id: str) -> list[int]:
    v = get_variant(variant_id)
    return sorted({v.players.min, min(v.players.max, 8)})


@pytest.mark.parametrize("variant_id", VARIANTS)
@pytest.mark.parametrize("paper,orientation", [("a4", "portrait"), ("letter", "landscape")])
def test_blank_sheet_named_players_fits_one_page(client, tmp_path, variant_id, paper, orientation):
    variant = get_variant(variant_id)
    for n in _counts(variant_id):
        names = NAMES[:n]
        url = (
            f"/variants/{variant_id}/scoresheet.pdf?players={','.join(names)}&paper={paper}"
            f"&orientation={orientation}&place={quote('Club Room 2')}&date=2026-11-21"
        )
        response = client.get(url)
        assert response.status_code == 200, response.data
        assert response.mimetype == "application/pdf"
        assert response.data.startswith(b"%PDF-")
        pages, text = pdf_text(response.data)
        assert pages == 1, f"{variant_id} with {n} players on {paper} {orientation}: {pages} pages"
        assert_size(response.data, paper, orientation)
        assert variant.name in text
        assert "Club Room 2" in text and "Saturday 21 November 2026" in text
        for name in names:
            assert name in text
        # the dealer rotation: the first player listed deals first, then the deal passes left
        assert f"{names[0]} deals" in text and f"{names[1 % n]} deals" in text
        if variant.rounds:
            for rnd in variant.rounds:
                assert rnd.contract.describe() in text
                assert f"{rnd.min_cards} cards" in text
        else:
            assert "Hand" in text and "first to 100 wins" in text
        for item in legend(variant):
            assert item.label in text
        assert "Final total" in text
        assert f"blank scoresheet · {'A4' if paper == 'a4' else 'letter'} {orientation}" in text
        for png in render_pngs(response.data, tmp_path, f"{variant_id}-{paper}-{n}"):
            assert_printed_page(png)


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_blank_sheet_without_names_has_name_boxes(client, tmp_path, variant_id):
    variant = get_variant(variant_id)
    n = min(variant.players.max, 8)
    response = client.get(f"/variants/{variant_id}/scoresheet.pdf")
    assert response.status_code == 200
    pages, text = pdf_text(response.data)
    assert pages == 1
    assert_size(response.data, "a4", "portrait")
    for seat in range(1, n + 1):
        assert f"player {seat}" in text
    assert "Write the players in seating order, starting with the first dealer" in text
    assert "player 1 deals" in text
    (png,) = render_pngs(response.data, tmp_path, variant_id)
    assert_printed_page(png)


def test_seats_and_letter_portrait_and_a4_landscape(client, tmp_path):
    for paper, orientation in [("letter", "portrait"), ("a4", "landscape")]:
        response = client.get(f"/variants/clenney/scoresheet.pdf?seats=8&paper={paper}&orientation={orientation}")
        assert response.status_code == 200
        pages, text = pdf_text(response.data)
        assert pages == 1
        assert_size(response.data, paper, orientation)
        assert "player 8" in text and "player 9" not in text
    response = client.get("/variants/roy/scoresheet.pdf?seats=2&paper=LETTER&orientation=Landscape")
    assert response.status_code == 200
    assert_size(response.data, "letter", "landscape")


def test_dealer_parameter_starts_the_rotation(client):
    response = client.get("/variants/joybells/scoresheet.pdf?players=Ann,Bob,Cleo&dealer=cleo")
    assert response.status_code == 200
    _, text = pdf_text(response.data)
    # round 1 Cleo, round 2 Ann, round 3 Bob
    assert "2 sets 8 cards Cleo deals" in text
    assert "2 runs 8 cards Ann deals" in text
    assert "1 set + 1 run 8 cards Bob deals" in text


def test_legend_carries_the_variant_rules(client):
    _, text = pdf_text(client.get("/variants/continental/scoresheet.pdf?seats=4").data)
    assert "Joker = 50 · A = 20 · 10, J, Q, K = 10 · 2–9 = 5" in text
    assert "Jokers, the ace of hearts, the ace of diamonds" in text
    assert "1 penalty card" in text
    _, text = pdf_text(client.get("/variants/joybells/scoresheet.pdf?seats=4").data)
    assert "Round 7: go out with every card in the 3 runs, no final discard" in text
    assert "2, Joker = 20" in text and "3–10 = face value" in text
    assert "Aces are low only" in text
    _, text = pdf_text(client.get("/variants/le-may-i/scoresheet.pdf?seats=4").data)
    assert "No wild cards" in text and "20 points off your total" in text
    assert "Round 5: go out with no card left" in text
    _, text = pdf_text(client.get("/variants/roy/scoresheet.pdf?seats=3").data)
    assert "K♠" in text and "draws 7 and loses the turn" in text
    assert "draws 2 (4, 6, 8 as aces stack)" in text
    assert "changes the suit" in text and "First to 100 wins the game" in text


@pytest.mark.parametrize(
    "query,needle",
    [
        ("paper=a5", "paper: 'a5'"),
        ("orientation=sideways", "orientation: 'sideways'"),
        ("players=" + ",".join(NAMES + ["Ida"]), "players: 9 names"),
        ("players=Ann,Bob", "players: 2 players is out of range"),
        ("players=Ann,Bob,ann,Dan", "players[2]: 'ann'"),
        ("players=Ann,,Bob,Dan", "players[1]: ''"),
        ("players=Ann,Bob,Cleo," + "X" * 41, "players[3]: 'XXXX"),
        ("seats=3", "seats: 3 players is out of range"),
        ("seats=four", "seats: 'four'"),
        ("seats=9", "seats: 9 players"),
        ("players=Ann,Bob,Cleo,Dan&seats=5", "seats: '5'"),
        ("players=Ann,Bob,Cleo,Dan&dealer=Zed", "dealer: 'Zed'"),
        ("date=21/11/2026", "date: '21/11/2026'"),
        ("date=2026-02-30", "date: '2026-02-30'"),
        ("place=" + "y" * 70, "place: 'yyyy"),
        ("place=a%00b", "place: 'a\\x00b'"),
        ("colour=red", "colour: unknown parameter"),
        ("paper=a4&paper=letter", "paper: given 2 times"),
    ],
)
@pytest.mark.no_database  # (the PostgreSQL job leaves it out: tests/conftest.py)
def test_bad_query_values_are_400_naming_parameter_and_value(client, query, needle):
    response = client.get(f"/variants/continental/scoresheet.pdf?{query}")
    assert response.status_code == 400
    assert response.mimetype == "text/plain"
    assert needle in response.get_data(as_text=True)


def test_roy_takes_two_or_three_players(client):
    response = client.get("/variants/roy/scoresheet.pdf?players=Ann,Bob,Cleo,Dan")
    assert response.status_code == 400
    assert "players: 4 players is out of range: ROY is for 2 to 3 players" in response.get_data(as_text=True)


def test_unknown_variant_is_404(client):
    response = client.get("/variants/canasta/scoresheet.pdf")
    assert response.status_code == 404
    assert "'canasta' is not a known variant" in response.get_data(as_text=True)


def test_dealer_rotation_and_point_groups():
    assert dealer_seats(4, 2, 7) == [2, 3, 0, 1, 2, 3, 0]
    assert card_point_groups(get_variant("clenney")) == [("A", "15"), ("10, J, Q, K", "10"), ("2–9", "5")]
    assert card_point_groups(get_variant("le-may-i")) == [("A", "15"), ("J, Q, K", "10"), ("2–10", "face value")]


def test_weasyprint_is_not_imported_at_app_start(tmp_path):
    code = (
        "import sys\n"
        "from scorekeeper import create_app\n"
        f"app = create_app({{'TESTING': True, 'SECRET_KEY': 'x', 'SQLALCHEMY_DATABASE_URI': 'sqlite:///{tmp_path}/a.db'}})\n"
        "app.test_client().get('/')\n"
        "assert 'weasyprint' not in sys.modules, 'weasyprint imported at start'\n"
        "r = app.test_client().get('/variants/roy/scoresheet.pdf?seats=2')\n"
        "assert r.status_code == 200 and r.data.startswith(b'%PDF')\n"
        "assert 'weasyprint' not in sys.modules, 'weasyprint imported by the web process'  # (the render's own process)\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=str(__import__("pathlib").Path(__file__).parents[2]))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


LONG_NAMES = [
    "Bartholomew Maximilian Fitzgerald-Smythe", "Wolfeschlegelsteinhausenbergerdorffwelch",
    "Anna-Karenina Konstantinovna Shcherbatsk", "Evangeline Rosalind Montgomery-Whitfield",
    "Fredericka Wilhelmina von Hohenzollernyy", "Gustavus Adolphus Theodoric Fairweather",
    "Hattie Mae Josephine Beauregard-Lafayett", "Ignatius Cornelius Percival Worthington",
]


@pytest.mark.parametrize("variant_id", ["continental", "joybells", "clenney", "roy"])
def test_longest_names_and_place_still_fit_one_page(client, variant_id):
    variant = get_variant(variant_id)
    names = LONG_NAMES[: min(variant.players.max, 8)]
    assert all(len(n) <= 40 for n in names)
    for paper in ("a4", "letter"):
        for orientation in ("portrait", "landscape"):
            response = client.get(f"/variants/{variant_id}/scoresheet.pdf", query_string={
                "players": ",".join(names), "place": "The Old Rectory Community Hall, Lower Slaughter, Glos.",
                "date": "2026-12-31", "paper": paper, "orientation": orientation})
            assert response.status_code == 200
            pages, text = pdf_text(response.data)
            assert pages == 1, f"{variant_id} {paper} {orientation}: {pages} pages"
            assert "Lower Slaughter" in text
