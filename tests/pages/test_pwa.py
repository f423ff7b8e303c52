"""The installable app: manifest, service worker at the root scope, offline page, and the app
shell the worker stores (every file it lists exists). docs/offline.md."""
from __future__ import annotations

import json
import re
from pathlib import Path

from support import games as gamedata

STATIC = Path(__file__).resolve().parents[2] / "static"


def get(client, url):
    """GET and close (static files are streamed from open files)."""
    response = client.get(url)
    response.get_data()
    response.close()
    return response


def test_service_worker_is_served_at_the_root_scope(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.get_data() == (STATIC / "sw.js").read_bytes()
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]  # worker-src falls back to it


def test_every_file_of_the_app_shell_exists(client):
    source = (STATIC / "sw.js").read_text()
    listed = re.search(r"var SHELL_URLS = \[(.*?)\];", source, re.S).group(1)
    urls = re.findall(r'"([^"]+)"', listed) + re.findall(r'var OFFLINE_URL = "([^"]+)"', source)
    assert "/offline" in urls and "/static/js/offline.js" in urls and len(urls) >= 10
    for url in urls:
        assert get(client, url).status_code == 200, url


def test_manifest_and_its_icons(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200 and response.mimetype == "application/manifest+json"
    manifest = json.loads(response.get_data())
    assert manifest["start_url"] == "/games" and manifest["scope"] == "/" and manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        got = get(client, icon["src"])
        assert got.status_code == 200, icon["src"]
        assert got.mimetype == icon["type"]
        if icon["type"] == "image/png":
            data = got.get_data()
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
    assert {192, 512} <= sizes
    assert any(i.get("purpose") == "maskable" for i in manifest["icons"])


def test_every_page_links_the_manifest_and_registers_the_worker(client):
    for path in ("/", "/games", "/offline", "/games/new"):
        html = client.get(path).get_data(as_text=True)
        assert '<link rel="manifest" href="/manifest.webmanifest">' in html, path
        assert '<meta name="theme-color" content="#0b5d3b">' in html
        assert 'src="/static/js/pwa.js?v=' in html


def test_offline_page(client):
    response = client.get("/offline")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    # (static/js/waiting.js brings static/js/offline.js, which sends the rounds kept)
    assert "No network" in html and 'data-offline-queue="all"' in html and "js/waiting.js" in html


def test_record_form_holds_no_token_and_tells_only_the_editor_where_to_ask(client, app):
    """The record form is stored by the service worker for use with no network, so it holds no
    edit token: it names where static/js/offline.js asks for it (a no-store answer, only to a
    phone that may change the game)."""
    created = client.post("/api/v1/games", json={"variant": "joybells", "players": ["Ann", "Bob", "Cy"], "dealer": "Ann"}).get_json()
    token_url = f"/games/{created['id']}/edit-token"
    # Not an editor yet: the record form and the token are refused, the game page has no token.
    assert client.get(f"/games/{created['id']}/round").status_code == 403
    refused = client.get(token_url)
    assert refused.status_code == 403 and refused.headers["Cache-Control"] == "no-store"
    assert created["edit_token"] not in client.get(f"/games/{created['id']}").get_data(as_text=True)
    gamedata.open_edit_link(client, created)
    page = client.get(f"/games/{created['id']}/round")
    html = page.get_data(as_text=True)
    assert created["edit_token"] not in html and "no-store" not in page.headers.get("Cache-Control", "")
    assert f'data-edit-token-url="{token_url}"' in html
    assert f'data-offline-api="/api/v1/games/{created["id"]}/rounds"' in html
    assert "js/offline_round.js" in html  # (which brings static/js/offline.js)
    answer = client.get(token_url)
    assert answer.get_json() == {"edit_token": created["edit_token"]}
    assert answer.headers["Cache-Control"] == "no-store"
    view = client.get(f"/games/{created['id']}/view").get_data(as_text=True)
    assert created["edit_token"] not in view and "data-edit-token" not in view
