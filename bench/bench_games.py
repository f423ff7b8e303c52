"""Benchmark: the game pages and the games API on a real SQLite file (WAL), in process.

Measures, per request, the wall-clock median, p99 and max of:
- the game page (the editor's), the read-only scoreboard and ``GET /api/v1/games/<id>`` for a
  finished 8-player Clenney game (7 rounds, every hand entered as cards) and a 3-player one, each
  twice: rendered from the database (every request) and answered 304 to ``If-None-Match`` with
  the current ETag (one primary-key query of the game's version, ``scorekeeper.live``);
- recording a round through the API (``POST /api/v1/games/<id>/rounds``), one transaction each;
and the number of SQL statements each read runs (constant: it does not grow with the game).
Writes the "Games" section of docs/performance.md (replacing the old one).

Run from the repository root:

    .venv/bin/python bench/bench_games.py             # 300 requests per case
    .venv/bin/python bench/bench_games.py --reps 50 --no-write
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import tempfile
import time
from datetime import datetime, timezone

from benchkit import replace_section, statements_of, timed  # puts the repository on sys.path

from scorekeeper import create_app  # noqa: E402

HEADING = "## Games"
HAND = ["KD", "4S", "AH", "7C", "10D", "QS"]


def make_game(client, names, rounds):
    r = client.post("/api/v1/games", json={"variant": "clenney", "players": names})
    game = r.get_json()
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    for n in range(rounds):
        hands = {p: {"cards": HAND} for i, p in enumerate(names) if i != n % len(names)}
        r = client.post(f"/api/v1/games/{game['id']}/rounds", json={"went_out": names[n % len(names)], "hands": hands},
                        headers=auth)
        assert r.status_code == 201, r.get_json()
    return game["id"], auth



def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=300)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.db"})
        client = app.test_client()
        big, big_auth = make_game(client, [f"Player {i}" for i in range(1, 9)], 7)
        small, _ = make_game(client, ["Ann", "Bob", "Cy"], 7)
        # The game page shows the editor's view: give this client the big game's edit token.
        client.get(f"/games/{big}/edit?token={big_auth['Authorization'].split()[1]}")
        rows = []
        for label, gid in (("8 players, 7 rounds", big), ("3 players, 7 rounds", small)):
            for what, path in (("game page", f"/games/{gid}"), ("scoreboard", f"/games/{gid}/view"),
                               ("GET /api/v1/games/<id>", f"/api/v1/games/{gid}")):
                etag = client.get(path).headers["ETag"]
                for when, headers in (("rendered from the database", {}), ("304 to If-None-Match", {"If-None-Match": etag})):
                    assert client.get(path, headers=headers).status_code == (304 if headers else 200)
                    med, p99, mx = timed(lambda: client.get(path, headers=headers), args.reps)
                    rows.append((f"{what}, {label}, {when}", med, p99, mx, statements_of(app, lambda: client.get(path, headers=headers))))
        games = [make_game(client, [f"P{i}" for i in range(1, 9)], 0) for _ in range(max(1, args.reps // 7))]
        times = []
        for n in range(7):
            for gid, auth in games:
                names = [f"P{i}" for i in range(1, 9)]
                body = {"went_out": names[n], "hands": {p: {"cards": HAND} for p in names if p != names[n]}}
                start = time.perf_counter()
                r = client.post(f"/api/v1/games/{gid}/rounds", json=body, headers=auth)
                times.append((time.perf_counter() - start) * 1000)
                assert r.status_code == 201
        times.sort()
        rows.append(("POST a round (8 players, cards), API", statistics.median(times),
                     times[int(len(times) * 0.99) - 1], times[-1], None))
    load = os.getloadavg()[0]
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        HEADING,
        "",
        f"`bench/bench_games.py`, {args.reps} requests per read case, measured {when} on CPython "
        f"{platform.python_version()} ({platform.machine()}, a shared 2-core machine, load average {load:.1f}), "
        "through the Flask test client on a SQLite file in WAL mode. Per request, in milliseconds. "
        "SQL statements per read are the same for a small and a big game: the game's version (one "
        "primary-key query, `scorekeeper.live.game_stamp`), then, unless the answer is a 304, the game "
        "(selectin loading: the game, then seats, rounds, hands, corrections and rulings). Nothing is "
        "kept between requests: every 200 is rendered from the database. The game page is the editor's "
        "for the 8-player game, a follower's for the 3-player one. See \"Server speed\" for the same "
        "pages under gunicorn.",
        "",
        "| case | median ms | p99 ms | max ms | SQL statements |",
        "|---|---:|---:|---:|---:|",
    ]
    for label, med, p99, mx, q in rows:
        lines.append(f"| {label} | {med:.2f} | {p99:.2f} | {mx:.2f} | {'' if q is None else q} |")
    lines += ["", "Reproduce: `.venv/bin/python bench/bench_games.py` (add `--reps N` to change the count).", ""]
    section = "\n".join(lines)
    print(section)
    if args.no_write:
        return
    replace_section(HEADING, section)


if __name__ == "__main__":
    main()
