"""The rules JSON API through the Flask test client (docs/api.md, "Rules")."""
from __future__ import annotations

import json

import pytest

from scorekeeper.rules import all_variants

pytestmark = pytest.mark.no_database  # no SQL statement: the PostgreSQL job leaves these out (tests/conftest.py)

CONTRACT_VARIANTS = ["joybells", "continental", "le-may-i", "clenney"]
ALL_VARIANTS = CONTRACT_VARIANTS + ["roy"]


def post(client, path, body, raw=False):
    data = body if raw else json.dumps(body)
    return client.post(f"/api/v1{path}", data=data, content_type="application/json")


def assert_error(response, status, *words):
    assert response.status_code == status, response.get_json()
    body = response.get_json()
    assert isinstance(body, dict) and isinstance(body.get("error"), str) and body["error"]
    for word in words:
        assert word in body["error"], body["error"]
    return body


# ----- the contract's worked examples, exactly ------------------------------------------------------

def test_worked_example_hand_score(client):
    r = post(client, "/variants/clenney/hand-score", {"cards": ["KD", "4S", "AH"]})
    assert r.status_code == 200
    body = r.get_json()
    assert body["points"] == 30
    assert body["lines"] == [{"card": "KD", "points": 10}, {"card": "4S", "points": 5}, {"card": "AH", "points": 15}]


def test_worked_example_meld_check(client):
    r = post(client, "/variants/joybells/meld-check",
             {"round": 6, "melds": [["4S", "4D", "4C", "4H"], ["8S", "8H", "JK", "8C"], ["QS", "QD", "QC", "2D"]]})
    assert r.status_code == 200
    body = r.get_json()
    assert body["legal"] is True and body["reasons"] == []
    assert [(m["kind"], m["legal"]) for m in body["melds"]] == [("set", True)] * 3
    assert body["melds"][1]["wilds"] == [{"card": "JK", "stands_for": "8"}]
    assert body["melds"][2]["wilds"] == [{"card": "2D", "stands_for": "Q"}]


def test_worked_example_may_i(client):
    r = post(client, "/variants/continental/may-i", {"players": 6, "current": 2, "claimants": [5, 4], "round": 3})
    assert r.status_code == 200
    body = r.get_json()
    assert (body["allowed"], body["taker"], body["penalty_cards"], body["current_draws_from"]) == (
        True, 4, 1, "stock")
    assert body["reasons"] and all(isinstance(x, str) for x in body["reasons"])


def test_worked_example_bad_card(client):
    r = post(client, "/variants/joybells/hand-score", {"cards": ["QX"]})
    assert r.status_code == 400
    assert r.get_json()["error"] == (
        "cards[0]: 'QX' is not a card (rank A, 2-10, J, Q, K and suit S, H, D, C, or JK)")


# ----- variants and decks -----------------------------------------------------------------------

def test_variants_index(client):
    body = client.get("/api/v1/variants").get_json()
    builtin = [v for v in body["variants"] if "based_on" not in v]
    assert [v["id"] for v in builtin] == ALL_VARIANTS == [v["id"] for v in body["variants"][:5]]
    assert all({"id", "name"} <= set(v) for v in body["variants"])
    # then the shipped house variant examples (tests/api/test_api_house.py)
    assert all(v["based_on"] in CONTRACT_VARIANTS for v in body["variants"][5:])


@pytest.mark.parametrize("variant_id", ALL_VARIANTS)
def test_variant_detail_has_the_contract_fields(client, variant_id):
    r = client.get(f"/api/v1/variants/{variant_id}")
    assert r.status_code == 200
    body = r.get_json()
    assert {"id", "name", "players", "cards_dealt", "rounds", "card_points", "wild_cards"} <= set(body)
    assert set(body["players"]) >= {"min", "max"}
    for rnd in body["rounds"]:
        assert set(rnd) >= {"number", "contract", "min_cards"} and set(rnd["contract"]) == {"sets", "runs"}
    if variant_id == "roy":
        assert body["target"] == 100
    else:
        assert "target" not in body and len(body["rounds"]) in (5, 7)


