"""The app under gunicorn as README.md documents it, for the tests of a real server."""
from __future__ import annotations
import contextlib
import http.client
import json
import os
import shlex
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
import pytest
from support import pgcluster


ROOT = Path(__file__).resolve().parents[2]


def documented_command() -> list[str]:
    """The gunicorn command of README.md ("Running a club server"), as a list of arguments."""
    line = next(text for text in (ROOT / "README.md").read_text().splitlines() if "bin/gunicorn " in text)
    words = shlex.split(line)
    return words[words.index(next(w for w in words if w.endswith("bin/gunicorn"))) + 1:]


@contextlib.contextmanager
def documented_server(database_url: str, folder: Path):
    """gunicorn as documented, on a free port of 127.0.0.1, on ``database_url``, its instance folder
    and log in ``folder``; yields the port once it answers."""
    args = documented_command()
    port = pgcluster.free_port()
    args[args.index("--bind") + 1] = f"127.0.0.1:{port}"
    env = dict(os.environ, DATABASE_URL=database_url, SCOREKEEPER_INSTANCE_PATH=str(folder / "instance"),
               PYTHONPATH=str(ROOT))
    log = open(folder / "gunicorn.log", "ab")
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "--graceful-timeout", "1", *args],
                            cwd=ROOT, env=env, stdout=log, stderr=log)
    try:
        deadline = time.monotonic() + 90
        while True:
            assert proc.poll() is None, (folder / "gunicorn.log").read_text()
            try:
                if get(port, "/api/v1/variants")[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, (folder / "gunicorn.log").read_text()
            time.sleep(0.2)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        log.close()


@pytest.fixture
def server(database_url, tmp_path):
    """gunicorn as documented, on a free port of 127.0.0.1, on the test's database."""
    with documented_server(database_url, tmp_path) as port:
        yield port


def get(port: int, path: str, timeout: float = 30) -> tuple[int, float]:
    """Status and seconds taken by an ordinary request."""
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status, time.monotonic() - started
    finally:
        conn.close()


def call(port: int, method: str, path: str, body=None, token=None, headers=None):
    """One JSON request to the server on ``port``: (status, the JSON answer or the text)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    sent = {"Content-Type": "application/json", **(headers or {})}
    if token:
        sent["Authorization"] = f"Bearer {token}"
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=sent)
        r = conn.getresponse()
        raw = r.read()
        return r.status, (json.loads(raw) if raw and r.getheader("Content-Type", "").startswith("application/json")
                          else raw.decode())
    finally:
        conn.close()


def at_once(calls):
    """Run the calls on real threads released together; their answers in order."""
    barrier = threading.Barrier(len(calls))
    answers = [None] * len(calls)

    def run(i, fn):
        barrier.wait()
        try:
            answers[i] = fn()
        except Exception as err:  # (the test then fails naming it)
            answers[i] = ("error", repr(err))

    threads = [threading.Thread(target=run, args=(i, fn)) for i, fn in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return answers


def workers(master: subprocess.Popen) -> list[int]:
    """The process ids of a gunicorn master's workers (its children)."""
    try:
        text = Path(f"/proc/{master.pid}/task/{master.pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def kill_at_once(master: subprocess.Popen) -> None:
    """SIGKILL a gunicorn master and its workers at the same moment, as a machine that loses its
    power: nothing gets to clean up."""
    for pid in [*workers(master), master.pid]:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    master.wait(30)
