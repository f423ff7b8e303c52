"""Where the sheets are linked from: each variant's rules page, the new-game form (names pre-filled)
and the game page's print button."""
from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

from support.pdfcheck import pdf_text
from support.scoresheet_games import create
from scorekeeper.rules.variants import all_variants


def test_every_variant_page_links_its_blank_sheet(client):
    for v in all_variants():
        page = client.get(f"/rules/{v.id}")
        assert page.status_code == 200
        links = [unescape(h) for h in re.findall(r'href="([^"]*scoresheet\.pdf[^"]*)"', page.get_data(as_text=True))]
        assert f"/variants/{v.id}/scoresheet.pdf" in links
        assert f"/variants/{v.id}/scoresheet.pdf?paper=letter&orientation=landscape" in links
        for link in (links[0], links[-1]):
            response = client.get(link)
            assert response.status_code == 200 and response.mimetype == "application/pdf", link


def test_new_game_form_prints_a_blank_sheet_with_the_names_typed(client):
    page = client.get("/games/new").get_data(as_text=True)
    assert 'formaction="/scoresheets/blank"' in page and 'formmethod="get"' in page
    # the form sent as a GET, as the button does: every field of the form comes along
    query = {"csrf_token": "x", "variant": "continental", "players-0": "Ann", "players-1": "Bob",
             "players-2": " Cleo ", "players-3": "Di", "players-4": "", "players-5": "", "players-6": "",
             "players-7": "", "dealer": "1", "twos_wild": "y"}
    response = client.get("/scoresheets/blank", query_string=query)
    assert response.status_code == 302
    target = urlsplit(response.headers["Location"])
    assert target.path == "/variants/continental/scoresheet.pdf"
    assert parse_qs(target.query) == {"players": ["Ann,Bob,Cleo,Di"], "dealer": ["Bob"]}
    sheet = client.get(response.headers["Location"])
    assert sheet.status_code == 200
    _, text = pdf_text(sheet.data)
    assert "2 sets 6 cards Bob deals" in text and "Ann" in text and "Di" in text
    # nobody typed yet: a sheet with name boxes
    response = client.get("/scoresheets/blank", query_string={"variant": "roy", "players-0": "", "dealer": "0"})
    assert response.status_code == 302 and urlsplit(response.headers["Location"]).path == "/variants/roy/scoresheet.pdf"


def test_new_game_form_values_that_cannot_make_a_sheet(client):
    bad = [
        ({"variant": "poker"}, "variant: 'poker'"),
        ({"variant": "joybells", "players-0": "Ann", "dealer": "3"}, "dealer: '3'"),
        ({"variant": "joybells", "players-0": "A,B"}, "players-0: 'A,B' contains a comma"),
        ({"variant": "joybells", "seat": "1"}, "seat: unknown parameter"),
    ]
    for query, words in bad:
        response = client.get("/scoresheets/blank", query_string=query)
        assert response.status_code == 400 and words in response.get_data(as_text=True), query
    # too few players for the variant: the sheet itself says so
    response = client.get("/scoresheets/blank", query_string={"variant": "continental", "players-0": "Ann",
                                                              "players-1": "Bob", "dealer": "0"}, follow_redirects=True)
    assert response.status_code == 400 and "players: 2 players is out of range" in response.get_data(as_text=True)


def test_game_page_has_the_print_button(client):
    game = create(client, "clenney", ["Ann", "Bob", "Cy"])
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert f'href="/games/{game["id"]}/scoresheet.pdf"' in page
    response = client.get(f"/games/{game['id']}/scoresheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
