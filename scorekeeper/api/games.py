"""Games part of the JSON API (its OpenAPI description is at the end of this file): create, read, record and correct
rounds, withdraw, suspend, resume; plus rulings logged at the table and edit-token rotation.

Writes need ``Authorization: Bearer <edit_token>`` (401 without, 403 wrong). Every rule is applied
by ``scorekeeper.services.games`` (shared with the pages), which is handed the game the token check
loaded (``game_with_edit_token``), so that a write reads the game once."""
from __future__ import annotations

from typing import Any

from flask import jsonify, request, url_for
from flask_babel import gettext as _

from .. import live
from ..services import games as svc
from ..services import loading
from ..services import view as game_views
from ..addresses import edit_url
from ..rules import hand_shape
from ..rules.game import RoundResult
from . import openapi
from .blueprint import bp
from .request import ApiError, game_with_edit_token, json_body


def _version_header() -> Any:
    value = request.headers.get("If-Match")
    return value.strip().strip('"') if value else None


def _version() -> Any:
    """An optional expected version: ``If-Match: <version>`` or the body's ``version``."""
    if request.headers.get("If-Match"):
        return _version_header()
    try:
        data = request.get_json(silent=True, force=True)
    except RecursionError:
        return None
    if isinstance(data, dict):
        return data.get("version")
    return None


def _links(game_id: str) -> dict:
    return {
        "url": url_for("api.get_game", game_id=game_id, _external=True),
        "view_url": url_for("games.view", game_id=game_id, _external=True),
    }


@bp.after_request
def _bearer_challenge(response):
    if response.status_code == 401 and "WWW-Authenticate" not in response.headers:
        response.headers["WWW-Authenticate"] = 'Bearer realm="scorekeeper"'
    return response


@bp.post("/games")
def create_game():
    data = json_body()
    if data.get("table") is not None:  # a game of a table, with the table's edit token (api/tables.py)
        from .tables import create_table_game

        created = create_table_game(data)
    else:
        created = svc.create_game(data.get("variant"), data.get("players"), data.get("dealer"), data.get("house_rules"))
    game = created.game
    body = {**game_views.game_state(game), "edit_token": created.edit_token, **_links(game.id),
            "edit_url": edit_url("games.edit_link", created.edit_token, game_id=game.id)}
    return jsonify(body), 201, {"Location": body["url"]}


@bp.get("/games/<game_id>")
def get_game(game_id: str):
    """The game state; conditional (ETag, ``If-None-Match`` → 304) so pages can poll it cheaply:
    the game's version is read first (one primary-key query), and only a changed game is loaded."""
    stamp = live.game_stamp(game_id)
    unchanged = live.not_modified(live.api_etag(stamp.id, stamp.version), None)
    if unchanged is not None:
        return unchanged
    game = loading.get_game(game_id)
    response = jsonify({**game_views.game_state(game), **_links(game.id)})
    return live.tag(response, live.api_etag(game.id, game.version), None)


@bp.get("/games/<game_id>/rounds/<int:number>")
def get_round(game_id: str, number: int):
    game = loading.get_game(game_id)
    if not 1 <= number <= len(game.rounds):
        raise ApiError(_("round %(number)r is not recorded in this game (rounds 1 to %(last)s)", number=number,
                         last=len(game.rounds)), 404, field="round")
    return jsonify(game_views.round_response(game, number))


def _saved_round_answer(saved: svc.SavedRound):
    """A saved round as JSON: 201 for a new round, 200 for one stored already or corrected (with
    the correction); a retry with a used Idempotency-Key gets the answer kept for it, marked."""
    status = 201 if saved.created else 200
    if saved.first_answer is not None:
        return jsonify(saved.first_answer), status, {"Idempotent-Replayed": "true"}
    body = game_views.round_json(saved.game, saved.number)
    if saved.correction is not None:
        body["correction"] = saved.correction.as_json()
    return jsonify(body), status


def _preview_json(result: RoundResult) -> dict:
    return {
        "number": result.number,
        "went_out": result.went_out,
        "end": result.end,
        "scores": result.scores,
        "bonus": result.bonus,
        "hands": {name: h.as_dict() for name, h in result.hands.items()},
        "applied": [a.summary for a in result.applied],
    }


@bp.post("/games/<game_id>/rounds")
def record_round(game_id: str):
    game = game_with_edit_token(game_id)
    data = json_body()
    return _saved_round_answer(svc.record_round(game, data, request.headers.get("Idempotency-Key"), _version_header()))


@bp.post("/games/<game_id>/rounds/preview")
def preview_round(game_id: str):
    """The scores a submission would give, nothing stored (needs no token: it changes nothing)."""
    game = loading.get_game(game_id)
    return jsonify(_preview_json(svc.preview_round(game, json_body())))


@bp.put("/games/<game_id>/rounds/<int:number>")
def correct_round(game_id: str, number: int):
    game = game_with_edit_token(game_id)
    data = json_body()
    return _saved_round_answer(svc.correct_round(game, number, data, data.get("reason"), _version()))


