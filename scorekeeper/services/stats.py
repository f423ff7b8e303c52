"""A table's statistics, exactly as docs/api.md ("Tables", Statistics) defines them.

Everything is computed by a fixed number of aggregate queries over ``game_results`` (one row per
player per game, kept up to date by services/tables.py), so a table of 5,000 games costs the same
number of statements as a table of 10.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from fractions import Fraction
from typing import Iterable

from flask_babel import gettext as _
from flask_babel import ngettext
from sqlalchemy import and_, case, func, or_, select
from sqlalchemy.orm import aliased

from ..db import db
from ..models import Game, GameResult, Table, TablePlayer
from ..rules.variants import Variant
from . import errors as service_errors
from .rounding import half_up, ratio

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
    """The variant filter: None, a known variant's id (built-in, shipped example, house variant), or
    a variant some game of the table uses."""
    if variant is None or variant == "":
        return None
    if not isinstance(variant, str) or len(variant) > 40:
        raise service_errors.ServiceError(_("variant: %(value)s is not a variant id", value=repr(str(variant)[:40])), "variant")
    from .house import find_variant

    try:
        find_variant(variant)
        return variant
    except Exception:
        used = db.session.execute(
            select(Game.id).where(Game.table_id == table.id, Game.variant == variant).limit(1)
        ).first()
        if used is None:
            raise service_errors.ServiceError(_("variant: %(value)s is not a known variant", value=repr(variant)), "variant") from None
        return variant


def check_year(value: object) -> Period:
    if value is None or value == "":
        return ALL_TIME
    try:
        year = int(str(value))
    except ValueError:
        raise service_errors.ServiceError(_("year: %(value)s is not a year (such as 2026)", value=repr(str(value)[:20])), "year") from None
    if not 1900 <= year <= 9999:
        raise service_errors.ServiceError(_("year: %(year)s is not a year from 1900 to 9999", year=year), "year")
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


def _names(table: Table, ids: Iterable[int] | None = None) -> dict[int, str]:
    """Roster names by id: only of ``ids`` when given (a page reads the names it shows, not the roster)."""
    conds = [TablePlayer.table_id == table.id]
    if ids is not None:
        ids = sorted(set(ids))
        if not ids:
            return {}
        conds.append(TablePlayer.id.in_(ids))
    return dict(db.session.execute(select(TablePlayer.id, TablePlayer.name).where(*conds)).all())


def _of(column, player_ids: Iterable[int] | None) -> list:
    return [] if player_ids is None else [column.in_(sorted(set(player_ids)))]


@dataclass(frozen=True)
class Paging:
    """One page of a table's counted players, in name order."""

    page: int  # from 1
    per_page: int
    total: int  # players with a counted game

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.per_page))

    @property
    def first(self) -> int:  # the page's first player's place, from 1
        return min(self.total, (self.page - 1) * self.per_page + 1)

    @property
    def last(self) -> int:
        return min(self.total, self.page * self.per_page)


def codepoint_order(column):
    """Order text by code point, as Python sorts it, on every database (PostgreSQL's collation
    may differ)."""
    return column.collate("C") if db.session.get_bind().dialect.name == "postgresql" else column


