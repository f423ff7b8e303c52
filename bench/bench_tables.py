"""Benchmark: a table's pages and statistics with many games, on SQLite or PostgreSQL, in process.

Seeds finished games spread over many tables (by default PostgreSQL 100,000 games over 200 tables,
SQLite 10,000), one table holding 5% of them (5,000 of 100,000) and one holding 10; every game
has its seats and its per-player results (7 rounds of realistic penalty scores), written straight
into the tables, as the app writes them (tests/support/big_table.py, ``FinishedGames``). The rounds, hands and per-round results are written for
the two measured tables only (the one page that reads per-round results, a player's rounds by
contract, reads only its own table's): seeding 2.8 million hands would take most of an hour on a
shared machine. Then measures, per request, the
wall-clock median, p95 and max of, for the big table:
- the table page (roster, newest 50 games with winners and totals, filters),
- the history filtered by a player,
- a player page (all games) and a player page for one variant (with the rating replayed game by
  game and the rounds by contract),
- ``GET /api/v1/tables/<tid>/stats`` and ``?variant=joybells``,
and the SQL statements each runs, for the big table and for the 10-game table (the same number).
Writes the "Tables" section of docs/performance.md (replacing the old one), unless --no-write.

Run from the repository root:

    .venv/bin/python bench/bench_tables.py --db postgresql            # 100,000 games
    .venv/bin/python bench/bench_tables.py --db sqlite                # 10,000 games
    .venv/bin/python bench/bench_tables.py --db sqlite --games 2000 --reps 20 --no-write
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from datetime import datetime, timedelta

from benchkit import analyze, bench_app, count_statements, write_section  # puts the repository and tests/ on sys.path

from scorekeeper.db import db  # noqa: E402
from scorekeeper.models import TablePlayer  # noqa: E402
from support import big_table  # noqa: E402

HEADING = "## Tables"
INTRO = ("A table's pages and statistics with many games (`bench/bench_tables.py`): statistics come from aggregate "
         "queries over `game_results`, refreshed in the same transaction as every change to a game, so the number of "
         "SQL statements does not grow with the table.")
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def seed(games: int, tables: int, rng: random.Random) -> tuple[str, str, int]:
    """Write the games (tests/support/big_table.py, ``FinishedGames``); returns (big table id,
    small table id, a player id of the big table)."""
    big_share = max(10, games // 20)
    sizes = [big_share, 10] + [0] * (tables - 2)
    for i in range(games - big_share - 10):
        sizes[2 + i % (tables - 2)] += 1
    rows = big_table.FinishedGames(rng)
    ids = [rows.table(f"Table {t}") for t in range(tables)]
    rosters = [rows.roster(tid, NAMES) for tid in ids]
    start = datetime(2026, 11, 1) - timedelta(days=3 * 365)
    gnum = 0
    for t, size in enumerate(sizes):
        for k in range(size):
            gnum += 1
            played = start + timedelta(minutes=int(3 * 365 * 24 * 60 * k / max(size, 1)))
            # rounds and hands only where a measured page reads them (see the docstring)
            rows.game(ids[t], f"bench-{gnum:09d}", ("joybells", "Joybells"), played,
                      rng.sample(rosters[t], rng.randint(3, 5)), rounds=t < 2)
    rows.flush()
    return ids[0], ids[1], rosters[0][0][2]


def timed(client, path, reps) -> list[float]:
    client.get(path)  # warm
    out = []
    for _ in range(reps):
        t0 = time.perf_counter()
        r = client.get(path)
        out.append((time.perf_counter() - t0) * 1000)
        assert r.status_code == 200
    return out


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, int(round(0.95 * len(values))) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--games", type=int, default=None, help="default: 100,000 on PostgreSQL, 10,000 on SQLite")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--reps", type=int, default=100)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    games = args.games or (100_000 if args.db == "postgresql" else 10_000)
    rng = random.Random(13)
    with bench_app(args.db) as app:
        t0 = time.perf_counter()
        with app.app_context():
            big, small, player = seed(games, args.tables, rng)
            analyze(args.db)
        seeded = time.perf_counter() - t0
        client = app.test_client()
        with app.app_context():
            small_player = db.session.execute(db.select(TablePlayer.id).where(TablePlayer.table_id == small)
                                              .order_by(TablePlayer.id)).scalar()
        cases = [
            ("table page", "/tables/{t}"),
            ("history filtered by a player", "/tables/{t}?player={p}"),
            ("player page", "/tables/{t}/players/{p}"),
            ("player page, one variant (rating, rounds by contract)", "/tables/{t}/players/{p}?variant=joybells"),
            ("statistics API", "/api/v1/tables/{t}/stats"),
            ("statistics API, one variant", "/api/v1/tables/{t}/stats?variant=joybells"),
        ]
        rows = []
        for label, pattern in cases:
            big_path = pattern.format(t=big, p=player)
            small_path = pattern.format(t=small, p=small_player)
            times = timed(client, big_path, args.reps)
            rows.append((label, statistics.median(times), p95(times), max(times),
                         count_statements(app, client, big_path, warm=True),
                         count_statements(app, client, small_path, warm=True)))
            print(f"{label}: median {rows[-1][1]:.1f} ms, p95 {rows[-1][2]:.1f} ms, max {rows[-1][3]:.1f} ms, "
                  f"statements {rows[-1][4]} (10-game table: {rows[-1][5]})", flush=True)
    big_games = max(10, games // 20)
    report = [
        f"### {'PostgreSQL' if args.db == 'postgresql' else 'SQLite'}: {games:,} games over {args.tables} tables",
        "",
        f"Measured {datetime.now():%Y-%m-%d} by `bench/bench_tables.py --db {args.db}"
        + (f" --games {args.games}" if args.games else "") + f"` ({platform.python_implementation()} "
        f"{platform.python_version()}, {os.cpu_count()} CPUs shared with other work, load average "
        f"{os.getloadavg()[0]:.1f} at the end; seeding took {seeded:.0f} s). "
        f"The big table holds {big_games:,} games; {args.reps} requests per case, in process (no network).",
        "",
        "| request (the big table) | median ms | p95 ms | max ms | SQL statements | on a 10-game table |",
        "|---|---:|---:|---:|---:|---:|",
        *[f"| {label} | {med:.1f} | {p:.1f} | {mx:.1f} | {n} | {n_small} |" for label, med, p, mx, n, n_small in rows],
        "",
    ]
    print("\n".join(report))
    if not args.no_write:
        label = "### PostgreSQL" if args.db == "postgresql" else "### SQLite"
        write_section(HEADING, INTRO, label, "\n".join(report))


if __name__ == "__main__":
    main()
