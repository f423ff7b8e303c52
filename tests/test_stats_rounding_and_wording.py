"""What the statistics say: rounding half up on the exact fraction (API and pages), a game's
rounds labelled by the rules it was played under, "(left out)" only when something was, records
by variant name, nothing of "rounds by contract" or "zero-point rounds" for ROY, and the chart
link a finger can hit."""
from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

import pytest

from scorekeeper.services.rounding import half_up, ratio

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
EN = {"Accept-Language": "en"}


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def new_table(client):
    r = client.post("/api/v1/tables", json={"name": "The Smiths"})
    assert r.status_code == 201, r.json
    return r.json


def game(client, t, variant, players, rounds):
    r = client.post("/api/v1/games", json={"variant": variant, "players": players, "table": t["id"]},
                    headers=bearer(t["edit_token"]))
    assert r.status_code == 201, r.json
    g = r.json
    for went_out, hands in rounds:
        r = client.post(f"/api/v1/games/{g['id']}/rounds", headers=bearer(t["edit_token"]),
                        json={"went_out": went_out, "hands": {n: h if isinstance(h, dict) else {"points": h}
                                                              for n, h in hands.items()}})
        assert r.status_code == 201, r.json
    return g


def text(page):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).replace("\u00a0", " ")


@pytest.mark.parametrize("value, places, expected", [
    (Fraction(1, 8), 2, "0.13"), (0.125, 2, "0.13"), (Fraction(1, 16), 3, "0.063"), (Fraction(-1, 8), 2, "-0.13"),
    (Fraction(5, 2), 0, "3"), (Fraction(1, 3), 2, "0.33"), (2.675, 2, "2.68"), (Fraction(7, 8), 1, "0.9"),
])
def test_half_up_rounds_the_exact_value_as_people_do(value, places, expected):
    assert half_up(value, places) == Decimal(expected)
    assert ratio(1, 8, 2) == 0.13 and ratio(1, 0, 2) is None


def test_api_averages_and_win_rates_round_half_up(client):
    t = new_table(client)
    # Two-round house game: Bob scores 0 then 1... 8 rounds needed for an eighth: use Joybells (7
    # rounds) once, and a second game of one round won by Bob under a one-round house variant.
    hv = client.post("/api/v1/variants", json={"based_on": "joybells", "name": "One round", "table": t["id"],
                                               "changes": {"rounds": [{"contract": {"sets": 2, "runs": 0}}]}},
                     headers=bearer(t["edit_token"])).json
    # 8 one-round games: Ann wins 1 (1/8 = 0.125 → 0.125), Bob's points: 1 in one round, 0 else
    # over 8 rounds → 0.125 → 0.13.
    for i in range(8):
        went_out = "Ann" if i == 0 else "Cy"
        hands = {"Bob": 1 if i == 0 else 0, **({"Cy": 50} if went_out == "Ann" else {"Ann": 50})}
        game(client, t, hv["id"], ["Ann", "Bob", "Cy"], [(went_out, hands)])
    s = client.get(f"/api/v1/tables/{t['id']}/stats", query_string={"variant": hv["id"]}).json
    p = {e["name"]: e for e in s["players"]}
    assert p["Bob"]["rounds_played"] == 8 and p["Bob"]["average_round_points"] == 0.13  # round() gives 0.12
    assert p["Ann"]["win_rate"] == 0.125
    # the pages: Bob's points a round 0.13 (0,13 in French)
    en = text(client.get(f"/tables/{t['id']}/stats?variant={hv['id']}", headers=EN).get_data(as_text=True))
    fr = text(client.get(f"/tables/{t['id']}/stats?variant={hv['id']}", headers=FR).get_data(as_text=True))
    assert "Bob 8 7 0 0.13 " in en and "Bob 8 7 0 0,13 " in fr
    # 1 win in 16 games is 0.0625 → 0.063 (round() gives 0.062)
    for i in range(8):
        game(client, t, hv["id"], ["Ann", "Bob", "Cy"], [("Cy", {"Ann": 50, "Bob": 0})])
    s = client.get(f"/api/v1/tables/{t['id']}/stats").json
    assert {e["name"]: e for e in s["players"]}["Ann"]["win_rate"] == 0.063


def test_page_percent_rounds_half_up(client):
    t = new_table(client)
    # 8 Joybells games, Ann wins one: 12.5% → 13% (Babel alone gives 12%)
    for i in range(8):
        winner = "Ann" if i == 0 else "Bob"
        loser = "Bob" if winner == "Ann" else "Ann"
        game(client, t, "joybells", ["Ann", "Bob", "Cy"], [(winner, {loser: 10, "Cy": 50})] * 7)
    ann = client.get(f"/api/v1/tables/{t['id']}").json["players"][0]
    assert ann["name"] == "Ann"
    page = text(client.get(f"/tables/{t['id']}/players/{ann['id']}", headers=EN).get_data(as_text=True))
    assert "(13%)" in page and "(12%)" not in page
    fr = text(client.get(f"/tables/{t['id']}/players/{ann['id']}", headers=FR).get_data(as_text=True))
    assert "(13 %)" in fr
    stats = text(client.get(f"/tables/{t['id']}/stats", headers=EN).get_data(as_text=True))
    assert "13%" in stats


