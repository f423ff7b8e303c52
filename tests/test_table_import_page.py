"""The table import screen: a table's JSON export, chosen on a phone, brought onto another server
(another app on another database) gives the same table and the same statistics; a second import
adds nothing; a CSV or a broken file is refused, saying why, in both languages."""
from __future__ import annotations

import html
import io
import re

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
EN = {"Accept-Language": "en"}


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def words(r) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", r.get_data(as_text=True)))).replace("\u00a0", " ")


def upload(client, data: bytes, name="table.json", headers=None):
    return client.post("/tables/import", data={"file": (io.BytesIO(data), name)},
                       content_type="multipart/form-data", headers=headers or EN)


def a_table(client):
    t = client.post("/api/v1/tables", json={"name": "Les Martin"}).json
    hv = client.post("/api/v1/variants", headers=bearer(t["edit_token"]), json={
        "based_on": "joybells", "name": "Martins", "table": t["id"],
        "changes": {"rounds": [{"contract": {"sets": 2, "runs": 0}}]}}).json
    for variant, rounds in (("joybells", 7), (hv["id"], 1), (hv["id"], 1)):
        g = client.post("/api/v1/games", headers=bearer(t["edit_token"]),
                        json={"variant": variant, "players": ["Anne", "Bob", "Zoë"], "table": t["id"]}).json
        for i in range(rounds):
            r = client.post(f"/api/v1/games/{g['id']}/rounds", headers=bearer(t["edit_token"]),
                            json={"went_out": ["Anne", "Bob"][i % 2],
                                  "hands": {n: {"points": p} for n, p in (("Anne", 5), ("Bob", 3), ("Zoë", 9))
                                            if n != ["Anne", "Bob"][i % 2]}})
            assert r.status_code == 201, r.json
    return t, hv


def test_a_tables_export_imported_on_the_screen_of_another_server_gives_the_same_statistics(
        client, app_factory, second_database_url):
    t, hv = a_table(client)
    export = client.get(f"/api/v1/tables/{t['id']}/export.json").get_data()
    other = app_factory(SQLALCHEMY_DATABASE_URI=second_database_url, WTF_CSRF_ENABLED=False).test_client()
    assert other.get("/tables/import", headers=EN).status_code == 200
    r = upload(other, export)
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/tables/{t['id']}")
    page = words(other.get(r.headers["Location"], headers=EN))
    assert "Table imported with 3 games." in page
    for query in ({}, {"variant": "joybells"}, {"variant": hv["id"]}):
        assert other.get(f"/api/v1/tables/{t['id']}/stats", query_string=query).json == \
            client.get(f"/api/v1/tables/{t['id']}/stats", query_string=query).json
    assert words(other.get(f"/tables/{t['id']}/stats", headers=EN)) == words(client.get(f"/tables/{t['id']}/stats", headers=EN))
    # this phone now holds the table's new edit link: its share page shows it
    assert "edit#token=" in other.get(f"/tables/{t['id']}/share").get_data(as_text=True)
    # the same file again adds nothing
    r = upload(other, export, headers=FR)
    assert r.status_code == 302
    assert "0 partie ajoutée" in words(other.get(r.headers["Location"], headers=FR))
    # another phone, without the table's edit link, is told what to do
    stranger = app_factory(SQLALCHEMY_DATABASE_URI=second_database_url, WTF_CSRF_ENABLED=False).test_client()
    r = upload(stranger, export)
    assert r.status_code == 400 and "already on this server; open its edit link here first" in words(r)


def test_a_csv_or_a_broken_file_is_refused_saying_why(client):
    t, _hv = a_table(client)
    csv_text = client.get(f"/api/v1/tables/{t['id']}/export.csv").get_data()
    for headers, no_json, empty in ((EN, "is not a table exported by scorekeeper (it is not JSON)", "choose the table's .json file"),
                                    (FR, "n’est pas une table exportée par scorekeeper (ce n’est pas du JSON)",
                                     "choisissez le fichier .json de la table")):
        r = upload(client, csv_text, "results.csv", headers)
        assert r.status_code == 400 and "results.csv " + no_json in words(r)
        r = upload(client, b"", "empty.json", headers)
        assert r.status_code == 400 and empty in words(r)
        page = words(client.get("/tables/import", headers=headers))
        assert ("CSV" in page) and ("cannot be imported" in page or "ne peut pas être importé" in page)
    r = upload(client, b'{"table": {"id": "x"}, "games": 3}')
    assert r.status_code == 400 and "The file:" in words(r)
    home = client.get("/", headers=EN).get_data(as_text=True)
    assert 'href="/tables/import"' in home


def test_no_command_line_words_on_the_share_pages(client):
    g = client.post("/api/v1/games", json={"variant": "joybells", "players": ["Anne", "Bob", "Cy"]}).json
    client.get(f"/games/{g['id']}/edit", headers={"Authorization": f"Bearer {g['edit_token']}"})
    for headers in (EN, FR):
        r = client.get(f"/games/{g['id']}/share", headers=headers)
        page = r.get_data(as_text=True)
        assert r.status_code == 200 and ("The whole game as a file" in page or "La partie entière dans un fichier" in page)
        assert "flask" not in page and "<code>" not in page


def test_the_csv_names_each_games_variant_by_its_name(client):
    import csv

    t, hv = a_table(client)
    rows = list(csv.DictReader(io.StringIO(client.get(f"/api/v1/tables/{t['id']}/export.csv").get_data(as_text=True))))
    assert {r["variant"] for r in rows} == {"Joybells", "Martins"}
    assert {r["variant_id"] for r in rows} == {"joybells", hv["id"]} and all(hv["id"] not in r["variant"] for r in rows)
