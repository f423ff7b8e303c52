"""The rule sources' fingerprints, for the tests that no page copies a source's sentence
(tests/support/copy_check.py)."""
from __future__ import annotations

import pytest

from scorekeeper.rules.variants import SOURCE_KEYS
from support import copy_check
from support.copy_check import copied  # noqa: F401  (the check itself)


@pytest.fixture(scope="module")
def source_runs() -> dict[str, frozenset[str]]:
    """The fingerprints of every run of 8 words of each rule source (tests/support/copy_check.py)."""
    runs = copy_check.load()
    assert set(runs) == set(SOURCE_KEYS)
    assert all(len(r) > 100 for r in runs.values())
    return runs