def test_variant_detail_values(client):
    body = client.get("/api/v1/variants/continental").get_json()
    assert body["players"] == {"min": 4, "max": 8} and body["cards_dealt"] == 12
    assert body["rounds"][6] == {"number": 7, "contract": {"sets": 0, "runs": 3}, "min_cards": 12}
    assert body["card_points"]["JK"] == 50 and body["card_points"]["A"] == 20
    assert body["wild_cards"] == ["JK", "AH", "AD"]


@pytest.mark.parametrize("variant_id", ALL_VARIANTS)
def test_unknown_variant_404_names_it(client, variant_id):
    for path in ["/variants/bogus", "/variants/bogus/decks?players=4"]:
        assert_error(client.get(f"/api/v1{path}"), 404, "'bogus'")
    for path in ["hand-score", "meld-check", "may-i", "play-check"]:
        assert_error(post(client, f"/variants/bogus/{path}", {}), 404, "'bogus'")


@pytest.mark.parametrize("variant_id", ALL_VARIANTS)
def test_decks_for_every_player_count(client, variant_id):
    variant = next(v for v in all_variants() if v.id == variant_id)
    for players in range(variant.players.min, variant.players.max + 1):
        body = client.get(f"/api/v1/variants/{variant_id}/decks?players={players}").get_json()
        pack = variant.pack(players)
        assert (body["decks"], body["jokers"], body["cards"]) == (pack.decks, pack.jokers, pack.cards)
    assert_error(client.get(f"/api/v1/variants/{variant_id}/decks?players={variant.players.max + 1}"), 422,
                 f"{variant.players.max + 1} players")
    assert_error(client.get(f"/api/v1/variants/{variant_id}/decks?players={variant.players.min - 1}"), 422)


@pytest.mark.parametrize("query, words", [("", "missing"), ("?players=abc", "'abc'"), ("?players=4.5", "'4.5'"),
                                          ("?players=99999999999", "not a whole number")])
def test_decks_bad_query(client, query, words):
    assert_error(client.get(f"/api/v1/variants/joybells/decks{query}"), 400, "players", words)


def test_decks_values(client):
    body = client.get("/api/v1/variants/continental/decks?players=7").get_json()
    assert body == body | {"decks": 4, "jokers": 8, "cards": 216}


# ----- hand scores --------------------------------------------------------------------------------

@pytest.mark.parametrize("variant_id, codes, points", [
    ("joybells", ["JK", "2S", "AH", "3D", "10C", "KS"], 20 + 20 + 15 + 3 + 10 + 10),
    ("continental", ["JK", "AH", "9S", "10D"], 50 + 20 + 5 + 10),
    ("le-may-i", ["AH", "2S", "9D", "QC"], 15 + 2 + 9 + 10),
    ("clenney", ["AH", "2S", "9D", "QC"], 15 + 5 + 5 + 10),
])
def test_hand_score_every_variant(client, variant_id, codes, points):
    body = post(client, f"/variants/{variant_id}/hand-score", {"cards": codes}).get_json()
    assert body["points"] == points and sum(line["points"] for line in body["lines"]) == points


def test_hand_score_missing_cards(client):
    body = post(client, "/variants/clenney/hand-score", {"cards": ["KD"], "missing_cards": 2}).get_json()
    assert body["points"] == 30 and body["missing_cards"] == 2


def test_hand_score_accepts_other_spellings(client):
    body = post(client, "/variants/joybells/hand-score", {"cards": ["th", "10♥", "jk"]}).get_json()
    assert [line["card"] for line in body["lines"]] == ["10H", "10H", "JK"]


