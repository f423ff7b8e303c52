"""Heavy work without a token is bounded (docs/tables.md, "Heavy reads of a large table"): reading
the whole of a large table (its export, a year's figures) needs its edit token, a family's table
stays open to anyone with its id, and tables imported without their edit token are limited per
client address."""
from __future__ import annotations

import pytest

from support.tables import bearer, joybells_game, new_table, start_table

SEVEN = [("Ann", {"Bob": 10, "Cy": 5})] * 7


@pytest.fixture
def big(app_factory):
    """An app where a table of more than 2 games is large, and a table of 3 games."""
    app = app_factory(WHOLE_TABLE_READ_GAMES=2, WTF_CSRF_ENABLED=False)
    client = app.test_client()
    table = new_table(client, "The Friday club")
    for _ in range(3):
        joybells_game(client, table, SEVEN)
    return client, table


def whole_reads(table, year):
    return (f"/api/v1/tables/{table['id']}/export.json", f"/api/v1/tables/{table['id']}/export.csv",
            f"/api/v1/tables/{table['id']}/years/{year}")


def test_a_large_tables_whole_reads_need_its_edit_token(big):
    client, table = big
    year = client.get(f"/api/v1/tables/{table['id']}").get_json()["created_at"][:4]
    for url in whole_reads(table, year):
        r = client.get(url)
        assert r.status_code == 401, url
        body = r.get_json()
        assert body["field"] == "Authorization"
        assert "The Friday club has more than 2 games" in body["error"] and "edit token" in body["error"]
        assert client.get(url, headers=bearer("not-the-token")).status_code == 403, url
        assert client.get(url, headers=bearer(table["edit_token"])).status_code == 200, url
    french = client.get(whole_reads(table, year)[0], headers={"Accept-Language": "fr"}).get_json()["error"]
    assert "The Friday club compte plus de 2 parties" in french and "jeton d’édition" in french
    # The table itself, its statistics and its printed year stay open to anyone with its id.
    assert client.get(f"/api/v1/tables/{table['id']}").status_code == 200
    assert client.get(f"/api/v1/tables/{table['id']}/stats").status_code == 200


def test_a_familys_table_is_read_whole_by_anyone_with_its_id(app_factory):
    app = app_factory(WHOLE_TABLE_READ_GAMES=2, WTF_CSRF_ENABLED=False)
    client = app.test_client()
    table = new_table(client)
    for _ in range(2):
        joybells_game(client, table, SEVEN)
    year = client.get(f"/api/v1/tables/{table['id']}").get_json()["created_at"][:4]
    for url in whole_reads(table, year):
        assert client.get(url).status_code == 200, url


def test_tables_imported_without_their_token_are_limited_per_address(client, app_factory, second_database_url):
    table = new_table(client)
    joybells_game(client, table, SEVEN)
    doc = client.get(f"/api/v1/tables/{table['id']}/export.json").get_json()
    other = app_factory(SQLALCHEMY_DATABASE_URI=second_database_url, RATELIMIT_ANONYMOUS_IMPORT="2 per hour").test_client()
    first = other.post("/api/v1/tables/import", json=doc)
    assert first.status_code == 201, first.get_json()
    assert other.post("/api/v1/tables/import", json=doc).status_code == 401  # (it is here now: its token)
    r = other.post("/api/v1/tables/import", json=doc)
    assert r.status_code == 429
    assert "imported from this address without their edit token" in r.get_json()["error"]
    assert "2 per 1 hour" in r.get_json()["error"]
    # The keeper importing into their own table, with its token, is not held back.
    again = other.post("/api/v1/tables/import", json=doc, headers=bearer(first.get_json()["edit_token"]))
    assert again.status_code == 200, again.get_json()


def test_the_share_pages_downloads_of_a_large_table_need_its_edit_link_on_the_phone(app_factory):
    app = app_factory(WHOLE_TABLE_READ_GAMES=2, WTF_CSRF_ENABLED=False)
    keeper = app.test_client()
    table_id, token = start_table(keeper, "The Friday club")  # this phone holds the edit link
    table = {"id": table_id, "edit_token": token}
    for _ in range(3):
        joybells_game(keeper, table, SEVEN)
    share = keeper.get(f"/tables/{table_id}/share").get_data(as_text=True)
    for url in (f"/tables/{table_id}/export.json", f"/tables/{table_id}/export.csv"):
        assert f'href="{url}"' in share
        r = keeper.get(url)
        assert r.status_code == 200 and "attachment" in r.headers["Content-Disposition"], url
        assert "Ann" in r.get_data(as_text=True)  # (read whole: a streamed answer holds its context until then)
        visitor = app.test_client().get(url, headers={"Accept-Language": "fr"})
        assert visitor.status_code == 403 and visitor.mimetype == "text/html", url
        assert "ouvrez d’abord le lien d’édition de la table" in visitor.get_data(as_text=True)
    assert keeper.get(f"/tables/{table_id}/export.json").get_json()["table"]["id"] == table_id
