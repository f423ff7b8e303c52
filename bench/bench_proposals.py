"""Benchmark: hands from the players' phones (the proposals API) on a real SQLite file (WAL), in process.

Measures, per request, the wall-clock median, p99 and max of:
- ``GET /api/v1/games/<id>/rounds/<n>/proposals`` (what the scorekeeper's round form polls about
  every second) for an 8-player Clenney game at round 7 with seven hands sent, and for a 3-player
  game at round 1 with two: answered in full, and 304 to ``If-None-Match``;
- ``PUT .../proposals/<name>`` (a player sending a hand of six cards), one transaction each;
and the SQL statements each runs (the same for a short and a long game: the game's row, its seats,
the count of its rounds, the token, the proposals). Writes the "Hands from the players' phones"
section of docs/performance.md (replacing the old one).

Run from the repository root:

    .venv/bin/python bench/bench_proposals.py             # 200 requests per case
    .venv/bin/python bench/bench_proposals.py --reps 50 --no-write
"""
from __future__ import annotations

import argparse
import os
import platform
import tempfile
from datetime import datetime, timezone

from benchkit import replace_section, statements_of, timed  # puts the repository on sys.path

from scorekeeper import create_app  # noqa: E402

HEADING = "## Hands from the players' phones"
HAND = ["KD", "4S", "AH", "7C", "10D", "QS"]


def make_game(client, names, rounds):
    """A game with ``rounds`` rounds saved, its hand-in link, and every player but the first's hand
    sent for the next round."""
    game = client.post("/api/v1/games", json={"variant": "clenney", "players": names}).get_json()
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    for n in range(rounds):
        hands = {p: {"cards": HAND} for i, p in enumerate(names) if i != n % len(names)}
        r = client.post(f"/api/v1/games/{game['id']}/rounds", json={"went_out": names[n % len(names)], "hands": hands},
                        headers=auth)
        assert r.status_code == 201, r.get_json()
    token = client.post(f"/api/v1/games/{game['id']}/hand-link", headers=auth).get_json()["token"]
    hand_in = {"Authorization": f"Bearer {token}"}
    for name in names[1:]:
        r = client.put(f"/api/v1/games/{game['id']}/rounds/{rounds + 1}/proposals/{name}", json={"cards": HAND},
                       headers=hand_in)
        assert r.status_code == 200, r.get_json()
    return game["id"], rounds + 1, auth, hand_in



def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=200)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    tmp = tempfile.mkdtemp()
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.db"})
    client = app.test_client()
    rows = []
    for names, rounds in (([f"P{i}" for i in range(8)], 6), (["Ann", "Bob", "Cy"], 0)):
        gid, number, auth, hand_in = make_game(client, names, rounds)
        path = f"/api/v1/games/{gid}/rounds/{number}/proposals"
        label = f"{len(names)} players, round {number}, {len(names) - 1} hands sent"

        def full():
            r = client.get(path, headers=auth)
            assert r.status_code == 200

        etag = client.get(path, headers=auth).headers["ETag"]

        def unchanged():
            r = client.get(path, headers={**auth, "If-None-Match": etag})
            assert r.status_code == 304

        def send():
            r = client.put(f"{path}/{names[1]}", json={"cards": HAND}, headers=hand_in)
            assert r.status_code == 200

        rows.append((f"GET proposals, {label}", *timed(full, args.reps), statements_of(app, full)))
        rows.append((f"GET proposals, {label}, 304 to If-None-Match", *timed(unchanged, args.reps),
                     statements_of(app, unchanged)))
        rows.append((f"PUT a proposal (six cards), {label}", *timed(send, args.reps), statements_of(app, send)))
    now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    load = os.getloadavg()[0]
    lines = [
        HEADING, "",
        f"`bench/bench_proposals.py`, {args.reps} requests per case, measured {now} on CPython "
        f"{platform.python_version()} ({platform.machine()}, a shared 2-core machine, load average {load:.1f}), "
        "through the Flask test client on a SQLite file in WAL mode. Per request, in milliseconds. The "
        "proposals are read with the game's row and seats only, the rounds counted (not loaded): the SQL "
        "statements are the same for a game at round 1 and at round 7. A proposal does not change the game's "
        "version; a 304 still checks the edit token and that the round is the next one.",
        "",
        "| case | median ms | p99 ms | max ms | SQL statements |",
        "|---|---:|---:|---:|---:|",
        *[f"| {name} | {med:.2f} | {p99:.2f} | {top:.2f} | {sql} |" for name, med, p99, top, sql in rows],
        "",
        "Reproduce: `.venv/bin/python bench/bench_proposals.py` (add `--reps N` to change the count).",
        "",
    ]
    section = "\n".join(lines)
    print(section)
    if args.no_write:
        return
    replace_section(HEADING, section)


if __name__ == "__main__":
    main()
