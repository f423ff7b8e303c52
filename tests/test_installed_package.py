"""The package as a club server gets it: a wheel built with ``python -m build`` from the files of a
clone, installed into a fresh virtual environment as README.md ("Running a club server") says, and
run under that environment's gunicorn, answers a French browser in French."""
from __future__ import annotations

import http.client
import os
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import pgcluster

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "scorekeeper" / "translations" / "fr" / "LC_MESSAGES" / "messages.po"
MO = "scorekeeper/translations/fr/LC_MESSAGES/messages.mo"

pytestmark = pytest.mark.slow


def run(*args, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True, **kwargs)
    assert done.returncode == 0, f"{args}\n{done.stdout}\n{done.stderr}"
    return done


def clone_files(into: Path) -> Path:
    """The files git tracks, as a fresh clone has them (no compiled catalogue, nothing built)."""
    listed = run("git", "ls-files", "-z", cwd=ROOT).stdout.split("\0")
    for name in filter(None, listed):
        if (ROOT / name).is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, into / name)
    return into


def french(msgid: str) -> str:
    with CATALOGUE.open("rb") as f:
        translation = read_po(f)[msgid].string
    assert translation and translation != msgid
    return translation


def get(port: int, path: str, language: str) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path, headers={"Accept-Language": language})
        response = conn.getresponse()
        return response.status, response.read().decode("utf-8")
    finally:
        conn.close()


def test_a_wheel_installed_in_a_fresh_venv_serves_french_under_gunicorn(tmp_path):
    source = clone_files(tmp_path / "clone")
    assert not (source / MO).exists()
    run(sys.executable, "-m", "build", "--outdir", tmp_path / "dist", source, cwd=tmp_path)
    (wheel,) = (tmp_path / "dist").glob("scorekeeper-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        assert MO in zf.namelist(), "the wheel holds the compiled French catalogue"
    assert not (source / MO).exists(), "compiled into the wheel, not into the clone"

    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", venv)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    run(venv / "bin" / "python", "-m", "pip", "install", "--quiet", f"{wheel}[server]", env=env, cwd=tmp_path)
    where = run(venv / "bin" / "python", "-c", "import scorekeeper; print(scorekeeper.__file__)", env=env,
                cwd=tmp_path).stdout.strip()
    assert Path(where).is_relative_to(venv), where  # the installed package, not this checkout

    port = pgcluster.free_port()
    log_path = tmp_path / "gunicorn.log"
    env.update(DATABASE_URL=f"sqlite:///{tmp_path / 'club.db'}", SCOREKEEPER_INSTANCE_PATH=str(tmp_path / "instance"))
    with log_path.open("ab") as log:
        server = subprocess.Popen([venv / "bin" / "gunicorn", "--workers", "1", "--worker-class", "gthread",
                                   "--threads", "4", "--graceful-timeout", "1", "--bind", f"127.0.0.1:{port}",
                                   "scorekeeper:create_app()"], cwd=tmp_path, env=env, stdout=log, stderr=log)
        try:
            deadline = time.monotonic() + 90
            while True:
                assert server.poll() is None, log_path.read_text()
                try:
                    status, home = get(port, "/", "fr-FR,fr;q=0.9,en;q=0.5")
                    break
                except OSError:
                    assert time.monotonic() < deadline, log_path.read_text()
                    time.sleep(0.2)
            assert status == 200
            assert '<html lang="fr">' in home
            assert f"<title>{french('Home')} · scorekeeper</title>" in home
            status, rules = get(port, "/rules/continental", "fr")
            assert status == 200 and '<html lang="fr">' in rules
            assert french("Contracts") in rules  # the rules package's sentences: the same catalogue
            status, english = get(port, "/", "en")
            assert status == 200 and "<title>Home · scorekeeper</title>" in english
        finally:
            server.terminate()
            server.wait(timeout=30)
