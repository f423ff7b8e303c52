"""Benchmark: a table's year, as JSON and as the printed yearbook, on SQLite or PostgreSQL, in process.

Seeds two tables of finished Joybells games (8 players on the roster, 3 to 6 at each game, 7
rounds with their per-round results), one with 100 games in 2026 and one with 1,000 (and, for
each, as many again in 2025, so that the year's queries have other years to leave out), written
straight into the tables as the app writes them. Then measures for each table:
- ``GET /api/v1/tables/<tid>/years/2026`` (median of --reps),
- the PDF rendered anew (the kept booklets dropped before each of 3 runs; the render's own time,
  so the rate limit is off),
- the PDF again, answered from what was kept,
and the SQL statements of the JSON and of a PDF render (the same for 100 and for 1,000 games).

With --club, a club's table instead: 300 players (names of up to 40 characters), 1,000 games in the
year of three variants, 4 to 6 players each; measured: the PDF through the app's own path (the
year's figures, then WeasyPrint in a process of its own), its pages, and the memory one render
takes: the peak resident size of a process forked to make exactly one booklet (Python, the app
and WeasyPrint included), and how much the web worker's own peak grew.
Writes the "Yearbook" section of docs/performance.md (replacing that backend's part), unless --no-write.

    .venv/bin/python bench/bench_yearbook.py --db sqlite
    .venv/bin/python bench/bench_yearbook.py --db postgresql
    .venv/bin/python bench/bench_yearbook.py --club --db sqlite
"""
from __future__ import annotations

import argparse
import io
import os
import platform
import random
import resource
import statistics
import time
from datetime import datetime, timedelta

from benchkit import analyze, bench_app, count_statements, write_section  # puts the repository on sys.path

import pypdf  # noqa: E402
from sqlalchemy import delete, insert  # noqa: E402

from scorekeeper.db import db  # noqa: E402
from scorekeeper.models import (Game, GameResult, Player, Round, RoundResult, ScoresheetPdf, Seat, Table,  # noqa: E402
                                TablePlayer)
from scorekeeper.scoresheets.sheets import PageSetup  # noqa: E402
from scorekeeper.services import tables as tables_svc  # noqa: E402
from scorekeeper.services import yearbook as yearbook_svc  # noqa: E402
from scorekeeper.web.tables import yearbook as booklet  # noqa: E402

HEADING = "## Yearbook"
INTRO = "Measured by `bench/bench_yearbook.py` (in process, one request at a time)."
NAMES = ["Annabelle-Marguerite de la Fontaine", "Bartholomew Fitzgerald", "Cyprien Beaumarchais", "Dorothea Vanderbilt",
         "Ezekiel Abernathy", "Françoise Delacroix", "Gwendolyn Pemberton", "Hieronymus Grünewald"]
ROUNDS = 7


def add_game(rows: dict, rng: random.Random, tid: str, gid: str, variant: tuple[str, str], played: datetime,
             seated: list[tuple[str, int, int]], round_id: int) -> int:
    """The rows of one finished game of ``ROUNDS`` rounds (``seated``: each seat's name, player id and
    roster id), added to ``rows``; the last round id used."""
    vid, vname = variant
    seats = range(len(seated))
    totals = {s: 0 for s in seats}
    went = {s: 0 for s in seats}
    zeros = {s: 0 for s in seats}
    for number in range(1, ROUNDS + 1):
        round_id += 1
        out = rng.choice(seats)
        at = played + timedelta(minutes=10 * number)
        rows[Round].append({"id": round_id, "game_id": gid, "number": number, "dealer_seat": 0,
                            "went_out": seated[out][0], "end": "went_out", "submission": {}, "created_at": at,
                            "updated_at": at})
        went[out] += 1
        for s in seats:
            pts = 0 if s == out else rng.choice([5, 10, 15, 20, 25, 30, 45, 60, 85])
            totals[s] += pts
            zeros[s] += pts == 0
            rows[RoundResult].append({"game_id": gid, "table_id": tid, "table_player_id": seated[s][2],
                                      "variant": vid, "status": "complete", "played_at": played,
                                      "number": number, "points": pts})
    best = min(totals.values())
    last = played + timedelta(minutes=10 * ROUNDS)
    rows[Game].append({"id": gid, "variant": vid, "variant_name": vname, "rules_toml": None,
                       "rules_snapshot": {"id": vid}, "house_rules": {}, "first_dealer_seat": 0,
                       "status": "complete", "edit_token_hash": "0" * 64, "created_at": played,
                       "updated_at": last, "completed_at": last, "version": 1, "table_id": tid})
    for s, (name, player_id, roster_id) in enumerate(seated):
        rows[Seat].append({"game_id": gid, "seat": s, "player_id": player_id, "name": name,
                           "name_key": name.casefold(), "table_player_id": roster_id})
        rows[GameResult].append({
            "game_id": gid, "table_id": tid, "table_player_id": roster_id, "variant": vid,
            "status": "complete", "played_at": played, "lowest_wins": True, "seat": s,
            "withdrawn": False, "rounds_played": ROUNDS, "went_out": went[s], "round_points": totals[s],
            "zero_rounds": zeros[s], "total": totals[s], "winner": totals[s] == best})
    return round_id


