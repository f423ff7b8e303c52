"""The OpenAPI 3.1 document of the JSON API, served at ``GET /api/v1/openapi.json``.

This module is a **registry**: each API module describes its own routes when it is imported, so
the document always lists what exists. A route is named by its endpoint; the documented path is
read from the app's URL map when the document is built (``/games/<game_id>`` is written
``/games/{game_id}``, relative to the API's prefix), so it is written once, in the route::

    from . import openapi

    openapi.add_path("api.create_game", {
        "post": {"summary": "Start a game", "tags": ["games"],
                 "requestBody": openapi.json_body({"$ref": "#/components/schemas/NewGame"}),
                 "responses": {"201": openapi.json_response("The new game", {...}),
                               "400": openapi.ERROR_RESPONSE}},
    })
    openapi.add_schema("NewGame", {"type": "object", "properties": {...}})

``add_path`` merges operations into an existing item, and the items of endpoints sharing a path
(``get`` and ``put`` served by two views) into one path item; adding the same operation twice
replaces it. ``add_tag`` names a group.
Helpers: :func:`json_body`, :func:`json_response`, :data:`ERROR_RESPONSE` (``{"error": ...}``)
and :func:`path_param`.

The schemas are as strict as the API's own checks of a request's shape: a request they allow is
not refused for its form, one they refuse is. What a schema cannot say (a name that must be one of
the game's players, a count the variant allows, a name's printable characters) an operation lists
with :func:`beyond_schema`: the fields, as the API's refusals name them, and why; the document
writes that list into the operation's description (tests/security/test_schemathesis.py excuses
exactly those refusals of a request the schema allows).
"""
from __future__ import annotations

import copy
import re
from typing import Any

from flask import current_app, jsonify

from ..rules import cards
from .blueprint import bp

_paths: dict[str, dict[str, Any]] = {}
_schemas: dict[str, dict[str, Any]] = {
    "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {"type": "string", "description": "A plain sentence naming the bad field or value."},
            "field": {"type": "string"},
        },
    },
}
_tags: dict[str, str] = {}

ERROR_RESPONSE = {
    "description": "The request was refused; the error names the field and the value.",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
}


def add_path(where: str, item: dict[str, Any]) -> None:
    """Describe the route of endpoint ``where`` (``"api.withdraw"``), or a path written out (relative
    to the API's prefix, ``"/games/{id}"``) for what no route of ours serves; merges with what is there."""
    _paths.setdefault(where, {}).update(copy.deepcopy(item))


def _documented(where: str) -> str:
    """The OpenAPI path of an endpoint's route: its rule without the API's prefix, ``{name}`` for
    each ``<converter:name>``."""
    if where.startswith("/"):
        return where
    rule = next(current_app.url_map.iter_rules(where)).rule
    return re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.removeprefix(bp.url_prefix or ""))


def add_schema(name: str, schema: dict[str, Any]) -> None:
    """A reusable schema, referenced as ``{"$ref": "#/components/schemas/<name>"}``."""
    _schemas[name] = copy.deepcopy(schema)


def add_tag(name: str, description: str) -> None:
    _tags[name] = description


def json_body(schema: dict[str, Any], required: bool = True) -> dict[str, Any]:
    return {"required": required, "content": {"application/json": {"schema": schema}}}


