"""The fast rules tests: pure scorekeeper.rules, no app, no database (docs/testing.md).

Under ``make mutation`` (mutmut sets ``MUTANT_UNDER_TEST``) hypothesis runs without deadlines and
with fixed examples (fewer of them: each mutant reruns every test that reaches it), so a mutant is killed
by a wrong answer, never by slowness or luck.
"""
from __future__ import annotations

import os

from hypothesis import settings

if "MUTANT_UNDER_TEST" in os.environ:
    settings.register_profile("mutation", deadline=None, derandomize=True, database=None, max_examples=30)
    settings.load_profile("mutation")
