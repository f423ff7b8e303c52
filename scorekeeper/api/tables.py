"""Tables part of the JSON API (docs/api.md, "Tables"): create and read a table, rename
and merge its players, add an existing game to it, its statistics. Games are started in a table
through ``POST /api/v1/games`` with ``"table"`` (api/games.py calls :func:`create_table_game`).

Writes need the table's edit token: ``Authorization: Bearer <edit_token>`` (401 without, 403
wrong)."""
from __future__ import annotations

from flask import Response, jsonify, request, stream_with_context, url_for
from flask_babel import gettext as _

from ..db import db
from ..limits import anonymous_import
from ..services import games as games_svc
from ..services import errors as service_errors
from ..services import loading
from ..services import stats as stats_svc
from ..services import table_document
from ..services.tables import MAX_TABLE_NAME
from ..rules.game import MAX_NAME_LENGTH
from ..backup import table_export
from ..services import tables as svc
from ..services import roster
from ..addresses import edit_url
from . import openapi
from .blueprint import bp
from .request import bearer_token, json_body


def _links(table_id: str) -> dict:
    return {
        "url": url_for("api.get_table", table_id=table_id, _external=True),
        "view_url": url_for("tables.table", table_id=table_id, _external=True),
    }


def _authorized_table(table_id: str):
    table = svc.get_table(table_id)
    svc.check_token(table, bearer_token())
    return table


def create_table_game(data: dict) -> games_svc.Created:
    """``POST /api/v1/games`` with ``"table"``: the table's edit token is needed."""
    table_id = data.get("table")
    if not isinstance(table_id, str):
        raise service_errors.ServiceError(_("table: %(value)r is not a table id", value=table_id), "table")
    try:
        table = svc.get_table(table_id)
    except service_errors.NotFound as err:
        raise service_errors.NotFound(err.message, "table") from None
    svc.check_token(table, bearer_token())
    return roster.create_game(table, data.get("variant"), data.get("players"), data.get("dealer"),
                           data.get("house_rules"))


@bp.post("/tables")
def create_table():
    data = json_body()
    created = svc.create_table(data.get("name"))
    table = created.table
    body = {"id": table.id, "name": table.name, "edit_token": created.edit_token, **_links(table.id),
            "edit_url": edit_url("tables.edit_link", created.edit_token, table_id=table.id)}
    return jsonify(body), 201, {"Location": body["url"]}


def _paged(endpoint: str, total: int, page: int, pages: int, response, **values):
    """``X-Total-Count`` and the ``Link`` header (first, prev, next, last) of a paged answer
    (docs/api.md, "Paging")."""
    response.headers["X-Total-Count"] = str(total)
    links = {"first": 1, "last": pages}
    if 1 < page <= pages:
        links["prev"] = page - 1
    if page < pages:
        links["next"] = page + 1
    response.headers["Link"] = ", ".join(
        f'<{url_for(endpoint, _external=True, **{**request.args.to_dict(), **values, "page": n})}>; rel="{rel}"'
        for rel, n in links.items())
    return response


def _table_answer(table, player=None, paged: bool = False):
    """The table document, alone or inside a changed player's answer, with the paging headers: a
    read takes its page from ``?page=`` and ``?per_page=``, a write answers the first page."""
    page, per_page = 1, table_document.DOCUMENT_PER_PAGE
    if paged:
        page = _whole_number("page", 1, 1, MAX_PAGE)
        per_page = _whole_number("per_page", table_document.DOCUMENT_PER_PAGE, 1, MAX_PER_PAGE)
    part = table_document.table_document(table, page, per_page)
    body = {**part.body, **_links(table.id)}
    if player is not None:
        body = {"id": player.id, "name": player.name, "table": part.body}
    response = _paged("api.get_table", part.players, part.page, part.pages, jsonify(body), table_id=table.id)
    response.headers["X-Total-Games"] = str(part.games)
    return response


@bp.get("/tables/<table_id>")
def get_table(table_id: str):
    return _table_answer(svc.get_table(table_id), paged=True)


@bp.patch("/tables/<table_id>")
def rename_table(table_id: str):
    table = _authorized_table(table_id)
    data = json_body()
    svc.rename_table(table, data.get("name"))
    return _table_answer(table)


@bp.post("/tables/<table_id>/token")
def rotate_table_token(table_id: str):
    """Replace the table's edit token; the old one (and every edit link made from it) stops working,
    and so do the edit tokens of the table's games and house variants (the new one changes them)."""
    table = _authorized_table(table_id)
    token = svc.rotate_token(table)
    return jsonify({"edit_token": token, "edit_url": edit_url("tables.edit_link", token, table_id=table.id)})


@bp.post("/tables/<table_id>/games")
def add_game(table_id: str):
    """Add an existing game: ``{"game": id, "game_token": its edit token}`` with the table's token."""
    table = _authorized_table(table_id)
    data = json_body()
    game_id = data.get("game")
    try:
        game = loading.get_game(game_id)
    except service_errors.NotFound as err:
        raise service_errors.NotFound(err.message, "game") from None
    token = data.get("game_token")
    if not isinstance(token, str) or not loading.token_matches(game, token):
        raise service_errors.Forbidden(_("game_token: this is not the game's edit token (take it from the game's edit link)"),
                                  "game_token")
    roster.add_game(table, game)
    return _table_answer(table)


