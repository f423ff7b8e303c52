"""The session cookie, encrypted: what a browser remembers (scorekeeper/web/remembered.py) holds
edit and hand-in tokens, so the cookie is sealed with Fernet (AES-128-CBC and HMAC-SHA256, from the
``cryptography`` library) under a key derived from the app's ``SECRET_KEY``. Whoever reads the
cookie (a shared computer, a proxy's log, a backup of a browser profile) learns nothing from it,
and a cookie changed or sealed under another key is an empty session, as a badly signed one was.

Everything else is Flask's own cookie session: the same cookie name, flags and lifetime."""
from __future__ import annotations

import base64
import hashlib
import zlib

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from flask.json.tag import TaggedJSONSerializer
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import BadSignature


def _fernet(secret_key: str | bytes) -> Fernet:
    secret = secret_key.encode() if isinstance(secret_key, str) else secret_key
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=b"scorekeeper", info=b"session cookie").derive(
        hashlib.sha256(secret).digest())
    return Fernet(base64.urlsafe_b64encode(key))


class SealedSerializer:
    """What Flask's cookie session asks of its serializer (``dumps``, ``loads`` with ``max_age``),
    with the JSON encrypted rather than only signed. The JSON is compressed first (as Flask's signed
    cookie was), which keeps a phone's cookie under the 4 KB a browser keeps; sealed under the
    first key, opened under any (``SECRET_KEY`` then ``SECRET_KEY_FALLBACKS``)."""

    def __init__(self, keys: list[str | bytes]):
        self.fernet = MultiFernet([_fernet(key) for key in keys])
        self.json = TaggedJSONSerializer()

    def dumps(self, session: dict) -> str:
        return self.fernet.encrypt(zlib.compress(self.json.dumps(session).encode(), 9)).decode("ascii")

    def loads(self, value: str | bytes, max_age: int | None = None) -> dict:
        try:
            sealed = value if isinstance(value, bytes) else value.encode("ascii")
            raw = zlib.decompress(self.fernet.decrypt(sealed, ttl=max_age))
        except (InvalidToken, UnicodeEncodeError, zlib.error, ValueError, TypeError):
            raise BadSignature("the session cookie cannot be opened") from None
        return self.json.loads(raw.decode())


class SealedCookieSessionInterface(SecureCookieSessionInterface):
    """Flask's cookie session, sealed (:class:`SealedSerializer`). A cookie only signed, as older
    versions of the app wrote it, is still read (once): it is sealed again in the same answer, so
    no browser loses the games it may change."""

    def get_signing_serializer(self, app):
        if not app.secret_key:
            return None
        return SealedSerializer([app.secret_key, *(app.config.get("SECRET_KEY_FALLBACKS") or [])])

    def open_session(self, app, request):
        session = super().open_session(app, request)
        value = request.cookies.get(self.get_cookie_name(app))
        if session is None or session or not value:
            return session
        signed = SecureCookieSessionInterface().get_signing_serializer(app)
        try:
            data = signed.loads(value, max_age=int(app.permanent_session_lifetime.total_seconds()))
        except BadSignature:
            return session
        older = self.session_class(data)
        older.modified = True  # (sealed when the answer is sent)
        return older
