"""scorekeeper.rules.aces: each ace rule said three ways (a rules page, a scoresheet's legend,
the comparison table), each a sentence a player reads, never nothing."""
from __future__ import annotations

import pytest

from scorekeeper.rules.aces import ace_text, describe_aces, short_aces
from scorekeeper.rules.variants import AceRule

WORDS = [
    (AceRule.LOW, "low only: A-2-3-4, never Q-K-A", "Aces are low only: A-2-3-4, never Q-K-A.",
     "low only (A-2-3-4)"),
    (AceRule.LOW_OR_HIGH, "low (A-2-3-4) or high (J-Q-K-A), not both in one run: no K-A-2",
     "An ace is low (A-2-3) or high (Q-K-A) in a run, not both: no K-A-2.", "low or high, not both (no K-A-2)"),
    (AceRule.AROUND_THE_CORNER, "low, high, or both at once: a run may turn the corner (Q-K-A-2)",
     "Aces are low, high or both: runs may turn the corner (Q-K-A-2).", "low, high or both (Q-K-A-2)"),
    (AceRule.HIGH, "high only: Q-K-A chains, A-2 does not", "Aces are high in play chains: Q-K-A, never A-2.",
     "high (Q-K-A, never A-2)"),
]


@pytest.mark.parametrize("rule, page, sheet, short", WORDS, ids=[w[0].name for w in WORDS])
def test_each_ace_rule_in_its_three_places(rule, page, sheet, short):
    assert ace_text(rule) == page
    assert describe_aces(rule) == sheet
    assert short_aces(rule) == short


def test_every_ace_rule_has_its_words():
    assert {w[0] for w in WORDS} == set(AceRule)
