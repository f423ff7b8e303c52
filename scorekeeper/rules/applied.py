"""Which rules-page section a verdict's citations point to, so every tool answer can name the rule
it applied and link to it (``/rules/<variant>#<anchor>``).

Pure module: no Flask.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from .cards import Card
from .reference import rules_page
from .variants import Citation, Variant

# variant.sources key -> the rules-page sections that state it (the first is the usual one)
KEY_ANCHORS: dict[str, tuple[str, ...]] = {
    "players": ("setup",), "pack": ("setup",), "deal": ("setup",),
    "melds": ("melds",), "aces": ("melds",), "wild": ("melds",), "wild_limits": ("melds",),
    "same_suit_runs": ("melds",), "contracts": ("contracts",), "last_round": ("last-round",),
    "points": ("scoring",), "scoring": ("scoring",),
    "may_i": ("may-i",), "laying_off": ("laying-off",), "stock": ("stock",),
    "incomplete_games": ("player-leaving", "missing-score"), "irregularities": ("irregularities",),
    "play": ("turn", "chains"), "special_cards": ("jacks", "aces", "king-of-spades", "starter-card"),
    # the citations of single sentences (the variants' TOML files, [sources])
    "turn": ("turn",), "going_out": ("going-out",), "players_min": ("setup",), "deal_order": ("setup",),
    "every_round": ("contracts",), "all_at_once": ("contracts",),
}


@dataclass(frozen=True)
class AppliedRule:
    anchor: str
    title: str  # the rules-page section title
    citation: Citation


def rules_applied(v: Variant, citations: Iterable[Citation], default_anchor: str,
                  prefer: Sequence[str] = ()) -> list[AppliedRule]:
    """Each citation with the section of ``v``'s rules page that states it. A citation that is not
    one of the variant's sources (a house option, scorekeeper's choice) goes to ``default_anchor``;
    ``prefer`` lists anchors to use first when a source backs several sections."""
    page = rules_page(v)
    anchors = set(page.anchors)
    out: list[AppliedRule] = []
    for c in citations:
        candidates = [a for k, src in v.sources.items() if src == c for a in KEY_ANCHORS.get(k, ())]
        for opt in v.house_options.values():
            if opt.source == c:
                candidates.append("melds" if opt.adds_wild else "may-i")
        ordered = [a for a in prefer if a in candidates] + candidates
        anchor = next((a for a in ordered if a in anchors), default_anchor)
        item = AppliedRule(anchor, page.section(anchor).title, c)
        if item not in out:
            out.append(item)
    if not out:
        out.append(AppliedRule(default_anchor, page.section(default_anchor).title, v.cite("deal")))
    return out


def roy_anchors(v: Variant, top: Card, cards: Sequence[Card], pending_draw: int, announced: str | None) -> list[str]:
    """The ROY sections a play touches, most specific first (source 002, rules 3-6)."""
    r = v.roy
    out: list[str] = []
    if r is None:
        return ["turn"]
    if (len(cards) == 1 and cards[0].rank == r.suit_changer) or announced:
        out.append("jacks")
    if pending_draw or (cards and cards[-1].rank == r.draw_card):
        out.append("aces")
    if cards and cards[-1].code == r.skip_card:
        out.append("king-of-spades")
    out.append("chains" if len(cards) > 1 else "turn")
    return out
