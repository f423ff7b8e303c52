"""Security of games: edit tokens (strength, hashing, constant-time check, rotation), the
read-only link, CSRF on the real game forms, headers and inline code on the game pages."""
from __future__ import annotations

import base64
import inspect
import json
import re
from pathlib import Path

import pytest
import sqlalchemy as sa

from support import games as gamedata
from scorekeeper.backup import export_all
from scorekeeper.db import db
from scorekeeper.services import tokens
from support.security import EXPECTED_HEADERS, crawl

GAME_WRITE_PAGES = ["round", "withdraw", "suspend", "resume", "ruling", "token", "rounds/1/correct"]


def token_bits(token: str) -> int:
    raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    return len(raw) * 8


def test_edit_tokens_have_at_least_128_random_bits(client):
    tokens = {gamedata.create(client, "clenney", ["Ann", "Bob", "Cy"])["edit_token"] for _ in range(5)}
    assert len(tokens) == 5
    for token in tokens:
        assert re.fullmatch(r"[A-Za-z0-9_-]+", token)
        assert token_bits(token) >= 128


def test_only_a_hash_of_the_edit_token_is_stored(app, client):
    games = gamedata.populate(client)
    with app.app_context():
        dump = json.dumps(export_all())
        rows = db.session.execute(sa.text("SELECT * FROM games")).mappings().all()
    for g in games:
        assert g["edit_token"] not in dump
        assert all(g["edit_token"] not in json.dumps(dict(r), default=str) for r in rows)
    assert all(len(r["edit_token_hash"]) == 64 for r in rows)


def test_tokens_are_compared_in_constant_time():
    source = inspect.getsource(tokens.matches)
    assert "hmac.compare_digest" in source and "==" not in source.split('"""')[-1]