@bp.patch("/tables/<table_id>/players/<int:player_id>")
def rename_player(table_id: str, player_id: int):
    table = _authorized_table(table_id)
    data = json_body()
    player = roster.get_player(table, player_id)
    roster.rename_player(table, player, data.get("name"))
    player = db.session.get_one(type(player), player_id)
    return _table_answer(table, player)


@bp.post("/tables/<table_id>/players/<int:player_id>/merge")
def merge_player(table_id: str, player_id: int):
    table = _authorized_table(table_id)
    data = json_body()
    player = roster.get_player(table, player_id)
    target = roster.merge_players(table, player, data.get("into"))
    return _table_answer(table, target)


STATS_PER_PAGE = 200  # players in one answer of the statistics, unless ?per_page= says otherwise
MAX_PER_PAGE = 1000
MAX_PAGE = 10**6


def _whole_number(name: str, default: int, low: int, high: int) -> int:
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    if not raw.isascii() or not raw.isdigit() or not low <= int(raw) <= high:
        raise service_errors.ServiceError(_("%(field)s: %(value)s is not a whole number from %(low)s to %(high)s",
                                       field=name, value=repr(raw[:20]), low=low, high=high), name)
    return int(raw)


@bp.get("/tables/<table_id>/stats")
def table_stats(table_id: str):
    """The statistics, a page of players at a time (by name, each with their head-to-head
    entries; the game counts are the whole table's): ``?page=`` and ``?per_page=``; the ``Link``
    header gives the next and previous pages, ``X-Total-Count`` the number of players."""
    table = svc.get_table(table_id)
    variant = stats_svc.check_variant(table, request.args.get("variant"))
    period = stats_svc.check_year(request.args.get("year"))
    page = _whole_number("page", 1, 1, MAX_PAGE)
    per_page = _whole_number("per_page", STATS_PER_PAGE, 1, MAX_PER_PAGE)
    body, paging = stats_svc.table_stats_page(table, variant, period, page, per_page, clamp=False)
    return _paged("api.table_stats", paging.total, paging.page, paging.pages, jsonify(body), table_id=table.id)


