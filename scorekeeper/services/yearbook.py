"""A table's year: the figures of ``GET /api/v1/tables/<tid>/years/<year>`` and of the printed
yearbook (docs/api.md, "A table's year").

A game belongs to year Y when its last round was recorded in Y (UTC); only the year's games with
status ``complete`` are counted. The per-variant ``players`` entries have the fields and the
definitions of the statistics (services/stats.py, ``player_rows``), restricted to those games.

Everything is read by a fixed number of queries, whatever the number of games: the year's
per-player results (``game_results``), its rounds, its per-round scores (``round_results``), its
disputes, the house rules its games were played under, and per variant the rating replay the
statistics pages keep (services/ratings.py). The rest is arithmetic on those rows.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime
from fractions import Fraction
from itertools import groupby

from flask_babel import gettext as _
from sqlalchemy import func, or_, select

from ..db import db
from ..models import Game, GameResult, Round, RoundResult, Ruling, Table, TablePlayer
from . import ratings as ratings_svc
from .errors import ServiceError
from .table_history import TableRuling
from .view import iso

FIRST_YEAR, LAST_YEAR = 1900, 9999
DEFAULT_MU, DEFAULT_SIGMA = 25.0, 25.0 / 3  # openskill's rating before a first game


# ----- input -----------------------------------------------------------------------------------------

def check_year(value: object) -> int:
    """The year of the address: a whole number from 1900 to 9999, else a 400 naming the value."""
    text = str(value).strip() if value is not None else ""
    if not (text.isascii() and text.isdigit() and len(text) <= 4) or not FIRST_YEAR <= int(text) <= LAST_YEAR:
        raise ServiceError(_("year: %(value)s is not a year from 1900 to 9999", value=repr(str(value)[:20])),
                               "year")
    return int(text)


def year_bounds(year: int) -> tuple[datetime, datetime]:
    return datetime(year, 1, 1), datetime(year + 1, 1, 1) if year < LAST_YEAR else datetime(9999, 12, 31, 23, 59, 59)


# ----- rounding: half up on the exact fraction, as people round by hand --------------------------------

def round_half_up(value: Fraction | int, places: int) -> float:
    """``value`` rounded to ``places`` decimals, halves away from zero (0.125 → 0.13), computed on
    the exact fraction and not on a float."""
    value = Fraction(value)
    scale = 10 ** places
    scaled = abs(value) * scale
    whole = (scaled.numerator * 2 + scaled.denominator) // (scaled.denominator * 2)
    return float(Fraction(whole if value >= 0 else -whole, scale))


# ----- what is read ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class SeatResult:
    player_id: int
    seat: int
    total: int | None
    withdrawn: bool
    winner: bool
    rounds_played: int
    went_out: int
    round_points: int
    zero_rounds: int


@dataclass(frozen=True)
class YearGame:
    """One counted game of the year."""

    id: str
    variant: str
    variant_name: str
    lowest_wins: bool
    finished_at: datetime  # its last round's time: what places it in the year
    seats: tuple[SeatResult, ...]

    @property
    def winners(self) -> list[int]:
        return [s.player_id for s in self.seats if s.winner]


def _last_rounds(table: Table, start: datetime, end: datetime):
    """(game id, last round's time) of the table's complete games whose last round falls in
    [start, end). A game finishes after its last round, and starts before it: the table's index on
    games narrows the rounds read to the games near the year."""
    return (select(Round.game_id.label("game_id"), func.max(Round.created_at).label("last_at"))
            .join(Game, Game.id == Round.game_id)
            .where(Game.table_id == table.id, Game.status == "complete", Game.created_at < end,
                   or_(Game.completed_at.is_(None), Game.completed_at >= start))
            .group_by(Round.game_id)
            .having(func.max(Round.created_at) >= start, func.max(Round.created_at) < end)
            .subquery())


def year_games(table: Table, year: int) -> list[YearGame]:
    """The year's counted games in order of completion, each with its players' results: one query."""
    start, end = year_bounds(year)
    last = _last_rounds(table, start, end)
    r = GameResult
    rows = db.session.execute(
        select(r.game_id, r.variant, Game.variant_name, r.lowest_wins, last.c.last_at, r.table_player_id, r.seat,
               r.total, r.withdrawn, r.winner, r.rounds_played, r.went_out, r.round_points, r.zero_rounds)
        .join(last, last.c.game_id == r.game_id).join(Game, Game.id == r.game_id)
        .where(r.table_id == table.id, r.status == "complete")
        .order_by(last.c.last_at, r.game_id, r.seat)
    ).all()
    out = []
    for gid, group in groupby(rows, key=lambda row: row.game_id):
        seats = list(group)
        first = seats[0]
        out.append(YearGame(gid, first.variant, first.variant_name, bool(first.lowest_wins), first.last_at, tuple(
            SeatResult(s.table_player_id, s.seat, s.total, bool(s.withdrawn), bool(s.winner), int(s.rounds_played),
                       int(s.went_out), int(s.round_points), int(s.zero_rounds)) for s in seats)))
    return out


@dataclass(frozen=True)
class YearRound:
    game_id: str
    number: int
    went_out: str | None  # the name, as the round keeps it
    at: datetime
    scores: dict[int, int]  # player id -> the round's score (as the game's rounds[].scores show it)


def year_rounds(table: Table, year: int) -> list[YearRound]:
    """Every round of the year's counted games with each player's score: two queries."""
    start, end = year_bounds(year)
    last = _last_rounds(table, start, end)
    rounds = db.session.execute(
        select(Round.game_id, Round.number, Round.went_out, Round.created_at)
        .join(last, last.c.game_id == Round.game_id).order_by(Round.game_id, Round.number)
    ).all()
    scores: dict[tuple[str, int], dict[int, int]] = defaultdict(dict)
    for gid, number, pid, points in db.session.execute(
            select(RoundResult.game_id, RoundResult.number, RoundResult.table_player_id, RoundResult.points)
            .join(last, last.c.game_id == RoundResult.game_id)):
        scores[gid, number][pid] = int(points)
    return [YearRound(gid, number, went_out, at, scores.get((gid, number), {})) for gid, number, went_out, at in rounds]


def _names(table: Table) -> dict[int, str]:
    return dict(db.session.execute(
        select(TablePlayer.id, TablePlayer.name).where(TablePlayer.table_id == table.id)).all())


def _key(name: str) -> tuple[str, str]:
    return (name.casefold(), name)


# ----- the view -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class HeadToHead:
    player: str
    opponent: str
    games: int
    ahead: int
    behind: int
    tied: int


@dataclass(frozen=True)
class RatingLine:
    player_id: int
    name: str
    start_mu: float
    start_sigma: float
    end_mu: float
    end_sigma: float
    rated_before: bool  # False: the year's first game was their first
    games: int  # rated games of the variant this year
    by_month: tuple[float, ...]  # rating (mu) at the start of the year, then after each month


@dataclass
class VariantYear:
    variant: str
    name: str
    lowest_wins: bool
    games_counted: int
    champions: list[str]
    players: list[dict]  # the statistics' entries (by name)
    head_to_head: list[HeadToHead]
    wins_by_month: dict[int, list[int]] = field(default_factory=dict)  # player id -> cumulative wins, Jan..Dec
    ratings: list[RatingLine] = field(default_factory=list)

    @property
    def standings(self) -> list[dict]:
        """The players ranked: most wins, then win rate, then the average round by the variant's
        own rule (lowest first where the lowest total wins, highest in ROY), then name."""
        def avg(p):
            a = p["average_round_points"]
            return (a is None, (a if self.lowest_wins else -a) if a is not None else 0)
        return sorted(self.players, key=lambda p: (-p["wins"], -p["win_rate"], avg(p), _key(p["name"])))


@dataclass(frozen=True)
class YearRecord:
    kind: str  # best_game_total, worst_game_total, longest_win_streak, most_rounds_out, best_round, biggest_comeback
    variant: str
    variant_name: str
    player: str
    value: int
    game: str | None  # the game holding it (None for a streak: several games)
    day: date
    games: tuple[str, ...] = ()  # a streak's games, in order
    round: int | None = None


@dataclass(frozen=True)
class PlayerVariant:
    variant: str
    name: str
    games: int
    wins: int
    win_rate: float
    average_round_points: float | None
    best_total: int | None


@dataclass(frozen=True)
class PlayerYear:
    id: int
    name: str
    games: int
    wins: int
    win_rate: float
    rounds_played: int
    went_out: int
    variants: list[PlayerVariant]
    best_night: date | None
    best_night_wins: int
    best_night_games: int
    games_by_month: tuple[int, ...]  # Jan..Dec
    wins_by_month: tuple[int, ...]
    beat_most: str | None  # the opponent they finished ahead of most often (all variants)
    beat_most_times: int
    beat_most_games: int


@dataclass(frozen=True)
class HouseVariantYear:
    variant: str
    name: str
    based_on: str
    changes: list[str]
    games: int


@dataclass
class Yearbook:
    table_id: str
    table_name: str
    year: int
    games_counted: int
    rounds: int
    nights: int
    variants: list[VariantYear]
    records: list[YearRecord]
    players: list[PlayerYear]
    rulings: list[TableRuling]  # (services/table_history.py: a table's rulings, as its page lists them)
    house_variants: list[HouseVariantYear]
    months_played: tuple[int, ...]  # the months (1-12) in which a counted game finished


def _player_entries(games: list[YearGame], names: dict[int, str]) -> list[dict]:
    """One variant's ``players`` entries, as services/stats.py ``player_rows`` defines them."""
    acc: dict[int, dict] = {}
    for g in games:
        for s in g.seats:
            a = acc.setdefault(s.player_id, {"games": 0, "wins": 0, "rounds": 0, "out": 0, "points": 0, "zeros": 0,
                                             "totals": []})
            a["games"] += 1
            a["wins"] += s.winner
            a["rounds"] += s.rounds_played
            a["out"] += s.went_out
            a["points"] += s.round_points
            # rounds scored 0 count where a round's 0 means something (lowest total wins): not in ROY
            a["zeros"] += s.zero_rounds if g.lowest_wins else 0
            if not s.withdrawn and s.total is not None:
                a["totals"].append((s.total, g.lowest_wins))
    out = []
    for pid, a in acc.items():
        totals = [t for t, _ in a["totals"]]
        lowest_wins = any(lw for _, lw in a["totals"])
        best = worst = None
        if totals:
            best, worst = (min(totals), max(totals)) if lowest_wins else (max(totals), min(totals))
        out.append({
            "id": pid,
            "name": names.get(pid, "?"),
            "games": a["games"],
            "wins": a["wins"],
            "win_rate": round_half_up(Fraction(a["wins"], a["games"]), 3),
            "rounds_played": a["rounds"],
            "went_out": a["out"],
            "average_round_points": round_half_up(Fraction(a["points"], a["rounds"]), 2) if a["rounds"] else None,
            "best_total": best,
            "worst_total": worst,
            "zero_rounds": a["zeros"],
        })
    return sorted(out, key=lambda e: _key(e["name"]))


def _compare(mine: int, theirs: int, lowest_wins: bool) -> int:
    """1 ahead, -1 behind, 0 level, by the game's own winning rule."""
    if mine == theirs:
        return 0
    return 1 if (mine < theirs) == lowest_wins else -1


def _head_to_head(games: list[YearGame], names: dict[int, str]) -> list[HeadToHead]:
    """Every ordered pair who both completed a counted game, as the statistics' ``head_to_head``."""
    acc: dict[tuple[int, int], list[int]] = {}
    for g in games:
        done = [(s.player_id, s.total) for s in g.seats if not s.withdrawn and s.total is not None]
        for a, a_total in done:
            for b, b_total in done:
                if a == b:
                    continue
                c = acc.setdefault((a, b), [0, 0, 0, 0])
                c[0] += 1
                c[{1: 1, -1: 2, 0: 3}[_compare(a_total, b_total, g.lowest_wins)]] += 1
    out = [HeadToHead(names.get(p, "?"), names.get(o, "?"), *c) for (p, o), c in acc.items()]
    return sorted(out, key=lambda h: (_key(h.player), _key(h.opponent)))


def _streaks(games: list[YearGame]) -> dict[int, tuple[int, tuple[str, ...]]]:
    """Each player's longest run of won games (their own games of one variant, in order of
    completion): (length, the games), the first such run on a tie."""
    best: dict[int, tuple[int, tuple[str, ...]]] = {}
    run: dict[int, list[str]] = defaultdict(list)
    for g in games:
        for s in g.seats:
            if s.winner:
                run[s.player_id].append(g.id)
                if len(run[s.player_id]) > best.get(s.player_id, (0, ()))[0]:
                    best[s.player_id] = (len(run[s.player_id]), tuple(run[s.player_id]))
            else:
                run[s.player_id] = []
    return best


# A candidate for a record: (value, player id, game id, round number or None).
Candidate = tuple[int, int, str, int | None]


def _round_scores(g: YearGame, game_rounds: list[YearRound], names: dict[int, str], lowest_wins: bool) -> list[Candidate]:
    """Candidates for the best single round: going out while the others were caught with the most
    points (in ROY, where the highest total wins, each single round score)."""
    found: list[Candidate] = []
    pid_by_name = {names.get(s.player_id, "?").casefold(): s.player_id for s in g.seats}
    for r in game_rounds:
        if lowest_wins:
            out_pid = pid_by_name.get((r.went_out or "").casefold())
            if out_pid is not None:
                found.append((sum(p for pid, p in r.scores.items() if pid != out_pid), out_pid, g.id, r.number))
        else:
            found.extend((p, pid, g.id, r.number) for pid, p in r.scores.items())
    return found


def _comebacks(g: YearGame, game_rounds: list[YearRound], lowest_wins: bool) -> list[Candidate]:
    """Candidates for the biggest comeback: the points a winner was behind the leader after a round
    before the last, counting the round scores as the sheet shows them (bonuses left out)."""
    found: list[Candidate] = []
    running: dict[int, int] = defaultdict(int)
    for r in game_rounds[:-1]:
        for pid, p in r.scores.items():
            running[pid] += p
        if not running:
            continue
        lead = min(running.values()) if lowest_wins else max(running.values())
        for pid in g.winners:
            behind = (running[pid] - lead) if lowest_wins else (lead - running[pid])
            if pid in running and behind > 0:
                found.append((behind, pid, g.id, r.number))
    return found


def _records(variant: str, vname: str, games: list[YearGame], rounds: dict[str, list[YearRound]],
             names: dict[int, str]) -> list[YearRecord]:
    """The year's records in one variant; each the first to reach it (in order of completion)."""
    out: list[YearRecord] = []
    if not games:
        return out
    lowest_wins = games[0].lowest_wins
    finished = {g.id: g.finished_at for g in games}

    def keep(kind, better, candidates):
        """The first candidate (value, player, game, round) with the best value under ``better``."""
        top = None
        for c in candidates:
            if top is None or better(c[0], top[0]):
                top = c
        if top is not None:
            value, pid, gid, number = top
            out.append(YearRecord(kind, variant, vname, names.get(pid, "?"), value, gid, finished[gid].date(),
                                  round=number))

    totals = [(s.total, s.player_id, g.id, None) for g in games for s in g.seats
              if not s.withdrawn and s.total is not None]
    if lowest_wins:  # a penalty game: lowest and highest final total
        keep("best_game_total", lambda a, b: a < b, totals)
        keep("worst_game_total", lambda a, b: a > b, totals)
    else:
        keep("best_game_total", lambda a, b: a > b, totals)
        keep("worst_game_total", lambda a, b: a < b, totals)
    streaks = _streaks(games)
    if streaks:
        pid, (length, ids) = min(streaks.items(), key=lambda kv: (-kv[1][0], finished[kv[1][1][-1]], _key(names.get(kv[0], "?"))))
        out.append(YearRecord("longest_win_streak", variant, vname, names.get(pid, "?"), length,
                              ids[0] if length == 1 else None, finished[ids[-1]].date(), games=ids))
    keep("most_rounds_out", lambda a, b: a > b,
         [(s.went_out, s.player_id, g.id, None) for g in games for s in g.seats if s.went_out])
    best_round = [c for g in games for c in _round_scores(g, rounds.get(g.id, []), names, lowest_wins)]
    comebacks = [c for g in games for c in _comebacks(g, rounds.get(g.id, []), lowest_wins)]
    keep("best_round", lambda a, b: a > b, [c for c in best_round if c[0] > 0])
    keep("biggest_comeback", lambda a, b: a > b, comebacks)
    return out


def _rating_lines(table: Table, variant: str, games: list[YearGame], names: dict[int, str]) -> list[RatingLine]:
    """Each of the year's players' rating (openskill, the statistics' replay) before their first
    game of the year, after their last, and at the end of each month; best (ordinal) at the end first."""
    in_year = {g.id: g.finished_at for g in games}
    _current, _games, history = ratings_svc.replay(table, variant)  # kept per process (services/ratings.py)
    out = []
    for pid, points in history.items():
        mine = [(i, p) for i, p in enumerate(points) if p.game_id in in_year]
        if not mine:
            continue
        first = mine[0][0]
        before = points[first - 1] if first > 0 else None
        start = (before.rating.mu, before.rating.sigma) if before else (DEFAULT_MU, DEFAULT_SIGMA)
        end = mine[-1][1].rating
        monthly, current, k = [start[0]], start[0], 0
        ordered = sorted(mine, key=lambda ip: (in_year[ip[1].game_id], ip[0]))
        for month in range(1, 13):
            while k < len(ordered) and in_year[ordered[k][1].game_id].month <= month:
                current = ordered[k][1].rating.mu
                k += 1
            monthly.append(current)
        out.append(RatingLine(pid, names.get(pid, "?"), start[0], start[1], end.mu, end.sigma, before is not None,
                              len(mine), tuple(monthly)))
    return sorted(out, key=lambda r: (-(r.end_mu - 3 * r.end_sigma), _key(r.name)))


def _rulings(table: Table, start: datetime, end: datetime) -> list[TableRuling]:
    """The disputes the table settled that year (logged from a game page, not the app's automatic
    notes), in order: one query."""
    rows = db.session.execute(
        select(Ruling, Game.variant_name).join(Game, Game.id == Ruling.game_id)
        .where(Game.table_id == table.id, Ruling.automatic.is_(False), Ruling.at >= start, Ruling.at < end)
        .order_by(Ruling.at, Ruling.id)
    ).all()
    return [TableRuling(r.game_id, vname, r.at, r.round_number, r.what_happened, r.ruling, r.citation, r.player,
                       r.points, r.summary) for r, vname in rows]


def _house_variants(table: Table, year: int, games: list[YearGame]) -> list[HouseVariantYear]:
    """The house variants the year's counted games were played under, each with what it changes
    (the rules of its newest game that year): one query for the distinct rules."""
    from ..rules.house import differences, from_toml
    from .house import find_variant

    start, end = year_bounds(year)
    last = _last_rounds(table, start, end)
    rows = db.session.execute(
        select(Game.variant, Game.rules_toml, func.max(last.c.last_at))
        .join(last, last.c.game_id == Game.id).where(Game.rules_toml.is_not(None))
        .group_by(Game.variant, Game.rules_toml)
    ).all()
    newest: dict[str, tuple[datetime, str]] = {}
    for vid, text, at in rows:
        if vid not in newest or at > newest[vid][0]:
            newest[vid] = (at, text)
    counts: defaultdict[str, int] = defaultdict(int)
    for g in games:
        counts[g.variant] += 1
    out = []
    for vid, (_at, text) in newest.items():
        try:
            rules = from_toml(text)
            if rules.based_on is None:
                continue
            base = find_variant(rules.based_on)
        except Exception:  # rules that no longer read: the booklet goes on without them
            continue
        out.append(HouseVariantYear(vid, rules.name, base.name, [d.text for d in differences(base, rules)],
                                    counts[vid]))
    return sorted(out, key=lambda h: _key(h.name))


def _players(games: list[YearGame], names: dict[int, str], variants: list[VariantYear],
             h2h: list[HeadToHead]) -> list[PlayerYear]:
    acc: dict[int, dict] = {}
    for g in games:
        m = g.finished_at.month - 1
        night = g.finished_at.date()
        for s in g.seats:
            a = acc.setdefault(s.player_id, {"games": 0, "wins": 0, "rounds": 0, "out": 0, "gm": [0] * 12,
                                             "wm": [0] * 12, "nights": defaultdict(lambda: [0, 0])})
            a["games"] += 1
            a["wins"] += s.winner
            a["rounds"] += s.rounds_played
            a["out"] += s.went_out
            a["gm"][m] += 1
            a["wm"][m] += s.winner
            a["nights"][night][0] += s.winner
            a["nights"][night][1] += 1
    beaten: dict[str, tuple[str | None, int, int]] = {}
    for h in h2h:
        mine = beaten.get(h.player, (None, 0, 0))
        if h.ahead > mine[1] or (h.ahead == mine[1] and h.ahead and mine[0] is not None
                                 and _key(h.opponent) < _key(mine[0])):
            beaten[h.player] = (h.opponent, h.ahead, h.games)
    out = []
    for pid, a in acc.items():
        name = names.get(pid, "?")
        night, (nw, ng) = min(a["nights"].items(), key=lambda kv: (-kv[1][0], -kv[1][1], kv[0]))
        pv = []
        for v in variants:
            for p in v.players:
                if p["id"] == pid:
                    pv.append(PlayerVariant(v.variant, v.name, p["games"], p["wins"], p["win_rate"],
                                            p["average_round_points"], p["best_total"]))
        opp, times, together = beaten.get(name, (None, 0, 0))
        out.append(PlayerYear(pid, name, a["games"], a["wins"], round_half_up(Fraction(a["wins"], a["games"]), 3),
                              a["rounds"], a["out"], pv, night if nw else None, nw, ng, tuple(a["gm"]),
                              tuple(a["wm"]), opp, times, together))
    return sorted(out, key=lambda p: _key(p.name))


def yearbook(table: Table, year: int) -> Yearbook:
    """The table's year, everything the booklet and the API show."""
    start, end = year_bounds(year)
    games = year_games(table, year)
    names = _names(table)
    rounds = year_rounds(table, year) if games else []
    by_game: dict[str, list[YearRound]] = defaultdict(list)
    for r in rounds:
        by_game[r.game_id].append(r)
    by_variant: dict[str, list[YearGame]] = defaultdict(list)
    for g in games:
        by_variant[g.variant].append(g)
    variants: list[VariantYear] = []
    records: list[YearRecord] = []
    all_h2h: list[HeadToHead] = []
    for vid, vgames in by_variant.items():
        vname = vgames[-1].variant_name
        players = _player_entries(vgames, names)
        top = max(p["wins"] for p in players) if players else 0
        h2h = _head_to_head(vgames, names)
        all_h2h += h2h
        v = VariantYear(vid, vname, vgames[0].lowest_wins, len(vgames),
                        sorted((p["name"] for p in players if p["wins"] == top and top > 0), key=_key), players, h2h)
        monthly: dict[int, list[int]] = {p["id"]: [0] * 12 for p in players}
        for g in vgames:
            for pid in g.winners:
                monthly[pid][g.finished_at.month - 1] += 1
        for counts in monthly.values():
            running = 0
            for i, c in enumerate(counts):
                running += c
                counts[i] = running
        v.wins_by_month = monthly
        v.ratings = _rating_lines(table, vid, vgames, names)
        variants.append(v)
        records += _records(vid, vname, vgames, by_game, names)
    variants.sort(key=lambda v: (-v.games_counted, _key(v.name)))
    order = {v.variant: i for i, v in enumerate(variants)}
    kinds = ["best_game_total", "worst_game_total", "longest_win_streak", "most_rounds_out", "best_round",
             "biggest_comeback"]
    records.sort(key=lambda r: (order[r.variant], kinds.index(r.kind)))
    # Pairs summed over the variants, for "whom they beat most often".
    pairs: dict[tuple[str, str], list[int]] = {}
    for h in all_h2h:
        sums = pairs.setdefault((h.player, h.opponent), [0, 0, 0, 0])
        for i, n in enumerate((h.games, h.ahead, h.behind, h.tied)):
            sums[i] += n
    summed = [HeadToHead(p, o, *sums) for (p, o), sums in pairs.items()]
    return Yearbook(
        table_id=table.id, table_name=table.name, year=year, games_counted=len(games), rounds=len(rounds),
        nights=len({r.at.date() for r in rounds}), variants=variants, records=records,
        players=_players(games, names, variants, summed),
        rulings=_rulings(table, start, end) if games else [],
        house_variants=_house_variants(table, year, games) if games else [],
        months_played=tuple(sorted({g.finished_at.month for g in games})),
    )


def as_json(book: Yearbook) -> dict:
    """The body of ``GET /api/v1/tables/<tid>/years/<year>`` (docs/api.md, "A table's year")."""
    return {
        "table": book.table_id,
        "table_name": book.table_name,
        "year": book.year,
        "games_counted": book.games_counted,
        "rounds": book.rounds,
        "nights": book.nights,
        "variants": [{
            "variant": v.variant,
            "name": v.name,
            "games_counted": v.games_counted,
            "champions": v.champions,
            "players": v.players,
            "head_to_head": [h.__dict__ for h in v.head_to_head],
            "ratings": [{"player": r.name, "start": {"mu": round(r.start_mu, 3), "sigma": round(r.start_sigma, 3)},
                         "end": {"mu": round(r.end_mu, 3), "sigma": round(r.end_sigma, 3)}, "games": r.games}
                        for r in v.ratings],
        } for v in book.variants],
        "records": [{
            "kind": r.kind,
            "player": r.player,
            "value": r.value,
            "game": r.game,
            "variant": r.variant,
            "date": r.day.isoformat(),
            **({"games": list(r.games)} if r.games else {}),
            **({"round": r.round} if r.round is not None else {}),
        } for r in book.records],
        "rulings": [{"game": r.game_id, "at": iso(r.played_at), "round": r.round, "what_happened": r.what_happened,
                     "ruling": r.ruling, "citation": r.citation, "player": r.player, "points": r.points}
                    for r in book.rulings],
        "house_variants": [{"variant": h.variant, "name": h.name, "based_on": h.based_on, "changes": h.changes,
                            "games": h.games} for h in book.house_variants],
    }


def years_to_print(table: Table) -> list[int]:
    """The years the table has played, newest first: from its first game's year to the latest
    year in which one of its newest games finished (a game started on New Year's Eve counts in the
    new year). One query, on the table's index of games: its cost does not grow with its history."""
    newest = (select(Game.completed_at.label("at"), Game.created_at.label("created")).where(Game.table_id == table.id)
              .order_by(Game.created_at.desc()).limit(50).subquery())
    first, last_started, last_finished = db.session.execute(select(
        select(func.min(Game.created_at)).where(Game.table_id == table.id).scalar_subquery(),
        select(func.max(newest.c.created)).scalar_subquery(),
        select(func.max(newest.c.at)).scalar_subquery(),
    )).one()
    if first is None:
        return []
    last = max(last_started.year, last_finished.year if last_finished else 0)
    return list(range(last, first.year - 1, -1))


def fingerprint(table: Table, year: int) -> str:
    """What the year's figures are made of, in one query: the table's name; the table's finished
    games that started before the year's end (their count and the sum of their versions: any change
    to a game, its rounds, hands or rulings moves its version on, models.py), since the ratings at
    the start of the year depend on earlier years' finished games; the disputes logged that year;
    and the table's house variants. A round of a game still being played changes none of it (the
    game counts once it is finished), nor does any game of a later year."""
    from ..models import HouseVariant

    start, end = year_bounds(year)
    finished = (Game.table_id == table.id, Game.status == "complete", Game.created_at < end)
    logged = (Game.table_id == table.id, Ruling.automatic.is_(False), Ruling.at >= start, Ruling.at < end)
    house = (HouseVariant.table_id == table.id,)
    row = db.session.execute(select(
        select(func.count()).where(*finished).scalar_subquery(),
        select(func.coalesce(func.sum(Game.version), 0)).where(*finished).scalar_subquery(),
        select(func.max(Game.updated_at)).where(*finished).scalar_subquery(),
        select(func.count(Ruling.id)).join(Game, Game.id == Ruling.game_id).where(*logged).scalar_subquery(),
        select(func.max(Ruling.id)).join(Game, Game.id == Ruling.game_id).where(*logged).scalar_subquery(),
        select(func.count()).select_from(HouseVariant).where(*house).scalar_subquery(),
        select(func.coalesce(func.sum(HouseVariant.version), 0)).where(*house).scalar_subquery(),
    )).one()
    return "|".join(str(x) for x in (table.id, table.name, year, *row))


def has_counted_games(table: Table, year: int) -> bool:
    """Whether the table finished a game in the year (one small query, before any figure is read)."""
    start, end = year_bounds(year)
    last = _last_rounds(table, start, end)
    return db.session.execute(select(last.c.game_id).limit(1)).first() is not None
