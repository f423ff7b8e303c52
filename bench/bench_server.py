"""Benchmark: the app served by gunicorn, under wrk, next to a bare Flask endpoint.

Seeds a temporary SQLite file (WAL) with a 4-player Clenney game in progress (6 of its 7 rounds
recorded), starts gunicorn (sync workers, one per core) for the real app and, on another port, for
a tiny Flask app that answers "ok", then runs wrk against, one after the other, in rounds (each
round: the bare endpoint first, then the game URLs):

- the game page as the scorekeeping phone gets it: wrk sends the session cookie that the game's
  edit link gives a browser, so the page is the editor's (record button, correction links, the
  suspend form with its CSRF token) and the cookie is checked on each request;
- the game page as a phone that follows the game gets it (its cookie, no edit rights);
- the read-only scoreboard and ``GET /api/v1/games/<id>`` (no cookie, as a poller sends them);
- the bare endpoint.

Before the run each URL is fetched once and checked (status 200; the editor's page really is
the editor's). Reports requests per second (mean of the rounds), the latency percentiles (p50:
median of the rounds, p99: the worst), and each game URL's req/s as a share of the bare
endpoint's, with its range round by round. Writes the "Server speed" section of docs/performance.md
(replacing the old one). The app runs with its production settings, rate limiter included (it
limits writes only, so it never answers 429 to these reads, but it does its work on each request).

    /work/venv/bin/python bench/bench_server.py                 # 10 s per URL and round, 3 rounds
    /work/venv/bin/python bench/bench_server.py --seconds 5 --no-write
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
GOAL_SHARE, GOAL_P99_MS = 0.40, 25.0
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


def start_gunicorn(folder: Path, module: str, port: int, workers: int) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--chdir", str(folder), "--pythonpath", str(ROOT),
         "-w", str(workers), "-b", f"127.0.0.1:{port}", "--log-level", "warning", f"{module}:app"],
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


def check(url: str, headers: dict, editor: bool | None) -> None:
    """One request before the load: 200, and the editor's page only when a cookie gives edit rights."""
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as r:
        body = r.read()
        assert r.status == 200, (url, r.status)
    if editor is not None:
        assert (EDITOR_MARK in body) == editor, f"{url}: expected the {'editor' if editor else 'viewer'}'s page"


