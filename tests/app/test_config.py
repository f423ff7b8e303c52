"""One home for the settings (scorekeeper/config.py): every setting the package reads is listed there
with its default, no module sets a default of its own, a fresh app has them all, and a deployment's
environment variable changes one."""
from __future__ import annotations

import re
from pathlib import Path

from scorekeeper import config, create_app

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
# Read by the app but given by each deployment or the tests, or Flask-WTF's own.
NOT_DEFAULTS = {"SECRET_KEY", "SQLALCHEMY_DATABASE_URI", "WTF_CSRF_ENABLED", "WTF_CSRF_METHODS",
                "WTF_CSRF_CHECK_DEFAULT"}
READ = re.compile(r"""config(?:\[|\.get\(|\.setdefault\()\s*["']([A-Z][A-Z0-9_]+)["']""")


def settings_read() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        if "migrations" in path.parts:
            continue
        for match in READ.finditer(path.read_text(encoding="utf-8")):
            found.setdefault(match.group(1), []).append(str(path.relative_to(PACKAGE)))
    return found


def test_every_setting_read_is_listed_with_its_default_and_none_is_defaulted_elsewhere():
    read = settings_read()
    assert {"MAX_CONTENT_LENGTH", "PDF_RENDER_WAIT", "SCOREKEEPER_AUTO_MIGRATE"} <= set(read)  # (the scan reads)
    assert sorted(set(read) - set(config.settings()) - NOT_DEFAULTS) == []
    defaulted = [f"{path}: {line.strip()}" for path in PACKAGE.rglob("*.py") if "migrations" not in path.parts
                 for line in path.read_text(encoding="utf-8").splitlines() if "config.setdefault(" in line]
    assert defaulted == []


def test_a_fresh_app_has_every_default(database_url):
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": database_url})
    try:
        assert {name: app.config[name] for name in config.settings()} == config.settings()
        assert app.config["RATELIMIT_PDF"] == "30 per minute" and app.config["MAX_CONTENT_LENGTH"] == 1024 * 1024
    finally:
        with app.app_context():
            app.extensions["sqlalchemy"].engine.dispose()


def test_an_environment_variable_changes_a_setting(monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'env.db'}")
    monkeypatch.setenv("SCOREKEEPER_RATELIMIT_WRITES", "100 per minute")
    monkeypatch.setenv("SCOREKEEPER_PDF_RENDERS_PER_WORKER", "3")
    monkeypatch.setenv("SCOREKEEPER_TESTING", "true")  # (no gc.freeze in the test process)
    app = create_app()
    try:
        assert app.config["RATELIMIT_WRITES"] == "100 per minute" and app.config["PDF_RENDERS_PER_WORKER"] == 3
        assert app.config["RATELIMIT_PDF"] == config.Defaults.RATELIMIT_PDF
    finally:
        with app.app_context():
            app.extensions["sqlalchemy"].engine.dispose()
