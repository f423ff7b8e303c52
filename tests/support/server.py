"""The app under gunicorn as README.md documents it, for the tests of a real server."""
from __future__ import annotations
import http.client
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path
import pytest
from support import pgcluster


ROOT = Path(__file__).resolve().parents[2]


def documented_command() -> list[str]:
    """The gunicorn command of README.md ("Running a club server"), as a list of arguments."""
    line = next(l for l in (ROOT / "README.md").read_text().splitlines() if "bin/gunicorn " in l)
    words = shlex.split(line)
    return words[words.index(next(w for w in words if w.endswith("bin/gunicorn"))) + 1:]


@pytest.fixture
def server(database_url, tmp_path):
    """gunicorn as documented, on a free port of 127.0.0.1, on the test's database."""
    args = documented_command()
    port = pgcluster.free_port()
    args[args.index("--bind") + 1] = f"127.0.0.1:{port}"
    env = dict(os.environ, DATABASE_URL=database_url, SCOREKEEPER_INSTANCE_PATH=str(tmp_path / "instance"),
               PYTHONPATH=str(ROOT))
    log = open(tmp_path / "gunicorn.log", "ab")
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "--graceful-timeout", "1", *args],
                            cwd=ROOT, env=env, stdout=log, stderr=log)
    try:
        deadline = time.monotonic() + 90
        while True:
            assert proc.poll() is None, (tmp_path / "gunicorn.log").read_text()
            try:
                if get(port, "/api/v1/variants")[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, (tmp_path / "gunicorn.log").read_text()
            time.sleep(0.2)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        log.close()


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
