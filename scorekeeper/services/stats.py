"""A table's statistics, exactly as api-contract.md ("Tables", Statistics) defines them.

Everything is computed by a fixed number of aggregate queries over ``game_results`` (one row per
player per game, kept up to date by services/tables.py), so a table of 5,000 games costs the same
number of statements as a table of 10.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import and_, case, func, or_, select
from sqlalchemy.orm import aliased

from ..db import db
from ..models import Game, GameResult, Table, TablePlayer
from ..rules.variants import get_variant
from . import games as svc

UNFINISHED = ("in_progress", "suspended")


@dataclass(frozen=True)
class Period:
    """Games started in ``[start, end)``; both None is all time."""

    start: datetime | None = None
    end: datetime | None = None

    @classmethod
    def year(cls, year: int) -> Period:
        return cls(datetime(year, 1, 1), datetime(year + 1, 1, 1))

    @property
    def label(self) -> str:
        return "all time" if self.start is None else str(self.start.year)


ALL_TIME = Period()


def check_variant(table: Table, variant: object) -> str | None:
    """The variant filter: None, a known variant's id, or a variant some game of the table uses."""
    if variant is None or variant == "":
        return None
    if not isinstance(variant, str) or len(variant) > 40:
        raise svc.ServiceError(f"variant: {str(variant)[:40]!r} is not a variant id", "variant")
    try:
        get_variant(variant)
        return variant
    except Exception:
        used = db.session.execute(
            select(Game.id).where(Game.table_id == table.id, Game.variant == variant).limit(1)
        ).first()
        if used is None:
            raise svc.ServiceError(f"variant: {variant!r} is not a known variant", "variant") from None
        return variant


def check_year(value: object) -> Period:
    if value is None or value == "":
        return ALL_TIME
    try:
        year = int(str(value))
    except ValueError:
        raise svc.ServiceError(f"year: {str(value)[:20]!r} is not a year (such as 2026)", "year") from None
    if not 1900 <= year <= 9999:
        raise svc.ServiceError(f"year: {year} is not a year from 1900 to 9999", "year")
    return Period.year(year)


def _in_period(column, period: Period):
    conds = []
    if period.start is not None:
        conds.append(column >= period.start)
    if period.end is not None:
        conds.append(column < period.end)
    return conds


def _results_filter(r, table: Table, variant: str | None, period: Period):
    conds = [r.table_id == table.id, r.status == "complete", *_in_period(r.played_at, period)]
    if variant is not None:
        conds.append(r.variant == variant)
    return and_(*conds)


def game_counts(table: Table, variant: str | None = None, period: Period = ALL_TIME) -> dict[str, int]:
    """How many of the table's games are complete, void and unfinished: one query."""
    conds = [Game.table_id == table.id, *_in_period(Game.created_at, period)]
    if variant is not None:
        conds.append(Game.variant == variant)
    rows = db.session.execute(select(Game.status, func.count()).where(*conds).group_by(Game.status)).all()
    by_status = dict(rows)
    return {
        "games_counted": by_status.get("complete", 0),
        "games_void": by_status.get("void", 0),
        "games_unfinished": sum(by_status.get(s, 0) for s in UNFINISHED),
    }


def _names(table: Table) -> dict[int, str]:
    return dict(db.session.execute(
        select(TablePlayer.id, TablePlayer.name).where(TablePlayer.table_id == table.id)).all())


def _sort_key(name: str) -> tuple[str, str]:
    return (name.casefold(), name)


def player_rows(table: Table, variant: str | None = None, period: Period = ALL_TIME) -> list[dict]:
    """The contract's ``players`` entries (plus the roster ``id`` and ``zero_rounds``: rounds
    scored 0), sorted by name: one
    aggregate query and the roster's names."""
    r = GameResult
    completed = r.withdrawn.is_(False)
    rows = db.session.execute(
        select(
            r.table_player_id,
            func.count(),
            func.sum(case((r.winner.is_(True), 1), else_=0)),
            func.sum(r.rounds_played),
            func.sum(r.went_out),
            func.sum(r.round_points),
            func.sum(r.zero_rounds),
            func.min(case((completed, r.total))),
            func.max(case((completed, r.total))),
            func.max(case((r.lowest_wins.is_(True), 1), else_=0)),
        ).where(_results_filter(r, table, variant, period)).group_by(r.table_player_id)
    ).all()
    names = _names(table)
    out = []
    for pid, games, wins, rounds, went_out, points, zeros, low, high, lowest_wins in rows:
        games, wins, rounds = int(games), int(wins or 0), int(rounds or 0)
        entry = {
            "id": pid,
            "name": names.get(pid, "?"),
            "games": games,
            "wins": wins,
            "win_rate": round(wins / games, 3) if games else 0.0,
            "rounds_played": rounds,
            "went_out": int(went_out or 0),
            "average_round_points": None,
            "best_total": None,
            "worst_total": None,
            "zero_rounds": int(zeros or 0),
        }
        if variant is not None:
            entry["average_round_points"] = round(int(points or 0) / rounds, 2) if rounds else None
            if low is not None:
                best, worst = (low, high) if lowest_wins else (high, low)
                entry["best_total"], entry["worst_total"] = int(best), int(worst)
        out.append(entry)
    return sorted(out, key=lambda e: _sort_key(e["name"]))


def head_to_head(table: Table, variant: str | None = None, period: Period = ALL_TIME) -> list[dict]:
    """Every ordered pair who both completed a counted game together: one aggregate query
    (each game compared by its own winning rule: lowest total wins, except ROY)."""
    a, b = aliased(GameResult), aliased(GameResult)
    ahead = or_(and_(a.lowest_wins.is_(True), a.total < b.total), and_(a.lowest_wins.is_(False), a.total > b.total))
    behind = or_(and_(a.lowest_wins.is_(True), a.total > b.total), and_(a.lowest_wins.is_(False), a.total < b.total))
    rows = db.session.execute(
        select(
            a.table_player_id, b.table_player_id, func.count(),
            func.sum(case((ahead, 1), else_=0)),
            func.sum(case((behind, 1), else_=0)),
            func.sum(case((a.total == b.total, 1), else_=0)),
        )
        .join(b, and_(b.game_id == a.game_id, b.table_player_id != a.table_player_id, b.withdrawn.is_(False)))
        .where(_results_filter(a, table, variant, period), a.withdrawn.is_(False))
        .group_by(a.table_player_id, b.table_player_id)
    ).all()
    names = _names(table)
    out = [{"player": names.get(p, "?"), "opponent": names.get(o, "?"), "games": int(n), "ahead": int(up or 0),
            "behind": int(down or 0), "tied": int(tie or 0)} for p, o, n, up, down, tie in rows]
    return sorted(out, key=lambda e: (_sort_key(e["player"]), _sort_key(e["opponent"])))


def table_stats(table: Table, variant: str | None = None, period: Period = ALL_TIME) -> dict:
    """The body of ``GET /api/v1/tables/<tid>/stats[?variant=V]``."""
    players = player_rows(table, variant, period)
    return {
        "variant": variant,
        **game_counts(table, variant, period),
        "players": players,
        "head_to_head": head_to_head(table, variant, period),
    }