def player_page(table: Table, variant: str | None = None, period: Period = ALL_TIME, page: int = 1,
                per_page: int = 100, clamp: bool = True) -> tuple[list[int], Paging]:
    """The ids of one page of the players with a counted game, by name (as the roster sorts
    them), and the paging: two queries, whose answers are one page however long the roster. A
    page past the last is the last (``clamp``), or empty."""
    r = GameResult
    counted = select(r.table_player_id).where(_results_filter(r, table, variant, period))
    total = db.session.execute(select(func.count(func.distinct(r.table_player_id)))
                               .where(_results_filter(r, table, variant, period))).scalar_one()
    paging = Paging(min(max(page, 1), max(1, -(-total // per_page))) if clamp else max(page, 1), per_page, total)
    ids = db.session.execute(
        select(TablePlayer.id).where(TablePlayer.table_id == table.id, TablePlayer.id.in_(counted))
        .order_by(codepoint_order(TablePlayer.name_key), TablePlayer.id)
        .offset((paging.page - 1) * per_page).limit(per_page)).scalars().all()
    return list(ids), paging


def _sort_key(name: str) -> tuple[str, str]:
    return (name.casefold(), name)


def player_rows(table: Table, variant: str | None = None, period: Period = ALL_TIME,
                player_ids: Iterable[int] | None = None) -> list[dict]:
    """The contract's ``players`` entries (plus the roster ``id`` and ``zero_rounds``: rounds
    scored 0), sorted by name: one aggregate query and the names (only ``player_ids``' if given)."""
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
            # zero-point rounds are a penalty game's (in ROY a round's loser scores 0, every round)
            func.sum(case((r.lowest_wins.is_(True), r.zero_rounds), else_=0)),
            func.min(case((completed, r.total))),
            func.max(case((completed, r.total))),
            func.max(case((r.lowest_wins.is_(True), 1), else_=0)),
        ).where(_results_filter(r, table, variant, period), *_of(r.table_player_id, player_ids))
        .group_by(r.table_player_id)
    ).all()
    names = _names(table, [row[0] for row in rows])
    out = []
    for pid, games, wins, rounds, went_out, points, zeros, low, high, lowest_wins in rows:
        games, wins, rounds = int(games), int(wins or 0), int(rounds or 0)
        entry = {
            "id": pid,
            "name": names.get(pid, "?"),
            "games": games,
            "wins": wins,
            "win_rate": ratio(wins, games, 3) or 0.0,
            "rounds_played": rounds,
            "went_out": int(went_out or 0),
            "average_round_points": None,
            "best_total": None,
            "worst_total": None,
            "zero_rounds": int(zeros or 0),
        }
        if variant is not None:
            entry["average_round_points"] = ratio(int(points or 0), rounds, 2)
            if low is not None:
                best, worst = (low, high) if lowest_wins else (high, low)
                entry["best_total"], entry["worst_total"] = int(best), int(worst)
        out.append(entry)
    return sorted(out, key=lambda e: _sort_key(e["name"]))


def most_wins(table: Table, variant: str | None = None, period: Period = ALL_TIME, limit: int = 10) -> list[int]:
    """The ids of the ``limit`` players with the most counted wins (then by name): one query."""
    r = GameResult
    wins = func.sum(case((r.winner.is_(True), 1), else_=0))
    return list(db.session.execute(
        select(r.table_player_id).join(TablePlayer, TablePlayer.id == r.table_player_id)
        .where(_results_filter(r, table, variant, period))
        .group_by(r.table_player_id, TablePlayer.name_key)
        .order_by(wins.desc(), codepoint_order(TablePlayer.name_key), r.table_player_id).limit(limit)
    ).scalars())


def head_to_head(table: Table, variant: str | None = None, period: Period = ALL_TIME,
                 player_id: int | None = None, player_ids: Iterable[int] | None = None) -> list[dict]:
    """Every ordered pair who both completed a counted game together (only ``player_id``'s pairs
    if given): one aggregate query (each game compared by its own winning rule: lowest total
    wins, except ROY)."""
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
        # b's game is a's, so b is the table's too: saying so changes no row but lets PostgreSQL
        # read only the table's results on both sides, not every table's (SQLite still finds b by
        # its game: a filter on b's variant too would send it through the table's index instead).
        .where(_results_filter(a, table, variant, period), b.table_id == table.id,
               a.withdrawn.is_(False),
               *([a.table_player_id == player_id] if player_id is not None else []),
               *_of(a.table_player_id, player_ids))
        .group_by(a.table_player_id, b.table_player_id)
    ).all()
    names = _names(table, [pid for row in rows for pid in row[:2]])
    out = [{"player": names.get(p, "?"), "opponent": names.get(o, "?"), "games": int(n), "ahead": int(up or 0),
            "behind": int(down or 0), "tied": int(tie or 0)} for p, o, n, up, down, tie in rows]
    return sorted(out, key=lambda e: (_sort_key(e["player"]), _sort_key(e["opponent"])))


def table_stats(table: Table, variant: str | None = None, period: Period = ALL_TIME,
                player_ids: Iterable[int] | None = None) -> dict:
    """The body of ``GET /api/v1/tables/<tid>/stats[?variant=V]``: every counted player, or those
    of ``player_ids`` (a page) with their own head-to-head entries."""
    players = player_rows(table, variant, period, player_ids)
    return {
        "variant": variant,
        **game_counts(table, variant, period),
        "players": players,
        "head_to_head": head_to_head(table, variant, period, player_ids=player_ids),
    }


def table_stats_page(table: Table, variant: str | None = None, period: Period = ALL_TIME, page: int = 1,
                     per_page: int = 100, clamp: bool = True) -> tuple[dict, Paging]:
    """One page of the statistics: its players (by name) and their head-to-head entries, the
    game counts of the whole table."""
    ids, paging = player_page(table, variant, period, page, per_page, clamp)
    return table_stats(table, variant, period, ids), paging


# ----- what a family enjoys: streaks, records, rounds by contract -------------------------------------

@dataclass(frozen=True)
class Streak:
    name: str
    longest: int  # most counted games won in a row
    current: int  # won in a row up to the newest counted game


def streaks(table: Table, variant: str | None = None, period: Period = ALL_TIME,
            limit: int | None = None) -> list[Streak]:
    """Each player's longest and current run of wins over their counted games in order (the
    ``limit`` best runs only, if given): one query of (player, win) in playing order, and the
    names of the players shown."""
    r = GameResult
    rows = db.session.execute(
        select(r.table_player_id, r.winner).where(_results_filter(r, table, variant, period))
        .order_by(r.table_player_id, r.played_at, r.game_id)
    ).all()
    runs: dict[int, list[int]] = {}
    for pid, won in rows:
        longest, current = runs.setdefault(pid, [0, 0])
        current = current + 1 if won else 0
        runs[pid] = [max(longest, current), current]
    if limit is not None:  # the best runs, ties at the edge all kept, then ordered by name too
        ranked = sorted(runs.items(), key=lambda item: (-item[1][0], -item[1][1]))
        edge = ranked[limit - 1][1] if len(ranked) > limit else None
        runs = dict(item for i, item in enumerate(ranked) if i < limit or item[1] == edge)
    names = _names(table, runs)
    out = [Streak(names.get(pid, "?"), longest, current) for pid, (longest, current) in runs.items()]
    out = sorted(out, key=lambda s: (-s.longest, -s.current, _sort_key(s.name)))
    return out if limit is None else out[:limit]


@dataclass(frozen=True)
class Record:
    title: str
    variant: str
    name: str
    value: int
    game_id: str
    played_at: datetime


def records(table: Table, variant: str | None = None, period: Period = ALL_TIME) -> list[Record]:
    """Per variant: the best and the worst game total ever (lowest wins, except ROY) and the most
    rounds gone out in one game; each with who and which game. Three queries."""
    r = GameResult
    signed = case((r.lowest_wins.is_(True), r.total), else_=-r.total)
    wanted = [("Best game", signed.asc(), r.total), ("Worst game", signed.desc(), r.total),
              ("Most rounds gone out in a game", r.went_out.desc(), r.went_out)]
    found: list[tuple] = []
    for title, order, value in wanted:
        ranked = select(
            r.variant, r.table_player_id, value.label("value"), r.game_id, r.played_at,
            func.row_number().over(partition_by=r.variant, order_by=(order, r.played_at, r.game_id)).label("n"),
        ).where(_results_filter(r, table, variant, period), r.withdrawn.is_(False), r.total.is_not(None)).subquery()
        for v, pid, val, gid, played in db.session.execute(
                select(ranked.c.variant, ranked.c.table_player_id, ranked.c.value, ranked.c.game_id,
                       ranked.c.played_at).where(ranked.c.n == 1).order_by(ranked.c.variant)):
            found.append((title, v, pid, int(val), gid, played))
    names = _names(table, [f[2] for f in found])
    out = [Record(title, v, names.get(pid, "?"), val, gid, played) for title, v, pid, val, gid, played in found]
    return sorted(out, key=lambda x: (x.variant, [w[0] for w in wanted].index(x.title)))


@dataclass(frozen=True)
class ContractRounds:
    name: str
    number: int  # the round (its contract is the one of the rules each game was played under)
    contract: str
    rounds: int
    average: Decimal  # rounded half up to one decimal
    worst: int
    zero: int

    @property
    def row(self) -> tuple[int, str]:
        """The line it belongs to on a page: the round and its contract."""
        return (self.number, self.contract)


def _contract_words(contract: dict | None, number: int) -> str:
    sets, runs = (contract or {}).get("sets", 0), (contract or {}).get("runs", 0)
    parts = ([ngettext("%(num)s set", "%(num)s sets", sets)] if sets else []) + \
        ([ngettext("%(num)s run", "%(num)s runs", runs)] if runs else [])
    return _(" and ").join(parts) or _("round %(n)s", n=number)


def contract_label(variant_id: str, number: int) -> str:
    """'2 sets', '1 set and 1 run', ... for round ``number`` of a variant (a house variant: its
    rules now); 'round n' otherwise."""
    from ..rules.game import round_info
    from .house import find_variant

    try:
        info = round_info(find_variant(variant_id), number)
    except Exception:
        return _("round %(n)s", n=number)
    return _contract_words(info.get("contract"), number)


def _labels_by_rules(samples: dict[int | None, str]) -> dict[int | None, Variant]:
    """The rules of each house-variant version the games were played under (``None``: a built-in
    variant), read from one game of each: one query."""
    from .loading import variant_of

    games = db.session.execute(select(Game).where(Game.id.in_(set(samples.values())))).scalars().all()
    by_id = {g.id: g for g in games}
    return {version: variant_of(by_id[gid]) for version, gid in samples.items() if gid in by_id}


def rounds_by_contract(table: Table, variant: str, period: Period = ALL_TIME,
                       player_id: int | None = None, player_ids: Iterable[int] | None = None) -> list[ContractRounds]:
    """With a variant: each player's (or one player's) rounds by round number and contract, as
    each game's own rules name it (a house variant changed midway labels its older games' rounds
    by the rules they were played under): how many, the average and the worst score, and the
    rounds scored 0. One aggregate query over ``round_results`` grouped by the version of the
    rules, and one to read the rules of each version; no hands read. ROY has no contracts: none."""
    from ..models import RoundResult as rr
    from ..rules.game import round_info

    conds = [rr.table_id == table.id, rr.status == "complete", rr.variant == variant, *_in_period(rr.played_at, period)]
    if player_id is not None:
        conds.append(rr.table_player_id == player_id)
    conds += _of(rr.table_player_id, player_ids)
    rows = db.session.execute(
        select(rr.table_player_id, rr.number, Game.house_version, func.min(rr.game_id), func.count(),
               func.sum(rr.points), func.max(rr.points), func.sum(case((rr.points == 0, 1), else_=0)))
        .join(Game, Game.id == rr.game_id)
        .where(*conds).group_by(rr.table_player_id, rr.number, Game.house_version)
    ).all()
    rules = _labels_by_rules({version: sample for _pid, _n, version, sample, *_rest in rows})
    if not any(v.is_contract_game for v in rules.values()):
        return []
    names = _names(table, [row[0] for row in rows])
    merged: dict[tuple[int, int, str], list[int]] = {}
    for pid, number, version, _sample, n, points, worst, zero in rows:
        label = _contract_words(round_info(rules[version], number).get("contract"), number) \
            if version in rules else contract_label(variant, number)
        acc = merged.setdefault((pid, number, label), [0, 0, int(worst), 0])
        acc[0] += int(n)
        acc[1] += int(points or 0)
        acc[2] = max(acc[2], int(worst))
        acc[3] += int(zero or 0)
    out = [ContractRounds(names.get(pid, "?"), number, label, n, half_up(Fraction(points, n), 1), worst, zero)
           for (pid, number, label), (n, points, worst, zero) in merged.items()]
    return sorted(out, key=lambda c: (_sort_key(c.name), c.number, c.contract))
