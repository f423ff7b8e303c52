"""Benchmark: a table's year, as JSON and as the printed yearbook, on SQLite or PostgreSQL, in process.

Seeds two tables of finished Joybells games (8 players on the roster, 3 to 6 at each game, 7
rounds with their hands and per-round results), one with 100 games in 2026 and one with 1,000
(and, for each, as many again in 2025, so that the year's queries have other years to leave out),
written straight into the tables as the app writes them (tests/support/big_table.py,
``FinishedGames``). Then measures for each table:
- ``GET /api/v1/tables/<tid>/years/2026`` (median of --reps),
- the PDF rendered anew (the kept booklets dropped before each of 3 runs; the render's own time,
  so the rate limit is off), and the CPU time of a render (3 more, each in a process forked to make
  exactly one booklet),
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

from benchkit import analyze, bench_app, count_statements, write_section  # puts the repository and tests/ on sys.path

import pypdf  # noqa: E402
from sqlalchemy import delete  # noqa: E402

from scorekeeper.db import db  # noqa: E402
from scorekeeper.models import ScoresheetPdf  # noqa: E402
from scorekeeper.scoresheets.sheets import PageSetup  # noqa: E402
from scorekeeper.services import tables as tables_svc  # noqa: E402
from scorekeeper.services import yearbook as yearbook_svc  # noqa: E402
from scorekeeper.web.tables import yearbook as booklet  # noqa: E402
from support import big_table  # noqa: E402

HEADING = "## Yearbook"
TOKEN = "bench-keeper-token"
INTRO = "Measured by `bench/bench_yearbook.py` (in process, one request at a time)."
NAMES = ["Annabelle-Marguerite de la Fontaine", "Bartholomew Fitzgerald", "Cyprien Beaumarchais", "Dorothea Vanderbilt",
         "Ezekiel Abernathy", "Françoise Delacroix", "Gwendolyn Pemberton", "Hieronymus Grünewald"]


def seed(sizes: dict[str, int], rng: random.Random) -> None:
    """Each table (id: games in the year): the 8 players, that many Joybells games in 2026 and as
    many in 2025, 3 to 6 players each."""
    rows = big_table.FinishedGames(rng)
    gnum = 0
    for tid, size in sizes.items():
        rows.table(f"The {size}-game club", tid, edit_token=TOKEN)
        roster = rows.roster(tid, NAMES)
        for year in (2025, 2026):
            start = datetime(year, 1, 1, 19)
            for k in range(size):
                gnum += 1
                played = start + timedelta(minutes=int(364 * 24 * 60 * k / size))
                rows.game(tid, f"bench-{gnum:09d}", ("joybells", "Joybells"), played,
                          rng.sample(roster, rng.randint(3, 6)))
    rows.flush()


def drop_kept(app) -> None:
    with app.app_context():
        db.session.execute(delete(ScoresheetPdf))
        db.session.commit()


def measure(app, client, tid: str, reps: int) -> dict:
    api = f"/api/v1/tables/{tid}/years/2026"
    pdf = f"/tables/{tid}/years/2026.pdf"
    keeper = {"Authorization": f"Bearer {TOKEN}"}  # a year of more than 200 games is the keeper's to read
    client.get(api, headers=keeper)  # warm: the rating replay is kept per process
    out = {"api_statements": count_statements(app, client, api, headers=keeper)}
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        assert client.get(api, headers=keeper).status_code == 200
        times.append(time.perf_counter() - t0)
    out["api"] = statistics.median(times)
    renders = []
    for _ in range(3):
        drop_kept(app)
        t0 = time.perf_counter()
        r = client.get(pdf)
        renders.append(time.perf_counter() - t0)
        assert r.status_code == 200 and r.mimetype == "application/pdf"
    # WeasyPrint runs in a process of its own (scoresheets/render.py), so this process's CPU time
    # leaves it out: the CPU of a render is that of a process forked to make exactly one booklet.
    out["pdf_cpu"] = statistics.median(one_render(app, tid, "en")[1] for _ in range(3))
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
    rounds each)."""
    rows = big_table.FinishedGames(rng)
    rows.table("The Grand Old Card Club of Saint-Rémy-de-Provence", tid)
    roster = rows.roster(tid, club_names())
    start = datetime(2026, 1, 1, 19)
    for k in range(CLUB_GAMES):
        played = start + timedelta(minutes=int(364 * 24 * 60 * k / CLUB_GAMES))
        rows.game(tid, f"club-{k:09d}", CLUB_VARIANTS[k % len(CLUB_VARIANTS)], played,
                  rng.sample(roster, rng.randint(4, 6)))
    rows.flush()