@pytest.mark.parametrize("body, status, words", [
    ({"cards": "KD"}, 400, ["cards", "'KD'", "not a list"]),
    ({"cards": [5]}, 400, ["cards[0]", "5"]),
    ({"cards": ["KD", None]}, 400, ["cards[1]", "None"]),
    ({}, 400, ["cards", "missing"]),
    ({"cards": ["KD"], "missing_cards": -1}, 422, ["missing_cards", "-1"]),
    ({"cards": ["KD"], "missing_cards": "2"}, 400, ["missing_cards", '"2"']),
    ({"cards": ["KD"], "missing_cards": True}, 400, ["missing_cards", "true"]),
])
def test_hand_score_bad_fields(client, body, status, words):
    assert_error(post(client, "/variants/joybells/hand-score", body), status, *words)


@pytest.mark.parametrize("variant_id", ["le-may-i", "clenney"])
def test_joker_in_jokerless_variant_is_refused(client, variant_id):
    assert_error(post(client, f"/variants/{variant_id}/hand-score", {"cards": ["5H", "JK"]}), 422,
                 "cards[1]", "'JK'", "without jokers")
    assert_error(post(client, f"/variants/{variant_id}/meld-check", {"melds": [["5H", "5S", "JK"]]}), 422,
                 "melds[0][2]", "'JK'")


def test_roy_hand_score_is_refused(client):
    assert_error(post(client, "/variants/roy/hand-score", {"cards": ["5H"]}), 422, "ROY")


# ----- malformed bodies: every POST, every class of mistake ------------------------------------------

MALFORMED = [
    pytest.param("", "empty", id="empty-body"),
    pytest.param("{bad", "not valid JSON", id="broken-json"),
    pytest.param("[1, 2]", "not a JSON object", id="array-body"),
    pytest.param('"text"', "not a JSON object", id="string-body"),
    pytest.param("null", "not a JSON object", id="null-body"),
    pytest.param("[" * 100000, "not valid JSON", id="deeply-nested"),
    pytest.param(b"\xff\xfe\x00garbage", "not valid JSON", id="not-utf8"),
    pytest.param('{"cards": [' + "9" * 5000 + "]}", "not valid JSON", id="huge-number"),
]


@pytest.mark.parametrize("raw, words", MALFORMED)
@pytest.mark.parametrize("path", ["/variants/joybells/hand-score", "/variants/joybells/meld-check",
                                  "/variants/joybells/may-i", "/variants/roy/play-check"])
def test_malformed_bodies_are_400(client, path, raw, words):
    r = client.post(f"/api/v1{path}", data=raw, content_type="application/json")
    assert_error(r, 400, "body", words)


def test_body_without_json_content_type_is_still_read(client):
    r = client.post("/api/v1/variants/clenney/hand-score", data='{"cards": ["KD"]}', content_type="text/plain")
    assert r.status_code == 200 and r.get_json()["points"] == 10


# ----- meld-check -----------------------------------------------------------------------------------

@pytest.mark.parametrize("variant_id, body, legal", [
    ("joybells", {"round": 2, "melds": [["2S", "2H", "JK", "JK"], ["5D", "6D", "7D", "8D"]]}, True),
    ("joybells", {"round": 7, "melds": [["AH", "2H", "3H", "4H"], ["5S", "6S", "7S", "8S"], ["9C", "10C", "JC", "QC"]]},
     False),
    ("continental", {"round": 3, "melds": [["5H", "6H", "7H", "8H"], ["9H", "10H", "JH", "QH"]]}, True),
    ("continental", {"round": 1, "melds": [["JK", "JK", "JK"], ["7S", "7D", "7C"]]}, True),
    ("le-may-i", {"round": 2, "melds": [["5H", "6H", "7H", "8H", "9H"], ["KS", "KD", "KC", "KH"], ["3C", "3D", "3S"]]},
     True),
    ("clenney", {"round": 3, "melds": [["5H", "6H", "7H", "8H"], ["9H", "10H", "JH", "QH"]]}, False),
    ("clenney", {"melds": [["QH", "KH", "AH", "2H"]]}, True),
    ("clenney", {"round": None, "melds": [["QH", "KH", "AH"]]}, False),
])
def test_meld_check_every_variant(client, variant_id, body, legal):
    r = post(client, f"/variants/{variant_id}/meld-check", body)
    assert r.status_code == 200, r.get_json()
    answer = r.get_json()
    assert answer["legal"] is legal
    assert bool(answer["reasons"]) is (not legal)
    for m in answer["melds"]:
        assert {"kind", "legal", "reasons"} <= set(m) and m["kind"] in ("set", "run", None)


