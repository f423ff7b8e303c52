"""The random walk of phones (tests/support/phone_walk.py, docs/testing.md): each seed drives the
scorekeeper's phone (two tabs, network cut now and then, its clock moved past every timer), a
second scorekeeper and two players (one in French) through a game, then checks what the server
holds and what the pages show against what each person was told. A few seeds run in the suite;
``make monkey SEQS=N`` runs N (from ``MONKEY_FIRST``, 1 by default). A failure names its seed and
its steps; ``make monkey SEQS=1 MONKEY_FIRST=<seed>`` replays it."""
from __future__ import annotations

import os

import pytest

from support.phone_walk import Walk

pytestmark = pytest.mark.browser

FIRST = int(os.environ.get("MONKEY_FIRST", "1"))
SEQS = int(os.environ.get("MONKEY_SEQS", "2"))  # in the suite: two seeds of 8 steps (under a minute)
STEPS = int(os.environ.get("MONKEY_STEPS", "8"))


@pytest.mark.parametrize("seed", range(FIRST, FIRST + SEQS))
def test_a_random_walk_of_phones_invents_no_round(browser, live_server, seed):
    walk = Walk(browser, live_server, seed)
    try:
        for _ in range(STEPS):
            walk.step()
        walk.settle()
        walk.check()
    except Exception as err:
        steps = "\n  ".join(walk.log)
        raise AssertionError(f"seed {seed} failed (replay: make monkey SEQS=1 MONKEY_FIRST={seed}):\n  {steps}\n{err}") from err
    finally:
        if os.environ.get("MONKEY_VERBOSE"):
            print(f"seed {seed}:", *walk.log, sep="\n  ")
        walk.close()
