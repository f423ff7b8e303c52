"""Hands from the players' phones, the JSON API (docs/api.md, "Hands from the players' phones";
its OpenAPI description is at the end of this file): the hand-in link, a player's proposal for
the next round, and the proposals the scorekeeper's round form polls.

The hand-in token may only put or delete proposals; every other write still needs the edit token
(the game's or its table's), so a hand-in token is refused there with 403 like any wrong token.
The rules are applied by ``scorekeeper.services.proposals``."""
from __future__ import annotations

from flask import jsonify
from flask_babel import gettext as _

from .. import live
from ..services import loading
from ..services import proposals as svc
from ..services import seats
from ..addresses import edit_url
from . import openapi
from .blueprint import bp
from .request import ApiError, bearer_token, game_with_edit_token, json_body


def _hand_in_token() -> str:
    token = bearer_token()
    if not token:
        raise ApiError(_("sending a hand needs the game's hand-in link (Authorization: Bearer <token>)"), 401,
                       field="Authorization")
    return token


def _game_for_player(game_id: str, name: str):
    """The game (404 if unknown), when the token may send this player's hand: the edit token, the
    player's seat token once a phone claimed the seat, else the hand-in token (401 without a
    token, 403 with any other: services/seats.py)."""
    game = svc.get_game(game_id)
    token = _hand_in_token()
    if not loading.token_matches(game, token):
        seats.check_sender(game, name, token, svc.hand_token_ok(game, token))
    return game


def hand_page_url(game_id: str, token: str) -> str:
    """The player's "My hand" page with the hand-in token after ``#`` (a browser never sends it)."""
    return edit_url("games.my_hand", token, game_id=game_id)


@bp.post("/games/<game_id>/hand-link")
def new_hand_link(game_id: str):
    """A new hand-in link; the game's old one stops working."""
    game = game_with_edit_token(game_id, svc.get_game)
    json_body(required=False)
    token = svc.new_hand_link(game)
    return jsonify({"token": token, "url": hand_page_url(game_id, token)}), 201


@bp.put("/games/<game_id>/rounds/<int:number>/proposals/<path:name>")
def put_proposal(game_id: str, number: int, name: str):
    game = _game_for_player(game_id, name)
    hand = json_body()
    return jsonify(svc.propose(game, number, name, hand).as_json())


@bp.delete("/games/<game_id>/rounds/<int:number>/proposals/<path:name>")
def delete_proposal(game_id: str, number: int, name: str):
    game = _game_for_player(game_id, name)
    svc.withdraw_proposal(game, number, name)
    return "", 204


@bp.post("/games/<game_id>/seats/<path:name>/claim")
def claim_seat(game_id: str, name: str):
    """A phone holding the hand-in link claims a player's seat: 201 with the seat token."""
    game = svc.get_game(game_id)
    token = _hand_in_token()
    if not svc.hand_token_ok(game, token):
        raise ApiError(_("this hand-in link is not valid for this game (a newer one may have replaced it)"), 403,
                       field="Authorization")
    json_body(required=False)
    return jsonify(seats.claim(game, name).as_json()), 201


@bp.delete("/games/<game_id>/seats/<path:name>/claim")
def free_seat(game_id: str, name: str):
    """The scorekeeper frees a player's seat (the edit token); the phone holding the seat may give
    it back with its own seat token ("Not you?" on "My hand")."""
    game = svc.get_game(game_id)
    if not seats.holds_seat(game, name, bearer_token()):
        game = game_with_edit_token(game_id, svc.get_game)
    seats.free(game, name)
    return "", 204


@bp.get("/games/<game_id>/rounds/<int:number>/proposals")
def get_proposals(game_id: str, number: int):
    """The hands sent for the next round; conditional (ETag, ``If-None-Match`` → 304) for polling."""
    game = game_with_edit_token(game_id, svc.get_game)
    sent = svc.proposals(game, number)
    unchanged = live.not_modified(sent.stamp, None)
    if unchanged is not None:
        return unchanged
    return live.tag(jsonify(sent.as_json()), sent.stamp, None)


# ----- OpenAPI (the registry in api/openapi.py) ----------------------------------------------------