def test_meld_check_last_round_hand_cards(client):
    melds = [["AH", "2H", "3H", "4H", "5H"], ["5S", "6S", "7S", "8S", "9S"], ["9C", "10C", "JC", "QC", "KC"]]
    assert post(client, "/variants/joybells/meld-check", {"round": 7, "melds": melds}).get_json()["legal"] is False
    body = post(client, "/variants/joybells/meld-check", {"round": 7, "melds": melds, "hand_cards": 15}).get_json()
    assert body["legal"] is True
    assert_error(post(client, "/variants/joybells/meld-check", {"round": 7, "melds": melds, "hand_cards": "15"}),
                 400, "hand_cards")
    assert_error(post(client, "/variants/joybells/meld-check", {"round": 7, "melds": melds, "hand_cards": -1}),
                 422, "hand_cards", "-1")


def test_meld_check_with_house_rule(client):
    body = {"melds": [["7S", "2D", "7C"]]}
    assert post(client, "/variants/continental/meld-check", body).get_json()["legal"] is False
    body["house_rules"] = {"twos_wild": True}
    assert post(client, "/variants/continental/meld-check", body).get_json()["legal"] is True


@pytest.mark.parametrize("body, status, words", [
    ({}, 400, ["melds", "missing"]),
    ({"melds": "5H 5S 5D"}, 400, ["melds", "not a list"]),
    ({"melds": ["5H"]}, 400, ["melds[0]", '"5H"']),
    ({"melds": [["5H", "5S", "ZZ"]]}, 400, ["melds[0][2]", "'ZZ'", "not a card"]),
    ({"melds": [["5H", "5S", 5]]}, 400, ["melds[0][2]", "5"]),
    ({"round": "3", "melds": []}, 400, ["round", '"3"']),
    ({"round": 3.0, "melds": []}, 400, ["round", "3.0"]),
    ({"round": 8, "melds": []}, 422, ["round", "8", "1 to 7"]),
    ({"round": 0, "melds": []}, 422, ["round", "0"]),
    ({"melds": [], "house_rules": {"nope": True}}, 422, ["house_rules.nope", "'nope'"]),
    ({"melds": [], "house_rules": {"twos_wild": "yes"}}, 422, ["house_rules.twos_wild", "'yes'"]),
    ({"melds": [], "house_rules": ["twos_wild"]}, 400, ["house_rules"]),
])
def test_meld_check_bad_fields(client, body, status, words):
    assert_error(post(client, "/variants/continental/meld-check", body), status, *words)


def test_meld_check_roy_refused(client):
    assert_error(post(client, "/variants/roy/meld-check", {"melds": [["5H", "5S", "5D"]]}), 422, "ROY")


# ----- may-i ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant_id", CONTRACT_VARIANTS)
def test_may_i_every_variant(client, variant_id):
    body = post(client, f"/variants/{variant_id}/may-i", {"players": 4, "current": 1, "claimants": [3, 2],
                                                          "round": 2}).get_json()
    assert (body["allowed"], body["taker"], body["penalty_cards"], body["current_draws_from"]) == (
        True, 2, 1, "stock")
    current = post(client, f"/variants/{variant_id}/may-i", {"players": 4, "current": 1, "claimants": [3, 1]}).get_json()
    assert (current["taker"], current["penalty_cards"], current["current_draws_from"]) == (1, 0, "discard")


