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
import re
import statistics
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from sqlalchemy import event  # noqa: E402

from support import big_table  # noqa: E402
from scorekeeper import create_app  # noqa: E402
from scorekeeper.db import db  # noqa: E402

DOC = ROOT / "docs" / "performance.md"
HEADING = "## Large tables"
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
    r = client.get(path)  # warm (templates compiled, a rating replay kept)
    r.get_data()
    r.close()
    assert r.status_code == 200, (path, r.status_code)
    with app.app_context():
        engine = db.engine
    seen = []
    listener = lambda *args: seen.append(1)  # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    try:
        r = client.get(path)
        size = len(r.get_data())
        r.close()
    finally:
        event.remove(engine, "before_cursor_execute", listener)
    times, cpu = [], []
    for _ in range(reps):
        t0, c0 = time.perf_counter(), time.process_time()
        r = client.get(path)
        r.get_data()  # (a streamed answer is timed to its last byte)
        r.close()
        assert r.status_code == 200
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return statistics.median(times), max(times), statistics.median(cpu), size, len(seen)


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
    cluster = None
    with tempfile.TemporaryDirectory() as tmp:
        if args.db == "postgresql":
            from support import pgcluster

            cluster = pgcluster.Cluster().start()
            url = cluster.url(cluster.create_database())
        else:
            url = f"sqlite:///{tmp}/bench.db"
        try:
            app = create_app({"TESTING": True, "SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": url,
                              "RATELIMIT_ENABLED": False})
            t0 = time.perf_counter()
            with app.app_context():
                table = big_table.seed(args.players, args.games, fast=True, progress=lambda n: n % 100 or print(
                    f"  {n} games made", flush=True)).id
                if args.db == "postgresql":
                    with db.engine.connect() as conn:
                        conn.exec_driver_sql("ANALYZE")
                        conn.commit()
            seeded = time.perf_counter() - t0
            rows = []
            for label, pattern in CASES:
                med, mx, cpu, size, n = measure(app, pattern.format(t=table), args.reps)
                rows.append((label, med, mx, cpu, size, n))
                print(f"{label}: median {med:.0f} ms, max {mx:.0f} ms, CPU {cpu:.0f} ms, {size:,} bytes, "
                      f"{n} statements", flush=True)
            exported, peak = export_peak(app, table)
            print(f"export.json streamed: {exported:,} bytes, peak memory {peak:,} bytes", flush=True)
            with app.app_context():
                for engine in app.extensions["sqlalchemy"].engines.values():
                    engine.dispose()
        finally:
            if cluster is not None:
                cluster.stop()
    name = "PostgreSQL" if args.db == "postgresql" else "SQLite"
    report = "\n".join([
        f"### {name}: {args.players:,} players, {args.games:,} games",
        "",
        f"Measured {datetime.now():%Y-%m-%d} by `bench/bench_table_scale.py --db {args.db} --players {args.players} "
        f"--games {args.games} --reps {args.reps}` ({platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} CPUs shared with other work, load average {os.getloadavg()[0]:.1f} at the end; making "
        f"the table through the services took {seeded:.0f} s). In process, no network. On a machine this "
        "loaded the wall-clock times are several times what the request costs; the CPU time is the app's "
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
        write_section(report, f"### {name}: {args.players:,} players")


def write_section(report: str, label: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    intro = (f"{HEADING}\n\nA table with a long roster (`bench/bench_table_scale.py`): its pages show a page or "
             "the leaders of its players (services/stats_page.py, services/roster_pages.py), the statistics API "
             "pages its players, the export reads its games in batches; none of them sends or reads the roster "
             "whole, and their SQL statements are the same as for a family's table.\n\n")
    if HEADING not in text:
        text = text.rstrip("\n") + "\n\n" + intro
    start = text.index(HEADING)
    end = text.find("\n## ", start + len(HEADING))
    section = text[start:] if end == -1 else text[start:end + 1]
    parts = re.split(r"(?m)^(?=### )", section)
    kept = [p for p in parts[1:] if not p.startswith(label)]
    new_section = intro + "".join(sorted(kept + [report.rstrip("\n") + "\n\n"]))
    text = text[:start] + new_section + ("" if end == -1 else text[end + 1:])
    DOC.write_text(text.rstrip("\n") + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