@bp.post("/games/<game_id>/withdraw")
def withdraw(game_id: str):
    game = game_with_edit_token(game_id)
    data = json_body()
    if "player" not in data:
        raise ApiError(_("player: say who withdraws"), 400, field="player")
    return jsonify(svc.withdraw(game, data.get("player"), _version()).as_json())


@bp.post("/games/<game_id>/suspend")
def suspend(game_id: str):
    game = game_with_edit_token(game_id)
    json_body(required=False)
    return jsonify(svc.suspend(game, _version()).as_json())


@bp.post("/games/<game_id>/resume")
def resume(game_id: str):
    game = game_with_edit_token(game_id)
    data = json_body(required=False)
    return jsonify(svc.resume(game, data.get("players"), expected_version=_version()).as_json())


@bp.post("/games/<game_id>/rulings")
def log_ruling(game_id: str):
    game = game_with_edit_token(game_id)
    data = json_body()
    logged = svc.log_ruling(
        game, data.get("what_happened"), data.get("ruling"), data.get("citation"), data.get("round"),
        data.get("player"), data.get("points"), _version(),
    )
    return jsonify({"ruling": logged.ruling.as_json(), "game": logged.game.as_json()}), 201


@bp.post("/games/<game_id>/token")
def rotate_token(game_id: str):
    """Replace the edit token; the old one (and every edit link made from it) stops working."""
    game = game_with_edit_token(game_id)
    json_body(required=False)  # (nothing to read, but a body that is not a JSON object is refused)
    token = svc.rotate_token(game)
    return jsonify({"edit_token": token, "edit_url": edit_url("games.edit_link", token, game_id=game_id)})


# ----- OpenAPI (the registry in api/openapi.py) ----------------------------------------------------

NEEDS_TOKEN = "Needs the game's edit token: Authorization: Bearer <edit_token> (401 without, 403 wrong)."
PLAYERS_OF_THE_GAME = "a name of this game's players (case-insensitive), printable"
GAME = {"$ref": "#/components/schemas/Game"}


def _describe() -> None:
    openapi.add_tag("games", "Games recorded round by round: writes need the game's edit token")
    _describe_schemas()
    _describe_rounds()
    _describe_changes()


def _describe_schemas() -> None:
    """The hand, the round submission, the new game and the game."""
    openapi.add_schema("Hand", hand_shape.hand_schema(openapi.CARD_CODE))
    openapi.add_schema("RoundSubmission", {
        "type": "object",
        "properties": {
            "round": {"type": "integer", "minimum": 1, "description": "Defaults to the next round"},
            "went_out": {"anyOf": [openapi.NAME, {"type": "null"}]},
            "end": {"enum": ["went_out", "stock_exhausted"]},
            "hands": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/Hand"}},
        },
    })
    openapi.add_schema("NewGame", {
        "type": "object",
        "required": ["variant", "players"],
        "properties": {
            "variant": {"type": "string", "examples": ["continental"]},
            "players": {"type": "array", "items": openapi.NAME, "description": "Names in seating order"},
            "dealer": {**openapi.NAME, "description": "Who deals first (default: the first player)"},
            "house_rules": {"type": "object", "additionalProperties": {"type": "boolean"}},
            "table": {"type": "string", "description": "A table's id: the game belongs to the table (needs the "
                                                       "table's edit token; players are matched to its roster)"},
        },
    })
    openapi.add_schema("Game", {
        "type": "object",
        "description": "The game state: players and seats, rounds, totals, standings, winner, next round, corrections, rulings, notes.",
        "properties": {k: {} for k in (
            "id", "variant", "variant_name", "rules", "house_version", "status", "players", "seats", "first_dealer",
            "house_rules", "rounds", "totals", "standings", "winner", "winners", "next_round", "number_of_rounds",
            "target", "lowest_wins", "corrections", "rulings", "notes", "view_url", "url", "version", "created_at",
            "updated_at", "completed_at")},
    })


