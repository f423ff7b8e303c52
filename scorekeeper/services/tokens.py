"""Every secret token the app hands out, in one place: edit tokens (games, tables, house variants),
hand-in tokens and seat tokens (services/proposals.py, services/seats.py).

A token is 256 random bits, shown once; only its SHA-256 hash is stored. :func:`matches` compares
in constant time, :func:`require` turns a missing or wrong token into the 401 or 403 the pages and
the API answer, and :func:`fresh` makes a new token with its hash (a rotation)."""
from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Callable

from .errors import Forbidden, Unauthorized

MAX_TOKEN = 200  # longer than any token given out: not even hashed


def new_token() -> str:
    """A new token: 256 random bits from ``secrets``."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def fresh() -> tuple[str, str]:
    """A new token and the hash to store in place of the old one's."""
    token = new_token()
    return token, hash_token(token)


def unusable_hash() -> str:
    """The hash of a token that nobody is given: stored, it ends every old token's right."""
    return hash_token(new_token())


def matches(stored_hash: str | None, token: object) -> bool:
    """Whether ``token`` is the one whose hash is stored (compared in constant time)."""
    if stored_hash is None or not isinstance(token, str) or not token or len(token) > MAX_TOKEN:
        return False
    return hmac.compare_digest(hash_token(token).encode(), stored_hash.encode())


def require(token: str | None, valid: Callable[[str], bool], missing: str, wrong: str,
            field: str = "Authorization") -> None:
    """401 with ``missing`` without a token, 403 with ``wrong`` when ``valid(token)`` is false."""
    if not token:
        raise Unauthorized(missing, field)
    if not valid(token):
        raise Forbidden(wrong, field)