def one_render(app, tid: str, language: str) -> tuple[float, float, float, int]:
    """(MiB, CPU seconds, wall-clock seconds, pages): the peak resident size, the CPU time and the
    time taken of a process forked to make one booklet in itself (its figures and WeasyPrint's
    render), as the render's process of a server is. The CPU time is the render's cost whatever
    else the machine runs."""
    read, write = os.pipe()
    started = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # the child: one booklet, then out
        code = 1
        try:
            with app.test_request_context(headers={"Accept-Language": language}):
                db.engine.dispose(close=False)  # the parent's connections stay the parent's (PostgreSQL)
                table = tables_svc.get_table(tid)
                pdf = booklet.render_pdf(yearbook_svc.yearbook(table, 2026), PageSetup("a4", "portrait"))
                os.write(write, str(len(pypdf.PdfReader(io.BytesIO(pdf)).pages)).encode())
                code = 0
        finally:
            os._exit(code)
    os.close(write)
    _pid, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - started
    pages = int(os.read(read, 32) or 0)
    os.close(read)
    assert status == 0, status
    return usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, wall, pages


def measure_club(app, client, tid: str, reps: int) -> dict:
    """The club's booklet, English and French: once through the app's path (the year's figures,
    then WeasyPrint in a process of its own), for the web worker's memory; then ``reps`` renders
    alone, each in a forked process (time, CPU and peak memory of that process)."""
    url = f"/tables/{tid}/years/2026.pdf"
    app.config["PDF_RENDER_TIMEOUT"] = 600  # measured, not cut (the server's 20 s is for a loaded machine)
    out = {"app_wall": {}, "pages": {}, "peak": {}, "cpu": {}, "wall": {}, "load": []}
    worker_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    for language in ("en", "fr"):
        drop_kept(app)
        t0 = time.perf_counter()
        r = client.get(url, headers={"Accept-Language": language})
        out["app_wall"][language] = time.perf_counter() - t0
        assert r.status_code == 200 and r.mimetype == "application/pdf", r.status_code
        out["pages"][language] = len(pypdf.PdfReader(io.BytesIO(r.data)).pages)
    out["worker_growth"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 - worker_before
    for language in ("en", "fr"):
        runs = []
        for _ in range(reps):
            runs.append(one_render(app, tid, language))
            out["load"].append(os.getloadavg()[0])
            assert runs[-1][3] == out["pages"][language], (runs[-1], out["pages"])
        out["peak"][language], out["cpu"][language], out["wall"][language] = (
            [statistics.median(run[i] for run in runs) for i in range(3)])
    return out


def club_report(name: str, r: dict, reps: int, seeded: float) -> str:
    loads = sorted(r["load"])
    return "\n".join([
        f"### {name}, a club: {CLUB_PLAYERS} players, {CLUB_GAMES:,} games in the year", "",
        f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} cores shared with other work; {datetime.now():%Y-%m-%d %H:%M} UTC, load average "
        f"{loads[0]:.1f} to {loads[-1]:.1f} while rendering. Medians of {reps} renders, each in a process "
        f"forked to make exactly one booklet (its figures and WeasyPrint). Seeding the table took {seeded:.0f} s.",
        "",
        "| language | pages | one render: wall clock | one render: CPU | one render: peak memory "
        "| through the app (one render) | the web worker's peak grew by |",
        "|---|---:|---:|---:|---:|---:|---:|",
        *(f"| {label} | {r['pages'][lang]} | {r['wall'][lang]:.1f} s | {r['cpu'][lang]:.1f} s | "
          f"{r['peak'][lang]:.0f} MiB | {r['app_wall'][lang]:.1f} s | "
          f"{r['worker_growth']:.0f} MiB |" for lang, label in (("en", "English"), ("fr", "French")))])


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
        reps = max(1, min(args.reps, 3))
        with bench_app(args.db) as app:
            t0 = time.perf_counter()
            with app.app_context():
                seed_club("bench-club-1000", rng)
                analyze(args.db)
            seeded = time.perf_counter() - t0
            result = measure_club(app, app.test_client(), "bench-club-1000", reps)
        report = club_report(name, result, reps, seeded)
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
