"""Games part of the JSON API (shared/api-contract.md, "Games"): create, read, record and correct
rounds, withdraw, suspend, resume; plus rulings logged at the table and edit-token rotation.

Writes need ``Authorization: Bearer <edit_token>`` (401 without, 403 wrong). Every rule is applied
by ``scorekeeper.services.games`` (shared with the pages)."""
from __future__ import annotations

from typing import Any

from flask import jsonify, request, url_for

from ..services import games as svc
from . import ApiError, bp


def _fail(err: svc.ServiceError) -> ApiError:
    extra = {k: v for k, v in err.as_json().items() if k != "error"}
    return ApiError(err.message, err.status, **extra)


def _body(required: bool = True) -> dict[str, Any]:
    """The JSON object sent, or a 400 naming what is wrong with it."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        if required:
            raise ApiError("the body must be a JSON object", 400, field="body")
        return {}
    data = request.get_json(silent=True, force=True)
    if data is None:
        raise ApiError("the body is not valid JSON (send Content-Type: application/json and a JSON object)", 400, field="body")
    if not isinstance(data, dict):
        raise ApiError(f"the body must be a JSON object, not {type(data).__name__}", 400, field="body")
    return data


def _bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def _authorized_game(game_id: str):
    """The game (404 if unknown), after checking the edit token (401/403)."""
    try:
        game = svc.get_game(game_id)
        svc.check_token(game, _bearer())
    except svc.Unauthorized as err:
        raise ApiError(err.message, 401, field=err.field) from None
    except svc.ServiceError as err:
        raise _fail(err) from None
    return game


def _version() -> Any:
    """An optional expected version: ``If-Match: <version>`` or the body's ``version``."""
    value = request.headers.get("If-Match")
    if value:
        return value.strip().strip('"')
    data = request.get_json(silent=True, force=True)
    if isinstance(data, dict):
        return data.get("version")
    return None


def _links(game_id: str) -> dict:
    return {
        "url": url_for("api.get_game", game_id=game_id, _external=True),
        "view_url": request.host_url.rstrip("/") + f"/games/{game_id}/view",
    }


@bp.after_request
def _bearer_challenge(response):
    if response.status_code == 401 and "WWW-Authenticate" not in response.headers:
        response.headers["WWW-Authenticate"] = 'Bearer realm="scorekeeper"'
    return response


@bp.post("/games")
def create_game():
    data = _body()
    try:
        created = svc.create_game(data.get("variant"), data.get("players"), data.get("dealer"), data.get("house_rules"))
    except svc.ServiceError as err:
        raise _fail(err) from None
    game = created.game
    body = {**svc.game_state(game), "edit_token": created.edit_token, **_links(game.id)}
    body["edit_url"] = request.host_url.rstrip("/") + f"/games/{game.id}/edit?token={created.edit_token}"
    response = jsonify(body)
    response.status_code = 201
    response.headers["Location"] = body["url"]
    return response


@bp.get("/games/<game_id>")
def get_game(game_id: str):
    try:
        game = svc.get_game(game_id)
    except svc.ServiceError as err:
        raise _fail(err) from None
    return jsonify({**svc.game_state(game), **_links(game.id)})


@bp.get("/games/<game_id>/rounds/<int:number>")
def get_round(game_id: str, number: int):
    try:
        game = svc.get_game(game_id)
    except svc.ServiceError as err:
        raise _fail(err) from None
    if not 1 <= number <= len(game.rounds):
        raise ApiError(f"round {number} is not recorded in this game (rounds 1 to {len(game.rounds)})", 404, field="round")
    return jsonify(svc.round_response(game, number))


@bp.post("/games/<game_id>/rounds")
def record_round(game_id: str):
    _authorized_game(game_id)
    data = _body()
    try:
        outcome = svc.record_round(game_id, data, request.headers.get("Idempotency-Key"), _version_header())
    except svc.ServiceError as err:
        raise _fail(err) from None
    response = jsonify(outcome.body)
    response.status_code = outcome.status
    if outcome.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response


def _version_header() -> Any:
    value = request.headers.get("If-Match")
    return value.strip().strip('"') if value else None


@bp.post("/games/<game_id>/rounds/preview")
def preview_round(game_id: str):
    """The scores a submission would give, nothing stored (needs no token: it changes nothing)."""
    data = _body()
    try:
        return jsonify(svc.preview_round(game_id, data))
    except svc.ServiceError as err:
        raise _fail(err) from None


@bp.put("/games/<game_id>/rounds/<int:number>")
def correct_round(game_id: str, number: int):
    _authorized_game(game_id)
    data = _body()
    try:
        outcome = svc.correct_round(game_id, number, data, data.get("reason"), _version())
    except svc.ServiceError as err:
        raise _fail(err) from None
    return jsonify(outcome.body), outcome.status


@bp.post("/games/<game_id>/withdraw")
def withdraw(game_id: str):
    _authorized_game(game_id)
    data = _body()
    if "player" not in data:
        raise ApiError("player: say who withdraws", 400, field="player")
    try:
        outcome = svc.withdraw(game_id, data.get("player"), _version())
    except svc.ServiceError as err:
        raise _fail(err) from None
    return jsonify(outcome.body), outcome.status


@bp.post("/games/<game_id>/suspend")
def suspend(game_id: str):
    _authorized_game(game_id)
    _body(required=False)
    try:
        outcome = svc.suspend(game_id, _version())
    except svc.ServiceError as err:
        raise _fail(err) from None
    return jsonify(outcome.body), outcome.status


@bp.post("/games/<game_id>/resume")
def resume(game_id: str):
    _authorized_game(game_id)
    data = _body(required=False)
    try:
        outcome = svc.resume(game_id, data.get("players"), expected_version=_version())
    except svc.ServiceError as err:
        raise _fail(err) from None
    return jsonify(outcome.body), outcome.status


@bp.post("/games/<game_id>/rulings")
def log_ruling(game_id: str):
    _authorized_game(game_id)
    data = _body()
    try:
        outcome = svc.log_ruling(
            game_id, data.get("what_happened"), data.get("ruling"), data.get("citation"), data.get("round"),
            data.get("player"), data.get("points"), _version(),
        )
    except svc.ServiceError as err:
        raise _fail(err) from None
    return jsonify(outcome.body), outcome.status


@bp.post("/games/<game_id>/token")
def rotate_token(game_id: str):
    """Replace the edit token; the old one (and every edit link made from it) stops working."""
    _authorized_game(game_id)
    try:
        token = svc.rotate_token(game_id)
    except svc.ServiceError as err:
        raise _fail(err) from None
    return jsonify({"edit_token": token,
                    "edit_url": request.host_url.rstrip("/") + f"/games/{game_id}/edit?token={token}"})