@bp.get("/tables/<table_id>/export.json")
def export_table(table_id: str):
    """The whole table (roster and games, no edit tokens), for another server's import (a large
    table's: with its edit token, services/tables.py ``check_whole_table_read``)."""
    table = svc.get_table(table_id)
    svc.check_whole_table_read(table, bearer_token())
    name = f"scorekeeper-table-{table.id}.json"
    return Response(stream_with_context(table_export.export_chunks(table)), mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@bp.get("/tables/<table_id>/export.csv")
def export_table_csv(table_id: str):
    table = svc.get_table(table_id)
    svc.check_whole_table_read(table, bearer_token())
    return Response(table_export.export_csv(table), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="scorekeeper-table-{table.id}.csv"'})


@bp.post("/tables/import")
def import_table():
    """A table export from another server: the table is created (same id, a new edit token in the
    answer) or, if it is here already, its edit token is needed; games already here are skipped.
    An import that does not come with the named table's edit token counts against
    ``RATELIMIT_ANONYMOUS_IMPORT`` (per client address, default ``10 per hour``): anyone may bring a
    table here, not without end."""
    data = json_body()
    token = bearer_token()
    if svc.holds_the_table(data, token):
        report = table_export.import_table(data, token)
    else:
        with anonymous_import():
            report = table_export.import_table(data, token)
    return jsonify(report), 201 if report["created"] else 200


# ----- OpenAPI (the registry in api/openapi.py) ----------------------------------------------------

def _describe() -> None:
    openapi.add_tag("tables", "A family's or a club's table: roster, games, statistics; writes need the table's edit token")
    needs_token = "Needs the table's edit token: Authorization: Bearer <edit_token> (401 without, 403 wrong)."
    large_needs_token = ("A table of more than WHOLE_TABLE_READ_GAMES games (default 200) needs its edit token: "
                         "Authorization: Bearer <edit_token> (401 without, 403 wrong).")
    tid = openapi.path_param("table_id", "The table's id (unguessable; enough to read the table)")
    pid = openapi.path_param("player_id", "A roster player's id", openapi.ROW_NUMBER)
    err = openapi.ERROR_RESPONSE
    obj = {"type": "object"}
    auth_errors = {"400": err, "401": err, "403": err, "404": err, "409": err}
    named = openapi.json_body({"type": "object", "required": ["name"], "properties": {"name": openapi.NAME}})
    table_name = openapi.beyond_schema({"name": f"printable, at most {MAX_TABLE_NAME} characters once trimmed"})
    openapi.add_path("api.create_table", {"post": {
        "summary": "Start a table", "tags": ["tables"], "requestBody": named, **table_name,
        "responses": {"201": openapi.json_response("id, name, edit_token, view_url", obj), "400": err}}})
    paging = [{"name": "page", "in": "query", "required": False, "schema": {"type": "integer", "minimum": 1, "maximum": MAX_PAGE},
               "description": "Which page of players and games (an extension; docs/api.md, Paging)"},
              {"name": "per_page", "in": "query", "required": False,
               "schema": {"type": "integer", "minimum": 1, "maximum": MAX_PER_PAGE},
               "description": "Players and games a page (200 unless said)"}]
    openapi.add_path("api.get_table", {
        "get": {"summary": "The table: players (with their number of games), games newest first, variants; "
                           "200 players and 200 games a page (Link, X-Total-Count, X-Total-Games)",
                "tags": ["tables"], "parameters": [tid, *paging],
                "responses": {"200": openapi.json_response("The table", obj), "404": err}}})
    openapi.add_path("api.rename_table", {
        "patch": {"summary": "Rename the table", "tags": ["tables"], "description": needs_token, "parameters": [tid],
                  **table_name,
                  "requestBody": named, "responses": {"200": openapi.json_response("The table", obj), **auth_errors}}})
    openapi.add_path("api.table_stats", {"get": {
        "summary": "Statistics as docs/api.md defines them (counted games: complete ones)", "tags": ["tables"],
        **openapi.beyond_schema({"variant": "a variant played at the table"}),
        "parameters": [tid, {"name": "variant", "in": "query", "required": False,
                             "schema": {"type": "string", "pattern": openapi.NO_NUL}},
                       {"name": "year", "in": "query", "required": False,
                        "schema": {"type": "integer", "minimum": 1900, "maximum": 9999},
                        "description": "Only games started that year (an extension)"}],
        "responses": {"200": openapi.json_response("variant, games_counted, games_void, games_unfinished, players, "
                                                   "head_to_head", obj), "400": err, "404": err}}})
    openapi.add_path("api.rename_player", {"patch": {
        "summary": "Rename a player: the new name shows in every game of the table", "tags": ["tables"],
        "description": needs_token, "parameters": [tid, pid], "requestBody": named,
        **openapi.beyond_schema({"name": f"printable, at most {MAX_NAME_LENGTH} characters once trimmed"}),
        "responses": {"200": openapi.json_response("The player and the table", obj), **auth_errors}}})
    openapi.add_path("api.merge_player", {"post": {
        "summary": "Merge a player into another (409 if both sat in one game)", "tags": ["tables"],
        "description": needs_token, "parameters": [tid, pid],
        "requestBody": openapi.json_body({"type": "object", "required": ["into"],
                                          "properties": {"into": {"type": "integer"}}}),
        **openapi.beyond_schema({"into": "another player of the table's roster"}),
        "responses": {"200": openapi.json_response("The merged player and the table", obj), **auth_errors}}})
    openapi.add_path("api.add_game", {"post": {
        "summary": "Add an existing game (with its own edit token in game_token)", "tags": ["tables"],
        "description": needs_token, "parameters": [tid],
        "requestBody": openapi.json_body({"type": "object", "required": ["game", "game_token"], "properties": {
            "game": {"type": "string"}, "game_token": {"type": "string"}}}),
        "responses": {"200": openapi.json_response("The table", obj), **auth_errors}}})
    openapi.add_path("api.rotate_table_token", {"post": {
        "summary": "Replace the table's edit token (old edit links stop working, and the edit tokens of the "
                   "table's games and house variants: the new token changes them)", "tags": ["tables"],
        "description": needs_token, "parameters": [tid],
        "responses": {"200": openapi.json_response("edit_token, edit_url", obj), **auth_errors}}})
    openapi.add_path("api.export_table", {"get": {
        "summary": "The whole table as JSON (no edit tokens), for another server's import", "tags": ["tables"],
        "description": large_needs_token,
        "parameters": [tid], "responses": {"200": openapi.json_response("The table export", obj), "404": err,
                                           **auth_errors}}})
    openapi.add_path("api.export_table_csv", {"get": {
        "summary": "One line per player per game", "tags": ["tables"], "parameters": [tid],
        "description": large_needs_token,
        "responses": {"200": {"description": "CSV", "content": {"text/csv": {"schema": {"type": "string"}}}},
                      "404": err, **auth_errors}}})
    openapi.add_path("api.import_table", {"post": {
        "summary": "Import a table export: a new table (same id, new edit token) or, with its edit token, "
                   "more games for one already here; games already here are skipped", "tags": ["tables"],
        "requestBody": openapi.json_body({"type": "object", "required": ["format"], "properties": {
            "format": {"const": "scorekeeper-table"}}}),
        **openapi.beyond_schema({"*": "the rest of the export, as docs/api.md describes a table export"}),
        "responses": {"201": openapi.json_response("table, created, edit_token, imported, skipped, house_variants, "
                                                   "skipped_house_variants", obj),
                      "200": openapi.json_response("table, created, imported, skipped", obj), **auth_errors,
                      "429": openapi.ERROR_RESPONSE}}})


_describe()