def insert_rows(rows: dict) -> None:
    for model in (Game, Seat, Round, GameResult, RoundResult):
        for i in range(0, len(rows[model]), 2000):
            db.session.execute(insert(model), rows[model][i:i + 2000])
    db.session.commit()


def seed(sizes: dict[str, int], rng: random.Random) -> None:
    now = datetime(2026, 11, 1)
    db.session.execute(insert(Player), [{"id": i, "name": n, "name_key": n.casefold(), "created_at": now,
                                         "last_played_at": now} for i, n in enumerate(NAMES, start=1)])
    pid = 0
    gnum = round_id = 0
    for tid, size in sizes.items():
        db.session.execute(insert(Table), [{"id": tid, "name": f"The {size}-game club", "edit_token_hash": "0" * 64,
                                            "created_at": now}])
        roster = []
        for name in NAMES:
            pid += 1
            roster.append(pid)
            db.session.execute(insert(TablePlayer), [{"id": pid, "table_id": tid, "name": name,
                                                      "name_key": name.casefold(), "created_at": now}])
        rows = {m: [] for m in (Game, Seat, Round, GameResult, RoundResult)}
        for year in (2025, 2026):
            start = datetime(year, 1, 1, 19)
            for k in range(size):
                gnum += 1
                gid = f"bench-{gnum:09d}"
                played = start + timedelta(minutes=int(364 * 24 * 60 * k / size))
                seats = rng.sample(range(len(NAMES)), rng.randint(3, 6))
                round_id = add_game(rows, rng, tid, gid, ("joybells", "Joybells"), played,
                                    [(NAMES[s], s + 1, roster[s]) for s in seats], round_id)
        insert_rows(rows)


def drop_kept(app) -> None:
    with app.app_context():
        db.session.execute(delete(ScoresheetPdf))
        db.session.commit()


def measure(app, client, tid: str, reps: int) -> dict:
    api = f"/api/v1/tables/{tid}/years/2026"
    pdf = f"/tables/{tid}/years/2026.pdf"
    client.get(api)  # warm: the rating replay is kept per process
    out = {"api_statements": count_statements(app, client, api)}
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        assert client.get(api).status_code == 200
        times.append(time.perf_counter() - t0)
    out["api"] = statistics.median(times)
    renders, cpu = [], []
    for _ in range(3):
        drop_kept(app)
        t0, c0 = time.perf_counter(), time.process_time()
        r = client.get(pdf)
        renders.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        assert r.status_code == 200 and r.mimetype == "application/pdf"
    out["pdf_cpu"] = statistics.median(cpu)
    out["pdf"], out["pdf_max"], out["pages"] = statistics.median(renders), max(renders), len(pypdf.PdfReader(io.BytesIO(r.data)).pages)
    drop_kept(app)
    out["pdf_statements"] = count_statements(app, client, pdf)
    t0 = time.perf_counter()
    for _ in range(reps):
        assert client.get(pdf).status_code == 200
    out["kept"] = (time.perf_counter() - t0) / reps
    return out


CLUB_PLAYERS, CLUB_GAMES = 300, 1000
CLUB_VARIANTS = (("joybells", "Joybells"), ("continental", "Continental"), ("clenney", "Clenney May I"))


def club_names() -> list[str]:
    return [f"{NAMES[i % len(NAMES)]} {i:03d}"[:40] for i in range(CLUB_PLAYERS)]


def seed_club(tid: str, rng: random.Random) -> None:
    """A club: 300 players, 1,000 finished games in 2026 (three variants, 4 to 6 players, 7
    rounds each), written straight into the tables as the app writes them."""
    now = datetime(2026, 11, 1)
    names = club_names()
    db.session.execute(insert(Table), [{"id": tid, "name": "The Grand Old Card Club of Saint-Rémy-de-Provence",
                                        "edit_token_hash": "0" * 64, "created_at": now}])
    first = 100000
    db.session.execute(insert(Player), [{"id": first + i, "name": n, "name_key": n.casefold(), "created_at": now,
                                         "last_played_at": now} for i, n in enumerate(names)])
    db.session.execute(insert(TablePlayer), [{"id": first + i, "table_id": tid, "name": n, "name_key": n.casefold(),
                                              "created_at": now} for i, n in enumerate(names)])
    rows = {m: [] for m in (Game, Seat, Round, GameResult, RoundResult)}
    round_id = 10 ** 7
    start = datetime(2026, 1, 1, 19)
    for k in range(CLUB_GAMES):
        played = start + timedelta(minutes=int(364 * 24 * 60 * k / CLUB_GAMES))
        seats = rng.sample(range(CLUB_PLAYERS), rng.randint(4, 6))
        round_id = add_game(rows, rng, tid, f"club-{k:09d}", CLUB_VARIANTS[k % len(CLUB_VARIANTS)], played,
                            [(names[s], first + s, first + s) for s in seats], round_id)
    insert_rows(rows)