def _describe_rounds() -> None:
    """Starting and reading a game; recording, previewing and correcting its rounds."""
    gid = openapi.path_param("game_id", "The game's id (unguessable; enough to read the game)")
    num = openapi.path_param("number", "Round number, from 1", openapi.ROW_NUMBER)
    err = openapi.ERROR_RESPONSE
    game, needs_token = GAME, NEEDS_TOKEN
    auth_errors = {"401": err, "403": err, "404": err, "409": err}
    round_checks = {"went_out": PLAYERS_OF_THE_GAME, "hands": "the game's players' names, each hand as the variant "
                    "counts it (cards of its pack, one way of giving it)", "round": "the game's next round",
                    "end": "stock_exhausted only where the variant allows it"}
    openapi.add_path("api.create_game", {"post": {
        "summary": "Start a game", "tags": ["games"],
        **openapi.beyond_schema({
            "variant": "a built-in variant or a house variant that exists", "players": "as many as the variant "
            "allows, different, printable names of at most 40 characters", "dealer": "one of the players",
            "house_rules": "the variant's house options", "table": "a table that exists"}),
        "requestBody": openapi.json_body({"$ref": "#/components/schemas/NewGame"}),
        "responses": {"201": openapi.json_response("The game, with edit_token and view_url", game), "400": err},
    }})
    openapi.add_path("api.get_game", {"get": {
        "summary": "The game: rounds, totals, standings, winner, next round, corrections, rulings, notes",
        "tags": ["games"], "parameters": [gid], "responses": {"200": openapi.json_response("The game", game), "404": err},
    }})
    openapi.add_path("api.record_round", {"post": {
        "summary": "Record the next round (Idempotency-Key: the same key returns the first answer)",
        "tags": ["games"], "description": needs_token,
        **openapi.beyond_schema({**round_checks, "Idempotency-Key": "printable characters"}),
        "parameters": [gid, {"name": "Idempotency-Key", "in": "header", "required": False, "schema": {"type": "string", "maxLength": 255}}],
        "requestBody": openapi.json_body({"$ref": "#/components/schemas/RoundSubmission"}),
        "responses": {"201": openapi.json_response("The round: number, scores, ...", {"type": "object"}),
                      "200": openapi.json_response("The same submission again: the stored round", {"type": "object"}),
                      "400": err, "422": err, **auth_errors},
    }})
    openapi.add_path("api.preview_round", {"post": {
        "summary": "The scores a submission would give; nothing is stored", "tags": ["games"],
        **openapi.beyond_schema(round_checks),
        "parameters": [gid], "requestBody": openapi.json_body({"$ref": "#/components/schemas/RoundSubmission"}),
        "responses": {"200": openapi.json_response("Scores and hands", {"type": "object"}), "400": err, "404": err},
    }})
    openapi.add_path("api.get_round", {
        "get": {"summary": "One recorded round", "tags": ["games"], "parameters": [gid, num],
                "responses": {"200": openapi.json_response("The round", {"type": "object"}), "404": err}}})
    openapi.add_path("api.correct_round", {
        "put": {"summary": "Correct a recorded round; reason required (old and new values are kept)",
                "tags": ["games"], "description": needs_token, "parameters": [gid, num],
                **openapi.beyond_schema({**round_checks, "round": "the round being corrected"}),
                "requestBody": openapi.json_body({"allOf": [{"$ref": "#/components/schemas/RoundSubmission"},
                                                            {"type": "object", "required": ["reason"],
                                                             "properties": {"reason": openapi.NAME}}]}),
                "responses": {"200": openapi.json_response("The corrected round", {"type": "object"}),
                              "400": err, "422": err, **auth_errors}},
    })


def _describe_changes() -> None:
    """Withdraw, suspend, resume, log a ruling, replace the edit token: each answers the game."""
    gid = openapi.path_param("game_id", "The game's id (unguessable; enough to read the game)")
    err = openapi.ERROR_RESPONSE
    game_answer = openapi.json_response("The game", GAME)
    auth_errors = {"401": err, "403": err, "404": err, "409": err}
    players_of_the_game = PLAYERS_OF_THE_GAME
    simple: dict[str, tuple[str, dict[str, Any], dict[str, str]]] = {
        "api.withdraw": ("A player leaves (total: the two highest totals of the others)",
                                      {"type": "object", "required": ["player"], "properties": {"player": openapi.NAME}},
                       {"player": players_of_the_game}),
        "api.suspend": ("Suspend between rounds", {"type": "object"}, {}),
        "api.resume": ("Resume with the same players in the same seats, the same calendar year",
                                    {"type": "object", "properties": {"players": {"type": "array", "items": openapi.NAME}}},
                       {"players": "the game's players, each once"}),
        "api.log_ruling": ("Log a dispute: what happened, the ruling, the rule cited, optional score effect",
                                     {"type": "object", "required": ["what_happened", "ruling"], "properties": {
                                         "what_happened": openapi.NAME, "ruling": openapi.NAME,
                                         "citation": {"type": "string"}, "round": {"type": "integer"},
                                         "player": openapi.NAME, "points": {"type": "integer"}}},
                       {"round": "a round of this game", "player": players_of_the_game,
                        "points": "within what a round can score", "what_happened": "printable, not too long",
                        "ruling": "printable, not too long", "citation": "printable, not too long"}),
        "api.rotate_token": ("Replace the edit token (old edit links stop working)", {"type": "object"}, {}),
    }
    for endpoint, (summary, body, checks) in simple.items():
        openapi.add_path(endpoint, {"post": {
            "summary": summary, "tags": ["games"], "description": NEEDS_TOKEN, "parameters": [gid],
            **(openapi.beyond_schema(checks) if checks else {}),
            "requestBody": openapi.json_body(body, required=endpoint in ("api.withdraw", "api.log_ruling")),
            "responses": {"200": game_answer, "201": game_answer, "400": err, "422": err, **auth_errors},
        }})


_describe()
