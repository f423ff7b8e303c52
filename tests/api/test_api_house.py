"""House variants through the JSON API (docs/api.md, "House variants"), on the real
database of the run (SQLite file or PostgreSQL): create, read, change, list, export and import;
every rules endpoint with a house variant id; games keep the rules they started with."""
from __future__ import annotations

import json

import pytest
import tomllib

from scorekeeper.db import db
from scorekeeper.models import HouseVariant

JOYBELLS_7 = [{"contract": c} for c in ({"sets": 2, "runs": 0}, {"sets": 0, "runs": 2}, {"sets": 1, "runs": 1},
                                        {"sets": 2, "runs": 1}, {"sets": 1, "runs": 2}, {"sets": 3, "runs": 0},
                                        {"sets": 1, "runs": 2})]
SMITH = {"based_on": "joybells", "name": "Smith rules", "changes": {"card_points": {"JK": 50}, "rounds": JOYBELLS_7}}


def send(client, method, path, body=None, token=None, raw=None, content_type="application/json"):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    data = raw if raw is not None else (json.dumps(body) if body is not None else None)
    return client.open(f"/api/v1{path}", method=method, data=data, content_type=content_type, headers=headers)


def make(client, body=SMITH):
    r = send(client, "POST", "/variants", body)
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def count(app) -> int:
    with app.app_context():
        return db.session.query(HouseVariant).count()


def test_create_answers_the_whole_document_with_token_and_based_on(client):
    body = make(client)
    assert body["id"].startswith("h-") and body["edit_token"] and body["based_on"] == "joybells"
    assert body["name"] == "Smith rules" and body["card_points"]["JK"] == 50 and body["card_points"]["2"] == 20
    assert body["rounds"][6] == {"number": 7, "contract": {"sets": 1, "runs": 2}, "min_cards": 12}
    assert body["players"] == {"min": 3, "max": 6} and body["cards_dealt"] == 12 and "JK" in body["wild_cards"]
    assert body["differences_text"] == "changed from Joybells: round 7 is 1 set + 2 runs, jokers 50"
    assert body["version"] == 1
    got = client.get(f"/api/v1/variants/{body['id']}").get_json()
    assert got == {k: v for k, v in body.items() if k not in ("edit_token", "url", "toml_url", "page_url")}


def test_listed_with_based_on(client):
    table = client.post("/api/v1/tables", json={"name": "The Smiths"}).get_json()
    body = client.post("/api/v1/variants", json={**SMITH, "table": table["id"]},
                       headers={"Authorization": f"Bearer {table['edit_token']}"}).get_json()
    listed = client.get("/api/v1/variants", query_string={"table": table["id"]}).get_json()["variants"]
    ids = [v["id"] for v in listed]
    assert ids[:5] == ["joybells", "continental", "le-may-i", "clenney", "roy"]
    ours = next(v for v in listed if v["id"] == body["id"])
    assert ours["based_on"] == "joybells" and ours["name"] == "Smith rules" and ours["rounds"] == 7
    assert {"hoyle-six-hands", "continental-twos-wild", "clenney-three-decks"} <= set(ids)


def test_a_house_variant_of_no_table_is_not_listed_for_everyone(client):
    body = make(client, {**SMITH, "name": "J\u043eybells"})  # (a Cyrillic о)
    listed = client.get("/api/v1/variants").get_json()["variants"]
    assert body["id"] not in [v["id"] for v in listed]
    assert [v["name"] for v in listed].count("Joybells") == 1 and "J\u043eybells" not in [v["name"] for v in listed]
    assert all(set(v) >= {"id", "name"} for v in listed)  # (the contract's shape)
    assert client.get(f"/api/v1/variants/{body['id']}").status_code == 200  # reached by its link


