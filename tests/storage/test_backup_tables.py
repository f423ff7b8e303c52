"""The whole-server backup (`flask export` / `flask import`) carries tables: their rosters (with
each player's spelling), each game's table and each seat's roster entry; the statistics are rebuilt
on restore."""
from __future__ import annotations

import json
import re

import pytest

from sqlalchemy import func, select

from scorekeeper.db import db
from scorekeeper.models import GameResult, RoundResult
from support.tables import SEVEN_ANN, bearer, get_table, joybells_game, new_table, play, stats, table_game
from support.backup_data import export_with_cli


def _club(client):
    """A table of several games (a rename, a missing spelling, a lone game outside it)."""
    t = new_table(client, "Thursday club")
    g1 = joybells_game(client, t, SEVEN_ANN, players=("Ann", "Bob", "Cy"))
    g2 = joybells_game(client, t, [("Bob", {"Ann": 4, "Zoë": 6})] * 3, players=("ann", "Bob", "Zoë"))
    g3 = table_game(client, t, "roy", ["Cy", "Zoë", "Di"])
    play(client, g3, t["edit_token"], "Cy", Zoë={"card_count": 3}, Di={"card_count": 2})
    bob = next(p for p in get_table(client, t)["players"] if p["name"] == "Bob")
    r = client.patch(f"/api/v1/tables/{t['id']}/players/{bob['id']}", headers=bearer(t["edit_token"]),
                    json={"name": "Bobby"})
    assert r.status_code in (200, 204), r.get_json()
    r = client.post("/api/v1/games", json={"variant": "joybells", "players": ["Ann", "Ed", "Cy"]})
    assert r.status_code == 201, r.get_json()
    lone = r.get_json()
    return t, [g1, g2, g3], lone


def _table_page(client, t) -> str:
    r = client.get(f"/tables/{t['id']}")
    assert r.status_code == 200
    return re.sub(r'name="csrf_token"[^>]*>', "", r.get_data(as_text=True))


def _answers(client, t, games) -> dict:
    out = {"table": get_table(client, t), "page": _table_page(client, t),
           "stats": stats(client, t), "joybells": stats(client, t, variant="joybells"),
           "roy": stats(client, t, variant="roy")}
    for player in out["table"]["players"]:
        r = client.get(f"/tables/{t['id']}/players/{player['id']}")
        assert r.status_code == 200
        out[f"player {player['name']}"] = r.get_data(as_text=True)
    for g in games:
        out[g["id"]] = client.get(f"/api/v1/games/{g['id']}").get_json()
    return out


def _summaries(app) -> tuple[int, int]:
    with app.app_context():
        return (db.session.scalar(select(func.count()).select_from(GameResult)),
                db.session.scalar(select(func.count()).select_from(RoundResult)))


@pytest.mark.slow
def test_server_backup_restores_tables_rosters_and_statistics(app, client, app_factory, second_database_url, tmp_path):
    t, games, lone = _club(client)
    before = _answers(client, t, games)
    assert {p["name"] for p in before["table"]["players"]} == {"Ann", "Bobby", "Cy", "Zoë", "Di"}
    doc = export_with_cli(app, tmp_path)
    assert [x["id"] for x in doc["tables"]] == [t["id"]]
    assert {g["id"]: g.get("table_id") for g in doc["games"]} == {**{g["id"]: t["id"] for g in games}, lone["id"]: None}

    restored = app_factory(SQLALCHEMY_DATABASE_URI=second_database_url)
    result = restored.test_cli_runner().invoke(args=["import", str(tmp_path / "backup.json")])
    assert result.exit_code == 0, result.output
    assert "imported 4 games" in result.output and "1 tables" in result.output
    other = restored.test_client()
    after = _answers(other, t, games)
    for key in before:
        assert after[key] == before[key], key
    assert _summaries(restored) == _summaries(app) != (0, 0)
    # the table's edit token still writes, and the statistics follow the next round
    rounds_kept = _summaries(restored)[1]
    play(other, games[2], t["edit_token"], "Zoë", Cy={"card_count": 1}, Di={"card_count": 1})
    assert _summaries(restored)[1] == rounds_kept + 3

    # importing the same backup again changes nothing
    again = restored.test_cli_runner().invoke(args=["import", str(tmp_path / "backup.json")])
    assert again.exit_code == 0 and "skipped 4 games" in again.output, again.output
    assert len(get_table(other, t)["players"]) == 5


def test_server_backup_refuses_a_game_in_a_table_it_does_not_carry(app, client, app_factory, second_database_url,
                                                                   tmp_path):
    t, games, _ = _club(client)
    doc = export_with_cli(app, tmp_path)
    doc["games"][1]["seats"][0]["table_player"] = "nobody"
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    restored = app_factory(SQLALCHEMY_DATABASE_URI=second_database_url)
    result = restored.test_cli_runner().invoke(args=["import", str(path)])
    assert result.exit_code != 0
    assert "games[1].seats[0].table_player" in result.output and "nothing was imported" in result.output
    assert restored.test_client().get(f"/api/v1/tables/{t['id']}").status_code == 404
    assert _summaries(restored) == (0, 0)


BROKEN_GAMES = [
    (lambda g: g["rounds"][0]["hands"][1].update(points="10"), "rounds[0].hands[1].points"),
    (lambda g: g.update(seats=[]), "seats"),
    (lambda g: g["rounds"][0].update(number=5), "rounds: round numbers [2, 5]"),
]


@pytest.mark.parametrize("change, field", BROKEN_GAMES)
def test_table_import_checks_every_game_and_stores_nothing(client, app_factory, second_database_url, change, field):
    """A table's import checks each game with the server import's checks (backup_checks): the
    refusal names the game and the field, and neither the table nor any game is stored."""
    t = new_table(client)
    good = joybells_game(client, t, SEVEN_ANN[:2], players=("Ann", "Bob", "Cy"))
    bad = joybells_game(client, t, [("Ann", {"Bob": 10, "Di": 5})] * 2, players=("Ann", "Bob", "Di"))
    doc = client.get(f"/api/v1/tables/{t['id']}/export.json").json
    index = [g["id"] for g in doc["games"]["games"]].index(bad["id"])
    change(doc["games"]["games"][index])
    other_app = app_factory(SQLALCHEMY_DATABASE_URI=second_database_url)
    other = other_app.test_client()
    r = other.post("/api/v1/tables/import", json=doc)
    assert r.status_code == 400 and r.json["field"] == "games", r.json
    assert f"games[{index}].{field}" in r.json["error"] and repr(bad["id"]) in r.json["error"], r.json
    assert "nothing was imported" in r.json["error"]
    assert other.get(f"/api/v1/tables/{t['id']}").status_code == 404
    for g in (good, bad):
        assert other.get(f"/api/v1/games/{g['id']}").status_code == 404
    assert _summaries(other_app) == (0, 0)
