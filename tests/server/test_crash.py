"""Crash safety: the app under gunicorn (2 threaded workers, as README.md runs it) takes a burst
of concurrent writes, the master and workers are killed with SIGKILL in the middle of it, and the
restarted server finds a sound database: PRAGMA integrity_check is "ok" (SQLite), no round is
half-stored, every write that was answered 2xx is there, and every game's totals are the sum of
its rounds. Runs on the suite's database (a SQLite file, or a PostgreSQL database of the
throwaway cluster)."""
from __future__ import annotations

import http.client
import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest
import sqlalchemy as sa

from support import pgcluster
from support.server import kill_at_once, workers

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Ann", "Bob", "Cy"]

pytestmark = pytest.mark.slow


class Server:
    """gunicorn running ``scorekeeper:create_app()`` on a free port of 127.0.0.1."""

    def __init__(self, database_url: str, instance: Path, log: Path):
        self.port = pgcluster.free_port()
        env = dict(
            os.environ,
            DATABASE_URL=database_url,
            SCOREKEEPER_INSTANCE_PATH=str(instance),
            SCOREKEEPER_RATELIMIT_ENABLED="false",
            PYTHONPATH=str(ROOT),
        )
        env.pop("SCOREKEEPER_SECRET_KEY", None)
        self.log = open(log, "ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--workers", "2", "--worker-class", "gthread", "--threads", "4",
             "--bind", f"127.0.0.1:{self.port}",
             "--graceful-timeout", "1", "--timeout", "60", "scorekeeper:create_app()"],
            cwd=ROOT, env=env, stdout=self.log, stderr=self.log,
        )
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, log.read_text()
            try:
                if self.request("GET", "/api/v1/variants")[0] == 200 and len(self.workers()) == 2:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise AssertionError("gunicorn did not start:\n" + log.read_text())

    def request(self, method, path, body=None, headers=None, timeout=30):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            data = json.dumps(body) if body is not None else None
            conn.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
            response = conn.getresponse()
            raw = response.read()
            return response.status, (json.loads(raw) if raw else None)
        finally:
            conn.close()

    def workers(self) -> list[int]:
        return workers(self.proc)

    def kill(self) -> None:
        """SIGKILL the master and its workers at the same moment: nothing gets to clean up."""
        kill_at_once(self.proc)
        self.log.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()
        if not self.log.closed:
            self.log.close()


def burst(server: Server, games: list[dict], stop: threading.Event, acknowledged: list, errors: list):
    """Writers (two per game) recording rounds and correcting them until ``stop`` is set."""

    def writer(game, seed):
        auth = {"Authorization": f"Bearer {game['edit_token']}"}
        n = 0
        while not stop.is_set():
            n += 1
            try:
                status, state = server.request("GET", f"/api/v1/games/{game['id']}")
                if status != 200:
                    errors.append(("GET", status, state))
                    continue
                rounds = len(state["rounds"])
                if n % 3 == 0 and rounds:
                    body = {"went_out": "Ann", "hands": {"Bob": {"card_count": seed}, "Cy": {"card_count": n % 5}},
                            "reason": f"writer {seed} pass {n}"}
                    status, answer = server.request("PUT", f"/api/v1/games/{game['id']}/rounds/{rounds}",
                                                    body, auth)
                    kind = ("correction", rounds)
                else:
                    body = {"round": rounds + 1, "went_out": PLAYERS[n % 3],
                            "hands": {p: {"card_count": 1 + (seed + n) % 2} for p in PLAYERS if p != PLAYERS[n % 3]}}
                    status, answer = server.request("POST", f"/api/v1/games/{game['id']}/rounds", body,
                                                    {**auth, "Idempotency-Key": uuid.uuid4().hex})
                    kind = ("round", rounds + 1)
            except (OSError, http.client.HTTPException):
                continue  # the server is being killed: this write was never answered
            if status >= 500:
                errors.append((kind, status, answer))
            elif status in (200, 201):
                acknowledged.append((game["id"], kind, answer))

    threads = [threading.Thread(target=writer, args=(g, s)) for g in games for s in (1, 2)]
    for t in threads:
        t.start()
    return threads


