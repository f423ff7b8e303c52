"""The OpenAPI 3.1 document of the JSON API, served at ``GET /api/v1/openapi.json``.

This module is a **registry**: each API module describes its own paths when it is imported, so
the document always lists what exists. Paths are relative to the ``/api/v1`` server::

    from . import openapi

    openapi.add_path("/games", {
        "post": {"summary": "Start a game", "tags": ["games"],
                 "requestBody": openapi.json_body({"$ref": "#/components/schemas/NewGame"}),
                 "responses": {"201": openapi.json_response("The new game", {...}),
                               "400": openapi.ERROR_RESPONSE}},
    })
    openapi.add_schema("NewGame", {"type": "object", "properties": {...}})

``add_path`` merges operations into an existing path item (so two modules may add ``get`` and
``post`` to one path); adding the same operation twice replaces it. ``add_tag`` names a group.
Helpers: :func:`json_body`, :func:`json_response`, :data:`ERROR_RESPONSE` (``{"error": ...}``)
and :func:`path_param`.
"""
from __future__ import annotations

import copy
from typing import Any

from flask import jsonify

from . import bp

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


def add_path(path: str, item: dict[str, Any]) -> None:
    """Describe ``path`` (relative to /api/v1, e.g. ``"/games/{id}"``); merges with what is there."""
    if not path.startswith("/"):
        raise ValueError(f"OpenAPI paths start with '/': {path!r}")
    _paths.setdefault(path, {}).update(copy.deepcopy(item))


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


def document() -> dict[str, Any]:
    """The whole OpenAPI document as it stands."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "scorekeeper API",
            "version": "1",
            "description": (
                "Score keeping and rulings for the May I family of contract rummy (Joybells, "
                "Continental, Le May I, Clenney) and ROY. Errors are 4xx answers "
                "{\"error\": \"...\"} naming the field and the value."
            ),
        },
        "servers": [{"url": "/api/v1"}],
        "tags": [{"name": k, "description": v} for k, v in sorted(_tags.items())],
        "paths": copy.deepcopy(dict(sorted(_paths.items()))),
        "components": {"schemas": copy.deepcopy(_schemas)},
    }


@bp.get("/openapi.json")
def openapi_json():
    """The OpenAPI 3.1 document of this API."""
    return jsonify(document())


add_path("/openapi.json", {
    "get": {
        "summary": "This OpenAPI document",
        "tags": ["meta"],
        "responses": {"200": {"description": "The OpenAPI 3.1 document",
                              "content": {"application/json": {"schema": {"type": "object"}}}}},
    }
})
add_tag("meta", "About the API itself")
