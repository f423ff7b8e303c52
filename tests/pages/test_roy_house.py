"""ROY house variants: a family plays ROY to 50 or deals 5 (docs/api.md, "House variants"). The
game ends by ROY's own rule at the house's target; the rules page, the sheet, the statistics and
the API follow, and only the changed lines cite the house."""
from __future__ import annotations

import html
import re

from support.games import auth
from support.house import form_data
from support.pdfcheck import pdf_text
from support.tables import bearer, start_table, stats

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
EN = {"Accept-Language": "en"}


def words(r) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", r.get_data(as_text=True)))).replace("\u00a0", " ")


def roy_to_50(client, table=None, **changes):
    body = {"based_on": "roy", "name": "ROY to 50", "changes": {"target": 50, **changes}}
    headers = {}
    if table:
        body["table"], headers = table["id"], bearer(table["edit_token"])
    r = client.post("/api/v1/variants", json=body, headers=headers)
    assert r.status_code == 201, r.json
    return r.json


def hand(client, game, token, went_out, **counts):
    r = client.post(f"/api/v1/games/{game['id']}/rounds", headers={"Authorization": f"Bearer {token}"},
                    json={"went_out": went_out, "hands": {n: {"card_count": c} for n, c in counts.items()}})
    assert r.status_code == 201, r.json
    return r.json


def test_a_roy_game_to_50_ends_when_someone_reaches_50_api(client):
    v = roy_to_50(client)
    assert v["target"] == 50 and v["based_on"] == "roy" and v["changes"] == {"target": 50}
    assert [d["text"] for d in v["differences"]] == ["first to 50 points wins"]
    r = client.post("/api/v1/games", json={"variant": v["id"], "players": ["Ann", "Bob", "Cy"]})
    assert r.status_code == 201, r.json
    g = r.json
    assert g["rules"]["target"] == 50
    for n in range(1, 3):  # 21 points a hand: 21, 42
        assert hand(client, g, g["edit_token"], "Bob", Ann=12, Cy=9)["status"] == "in_progress"
    last = hand(client, g, g["edit_token"], "Bob", Ann=5, Cy=3)  # 50: exactly the target
    assert last["status"] == "complete"
    s = client.get(f"/api/v1/games/{g['id']}").json
    assert s["totals"]["Bob"] == 50 and s["winner"] == "Bob" and s["target"] == 50
    again = client.post(f"/api/v1/games/{g['id']}/rounds", headers=auth(g),
                        json={"went_out": "Ann", "hands": {"Bob": {"card_count": 1}, "Cy": {"card_count": 1}}})
    assert again.status_code == 409
    # the built-in ROY still plays to 100
    plain = client.post("/api/v1/games", json={"variant": "roy", "players": ["Ann", "Bob"]}).json
    assert hand(client, plain, plain["edit_token"], "Ann", Bob=50)["status"] == "in_progress"


def test_roy_house_changes_are_checked_by_name(client):
    for changes, field in (({"target": 5}, "target"), ({"rounds": [{"contract": {"sets": 2}}]}, "changes.rounds"),
                           ({"cards_dealt": 20}, "cards_dealt"), ({"roy": {"aces": "low"}}, "roy.aces"),
                           ({"roy": {"skip_draw": "seven"}}, "roy.skip_draw"), ({"players": {"max": 9}}, "players.max")):
        r = client.post("/api/v1/variants", json={"based_on": "roy", "name": "Bad ROY", "changes": changes})
        assert r.status_code == 422, (changes, r.json)
        assert r.json["field"] == field, (changes, r.json)
    # a contract game has no target
    r = client.post("/api/v1/variants", json={"based_on": "joybells", "name": "J", "changes": {"target": 50}})
    assert r.status_code == 422 and r.json["field"] == "changes.target"


def test_roy_house_rules_page_cites_the_house_only_where_it_changed(client):
    v = roy_to_50(client, cards_dealt=5, roy={"skip_draw": 5})
    page = client.get(f"/rules/{v['id']}", headers=EN)
    assert page.status_code == 200
    text = words(page)
    assert "The game ends when a player reaches 50 points or more; that player wins." in text
    assert "gives everyone 5 cards" in text and "the next player draws 5 cards and misses their turn" in text
    body = page.get_data(as_text=True)
    sections = dict(re.findall(r'<section id="([a-z-]+)" class="rule[^"]*">(.*?)</section>', body, re.S))
    changed = {a for a, s in sections.items() if "changed-tag" in s}
    assert changed == {"setup", "scoring", "king-of-spades"}, changed
    for anchor in ("aces", "jacks", "turn", "chains"):
        assert "house rule" not in html.unescape(sections[anchor]), anchor
    assert "house rule" in html.unescape(sections["king-of-spades"])
    # the scoring section cites ROY's rule 7 for the scoring and the house for the target
    assert "rule 7" in html.unescape(sections["scoring"]) and "ROY to 50" in html.unescape(sections["scoring"])
    fr = words(client.get(f"/rules/{v['id']}", headers=FR))
    assert "50 points" in fr and "règle maison" in fr
    assert "first to 50" not in fr


def test_roy_house_sheet_marks_only_the_target_line(client, tmp_path):
    from scorekeeper.rules.house import apply_changes
    from scorekeeper.rules.scoresheet import legend
    from scorekeeper.rules.variants import get_variant

    base = get_variant("roy")
    house = apply_changes(base, {"target": 50}, id="h-roy50", name="ROY to 50")
    lines = {item.key: item.source for item in legend(house)}
    assert [k for k, s in lines.items() if s == "house rule"] == ["target"], lines
    assert "house rule" not in {item.source for item in legend(base)}
    v = roy_to_50(client)
    pdf = client.get(f"/variants/{v['id']}/scoresheet.pdf?players=Ann,Bob,Cy")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    _pages, text = pdf_text(pdf.data)
    flat = " ".join(text.split())
    assert "First to 50 wins the game" in flat and "first to 50 wins" in flat
    assert "First to 100" not in flat


