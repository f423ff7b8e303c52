"""Benchmark: a table with a long roster (anyone can make one), on SQLite or PostgreSQL, in process.

Makes one table through the app's own services (tests/support/big_table.py: every game started by the
table's service and played to the end as ``record_round`` stores rounds, one transaction a game), by default 300 players and 150 games of Continental, then measures for
each page and answer of the table: the wall-clock median and max over ``--reps`` requests, the
size of the answer and its SQL statements. Writes the section "Large tables" of
docs/performance.md (replacing this database's and size's part), unless --no-write.

    .venv/bin/python bench/bench_table_scale.py --db sqlite                       # 300 players, 150 games
    .venv/bin/python bench/bench_table_scale.py --db postgresql
    .venv/bin/python bench/bench_table_scale.py --db sqlite --players 5011 --games 1252 --reps 3
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from datetime import datetime

from benchkit import analyze, bench_app, count_statements, write_section  # puts tests/ on sys.path

from support import big_table  # noqa: E402

HEADING = "## Large tables"
INTRO = ("A table with a long roster (`bench/bench_table_scale.py`): its pages show a page or the leaders of its "
         "players (services/stats_page.py, services/roster_pages.py), the statistics API pages its players, the export "
         "reads its games in batches; none of them sends or reads the roster whole, and their SQL statements are the "
         "same as for a family's table.")
CASES = [
    ("statistics page, one variant", "/tables/{t}/stats?variant=continental"),
    ("statistics page, last page of players", "/tables/{t}/stats?variant=continental&page=999"),
    ("statistics page, all games", "/tables/{t}/stats"),
    ("table page", "/tables/{t}"),
    ("roster page", "/tables/{t}/players"),
    ("statistics API, one variant (first page)", "/api/v1/tables/{t}/stats?variant=continental"),
    ("table API", "/api/v1/tables/{t}"),
    ("export.json", "/api/v1/tables/{t}/export.json"),
]


def measure(app, path: str, reps: int) -> tuple[float, float, int, int]:
    client = app.test_client()
    statements = count_statements(app, client, path, warm=True)  # warm: templates compiled, a rating replay kept
    r = client.get(path)
    size = len(r.get_data())
    r.close()
    times, cpu = [], []
    for _ in range(reps):
        t0, c0 = time.perf_counter(), time.process_time()
        r = client.get(path)
        r.get_data()  # (a streamed answer is timed to its last byte)
        r.close()
        assert r.status_code == 200
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return statistics.median(times), max(times), statistics.median(cpu), size, statements


def export_peak(app, table: str) -> tuple[int, int]:
    """(bytes of the export, the most memory Python held at once while it was sent): the answer is
    taken a chunk at a time, as a client reads it, and each chunk dropped."""
    import tracemalloc

    client = app.test_client()
    tracemalloc.start()
    try:
        response = client.get(f"/api/v1/tables/{table}/export.json", buffered=False)
        size = sum(len(chunk) for chunk in response.response)
        response.close()
        return size, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    with bench_app(args.db) as app:
        t0 = time.perf_counter()
        with app.app_context():
            table = big_table.seed(args.players, args.games, fast=True, progress=lambda n: n % 100 or print(
                f"  {n} games made", flush=True)).id
            analyze(args.db)
        seeded = time.perf_counter() - t0
        rows = []
        for label, pattern in CASES:
            med, mx, cpu, size, n = measure(app, pattern.format(t=table), args.reps)
            rows.append((label, med, mx, cpu, size, n))
            print(f"{label}: median {med:.0f} ms, max {mx:.0f} ms, CPU {cpu:.0f} ms, {size:,} bytes, "
                  f"{n} statements", flush=True)
        exported, peak = export_peak(app, table)
        print(f"export.json streamed: {exported:,} bytes, peak memory {peak:,} bytes", flush=True)
    name = "PostgreSQL" if args.db == "postgresql" else "SQLite"
    report = "\n".join([
        f"### {name}: {args.players:,} players, {args.games:,} games",
        "",
        f"Measured {datetime.now():%Y-%m-%d} by `bench/bench_table_scale.py --db {args.db} --players {args.players} "
        f"--games {args.games} --reps {args.reps}` ({platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} CPUs shared with other work, load average {os.getloadavg()[0]:.1f} at the end; making "
        f"the table through the services took {seeded:.0f} s). In process, no network. On a loaded machine "
        "the wall-clock times are several times what the request costs; the CPU time is the app's "
        "process only (with SQLite that includes the database's work, with PostgreSQL it does not).",
        "",
        "| request | median ms | max ms | median CPU ms | bytes | SQL statements |",
        "|---|---:|---:|---:|---:|---:|",
        *[f"| {label} | {med:.0f} | {mx:.0f} | {cpu:.0f} | {size:,} | {n} |" for label, med, mx, cpu, size, n in rows],
        "",
        f"export.json is streamed: sending its {exported:,} bytes took at most {peak / 2**20:.1f} MiB of Python "
        "memory at once (tracemalloc's peak, the chunks read and dropped as a client reads them).",
        "",
    ])
    print(report)
    if not args.no_write:
        write_section(HEADING, INTRO, f"### {name}: {args.players:,} players", report)


if __name__ == "__main__":
    main()
