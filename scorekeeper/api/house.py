"""House variants in the JSON API (docs/api.md, "House variants"): create, change,
export and import. Reading one and the rules endpoints are in ``rules.py`` (they take any
variant id); the rules themselves are in ``scorekeeper.rules.house``."""
from __future__ import annotations

from flask import Response, jsonify, request, url_for
from flask_babel import gettext as _

from ..rules import house_settings
from ..services import house, house_import
from . import openapi
from .blueprint import bp
from .request import ApiError, bearer_token, json_body


def _saved(saved: house.Saved):
    """A new house variant: 201 with its edit token and its address."""
    body = {**house.document(saved.row), "edit_token": saved.edit_token, **_links(saved.row.id)}
    return jsonify(body), 201, {"Location": body["url"]}


def _links(variant_id: str) -> dict:
    return {"url": url_for("api.variant_detail", variant_id=variant_id, _external=True),
            "toml_url": url_for("api.variant_toml", variant_id=variant_id, _external=True),
            "page_url": url_for("rules.variant_page", variant_id=variant_id, _external=True)}


def _table(data: dict) -> str | None:
    table = data.get("table")
    return None if table is None else house.check_table_token(table, bearer_token())


@bp.post("/variants")
def create_variant():
    """A new house variant: ``{"based_on", "name", "changes", "table"}``; 201 with its edit token."""
    data = json_body()
    for key in data:
        if key not in ("based_on", "name", "changes", "table"):
            raise ApiError(_("%(key)s: not a field of a new house variant (based_on, name, changes, table)", key=key), 400,
                           field=key)
    if "based_on" not in data:
        raise ApiError(_("based_on: missing (the id of the variant to start from, e.g. joybells)"), 400,
                       field="based_on")
    if "name" not in data:
        raise ApiError(_("name: missing (what the family calls its rules)"), 400, field="name")
    table = _table(data)
    return _saved(house.create(data["based_on"], data["name"], data.get("changes"), table))


@bp.put("/variants/<variant_id>")
def update_variant(variant_id: str):
    """New rules for a house variant (its or its table's edit token); games started earlier keep theirs."""
    row = house.get_row(variant_id)
    token = bearer_token()
    house.check_token(row, token, table_token_ok=bool(row.table_id and house.table_token_matches(row.table_id, token)))
    data = json_body()
    for key in data:
        if key not in ("name", "changes", "version"):
            raise ApiError(_("%(key)s: not a field of a house variant change (name, changes)", key=key), 400, field=key)
    if "changes" not in data:
        raise ApiError(_("changes: missing (the whole set of changes from the base variant)"), 400, field="changes")
    row = house.update(row, data.get("name"), data["changes"], data.get("version") or request.headers.get("If-Match"))
    return jsonify({**house.document(row), **_links(row.id)})


@bp.get("/variants/<variant_id>/rules.toml")
def variant_toml(variant_id: str):
    """The house variant as a TOML file in the format of the built-in variants' files."""
    row = house.get_row(variant_id)
    name = "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in row.name).strip("-").lower() or "variant"
    return Response(row.rules_toml, mimetype="application/toml",
                    headers={"Content-Disposition": f'attachment; filename="{name}.toml"'})


@bp.post("/variants/import")
def import_variant():
    """A new house variant from an exported TOML file (the body, or ``{"toml", "name", "table",
    "duplicate"}``), checked exactly as ``changes`` are. Into a table, a variant of the same name
    already there is recognised: the same rules answer 200 with it; other rules answer 409 unless
    ``duplicate`` says ``update`` (it, as a new version) or ``keep_both`` (a copy under a new name)."""
    duplicate = None
    if request.mimetype == "application/json":
        data = json_body()
        for key in data:
            if key not in ("toml", "name", "table", "duplicate"):
                raise ApiError(_("%(key)s: not a field of an import (toml, name, table, duplicate)", key=key), 400,
                               field=key)
        text, name, duplicate = data.get("toml"), data.get("name"), data.get("duplicate")
        if not isinstance(text, str):
            raise ApiError(_("toml: missing (the text of a variant file)"), 400, field="toml")
        table = _table(data)
    else:
        raw = request.get_data(cache=True)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ApiError(_("file: not UTF-8 text"), 400, field="file") from None
        name, table = None, None
    done = house_import.import_file(text, name, table, duplicate)
    if done.edit_token is not None:
        body = {**house.document(done.row), "edit_token": done.edit_token, **_links(done.row.id),
                "outcome": done.outcome}
        return jsonify(body), 201, {"Location": body["url"]}
    return jsonify({**house.document(done.row), **_links(done.row.id), "outcome": done.outcome}), 200


