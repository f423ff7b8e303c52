"""Benchmark: what a request costs the server, whatever else the machine runs, beside another checkout.

For each case of bench_server.py (its seeded 4-player Clenney game in progress, the app's
production settings, the scorekeeper's and a follower's session cookies) and for recording a round
as bench_games.py does (8 players, every hand as cards; through the API, and through the round form
as a phone posts it), in process, one request at a time:
- the CPU time of the process per request (``time.process_time``; the median of --reps requests):
  the machine's other work changes it far less than the wall clock, which on a shared machine
  mostly measures the wait for a core;
- the Python function calls per request (cProfile's count over 20 requests): the same on any
  machine under any load, so a change in it is a change in the code;
- the SQL statements of one request (for a save: of the second round of a game, whose first round
  is read with it).

With --against DIR (another checkout of this repository, made for instance with
``git worktree add --detach ../before <commit>``), the runs alternate between this checkout and
that one (this, that, this, that...), each in a fresh process importing its own code, so that the
machine's load falls on both alike. Prints the median of the runs and their range; writes nothing.

    .venv/bin/python bench/bench_cpu.py --runs 3
    .venv/bin/python bench/bench_cpu.py --against ../before --runs 6 --reps 200
"""
from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROFILED = 20  # requests counted by cProfile, per case
SAVE = "POST a round (8 players, cards), API"
FORM_SAVE = "POST a round (8 players, cards), round form"
NAMES = [f"P{i}" for i in range(1, 9)]
HAND = ["KD", "4S", "AH", "7C", "10D", "QS"]


def _costs(app, call, reps: int) -> dict:
    """CPU milliseconds (median), Python calls and SQL statements of one request made by ``call``."""
    import cProfile
    import pstats

    from benchkit import statements_of  # (from the measured checkout's bench/)

    for _ in range(4):
        call()
    statements = statements_of(app, call)
    cpu = []
    for _ in range(reps):
        start = time.process_time()
        call()
        cpu.append((time.process_time() - start) * 1000)
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(PROFILED):
        call()
    profile.disable()
    return {"cpu": statistics.median(cpu), "calls": pstats.Stats(profile).total_calls / PROFILED,
            "statements": statements}


def _reads(tree: Path, reps: int) -> dict:
    """The cases of ``tree``'s bench_server.py, measured through the test client."""
    import bench_server  # (from tree/bench: its seed, settings and cookies)
    from scorekeeper import create_app

    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/bench.db"
        game, editor_cookie, follower_cookie = bench_server.seed(url)
        app = create_app({**bench_server.CONFIG, "SQLALCHEMY_DATABASE_URI": url})
        anyone, editor, follower = app.test_client(), app.test_client(), app.test_client()
        editor.set_cookie("session", editor_cookie.split("=", 1)[1])
        follower.set_cookie("session", follower_cookie.split("=", 1)[1])
        page, view, api = f"/games/{game}", f"/games/{game}/view", f"/api/v1/games/{game}"
        pdf = f"/games/{game}/scoresheet.pdf"
        assert anyone.get(pdf).status_code == 200  # the first download renders and keeps it
        assert bench_server.EDITOR_MARK in editor.get(page).data
        assert bench_server.EDITOR_MARK not in follower.get(page).data
        cases = {
            "poll: read-only scoreboard, 304": (anyone, view, {"If-None-Match": anyone.get(view).headers["ETag"]}, 304),
            "poll: GET /api/v1/games/<id>, 304": (anyone, api, {"If-None-Match": anyone.get(api).headers["ETag"]}, 304),
            "game page, scorekeeper's phone": (editor, page, {}, 200),
            "game page, a follower's phone": (follower, page, {}, 200),
            "read-only scoreboard, full": (anyone, view, {}, 200),
            "GET /api/v1/games/<id>, full": (anyone, api, {}, 200),
            "PDF scoresheet, second download": (anyone, pdf, {}, 200),
        }
        for name, (phone, path, headers, status) in cases.items():
            assert phone.get(path, headers=headers).status_code == status, name
            out[name] = _costs(app, lambda: phone.get(path, headers=headers), reps)
        with app.app_context():
            for engine in app.extensions["sqlalchemy"].engines.values():
                engine.dispose()
    return out


