"""Live sharing: ETag / If-None-Match → 304 on the game's JSON and its read-only scoreboard, and
the QR code of the read-only link (docs/offline.md)."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import segno

from scorekeeper.web.qr import qr_svg

SVG = "{http://www.w3.org/2000/svg}"


def _game(client):
    response = client.post("/api/v1/games", json={"variant": "joybells", "players": ["Ann", "Bob", "Cy"], "dealer": "Ann"})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return body["id"], {"Authorization": f"Bearer {body['edit_token']}"}


def _round(client, game_id, auth, number=1):
    response = client.post(f"/api/v1/games/{game_id}/rounds", headers=auth, json={
        "round": number, "went_out": "Ann", "hands": {"Bob": {"points": 25}, "Cy": {"cards": ["KD", "3S"]}}})
    assert response.status_code == 201, response.get_json()


def test_api_answers_304_until_the_game_changes(client):
    game_id, auth = _game(client)
    first = client.get(f"/api/v1/games/{game_id}")
    etag = first.headers["ETag"]
    assert first.status_code == 200 and etag.startswith('"api-v')
    assert first.headers["Cache-Control"] == "no-store"  # the API's own rule stays
    again = client.get(f"/api/v1/games/{game_id}", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == etag
    assert client.get(f"/api/v1/games/{game_id}", headers={"If-None-Match": '"something-else"'}).status_code == 200

    _round(client, game_id, auth)
    changed = client.get(f"/api/v1/games/{game_id}", headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert changed.get_json()["totals"] == {"Ann": 0, "Bob": 25, "Cy": 13}
    assert changed.headers["ETag"] != etag
    assert client.get(f"/api/v1/games/{game_id}", headers={"If-None-Match": changed.headers["ETag"]}).status_code == 304


def test_every_write_changes_the_etag(client):
    game_id, auth = _game(client)
    tags = [client.get(f"/api/v1/games/{game_id}").headers["ETag"]]
    _round(client, game_id, auth)
    tags.append(client.get(f"/api/v1/games/{game_id}").headers["ETag"])
    assert client.post(f"/api/v1/games/{game_id}/suspend", headers=auth, json={}).status_code == 200
    tags.append(client.get(f"/api/v1/games/{game_id}").headers["ETag"])
    assert client.post(f"/api/v1/games/{game_id}/resume", headers=auth, json={}).status_code == 200
    tags.append(client.get(f"/api/v1/games/{game_id}").headers["ETag"])
    assert len(set(tags)) == 4


def test_read_only_page_is_conditional(client):
    game_id, auth = _game(client)
    page = client.get(f"/games/{game_id}/view")
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-cache"
    etag = page.headers["ETag"]
    assert etag.startswith('"view-v')
    api_etag = client.get(f"/api/v1/games/{game_id}").headers["ETag"].strip('"')
    html = page.get_data(as_text=True)
    assert f'data-etag="{api_etag}"' in html  # live.js starts from the API's current tag
    assert f'data-live="/api/v1/games/{game_id}"' in html and "js/live.js" in html
    unchanged = client.get(f"/games/{game_id}/view", headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.data == b""
    assert unchanged.headers["Content-Security-Policy"].startswith("default-src 'self'")
    _round(client, game_id, auth)
    fresh = client.get(f"/games/{game_id}/view", headers={"If-None-Match": etag})
    assert fresh.status_code == 200 and fresh.headers["ETag"] != etag
    assert ">25<" in fresh.get_data(as_text=True).replace(" ", "").replace("\n", "")
    assert client.get("/games/nope/view", headers={"If-None-Match": etag}).status_code == 404


def _modules(svg: str) -> list[list[bool]]:
    """Read the dark modules back out of segno's path data (``M x y`` / ``m dx dy`` moves and
    ``h n`` runs), i.e. decode the drawing back into the QR code's matrix."""
    root = ET.fromstring(svg)
    paths = root.findall(f".//{SVG}path")
    size = int(root.get("viewBox").split()[2]) // 6  # scale 6
    dark = [p for p in paths if p.get("stroke") == "#000"]
    assert len(dark) == 1
    grid = [[False] * size for _ in range(size)]
    x = y = 0.0
    for op, a, b in re.findall(r"([Mmh])(-?\d+(?:\.\d+)?)(?:[ ,](-?\d+(?:\.\d+)?))?", dark[0].get("d")):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            for i in range(int(float(a))):
                grid[int(y)][int(x) + i] = True
            x += float(a)
    return grid


def test_qr_svg_draws_the_link():
    link = "http://127.0.0.1:5000/games/Abc123_-xyz/view"
    svg = qr_svg(link)
    assert "style" not in svg and "<script" not in svg  # CSP-safe as an image or inline
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("viewBox")
    expected = segno.make(link, error="m", micro=False)
    border = 4
    matrix = [[bool(v) for v in row] for row in expected.matrix]
    drawn = _modules(svg)
    inner = [row[border:border + len(matrix)] for row in drawn[border:border + len(matrix)]]
    assert inner == matrix
    assert all(not any(row) for row in drawn[:border])  # quiet zone
    assert _modules(qr_svg(link.replace("xyz", "xyw"))) != drawn


def test_qr_route_and_pages_show_it(client):
    game_id, _ = _game(client)
    response = client.get(f"/games/{game_id}/qr.svg")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    assert response.get_data(as_text=True) == qr_svg(f"http://localhost/games/{game_id}/view")
    assert client.get("/games/nope/qr.svg").status_code == 404
    share = client.get(f"/games/{game_id}/share").get_data(as_text=True)
    assert f'src="/games/{game_id}/qr.svg"' in share
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'src="/games/{game_id}/qr.svg"' in page and "js/live.js" in page
