"""The fast rules tests: pure scorekeeper.rules, no app, no database (docs/testing.md).

They need no database, so the PostgreSQL pass of ``make test`` skips them (they run in the SQLite
pass, and alone with ``make test-rules``).

Hypothesis always runs without deadlines and with fixed examples (``tests/conftest.py``); under
``make mutation`` (mutmut sets ``MUTANT_UNDER_TEST``) with fewer of them, since each mutant reruns
every test that reaches it.
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