def check_database(database_url: str, games: list[dict]) -> dict:
    """Integrity, and no half-stored round, straight from the database."""
    engine = sa.create_engine(database_url)
    try:
        with engine.connect() as conn:
            if conn.dialect.name == "sqlite":
                assert conn.execute(sa.text("PRAGMA integrity_check")).scalars().all() == ["ok"]
                assert conn.execute(sa.text("PRAGMA foreign_key_check")).all() == []
            half = conn.execute(sa.text(
                "SELECT r.game_id, r.number, COUNT(h.id) FROM rounds r LEFT JOIN hands h ON h.round_id = r.id "
                "GROUP BY r.game_id, r.number HAVING COUNT(h.id) <> 3")).all()
            assert half == []
            gaps = conn.execute(sa.text(
                "SELECT game_id, COUNT(*), MAX(number) FROM rounds GROUP BY game_id")).all()
            for game_id, count, top in gaps:
                assert count == top, f"round numbers of {game_id} have gaps"
            return {game_id: count for game_id, count, _ in gaps}
    finally:
        engine.dispose()


def test_sigkill_during_a_burst_of_writes_loses_nothing_answered(database_url, tmp_path):
    instance = tmp_path / "instance"
    if database_url.startswith("sqlite:"):
        url = database_url
        db_file = Path(database_url.removeprefix("sqlite:///"))
    else:
        url, db_file = database_url, None
    log = tmp_path / "gunicorn.log"
    server = Server(url, instance, log)
    try:
        games = []
        for _ in range(3):
            status, game = server.request("POST", "/api/v1/games", {"variant": "roy", "players": PLAYERS})
            assert status == 201, game
            games.append(game)
        stop, acknowledged, errors = threading.Event(), [], []
        threads = burst(server, games, stop, acknowledged, errors)
        deadline = time.monotonic() + 60
        while len(acknowledged) < 120 and time.monotonic() < deadline:
            time.sleep(0.05)
        server.kill()  # in the middle of the burst: requests are in flight
        killed_at = len(acknowledged)
        stop.set()
        for t in threads:
            t.join(60)
    finally:
        server.stop()
    assert errors == [], errors[:5]
    assert killed_at >= 30, log.read_text()[-3000:]
    if db_file is not None:
        assert db_file.exists()
        # The WAL is still there after the kill: a fresh reader must see a sound database.
        with sqlite3.connect(db_file) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        conn.close()
    stored = check_database(url, games)
    print(f"\ncrash test ({url.split(':')[0]}): {killed_at} writes answered 2xx before SIGKILL, "
          f"{sum(stored.values())} rounds stored in {len(games)} games, "
          f"{sum(1 for _, kind, _ in acknowledged if kind[0] == 'correction')} of them corrections; checks passed")

    server = Server(url, instance, log)
    try:
        for game in games:
            status, state = server.request("GET", f"/api/v1/games/{game['id']}")
            assert status == 200
            assert len(state["rounds"]) == stored.get(game["id"], 0)
            for rnd in state["rounds"]:
                assert set(rnd["hands"]) == set(PLAYERS)
            for name in PLAYERS:
                assert state["totals"][name] == sum(r["scores"][name] for r in state["rounds"]), name
            # Every answered write is there: answered rounds exist with the answered number.
            answered = [a for gid, kind, a in acknowledged if gid == game["id"] and kind[0] == "round"]
            assert all(a["number"] <= len(state["rounds"]) for a in answered)
            assert len(state["corrections"]) >= len(
                [1 for gid, kind, _ in acknowledged if gid == game["id"] and kind[0] == "correction"])
        # And the restarted server takes writes again.
        game = games[0]
        status, state = server.request("GET", f"/api/v1/games/{game['id']}")
        if state["status"] == "in_progress":
            status, answer = server.request(
                "POST", f"/api/v1/games/{game['id']}/rounds",
                {"went_out": "Ann", "hands": {"Bob": {"card_count": 1}, "Cy": {"card_count": 1}}},
                {"Authorization": f"Bearer {game['edit_token']}"})
            assert status == 201, answer
    finally:
        server.stop()
    if db_file is not None:
        with sqlite3.connect(db_file) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        conn.close()
