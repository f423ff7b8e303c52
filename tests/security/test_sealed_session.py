"""No token can be read from the session cookie (scorekeeper/web/sealed_session.py): a browser that
holds a game's edit token, a table's and a hand-in link's gets a cookie that neither shows them
nor decodes to them, that is refused once changed, and a cookie only signed (as older versions of
the app wrote it) still opens the games it held, sealed again at once."""
from __future__ import annotations

import base64
import re
import zlib

from flask.sessions import SecureCookieSessionInterface

from support.games import create, open_edit_link
from support.tables import new_table


def _cookie(client) -> str:
    cookie = client.get_cookie("session")
    assert cookie is not None
    return cookie.value


def _every_decoding(value: str) -> list[bytes]:
    """What anyone could read from the cookie: each piece base64-decoded, and inflated when it can be."""
    found = [value.encode()]
    for piece in re.split(r"[.]", value.lstrip(".")):
        try:
            raw = base64.urlsafe_b64decode(piece + "=" * (-len(piece) % 4))
        except ValueError:
            continue
        found.append(raw)
        try:
            found.append(zlib.decompress(raw))
        except zlib.error:
            pass
    return found


def test_no_token_can_be_read_from_the_session_cookie(app, client):
    game = create(client, "clenney", ["Ann", "Bob", "Cy"])
    table = new_table(client)
    assert open_edit_link(client, game).status_code in (302, 303)
    assert client.post(f"/tables/{table['id']}/edit", data={"token": table["edit_token"]}).status_code in (302, 303)
    assert client.post(f"/games/{game['id']}/hand-link").status_code in (302, 303)
    share = client.get(f"/games/{game['id']}/share").get_data(as_text=True)
    hand_token = re.search(r"/hand#token=([\w-]+)", share).group(1)
    value = _cookie(client)
    for secret in (game["edit_token"], table["edit_token"], hand_token):
        assert all(secret.encode() not in seen for seen in _every_decoding(value))
    # Flask's signed-only cookie cannot open it either; the sealed one opens with the app's key.
    signed = SecureCookieSessionInterface().get_signing_serializer(app)
    try:
        signed.loads(value)
    except Exception as err:  # itsdangerous.BadSignature
        assert "Signature" in type(err).__name__ or "signature" in str(err).lower()
    else:
        raise AssertionError("a sealed cookie opened as a signed one")
    opened = app.session_interface.get_signing_serializer(app).loads(value)
    assert opened["game_tokens"][game["id"]] == game["edit_token"]


def test_a_changed_cookie_is_an_empty_session(client):
    game = create(client, "clenney", ["Ann", "Bob", "Cy"])
    open_edit_link(client, game)
    value = _cookie(client)
    assert "Make a new edit link" in client.get(f"/games/{game['id']}/share").get_data(as_text=True)
    flipped = value[:40] + ("A" if value[40] != "A" else "B") + value[41:]
    client.set_cookie("session", flipped)
    assert "Make a new edit link" not in client.get(f"/games/{game['id']}/share").get_data(as_text=True)


def test_a_cookie_only_signed_by_an_older_version_keeps_its_games_and_is_sealed_again(app, client):
    game = create(client, "clenney", ["Ann", "Bob", "Cy"])
    with app.test_request_context():
        old = SecureCookieSessionInterface().get_signing_serializer(app).dumps(
            {"game_tokens": {game["id"]: game["edit_token"]}, "_permanent": True})
    client.set_cookie("session", old)
    page = client.get(f"/games/{game['id']}/share")
    assert "Make a new edit link" in page.get_data(as_text=True)
    resealed = _cookie(client)
    assert resealed != old and game["edit_token"].encode() not in b"".join(_every_decoding(resealed))
    assert "Make a new edit link" in client.get(f"/games/{game['id']}/share").get_data(as_text=True)
