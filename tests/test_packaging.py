"""The package a club server installs (`pip install '.[server]'`, not editable) holds every
module, template and static file the app needs."""
from __future__ import annotations

import runpy
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def found_packages() -> set[str]:
    """The packages setup.py hands to setuptools (found on disk, never listed by hand)."""
    return set(runpy.run_path(str(ROOT / "setup.py"), run_name="setup_under_test")["packages"]())


def test_every_python_package_is_found_for_the_wheel():
    on_disk = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "scorekeeper").rglob("__init__.py")
        if "__pycache__" not in p.parts
    }
    found = found_packages()
    assert on_disk - found == set()
    assert {"scorekeeper.rules.variants", "scorekeeper.translations.fr.LC_MESSAGES"} <= found  # data only
    assert not any("__pycache__" in name for name in found)


def test_server_extra_has_gunicorn_and_the_postgresql_driver():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    server = " ".join(config["project"]["optional-dependencies"]["server"])
    assert "gunicorn" in server and "psycopg" in server


def test_every_template_and_static_folder_is_found_for_the_wheel():
    """setuptools sees each folder of package data as a package: not found, it warns at install."""
    on_disk = {
        ".".join(("scorekeeper", top) + d.relative_to(ROOT / top).parts)
        for top in ("templates", "static")
        for d in [ROOT / top, *(ROOT / top).rglob("*")]
        if d.is_dir() and "__pycache__" not in d.parts
    }
    assert len(on_disk) > 5
    assert on_disk - found_packages() == set()


@pytest.mark.slow
def test_building_the_package_prints_no_setuptools_warnings(tmp_path):
    """What `pip install .` prints while building: no 'Package would be ignored' or other warning."""
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(tmp_path), str(ROOT)],
        capture_output=True, text=True, check=True, cwd=tmp_path,
    )
    out = build.stdout + build.stderr
    assert "would be ignored" not in out and "Warning:" not in out, out
    wheel = next(tmp_path.glob("scorekeeper-*.whl"))
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    assert "scorekeeper/static/js/offline.js" in names and "scorekeeper/templates/games/round.html" in names
    assert "scorekeeper/translations/fr/LC_MESSAGES/messages.mo" in names


def test_readme_says_how_to_choose_the_address_and_port_of_make_run():
    makefile = (ROOT / "Makefile").read_text()
    readme = (ROOT / "README.md").read_text()
    assert "${HOST:-127.0.0.1}" in makefile and "${PORT:-5000}" in makefile
    assert "PORT=8080 make run" in readme and "HOST=0.0.0.0 PORT=8080 make run" in readme
