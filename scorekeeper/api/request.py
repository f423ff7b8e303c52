"""What every API route reads from a request, and how it refuses one: the JSON body, the bearer
token, and the 4xx answer (``{"error": message, **extra}``, written by scorekeeper/errors.py).
Each refusal is worded once, here: an empty body and one that is not an object as the rules API
said them ("body: empty; send a JSON object"), a body that is not JSON as the games API did."""
from __future__ import annotations

import json
from typing import Any, Callable

from flask import request
from flask_babel import gettext as _

from ..models import Game
from ..services import loading


class ApiError(Exception):
    """A 4xx answer: ``{"error": message, **extra}`` (``scorekeeper/errors.py``)."""

    def __init__(self, message: str, status: int = 400, **extra):
        super().__init__(message)
        self.message = message
        self.status = status
        self.extra = extra


def refusal(field: str, message: str, status: int = 400, **extra) -> ApiError:
    """``<field>: <message>`` in the reader's language, as the rules' refusals read (rules/errors.py)."""
    return ApiError(_("%(field)s: %(error)s", field=field, error=message), status, field=field, **extra)


def json_body(required: bool = True) -> dict[str, Any]:
    """The request body as a JSON object; 400 naming what is wrong otherwise (an empty body is
    ``{}`` when not ``required``)."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        if not required:
            return {}
        raise refusal("body", _("empty; send a JSON object"))
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):  # RecursionError: e.g. "[[[[..." 100,000 deep (found by fuzzing)
        raise ApiError(_("the body is not valid JSON (send Content-Type: application/json and a JSON object)"), 400,
                       field="body") from None
    if not isinstance(data, dict):
        raise refusal("body", _("%(value)s is not a JSON object", value=json.dumps(data)[:80]))
    return data


def bearer_token() -> str | None:
    """The token of ``Authorization: Bearer <token>``, or None."""
    scheme, _sep, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def game_with_edit_token(game_id: str, find: Callable[[str], Game] = loading.get_game) -> Game:
    """The game (404 if unknown), once the request's bearer token is its edit token (401 without a
    token, 403 with another: ``services/loading.py``, ``check_token``). ``find`` loads it (the whole
    game by default; the proposals' routes load its seats only). A route that changes the game
    hands this game to the service, which reads it no more."""
    game = find(game_id)
    loading.check_token(game, bearer_token())
    return game