@pytest.mark.parametrize("body, status, field, words", [
    ({"based_on": "joybells", "name": "x", "changes": {"melds": {"run_min": 6, "run_max": 5}}}, 422,
     "melds.run_min", "longer than the longest run"),
    ({"based_on": "joybells", "name": "x", "changes": {"jokerz": 1}}, 422, "changes.jokerz", "not a key"),
    ({"based_on": "joybells", "name": "x", "changes": {"cards_dealt": "many"}}, 422, "cards_dealt",
     "not a whole number"),
    ({"based_on": "joybells", "name": "x", "changes": {"rounds": [{"contract": {"sets": 0, "runs": 4}}]}}, 422,
     "rounds[0].contract", "needs 16 cards"),
    ({"based_on": "joybells", "name": "x", "changes": {"players": {"max": 8}, "cards_dealt": 14}}, 422, "players.max",
     "8 players: 2 decks hold 108 cards"),
    ({"based_on": "joybells", "name": "x", "changes": {"players": {"max": 9}}}, 422, "players.max", "from 2 to 8"),
    ({"based_on": "continental", "name": "x", "changes": {"wild_cards": []}}, 422, "wild_cards", "needs wild cards"),
    ({"based_on": "euchre", "name": "x"}, 422, "based_on", "not a known variant"),
    ({"based_on": "roy", "name": "x", "changes": {"rounds": []}}, 422, "changes.rounds",
     "known: players, cards_dealt, target, roy"),
    ({"based_on": "joybells", "name": ""}, 422, "name", "1 to 60"),
    ({"based_on": "joybells", "name": "x", "changes": [1]}, 400, "changes", "not an object"),
    ({"name": "x"}, 400, "based_on", "missing"),
    ({"based_on": "joybells"}, 400, "name", "missing"),
    ({"based_on": "joybells", "name": "x", "colour": 1}, 400, "colour", "not a field"),
    ({"based_on": "joybells", "name": "x", "table": "t123"}, 404, "table", "no table"),
    ({"based_on": "joybells", "name": "x", "table": 5}, 404, "table", "no table"),
])
def test_invalid_rules_give_a_named_error_and_store_nothing(app, client, body, status, field, words):
    r = send(client, "POST", "/variants", body)
    assert r.status_code == status, r.get_json()
    err = r.get_json()
    assert err["field"] == field and words in err["error"] and err["error"]
    assert count(app) == 0


def test_bad_bodies(client):
    assert send(client, "POST", "/variants", raw="{").status_code == 400
    assert send(client, "POST", "/variants", raw="[]").status_code == 400
    assert client.get("/api/v1/variants/h-nothing").status_code == 404
    assert client.get("/api/v1/variants/h-\x00").status_code == 404


def test_put_needs_the_token_and_changes_the_rules(app, client):
    body = make(client)
    vid, token = body["id"], body["edit_token"]
    new = {"changes": {"card_points": {"JK": 25}}, "name": "Smith rules 2"}
    assert send(client, "PUT", f"/variants/{vid}", new).status_code == 401
    assert send(client, "PUT", f"/variants/{vid}", new, token="wrong").status_code == 403
    r = send(client, "PUT", f"/variants/{vid}", new, token=token)
    assert r.status_code == 200, r.get_json()
    doc = r.get_json()
    assert doc["name"] == "Smith rules 2" and doc["card_points"]["JK"] == 25 and doc["version"] == 2
    assert doc["rounds"][6]["contract"] == {"sets": 0, "runs": 3}  # the changes are replaced as a whole
    bad = send(client, "PUT", f"/variants/{vid}", {"changes": {"melds": {"set_min": 9}}}, token=token)
    assert bad.status_code == 422 and bad.get_json()["field"] == "melds.set_min"
    assert client.get(f"/api/v1/variants/{vid}").get_json()["version"] == 2  # nothing stored
    stale = send(client, "PUT", f"/variants/{vid}", {"changes": {}, "version": 1}, token=token)
    assert stale.status_code == 409
    assert send(client, "PUT", f"/variants/{vid}", {"name": "x"}, token=token).status_code == 400
    assert send(client, "PUT", "/variants/h-unknown", new, token=token).status_code == 404


