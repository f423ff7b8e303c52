"""Tables made and played through the API, for the tests of tables (API, pages, backups)."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from support.browser_support import submit


def new_table(client, name="The Smiths"):
    r = client.post("/api/v1/tables", json={"name": name})
    assert r.status_code == 201, r.json
    return r.json


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def table_game(client, table, variant, players, dealer=None):
    body = {"variant": variant, "players": players, "table": table["id"]}
    if dealer:
        body["dealer"] = dealer
    r = client.post("/api/v1/games", json=body, headers=bearer(table["edit_token"]))
    assert r.status_code == 201, r.json
    return r.json


def play(client, game, token, went_out, **points):
    """One round: ``went_out`` goes out, the others' hands by points (or any hand dict)."""
    hands = {n: (p if isinstance(p, dict) else {"points": p}) for n, p in points.items()}
    r = client.post(f"/api/v1/games/{game['id']}/rounds", json={"went_out": went_out, "hands": hands},
                    headers=bearer(token))
    assert r.status_code == 201, r.json
    return r.json


def joybells_game(client, table, rounds, players=("Ann", "Bob", "Cy")):
    """A 7-round Joybells game of the table: ``rounds`` lists (went_out, {name: points})."""
    g = table_game(client, table, "joybells", list(players))
    for went_out, points in rounds:
        play(client, g, table["edit_token"], went_out, **points)
    return g


def get_table(client, table):
    r = client.get(f"/api/v1/tables/{table['id']}")
    assert r.status_code == 200, r.json
    return r.json


def stats(client, table, **query):
    r = client.get(f"/api/v1/tables/{table['id']}/stats", query_string=query)
    assert r.status_code == 200, r.json
    return r.json


SEVEN_ANN = [("Ann", {"Bob": 10, "Cy": 5})] * 7  # Ann 0, Bob 70, Cy 35


def api_game(client, table_id, token, players, rounds, variant="joybells"):
    r = client.post("/api/v1/games", json={"variant": variant, "players": players, "table": table_id},
                    headers=bearer(token))
    assert r.status_code == 201, r.json
    g = r.json
    for went_out, hands in rounds:
        r = client.post(f"/api/v1/games/{g['id']}/rounds", headers=bearer(token),
                        json={"went_out": went_out,
                              "hands": {n: p if isinstance(p, dict) else {"points": p} for n, p in hands.items()}})
        assert r.status_code == 201, r.json
    return g


def roster_ids(client, table_id):
    return {p["name"]: p["id"] for p in client.get(f"/api/v1/tables/{table_id}").json["players"]}


def api(page, method, path, token, body=None):
    r = page.request.fetch(page.base_url + path, method=method, data=body,
                           headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    assert r.status < 300, (path, r.status, r.text())
    return r.json()


def play_game(page, game_id, token, rounds):
    for went_out, points in rounds:
        api(page, "POST", f"/api/v1/games/{game_id}/rounds", token,
            {"went_out": went_out, "hands": {n: {"points": p} for n, p in points.items()}})


def a_month_of_sundays(page, name, players=("Ann", "Bob", "Zoë"), start="Start a game", edit_label="Edit link"):
    """Start a table and a first game through the pages; three more games through the API (the
    labels ``start`` and ``edit_label`` are the page's words, in the page's language)."""
    a, b, z = players
    page.goto(page.base_url + "/")
    page.fill("#table-name", name)
    submit(page, ".home-tables button[type=submit]")
    assert page.text_content("h1") == name
    table_url = page.url
    table_id = table_url.rsplit("/", 1)[1]
    page.click(f"text={start}")
    page.wait_for_load_state("load")
    page.select_option("#variant", "joybells")
    for i, n in enumerate(players):
        page.fill(f"#players-{i}", n)
    submit(page, "main button[type=submit]")
    game_id = page.url.rstrip("/").rsplit("/", 1)[1]
    page.goto(table_url + "/share")
    edit_url = page.input_value(f"input[aria-label='{edit_label}']")
    token = parse_qs(urlsplit(edit_url).fragment)["token"][0]
    play_game(page, game_id, token, [(a, {b: 10, z: 25})] * 4 + [(z, {a: 40, b: 5})] * 3)
    for rounds in ([(b, {a: 15, z: 20})] * 7, [(z, {a: 5, b: 35})] * 2):
        g = api(page, "POST", "/api/v1/games", token,
                {"variant": "joybells", "players": [a.lower(), b.upper(), z.lower()], "table": table_id})
        play_game(page, g["id"], token, rounds)
    api(page, "POST", f"/api/v1/games/{game_id}/rulings", token,
        {"what_happened": f"{b} discarded a joker and {a} called May I", "ruling": "Jokers may not be bought",
         "citation": "Joybells rules: May I"})
    return table_url, game_id


def start_table(client, name="The Smiths"):
    r = client.post("/tables", data={"name": name})
    assert r.status_code == 302
    table_id = r.headers["Location"].rstrip("/").rsplit("/", 1)[1]
    share = client.get(f"/tables/{table_id}/share").get_data(as_text=True)
    token = re.search(r"edit#token=([A-Za-z0-9_-]+)", share).group(1)
    return table_id, token