def test_rotating_the_edit_link_from_the_game_page_revokes_the_old_one(app_factory):
    app = app_factory(WTF_CSRF_ENABLED=True)
    scorekeeper = app.test_client()
    page = scorekeeper.get("/games/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
    r = scorekeeper.post("/games/new", data={
        "csrf_token": token, "variant": "clenney", "players-0": "Ann", "players-1": "Bob", "players-2": "Cy",
        "dealer": "0"})
    assert r.status_code == 302, r.get_data(as_text=True)[:2000]
    game_id = r.headers["Location"].rstrip("/").split("/")[-1]
    share = scorekeeper.get(f"/games/{game_id}/share").get_data(as_text=True)
    old_link = re.search(r"/games/[^/]+/edit#token=([A-Za-z0-9_-]+)", share)
    old_token = old_link.group(1)
    assert token_bits(old_token) >= 128

    # Another phone joins with the edit link, then the scorekeeper rotates it.
    other = app.test_client()
    assert other.get(f"/games/{game_id}/edit?token={old_token}").status_code == 302
    csrf = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', share).group(1)
    rotated = scorekeeper.post(f"/games/{game_id}/token", data={"csrf_token": csrf})
    assert rotated.status_code == 302
    share = scorekeeper.get(f"/games/{game_id}/share").get_data(as_text=True)
    new_token = re.search(r"/games/[^/]+/edit#token=([A-Za-z0-9_-]+)", share).group(1)
    assert new_token != old_token

    assert app.test_client().get(f"/games/{game_id}/edit?token={old_token}").status_code == 403
    api = app.test_client()
    assert api.post(f"/api/v1/games/{game_id}/suspend", headers={"Authorization": f"Bearer {old_token}"}).status_code == 403
    # The phone that joined with the old link can no longer change the game either.
    page = other.get(f"/games/{game_id}/round")
    assert page.status_code == 403
    assert api.post(f"/api/v1/games/{game_id}/suspend", headers={"Authorization": f"Bearer {new_token}"}).status_code == 200


def test_the_read_only_link_grants_nothing_else(client):
    g = gamedata.create(client, "clenney", ["Ann", "Bob", "Cy"])
    gamedata.post_round(client, g, {"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 7}}})
    before = client.get(f"/api/v1/games/{g['id']}").get_json()

    viewer = client.application.test_client()
    page = viewer.get(f"/games/{g['id']}/view")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert g["edit_token"] not in html and "token=" not in html
    assert page.headers["Referrer-Policy"] == "no-referrer"
    # The viewer's session holds no token: every page that changes the game refuses.
    for path in GAME_WRITE_PAGES:
        answer = viewer.post(f"/games/{g['id']}/{path}", data={"reason": "x", "player": "Bob"})
        assert answer.status_code == 403, path
        assert g["edit_token"] not in answer.get_data(as_text=True)
    assert "token=" not in viewer.get(f"/games/{g['id']}/share").get_data(as_text=True)
    for method, path in [("post", "rounds"), ("put", "rounds/1"), ("post", "withdraw"), ("post", "suspend"),
                         ("post", "rulings"), ("post", "token")]:
        r = getattr(viewer, method)(f"/api/v1/games/{g['id']}/{path}", json={"player": "Bob"})
        assert r.status_code == 401, (path, r.get_json())
    after = client.get(f"/api/v1/games/{g['id']}").get_json()
    assert after == before


@pytest.mark.parametrize("page", ["", "/view", "/share", "/round", "/export.json", "/export.csv"])
def test_game_pages_send_no_referrer_and_the_other_headers(client, page):
    g = gamedata.create(client, "clenney", ["Ann", "Bob", "Cy"])
    client.get(f"/games/{g['id']}/edit?token={g['edit_token']}")
    with client.get(f"/games/{g['id']}{page}") as r:
        assert r.status_code == 200
        for name, value in EXPECTED_HEADERS.items():
            assert r.headers[name] == value, (page, name)
    with client.get(f"/games/{g['id']}/edit?token={g['edit_token']}") as r:
        assert r.status_code == 302 and r.headers["Referrer-Policy"] == "no-referrer"


def test_game_forms_need_a_csrf_token(app_factory):
    app = app_factory(WTF_CSRF_ENABLED=True)
    client = app.test_client()
    assert client.post("/games/new", data={"variant": "clenney", "players-0": "Ann", "players-1": "Bob",
                                           "players-2": "Cy"}).status_code == 400
    g = gamedata.create(client, "clenney", ["Ann", "Bob", "Cy"])
    client.get(f"/games/{g['id']}/edit?token={g['edit_token']}")
    for path in GAME_WRITE_PAGES[:-1]:
        r = client.post(f"/games/{g['id']}/{path}", data={"reason": "x"})
        text = r.get_data(as_text=True)
        assert r.status_code == 400 and "CSRF" in text and "reload the page" in text, path
    assert client.get(f"/api/v1/games/{g['id']}").get_json()["rounds"] == []


def test_game_pages_have_no_inline_code_and_no_third_party_assets(client):
    games = gamedata.populate(client)
    for g in games:
        client.get(f"/games/{g['id']}/edit?token={g['edit_token']}")
    start = ["/", "/games", "/games/new"] + [f"/games/{g['id']}" for g in games]
    found = crawl(client, start, limit=120)
    assert len(found) >= 20
    assert {path: problems for path, problems in found.items() if problems} == {}


def test_edit_links_keep_the_token_out_of_request_lines_and_caches(app_factory):
    """The edit link carries the token after "#" (browsers never send it: no access log, no proxy
    log sees it); the page posts it. Every page that holds or takes a token is sent no-store, and
    a link of the older form (?token=) still works and is redirected to a token-free address."""
    app = app_factory(WTF_CSRF_ENABLED=True)
    creator = app.test_client()
    g = gamedata.create(creator, "clenney", ["Ann", "Bob", "Cy"])
    assert g["edit_url"].endswith(f"/games/{g['id']}/edit#token={g['edit_token']}")
    old = creator.get(f"/games/{g['id']}/edit?token={g['edit_token']}")
    assert old.status_code == 302 and old.headers["Location"] == f"/games/{g['id']}"
    assert old.headers["Cache-Control"] == "no-store"
    share = creator.get(f"/games/{g['id']}/share")
    assert f"/edit#token={g['edit_token']}" in share.get_data(as_text=True)
    assert share.headers["Cache-Control"] == "no-store"

    phone = app.test_client()
    page = phone.get(f"/games/{g['id']}/edit")  # all a server ever sees of the new link
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    assert g["edit_token"] not in html and 'src="/static/js/edit_link.js?v=' in html
    csrf = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html).group(1)
    assert phone.post(f"/games/{g['id']}/edit", data={"token": g["edit_token"]}).status_code == 400  # no CSRF token
    wrong = phone.post(f"/games/{g['id']}/edit", data={"csrf_token": csrf, "token": "not-the-token"})
    assert wrong.status_code == 403 and "not valid" in wrong.get_data(as_text=True)
    assert "not-the-token" not in wrong.get_data(as_text=True) and wrong.headers["Cache-Control"] == "no-store"
    assert phone.get(f"/games/{g['id']}/round").status_code == 403
    joined = phone.post(f"/games/{g['id']}/edit", data={"csrf_token": csrf, "token": g["edit_url"]})  # pasted whole
    assert joined.status_code == 302 and joined.headers["Location"] == f"/games/{g['id']}"
    assert joined.headers["Cache-Control"] == "no-store"
    assert phone.get(f"/games/{g['id']}/round").status_code == 200


def test_the_service_worker_never_stores_token_pages():
    """static/sw.js stores no no-store answer and leaves the edit link, the share page and the
    token answer to the network; its version drops the stores of the worker that kept them."""
    sw = (Path(__file__).resolve().parents[2] / "static" / "sw.js").read_text()
    assert 'cc.indexOf("no-store") === -1' in sw
    assert '/\\/(edit|edit-token|share)$/.test(url.pathname) || url.searchParams.has("token")' in sw
    assert 'var VERSION = "scorekeeper-v2"' not in sw
