"""Rules part of the JSON API: variants, decks, hand scores, meld checks, May I, ROY plays
(docs/api.md, "Rules (no database)").

Errors (never a 5xx): an unknown variant is a 404; a body that is not JSON or not an object, a
missing field, a field of the wrong type or a card code that is not a card is a 400; a value
that is well formed but not allowed (players or round out of range, a joker where the pack has
none, the discarder claiming their own discard) is a 422. Every error names the field and value.
"""
from __future__ import annotations

import json
import re
from typing import Any

from flask import url_for, jsonify, request
from flask_babel import gettext as _

from ..rules import cards as cards_mod
from ..rules import hand_shape
from ..rules.errors import RulesInputError
from ..rules.may_i import resolve_may_i
from ..rules.pack_limits import cards_beyond, said
from ..rules.melds import check_contract
from ..rules.roy import check_play
from ..rules.scoring import hand_points
from ..rules import house as house_rules
from ..rules.variants import GameKind, Variant, VariantError, all_variants
from ..services import house
from . import openapi
from .blueprint import bp
from .request import ApiError, json_body, refusal

_MISSING = object()
_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


# ----- request helpers ---------------------------------------------------------------------------

def _jsonable(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)) and all(isinstance(v, (bool, int, float, str)) for v in value):
        return list(value)
    return repr(value)


def _input_error(err: RulesInputError, status: int = 422) -> ApiError:
    extra = {}
    if err.field:
        extra["field"] = err.field
        extra["value"] = _jsonable(err.value)
    return ApiError(str(err), status, **extra)


def _field(data: dict, name: str, default: Any = _MISSING) -> Any:
    if name not in data:
        if default is _MISSING:
            raise refusal(name, _("missing"))
        return default
    return data[name]


def _variant(variant_id: str) -> Variant:
    """A built-in variant, a shipped example or a house variant (services/house.py)."""
    try:
        return house.find_variant(variant_id)
    except VariantError as err:
        raise ApiError(str(err), 404, field="variant", value=variant_id) from None


def _with_house_rules(variant: Variant, data: dict) -> Variant:
    options = data.get("house_rules")
    if options is None:
        return variant
    status = 422 if isinstance(options, dict) else 400
    return _judge(variant.with_house_rules, options or {}, "house_rules", status=status)


def _cards(variant: Variant, codes: Any, field: str, rank_alone: bool = False) -> list[cards_mod.Card]:
    """Parse card codes (400 when a code is not a card), then check them against the pack (422);
    ``rank_alone`` where only points are asked (a rank without a suit is enough)."""
    parsed = _judge(cards_mod.parse_cards, codes, field, rank_alone=rank_alone, status=400)
    for i, card in enumerate(parsed):
        _judge(variant.check_card, card, f"{field}[{i}]")
    return parsed


def _card(variant: Variant, code: Any, field: str) -> cards_mod.Card:
    return _judge(variant.check_card, _judge(cards_mod.parse_card, code, field, status=400), field)


def _wrong(name: str, value: Any, what: str, shown: int | None = 80) -> ApiError:
    """A 400 for a field of the wrong type: ``<name>: <value as JSON, cut to shown> is not <what>``."""
    return refusal(name, _("%(value)s is not %(what)s", value=json.dumps(value)[:shown], what=what),
                    value=_jsonable(value))


