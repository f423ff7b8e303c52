"""Answers compressed on the way (scorekeeper/compression.py), static files under versioned
addresses kept a year (scorekeeper/static_files.py), and no secret that compression could reveal
(BREACH: scorekeeper/masked_csrf.py; docs/reliability.md, "Compression and secrets")."""
from __future__ import annotations

import gzip
import hashlib
import re
from pathlib import Path

import brotli
import pytest

from scorekeeper.masked_csrf import mask, unmask
from support import games as gamedata

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "gzip, deflate, br, zstd"  # what a phone's Chromium asks for
LONG_NAMES = ["Margaret", "Christopher", "Elizabeth", "Alexander", "Josephine", "Frederick"]


def _decoded(response) -> bytes:
    encoding = response.headers.get("Content-Encoding")
    body = response.get_data()
    if encoding == "br":
        return brotli.decompress(body)
    if encoding == "gzip":
        return gzip.decompress(body)
    assert encoding is None, encoding
    return body


def _game(client):
    game = client.post("/api/v1/games", json={"variant": "continental", "players": LONG_NAMES}).get_json()
    gamedata.open_edit_link(client, game)
    return game


# ----- compression --------------------------------------------------------------------------------------

@pytest.mark.parametrize("encoding", ["br", "gzip"])
def test_a_page_comes_compressed_in_the_encoding_the_browser_asks_for(client, encoding):
    plain = client.get("/rules/continental")
    packed = client.get("/rules/continental", headers={"Accept-Encoding": encoding})
    assert plain.headers.get("Content-Encoding") is None
    assert packed.headers["Content-Encoding"] == encoding
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert _decoded(packed) == plain.get_data()
    assert len(packed.get_data()) < len(plain.get_data()) / 3


def test_a_page_is_compressed_at_brotlis_level_5(client):
    """Level 5 (config.py): a few percent smaller than Flask-Compress's 4, as quick."""
    plain = client.get("/rules/continental").get_data()
    packed = client.get("/rules/continental", headers={"Accept-Encoding": "br"}).get_data()
    assert packed == brotli.compress(plain, quality=5, lgwin=22)
    assert len(packed) < len(brotli.compress(plain, quality=4, lgwin=22))


def test_brotli_is_chosen_when_a_phone_offers_everything(client):
    assert client.get("/", headers={"Accept-Encoding": CHROMIUM}).headers["Content-Encoding"] == "br"


def test_answers_that_hold_a_secret_are_never_compressed(client):
    """The share page (the edit link) and the API's answers (a new game's edit token) are marked
    no-store, and go as they are even when the page repeats what was asked (its query string, in
    the language switch's link); the game page beside them is compressed."""
    game = _game(client)
    share = client.get(f"/games/{game['id']}/share?guess=abc", headers={"Accept-Encoding": CHROMIUM})
    assert share.status_code == 200 and "no-store" in share.headers["Cache-Control"]
    assert game["edit_url"].split("#token=")[1].encode() in share.get_data()
    assert b"guess%3Dabc" in share.get_data() and len(share.get_data()) > 2000
    assert "Content-Encoding" not in share.headers
    created = client.post("/api/v1/games", json={"variant": "continental", "players": LONG_NAMES},
                          headers={"Accept-Encoding": CHROMIUM})
    assert created.status_code == 201 and len(created.get_data()) > 500
    assert "Content-Encoding" not in created.headers
    page = client.get(f"/games/{game['id']}?guess=abc", headers={"Accept-Encoding": CHROMIUM})
    assert page.headers["Content-Encoding"] == "br"


def test_a_compressed_game_page_keeps_its_entity_tag_and_its_304(client):
    """The tag comes back weak, the same as the uncompressed page's, so that the app's own check
    (scorekeeper/live.py, before the game is loaded) answers 304 to it."""
    game = _game(client)
    path = f"/games/{game['id']}/view"
    plain = client.get(path)
    packed = client.get(path, headers={"Accept-Encoding": CHROMIUM})
    assert packed.headers["Content-Encoding"] == "br"
    assert packed.headers["ETag"] == "W/" + plain.headers["ETag"].removeprefix("W/")
    again = client.get(path, headers={"Accept-Encoding": CHROMIUM, "If-None-Match": packed.headers["ETag"]})
    assert again.status_code == 304


def test_a_range_of_a_file_is_sent_as_it_is(client):
    with client.get("/static/css/app.css", headers={"Accept-Encoding": CHROMIUM, "Range": "bytes=0-2999"}) as part:
        pass
    assert part.status_code == 206 and "Content-Encoding" not in part.headers
    assert part.get_data() == (ROOT / "static" / "css" / "app.css").read_bytes()[:3000]


# ----- static files: versioned addresses, kept a year ------------------------------------------------------

def test_pages_name_each_static_file_by_its_content(client):
    html = client.get("/").get_data(as_text=True)
    addresses = re.findall(r'(?:href|src)="/static/([^"?]+)\?v=([0-9a-f]+)"', html)
    assert {"css/app.css", "js/pwa.js", "icons/icon.svg"} <= {path for path, _ in addresses}
    assert not re.search(r'(?:href|src)="/static/[^"?]+"', html)  # (none without its version)
    for path, version in addresses:
        # (a module's imports name their versions as it is sent: static_files.py, sent_text)
        with client.get(f"/static/{path}?v={version}", headers={"Accept-Encoding": CHROMIUM}) as answer:
            sent = _decoded(answer)
        assert version == hashlib.sha256(sent).hexdigest()[:12], path
    assert ("css/app.css", hashlib.sha256((ROOT / "static" / "css" / "app.css").read_bytes()).hexdigest()[:12]) in addresses