def test_rounds_are_labelled_by_the_rules_each_game_was_played_under(client):
    t = new_table(client)
    two = {"rounds": [{"contract": {"sets": 2, "runs": 0}}, {"contract": {"sets": 1, "runs": 1}}]}
    hv = client.post("/api/v1/variants", json={"based_on": "joybells", "name": "Smith rules", "table": t["id"],
                                               "changes": two}, headers=bearer(t["edit_token"])).json
    game(client, t, hv["id"], ["Ann", "Bob", "Cy"], [("Ann", {"Bob": 5, "Cy": 9})] * 2)
    r = client.put(f"/api/v1/variants/{hv['id']}", json={"changes": {"rounds": [{"contract": {"sets": 3, "runs": 0}}]}},
                   headers=bearer(t["edit_token"]))
    assert r.status_code == 200, r.json
    game(client, t, hv["id"], ["Ann", "Bob", "Cy"], [("Bob", {"Ann": 7, "Cy": 9})])
    for headers, words in ((EN, ("1. 2 sets", "2. 1 set and 1 run", "1. 3 sets")),
                           (FR, ("1. 2 brelans", "2. 1 brelan et 1 séquence", "1. 3 brelans"))):
        page = text(client.get(f"/tables/{t['id']}/stats?variant={hv['id']}", headers=headers).get_data(as_text=True))
        for w in words:
            assert w in page, (w, page[page.find("1. "):][:300])
    ann = client.get(f"/api/v1/tables/{t['id']}").json["players"][0]
    page = text(client.get(f"/tables/{t['id']}/players/{ann['id']}?variant={hv['id']}", headers=EN).get_data(as_text=True))
    assert "2. 1 set and 1 run" in page and "1. 3 sets" in page and "2. round 2" not in page


def test_left_out_only_when_something_was(client):
    t = new_table(client)
    seven = [("Ann", {"Bob": 10, "Cy": 5})] * 7
    game(client, t, "joybells", ["Ann", "Bob", "Cy"], seven)
    en = text(client.get(f"/tables/{t['id']}/stats", headers=EN).get_data(as_text=True))
    fr = text(client.get(f"/tables/{t['id']}/stats", headers=FR).get_data(as_text=True))
    assert "1 finished game counted, all time." in en and "left out" not in en
    assert "non compt" not in fr
    game(client, t, "joybells", ["Ann", "Bob", "Cy"], seven[:2])
    en = text(client.get(f"/tables/{t['id']}/stats", headers=EN).get_data(as_text=True))
    fr = text(client.get(f"/tables/{t['id']}/stats", headers=FR).get_data(as_text=True))
    assert "1 unfinished (left out)." in en and "(non comptées)." in fr


def test_records_name_the_variant_not_its_id(client):
    t = new_table(client)
    game(client, t, "continental", ["Ann", "Bob", "Cy", "Di"], [("Ann", {"Bob": 10, "Cy": 5, "Di": 5})] * 7)
    for headers in (EN, FR):
        page = client.get(f"/tables/{t['id']}/stats", headers=headers).get_data(as_text=True)
        assert "(Continental)" in page and "(continental)" not in page


def test_roy_has_no_rounds_by_contract_nor_zero_point_rounds(client):
    t = new_table(client)
    roy = [("Ann", {"Bob": {"card_count": 5}, "Cy": {"card_count": 5}})] * 10
    game(client, t, "roy", ["Ann", "Bob", "Cy"], roy)
    game(client, t, "joybells", ["Ann", "Bob", "Cy"], [("Bob", {"Ann": 10, "Cy": 5})] * 7)
    for headers, contract, zeros in ((EN, "Rounds by contract", "Zero-point rounds"),
                                     (FR, "Manches par contrat", "Manches à zéro point")):
        page = text(client.get(f"/tables/{t['id']}/stats?variant=roy", headers=headers).get_data(as_text=True))
        assert contract not in page and zeros not in page and "round 1" not in page
        page = text(client.get(f"/tables/{t['id']}/stats?variant=joybells", headers=headers).get_data(as_text=True))
        assert contract in page and zeros in page
    players = {p["name"]: p["id"] for p in client.get(f"/api/v1/tables/{t['id']}").json["players"]}
    # Bob: 7 zero-point rounds in Joybells; his 10 ROY zeros (he never went out) are not added
    page = text(client.get(f"/tables/{t['id']}/players/{players['Bob']}", headers=EN).get_data(as_text=True))
    assert "Zero-point rounds 7" in page
    page = text(client.get(f"/tables/{t['id']}/players/{players['Bob']}?variant=roy", headers=EN).get_data(as_text=True))
    assert "Zero-point rounds" not in page and "Rounds by contract" not in page
    s = client.get(f"/api/v1/tables/{t['id']}/stats").json
    assert {e["name"]: e for e in s["players"]}["Bob"]["zero_rounds"] == 7


def test_the_chart_link_is_a_tap_target(client):
    t = new_table(client)
    game(client, t, "joybells", ["Ann", "Bob", "Cy"], [("Ann", {"Bob": 10, "Cy": 5})] * 7)
    page = client.get(f"/tables/{t['id']}", headers=EN).get_data(as_text=True)
    assert re.search(r'<a class="tap" href="/tables/[^"]+/games/[^"]+/chart">chart</a>', page), page