def test_may_i_several_discards(client):
    le = post(client, "/variants/le-may-i/may-i", {"players": 4, "current": 1, "claimants": [3], "cards": 3}).get_json()
    assert (le["allowed"], le["taker"], le["penalty_cards"]) == (True, 3, 3)
    jb = post(client, "/variants/joybells/may-i", {"players": 4, "current": 1, "claimants": [3], "cards": 2}).get_json()
    assert jb["allowed"] is False and jb["taker"] is None and jb["reasons"]


def test_may_i_house_rule_last_three_rounds(client):
    body = {"players": 5, "current": 0, "claimants": [3], "round": 5,
            "house_rules": {"no_may_i_in_last_three_rounds": True}}
    answer = post(client, "/variants/continental/may-i", body).get_json()
    assert answer["allowed"] is False and "last 3 rounds" in answer["reasons"][0]
    body["round"] = 4
    assert post(client, "/variants/continental/may-i", body).get_json()["allowed"] is True


@pytest.mark.parametrize("body, status, words", [
    ({"current": 0, "claimants": [1]}, 400, ["players", "missing"]),
    ({"players": "4", "current": 0, "claimants": [1]}, 400, ["players", '"4"']),
    ({"players": 4, "current": 0.5, "claimants": [1]}, 400, ["current", "0.5"]),
    ({"players": 4, "current": 0, "claimants": 1}, 400, ["claimants", "1"]),
    ({"players": 4, "current": 0, "claimants": ["1"]}, 400, ["claimants[0]", '"1"']),
    ({"players": 9, "current": 0, "claimants": [1]}, 422, ["players", "9"]),
    ({"players": 2, "current": 0, "claimants": [1]}, 422, ["players", "2"]),
    ({"players": 4, "current": 4, "claimants": [1]}, 422, ["current", "4"]),
    ({"players": 4, "current": 0, "claimants": [7]}, 422, ["claimants[0]", "7"]),
    ({"players": 4, "current": 0, "claimants": [1, 1]}, 422, ["claimants[1]", "twice"]),
    ({"players": 4, "current": 0, "claimants": [1, 3]}, 422, ["claimants[1]", "discarder", "3"]),
    ({"players": 4, "current": 0, "claimants": [1], "round": 9}, 422, ["round", "9"]),
    ({"players": 4, "current": 0, "claimants": [1], "cards": 0}, 422, ["cards", "0"]),
    ({"players": 4, "current": 0, "claimants": [1], "cards": "2"}, 400, ["cards", '"2"']),
])
def test_may_i_bad_fields(client, body, status, words):
    assert_error(post(client, "/variants/joybells/may-i", body), status, *words)


def test_may_i_on_a_variant_without_may_i_is_not_allowed_and_says_why(client):
    r = post(client, "/variants/roy/may-i", {"players": 2, "current": 0, "claimants": [1]})
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["allowed"] is False and body["taker"] is None and body["penalty_cards"] == 0
    assert body["current_draws_from"] in ("discard", "stock") and "ROY has no May I" in body["reasons"][0]
    # bad seats are still refused, naming the field
    assert_error(post(client, "/variants/roy/may-i", {"players": 9, "current": 0, "claimants": [1]}), 422, "players")


# ----- play-check -----------------------------------------------------------------------------------