_VARIANT_ID = openapi.path_param("variant_id", "A house variant's id (h-...)")
_ERRORS = {"400": openapi.ERROR_RESPONSE, "401": openapi.ERROR_RESPONSE, "403": openapi.ERROR_RESPONSE,
           "404": openapi.ERROR_RESPONSE, "409": openapi.ERROR_RESPONSE, "422": openapi.ERROR_RESPONSE}
_NAME_CHECK = "printable, not too long once trimmed"
_CHANGES = house_settings.changes_schema()  # each setting's part, from its description
# Every setting is checked again with the others (a contract a hand can hold, a pack that deals
# the table...) and refused by its own name (``melds.run_min``), beyond what a schema can say.
_RULES_CHECKED = {key: "playable with the other rules; numbers written as integers (8, not 8.0)"
                  for key in _CHANGES["properties"]}
openapi.add_path("api.import_variant", {"post": {
    "summary": "Import a house variant file (TOML)", "tags": ["house variants"],
    **openapi.beyond_schema({"file": "the toml: a house variant file (docs/house-variants.md)", "name": _NAME_CHECK,
                             "table": "a table that exists"}),
    "requestBody": {"required": True, "content": {"application/toml": {"schema": {"type": "string"}},
                                                  "application/json": {"schema": {
                                                      "type": "object", "required": ["toml"],
                                                      "additionalProperties": False, "properties": {
                                                      "toml": {"type": "string"}, "name": openapi.NAME,
                                                      "table": {"type": "string"},
                                                      "duplicate": {"type": "string", "enum": ["update", "keep_both"]}}}}}},
    "responses": {"201": openapi.json_response("The new house variant", {"type": "object"}),
                  "200": openapi.json_response("The variant already there (outcome same) or updated (outcome updated)",
                                               {"type": "object"}), **_ERRORS},
}})
openapi.add_path("api.variant_toml", {"get": {
    "summary": "A house variant as a TOML file", "tags": ["house variants"], "parameters": [_VARIANT_ID],
    "responses": {"200": {"description": "The file", "content": {"application/toml": {"schema": {"type": "string"}}}},
                  "404": openapi.ERROR_RESPONSE},
}})
openapi.add_tag("house variants", "A family's own rules: a built-in variant with changes")
openapi.add_path("api.create_variant", {"post": {
    "summary": "Make a house variant", "tags": ["house variants"],
    **openapi.beyond_schema({"based_on": "a built-in variant's id", "name": _NAME_CHECK,
                             "changes": "names and values of the variant document", "table": "a table that exists",
                             **_RULES_CHECKED}),
    "requestBody": openapi.json_body({"type": "object", "required": ["based_on", "name"],
                                      "additionalProperties": False, "properties": {
        "based_on": {"type": "string"}, "name": openapi.NAME, "changes": _CHANGES,
        "table": {"type": "string"}}}),
    "responses": {"201": openapi.json_response("The house variant, with edit_token", {"type": "object"}), **_ERRORS},
}})
openapi.add_path("api.update_variant", {"put": {
    "summary": "Change a house variant's rules (games already started keep theirs)", "tags": ["house variants"],
    "parameters": [_VARIANT_ID],
    **openapi.beyond_schema({"name": _NAME_CHECK, "changes": "names and values of the variant document", **_RULES_CHECKED}),
    "requestBody": openapi.json_body({"type": "object", "required": ["changes"], "additionalProperties": False,
                                      "properties": {
        "name": openapi.NAME, "changes": _CHANGES, "version": {"type": "integer"}}}),
    "responses": {"200": openapi.json_response("The house variant", {"type": "object"}), **_ERRORS},
}})