def test_every_rules_endpoint_works_for_a_house_variant(client):
    vid = make(client, {"based_on": "joybells", "name": "Threes", "changes": {
        "card_points": {"JK": 50}, "melds": {"set_min": 3}, "players": {"max": 8}, "decks": 3,
        "may_i": {"penalty_cards_per_discard": 2}}})["id"]
    decks = client.get(f"/api/v1/variants/{vid}/decks?players=8").get_json()
    assert (decks["decks"], decks["jokers"], decks["cards"]) == (3, 6, 162)
    assert client.get(f"/api/v1/variants/{vid}/decks?players=9").status_code == 422
    hand = send(client, "POST", f"/variants/{vid}/hand-score", {"cards": ["JK", "KD"], "missing_cards": 1}).get_json()
    assert hand["points"] == 70 and hand["lines"][0] == {"card": "JK", "points": 50}
    meld = send(client, "POST", f"/variants/{vid}/meld-check", {"round": 1, "melds": [["4S", "4D", "4C"], ["8S", "8H", "JK"]]})
    assert meld.get_json()["legal"] is True  # sets of three in this house
    builtin = send(client, "POST", "/variants/joybells/meld-check", {"round": 1, "melds": [["4S", "4D", "4C"], ["8S", "8H", "JK"]]})
    assert builtin.get_json()["legal"] is False
    may_i = send(client, "POST", f"/variants/{vid}/may-i", {"players": 6, "current": 2, "claimants": [5, 4], "round": 3})
    assert may_i.get_json()["penalty_cards"] == 2 and may_i.get_json()["taker"] == 4
    assert send(client, "POST", f"/variants/{vid}/play-check", {"top": "5S"}).status_code == 404


def test_examples_are_variants_too(client):
    doc = client.get("/api/v1/variants/hoyle-six-hands").get_json()
    assert doc["based_on"] == "continental" and len(doc["rounds"]) == 6
    hand = send(client, "POST", "/variants/continental-twos-wild/meld-check", {"melds": [["5S", "5D", "2C"]]})
    assert hand.get_json()["legal"] is True
    copy = make(client, {"based_on": "clenney-three-decks", "name": "Our Clenney", "changes": {"cards_dealt": 12}})
    assert copy["based_on"] == "clenney" and copy["changes"] == {"decks": [{"up_to": 8, "decks": 3}], "cards_dealt": 12}


def test_a_game_keeps_the_rules_it_started_with(client):
    body = make(client)
    vid, token = body["id"], body["edit_token"]
    g1 = send(client, "POST", "/games", {"variant": vid, "players": ["Ann", "Bob", "Cy"]}).get_json()
    assert g1["variant"] == vid and g1["variant_name"] == "Smith rules"
    r = send(client, "POST", f"/games/{g1['id']}/rounds",
             {"round": 1, "went_out": "Ann", "hands": {"Bob": {"cards": ["JK"]}, "Cy": {"cards": ["KD"]}}},
             token=g1["edit_token"])
    assert r.status_code == 201 and r.get_json()["scores"]["Bob"] == 50
    assert send(client, "PUT", f"/variants/{vid}", {"changes": {"card_points": {"JK": 5}}}, token=token).status_code == 200
    g2 = send(client, "POST", "/games", {"variant": vid, "players": ["Ann", "Bob", "Cy"]}).get_json()
    first = client.get(f"/api/v1/games/{g1['id']}").get_json()
    second = client.get(f"/api/v1/games/{g2['id']}").get_json()
    assert first["rules"]["card_points"]["JK"] == 50 and first["house_version"] == 1
    assert first["rules"]["rounds"][6]["contract"] == {"sets": 1, "runs": 2}
    assert second["rules"]["card_points"]["JK"] == 5 and second["house_version"] == 2
    assert second["rules"]["rounds"][6]["contract"] == {"sets": 0, "runs": 3}
    assert any("version 1" in n for n in first["notes"]) and any("version 2" in n for n in second["notes"])
    r2 = send(client, "POST", f"/games/{g1['id']}/rounds",
              {"round": 2, "went_out": "Bob", "hands": {"Ann": {"cards": ["JK"]}, "Cy": {"cards": ["KD"]}}},
              token=g1["edit_token"])
    assert r2.get_json()["scores"]["Ann"] == 50  # still the rules it started with
    assert client.get("/api/v1/games/" + g2["id"]).get_json()["rules"]["based_on"] == "joybells"


