"""Benchmark: the app served by gunicorn (2 workers), under wrk, next to a bare Flask endpoint.

Seeds a temporary SQLite file (WAL) with a 4-player Clenney game in progress (6 of its 7 rounds
recorded), starts gunicorn (2 sync workers) for the real app and, on another port, for a tiny
Flask app that answers "ok", then runs wrk against, one after the other, in rounds (each round:
the bare endpoint first, then the game URLs):

- the polls as a phone left open on the scoreboard sends them: the read-only scoreboard and
  ``GET /api/v1/games/<id>`` with ``If-None-Match`` of the current version, answered 304;
- full answers, rendered from the database on each request: the game page as the scorekeeping
  phone gets it (the session cookie the game's edit link gives a browser), as a follower's phone
  gets it (its own cookie), the read-only scoreboard and the API without ``If-None-Match``;
- the game's PDF scoresheet downloaded again while the game is unchanged (one connection, as one
  person prints it; the PDF was rendered once before the run and is read from the database).

Before the run each URL is fetched once and checked (status 200, or 304 for the polls; the
editor's page really is the editor's). Reports requests per second (mean of the rounds), the
latency percentiles (p50: median of the rounds, p99: the worst), and each URL's req/s as a share
of the bare endpoint's. Goals: a 304 poll at least 40% of the bare endpoint's req/s; every full
answer p99 under 25 ms and at least 150 req/s; the PDF's second download under 20 ms (p99).
Writes the "Server speed" section of docs/performance.md (replacing the old one). The app runs
with its production settings, rate limiter included.

    .venv/bin/python bench/bench_server.py                 # 10 s per URL and round, 3 rounds
    .venv/bin/python bench/bench_server.py --seconds 3 --rounds 2 --no-write
"""
from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app  # noqa: E402

DOC = ROOT / "docs" / "performance.md"
HEADING = "## Server speed"
PLAYERS = ["Ann", "Bob", "Cy", "Di"]
HAND = ["KD", "4S", "AH", "7C", "10D", "QS"]
ROUNDS = 6  # of Clenney's 7: the game is in progress, so the editor's page has all its actions
BARE = "bare Flask endpoint"
GOAL_POLL_SHARE = 0.40  # a 304 poll, of the bare endpoint's req/s
GOAL_FULL_P99_MS, GOAL_FULL_RPS = 25.0, 150.0  # a full answer rendered from the database
GOAL_PDF_MS = 20.0  # the second download of an unchanged game's PDF (p99)
EDITOR_MARK = b"Suspend the game"  # only the editor's page of a game in progress has this form

CONFIG = {"SECRET_KEY": "bench"}
APP_MODULE = """
from scorekeeper import create_app
app = create_app({{**{config!r}, "SQLALCHEMY_DATABASE_URI": {url!r}}})
"""
BARE_MODULE = """
from flask import Flask
app = Flask(__name__)

@app.get("/")
def bare():
    return "ok"
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def seed(url: str) -> tuple[str, str, str]:
    """The game's id, the session cookie (``name=value``) of the phone that opened its edit link,
    and that of a phone that only follows the game (it has opened the game page once)."""
    app = create_app({**CONFIG, "SQLALCHEMY_DATABASE_URI": url})
    client = app.test_client()
    game = client.post("/api/v1/games", json={"variant": "clenney", "players": PLAYERS}).get_json()
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    for n in range(ROUNDS):
        hands = {p: {"cards": HAND[: 3 + (i + n) % 4]} for i, p in enumerate(PLAYERS) if i != n % 4}
        r = client.post(f"/api/v1/games/{game['id']}/rounds", json={"went_out": PLAYERS[n % 4], "hands": hands},
                        headers=auth)
        assert r.status_code == 201, r.get_json()
    r = client.get(f"/games/{game['id']}/edit?token={game['edit_token']}")
    assert r.status_code == 302, r.status
    # The first look at the game page shows (and so takes out of the session) the message the
    # edit link flashed; the cookie after it is the one the phone sends from then on.
    assert client.get(f"/games/{game['id']}").status_code == 200
    cookie = f"session={client.get_cookie('session').value}"
    follower = app.test_client()
    assert follower.get(f"/games/{game['id']}").status_code == 200
    follower_cookie = f"session={follower.get_cookie('session').value}"
    with app.app_context():
        for engine in app.extensions["sqlalchemy"].engines.values():
            engine.dispose()
    return game["id"], cookie, follower_cookie


def start_gunicorn(folder: Path, module: str, port: int, workers: int, *options: str) -> subprocess.Popen:
    """gunicorn serving ``module:app`` (sync workers unless ``options`` say otherwise), once it answers."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--chdir", str(folder), "--pythonpath", str(ROOT),
         "-w", str(workers), *options, "-b", f"127.0.0.1:{port}", "--log-level", "warning", f"{module}:app"],
        env={**os.environ, "SCOREKEEPER_INSTANCE_PATH": str(folder / "instance")},
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read()
            return proc
        except Exception:
            time.sleep(0.2)
    proc.terminate()
    raise SystemExit(f"gunicorn {module} did not answer on port {port}")


