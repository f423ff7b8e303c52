"""The fast rules tests: pure scorekeeper.rules, no app, no database (docs/testing.md).

They need no database, so the PostgreSQL pass of ``make test`` skips them (they run in the SQLite
pass, and alone with ``make test-rules``).

Under ``make mutation`` (mutmut sets ``MUTANT_UNDER_TEST``) hypothesis runs without deadlines and
with fixed examples (fewer of them: each mutant reruns every test that reaches it), so a mutant is killed
by a wrong answer, never by slowness or luck.
"""
from __future__ import annotations

import os
from pathlib import Path

from hypothesis import settings

HERE = Path(__file__).parent

if "MUTANT_UNDER_TEST" in os.environ:
    settings.register_profile("mutation", deadline=None, derandomize=True, database=None, max_examples=30)
    settings.load_profile("mutation")


def pytest_ignore_collect(collection_path, config):
    backend = config.getoption("--db", default=None) or os.environ.get("SCOREKEEPER_TEST_DB") or "sqlite"
    if backend == "postgresql" and collection_path.parent == HERE and collection_path.name.startswith("test_"):
        return True
    return None
