"""A house variant file imported from a table's page joins that table (its "Start a game" offers
it), and a file imported twice is recognised: the same rules add nothing; other rules under the
same name ask "update it or keep both?" and never make a silent second copy (web and API)."""
from __future__ import annotations

import html
import io
import re

from support.tables import bearer, start_table

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
EN = {"Accept-Language": "en"}


def words(r) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", r.get_data(as_text=True)))).replace("\u00a0", " ")


def martins_file(client, cards=11) -> str:
    """The file a family exports from another server: Martins Continental."""
    r = client.post("/api/v1/variants", json={"based_on": "continental", "name": "Martins Continental",
                                              "changes": {"cards_dealt": cards}})
    assert r.status_code == 201, r.json
    return client.get(f"/api/v1/variants/{r.json['id']}/rules.toml").get_data(as_text=True)


def import_page(client, table_id, text, headers=EN, **extra):
    return client.post(f"/rules/import?table={table_id}", headers=headers,
                       data={"file": (io.BytesIO(text.encode()), "martins-continental.toml"), **extra},
                       content_type="multipart/form-data")


def table_variants(client, table_id):
    return [(v["name"], v["id"]) for v in client.get(f"/api/v1/tables/{table_id}").json["variants"]]


def test_a_file_imported_on_the_table_page_joins_the_table_and_a_second_import_asks(client):
    table_id, _token = start_table(client, "Les Martin")
    page = client.get(f"/tables/{table_id}", headers=EN).get_data(as_text=True)
    assert f'href="/rules/import?table={table_id}"' in page
    text = martins_file(client)
    r = import_page(client, table_id, text)
    assert r.status_code == 302
    (name, vid), = table_variants(client, table_id)
    assert name == "Martins Continental"
    assert "into Les Martin" in words(client.get(r.headers["Location"], headers=EN))
    assert vid in client.get(f"/tables/{table_id}/games/new").get_data(as_text=True)
    # the same file again: recognised, nothing added
    again = import_page(client, table_id, text)
    assert again.status_code == 302 and again.headers["Location"].endswith(f"/rules/{vid}")
    assert "already here with these very rules: nothing was added" in words(client.get(again.headers["Location"]))
    assert len(table_variants(client, table_id)) == 1
    # the family changed it elsewhere (12 cards): same name, other rules: the page asks
    other = martins_file(client, cards=12)
    ask = import_page(client, table_id, other)
    assert ask.status_code == 409
    shown = words(ask)
    assert "Martins Continental is already at this table, with other rules: update it, or keep both" in shown
    assert "Martins Continental (2)" in shown and len(table_variants(client, table_id)) == 1
    kept = re.search(r'<textarea name="text" hidden[^>]*>(.*?)</textarea>', ask.get_data(as_text=True), re.S).group(1)
    assert html.unescape(kept) == other
    # "Update it": a new version of the same variant
    upd = client.post(f"/rules/import?table={table_id}", data={"text": other, "name": "", "duplicate": "update"})
    assert upd.status_code == 302
    doc = client.get(f"/api/v1/variants/{vid}").json
    assert doc["cards_dealt"] == 12 and doc["version"] == 2 and len(table_variants(client, table_id)) == 1
    # "Keep both": the file comes in under a name of its own
    third = martins_file(client, cards=13)
    assert import_page(client, table_id, third).status_code == 409
    both = client.post(f"/rules/import?table={table_id}", data={"text": third, "name": "", "duplicate": "keep_both"})
    assert both.status_code == 302
    assert sorted(n for n, _ in table_variants(client, table_id)) == ["Martins Continental", "Martins Continental (2)"]


def test_the_question_in_french(client):
    table_id, _token = start_table(client, "Les Martin")
    assert import_page(client, table_id, martins_file(client), headers=FR).status_code == 302
    ask = import_page(client, table_id, martins_file(client, cards=12), headers=FR)
    assert ask.status_code == 409
    text = words(ask)
    assert "Martins Continental est déjà à cette table" in text and "Mettre à jour" in text and "Garder les deux" in text


def test_only_a_phone_that_may_change_the_table_imports_into_it(client, app):
    table_id, _token = start_table(client, "Les Martin")
    other = app.test_client()
    assert other.get(f"/rules/import?table={table_id}").status_code == 403


def test_the_api_imports_into_a_table_and_recognises_a_second_import(client):
    t = client.post("/api/v1/tables", json={"name": "Les Martin"}).json
    text = martins_file(client)
    body = {"toml": text, "table": t["id"]}
    first = client.post("/api/v1/variants/import", json=body, headers=bearer(t["edit_token"]))
    assert first.status_code == 201 and first.json["table"] == t["id"] and first.json["outcome"] == "created"
    same = client.post("/api/v1/variants/import", json=body, headers=bearer(t["edit_token"]))
    assert same.status_code == 200 and same.json["outcome"] == "same" and same.json["id"] == first.json["id"]
    assert "edit_token" not in same.json
    changed = {"toml": martins_file(client, cards=12), "table": t["id"]}
    ask = client.post("/api/v1/variants/import", json=changed, headers=bearer(t["edit_token"]))
    assert ask.status_code == 409 and ask.json["field"] == "duplicate"
    assert ask.json["existing"] == first.json["id"] and ask.json["choices"] == ["update", "keep_both"]
    bad = client.post("/api/v1/variants/import", json={**changed, "duplicate": "replace"},
                      headers=bearer(t["edit_token"]))
    assert bad.status_code == 400 and bad.json["field"] == "duplicate"
    upd = client.post("/api/v1/variants/import", json={**changed, "duplicate": "update"}, headers=bearer(t["edit_token"]))
    assert upd.status_code == 200 and upd.json["outcome"] == "updated" and upd.json["version"] == 2
    assert upd.json["cards_dealt"] == 12
    both = client.post("/api/v1/variants/import", json={"toml": martins_file(client, cards=13), "table": t["id"],
                                                        "duplicate": "keep_both"}, headers=bearer(t["edit_token"]))
    assert both.status_code == 201 and both.json["name"] == "Martins Continental (2)"
    names = sorted(v["name"] for v in client.get(f"/api/v1/tables/{t['id']}").json["variants"])
    assert names == ["Martins Continental", "Martins Continental (2)"]
    # without the table's token: refused, nothing added
    assert client.post("/api/v1/variants/import", json=body).status_code == 401


def test_without_a_table_this_phones_own_variant_is_recognised(client, app):
    text = martins_file(client)
    first = client.post("/rules/import", data={"text": text, "name": ""})
    assert first.status_code == 302
    vid = first.headers["Location"].rsplit("/", 1)[1]
    again = client.post("/rules/import", data={"text": text, "name": ""})
    assert again.status_code == 302 and again.headers["Location"].endswith(f"/rules/{vid}")
    ask = client.post("/rules/import", data={"text": martins_file(client, cards=12), "name": ""}, headers=EN)
    assert ask.status_code == 409 and "already among your house rules" in words(ask)
    # another phone has no variant of that name: a plain import
    other = app.test_client()
    assert other.post("/rules/import", data={"text": text, "name": ""}).status_code == 302


def test_a_house_rules_file_on_the_table_import_screen_says_where_it_goes(client):
    text = martins_file(client)
    for headers, said in ((EN, "is a house rules file, not a table. Import it from the page of the table"),
                          (FR, "est un fichier de règles maison, pas une table")):
        r = client.post("/tables/import", headers=headers, content_type="multipart/form-data",
                        data={"file": (io.BytesIO(text.encode()), "martins-continental.toml")})
        assert r.status_code == 400 and said in words(r), words(r)
