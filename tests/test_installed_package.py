"""The package as a club server gets it: a wheel built with ``python -m build`` from the files of a
clone, installed into a fresh virtual environment as README.md ("Running a club server") says, and
run under that environment's gunicorn the way docs/scorekeeper.service (the systemd unit) runs it,
answers a French browser in French."""
from __future__ import annotations

import http.client
import os
import shlex
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
UNIT = ROOT / "docs" / "scorekeeper.service"
README = ROOT / "README.md"


def unit_settings() -> list[tuple[str, str]]:
    """The systemd unit's ``Key=value`` lines, in order (a key may come more than once)."""
    lines = UNIT.read_text(encoding="utf-8").splitlines()
    return [tuple(line.split("=", 1)) for line in lines if line and not line.startswith(("#", "["))]


def unit_command() -> list[str]:
    """The unit's ExecStart as arguments (systemd writes a literal % as %%)."""
    return shlex.split(dict(unit_settings())["ExecStart"].replace("%%", "%"))


def unit_environment() -> dict[str, str]:
    return dict(value.split("=", 1) for key, value in unit_settings() if key == "Environment")


def test_the_systemd_unit_runs_the_readmes_gunicorn_command():
    settings = dict(unit_settings())
    readme = README.read_text(encoding="utf-8")
    documented = next(line for line in readme.splitlines() if "bin/gunicorn " in line)
    assert unit_command() == shlex.split(documented)
    assert unit_environment()["SCOREKEEPER_INSTANCE_PATH"] == "/var/lib/" + settings["StateDirectory"]
    assert settings["Restart"] == "on-failure" and settings["WantedBy"] == "multi-user.target"
    assert "docs/scorekeeper.service" in readme and '"Serving phones over HTTPS"' in readme


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


@pytest.mark.slow
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
    # The unit's command and settings, with this venv, a free port and the test's own folders.
    command = [arg.replace("/opt/scorekeeper", str(venv)) for arg in unit_command()]
    command[command.index("--bind") + 1] = f"127.0.0.1:{port}"
    env.update(unit_environment(), DATABASE_URL=f"sqlite:///{tmp_path / 'club.db'}",
               SCOREKEEPER_INSTANCE_PATH=str(tmp_path / "instance"), XDG_CACHE_HOME=str(tmp_path / "cache"))
    with log_path.open("ab") as log:
        server = subprocess.Popen([*command, "--graceful-timeout", "1"], cwd=tmp_path, env=env, stdout=log, stderr=log)
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