def json_response(description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def path_param(name: str, description: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"name": name, "in": "path", "required": True, "description": description,
            "schema": schema or {"type": "string"}}


BEYOND_SCHEMA = "x-checked-beyond-schema"


def beyond_schema(why: dict[str, str]) -> dict[str, Any]:
    """What an operation checks beyond its schemas, by field as the API's refusal names it
    (``"hands"`` also stands for ``"hands.Bob"``; ``"*"`` for any field): ``{field: why}``. Merge
    the result into the operation."""
    return {BEYOND_SCHEMA: dict(why)}


def _beyond_schema_sentence(why: dict[str, str]) -> str:
    return ("Checked beyond the schemas (a 400 or 422 naming the field): "
            + "; ".join(f"{field}: {reason}" for field, reason in why.items()) + ".")


_SELECTORS = "[\ufe0e\ufe0f]*"  # (the emoji and text presentation selectors phones add to ♥, dropped)


def _letter(letter: str) -> str:
    """One letter of a card code in any case (ſ, U+017F, is an S once upper-cased), selectors after it."""
    same = sorted({letter, letter.lower(), *(c for c in ("\u017f",) if c.upper() == letter)})
    return "[" + "".join(same) + "]" + _SELECTORS


def _card_code_pattern() -> str:
    """The card codes rules/cards.py's ``parse_card`` reads, as a regular expression: rank A 2-10
    (or T) J Q K and a suit letter or symbol in any case, or JK (JOKER), spaces around."""
    def word(text: str) -> str:
        return "".join(_letter(ch) if ch.isalpha() else re.escape(ch) + _SELECTORS for ch in text)
    ranks = "|".join(word(rank) for rank in (*cards.RANKS, "T"))
    suits = "|".join([word(suit) for suit in cards.SUITS] + [re.escape(symbol) + _SELECTORS
                                                          for symbol in sorted(cards.SYMBOL_TO_SUIT)])
    return (f"^\\s*{_SELECTORS}(?:{word(cards.JOKER)}|{word('JOKER')}|(?:{ranks})(?:{suits}))\\s*$")


CARD_CODE = {"type": "string", "pattern": _card_code_pattern(), "examples": ["10H", "QS", "JK"],
             "description": "A card: rank A 2-10 (or T) J Q K and suit S H D C (or ♠ ♥ ♦ ♣), any case; JK is a joker."}
NAME = {"type": "string", "pattern": "\\S", "description": "Text that is not blank"}
NO_NUL = "^[^\\x00]*$"
# An id or a round's number in an address: what an SQL INTEGER column holds (security.BoundedInt).
ROW_NUMBER = {"type": "integer", "minimum": 1, "maximum": 2**31 - 1}

WRITES = ("post", "put", "patch", "delete")


def _answers_any_operation_gives(method: str) -> dict[str, Any]:
    """What every operation may answer besides its own answers (scorekeeper/errors.py,
    scorekeeper/security.py): a request it cannot read, an address no route has (a number past
    what a column holds, say), a method the address does not take (405, ``Allow`` naming those it
    does), a body over 1 MiB, an address longer than the server reads, too many writes."""
    answers: dict[str, Any] = {
        "400": ERROR_RESPONSE,
        "404": ERROR_RESPONSE,
        "405": {**ERROR_RESPONSE, "description": "The address does not take this method",
                "headers": {"Allow": {"description": "The methods the address takes", "required": True,
                                      "schema": {"type": "string"}}}},
        "414": {"description": "The address is longer than the server reads (answered by the server itself)"},
    }
    if method in WRITES:
        answers["413"] = {**ERROR_RESPONSE, "description": "The body is over 1 MiB"}
        answers["429"] = {**ERROR_RESPONSE, "description": "Too many changes from this address; wait a minute"}
    return answers


def document() -> dict[str, Any]:
    """The whole OpenAPI document as it stands (in an app context: the paths are the routes')."""
    paths: dict[str, dict[str, Any]] = {}
    for where, item in _paths.items():
        paths.setdefault(_documented(where), {}).update(copy.deepcopy(item))
    for item in paths.values():
        for method, operation in item.items():
            if isinstance(operation, dict) and "responses" in operation:
                operation["responses"] = {**_answers_any_operation_gives(method), **operation["responses"]}
                operation["responses"] = dict(sorted(operation["responses"].items()))
            if isinstance(operation, dict) and BEYOND_SCHEMA in operation:
                said = operation.get("description", "")
                operation["description"] = (said + "\n\n" if said else "") + _beyond_schema_sentence(
                    operation[BEYOND_SCHEMA])
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "scorekeeper API",
            "version": "1",
            "description": (
                "Score keeping and rulings for the May I family of contract rummy (Joybells, "
                "Continental, Le May I, Clenney) and ROY. Errors are 4xx answers "
                "{\"error\": \"...\"} naming the field and the value. No text anywhere in a request "
                "(a body's keys and values, a query) may hold the NUL character (U+0000): 400."
            ),
        },
        "servers": [{"url": bp.url_prefix}],
        "tags": [{"name": k, "description": v} for k, v in sorted(_tags.items())],
        "paths": dict(sorted(paths.items())),
        "components": {"schemas": copy.deepcopy(_schemas)},
    }


@bp.get("/openapi.json")
def openapi_json():
    """The OpenAPI 3.1 document of this API."""
    return jsonify(document())


add_path("api.openapi_json", {
    "get": {
        "summary": "This OpenAPI document",
        "tags": ["meta"],
        "responses": {"200": {"description": "The OpenAPI 3.1 document",
                              "content": {"application/json": {"schema": {"type": "object"}}}}},
    }
})
add_tag("meta", "About the API itself")
