"""What an ace does, in words: the one home of the ace rules' prose. Each rule is said three ways,
for where it is read: on a rules page ("Aces in runs: …"), on a scoresheet's legend (a sentence),
and in the comparison table (a few words)."""
from __future__ import annotations

from dataclasses import dataclass

from .variants import AceRule
from .words import N_, _


@dataclass(frozen=True)
class AceWords:
    page: str
    sheet: str
    short: str


# In English; the functions below give them in the reader's language.
ACE_WORDS = {
    AceRule.LOW: AceWords(
        N_("low only: A-2-3-4, never Q-K-A"),
        N_("Aces are low only: A-2-3-4, never Q-K-A."),
        N_("low only (A-2-3-4)")),
    AceRule.LOW_OR_HIGH: AceWords(
        N_("low (A-2-3-4) or high (J-Q-K-A), not both in one run: no K-A-2"),
        N_("An ace is low (A-2-3) or high (Q-K-A) in a run, not both: no K-A-2."),
        N_("low or high, not both (no K-A-2)")),
    AceRule.AROUND_THE_CORNER: AceWords(
        N_("low, high, or both at once: a run may turn the corner (Q-K-A-2)"),
        N_("Aces are low, high or both: runs may turn the corner (Q-K-A-2)."),
        N_("low, high or both (Q-K-A-2)")),
    AceRule.HIGH: AceWords(
        N_("high only: Q-K-A chains, A-2 does not"),
        N_("Aces are high in play chains: Q-K-A, never A-2."),
        N_("high (Q-K-A, never A-2)")),
}


def ace_text(rule: AceRule) -> str:
    """For a rules page: "Aces in runs: <this>."."""
    return _(ACE_WORDS[rule].page)


def describe_aces(rule: AceRule) -> str:
    """For a scoresheet's legend: a sentence."""
    return _(ACE_WORDS[rule].sheet)


def short_aces(rule: AceRule) -> str:
    """For the comparison table: a few words."""
    return _(ACE_WORDS[rule].short)
