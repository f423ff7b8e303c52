"""The statistics page of a table as one typed view: what templates/tables/stats.html shows, worked
out here, a page of players at a time.

A club's roster can be thousands long. The page shows one page of its counted players (by name)
with their head-to-head entries and their rounds by contract, and the leaders only of the
rankings (ratings, streaks, wins): what it reads and sends does not grow with the roster, and the
template only loops over what it shows (no search through lists).
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ..models import Table
from . import ratings as ratings_svc
from . import stats
from .stats import Paging, Record, Streak

PER_PAGE = 20  # players on one page of the statistics
LEADERS = 10  # players in the ratings, the streaks and the wins chart
OPPONENTS = 8  # head-to-head entries of one player on the page (the player's page has all)


@dataclass(frozen=True)
class ContractCell:
    average: Decimal
    worst: bool  # the player's worst round on average (shown in bold)


@dataclass(frozen=True)
class ContractRow:
    number: int
    contract: str
    cells: list[ContractCell | None]  # one per player of ``ContractGrid.names``; None: never played


@dataclass(frozen=True)
class ContractGrid:
    """Rounds by contract: a row per round, a column per player of the page."""

    names: list[str]
    rows: list[ContractRow]
    zero_rounds: list[tuple[str, int]]  # (name, rounds scored 0)


def contract_grid(contracts: list[stats.ContractRounds], names: list[str]) -> ContractGrid | None:
    """The grid of the players' rounds (``names``: the page's players, in order), in one pass."""
    if not contracts:
        return None
    # a row per round and contract: a house variant changed midway labels its older games' rounds
    # by the rules they were played under (services/stats.py, rounds_by_contract)
    by_player: dict[str, dict[tuple[int, str], stats.ContractRounds]] = {}
    for c in contracts:
        by_player.setdefault(c.name, {})[c.row] = c
    shown = [n for n in names if n in by_player] + [n for n in by_player if n not in names]
    worst = {n: max(c.average for c in by_player[n].values()) for n in shown}
    rows = []
    for number, contract in sorted({c.row for c in contracts}):
        cells: list[ContractCell | None] = []
        for n in shown:
            found = by_player[n].get((number, contract))
            cells.append(None if found is None else ContractCell(found.average, found.average == worst[n]))
        rows.append(ContractRow(number, contract, cells))
    return ContractGrid(shown, rows, [(n, sum(c.zero for c in by_player[n].values())) for n in shown])


@dataclass(frozen=True)
class StatsPage:
    stats: dict  # the API's body for the page's players (services/stats.py, table_stats)
    paging: Paging  # (not stats.Paging: inside this class, ``stats`` is the field)
    opponents_folded: bool  # some players met more opponents than are shown here
    winners: list[dict]  # the leaders by wins, for the wins chart
    ratings: list[ratings_svc.PlayerRating]  # the leaders
    rated: int  # players with a rating
    streaks: list[Streak]  # the leaders
    records: list[Record]
    contracts: ContractGrid | None
    opponents: int = OPPONENTS


def _fold_opponents(entries: list[dict], keep: int) -> tuple[list[dict], bool]:
    """Each player's ``keep`` opponents met most often (in the entries' order)."""
    by_player: dict[str, list[dict]] = {}
    for e in entries:
        by_player.setdefault(e["player"], []).append(e)
    kept: set[int] = set()
    for rows in by_player.values():
        kept.update(id(e) for e in sorted(rows, key=lambda e: -e["games"])[:keep])
    return [e for e in entries if id(e) in kept], len(kept) < len(entries)


def stats_page(table: Table, variant: str | None, period: stats.Period, page: int = 1) -> StatsPage:
    data, paging = stats.table_stats_page(table, variant, period, page, PER_PAGE)
    data["head_to_head"], folded = _fold_opponents(data["head_to_head"], OPPONENTS)
    ids = [p["id"] for p in data["players"]]
    winners = stats.player_rows(table, variant, period, stats.most_wins(table, variant, period, LEADERS))
    contracts = None
    if variant:
        contracts = contract_grid(stats.rounds_by_contract(table, variant, period, player_ids=ids),
                                  [p["name"] for p in data["players"]])
    return StatsPage(
        stats=data, paging=paging, opponents_folded=folded, winners=winners,
        ratings=ratings_svc.table_ratings(table, variant, LEADERS) if variant else [],
        rated=ratings_svc.rated_players(table, variant) if variant else 0,
        streaks=stats.streaks(table, variant, period, LEADERS),
        records=stats.records(table, variant, period),
        contracts=contracts,
    )
