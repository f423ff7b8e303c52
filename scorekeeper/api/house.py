"""House variants in the JSON API (docs/api.md, "House variants"): create, change,
export and import. Reading one and the rules endpoints are in ``rules.py`` (they take any
variant id); the rules themselves are in ``scorekeeper.rules.house``."""
from __future__ import annotations

from flask import Response, jsonify, request, url_for
from flask_babel import gettext as _

from ..services import house
from . import ApiError, bp, openapi
from .games import _bearer, _body


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
    return None if table is None else house.check_table_token(table, _bearer())


@bp.post("/variants")
def create_variant():
    """A new house variant: ``{"based_on", "name", "changes", "table"}``; 201 with its edit token."""
    data = _body()
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
    token = _bearer()
    house.check_token(row, token, table_token_ok=bool(row.table_id) and house.table_token_matches(row.table_id, token))
    data = _body()
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
    """A new house variant from an exported TOML file (the body, or ``{"toml", "name", "table"}``),
    checked exactly as ``changes`` are."""
    if request.mimetype == "application/json":
        data = _body()
        text, name = data.get("toml"), data.get("name")
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
    return _saved(house.import_toml(text, name, table))


_VARIANT_ID = openapi.path_param("variant_id", "A house variant's id (h-...)")
_ERRORS = {"400": openapi.ERROR_RESPONSE, "401": openapi.ERROR_RESPONSE, "403": openapi.ERROR_RESPONSE,
           "404": openapi.ERROR_RESPONSE, "409": openapi.ERROR_RESPONSE, "422": openapi.ERROR_RESPONSE}
_CHANGES = {"type": "object", "description": "Changes to the base variant, in the names of the variant document: "
            "players, decks, jokers_per_deck, cards_dealt, rounds, contract_kind, melds, wild_cards, last_round, "
            "card_points, scoring, may_i, stock_exhausted (docs/house-variants.md)"}
openapi.add_path("api.import_variant", {"post": {
    "summary": "Import a house variant file (TOML)", "tags": ["house variants"],
    "requestBody": {"required": True, "content": {"application/toml": {"schema": {"type": "string"}},
                                                  "application/json": {"schema": {"type": "object", "properties": {
                                                      "toml": {"type": "string"}, "name": {"type": "string"}}}}}},
    "responses": {"201": openapi.json_response("The new house variant", {"type": "object"}), **_ERRORS},
}})
openapi.add_path("api.variant_toml", {"get": {
    "summary": "A house variant as a TOML file", "tags": ["house variants"], "parameters": [_VARIANT_ID],
    "responses": {"200": {"description": "The file", "content": {"application/toml": {"schema": {"type": "string"}}}},
                  "404": openapi.ERROR_RESPONSE},
}})
openapi.add_tag("house variants", "A family's own rules: a built-in variant with changes")
openapi.add_path("api.create_variant", {"post": {
    "summary": "Make a house variant", "tags": ["house variants"],
    "requestBody": openapi.json_body({"type": "object", "required": ["based_on", "name"], "properties": {
        "based_on": {"type": "string"}, "name": {"type": "string"}, "changes": _CHANGES,
        "table": {"type": "string"}}}),
    "responses": {"201": openapi.json_response("The house variant, with edit_token", {"type": "object"}), **_ERRORS},
}})
openapi.add_path("api.update_variant", {"put": {
    "summary": "Change a house variant's rules (games already started keep theirs)", "tags": ["house variants"],
    "parameters": [_VARIANT_ID],
    "requestBody": openapi.json_body({"type": "object", "required": ["changes"], "properties": {
        "name": {"type": "string"}, "changes": _CHANGES, "version": {"type": "integer"}}}),
    "responses": {"200": openapi.json_response("The house variant", {"type": "object"}), **_ERRORS},
}})