def test_builtin_games_show_their_rules(client):
    g = send(client, "POST", "/games", {"variant": "continental", "players": ["A", "B", "C", "D"],
                                        "house_rules": {"twos_wild": True}}).get_json()
    rules = client.get(f"/api/v1/games/{g['id']}").get_json()["rules"]
    assert rules["id"] == "continental" and "2" in rules["wild_cards"] and "based_on" not in rules


def test_the_openapi_game_lists_the_rules_a_game_keeps(client):
    g = send(client, "POST", "/games", {"variant": "joybells", "players": ["A", "B", "C"]}).get_json()
    state = client.get(f"/api/v1/games/{g['id']}").get_json()
    listed = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]["Game"]["properties"]
    assert state["house_version"] is None and state["rules"]["id"] == "joybells"
    assert set(listed) == set(state)


def test_toml_export_and_import_round_trip(app, client):
    body = make(client)
    text = client.get(f"/api/v1/variants/{body['id']}/rules.toml")
    assert text.status_code == 200 and text.mimetype == "application/toml"
    assert "smith-rules.toml" in text.headers["Content-Disposition"]
    data = tomllib.loads(text.get_data(as_text=True))
    assert data["based_on"] == "joybells" and data["points"]["JK"] == 50
    imported = send(client, "POST", "/variants/import", raw=text.get_data(), content_type="application/toml")
    assert imported.status_code == 201, imported.get_json()
    new = imported.get_json()
    assert new["id"] != body["id"] and new["changes"] == body["changes"] and new["name"] == "Smith rules"
    again = client.get(f"/api/v1/variants/{new['id']}/rules.toml").get_data(as_text=True)
    assert again == text.get_data(as_text=True).replace(body["id"], new["id"])
    renamed = send(client, "POST", "/variants/import", {"toml": again, "name": "Cousins"}).get_json()
    assert renamed["name"] == "Cousins" and renamed["card_points"]["JK"] == 50


def test_import_is_checked_like_the_changes(app, client):
    text = client.get(f"/api/v1/variants/{make(client)['id']}/rules.toml").get_data(as_text=True)
    before = count(app)
    for old, new, field in (("run_max = 13", "run_max = 3", "melds.run_max"), ("JK = 50", "JK = -1", "card_points.JK"),
                            ("[players]", "[players", "file")):
        r = send(client, "POST", "/variants/import", raw=text.replace(old, new), content_type="application/toml")
        assert r.status_code == 422 and r.get_json()["field"] == field, r.get_json()
    assert send(client, "POST", "/variants/import", raw=b"\xff\xfe", content_type="application/toml").status_code == 400
    assert send(client, "POST", "/variants/import", raw="", content_type="application/toml").status_code == 400
    assert count(app) == before


def test_list_by_table(client):
    make(client)
    listed = client.get("/api/v1/variants?table=t-none").get_json()["variants"]
    assert not any(v["id"].startswith("h-") for v in listed) and len(listed) == 8  # built-ins and examples
    bad = client.get("/api/v1/variants?table=a%00b")
    assert bad.status_code == 400 and bad.get_json()["field"] == "table"


# ----- a table's house variants ----------------------------------------------------------------------

def new_table(client, name="The Smiths"):
    r = send(client, "POST", "/tables", {"name": name})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def test_a_table_makes_its_house_variant_with_its_edit_token(app, client):
    table = new_table(client)
    body = {**SMITH, "table": table["id"]}
    missing = send(client, "POST", "/variants", body)
    wrong = send(client, "POST", "/variants", body, token="wrong")
    other = send(client, "POST", "/variants", body, token=new_table(client, "Others")["edit_token"])
    assert (missing.status_code, wrong.status_code, other.status_code) == (401, 403, 403)
    assert missing.get_json()["field"] == "Authorization"
    assert count(app) == 0
    r = send(client, "POST", "/variants", body, token=table["edit_token"])
    assert r.status_code == 201, r.get_json()
    doc = r.get_json()
    assert doc["table"] == table["id"] and doc["based_on"] == "joybells" and doc["edit_token"]
    with app.app_context():
        assert db.session.get(HouseVariant, doc["id"]).table_id == table["id"]
    listed = client.get(f"/api/v1/variants?table={table['id']}").get_json()["variants"]
    assert [v["id"] for v in listed if v["id"].startswith("h-")] == [doc["id"]]


