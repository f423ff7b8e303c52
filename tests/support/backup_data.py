"""A real backup document: the games of ``tests/support/data/games_at_0001.json`` (every row of a club's
database made by the first release: every variant, a correction, rulings, a withdrawal, a
suspended, a finished and a void game, an idempotency key, a rotated token) nested as
``flask export`` writes them, with the totals the API showed for each game."""
from __future__ import annotations

import json
from datetime import datetime
from functools import lru_cache
from pathlib import Path

import sqlalchemy as sa

from scorekeeper.backup import FORMAT, FORMAT_VERSION, model_columns
from scorekeeper.models import Correction, Game, HandRecord, IdempotencyKey, Player, Round, Ruling, Seat

FIXTURE = Path(__file__).parent / "data" / "games_at_0001.json"


def _record(row: dict, model) -> dict:
    """A frozen row as the backup writes the model's record: its columns only, JSON unwrapped,
    booleans as booleans, times in ISO 8601."""
    out = {}
    for column in model_columns(model):
        value = row.get(column.key)
        if isinstance(value, dict) and set(value) == {"json"}:
            value = value["json"]
        elif value is not None and isinstance(column.type, sa.DateTime):
            value = datetime.fromisoformat(value).isoformat()
        elif value is not None and isinstance(column.type, sa.Boolean):
            value = bool(value)
        out[column.key] = value
    return out


@lru_cache(maxsize=1)
def _frozen() -> tuple[str, str]:
    fixture = json.loads(FIXTURE.read_text(encoding="utf-8"))
    tables = fixture["tables"]
    key_of = {p["id"]: p["name_key"] for p in tables["players"]}
    games = []
    for row in tables["games"]:
        game = _record(row, Game)
        game["seats"] = [{**_record(s, Seat), "player": key_of[s["player_id"]]}
                         for s in sorted(tables["seats"], key=lambda s: s["seat"]) if s["game_id"] == row["id"]]
        game["rounds"] = []
        for r in sorted((r for r in tables["rounds"] if r["game_id"] == row["id"]), key=lambda r: r["number"]):
            rnd = _record(r, Round)
            rnd["hands"] = [_record(h, HandRecord) for h in sorted(tables["hands"], key=lambda h: h["seat"])
                            if h["round_id"] == r["id"]]
            game["rounds"].append(rnd)
        for name, model in (("corrections", Correction), ("rulings", Ruling), ("idempotency_keys", IdempotencyKey)):
            game[name] = [_record(x, model) for x in sorted(tables[name], key=lambda x: x["id"])
                          if x["game_id"] == row["id"]]
        games.append(game)
    doc = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "exported_at": "2026-11-22T00:00:00",
        "players": [_record(p, Player) for p in tables["players"]],
        "games": games,
    }
    return json.dumps(doc), json.dumps(fixture["games"])


def backup() -> dict:
    """A fresh copy of the backup document (to change as a test likes)."""
    return json.loads(_frozen()[0])


def expected() -> dict:
    """What the API showed for each game: ``{id: {"status", "totals", "rounds", ...}}``."""
    return json.loads(_frozen()[1])


def game_index(doc: dict, variant: str) -> int:
    return next(i for i, g in enumerate(doc["games"]) if g["variant"] == variant)


def export_with_cli(app, tmp_path, name="backup.json") -> dict:
    path = tmp_path / name
    result = app.test_cli_runner().invoke(args=["export", str(path)])
    assert result.exit_code == 0, result.output
    return json.loads(path.read_text(encoding="utf-8"))


def without_time_of_export(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k != "exported_at"}
