"""Benchmark: a club's statistics page under 15 clients at once, against gunicorn as README.md
documents it ("Running a club server": 3 gthread workers of 64 threads; tests/support/server.py
starts it), on SQLite or PostgreSQL.

The club is bench/bench_yearbook.py's: 300 players, 1,000 finished games of three variants in the
year (tests/support/big_table.py, ``FinishedGames``). Each run releases 15 clients together, each
on its own keep-alive connection asking ``--requests`` times in a row for the statistics page,
alternately for all games and for one variant (the page with the rating replayed and the rounds
by contract); meanwhile a 16th client asks for a light page (the table's roster page) every 0.2 s,
as a phone at another table would. Reported per run: the p50 and p99 of each (nearest rank), and
the medians of ``--runs`` runs. The server and the clients share the machine's cores.
Writes the "Statistics under load" section of docs/performance.md (that database's part), unless
--no-write.

    .venv/bin/python bench/bench_stats_load.py --db sqlite
    .venv/bin/python bench/bench_stats_load.py --db postgresql
"""
from __future__ import annotations

import argparse
import http.client
import math
import os
import platform
import random
import statistics
import tempfile
import threading
import time
from datetime import datetime
from pathlib import Path

from benchkit import analyze, bench_app, crowd_beside, write_section  # puts the repository and tests/ on sys.path

from bench_yearbook import CLUB_GAMES, CLUB_PLAYERS, seed_club  # noqa: E402
from scorekeeper.db import db  # noqa: E402
from support.server import documented_server  # noqa: E402

HEADING = "## Statistics under load"
INTRO = ("A club's statistics page under 15 clients at once, against gunicorn as README.md documents it "
         "(`bench/bench_stats_load.py`).")
CLIENTS = 15
TABLE = "bench-club-1000"
PAGES = (f"/tables/{TABLE}/stats", f"/tables/{TABLE}/stats?variant=joybells")
LIGHT = f"/tables/{TABLE}/players"
LIGHT_EVERY = 0.2


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(len(ordered) * share) - 1)]


def timed_get(conn: http.client.HTTPConnection, path: str) -> float:
    """Seconds until the whole answer (200) is read."""
    started = time.perf_counter()
    conn.request("GET", path)
    response = conn.getresponse()
    response.read()
    assert response.status == 200, (path, response.status)
    return time.perf_counter() - started


def one_run(port: int, requests: int) -> dict:
    """15 clients released together, and the light page's client beside them until they finish."""
    barrier = threading.Barrier(CLIENTS + 1)
    heavy: list[float] = []
    light: list[float] = []
    failures: list[str] = []
    done = threading.Event()

    def client(k: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
        try:
            barrier.wait()
            for i in range(requests):
                heavy.append(timed_get(conn, PAGES[(k + i) % len(PAGES)]))
        except Exception as err:  # reported after the run
            failures.append(repr(err))
        finally:
            conn.close()

    def prober() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
        try:
            barrier.wait()
            while not done.is_set():
                light.append(timed_get(conn, LIGHT))
                done.wait(LIGHT_EVERY)
        except Exception as err:
            failures.append(repr(err))
        finally:
            conn.close()

    threads = [threading.Thread(target=client, args=(k,)) for k in range(CLIENTS)]
    probe = threading.Thread(target=prober)
    elapsed = crowd_beside(threads, probe, done)
    assert not failures, failures
    return {"p50": percentile(heavy, 0.5), "p99": percentile(heavy, 0.99), "light_p50": percentile(light, 0.5),
            "light_p99": percentile(light, 0.99), "rate": len(heavy) / elapsed, "load": os.getloadavg()[0],
            "count": len(heavy)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--requests", type=int, default=20, help="requests per client and run")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    name = "PostgreSQL" if args.db == "postgresql" else "SQLite"
    with bench_app(args.db) as app, tempfile.TemporaryDirectory() as folder:
        with app.app_context():
            seed_club(TABLE, random.Random(26))
            analyze(args.db)
            url = db.engine.url.render_as_string(hide_password=False)
            db.session.remove()
            db.engine.dispose()
        with documented_server(url, Path(folder)) as port:
            warm = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
            for _ in range(3):  # each worker replays the ratings once, as a server does after its start
                for path in (*PAGES, LIGHT):
                    timed_get(warm, path)
            warm.close()
            before = os.getloadavg()[0]  # the machine's load without this bench's requests
            runs = []
            for k in range(args.runs):
                runs.append(one_run(port, args.requests))
                r = runs[-1]
                print(f"run {k + 1}: statistics p50 {r['p50'] * 1000:.0f} ms, p99 {r['p99'] * 1000:.0f} ms, "
                      f"{r['rate']:.1f} req/s; light page p50 {r['light_p50'] * 1000:.0f} ms, "
                      f"p99 {r['light_p99'] * 1000:.0f} ms; load average {r['load']:.1f}", flush=True)
    report = render(name, args, runs, before)
    print(report)
    if not args.no_write:
        write_section(HEADING, INTRO, f"### {name}", report)


def render(name: str, args, runs: list[dict], before: float) -> str:
    def ms(key: str) -> str:
        return f"{statistics.median(r[key] for r in runs) * 1000:.0f} ({', '.join(f'{r[key] * 1000:.0f}' for r in runs)})"

    loads = sorted(r["load"] for r in runs)
    return "\n".join([
        f"### {name}: {CLUB_PLAYERS} players, {CLUB_GAMES:,} games", "",
        f"Measured {datetime.now():%Y-%m-%d %H:%M} UTC by `bench/bench_stats_load.py --db {args.db}` "
        f"({platform.python_implementation()} {platform.python_version()}, {platform.machine()}, {os.cpu_count()} "
        f"cores shared with other work: load average {before:.1f} before the runs, {loads[0]:.1f} to {loads[-1]:.1f} at "
        "their ends, which counts the bench's own requests in flight). "
        f"{CLIENTS} clients × {args.requests} requests a run, {args.runs} runs; the median of the runs, then each "
        "run's figure in brackets, in ms.", "",
        "| statistics page p50 | statistics page p99 | statistics pages a second | light page p50 | light page p99 |",
        "|---:|---:|---:|---:|---:|",
        f"| {ms('p50')} | {ms('p99')} | {statistics.median(r['rate'] for r in runs):.1f} | {ms('light_p50')} | "
        f"{ms('light_p99')} |"])


if __name__ == "__main__":
    main()
