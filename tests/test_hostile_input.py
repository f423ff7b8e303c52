"""Hostile input that used to answer 500 or say too much, each refused in words on SQLite and
PostgreSQL: TOML nested hundreds deep on every TOML import, ids beyond the integer columns' range,
a NUL in the address, the database's own words in an import's refusal, CSV cells that a
spreadsheet would run."""
from __future__ import annotations

import csv
import io
import pytest


DEEP_TOML = 'based_on = "continental"\nname = "Deep"\nx = ' + "[" * 500 + "]" * 500 + "\n"
DEEP_INLINE = 'based_on = "continental"\nname = "Deep"\nx = ' + "{a=" * 500 + "1" + "}" * 500 + "\n"
HUGE = 10**20


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def new_table(client, name="The Smiths"):
    r = client.post("/api/v1/tables", json={"name": name})
    assert r.status_code == 201, r.json
    return r.json


def table_with_game(client):
    table = new_table(client)
    r = client.post("/api/v1/games", json={"variant": "continental", "players": ["Ann", "Bob", "Cy", "Di"],
                                           "table": table["id"]}, headers=bearer(table["edit_token"]))
    assert r.status_code == 201, r.json
    return table, r.json


def assert_refused(r, status=400, *words):
    assert r.status_code == status, (r.status_code, r.get_data(as_text=True)[:500])
    text = r.get_data(as_text=True)
    for word in words:
        assert word in text, text[:500]


# ----- TOML nested deep -----------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [DEEP_TOML, DEEP_INLINE], ids=["arrays", "inline-tables"])
def test_deep_toml_is_refused_on_every_toml_import(client, text):
    # the API, as the body and as JSON
    assert_refused(client.post("/api/v1/variants/import", data=text, content_type="application/toml"),
                   422, "nested more than 20 deep")
    assert_refused(client.post("/api/v1/variants/import", json={"toml": text}), 422, "nested more than 20 deep")
    # the page: pasted text and an uploaded file
    r = client.post("/rules/import", data={"text": text})
    assert r.status_code == 400 and "nested more than 20 deep" in r.get_data(as_text=True)
    r = client.post("/rules/import", data={"file": (io.BytesIO(text.encode()), "deep.toml")},
                    content_type="multipart/form-data")
    assert r.status_code == 400 and "nested more than 20 deep" in r.get_data(as_text=True)
    # a table import's house variant
    doc = {"format": "scorekeeper-table", "version": 1,
           "table": {"id": "Deeptable0000000", "name": "Deep", "created_at": "2026-01-01T00:00:00"},
           "players": [], "games": {"format": "scorekeeper-backup", "version": 1, "players": [], "games": []},
           "house_variants": [{"id": "h-deep00000001", "name": "Deep", "based_on": "continental", "changes": {},
                               "rules_toml": text, "version": 1, "created_at": "2026-01-01T00:00:00",
                               "updated_at": "2026-01-01T00:00:00"}]}
    r = client.post("/api/v1/tables/import", json=doc)
    assert_refused(r, 400, "house_variants[0].rules_toml", "nested more than 20 deep")
    assert client.get("/api/v1/tables/Deeptable0000000").status_code == 404  # nothing stored


def test_a_deep_toml_inside_strings_and_comments_is_not_nesting():
    from scorekeeper.rules.toml_depth import too_deep

    assert not too_deep('a = "' + "[" * 100 + '"\n# ' + "{" * 100 + "\nb = '''" + "[" * 100 + "'''\n")
    assert too_deep("a = " + "[" * 21 + "]" * 21)
    assert not too_deep("a = " + "[" * 20 + "]" * 20)


# ----- integers beyond the columns' range ------------------------------------------------------------------

@pytest.mark.parametrize("number", [HUGE, 2**31])
def test_ids_beyond_the_integer_range_are_not_found(client, number):
    table, game = table_with_game(client)
    tid, token = table["id"], table["edit_token"]
    pid = client.get(f"/api/v1/tables/{tid}").json["players"][0]["id"]
    assert_refused(client.post(f"/api/v1/tables/{tid}/players/{pid}/merge", json={"into": number},
                               headers=bearer(token)), 404, "no player")
    assert_refused(client.patch(f"/api/v1/tables/{tid}/players/{number}", json={"name": "Zed"},
                                headers=bearer(token)), 404)
    assert_refused(client.post(f"/api/v1/tables/{tid}/players/{number}/merge", json={"into": pid},
                               headers=bearer(token)), 404)
    assert_refused(client.get(f"/tables/{tid}/players/{number}"), 404)
    assert_refused(client.get(f"/api/v1/games/{game['id']}/rounds/{number}"), 404)
    r = client.get(f"/tables/{tid}?player={number}")
    assert r.status_code == 200 and "is not on this table&#39;s roster" in r.get_data(as_text=True)
    r = client.get(f"/tables/{tid}?page={number}")
    assert r.status_code == 200 and "past the last page" in r.get_data(as_text=True)
    r = client.get(f"/tables/{tid}/stats?player={number}&page={number}")
    assert r.status_code == 200


# ----- NUL in the address --------------------------------------------------------------------------------

def test_a_nul_in_the_query_is_refused_as_bad_input(client):
    table, game = table_with_game(client)
    tid = table["id"]
    for path in (f"/tables/{tid}?variant=a%00b", f"/tables/{tid}/stats?variant=%00",
                 f"/api/v1/tables/{tid}/stats?variant=continental%00", f"/tables/{tid}/rulings?q=x%00y",
                 f"/tables/{tid}/players/1?variant=%00", "/rules/search?q=%00"):
        r = client.get(path)
        assert r.status_code in (400, 404), (path, r.status_code)
        if "?" in path:
            assert r.status_code == 400 and "NUL" in r.get_data(as_text=True), path


# ----- CSV -----------------------------------------------------------------------------------------------------

def test_every_csv_cell_of_a_table_export_is_guarded(client):
    table, game = table_with_game(client)
    doc = client.get(f"/api/v1/tables/{table['id']}/export.json").get_json()
    doc["table"]["id"] = "Imported00table0"
    doc["games"]["games"][0]["id"] = "-A1-B1-dd458d"  # an imported game may carry any id of the pattern
    r = client.post("/api/v1/tables/import", json=doc)
    assert r.status_code == 201, r.json
    r = client.get("/api/v1/tables/Imported00table0/export.csv")
    assert r.status_code == 200
    rows = list(csv.reader(io.StringIO(r.get_data(as_text=True))))
    assert len(rows) == 5
    for row in rows[1:]:
        assert row[0] == "'-A1-B1-dd458d"
        assert not any(cell[:1] in ("=", "+", "-", "@") for cell in row), row