def _int(data: dict, name: str) -> int:
    value = _field(data, name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _wrong(name, value, _("a whole number"), None)
    return value


def _int_or(data: dict, name: str, default: int | None = None) -> int | None:
    """An optional whole number: ``default`` when it is absent or null."""
    return default if data.get(name) is None else _int(data, name)


def _judge(fn, *args, status: int = 422, **kwargs):
    """``fn(*args, **kwargs)``; a rules refusal is answered with ``status`` (422: well formed but not allowed)."""
    try:
        return fn(*args, **kwargs)
    except RulesInputError as err:
        raise _input_error(err, status) from None


# ----- routes -------------------------------------------------------------------------------------

def _variant_summary(v: Variant) -> dict[str, Any]:
    data = {
        "id": v.id,
        "name": v.name,
        "kind": v.kind,
        "summary": v.summary,
        "players": {"min": v.players.min, "max": v.players.max},
        "rounds": v.number_of_rounds,
        "url": url_for("api.variant_detail", variant_id=v.id),
    }
    if v.scoring.target is not None:
        data["target"] = v.scoring.target
    return data


@bp.get("/variants")
def variants_index():
    """Every built-in variant (docs/api.md, Rules), then the shipped house examples, each with
    ``based_on``; ``?table=<tid>``: that table's house variants too. A house variant of no table is
    not listed: like a game, it is reached by its link (docs/house-variants.md)."""
    listed = [_variant_summary(v) for v in all_variants()]
    listed += [{**_variant_summary(v), "based_on": v.based_on, "example": True} for v in house_rules.examples()]
    table = request.args.get("table") or None
    if table is not None and not _TABLE_ID.fullmatch(table):
        raise refusal("table", _("%(value)r is not a table id", value=table[:40]))
    for row in (house.rows(table) if table is not None else []):
        listed.append({**_variant_summary(house.variant_of_row(row)), "based_on": row.based_on,
                       "version": row.version, "table": row.table_id})
    return jsonify({"variants": listed})


@bp.get("/variants/<variant_id>")
def variant_detail(variant_id: str):
    """One variant's rules as data: players, deal, rounds and contracts, card points, wilds; a
    house variant adds ``based_on``, its changes in data and in words, and its version."""
    row = house.find_row(variant_id)
    if row is not None:
        return jsonify(house.document(row))
    variant = _variant(variant_id)
    if variant.based_on:
        return jsonify(house.example_document(variant))
    return jsonify(variant.as_dict())


@bp.get("/variants/<variant_id>/decks")
def variant_decks(variant_id: str):
    """Decks, jokers and cards for a number of players (docs/rulings.md, "decks")."""
    variant = _variant(variant_id)
    raw = request.args.get("players")
    if raw is None:
        raise refusal("players", _("missing (add ?players=N)"))
    text = raw.strip()
    if not (text.isascii() and text.lstrip("-").isdigit()) or len(text) > 6:
        raise refusal("players", _("%(value)r is not a whole number", value=raw), value=raw)
    players = int(text)
    pack = _judge(variant.pack, players)
    return jsonify({"variant": variant.id, "players": players, **pack.as_dict(),
                    "cards_dealt": variant.cards_dealt,
                    "citation": variant.cite("pack").as_dict()})


@bp.post("/variants/<variant_id>/hand-score")
def hand_score(variant_id: str):
    """Penalty points of the cards left in a hand, plus 10 per missing card (incorrect hand)."""
    variant = _variant(variant_id)
    data = json_body()
    cards = _cards(variant, _field(data, "cards"), "cards", rank_alone=True)
    # Never beyond the pack (docs/rulings.md, "Cards beyond the pack"): the pack of ``players``
    # players when given, else the largest the variant deals.
    players = _int_or(data, "players", variant.players.max)
    found = cards_beyond(_judge(variant.pack, players), cards)
    if found:
        raise ApiError(said("cards", found[0]), 422, field="cards", value=found[0].key)
    score = _judge(hand_points, variant, cards, _int_or(data, "missing_cards", 0))
    answer = score.as_dict()
    if score.missing_cards:
        answer["citation"] = variant.cite("irregularities").as_dict()
    return jsonify({**answer, "variant": variant.id})


@bp.post("/variants/<variant_id>/meld-check")
def meld_check(variant_id: str):
    """Judge melds; with ``round``, as that round's contract (docs/rulings.md, "Built-in variants")."""
    variant = _variant(variant_id)
    data = json_body()
    if variant.melds is None:
        raise refusal("variant", _("%(variant)s has no sets or runs to check", variant=variant.name), 422,
                       value=variant.id)
    variant = _with_house_rules(variant, data)
    round_number = _int_or(data, "round")
    melds = _field(data, "melds")
    if not isinstance(melds, list):
        raise _wrong("melds", melds, _("a list of melds (lists of card codes)"))
    parsed = []
    for k, meld in enumerate(melds):
        if not isinstance(meld, list):
            raise _wrong(f"melds[{k}]", meld, _("a list of card codes"))
        parsed.append(_cards(variant, meld, f"melds[{k}]"))
    verdict = _judge(check_contract, variant, round_number, parsed, hand_cards=_int_or(data, "hand_cards"))
    return jsonify({**verdict.as_dict(), "variant": variant.id})


@bp.post("/variants/<variant_id>/may-i")
def may_i(variant_id: str):
    """Who takes a claimed discard, with what penalty (docs/rulings.md, "May I")."""
    variant = _variant(variant_id)
    data = json_body()
    variant = _with_house_rules(variant, data)
    players = _int(data, "players")
    current = _int(data, "current")
    claimants = _field(data, "claimants")
    if not isinstance(claimants, list):
        raise _wrong("claimants", claimants, _("a list of seat numbers"))
    for i, seat in enumerate(claimants):
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise _wrong(f"claimants[{i}]", seat, _("a seat number (a whole number)"))
    verdict = _judge(resolve_may_i, variant, players, current, claimants, _int_or(data, "round"),
                     _int_or(data, "cards", 1))
    return jsonify({**verdict.as_dict(), "variant": variant.id})


@bp.post("/variants/<variant_id>/play-check")
def play_check(variant_id: str):
    """Is a ROY turn legal, and what does it do to the next player (source 002, rules 3-6)."""
    variant = _variant(variant_id)
    if variant.roy is None:
        raise refusal("variant", _("%(variant)s has no play-check (it is for ROY)", variant=variant.name), 404,
                       value=variant.id)
    data = json_body()
    top = _card(variant, _field(data, "top"), "top")
    cards = _cards(variant, _field(data, "cards", []), "cards")
    pending = _int_or(data, "pending_draw", 0)
    for name in ("announced_suit", "announce"):
        value = data.get(name)
        if value is not None and not isinstance(value, str):
            raise _wrong(name, value, _("a suit (S, H, D or C)"))
    verdict = _judge(check_play, top, cards, announced_suit=data.get("announced_suit"), pending_draw=pending,
                     announce=data.get("announce"), variant=variant)
    return jsonify({**verdict.as_dict(), "variant": variant.id})


# ----- OpenAPI ------------------------------------------------------------------------------------

_CARDS = {"type": "array", "items": openapi.CARD_CODE,
          "description": "Card codes: rank A 2-10 (or T) J Q K + suit S H D C (or symbols), any case; JK is a joker."}
_VID = openapi.path_param("variant_id", "A variant id: joybells, continental, le-may-i, clenney or roy")
_CITATIONS = {"type": "array", "items": {"$ref": "#/components/schemas/Citation"}}
_ERRORS = {"400": openapi.ERROR_RESPONSE, "404": openapi.ERROR_RESPONSE, "422": openapi.ERROR_RESPONSE}
_PLAYERS_CHECK = "as many players as the variant is for"
_HOUSE_RULES_CHECK = "the variant's house options"

openapi.add_tag("rules", "The rules, without a database: variants, packs, hand scores, melds, May I, ROY plays")
openapi.add_schema("Citation", {
    "type": "object",
    "properties": {"file": {"type": "string"}, "section": {"type": "string"}, "label": {"type": "string"}},
})
openapi.add_schema("Variant", {
    "type": "object",
    "required": ["id", "name", "players", "cards_dealt", "rounds", "card_points", "wild_cards"],
    "properties": {
        "id": {"type": "string"}, "name": {"type": "string"}, "kind": {"enum": [str(kind) for kind in GameKind]},
        "players": {"type": "object", "properties": {"min": {"type": "integer"}, "max": {"type": "integer"}}},
        "cards_dealt": {"type": "integer"},
        "rounds": {"type": "array", "items": {"type": "object", "properties": {
            "number": {"type": "integer"},
            "contract": {"type": "object", "properties": {"sets": {"type": "integer"}, "runs": {"type": "integer"}}},
            "min_cards": {"type": "integer"}}}},
        "card_points": {"type": "object", "additionalProperties": {"type": "integer"}},
        "wild_cards": {"type": "array", "items": {"type": "string"}},
        "target": {"type": "integer", "description": "ROY: the score that wins the game (100)"},
    },
})
openapi.add_schema("MeldVerdict", {
    "type": "object",
    "properties": {
        "kind": {"enum": ["set", "run", None]}, "legal": {"type": "boolean"},
        "reasons": {"type": "array", "items": {"type": "string"}}, "cards": _CARDS,
        "wilds": {"type": "array", "items": {"type": "object", "properties": {
            "card": {"type": "string"}, "stands_for": {"type": "string"}}}},
        "citations": _CITATIONS,
    },
})
openapi.add_path("api.variants_index", {"get": {
    "summary": "List the variants", "tags": ["rules"],
    "responses": {"200": openapi.json_response("The variants", {"type": "object", "properties": {
        "variants": {"type": "array", "items": {"type": "object"}}}})},
}})
openapi.add_path("api.variant_detail", {"get": {
    "summary": "One variant's rules as data", "tags": ["rules"], "parameters": [_VID],
    "responses": {"200": openapi.json_response("The variant", {"$ref": "#/components/schemas/Variant"}),
                  "404": openapi.ERROR_RESPONSE},
}})
openapi.add_path("api.variant_decks", {"get": {
    "summary": "The pack for a number of players", "tags": ["rules"],
    **openapi.beyond_schema({"players": _PLAYERS_CHECK}),
    "parameters": [_VID, {"name": "players", "in": "query", "required": True, "schema": {"type": "integer"}}],
    "responses": {"200": openapi.json_response("Decks, jokers and cards", {"type": "object", "properties": {
        "decks": {"type": "integer"}, "jokers": {"type": "integer"}, "cards": {"type": "integer"}}}), **_ERRORS},
}})
openapi.add_path("api.hand_score", {"post": {
    "summary": "Penalty points of a hand", "tags": ["rules"], "parameters": [_VID],
    **openapi.beyond_schema({"variant": "a variant that scores the cards left in a hand (not ROY)",
                             "players": _PLAYERS_CHECK, "cards": "no more of a card than the pack holds"}),
    "requestBody": openapi.json_body({"type": "object", "required": ["cards"], "properties": {
        "cards": _CARDS, "missing_cards": hand_shape.MISSING_CARDS.schema(openapi.CARD_CODE),
        "players": {"type": ["integer", "null"], "description": (
            "Players at the table: the hand may not hold more than their pack (default: the largest pack)")}}}),
    "responses": {"200": openapi.json_response("Points and one line per card", {"type": "object", "properties": {
        "points": {"type": "integer"}, "lines": {"type": "array", "items": {"type": "object", "properties": {
            "card": {"type": "string"}, "points": {"type": "integer"}}}}}}), **_ERRORS},
}})
openapi.add_path("api.meld_check", {"post": {
    "summary": "Judge melds, optionally as a round's contract", "tags": ["rules"], "parameters": [_VID],
    **openapi.beyond_schema({"variant": "a variant with melds (not ROY)", "round": "a round of the variant",
                             "house_rules": _HOUSE_RULES_CHECK, "melds": "no more of a card than the pack holds",
                             "hand_cards": "as many as a hand can hold"}),
    "requestBody": openapi.json_body({"type": "object", "required": ["melds"], "properties": {
        "round": {"type": ["integer", "null"]}, "melds": {"type": "array", "items": _CARDS},
        "hand_cards": {"type": ["integer", "null"], "description": (
            "Cards held after drawing, for a last round that must use every card (Joybells round 7); "
            "default: cards dealt + 1. Larger after May I penalty cards.")},
        "house_rules": {"type": "object", "additionalProperties": {"type": "boolean"}}}}),
    "responses": {"200": openapi.json_response("The verdict", {"type": "object", "properties": {
        "legal": {"type": "boolean"}, "reasons": {"type": "array", "items": {"type": "string"}},
        "melds": {"type": "array", "items": {"$ref": "#/components/schemas/MeldVerdict"}},
        "notes": {"type": "array", "items": {"type": "string"}}, "citations": _CITATIONS}}), **_ERRORS},
}})
openapi.add_path("api.may_i", {"post": {
    "summary": "Who takes a claimed discard", "tags": ["rules"], "parameters": [_VID],
    **openapi.beyond_schema({"variant": "a variant with May I (not ROY)", "players": _PLAYERS_CHECK,
                             "current": "a seat of the table", "claimants": "other seats of the table, each once",
                             "round": "a round of the variant", "house_rules": _HOUSE_RULES_CHECK}),
    "requestBody": openapi.json_body({"type": "object", "required": ["players", "current", "claimants"],
                                      "properties": {
        "players": {"type": "integer"}, "current": {"type": "integer", "description": "0-based seat"},
        "claimants": {"type": "array", "items": {"type": "integer"}}, "round": {"type": ["integer", "null"]},
        "cards": {"type": "integer", "minimum": 1},
        "house_rules": {"type": "object", "additionalProperties": {"type": "boolean"}}}}),
    "responses": {"200": openapi.json_response("The ruling", {"type": "object", "properties": {
        "allowed": {"type": "boolean"}, "taker": {"type": ["integer", "null"]},
        "penalty_cards": {"type": "integer"}, "current_draws_from": {"enum": ["discard", "stock"]},
        "reasons": {"type": "array", "items": {"type": "string"}}, "citations": _CITATIONS}}), **_ERRORS},
}})
openapi.add_path("api.play_check", {"post": {
    "summary": "Is a ROY turn legal (variant_id: roy)", "tags": ["rules"], "parameters": [_VID],
    **openapi.beyond_schema({"variant": "ROY", "top": "a card of ROY's pack (no jokers)",
                             "cards": "cards of ROY's pack (no jokers)",
                             "announced_suit": "only after a jack played alone",
                             "announce": "only with a jack played alone", "pending_draw": "only after a 2"}),
    "requestBody": openapi.json_body({"type": "object", "required": ["top"], "properties": {
        "top": openapi.CARD_CODE, "cards": _CARDS, "announced_suit": {"enum": ["S", "H", "D", "C", None]},
        "pending_draw": {"type": "integer", "minimum": 0}, "announce": {"enum": ["S", "H", "D", "C", None]}}}),
    "responses": {"200": openapi.json_response("The verdict", {"type": "object", "properties": {
        "legal": {"type": "boolean"}, "reasons": {"type": "array", "items": {"type": "string"}},
        "effects": {"type": "object", "properties": {
            "next_draws": {"type": "integer"}, "next_skips": {"type": "boolean"},
            "announced_suit": {"type": ["string", "null"]}}}, "citations": _CITATIONS}}), **_ERRORS},
}})
