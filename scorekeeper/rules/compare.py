"""The variants side by side: every row derived from the :class:`Variant` data, with a ``differs``
flag (the values are not all the same among the variants the row applies to).

Pure module: no Flask.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from . import reference as ref
from .variants import AceRule, ContractKind, Variant

SHORT_ACES = {
    AceRule.LOW: "low only (A-2-3-4)",
    AceRule.LOW_OR_HIGH: "low or high, not both (no K-A-2)",
    AceRule.AROUND_THE_CORNER: "low, high or both (Q-K-A-2)",
    AceRule.HIGH: "high (Q-K-A, never A-2)",
}


@dataclass(frozen=True)
class Row:
    key: str
    label: str
    values: tuple[str | None, ...]  # one per variant; None: does not apply to that variant
    anchor: str  # the rules-page section that explains it

    @property
    def differs(self) -> bool:
        present = {v for v in self.values if v is not None}
        return len(present) > 1


@dataclass(frozen=True)
class Group:
    title: str
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Comparison:
    variants: tuple[Variant, ...]
    groups: tuple[Group, ...]

    @property
    def rows(self) -> list[Row]:
        return [r for g in self.groups for r in g.rows]

    def row(self, key: str) -> Row:
        return next(r for r in self.rows if r.key == key)


def _contract_only(fn: Callable[[Variant], str]) -> Callable[[Variant], str | None]:
    return lambda v: fn(v) if v.is_contract_game else None


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _may_i(fn: Callable[[Variant], str]) -> Callable[[Variant], str | None]:
    return lambda v: fn(v) if v.may_i.allowed else None


def _scoring_round(v: Variant) -> str:
    if v.is_contract_game:
        return "cards left in hand count against you; the player out scores 0"
    return "the winner scores 1 point per card left in each opponent's hand"


def _winner(v: Variant) -> str:
    if v.scoring.target is not None:
        return f"first to {v.scoring.target}"
    return "lowest total" + (" after bonuses" if v.scoring.round_win_bonus else "")


def _rows(variants: Sequence[Variant]) -> tuple[Group, ...]:
    def row(key: str, label: str, anchor: str, fn: Callable[[Variant], str | None]) -> Row:
        return Row(key, label, tuple(fn(v) for v in variants), anchor)

    most_rounds = max((len(v.rounds) for v in variants), default=0)
    contract_rows = tuple(
        row(f"round-{n}", f"Round {n}", "contracts",
            lambda v, n=n: (ref.contract_text(v, n) or "–") if v.is_contract_game else None)
        for n in range(1, most_rounds + 1)
    )
    return (
        Group("Table and deal", (
            row("players", "Players", "setup", ref.players_text),
            row("decks", "Decks", "setup", ref.decks_text),
            row("jokers", "Jokers", "setup", ref.jokers_text),
            row("deal", "Cards dealt", "setup", ref.deal_text),
            row("rounds", "Rounds", "contracts",
                lambda v: str(len(v.rounds)) if v.rounds else f"until someone reaches {v.scoring.target}"),
        )),
        Group("Melds", (
            row("wild", "Wild cards", "melds", _contract_only(ref.wild_text)),
            row("set-min", "Smallest set", "melds", _contract_only(lambda v: str(v.melds.set_min))),
            row("run-min", "Smallest run", "melds", _contract_only(lambda v: str(v.melds.run_min))),
            row("run-max", "Longest run", "melds", _contract_only(lambda v: str(v.melds.run_max))),
            row("aces", "Aces in runs", "melds", lambda v: SHORT_ACES[v.melds.aces] if v.melds else
                (SHORT_ACES[v.roy.aces] + " (play chains)" if v.roy else None)),
            row("wild-limit", "Wilds may outnumber naturals", "melds",
                _contract_only(lambda v: ("no" if v.melds.wilds_may_not_outnumber_naturals else "yes")
                               if v.melds.wild.tokens else "no wilds")),
            row("all-wild-set", "A set of wilds only", "melds",
                _contract_only(lambda v: ("allowed" if v.melds.all_wild_set else "not allowed")
                               if v.melds.wild.tokens else "no wilds")),
            row("same-suit-runs", "Two runs of one suit in a contract", "melds",
                _contract_only(lambda v: "allowed" if v.melds.same_suit_runs else "not allowed")),
        )),
        Group("Contracts (fewest cards)", (
            row("contract-kind", "The contract is", "contracts",
                _contract_only(lambda v: "exact" if v.contract_kind is ContractKind.EXACT
                               else "a minimum (more or longer melds allowed)")),
            *contract_rows,
            row("last-round", "Last round", "last-round", _contract_only(ref.last_round_text)),
        )),
        Group("May I", (
            row("may-i", "May I", "may-i", lambda v: "yes" if v.may_i.allowed else "no"),
            row("may-i-penalty", "Penalty cards per discard taken", "may-i",
                _may_i(lambda v: str(v.may_i.penalty_cards_per_discard))),
            row("may-i-several", "Several discards at once", "may-i", _may_i(lambda v: _yes(v.may_i.multiple_discards))),
            row("may-i-dead", "Rest of the pile dead afterwards", "may-i",
                _may_i(lambda v: _yes(v.may_i.discard_pile_dead))),
            row("may-i-wait", "Taker waits a turn to lay down", "may-i",
                _may_i(lambda v: _yes(v.may_i.no_lay_down_until_next_turn))),
            row("house-options", "House options", "may-i",
                lambda v: ", ".join(o.label for o in v.house_options.values()) or "none"),
        )),
        Group("Scoring", (
            row("points", "Card points", "scoring", _contract_only(ref.points_text)),
            row("round-score", "Each round", "scoring", _scoring_round),
            row("bonus", "Off your total per round won", "scoring",
                _contract_only(lambda v: str(v.scoring.round_win_bonus) if v.scoring.round_win_bonus else "–")),
            row("missing-card", "Per missing card (incorrect hand)", "irregularities",
                _contract_only(lambda v: str(v.scoring.missing_card_penalty))),
            row("winner", "Winner", "scoring", _winner),
            row("stock", "Stock runs out", "stock", ref.stock_text),
        )),
    )


def comparison(variants: Sequence[Variant] | None = None) -> Comparison:
    """All (or the given) variants side by side."""
    vs = tuple(variants if variants is not None else ref.all_variants())
    return Comparison(vs, _rows(vs))
