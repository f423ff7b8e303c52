"""The hand and deck calculators of the dispute tools: one answer per variant, side by side.

Pure module: no Flask. Each answer carries the rule applied (citation + rules-page anchor).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from .cards import JOKER, Card
from .errors import RulesInputError
from .scoring import HandScore, hand_points
from .variants import Citation, Pack, Variant, all_variants
from .words import _

# Hand-calculator order: the costly cards first, as players sort a hand to count it.
RANK_ORDER: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")


@dataclass(frozen=True)
class RankLine:
    rank: str  # a rank, or "JK"
    count: int
    each: int

    @property
    def points(self) -> int:
        return self.count * self.each


@dataclass(frozen=True)
class HandAnswer:
    variant: Variant
    points: int | None
    lines: tuple[RankLine, ...]
    missing_cards: int
    missing_card_points: int
    error: str | None
    citations: tuple[Citation, ...]
    anchor: str
    note: str = ""


def hand_answers(cards: Sequence[Card], missing_cards: int = 0,
                 variants: Sequence[Variant] | None = None) -> list[HandAnswer]:
    """The cards left in a hand scored under every variant (source of each variant's card values;
    docs/rulings.md, "Irregularities" for missing cards). ROY scores them for the hand's winner instead."""
    return [_penalty(v, cards, missing_cards) if v.lowest_wins else _roy(v, cards)
            for v in (variants if variants is not None else all_variants())]


def _penalty(v: Variant, cards: Sequence[Card], missing_cards: int) -> HandAnswer:
    cites = (v.cite("points"),) + ((Citation("rulings", "Irregularities"),) if missing_cards else ())
    try:
        score: HandScore = hand_points(v, cards, missing_cards)
    except RulesInputError as err:
        return HandAnswer(v, None, (), missing_cards, 0, err.message, cites, "scoring")
    counts = Counter(JOKER if card.is_joker else card.rank for card in cards)
    lines = tuple(RankLine(r, counts[r], v.points[r]) for r in (JOKER, *RANK_ORDER) if r in counts)
    note = ""
    if v.scoring.round_win_bonus:
        note = _("The player who went out scores 0 and takes %(bonus)s off their total.",
                 bonus=v.scoring.round_win_bonus)
    return HandAnswer(v, score.points, lines, score.missing_cards, score.missing_card_points, None, cites,
                      "scoring", note)


def _roy(v: Variant, cards: Sequence[Card]) -> HandAnswer:
    cites = (v.cite("scoring"),)
    for card in cards:
        try:
            v.check_card(card)
        except RulesInputError as err:
            return HandAnswer(v, None, (), 0, 0, err.message, cites, "scoring")
    return HandAnswer(v, len(cards), (), 0, 0, None, cites, "scoring",
                      note=_("Not a penalty: in ROY the hand's winner scores 1 point per card you hold."))


@dataclass(frozen=True)
class DeckAnswer:
    variant: Variant
    players: int
    pack: Pack | None
    dealt: int | None
    stock: int | None
    error: str | None
    citations: tuple[Citation, ...]
    anchor: str = "setup"


def deck_answers(players: int, variants: Sequence[Variant] | None = None) -> list[DeckAnswer]:
    """Decks, jokers and cards for ``players`` under every variant (each variant's pack rule)."""
    out = []
    for v in variants if variants is not None else all_variants():
        cites = tuple(dict.fromkeys((v.cite("pack"), v.cite("deal"))))
        try:
            pack = v.pack(players)
        except RulesInputError as err:
            out.append(DeckAnswer(v, players, None, None, None, err.message, cites))
            continue
        dealt = players * v.cards_dealt
        out.append(DeckAnswer(v, players, pack, dealt, pack.cards - dealt - v.starter_cards, None, cites))
    return out


def check_players_count(value: int, field: str = "players") -> int:
    """Any table size some variant is for (2 to 8 for the built-ins)."""
    lo = min(v.players.min for v in all_variants())
    hi = max(v.players.max for v in all_variants())
    if not lo <= value <= hi:
        raise RulesInputError(_("%(value)s players is out of range: the variants are for %(lo)s to %(hi)s players",
                                value=value, lo=lo, hi=hi), field, value)
    return value