def run_wrk(url: str, seconds: int, connections: int, headers: dict) -> dict:
    extra = [arg for name, value in headers.items() for arg in ("-H", f"{name}: {value}")]
    out = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", *extra, url],
                         capture_output=True, text=True, check=True).stdout
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
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        raise SystemExit("wrk is not installed (apt-get install wrk)")

    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as tmp:
        folder = Path(tmp)
        (folder / "instance").mkdir()
        url = f"sqlite:///{folder / 'bench.db'}"
        game_id, cookie, follower_cookie = seed(url)
        (folder / "bench_app.py").write_text(APP_MODULE.format(config=CONFIG, url=url))
        (folder / "bench_bare.py").write_text(BARE_MODULE)
        app_port, bare_port = free_port(), free_port()
        procs = [start_gunicorn(folder, "bench_app", app_port, args.workers),
                 start_gunicorn(folder, "bench_bare", bare_port, args.workers)]
        try:
            base = f"http://127.0.0.1:{app_port}"
            editor = {"Cookie": cookie}
            cases = [
                (BARE, f"http://127.0.0.1:{bare_port}/", {}, None),
                ("game page, scorekeeper's phone (edit cookie)", f"{base}/games/{game_id}", editor, True),
                ("game page, a follower's phone (its cookie)", f"{base}/games/{game_id}",
                 {"Cookie": follower_cookie}, False),
                ("read-only scoreboard", f"{base}/games/{game_id}/view", {}, None),
                ("GET /api/v1/games/<id>", f"{base}/api/v1/games/{game_id}", {}, None),
            ]
            for _, u, headers, is_editor in cases:
                check(u, headers, is_editor)
            load_before = os.getloadavg()
            runs = {name: [] for name, *_ in cases}
            for _ in range(args.rounds):
                for name, u, headers, _ in cases:
                    runs[name].append(run_wrk(u, args.seconds, args.connections, headers))
            load_after = os.getloadavg()
        finally:
            for proc in procs:
                proc.terminate()
                proc.wait(10)

    bare = statistics.mean(r["rps"] for r in runs[BARE])
    rows, missed = [], []
    for name in [*list(runs)[1:], BARE]:
        r = {"rps": statistics.mean(x["rps"] for x in runs[name]),
             "p50": statistics.median(x["p50"] for x in runs[name]),
             "p99": max(x["p99"] for x in runs[name]),
             "errors": sum(x["errors"] for x in runs[name])}
        shares = [x["rps"] / b["rps"] for x, b in zip(runs[name], runs[BARE])]
        share = f"{100 * r['rps'] / bare:.0f}%"
        spread = f"{100 * min(shares):.0f}–{100 * max(shares):.0f}%"
        rows.append(f"| {name} | {r['rps']:.0f} | {share} | {spread} | {r['p50']:.2f} | {r['p99']:.2f} | "
                    f"{r['errors']} |")
        print(f"{name:46} {r['rps']:8.0f} req/s {share:>5} of bare (rounds {spread:>9})  "
              f"p50 {r['p50']:6.2f} ms  p99 {r['p99']:6.2f} ms  non-2xx {r['errors']}")
        if name != BARE and (r["rps"] < GOAL_SHARE * bare or r["p99"] >= GOAL_P99_MS or r["errors"]):
            missed.append(f"{name} ({share}, p99 {r['p99']:.1f} ms)")
    verdict = ("**Every game URL meets the goal in this run.**" if not missed else
               "**Not met in this run**: " + "; ".join(missed) + ".")
    now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    text = (
        f"{HEADING}\n\n"
        f"`bench/bench_server.py`, measured {now} on CPython {platform.python_version()} "
        f"({platform.machine()}, {os.cpu_count()} cores). gunicorn with {args.workers} sync workers on a "
        f"SQLite file (WAL) holding a 4-player Clenney game in progress (6 of its 7 rounds recorded); the "
        f"bare endpoint is a separate one-route Flask app (answers `ok`) under the same gunicorn settings. "
        f"wrk with 2 threads and {args.connections} connections, {args.seconds} s per URL, in "
        f"{args.rounds} rounds (each round: the bare endpoint, then each game URL), so that a change in "
        f"the machine's load hits both sides of the comparison; req/s is the mean of the rounds, \"of "
        f"bare\" the share of the bare endpoint's mean (and its range, round by round), p50 the median of "
        f"the rounds' and p99 the worst. The app runs with its production settings: security headers, "
        f"CSRF, the rate limiter (which limits writes only, so it never answers these reads with 429, "
        f"but runs on each request). **The machine is shared**: another engineer's browser tests run on "
        f"the same 2 cores, load average {load_before[0]:.1f} before and {load_after[0]:.1f} after (1 "
        f"minute), and wrk itself competes with gunicorn for the cores, so numbers are lower and noisier "
        f"than on a quiet server. Goal: every game URL at least {GOAL_SHARE:.0%} of the bare endpoint's "
        f"req/s, p99 under {GOAL_P99_MS:.0f} ms. {verdict}\n\n"
        "| URL | req/s | of bare | rounds | p50 ms | p99 ms | non-2xx |\n|---|---:|---:|---:|---:|---:|---:|\n"
        + "\n".join(rows) + "\n\n"
        "What is measured. The first row is the page a scorekeeping phone gets: wrk sends the session "
        "cookie that the game's edit link gave a browser (taken after its first look at the game page, "
        "so without the link's flashed message), and the script checks beforehand that the answer is "
        "the editor's page (record button, correction links, the suspend form with a CSRF token made "
        "for the request). The cookie is checked on every request (its signature once per worker, then "
        "by its exact text; its age each time); an unchanged cookie is signed and sent again at most "
        "once an hour (`SESSION_REFRESH_INTERVAL`), so within this run it is not re-sent, as for a "
        "phone that reloads the page within the hour. The second row is a phone without edit rights that has opened the page before (its "
        "own cookie). The scoreboard and the API are fetched without cookie and without "
        "`If-None-Match`, so they are full 200 answers, not 304s. (Until 2026-11-22 the benchmark's "
        "\"game page\" sent no cookie at all, so it measured a first visit to the follower's page, and "
        "ran with the rate limiter switched off.)\n\n"
        "How the pages stay cheap, and right. Every game URL first reads the game's version stamp (id, "
        "`version`, `updated_at`, status and the edit token's hash) with one primary-key SELECT, on a "
        "pooled DBAPI connection (`scorekeeper.live.game_stamp`: SQLAlchemy's execution machinery cost "
        "three times the query itself). The answer for that version is kept per process "
        "(`scorekeeper.live`): the API's JSON, the read-only scoreboard and the game page, once for an "
        "editor and once for a follower, rendered with slots for the bits that belong to one request, the "
        "flashed messages and the CSRF field (`scorekeeper/web/slotted.py`; the result is byte for byte "
        "the page rendered in full). A write in any process changes the version (SQLAlchemy's version "
        "counter, and `updated_at`), so the next read in every worker misses its copy and renders from "
        "the database: nothing is invalidated by message, so nothing can be served stale. "
        "`tests/test_page_cache.py` makes every kind of write (round, correction, ruling, withdrawal, "
        "suspend, resume, new edit link) from another process and checks each answer of this one "
        "against the one rendered afresh, on SQLite and PostgreSQL. Per-request work removed on the "
        "way (`scorekeeper/security.py`, `scorekeeper/web/__init__.py`): the rate limiter's work on "
        "reads (its check and its after-request and teardown hooks; reads are never limited), the "
        "security headers added in one pass, Flask's session serializer made once per key instead of "
        "twice per request, the unchanged session cookie signed again on every page view (now at most "
        "hourly) and decoded and verified again on every request (a cookie verified once is looked up by "
        "its exact text, its age still checked), the indentation stripper re-scanning kept pages (and "
        "its regex replacing every newline), `request.host_url` built for cache keys. What is left per "
        "request is Flask's and Werkzeug's own handling (routing, contexts, hooks, headers), the version "
        "SELECT, on the scorekeeper's page Flask-WTF signing its CSRF token (30-40 µs), and the bigger "
        "answer to send; gunicorn's sync workers close every connection, so each request, to the app or "
        "to the bare endpoint, is a new TCP connection. The first read after a write costs what every "
        "read cost before (six queries, the state, a render: see \"Games\" above).\n\n"
        "Where it stands. In the three runs of the final code before this one (2026-11-22 03:38-03:44 "
        "UTC, load average 1.4 to 2.4) the scorekeeper's page measured 44-45% of the bare endpoint (single "
        "rounds 40-48%), the follower's page 48-55%, the scoreboard 46-54%, the API 49-60%, and p99 was "
        "at most 10.4 ms on every game URL. So the goal is met, with little to spare on the scorekeeper's "
        "page: a busy moment on the shared machine can put a single round under 40% (the verdict above "
        "is this run's). In process (Flask's test client, no HTTP), a kept scorekeeper's page takes about "
        "3.2 times the bare endpoint's time, the scoreboard and the API about 2.2 times.\n\n"
        "Before this work, measured with this benchmark on the code of 2026-11-22 02:00 UTC (load "
        "average 0.6 to 1.9): scorekeeper's page 144 req/s, 5% of bare, p99 72 ms; follower's page 157 "
        "req/s, 5%, p99 92 ms; read-only scoreboard 759 req/s, 26%, p99 16 ms; API 843 req/s, 29%, p99 "
        "12 ms; bare endpoint 2939 req/s. With the old benchmark (a finished game, no cookie, limiter "
        "off) on a quiet machine: game page 168 req/s, 5% of bare, p99 199 ms; scoreboard 998 req/s, "
        "28%; API 1093 req/s, 31%; bare endpoint 3545 req/s.\n\n"
        "Reproduce: `/work/venv/bin/python bench/bench_server.py` (needs `wrk`; `--seconds N` per URL and "
        "round, `--rounds N`, `--no-write` to print only).\n"
    )
    if not args.no_write:
        write_section(text)
        print(f"wrote the {HEADING!r} section of {DOC}")


if __name__ == "__main__":
    main()
