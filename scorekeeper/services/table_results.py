"""A table's per-game results, kept up to date: every change to a table's game refreshes that
game's rows in ``game_results`` (one per player: rounds, points, total, win) before the
transaction commits, so the statistics (services/stats.py) are aggregate queries that never load
a game.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import delete, event
from sqlalchemy.orm import Session, scoped_session

from ..db import db
from ..models import Game, GameResult, RoundResult
from . import view as game_views


# ----- per-game results, kept up to date --------------------------------------------------------------

def game_json(game: Game) -> dict:
    """The game's state as ``GET /api/v1/games/<id>`` answers it (a typed view is turned into its JSON)."""
    return game_views.game_state(game)


def refresh_results(game: Game) -> None:
    """Replace the game's rows in ``game_results`` from its state (docs/api.md, "Tables",
    Statistics: rounds played, went out, round scores, final total, winners)."""
    for model in (GameResult, RoundResult):
        db.session.execute(delete(model).where(model.game_id == game.id),
                           execution_options={"synchronize_session": False})
    if game.table_id is None:
        return
    state = game_json(game)
    winners = set(state["winners"] or [])
    for seat in game.seats:
        if seat.table_player_id is None:
            continue
        name = seat.name
        played = [r for r in state["rounds"] if name in r["scores"]]
        db.session.add(GameResult(
            game_id=game.id, table_id=game.table_id, table_player_id=seat.table_player_id,
            variant=game.variant, status=state["status"], played_at=game.created_at,
            lowest_wins=bool(state["lowest_wins"]), seat=seat.seat,
            withdrawn=seat.withdrawn_after_round is not None,
            rounds_played=len(played),
            went_out=sum(1 for r in played if r["went_out"] == name),
            round_points=sum(r["scores"][name] for r in played),
            zero_rounds=sum(1 for r in played if r["scores"][name] == 0),
            total=state["totals"][name],
            winner=name in winners,
        ))
        db.session.add_all([RoundResult(
            game_id=game.id, table_id=game.table_id, table_player_id=seat.table_player_id, variant=game.variant,
            status=state["status"], played_at=game.created_at, number=r["number"], points=r["scores"][name],
        ) for r in played])


_TOUCHED = "tables.touched_games"


def _note_changed_games(session: Session, flush_context, instances) -> None:
    """Before each flush: remember the table games being changed (every change to a game sets
    its status or updated_at, services/games.py)."""
    for obj in (*session.new, *session.dirty):
        if isinstance(obj, Game) and obj.table_id is not None:
            session.info.setdefault(_TOUCHED, set()).add(obj.id)


BEFORE_COMMIT = "tables.before_commit"


def run_before_commit(session: Session | scoped_session[Any], callback) -> None:
    """Run ``callback(session)`` just before the session's next commit, inside its transaction
    (a table import links the games that the backup import adds: backup/table_export.py)."""
    session.info.setdefault(BEFORE_COMMIT, []).append(callback)


def _refresh_before_commit(session: Session) -> None:
    for callback in session.info.pop(BEFORE_COMMIT, []):
        callback(session)
    session.flush()  # so that changes not yet flushed are noted too
    touched = session.info.pop(_TOUCHED, None)
    if not touched:
        return
    for game_id in sorted(touched):
        game = session.get(Game, game_id)
        if game is not None:
            refresh_results(game)


def _forget(session: Session, *args) -> None:
    session.info.pop(_TOUCHED, None)
    session.info.pop(BEFORE_COMMIT, None)


def init_app(app) -> None:
    """Keep ``game_results`` up to date in the same transaction as each change to a table's game."""
    for name, fn in (("before_flush", _note_changed_games), ("before_commit", _refresh_before_commit),
                     ("after_rollback", _forget)):
        if not event.contains(Session, name, fn):
            event.listen(Session, name, fn)
