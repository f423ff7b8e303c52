"""A game's downloads: ``GET /games/<id>/export.json``, the one game in the backup format without
its secrets (edit token hash, idempotency keys), so it can be imported elsewhere (a new edit link
is printed); ``GET /games/<id>/export.csv``, the scoresheet as a table: a row per round, a totals
row (scorekeeper/backup/format.py)."""
from __future__ import annotations

import json

from flask import Blueprint, Response

from ..backup import export_game, game_csv
from . import access

bp = Blueprint("backup", __name__)


@bp.get("/games/<game_id>/export.json")
def download_json(game_id: str):
    game = access.load("game", game_id)
    body = json.dumps(export_game(game), indent=2, ensure_ascii=False)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="scorekeeper-{game.id}.json"'})


@bp.get("/games/<game_id>/export.csv")
def download_csv(game_id: str):
    game = access.load("game", game_id)
    return Response(game_csv(game), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="scorekeeper-{game.id}.csv"'})