def one_render(app, tid: str, language: str) -> tuple[float, float]:
    """(MiB, CPU seconds): the peak resident size and the CPU time of a process forked to make one
    booklet in itself (its figures and WeasyPrint's render), as the render's process of a server is.
    The CPU time is the render's cost whatever else the machine runs."""
    pid = os.fork()
    if pid == 0:  # the child: one booklet, then out
        code = 1
        try:
            with app.test_request_context(headers={"Accept-Language": language}):
                table = tables_svc.get_table(tid)
                booklet.render_pdf(yearbook_svc.yearbook(table, 2026), PageSetup("a4", "portrait"))
                code = 0
        finally:
            os._exit(code)
    _pid, status, usage = os.wait4(pid, 0)
    assert status == 0, status
    return usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def measure_club(app, client, tid: str, reps: int) -> dict:
    """The club's booklet through the app's path, English and French, rendered anew each time."""
    url = f"/tables/{tid}/years/2026.pdf"
    app.config["PDF_RENDER_TIMEOUT"] = 600  # measured, not cut (the server's 20 s is for a loaded machine)
    out = {"wall": [], "pages": {}, "peak": {}, "cpu": {}}
    worker_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    for language in ("en", "fr"):
        for _ in range(reps):
            drop_kept(app)
            t0 = time.perf_counter()
            r = client.get(url, headers={"Accept-Language": language})
            out["wall"].append(time.perf_counter() - t0)
            assert r.status_code == 200 and r.mimetype == "application/pdf", r.status_code
        out["pages"][language] = len(pypdf.PdfReader(io.BytesIO(r.data)).pages)
        out["peak"][language], out["cpu"][language] = one_render(app, tid, language)
    out["worker_growth"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 - worker_before
    return out


def club_report(name: str, r: dict) -> str:
    wall = sorted(r["wall"])
    return "\n".join([
        f"### {name}, a club: {CLUB_PLAYERS} players, {CLUB_GAMES:,} games in the year", "",
        f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}; "
        f"{datetime.now():%Y-%m-%d %H:%M}, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores.", "",
        "| booklet rendered anew through the app (English and French) | pages | one render alone: CPU "
        "| one render alone: peak memory | the web worker's peak grew by |",
        "|---|---|---|---|---|",
        f"| median {statistics.median(wall):.1f} s, slowest {wall[-1]:.1f} s ({len(wall)} renders) | "
        f"{r['pages']['en']} (English), {r['pages']['fr']} (French) | "
        f"{r['cpu']['en']:.1f} s (English), {r['cpu']['fr']:.1f} s (French) | "
        f"{r['peak']['en']:.0f} MiB (English), {r['peak']['fr']:.0f} MiB (French) | {r['worker_growth']:.0f} MiB |"])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--club", action="store_true", help="the club's booklet (300 players, 1,000 games)")
    args = parser.parse_args()
    rng = random.Random(26)
    name = "PostgreSQL" if args.db == "postgresql" else "SQLite"
    if args.club:
        with bench_app(args.db) as app:
            with app.app_context():
                seed_club("bench-club-1000", rng)
                analyze(args.db)
            result = measure_club(app, app.test_client(), "bench-club-1000", max(1, min(args.reps, 3)))
        report = club_report(name, result)
        print(report)
        if not args.no_write:
            write_section(HEADING, INTRO, f"### {name}, a club", report)
        return
    sizes = {"bench-year-100": 100, "bench-year-1000": 1000}
    with bench_app(args.db) as app:
        with app.app_context():
            seed(sizes, rng)
            analyze(args.db)
        client = app.test_client()
        results = {size: measure(app, client, tid, args.reps) for tid, size in sizes.items()}
    lines = [f"### {name}", "",
             f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}; "
             f"{datetime.now():%Y-%m-%d %H:%M}, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores. "
             "Each table also has as many games in 2025.", "",
             "| games in the year | JSON (median) | PDF rendered: wall clock (median of 3, max) | PDF rendered: CPU "
             "(median) | pages | PDF kept | statements: JSON | statements: PDF render |",
             "|---|---|---|---|---|---|---|---|"]
    for size, r in results.items():
        lines.append(f"| {size:,} | {r['api'] * 1000:.0f} ms | {r['pdf']:.2f} s ({r['pdf_max']:.2f} s) | {r['pdf_cpu']:.2f} s | {r['pages']} | "
                     f"{r['kept'] * 1000:.1f} ms | {r['api_statements']} | {r['pdf_statements']} |")
    print("\n".join(lines))
    if not args.no_write:
        write_section(HEADING, INTRO, f"### {name}", "\n".join(lines))


if __name__ == "__main__":
    main()