def to_ms(text: str) -> float:
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]


def etag_of(url: str) -> str:
    with urllib.request.urlopen(url, timeout=60) as r:
        r.read()
        return r.headers["ETag"]


def check(url: str, headers: dict, editor: bool | None) -> None:
    """One request before the load: 200 (304 for a poll), and the editor's page only when a cookie
    gives edit rights."""
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=60) as r:
            body = r.read()
            assert r.status == 200 and "If-None-Match" not in headers, (url, r.status)
    except urllib.error.HTTPError as err:
        assert err.code == 304 and "If-None-Match" in headers, (url, err.code)
        return
    if editor is not None:
        assert (EDITOR_MARK in body) == editor, f"{url}: expected the {'editor' if editor else 'viewer'}'s page"


# wrk's Lua hook: each connection waits this long before its next request, so that the connections
# together offer about GOAL_FULL_RPS requests a second (wrk times a request from its sending).
PACED_SCRIPT = "function delay() return tonumber(os.getenv('WRK_DELAY_MS')) end\n"


def run_wrk(url: str, seconds: int, connections: int, headers: dict, paced: Path | None = None) -> dict:
    """One wrk run: flat out, or paced (``paced``: the Lua script) at about GOAL_FULL_RPS."""
    extra = [arg for name, value in headers.items() for arg in ("-H", f"{name}: {value}")]
    threads = min(2, connections)
    env = dict(os.environ)
    if paced is not None:
        extra += ["-s", str(paced)]
        # (a little under the interval: the answer's own few milliseconds come on top)
        env["WRK_DELAY_MS"] = str(int(0.9 * connections * 1000 / GOAL_FULL_RPS))
    out = subprocess.run(["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency", *extra, url],
                         capture_output=True, text=True, check=True, env=env).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = to_ms(re.search(r"^\s+99%\s+(\S+)", out, re.M).group(1))
    p50 = to_ms(re.search(r"^\s+50%\s+(\S+)", out, re.M).group(1))
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    return {"rps": rps, "p50": p50, "p99": p99, "errors": int(bad.group(1)) if bad else 0}


def write_section(text: str) -> None:
    doc = DOC.read_text()
    pattern = re.compile(rf"^{re.escape(HEADING)}\n.*?(?=^## |\Z)", re.M | re.S)
    doc = pattern.sub(text, doc) if pattern.search(doc) else doc.rstrip() + "\n\n" + text
    DOC.write_text(doc)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=10, help="per URL and round")
    parser.add_argument("--rounds", type=int, default=3,
                        help="times every URL is measured, the bare endpoint first in each round")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        raise SystemExit("wrk is not installed (apt-get install wrk)")
    measured = measure(args)
    text = report(args, *measured)
    if not args.no_write:
        write_section(text)
        print(f"wrote the {HEADING!r} section of {DOC}")


