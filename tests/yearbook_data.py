"""A table with games in two years, for the yearbook's tests (API, PDF, pages)."""
from __future__ import annotations

from datetime import datetime, timedelta

from scorekeeper.db import db
from scorekeeper.models import Game, GameResult, Round, RoundResult


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def new_table(client, name="The Smiths"):
    r = client.post("/api/v1/tables", json={"name": name})
    assert r.status_code == 201, r.json
    return r.json


def start_game(client, table, variant, players):
    r = client.post("/api/v1/games", json={"variant": variant, "players": list(players), "table": table["id"]},
                    headers=bearer(table["edit_token"]))
    assert r.status_code == 201, r.json
    return r.json


def play_round(client, table, game, went_out, points):
    hands = {n: {"points": p} for n, p in points.items()}
    r = client.post(f"/api/v1/games/{game['id']}/rounds", json={"went_out": went_out, "hands": hands},
                    headers=bearer(table["edit_token"]))
    assert r.status_code == 201, r.json


def joybells(client, table, players, rounds):
    """A finished 7-round Joybells game: ``rounds`` is a list of (went_out, {name: points})."""
    g = start_game(client, table, "joybells", players)
    for went_out, points in rounds:
        play_round(client, table, g, went_out, points)
    return g


def move_game(app, game_id: str, when: datetime, round_gap=timedelta(minutes=10)) -> None:
    """Date a game as if started at ``when``, its rounds recorded ``round_gap`` apart after it."""
    with app.app_context():
        rounds = db.session.execute(db.select(Round).where(Round.game_id == game_id).order_by(Round.number)).scalars().all()
        last = when
        for r in rounds:
            last = when + round_gap * r.number
            db.session.execute(db.update(Round).where(Round.id == r.id).values(created_at=last, updated_at=last))
        db.session.execute(db.update(Game).where(Game.id == game_id).values(created_at=when, completed_at=last))
        for model in (GameResult, RoundResult):
            db.session.execute(db.update(model).where(model.game_id == game_id).values(played_at=when))
        db.session.commit()


def two_years(client, app, names=("Ann", "Bob", "Cy")):
    """The Smiths: three Joybells games in 2025 (two nights), three in 2026 (three nights); every
    game dated by hand. Returns (table, {label: game})."""
    a, b, c = names
    t = new_table(client)
    games = {}
    # 2025
    games["g25a"] = joybells(client, t, names, [(a, {b: 10, c: 5})] * 7)                      # a 0, b 70, c 35
    games["g25b"] = joybells(client, t, names, [(c, {a: 20, b: 3})] * 6 + [(b, {a: 5, c: 80})])  # c 80, a 125, b 18
    games["g25c"] = joybells(client, t, names, [(b, {a: 7, c: 9})] * 7)                       # b 0
    move_game(app, games["g25a"]["id"], datetime(2025, 3, 1, 19))
    move_game(app, games["g25b"]["id"], datetime(2025, 3, 1, 21))
    move_game(app, games["g25c"]["id"], datetime(2025, 11, 20, 19))
    # 2026: a comeback (a behind after 6 rounds, wins in the 7th), then a streak for b
    games["g26a"] = joybells(client, t, names, [(b, {a: 15, c: 5})] * 6 + [(a, {b: 95, c: 90})])  # a 90, b 95, c 120
    games["g26b"] = joybells(client, t, names, [(b, {a: 5, c: 5})] * 7)
    games["g26c"] = joybells(client, t, names, [(b, {a: 1, c: 2})] * 7)
    move_game(app, games["g26a"]["id"], datetime(2026, 1, 10, 19))
    move_game(app, games["g26b"]["id"], datetime(2026, 2, 14, 19))
    move_game(app, games["g26c"]["id"], datetime(2026, 2, 21, 19))
    return t, games


def play_out(client, table, variant, players, round_points):
    """A finished game of any contract variant: ``round_points(r)`` gives round r's (went_out,
    {name: points}); rounds are played until the game is complete."""
    g = start_game(client, table, variant, players)
    for r in range(1, 30):
        went_out, points = round_points(r)
        play_round(client, table, g, went_out, points)
        if client.get(f"/api/v1/games/{g['id']}").json["status"] == "complete":
            return g
    raise AssertionError("the game did not finish")
