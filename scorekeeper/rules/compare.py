"""The variants side by side: every row derived from the :class:`Variant` data, with a ``differs``
flag (the values are not all the same among the variants the row applies to).

Labels and values are written in the reader's language when the comparison is made (per call).

Pure module: no Flask.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from . import reference as ref
from .aces import short_aces
from .variants import ContractKind, Variant, all_variants, shown_text
from .words import _


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
    return _("yes") if flag else _("no")


def _allowed(flag: bool) -> str:
    return _("allowed") if flag else _("not allowed")


def _may_i(fn: Callable[[Variant], str]) -> Callable[[Variant], str | None]:
    return lambda v: fn(v) if v.may_i.allowed else None


def _scoring_round(v: Variant) -> str:
    if v.is_contract_game:
        return _("cards left in hand count against you; the player out scores 0")
    return _("the winner scores 1 point per card left in each opponent's hand")


def _winner(v: Variant) -> str:
    if v.scoring.target is not None:
        return _("first to %(target)s", target=v.scoring.target)
    return _("lowest total after bonuses") if v.scoring.round_win_bonus else _("lowest total")


def _rows(variants: Sequence[Variant]) -> tuple[Group, ...]:
    def row(key: str, label: str, anchor: str, fn: Callable[[Variant], str | None]) -> Row:
        return Row(key, label, tuple(fn(v) for v in variants), anchor)

    def contract_of(n: int) -> Callable[[Variant], str | None]:
        """Round ``n``'s contract in words (a dash past a variant's last round; nothing for ROY)."""
        return lambda v: (ref.contract_text(v, n) or "–") if v.is_contract_game else None

    most_rounds = max((len(v.rounds) for v in variants), default=0)
    contract_rows = tuple(row(f"round-{n}", _("Round %(n)s", n=n), "contracts", contract_of(n))
                          for n in range(1, most_rounds + 1))
    return (
        Group(_("Table and deal"), (
            row("players", _("Players"), "setup", ref.players_text),
            row("decks", _("Decks"), "setup", ref.decks_text),
            row("jokers", _("Jokers"), "setup", ref.jokers_text),
            row("deal", _("Cards dealt"), "setup", ref.deal_text),
            row("rounds", _("Rounds"), "contracts",
                lambda v: str(len(v.rounds)) if v.rounds else _("until someone reaches %(target)s",
                                                                  target=v.scoring.target)),
        )),
        Group(_("Melds"), (
            row("wild", _("Wild cards"), "melds", _contract_only(ref.wild_text)),
            row("set-min", _("Smallest set"), "melds", _contract_only(lambda v: str(v.meld_rules().set_min))),
            row("run-min", _("Smallest run"), "melds", _contract_only(lambda v: str(v.meld_rules().run_min))),
            row("run-max", _("Longest run"), "melds", _contract_only(lambda v: str(v.meld_rules().run_max))),
            row("aces", _("Aces in runs"), "melds", lambda v: short_aces(v.melds.aces) if v.melds else
                (_("%(aces)s (play chains)", aces=short_aces(v.roy.aces)) if v.roy else None)),
            row("wild-limit", _("Wilds may outnumber naturals"), "melds",
                _contract_only(lambda v: _yes(not v.meld_rules().wilds_may_not_outnumber_naturals)
                               if v.meld_rules().wild.tokens else _("no wilds"))),
            row("all-wild-set", _("A set of wilds only"), "melds",
                _contract_only(lambda v: _allowed(v.meld_rules().all_wild_set)
                               if v.meld_rules().wild.tokens else _("no wilds"))),
            row("same-suit-runs", _("Two runs of one suit in a contract"), "melds",
                _contract_only(lambda v: _allowed(v.meld_rules().same_suit_runs))),
        )),
        Group(_("Contracts (fewest cards)"), (
            row("contract-kind", _("The contract is"), "contracts",
                _contract_only(lambda v: _("exact") if v.contract_kind is ContractKind.EXACT
                               else _("a minimum (more or longer melds allowed)"))),
            *contract_rows,
            row("last-round", _("Last round"), "last-round", _contract_only(ref.last_round_text)),
        )),
        Group(_("May I"), (
            row("may-i", _("May I"), "may-i", lambda v: _yes(v.may_i.allowed)),
            row("may-i-penalty", _("Penalty cards per discard taken"), "may-i",
                _may_i(lambda v: str(v.may_i.penalty_cards_per_discard))),
            row("may-i-several", _("Several discards at once"), "may-i", _may_i(lambda v: _yes(v.may_i.multiple_discards))),
            row("may-i-dead", _("Rest of the pile dead afterwards"), "may-i",
                _may_i(lambda v: _yes(v.may_i.discard_pile_dead))),
            row("may-i-wait", _("Taker waits a turn to lay down"), "may-i",
                _may_i(lambda v: _yes(v.may_i.no_lay_down_until_next_turn))),
            row("house-options", _("House options"), "may-i",
                lambda v: ", ".join(shown_text(o.label) for o in v.house_options.values()) or _("none")),
        )),
        Group(_("Scoring"), (
            row("points", _("Card points"), "scoring", _contract_only(ref.points_text)),
            row("round-score", _("Each round"), "scoring", _scoring_round),
            row("bonus", _("Off your total per round won"), "scoring",
                _contract_only(lambda v: str(v.scoring.round_win_bonus) if v.scoring.round_win_bonus else "–")),
            row("missing-card", _("Per missing card (incorrect hand)"), "irregularities",
                _contract_only(lambda v: str(v.scoring.missing_card_penalty))),
            row("winner", _("Winner"), "scoring", _winner),
            row("stock", _("Stock runs out"), "stock", ref.stock_text),
        )),
    )


def comparison(variants: Sequence[Variant] | None = None) -> Comparison:
    """All (or the given) variants side by side."""
    vs = tuple(variants if variants is not None else all_variants())
    return Comparison(vs, _rows(vs))