def measure(args: argparse.Namespace):
    """Every case measured ``args.rounds`` times against gunicorn on a seeded game: the cases, their
    runs flat out and paced, and the load average before and after."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as tmp:
        folder = Path(tmp)
        (folder / "instance").mkdir()
        url = f"sqlite:///{folder / 'bench.db'}"
        game_id, cookie, follower_cookie = seed(url)
        (folder / "bench_app.py").write_text(APP_MODULE.format(config=CONFIG, url=url))
        (folder / "bench_bare.py").write_text(BARE_MODULE)
        paced = folder / "paced.lua"
        paced.write_text(PACED_SCRIPT)
        app_port, bare_port = free_port(), free_port()
        procs = [start_gunicorn(folder, "bench_app", app_port, args.workers),
                 start_gunicorn(folder, "bench_bare", bare_port, args.workers)]
        try:
            base = f"http://127.0.0.1:{app_port}"
            editor = {"Cookie": cookie}
            view, api, pdf = f"{base}/games/{game_id}/view", f"{base}/api/v1/games/{game_id}", \
                f"{base}/games/{game_id}/scoresheet.pdf"
            etag_of(pdf)  # the first download renders and keeps it
            cases = [  # (name, kind, url, headers, editor?, connections)
                (BARE, "bare", f"http://127.0.0.1:{bare_port}/", {}, None, args.connections),
                ("poll: read-only scoreboard, 304", "poll", view, {"If-None-Match": etag_of(view)}, None,
                 args.connections),
                ("poll: GET /api/v1/games/<id>, 304", "poll", api, {"If-None-Match": etag_of(api)}, None,
                 args.connections),
                ("game page, scorekeeper's phone (edit cookie)", "full", f"{base}/games/{game_id}", editor, True,
                 args.connections),
                ("game page, a follower's phone (its cookie)", "full", f"{base}/games/{game_id}",
                 {"Cookie": follower_cookie}, False, args.connections),
                ("read-only scoreboard, full", "full", view, {}, None, args.connections),
                ("GET /api/v1/games/<id>, full", "full", api, {}, None, args.connections),
                ("PDF scoresheet, second download (1 connection)", "pdf", pdf, {}, None, 1),
            ]
            for _, _, u, headers, is_editor, _ in cases:
                check(u, headers, is_editor)
            load_before = os.getloadavg()
            runs = {name: [] for name, *_ in cases}
            at_goal = {name: [] for name, kind, *_ in cases if kind == "full"}
            for _ in range(args.rounds):
                for name, kind, u, headers, _, connections in cases:
                    runs[name].append(run_wrk(u, args.seconds, connections, headers))
                    if kind == "full":
                        at_goal[name].append(run_wrk(u, args.seconds, connections, headers, paced))
            load_after = os.getloadavg()
        finally:
            for proc in procs:
                proc.terminate()
                proc.wait(10)
    return cases, runs, at_goal, load_before, load_after


def report(args: argparse.Namespace, cases, runs, at_goal, load_before, load_after) -> str:
    """The docs/performance.md section of one measurement, each case printed as it is written."""
    kinds = {name: kind for name, kind, *_ in cases}
    bare = statistics.mean(r["rps"] for r in runs[BARE])
    rows, missed = [], []
    for name in [*list(runs)[1:], BARE]:
        r = {"rps": statistics.mean(x["rps"] for x in runs[name]),
             "p50": statistics.median(x["p50"] for x in runs[name]),
             "p99": max(x["p99"] for x in runs[name]),
             "errors": sum(x["errors"] for x in runs[name] + at_goal.get(name, []))}
        paced_p99 = max(x["p99"] for x in at_goal[name]) if name in at_goal else None
        paced_rps = statistics.mean(x["rps"] for x in at_goal[name]) if name in at_goal else None
        shares = [x["rps"] / b["rps"] for x, b in zip(runs[name], runs[BARE])]
        share = f"{100 * r['rps'] / bare:.0f}%"
        spread = f"{100 * min(shares):.0f}–{100 * max(shares):.0f}%"
        kind = kinds[name]
        goal = {"poll": f"≥ {GOAL_POLL_SHARE:.0%} of bare",
                "full": f"≥ {GOAL_FULL_RPS:.0f} req/s; at that rate p99 < {GOAL_FULL_P99_MS:.0f} ms",
                "pdf": f"p99 < {GOAL_PDF_MS:.0f} ms", "bare": ""}[kind]
        met = {"poll": r["rps"] >= GOAL_POLL_SHARE * bare,
               "full": r["rps"] >= GOAL_FULL_RPS and paced_p99 is not None and paced_p99 < GOAL_FULL_P99_MS,
               "pdf": r["p99"] < GOAL_PDF_MS, "bare": True}[kind] and not r["errors"]
        at_rate = "" if paced_p99 is None else f"{paced_p99:.2f} ({paced_rps:.0f} req/s)"
        rows.append(f"| {name} | {r['rps']:.0f} | {share} | {spread} | {r['p50']:.2f} | {r['p99']:.2f} | "
                    f"{at_rate} | {r['errors']} | {goal}{'' if kind == 'bare' else (' ✓' if met else ' ✗')} |")
        print(f"{name:48} {r['rps']:8.0f} req/s {share:>5} of bare (rounds {spread:>9})  "
              f"p50 {r['p50']:6.2f} ms  p99 {r['p99']:6.2f} ms  paced p99 {at_rate or '-'}  "
              f"non-2xx/3xx {r['errors']}  {goal} {'' if kind == 'bare' else ('met' if met else 'MISSED')}")
        if not met:
            missed.append(f"{name} ({share} of bare, {r['rps']:.0f} req/s, p99 {r['p99']:.1f} ms"
                          + (f", at about {GOAL_FULL_RPS:.0f} req/s p99 {paced_p99:.1f} ms" if paced_p99 else "") + ")")
    verdict = ("**Every goal is met in this run.**" if not missed else
               "**Not met in this run**: " + "; ".join(missed) + ".")
    now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    text = (
        f"{HEADING}\n\n"
        f"`bench/bench_server.py`, measured {now} on CPython {platform.python_version()} "
        f"({platform.machine()}, {os.cpu_count()} cores). gunicorn with {args.workers} sync workers on a "
        f"SQLite file (WAL) holding a 4-player Clenney game in progress (6 of its 7 rounds recorded); the "
        f"bare endpoint is a separate one-route Flask app (answers `ok`) under the same gunicorn settings. "
        f"wrk with 2 threads and {args.connections} connections (the PDF: 1), {args.seconds} s per URL, in "
        f"{args.rounds} rounds (each round: the bare endpoint, then each game URL), so that a change in "
        f"the machine's load hits both sides of the comparison; req/s is the mean of the rounds, \"of "
        f"bare\" the share of the bare endpoint's mean (and its range, round by round), p50 the median of "
        f"the rounds' and p99 the worst. The app runs with its production settings: security headers, "
        f"CSRF, the rate limiter. wrk runs on the same 2 cores as gunicorn (load average "
        f"{load_before[0]:.1f} before the run and {load_after[0]:.1f} after, 1 minute). Each full answer "
        f"is measured twice: flat out ({args.connections} connections sending as fast as they are "
        f"answered: req/s, and p50/p99, which then include waiting behind the other connections' "
        f"requests for one of the {args.workers} workers), and paced at about {GOAL_FULL_RPS:.0f} req/s "
        f"(each connection pauses between requests, through a wrk Lua `delay()`), the latency a phone "
        f"sees at the goal's load. {verdict}\n\n"
        "| URL | req/s | of bare | rounds | p50 ms | p99 ms | p99 ms at about 150 req/s | non-2xx/3xx | goal |\n"
        "|---|---:|---:|---:|---:|---:|---:|---:|---|\n"
        + "\n".join(rows) + "\n\n"
        "What is measured. The polls send `If-None-Match` with the answer's current ETag, as "
        "`static/js/live.js` does every 5 seconds on a phone left on the game: the app reads the game's "
        "version (one primary-key query through SQLAlchemy, `scorekeeper.live.game_stamp`) and answers "
        "304 without loading anything else. The full answers are rendered from the database on every "
        "request (the game with its seats, rounds, hands, corrections and rulings loaded, the typed view "
        "built, the template rendered): the scorekeeper's page with the session cookie the edit link "
        "gave a browser (checked beforehand to be the editor's page: record button, correction links, "
        "the suspend form with its CSRF token), a follower's page with its own cookie, the scoreboard "
        "and the API without `If-None-Match`. The PDF is the game's scoresheet downloaded again while "
        "the game is unchanged, without `If-None-Match` (a 200 with the whole PDF, read from the "
        "`scoresheet_pdfs` table where the first download kept it), one request at a time.\n\n"
        "The p99 tail. Until 2026-11-24 a full answer's p99 was 30 to 60 ms even with one connection "
        "per worker (p50 about 4 ms): Python's full garbage collection, scanning every object the "
        "worker had loaded (Flask, SQLAlchemy, the rules, WeasyPrint once a PDF was rendered), stopped "
        "a request for 60 to 90 ms now and then. `create_app` now calls `gc.freeze()` outside tests, "
        "so what is loaded at start is left out of those scans (they take about 1 ms).\n\n"
        "Why the goals changed. Until 2026-11-23 the goal was \"every game URL at 40% of the bare "
        "endpoint\", and it was met by keeping whole answers per game version in each worker "
        "(`scorekeeper/live.py`'s caches, `scorekeeper/web/slotted.py`), a session interface and a rate "
        "limiter rewired for speed. That bought throughput no table needs (a club of 100 tables, four "
        "phones each polling every 5 s, is 80 requests a second) and left rules every change had to "
        "know. They are gone: every answer is rendered from the database, and what stays cheap is what "
        "is frequent, the poll of an unchanged game, with HTTP's own 304. So the goals are now a 304 poll "
        "at 40% of bare, a full answer under 25 ms at p99 and 150 req/s or more, and a second PDF "
        "download under 20 ms.\n\n"
        "Reproduce: `.venv/bin/python bench/bench_server.py` (needs `wrk`; `--seconds N` per URL and "
        "round, `--rounds N`, `--no-write` to print only).\n"
    )
    return text


if __name__ == "__main__":
    main()
