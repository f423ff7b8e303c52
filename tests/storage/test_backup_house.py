"""House variants in the backup: exported with the games, restored exactly, checked on import."""
from __future__ import annotations

import json

import pytest

from support.backup_data import export_with_cli, without_time_of_export


@pytest.fixture
def restored(app_factory, second_database_url):
    return app_factory(SQLALCHEMY_DATABASE_URI=second_database_url)


def make(client):
    body = client.post("/api/v1/variants", json={"based_on": "joybells", "name": "Smith rules",
                                                 "changes": {"card_points": {"JK": 50}}}).get_json()
    client.put(f"/api/v1/variants/{body['id']}", json={"changes": {"card_points": {"JK": 40}}},
               headers={"Authorization": f"Bearer {body['edit_token']}"})
    game = client.post("/api/v1/games", json={"variant": body["id"], "players": ["Ann", "Bob", "Cy"]}).get_json()
    return body, game


def test_house_variants_round_trip(app, client, restored, tmp_path):
    body, game = make(client)
    before = export_with_cli(app, tmp_path)
    assert [v["id"] for v in before["house_variants"]] == [body["id"]]
    assert before["house_variants"][0]["version"] == 2 and "JK = 40" in before["house_variants"][0]["rules_toml"]
    result = restored.test_cli_runner().invoke(args=["import", str(tmp_path / "backup.json")])
    assert result.exit_code == 0, result.output
    assert "imported 1 house variants" in result.output
    after = export_with_cli(restored, tmp_path, "again.json")
    assert without_time_of_export(after) == without_time_of_export(before)
    other = restored.test_client()
    doc = other.get(f"/api/v1/variants/{body['id']}").get_json()
    assert doc["card_points"]["JK"] == 40 and doc["version"] == 2
    assert other.get(f"/api/v1/games/{game['id']}").get_json()["house_version"] == 2
    again = restored.test_cli_runner().invoke(args=["import", str(tmp_path / "backup.json")])
    assert again.exit_code == 0, again.output  # already there: skipped


def test_a_house_variant_that_cannot_be_played_is_refused(app, client, restored, tmp_path):
    make(client)
    doc = export_with_cli(app, tmp_path)
    doc["house_variants"][0]["rules_toml"] = doc["house_variants"][0]["rules_toml"].replace("run_max = 13",
                                                                                          "run_max = 3")
    (tmp_path / "bad.json").write_text(json.dumps(doc), encoding="utf-8")
    result = restored.test_cli_runner().invoke(args=["import", str(tmp_path / "bad.json")])
    assert result.exit_code != 0
    assert "house_variants[0].rules_toml: melds.run_max" in result.output
    assert restored.test_client().get("/api/v1/variants/" + doc["house_variants"][0]["id"]).status_code == 404


def test_a_tables_house_variant_comes_back_in_its_table(app, client, restored, tmp_path):
    table = client.post("/api/v1/tables", json={"name": "The Smiths"}).get_json()
    body = client.post("/api/v1/variants", json={"based_on": "joybells", "name": "Smith rules", "table": table["id"]},
                       headers={"Authorization": f"Bearer {table['edit_token']}"}).get_json()
    doc = export_with_cli(app, tmp_path)
    assert doc["house_variants"][0]["table_id"] == table["id"]
    # Without its table in the backup (and not on the server), the variant is refused, named.
    alone = {**doc, "tables": []}
    (tmp_path / "alone.json").write_text(json.dumps(alone), encoding="utf-8")
    result = restored.test_cli_runner().invoke(args=["import", str(tmp_path / "alone.json")])
    assert result.exit_code != 0 and "house_variants[0].table_id" in result.output, result.output
    assert restored.test_client().get(f"/api/v1/variants/{body['id']}").status_code == 404
    result = restored.test_cli_runner().invoke(args=["import", str(tmp_path / "backup.json")])
    assert result.exit_code == 0, result.output
    other = restored.test_client()
    assert other.get(f"/api/v1/variants/{body['id']}").get_json()["table"] == table["id"]
    assert other.get(f"/api/v1/tables/{table['id']}").get_json()["variants"] == [
        {"id": body["id"], "name": "Smith rules", "based_on": "joybells"}]
    # The table's own token changes it on the restored server.
    r = other.put(f"/api/v1/variants/{body['id']}", json={"changes": {"card_points": {"JK": 5}}},
                  headers={"Authorization": f"Bearer {table['edit_token']}"})
    assert r.status_code == 200