def test_a_static_file_at_its_versioned_address_is_kept_a_year(client):
    html = client.get("/").get_data(as_text=True)
    address = re.search(r'href="(/static/css/app\.css\?v=[0-9a-f]+)"', html).group(1)
    with client.get(address, headers={"Accept-Encoding": CHROMIUM}) as kept:
        pass
    assert kept.status_code == 200
    assert set(kept.headers["Cache-Control"].split(", ")) == {"public", "max-age=31536000", "immutable"}
    assert kept.headers["Content-Encoding"] == "br"
    assert _decoded(kept) == (ROOT / "static" / "css" / "app.css").read_bytes()
    # the same file whatever the language or the cookie: a new session cookie does not fetch it again
    assert "Cookie" not in kept.headers["Vary"] and "Accept-Language" not in kept.headers["Vary"]


@pytest.mark.parametrize("encoding", ["br", "gzip"])
def test_a_file_that_never_changes_is_compressed_at_the_highest_level(client, encoding):
    """A versioned script (kept a year) is compressed at Brotli's or gzip's best, smaller than at
    Flask-Compress's level for pages, and the same bytes every time (compressed once, kept)."""
    html = client.get("/games/new").get_data(as_text=True)
    address = re.search(r'src="(/static/js/new_game\.js\?v=[0-9a-f]+)"', html).group(1)
    answers = []
    for _ in range(2):
        with client.get(address, headers={"Accept-Encoding": encoding}) as answer:
            answers.append(answer.get_data())
    assert answer.headers["Content-Encoding"] == encoding and "immutable" in answer.headers["Cache-Control"]
    sent = _decoded(answer)
    if encoding == "br":
        assert answers[0] == brotli.compress(sent, quality=11)
        assert len(answers[0]) < len(brotli.compress(sent, quality=4, lgwin=22))
    else:
        assert answers[0] == gzip.compress(sent, compresslevel=9, mtime=0)
        assert len(answers[0]) < len(gzip.compress(sent, compresslevel=1, mtime=0))
    assert answers[1] == answers[0]
    assert int(answer.headers["Content-Length"]) == len(answers[0])


@pytest.mark.parametrize("query", ["", "?v=0123456789ab"])
def test_a_static_file_at_another_address_is_checked_before_each_use(client, query):
    """No version, or an older one (a page a phone kept from before): the current file, no-cache."""
    with client.get("/static/css/app.css" + query) as answer:
        sent = answer.get_data()  # (read before the file is closed)
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-cache"
    assert sent == (ROOT / "static" / "css" / "app.css").read_bytes()


# ----- the CSRF token, masked afresh on every answer -------------------------------------------------------

def _token(html: str) -> str:
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)


def test_mask_and_unmask():
    token = "ImFiYyI.aQk3Bg.s1gn4tur3"
    masked = {mask(token) for _ in range(20)}
    assert len(masked) == 20 and all(unmask(m) == token for m in masked)
    assert all("." not in m and token not in m for m in masked)
    for sent in (None, "", token, "not-masked!", "QUJD", mask(token)[:-1] + "%"):
        assert unmask(sent) in (sent, None) or sent == mask(token)


def test_the_csrf_token_never_shows_the_same_bytes_twice(app_factory):
    """With CSRF on, as in production: each page's token differs; none shows the session's token
    (its first part, the same for the whole session, is what compression could give away); each
    one, and one written before masking (unmasked), is accepted; one changed on the way is not."""
    client = app_factory().test_client()
    pages = [client.get("/games/new").get_data(as_text=True) for _ in range(3)]
    tokens = [_token(page) for page in pages]
    assert len(set(tokens)) == 3
    session_part = unmask(tokens[0]).split(".")[0]
    assert {unmask(t).split(".")[0] for t in tokens} == {session_part}
    assert not any(session_part in page for page in pages)

    def new_game(token):
        return client.post("/games/new", data={"csrf_token": token, "variant": "joybells", "dealer": "0",
                                               "players-0": "Ann", "players-1": "Bob", "players-2": "Cy"})

    assert new_game(tokens[1]).status_code == 302
    assert new_game(unmask(tokens[2])).status_code == 302
    changed = tokens[0][:10] + ("A" if tokens[0][10] != "A" else "B") + tokens[0][11:]
    refused = new_game(changed)
    assert refused.status_code == 400 and "Form expired" in refused.get_data(as_text=True)


def test_a_form_sent_back_with_its_errors_comes_compressed_too(client):
    """The round form with an error (400) and a page that is not there (404) are pages a phone
    shows like any other."""
    game = _game(client)
    sent = client.post(f"/games/{game['id']}/round", headers={"Accept-Encoding": CHROMIUM},
                       data={"went_out": "0", "hands-1-seat": "1", "hands-1-mode": "points", "hands-1-points": "x"})
    assert sent.status_code == 400 and sent.headers["Content-Encoding"] == "br"
    assert "hands-1-points" in _decoded(sent).decode()
    missing = client.get("/games/no-such-game", headers={"Accept-Encoding": CHROMIUM})
    assert missing.status_code == 404 and missing.headers["Content-Encoding"] == "br"