def _saves(reps: int) -> dict:
    """A round recorded as bench_games.py records them (each POST a new round, every game's rounds
    in turn: its first, then its second...), through the API and through the round form."""
    from scorekeeper import create_app

    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                          "RATELIMIT_ENABLED": False, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.db"})
        for name, post in ((SAVE, _api_save), (FORM_SAVE, _form_save)):
            client = app.test_client()
            made = [client.post("/api/v1/games", json={"variant": "clenney", "players": NAMES}).get_json()
                    for _ in range(math.ceil((reps + PROFILED + 5) / 7))]
            # The phone opens every game's edit link (the round form needs it), the first game's last:
            # a phone keeps its newest tokens in its cookie, older ones in the database
            # (services/kept_tokens.py), and the first game's save is the one counted below.
            for game in reversed(made):
                client.post(f"/games/{game['id']}/edit", data={"token": game["edit_token"]})
            # every round to record, (game, its edit token, round number), each game's in order; the
            # statements are counted on the fifth save: the first game's second round
            rounds = sorted(((game["id"], game["edit_token"], n) for game in made for n in range(7)), key=lambda r: r[2])
            rounds.insert(4, rounds.pop(len(made)))

            def save() -> None:
                game, token, n = rounds.pop(0)
                post(client, game, token, n)

            out[name] = _costs(app, save, reps)
        with app.app_context():
            for engine in app.extensions["sqlalchemy"].engines.values():
                engine.dispose()
    return out


def _api_save(client, game: str, token: str, n: int) -> None:
    body = {"went_out": NAMES[n], "hands": {p: {"cards": HAND} for p in NAMES if p != NAMES[n]}}
    answer = client.post(f"/api/v1/games/{game}/rounds", json=body, headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 201, answer.get_json()


def _form_save(client, game: str, token: str, n: int) -> None:
    """The round form's Save, with its fields as the page sends them (every hand typed as cards)."""
    form = {"round": str(n + 1), "key": f"{game}-{n}", "went_out": str(n), "save": "1"}
    for seat in range(len(NAMES)):
        form[f"hands-{seat}-seat"] = str(seat)
        if seat != n:
            form[f"hands-{seat}-mode"] = "cards"
            form[f"hands-{seat}-extra"] = " ".join(HAND)
    answer = client.post(f"/games/{game}/round", data=form)
    assert answer.status_code == 302, answer.get_data(as_text=True)[-2000:]


def _child(tree: Path, reps: int) -> None:
    """One run in this process, on ``tree``'s code: one JSON line."""
    for path in (str(tree), str(tree / "bench")):
        sys.path.insert(0, path)
    import scorekeeper

    assert Path(scorekeeper.__file__).resolve().is_relative_to(tree.resolve()), scorekeeper.__file__
    print(json.dumps({**_reads(tree, reps), **_saves(reps)}))


def _run(tree: Path, reps: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, __file__, "--child", str(tree), "--reps", str(reps)], env=env,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _spread(values: list[float], digits: int) -> str:
    return f"{statistics.median(values):,.{digits}f} ({min(values):,.{digits}f}–{max(values):,.{digits}f})"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--against", type=Path, help="another checkout of this repository, measured in turn")
    parser.add_argument("--runs", type=int, default=3, help="runs of each checkout")
    parser.add_argument("--reps", type=int, default=200, help="requests timed per case and run")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.child, args.reps)
        return
    trees = [ROOT] + ([args.against.resolve()] if args.against else [])
    runs: dict[Path, list[dict]] = {tree: [] for tree in trees}
    for n in range(args.runs):
        for tree in trees:
            runs[tree].append(_run(tree, args.reps))
            print(f"run {n + 1} of {tree} done, load average {os.getloadavg()[0]:.1f}", file=sys.stderr)
    names = list(runs[ROOT][0])
    head = " | ".join(f"{tree.name}: CPU ms | {tree.name}: calls | {tree.name}: statements" for tree in trees)
    print(f"| case | {head} |")
    print("|---|" + "---:|" * 3 * len(trees))
    for name in names:
        cells = " | ".join(f"{_spread([r[name]['cpu'] for r in runs[tree]], 2)} | "
                           f"{statistics.median(r[name]['calls'] for r in runs[tree]):,.0f} | "
                           f"{statistics.median(r[name]['statements'] for r in runs[tree]):,.0f}" for tree in trees)
        print(f"| {name} | {cells} |")


if __name__ == "__main__":
    main()
