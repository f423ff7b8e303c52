"""The names offered on the new-game page are the ones this browser already knows: the players of
its own games and of the games of its tables. A browser with no cookie is offered none: the
server's other players (other families, other clubs) are nobody else's business."""
from __future__ import annotations

import html
import re

DATALIST = re.compile(r'<datalist id="known-names">(.*?)</datalist>', re.S)


def offered(client) -> list[str]:
    page = client.get("/games/new")
    assert page.status_code == 200
    return [html.unescape(v) for v in re.findall(r'<option value="([^"]*)">',
                                                 DATALIST.search(page.get_data(as_text=True)).group(1))]


def start(client, names, variant="joybells"):
    data = {"variant": variant, "dealer": "0", **{f"players-{i}": n for i, n in enumerate(names)}}
    r = client.post("/games/new", data=data)
    assert r.status_code == 302, r.get_data(as_text=True)


def test_a_browser_without_a_cookie_is_offered_no_names(app):
    family = app.test_client()
    start(family, ["Zoë", "Yann", "Xavier"])
    assert offered(family)[:3] and set(offered(family)) == {"Zoë", "Yann", "Xavier"}
    stranger = app.test_client()
    assert offered(stranger) == []
    assert "Zoë" not in stranger.get("/games/new").get_data(as_text=True)


def test_a_browser_is_offered_its_games_and_its_tables_names_only(app):
    club = app.test_client()
    table = club.post("/api/v1/tables", json={"name": "Thursday club"}).get_json()
    r = club.post("/api/v1/games", json={"table": table["id"], "variant": "joybells", "players": ["Quentin", "Rosa", "Sam"]},
                  headers={"Authorization": f"Bearer {table['edit_token']}"})
    assert r.status_code == 201
    other = club.post("/api/v1/tables", json={"name": "Another family"}).get_json()
    r = club.post("/api/v1/games", json={"table": other["id"], "variant": "joybells", "players": ["Una", "Vic", "Wes"]},
                  headers={"Authorization": f"Bearer {other['edit_token']}"})
    assert r.status_code == 201
    elsewhere = app.test_client()
    start(elsewhere, ["Ann", "Bob", "Cy"])

    member = app.test_client()
    assert offered(member) == []
    assert member.get(f"/tables/{table['id']}").status_code == 200  # the family chat's read-only link
    assert sorted(offered(member)) == ["Quentin", "Rosa", "Sam"]
    start(member, ["Quentin", "Dora", "Eli"])
    names = offered(member)
    assert names[:3] == sorted(names[:3]) and set(names[:3]) == {"Dora", "Eli", "Quentin"}  # the newest game first
    assert sorted(names) == ["Dora", "Eli", "Quentin", "Rosa", "Sam"]


def test_the_names_offered_are_bounded(app):
    browser = app.test_client()
    for k in range(25):
        start(browser, [f"P{k}a", f"P{k}b", f"P{k}c"])
    names = offered(browser)
    assert len(names) == 60 and "P24a" in names and "P0a" not in names
