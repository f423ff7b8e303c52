"""A new table edit link ends every right the old one gave out (docs/tables.md, "A new edit link"):
the old table link, the edit tokens of the games and house variants started with it, and a phone
that joined by the old link, which can no longer suspend the game it started from the table page.
The phone that made the new link keeps what it could change; the new table token changes
everything of the table."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest


@pytest.fixture
def app(app_factory):
    return app_factory(WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=False)


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def a_round(client, game_id, token):
    return client.post(f"/api/v1/games/{game_id}/rounds", headers=bearer(token),
                       json={"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 7}}})


def the_variant_changed(client, variant_id, token):
    return client.put(f"/api/v1/variants/{variant_id}", headers=bearer(token),
                      json={"changes": {"card_points": {"JK": 40}}})


def start(app, table_id, old_token):
    """A phone that joins by the table's link (the older ``?token=`` form) and starts a game from
    the table page: (its client, its game's id)."""
    phone = app.test_client()
    r = phone.get(f"/tables/{table_id}/edit?token={old_token}")
    assert r.status_code == 302 and old_token not in r.headers["Location"]
    assert "token" not in parse_qs(urlsplit(r.headers["Location"]).query)
    r = phone.post(f"/tables/{table_id}/games/new", data={
        "variant": "clenney", "players-0": "Ann", "players-1": "Bob", "players-2": "Cy", "dealer": "0"})
    assert r.status_code == 302, r.get_data(as_text=True)[:2000]
    return phone, r.headers["Location"].rstrip("/").split("/")[-1]


def setup(app):
    client = app.test_client()
    table = client.post("/api/v1/tables", json={"name": "The Smiths"}).json
    t1 = table["edit_token"]
    game = client.post("/api/v1/games", headers=bearer(t1), json={
        "variant": "clenney", "players": ["Ann", "Bob", "Cy"], "table": table["id"]}).json
    variant = client.post("/api/v1/variants", headers=bearer(t1), json={
        "based_on": "joybells", "name": "Our Joybells", "changes": {}, "table": table["id"]}).json
    assert game["edit_token"] and variant["edit_token"]
    return client, table, game, variant


def test_a_new_table_token_over_the_api_ends_every_right_the_old_one_gave(app):
    client, table, game, variant = setup(app)
    phone, phone_game = start(app, table["id"], table["edit_token"])
    assert phone.get(f"/games/{phone_game}/suspend").status_code == 200  # (before: it may)

    r = client.post(f"/api/v1/tables/{table['id']}/token", headers=bearer(table["edit_token"]))
    assert r.status_code == 200
    t2 = r.json["edit_token"]

    assert a_round(client, game["id"], game["edit_token"]).status_code == 403
    assert the_variant_changed(client, variant["id"], variant["edit_token"]).status_code == 403
    assert client.patch(f"/api/v1/tables/{table['id']}", headers=bearer(table["edit_token"]),
                        json={"name": "Mine"}).status_code == 403
    assert phone.get(f"/games/{phone_game}/suspend").status_code == 403
    assert phone.post(f"/games/{phone_game}/suspend", data={"confirm": "yes"}).status_code == 403
    assert phone.get(f"/tables/{table['id']}/games/new").status_code == 403
    assert client.get(f"/api/v1/games/{phone_game}").json["status"] == "in_progress"
    # the old link is a clear page, and takes nothing
    old = app.test_client().get(f"/tables/{table['id']}/edit?token={table['edit_token']}")
    assert old.status_code == 403 and "not valid" in old.get_data(as_text=True)
    # the new token changes all of it
    assert a_round(client, game["id"], t2).status_code == 201
    assert a_round(client, phone_game, t2).status_code == 201
    assert the_variant_changed(client, variant["id"], t2).status_code == 200


def test_the_phone_that_makes_a_new_link_keeps_its_games_and_house_variants(app):
    client, table, game, variant = setup(app)
    owner, owner_game = start(app, table["id"], table["edit_token"])
    other, other_game = start(app, table["id"], table["edit_token"])
    r = owner.post(f"/tables/{table['id']}/token")
    assert r.status_code == 302
    page = owner.get(f"/tables/{table['id']}/share").get_data(as_text=True)
    t2 = re.search(r"#token=([A-Za-z0-9_-]+)", page).group(1)
    assert t2 != table["edit_token"]
    assert owner.get(f"/games/{owner_game}/suspend").status_code == 200
    assert owner.get(f"/tables/{table['id']}/games/new").status_code == 200
    assert other.get(f"/games/{other_game}/suspend").status_code == 403
    assert other.get(f"/tables/{table['id']}/games/new").status_code == 403
    assert a_round(client, other_game, t2).status_code == 201
