"""Edit tokens a browser holds beyond its session cookie's room (scorekeeper/web/remembered.py).

The cookie keeps a random key; the database keeps, under the key's hash, each token hidden with a
keystream drawn from the key (HMAC-SHA512 of a fresh nonce), so the rows alone open nothing."""
from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from sqlalchemy.exc import IntegrityError

from ..db import db
from ..models import KeptToken, utcnow


def new_key() -> str:
    return secrets.token_urlsafe(32)


def _browser(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _pad(key: str, nonce: bytes, length: int) -> bytes:
    return hmac.new(key.encode(), nonce, hashlib.sha512).digest()[:length]


def _seal(key: str, token: str) -> str:
    raw = token.encode()
    nonce = secrets.token_bytes(16)
    return base64.urlsafe_b64encode(nonce + bytes(a ^ b for a, b in zip(raw, _pad(key, nonce, len(raw))))).decode()


def _open(key: str, sealed: str) -> str | None:
    try:
        data = base64.urlsafe_b64decode(sealed.encode())
        nonce, body = data[:16], data[16:]
        return bytes(a ^ b for a, b in zip(body, _pad(key, nonce, len(body)))).decode()
    except (ValueError, UnicodeDecodeError):
        return None


def keep(key: str, kind: str, item_id: str, token: str) -> None:
    """Keep (or replace) the browser's token for one game, table or house variant. A token longer
    than the keystream is not kept (edit tokens are 43 characters)."""
    if len(token.encode()) > 64:
        return
    row = db.session.get(KeptToken, (_browser(key), kind, item_id))
    if row is None:
        db.session.add(KeptToken(browser=_browser(key), kind=kind, item_id=item_id, sealed=_seal(key, token),
                                 kept_at=utcnow()))
    else:
        row.sealed, row.kept_at = _seal(key, token), utcnow()
    try:
        db.session.commit()
    except IntegrityError:  # another tab of the same browser kept it at the same moment
        db.session.rollback()


def find(key: str, kind: str, item_id: str) -> str | None:
    row = db.session.get(KeptToken, (_browser(key), kind, item_id))
    return None if row is None else _open(key, row.sealed)


def item_ids(key: str, kind: str, limit: int | None = 30) -> list[str]:
    """The ids the browser keeps tokens for here, the most recently kept first."""
    return list(db.session.execute(
        db.select(KeptToken.item_id).where(KeptToken.browser == _browser(key), KeptToken.kind == kind)
        .order_by(KeptToken.kept_at.desc()).limit(limit)).scalars())