@pytest.mark.parametrize("body, legal, effects", [
    ({"top": "2H", "cards": ["2S", "3S", "3C", "4C"]}, True, (0, False, None)),
    ({"top": "2H", "cards": ["7H", "8H"]}, True, (0, False, None)),
    ({"top": "2H", "cards": ["7S"]}, False, (0, False, None)),
    ({"top": "5H", "cards": ["JS"], "announce": "D"}, True, (0, False, "D")),
    ({"top": "JS", "announced_suit": "D", "cards": ["4D"]}, True, (0, False, None)),
    ({"top": "JS", "announced_suit": "D", "cards": ["4S"]}, False, (0, False, None)),
    ({"top": "QS", "cards": ["KS"]}, True, (7, True, None)),
    ({"top": "QH", "cards": ["KH", "AH"]}, True, (2, False, None)),
    ({"top": "AH", "pending_draw": 2, "cards": ["AS"]}, True, (4, False, None)),
    ({"top": "AH", "pending_draw": 2, "cards": ["KH"]}, False, (0, False, None)),
    ({"top": "AH", "pending_draw": 2, "cards": []}, True, (0, False, None)),
    ({"top": "KH", "cards": ["AH", "2H"]}, False, (0, False, None)),
])
def test_play_check(client, body, legal, effects):
    r = post(client, "/variants/roy/play-check", body)
    assert r.status_code == 200, r.get_json()
    answer = r.get_json()
    assert answer["legal"] is legal and bool(answer["reasons"]) is (not legal)
    e = answer["effects"]
    assert (e["next_draws"], e["next_skips"], e["announced_suit"]) == effects


@pytest.mark.parametrize("body, status, words", [
    ({"cards": ["5H"]}, 400, ["top", "missing"]),
    ({"top": "5X", "cards": []}, 400, ["top", "'5X'"]),
    ({"top": "5H", "cards": ["5S", "QQ"]}, 400, ["cards[1]", "'QQ'"]),
    ({"top": "5H", "cards": "5S"}, 400, ["cards", "'5S'"]),
    ({"top": "5H", "cards": ["JK"]}, 422, ["cards[0]", "'JK'"]),
    ({"top": "5H", "cards": ["JS"]}, 422, ["announce"]),
    ({"top": "5H", "cards": ["JS"], "announce": "X"}, 422, ["announce", "'X'"]),
    ({"top": "5H", "cards": ["JS"], "announce": 3}, 400, ["announce", "3"]),
    ({"top": "5H", "cards": ["6H"], "pending_draw": -2}, 422, ["pending_draw", "-2"]),
    ({"top": "AH", "cards": ["AS"], "pending_draw": 3}, 422, ["pending_draw", "3"]),
    ({"top": "5H", "cards": ["5S"], "pending_draw": 2}, 422, ["pending_draw", "5H"]),
    ({"top": "5H", "cards": ["6H"], "pending_draw": "2"}, 400, ["pending_draw", '"2"']),
    ({"top": "5H", "cards": ["5S"], "announced_suit": "D"}, 422, ["announced_suit", "'D'"]),
    ({"top": "5H", "cards": ["5H"]}, 422, ["cards[0]", "'5H'", "one deck"]),
])
def test_play_check_bad_fields(client, body, status, words):
    assert_error(post(client, "/variants/roy/play-check", body), status, *words)


@pytest.mark.parametrize("variant_id", CONTRACT_VARIANTS)
def test_play_check_only_for_roy(client, variant_id):
    assert_error(post(client, f"/variants/{variant_id}/play-check", {"top": "5H", "cards": []}), 404, "ROY")


# ----- OpenAPI ----------------------------------------------------------------------------------------