def test_a_house_variant_of_a_table_changes_with_its_own_or_the_tables_token(client):
    table = new_table(client)
    doc = send(client, "POST", "/variants", {**SMITH, "table": table["id"]}, token=table["edit_token"]).get_json()
    by_table = send(client, "PUT", f"/variants/{doc['id']}", {"changes": {"card_points": {"JK": 40}}},
                    token=table["edit_token"])
    assert by_table.status_code == 200 and by_table.get_json()["card_points"]["JK"] == 40
    own = send(client, "PUT", f"/variants/{doc['id']}", {"changes": {"card_points": {"JK": 30}}},
               token=doc["edit_token"])
    assert own.status_code == 200 and own.get_json()["version"] == 3
    other = new_table(client, "Others")["edit_token"]
    assert send(client, "PUT", f"/variants/{doc['id']}", {"changes": {}}, token=other).status_code == 403
    # A variant of no table is not changed by any table's token.
    free = make(client)
    assert send(client, "PUT", f"/variants/{free['id']}", {"changes": {}}, token=table["edit_token"]).status_code == 403


def test_a_table_imports_a_house_variant_file_with_its_token(client):
    table = new_table(client)
    text = client.get(f"/api/v1/variants/{make(client)['id']}/rules.toml").get_data(as_text=True)
    assert send(client, "POST", "/variants/import", {"toml": text, "table": table["id"]}).status_code == 401
    r = send(client, "POST", "/variants/import", {"toml": text, "table": table["id"]}, token=table["edit_token"])
    assert r.status_code == 201 and r.get_json()["table"] == table["id"]


def test_the_table_lists_its_house_variants(client):
    table = new_table(client)
    assert client.get(f"/api/v1/tables/{table['id']}").get_json()["variants"] == []
    smith = send(client, "POST", "/variants", {**SMITH, "table": table["id"]}, token=table["edit_token"]).get_json()
    cont = send(client, "POST", "/variants", {"based_on": "continental-twos-wild", "name": "Aunt May's",
                                              "table": table["id"]}, token=table["edit_token"]).get_json()
    make(client)  # a variant of no table is not the table's
    variants = client.get(f"/api/v1/tables/{table['id']}").get_json()["variants"]
    assert variants == [{"id": cont["id"], "name": "Aunt May's", "based_on": "continental"},
                        {"id": smith["id"], "name": "Smith rules", "based_on": "joybells"}]


def test_a_meld_holding_a_joker_where_jokers_are_not_wild_is_judged_illegal_not_a_server_error(client):
    # a house Joybells keeping its jokers for their points in hand only: a joker in a meld is a rule broken
    vid = make(client, {"based_on": "joybells", "name": "Jokers for points", "changes": {"wild_cards": ["2"]}})["id"]
    r = send(client, "POST", f"/variants/{vid}/meld-check", {"round": 1, "melds": [["5H", "5D", "5S", "2C"],
                                                                                   ["9H", "9D", "9S", "JK"]]})
    assert r.status_code == 200, r.get_data(as_text=True)
    body = r.get_json()
    assert body["legal"] is False and [m["legal"] for m in body["melds"]] == [True, False]
    assert body["melds"][1]["reasons"][0].startswith(
        "Jokers are not wild in Jokers for points: a set or a run cannot hold one (JK).")
    french = client.post(f"/api/v1/variants/{vid}/meld-check", json={"melds": [["9H", "9D", "9S", "JK"]]},
                         headers={"Accept-Language": "fr-FR,fr;q=0.9"}).get_json()
    assert french["melds"][0]["reasons"][0].startswith(
        "À Jokers for points, les jokers ne remplacent aucune carte\u00a0: ni un brelan ni une séquence ne peut en "
        "contenir (JK).")
