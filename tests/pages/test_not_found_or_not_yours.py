"""Every page that loads a game or a table by its address refuses alike (scorekeeper/web/access.py):
an address that names no game or table is one 404 page, in the reader's language; a change this
phone may not make (it holds no edit token of the game or table) is one 403 page; a table's page of
another table's game is a 404."""
from __future__ import annotations

import html

import pytest

from support.round_form import start, text
from support.tables import new_table, table_game

FR = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}
NO_GAME = {"en": "There is no game 'nogame42': check the address.",
           "fr": "Il n’y a pas de partie 'nogame42' : vérifiez l’adresse."}
NO_TABLE = {"en": "There is no table at this address.", "fr": "Il n’y a pas de table à cette adresse."}
NOT_YOURS = "This phone cannot change this game. Ask the scorekeeper for the game's edit link."
NOT_YOURS_TABLE = "This phone cannot change this table. Ask for the table's edit link."


def _pages(app, argument: str, but: str | None = None):
    """(rule, method) of each page (not the API) whose address names a game or a table (and not ``but``)."""
    for rule in app.url_map.iter_rules():
        if not rule.endpoint.startswith("api.") and argument in rule.arguments and but not in rule.arguments:
            yield rule, ("GET" if "GET" in rule.methods else "POST")


def _address(rule, **values) -> str:
    given = {"number": 1, "name": "Ann", "player_id": 1, "year": "2026", **values}
    return rule.build({k: v for k, v in given.items() if k in rule.arguments}, append_unknown=False)[1]


def _said(response) -> str:
    """The page's words, its no-break spaces (French before a colon) read as spaces."""
    return html.unescape(text(response)).replace("\u00a0", " ").replace("\u202f", " ")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_game_page_says_the_same_404_for_no_such_game(app, client, language):
    headers = FR if language == "fr" else {}
    pages = list(_pages(app, "game_id", but="table_id"))
    assert len(pages) > 15  # the game pages, the share page, the hand-in pages, the downloads
    for rule, method in pages:
        answer = client.open(_address(rule, game_id="nogame42"), method=method, headers=headers)
        assert answer.status_code == 404, (rule.rule, answer.status_code)
        if rule.endpoint != "games.qr":  # (an image's address: the page is for a person)
            assert NO_GAME[language] in _said(answer), (rule.rule, _said(answer)[:400])


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_table_page_says_the_same_404_for_no_such_table(app, client, language):
    headers = FR if language == "fr" else {}
    pages = list(_pages(app, "table_id"))
    assert len(pages) > 15
    for rule, method in pages:
        answer = client.open(_address(rule, table_id="notable42", game_id="nogame42"), method=method, headers=headers)
        assert answer.status_code == 404, (rule.rule, answer.status_code)
        assert NO_TABLE[language] in _said(answer), (rule.rule, _said(answer)[:400])
    for address in ("/rules/joybells/house?table=notable42", "/rules/import?table=notable42"):  # house rules for a table
        answer = client.get(address, headers=headers)
        assert answer.status_code == 404 and NO_TABLE[language] in _said(answer), address


def test_a_change_of_another_phones_game_is_the_same_403_on_every_page(app, client):
    gid = start(client, "joybells", ["Ann", "Bob", "Cy"])
    other = app.test_client()
    changes = ["/games/{}/round", "/games/{}/rounds/1/correct", "/games/{}/withdraw", "/games/{}/suspend",
               "/games/{}/resume", "/games/{}/ruling", "/games/{}/hand-link", "/games/{}/seats/Ann/free",
               "/games/{}/hand-link/qr.svg", "/games/{}/rounds/1/proposals.json", "/games/{}/token"]
    for address in changes:
        address = address.format(gid)
        for method in ("GET", "POST"):
            answer = other.open(address, method=method)
            if answer.status_code == 405:
                continue
            assert answer.status_code == 403, (address, method, answer.status_code)
            if not address.endswith((".svg", ".json")):
                assert NOT_YOURS in _said(answer), (address, method)


def test_a_change_of_another_phones_table_is_the_same_403(app, client):
    table = new_table(client)
    other = app.test_client()
    for address in (f"/tables/{table['id']}/games/new", f"/tables/{table['id']}/games/add",
                    f"/tables/{table['id']}/players/1/rename", f"/rules/joybells/house?table={table['id']}"):
        answer = other.post(address) if address.endswith("/rename") else other.get(address)
        assert answer.status_code == 403 and NOT_YOURS_TABLE in _said(answer), (address, answer.status_code)


def test_a_tables_chart_of_another_tables_game_is_a_404(client):
    ours, theirs = new_table(client, "Ours"), new_table(client, "Theirs")
    game = table_game(client, theirs, "joybells", ["Ann", "Bob", "Cy"])
    answer = client.get(f"/tables/{ours['id']}/games/{game['id']}/chart")
    assert answer.status_code == 404 and "This game is not one of the table's games." in _said(answer)
    assert client.get(f"/tables/{theirs['id']}/games/{game['id']}/chart").status_code == 200