def _describe() -> None:
    openapi.add_tag("hands", "Hands from the players' phones: proposals for the next round, recorded only "
                             "when the scorekeeper saves the round")
    gid = openapi.path_param("game_id", "The game's id")
    num = openapi.path_param("number", "The game's next round (any other is 409)", openapi.ROW_NUMBER)
    name = openapi.path_param("name", "An active player's name (case-insensitive, Unicode NFC)")
    player_of_the_game = openapi.beyond_schema({
        "hands": "the name in the address, a player of this game, and the hand as a round counts it (cards of "
                 "the variant's pack, one way of giving it)", "player": "the name in the address: a player of this game"})
    err = openapi.ERROR_RESPONSE
    hand_token = ("Needs the hand-in token (or the game's edit token): Authorization: Bearer <token> "
                  "(401 without, 403 wrong); once a phone claimed the player's seat, that seat's token. "
                  "The hand-in token can do nothing else.")
    edit_token = "Needs the game's (or its table's) edit token: Authorization: Bearer <edit_token> (401 without, 403 wrong)."
    openapi.add_schema("Proposal", {
        "type": "object",
        "required": ["player", "round", "points", "hand"],
        "properties": {
            "player": {"type": "string"}, "round": {"type": "integer"},
            "points": {"type": "integer", "description": "As the round will count the hand"},
            "hand": {"$ref": "#/components/schemas/Hand"},
        },
    })
    openapi.add_path("api.new_hand_link", {"post": {
        "summary": "A new hand-in link for the players' phones (the old one stops working)", "tags": ["hands"],
        "description": edit_token, "parameters": [gid],
        "responses": {"201": openapi.json_response("The hand-in token and the \"My hand\" page's address (token after #)", {
            "type": "object", "required": ["token", "url"],
            "properties": {"token": {"type": "string"}, "url": {"type": "string"}}}),
            "401": err, "403": err, "404": err},
    }})
    openapi.add_path("api.put_proposal", {"put": {
        "summary": "Send (or replace) a player's hand for the next round", "tags": ["hands"],
        "description": hand_token + " The hand is checked exactly as in a round (not missing); a player who "
                                    "went out sends {\"went_out\": true} instead.",
        **player_of_the_game,
        "parameters": [gid, num, name], "requestBody": openapi.json_body({"anyOf": [
            {"$ref": "#/components/schemas/Hand"},
            {"type": "object", "required": ["went_out"], "additionalProperties": False,
             "properties": {"went_out": {"const": True, "description": "The player went out (instead of a hand)"}}}]}),
        "responses": {"200": openapi.json_response("The proposal, with its points; or the player's word that they went out", {
            "anyOf": [{"$ref": "#/components/schemas/Proposal"}, {
                "type": "object", "required": ["player", "round", "went_out"],
                "properties": {"player": {"type": "string"}, "round": {"type": "integer"}, "went_out": {"const": True}}}]}),
                      "400": err, "401": err, "403": err, "404": err, "409": err, "422": err},
    }})
    openapi.add_path("api.delete_proposal", {"delete": {
        "summary": "Take back a player's hand for the next round", "tags": ["hands"], "description": hand_token,
        **player_of_the_game,
        "parameters": [gid, num, name],
        "responses": {"204": {"description": "Taken back (or none was sent)"},
                      "401": err, "403": err, "404": err, "409": err, "422": err},
    }})
    seat_name = openapi.path_param("name", "A player of the game (case-insensitive, Unicode NFC)")
    openapi.add_path("api.claim_seat", {"post": {
        "summary": "Claim a player's seat for this phone (\"Who are you?\" on \"My hand\")", "tags": ["hands"],
        "description": ("Needs the hand-in token (401 without, 403 wrong). From then on that player's hands need the "
                        "seat token (or the edit token) until the scorekeeper frees the seat; a claimed seat is 409 "
                        "naming the player."),
        "parameters": [gid, seat_name], **player_of_the_game,
        "responses": {"201": openapi.json_response("The seat token, shown once", {
            "type": "object", "required": ["player", "token"],
            "properties": {"player": {"type": "string"}, "token": {"type": "string"}}}),
            "401": err, "403": err, "404": err, "409": err, "422": err},
    }, "delete": {
        "summary": "Free a player's seat", "tags": ["hands"],
        "description": edit_token + " The seat's own token may give it back too.",
        "parameters": [gid, seat_name], **player_of_the_game,
        "responses": {"204": {"description": "Freed (or it was free)"}, "401": err, "403": err, "404": err, "409": err,
                      "422": err},
    }})
    openapi.add_path("api.get_proposals", {"get": {
        "summary": "The hands sent for the next round (ETag; 304 to If-None-Match)", "tags": ["hands"],
        "description": edit_token + " Once the round is saved: 409.", "parameters": [gid, num],
        "responses": {"200": openapi.json_response("{round, proposals: {name: {points, hand, at}}}", {
            "type": "object", "required": ["round", "proposals"],
            "properties": {"round": {"type": "integer"}, "proposals": {"type": "object", "additionalProperties": {
                "type": "object", "properties": {"points": {"type": "integer"},
                                                 "hand": {"$ref": "#/components/schemas/Hand"},
                                                 "at": {"type": "string", "format": "date-time"}}}}}}),
            "304": {"description": "Unchanged since the ETag sent"}, "401": err, "403": err, "404": err, "409": err},
    }})


_describe()