def test_a_table_plays_roy_to_50_and_its_statistics_follow(client):
    table_id, token = start_table(client)  # made on this phone's pages: it may start the table's games
    table = {"id": table_id, "edit_token": token}
    v = roy_to_50(client, table)
    assert v["table"] == table["id"]
    listed = client.get(f"/api/v1/tables/{table['id']}").json["variants"]
    assert [x["id"] for x in listed] == [v["id"]]
    r = client.post("/api/v1/games", json={"variant": v["id"], "players": ["Ann", "Bob"], "table": table["id"]},
                    headers=bearer(table["edit_token"]))
    g = r.json
    hand(client, g, table["edit_token"], "Ann", Bob=30)
    assert hand(client, g, table["edit_token"], "Ann", Bob=20)["status"] == "complete"
    s = stats(client, table, variant=v["id"])
    ann = next(p for p in s["players"] if p["name"] == "Ann")
    assert s["games_counted"] == 1 and ann["wins"] == 1 and ann["best_total"] == 50
    page = client.get(f"/tables/{table['id']}/stats?variant={v['id']}", headers=EN)
    assert page.status_code == 200
    text = words(page)
    assert "ROY to 50" in text and "by contract" not in text and "zero-point" not in text
    # the table's "Start a game" offers it, and the table page offers a house version of ROY
    assert v["id"] in client.get(f"/tables/{table['id']}/games/new").get_data(as_text=True)
    assert f"/rules/roy/house?table={table['id']}" in client.get(f"/tables/{table['id']}").get_data(as_text=True)


def test_the_house_form_makes_a_roy_to_50(client):
    page = client.get("/rules/roy/house", headers=EN)
    assert page.status_code == 200
    text = words(page)
    assert "Points that win the game" in text and "Rounds and contracts" not in text
    data = {k: v for k, v in form_data("roy").items()}
    assert data["target"] == "100"
    r = client.post("/rules/roy/house", data={**data, "name": "ROY to 50", "target": "50", "check": "1"}, headers=EN)
    assert r.status_code == 200 and "first to 50 points wins" in words(r).lower()
    bad = client.post("/rules/roy/house", data={**data, "name": "ROY to 5", "target": "5", "check": "1"}, headers=EN)
    assert bad.status_code == 400 and "Points that win the game: 5 is out of range: from 10 to 1000" in words(bad)
    fr = client.post("/rules/roy/house", data={**data, "name": "ROY à 50", "target": "5", "check": "1"}, headers=FR)
    assert fr.status_code == 400 and "Points qui gagnent la partie" in words(fr)
    saved = client.post("/rules/roy/house", data={**data, "name": "ROY to 50", "target": "50", "save": "1"})
    assert saved.status_code == 302
    vid = saved.headers["Location"].rsplit("/", 1)[-1]
    assert client.get(f"/api/v1/variants/{vid}").json["target"] == 50
    # its TOML file reads back to the same rules
    toml = client.get(f"/rules/{vid}/rules.toml").get_data(as_text=True)
    assert "target = 50" in toml and "[roy]" in toml
    r = client.post("/api/v1/variants/import", data=toml.encode(), content_type="application/toml")
    assert r.status_code == 201 and r.json["target"] == 50 and r.json["changes"] == {"target": 50}


def test_a_table_playing_roy_to_50_moves_to_another_server_with_the_same_statistics(client, app_factory,
                                                                                      second_database_url):
    import io

    t = client.post("/api/v1/tables", json={"name": "Les Martin"}).json
    v = roy_to_50(client, t)
    g = client.post("/api/v1/games", json={"variant": v["id"], "players": ["Anne", "Bob"], "table": t["id"]},
                    headers=bearer(t["edit_token"])).json
    hand(client, g, t["edit_token"], "Bob", Anne=30)
    hand(client, g, t["edit_token"], "Bob", Anne=25)
    export = client.get(f"/api/v1/tables/{t['id']}/export.json").get_data()
    other = app_factory(SQLALCHEMY_DATABASE_URI=second_database_url, WTF_CSRF_ENABLED=False).test_client()
    r = other.post("/tables/import", data={"file": (io.BytesIO(export), "table.json")},
                   content_type="multipart/form-data", headers=EN)
    assert r.status_code == 302, words(r)
    for query in ({}, {"variant": v["id"]}):
        assert other.get(f"/api/v1/tables/{t['id']}/stats", query_string=query).json == \
            client.get(f"/api/v1/tables/{t['id']}/stats", query_string=query).json
    moved = other.get(f"/api/v1/games/{g['id']}").json
    assert moved["status"] == "complete" and moved["winner"] == "Bob" and moved["rules"]["target"] == 50


def test_the_play_checker_follows_and_cites_the_house_draws(client):
    v = roy_to_50(client, roy={"draw_per_card": 3})
    r = client.post(f"/api/v1/variants/{v['id']}/play-check", json={"top": "5S", "cards": ["AS"]})
    assert r.status_code == 200 and r.json["effects"]["next_draws"] == 3
    assert "ROY to 50" in r.json["notes"][0] and "rule 6" not in r.json["notes"][0]
    plain = client.post("/api/v1/variants/roy/play-check", json={"top": "5S", "cards": ["AS"]}).json
    assert plain["effects"]["next_draws"] == 2 and "rule 6" in plain["notes"][0]
    king = client.post(f"/api/v1/variants/{v['id']}/play-check", json={"top": "5S", "cards": ["KS"]}).json
    assert king["effects"]["next_draws"] == 7 and "rule 6" in king["notes"][0]