def test_openapi_document_lists_the_rules_paths(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    assert doc["openapi"].startswith("3.1")
    assert doc["servers"] == [{"url": "/api/v1"}]
    for path, method in [("/variants", "get"), ("/variants/{variant_id}", "get"),
                         ("/variants/{variant_id}/decks", "get"), ("/variants/{variant_id}/hand-score", "post"),
                         ("/variants/{variant_id}/meld-check", "post"), ("/variants/{variant_id}/may-i", "post"),
                         ("/variants/{variant_id}/play-check", "post"), ("/openapi.json", "get")]:
        assert method in doc["paths"][path], path


def test_openapi_paths_exist_in_the_app(app):
    """Every documented path is a real route (no paper endpoints)."""
    from scorekeeper.api import openapi
    rules = {r.rule.replace("<", "{").replace(">", "}") for r in app.url_map.iter_rules()}
    rules = {__import__("re").sub(r"\{(?:\w+:)?(\w+)\}", r"{\1}", r) for r in rules}
    with app.app_context():  # the documented paths are read from the routes
        paths = openapi.document()["paths"]
    for path in paths:
        assert "/api/v1" + path in rules, path


def test_openapi_registry_merges_operations(app):
    from scorekeeper.api import openapi
    openapi.add_path("/test-only-path", {"get": {"summary": "a"}})
    openapi.add_path("/test-only-path", {"post": {"summary": "b"}})
    try:
        with app.app_context():
            assert set(openapi.document()["paths"]["/test-only-path"]) == {"get", "post"}
    finally:
        openapi._paths.pop("/test-only-path")


# ----- no input may produce a 5xx ---------------------------------------------------------------------

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10, 20), st.integers(), st.floats(allow_nan=False),
                     st.text(max_size=6), st.sampled_from(["5H", "JK", "QX", "10♥", "AS", "JS", "KS", "S", "d"]))
_JSON = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                                        max_size=4), max_leaves=20)
_FIELDS = ["cards", "missing_cards", "round", "melds", "players", "current", "claimants", "cards", "house_rules",
           "top", "announced_suit", "pending_draw", "announce"]
_BODIES = st.one_of(_JSON, st.dictionaries(st.sampled_from(_FIELDS), _JSON, max_size=6))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(variant_id=st.sampled_from(ALL_VARIANTS + ["nope"]),
       path=st.sampled_from(["hand-score", "meld-check", "may-i", "play-check"]), body=_BODIES)
def test_no_body_produces_a_server_error(client, variant_id, path, body):
    r = post(client, f"/variants/{variant_id}/{path}", body)
    assert r.status_code < 500, (body, r.get_json())
    if r.status_code >= 400:
        assert isinstance(r.get_json().get("error"), str)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(variant_id=st.sampled_from(ALL_VARIANTS), melds=st.lists(st.lists(st.sampled_from(
    ["AH", "2H", "3H", "4H", "5H", "KH", "QH", "JK", "2S", "AD", "5S", "5D", "5C"]), max_size=14), max_size=4),
    round_number=st.one_of(st.none(), st.integers(0, 8)))
def test_meld_check_never_fails_on_card_lists(client, variant_id, melds, round_number):
    r = post(client, f"/variants/{variant_id}/meld-check", {"round": round_number, "melds": melds})
    assert r.status_code in (200, 400, 422), r.get_json()
    if r.status_code == 200:
        body = r.get_json()
        assert body["legal"] is (not body["reasons"])


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=st.text(max_size=12))
def test_decks_query_never_fails(client, query):
    r = client.get("/api/v1/variants/joybells/decks", query_string={"players": query})
    assert r.status_code in (200, 400, 422)


def test_openapi_document_is_valid_openapi_3_1(client):
    from openapi_spec_validator import validate
    from openapi_spec_validator.validation import OpenAPIV31SpecValidator

    validate(client.get("/api/v1/openapi.json").get_json(), cls=OpenAPIV31SpecValidator)


def test_hand_score_takes_a_rank_alone_and_meld_check_still_wants_suits(client):
    r = post(client, "/variants/continental/hand-score", {"cards": ["K", "7", "7", "JK"]})
    assert r.status_code == 200, r.get_json()
    suited = post(client, "/variants/continental/hand-score", {"cards": ["KS", "7H", "7D", "JK"]})
    assert r.get_json()["points"] == suited.get_json()["points"] > 0
    assert [line["card"] for line in r.get_json()["lines"]] == ["K", "7", "7", "JK"]
    r = post(client, "/variants/continental/meld-check", {"melds": [["7", "7H", "7S"]]})
    assert r.status_code == 400 and "needs a suit" in r.get_json()["error"]
    r = post(client, "/variants/roy/play-check", {"top": "7H", "cards": ["7"]})
    assert r.status_code == 400 and "needs a suit" in r.get_json()["error"]
