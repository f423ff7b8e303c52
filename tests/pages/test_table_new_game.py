"""A table's new-game form starts from the last game: its players, its game and house options; the
"filled in" hint only when something was filled in; a blank seat between players is said as
such; and it offers the blank scoresheet for these players, as the other new-game form does."""
from __future__ import annotations

import html
import re

from support.tables import start_table


def _page(client, table_id):
    return html.unescape(client.get(f"/tables/{table_id}/games/new").get_data(as_text=True))


def test_a_new_table_has_nothing_filled_in_and_says_nothing_is(client):
    table_id, _ = start_table(client)
    page = _page(client, table_id)
    assert "filled in" not in page and "Type to pick from the table's players" in page
    assert "Print a blank scoresheet for these players" in page and 'formaction="/scoresheets/blank' in page


def test_the_next_game_starts_from_the_last_games_variant_players_and_options(client):
    table_id, token = start_table(client)
    r = client.post(f"/tables/{table_id}/games/new", data={
        "variant": "continental", "players-0": "Ann", "players-1": "Bob", "players-2": "Cy", "players-3": "Di",
        "twos_wild": "y"})
    assert r.status_code == 302
    page = _page(client, table_id)
    assert re.search(r'<option selected value="continental">', page)
    assert re.search(r'id="twos_wild"[^>]* checked|checked[^>]*id="twos_wild"', page)
    assert 'value="Di"' in page and "Last game's players are filled in" in page
    # a game asked for by name still wins
    page = html.unescape(client.get(f"/tables/{table_id}/games/new?variant=le-may-i").get_data(as_text=True))
    assert re.search(r'<option selected value="le-may-i">', page)


def test_a_blank_seat_between_players_says_no_gaps(client):
    table_id, _ = start_table(client)
    r = client.post(f"/tables/{table_id}/games/new",
                    data={"variant": "joybells", "players-0": "Ann", "players-1": " ", "players-2": "Cy", "players-3": "Di"})
    page = html.unescape(r.get_data(as_text=True))
    assert r.status_code == 400
    assert "seat 2 is empty: no gaps between players (leave only the last seats empty)" in page
    assert "cannot be blank" not in page
    client.set_cookie("lang", "fr")
    r = client.post(f"/tables/{table_id}/games/new",
                    data={"variant": "joybells", "players-0": "Ann", "players-1": "", "players-2": "Cy"})
    assert "la place 2 est vide\u00a0: pas de trou entre les joueurs" in html.unescape(r.get_data(as_text=True))
