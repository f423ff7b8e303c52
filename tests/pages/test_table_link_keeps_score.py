"""The table's edit link gives what its page says: a phone holding it keeps score of the table's
games through the pages (the round form and /round), those imported with the table too, and
frees a seat claimed from a player's phone (scorekeeper/web/remembered.py, ``game_token``)."""
from __future__ import annotations

from support.round_form import post_round, round_data
from support.tables import bearer, new_table, table_game


def open_table_link(client, table) -> None:
    r = client.post(f"/tables/{table['id']}/edit", data={"token": table["edit_token"]})
    assert r.status_code in (302, 303), r.get_data(as_text=True)[:300]


def save_first_round(client, gid) -> None:
    data = round_data([0, 1, 2], 0, {1: {"mode": "points", "points": "15"}, 2: {"mode": "points", "points": "30"}},
                      number=1)
    r = post_round(client, gid, data)
    assert r.status_code in (302, 303), r.get_data(as_text=True)[:600]
    rounds = client.get(f"/api/v1/games/{gid}").get_json()["rounds"]
    assert len(rounds) == 1


def test_the_tables_edit_link_keeps_score_of_its_games(client, app):
    table = new_table(client)
    game = table_game(client, table, "clenney", ["Ann", "Bob", "Cy"])
    phone = app.test_client()  # another phone, given only the table's edit link
    assert phone.get(f"/games/{game['id']}/round").status_code == 403
    open_table_link(phone, table)
    assert phone.get(f"/games/{game['id']}/round").status_code == 200
    save_first_round(phone, game["id"])
    share = phone.get(f"/games/{game['id']}/share").get_data(as_text=True)
    assert "This phone keeps score with the table's edit link" in share and table["edit_token"] not in share
    # Its offline round form gets a token the API takes for this game.
    token = phone.get(f"/games/{game['id']}/edit-token").get_json()["edit_token"]
    assert client.post(f"/api/v1/games/{game['id']}/suspend", headers=bearer(token), json={}).status_code == 200
    # A new table link ends it, as its page says.
    r = client.post(f"/api/v1/tables/{table['id']}/token", headers=bearer(table["edit_token"]))
    assert r.status_code == 200
    assert phone.get(f"/games/{game['id']}/round").status_code == 403


def test_the_tables_edit_link_keeps_score_of_a_game_imported_with_the_table(client, app_factory, second_database_url):
    table = new_table(client)
    game = table_game(client, table, "clenney", ["Ann", "Bob", "Cy"])
    doc = client.get(f"/api/v1/tables/{table['id']}/export.json").get_json()
    other = app_factory(SQLALCHEMY_DATABASE_URI=second_database_url, WTF_CSRF_ENABLED=False)
    r = other.test_client().post("/api/v1/tables/import", json=doc)
    assert r.status_code == 201, r.get_json()
    phone = other.test_client()
    open_table_link(phone, {"id": table["id"], "edit_token": r.get_json()["edit_token"]})
    assert phone.get(f"/games/{game['id']}/round").status_code == 200
    save_first_round(phone, game["id"])


def test_the_tables_edit_link_frees_a_seat_of_its_game(client, app):
    table = new_table(client)
    game = table_game(client, table, "clenney", ["Ann", "Bob", "Cy"])
    link = client.post(f"/api/v1/games/{game['id']}/hand-link", headers=bearer(table["edit_token"])).get_json()
    seat = client.post(f"/api/v1/games/{game['id']}/seats/Bob/claim", headers=bearer(link["token"])).get_json()
    phone = app.test_client()
    open_table_link(phone, table)
    share = phone.get(f"/games/{game['id']}/share").get_data(as_text=True)
    assert "Free this seat" in share and "Bob" in share
    r = phone.post(f"/games/{game['id']}/seats/Bob/free")
    assert r.status_code in (302, 303)
    assert "seats" in r.headers["Location"]
    r = client.put(f"/api/v1/games/{game['id']}/rounds/1/proposals/Bob", json={"points": 3}, headers=bearer(seat["token"]))
    assert r.status_code == 403
    assert "Free this seat" not in phone.get(f"/games/{game['id']}/share").get_data(as_text=True)
    assert app.test_client().post(f"/games/{game['id']}/seats/Ann/free").status_code == 403  # a phone without a link


def test_the_share_page_stops_showing_a_hand_in_link_that_a_new_edit_token_ended(client):
    game = table_game(client, table := new_table(client), "clenney", ["Ann", "Bob", "Cy"])
    open_table_link(client, table)
    assert client.post(f"/games/{game['id']}/hand-link").status_code in (302, 303)
    assert "/hand#token=" in client.get(f"/games/{game['id']}/share").get_data(as_text=True)
    assert client.post(f"/games/{game['id']}/token").status_code in (302, 303)  # "Make a new edit link"
    share = client.get(f"/games/{game['id']}/share").get_data(as_text=True)
    assert "/hand#token=" not in share and "Make the hand-in link" in share
    assert client.get(f"/games/{game['id']}/hand-link/qr.svg").status_code == 404
