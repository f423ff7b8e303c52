"""The games the benchmarks write straight into the tables (tests/support/big_table.py,
``FinishedGames``) are games the app recognises: read through the API, each is finished with the
totals and winners written, and recomputing the table's results from the games (as every save
does, services/table_results.py) gives back exactly the rows written. So the benchmarks measure
the app on the data it would have made itself."""
from __future__ import annotations

import random
from datetime import datetime, timedelta

from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Game, GameResult, RoundResult
from scorekeeper.services.table_results import refresh_results

from support.big_table import FINISHED_ROUNDS, FinishedGames

VARIANTS = (("joybells", "Joybells"), ("continental", "Continental"), ("clenney", "Clenney May I"))
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
TOKEN = "written-club-token"


def _results(table_id: str) -> tuple[list, list]:
    games = db.session.execute(
        select(GameResult.game_id, GameResult.table_player_id, GameResult.variant, GameResult.status,
               GameResult.played_at, GameResult.lowest_wins, GameResult.seat, GameResult.withdrawn,
               GameResult.rounds_played, GameResult.went_out, GameResult.round_points, GameResult.zero_rounds,
               GameResult.total, GameResult.winner)
        .where(GameResult.table_id == table_id)
        .order_by(GameResult.game_id, GameResult.seat)).all()
    rounds = db.session.execute(
        select(RoundResult.game_id, RoundResult.table_player_id, RoundResult.variant, RoundResult.status,
               RoundResult.played_at, RoundResult.number, RoundResult.points)
        .where(RoundResult.table_id == table_id)
        .order_by(RoundResult.game_id, RoundResult.number, RoundResult.table_player_id)).all()
    return [tuple(r) for r in games], [tuple(r) for r in rounds]


def _write(app, rng) -> tuple[str, list[str]]:
    with app.app_context():
        rows = FinishedGames(rng, batch_games=4)  # several batches
        table_id = rows.table("Written club", edit_token=TOKEN)
        roster = rows.roster(table_id, NAMES)
        other = rows.table("Another club")
        rows.roster(other, NAMES[:3])  # the same people on a second table
        games = []
        for k in range(9):
            seated = rng.sample(roster, rng.randint(3, 6))
            games.append(f"written-{k:02d}")
            rows.game(table_id, games[-1], VARIANTS[k % 3], datetime(2026, 3, 1, 19) + timedelta(days=k), seated)
        rows.flush()
    return table_id, games


def test_written_games_are_finished_games_the_api_reads(app, client):
    table_id, games = _write(app, random.Random(5))
    with app.app_context():
        written, _ = _results(table_id)
    for game_id in games:
        r = client.get(f"/api/v1/games/{game_id}")
        assert r.status_code == 200, r.get_json()
        state = r.get_json()
        assert state["status"] == "complete"
        assert len(state["rounds"]) == FINISHED_ROUNDS
        mine = [row for row in written if row[0] == game_id]
        names = state["players"]
        assert sorted(state["totals"].values()) == sorted(row[12] for row in mine)
        assert len(state["winners"]) == sum(row[13] for row in mine) >= 1
        assert set(state["winners"]) <= set(names)
    r = client.get(f"/api/v1/tables/{table_id}/stats")
    assert r.status_code == 200
    assert sum(p["games"] for p in r.get_json()["players"]) == len(written)
    rename = {"name": "Renamed club"}
    assert client.patch(f"/api/v1/tables/{table_id}", json=rename).status_code in (401, 403)
    r = client.patch(f"/api/v1/tables/{table_id}", json=rename, headers={"Authorization": f"Bearer {TOKEN}"})
    assert r.status_code == 200, r.get_json()


def test_recomputing_the_results_gives_back_the_rows_written(app):
    table_id, games = _write(app, random.Random(8))
    with app.app_context():
        written = _results(table_id)
        for game in db.session.execute(select(Game).where(Game.id.in_(games))).scalars():
            refresh_results(game)
        db.session.commit()
        assert _results(table_id) == written
        assert len(written[0]) > 9 * 3 and len(written[1]) == sum(row[8] for row in written[0])
