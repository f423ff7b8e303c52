"""Benchmark: what the phones poll while players send their hands (scorekeeper/web/games/hands.py), on a
real SQLite file, in process: a player's "My hand" page asks ``/games/<id>/hand/now`` every 2 s,
the scorekeeper's round form asks ``/games/<id>/rounds/<n>/proposals.json`` every second. Measured
for an 8-player Clenney game after 6 rounds with 7 hands sent: the median, p99 and max time per
request and the SQL statements each runs, answered in full and as 304 to ``If-None-Match``.
The numbers go in docs/performance.md ("Polls while the players send their hands") by hand.

    .venv/bin/python bench/bench_hands.py --reps 300
"""
from __future__ import annotations

import argparse
import tempfile

from benchkit import timed  # puts the repository on sys.path

from sqlalchemy import event  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.db import db  # noqa: E402

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
HAND = ["KD", "4S", "AH", "7C", "10D", "QS"]



def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.db",
                          "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False})
        client = app.test_client()
        game = client.post("/api/v1/games", json={"variant": "clenney", "players": NAMES}).get_json()
        gid, auth = game["id"], {"Authorization": f"Bearer {game['edit_token']}"}
        for n in range(6):
            hands = {p: {"cards": HAND} for i, p in enumerate(NAMES) if i != n}
            assert client.post(f"/api/v1/games/{gid}/rounds", json={"went_out": NAMES[n], "hands": hands},
                               headers=auth).status_code == 201
        client.get(f"/games/{gid}/edit?token={game['edit_token']}")  # this browser may edit
        client.get(f"/games/{gid}")  # (its message shown: a page with messages waiting is never a 304)
        token = client.post(f"/api/v1/games/{gid}/hand-link", headers=auth).get_json()["token"]
        for name in NAMES[1:]:
            assert client.put(f"/api/v1/games/{gid}/rounds/7/proposals/{name}", json={"cards": HAND},
                              headers={"Authorization": f"Bearer {token}"}).status_code == 200
        statements = []
        with app.app_context():
            event.listen(db.engine, "before_cursor_execute", lambda *a, **k: statements.append(1))
        player = app.test_client()
        cases = {
            "My hand: /hand/now": (player, f"/games/{gid}/hand/now"),
            "round form: proposals.json": (client, f"/games/{gid}/rounds/7/proposals.json"),
        }
        print("| poll | answer | median ms | p99 ms | max ms | SQL statements |")
        print("|---|---|---:|---:|---:|---:|")
        for label, (who, url) in cases.items():
            first = who.get(url)
            assert first.status_code == 200, first.get_data(as_text=True)
            etag = first.headers["ETag"]
            for kind, headers in (("200", {}), ("304", {"If-None-Match": etag})):
                statements.clear()
                status = who.get(url, headers=headers).status_code
                assert str(status) == kind, (url, status)
                count = len(statements)
                median, p99, worst = timed(lambda: who.get(url, headers=headers), args.reps)
                print(f"| {label} | {kind} | {median:.2f} | {p99:.2f} | {worst:.2f} | {count} |")
        with app.app_context():
            db.engine.dispose()


if __name__ == "__main__":
    main()
