"""Sets, runs, wild cards and contracts (docs/rulings.md, "Built-in variants").

Everything comes from the variant's data (:class:`~scorekeeper.rules.variants.MeldRules`, the
contract kind, the rounds and the last-round rule); nothing here knows a variant by name.

How a meld is judged:

- A **set** is cards of one rank, at least ``set_min`` of them. A wild card stands for that rank.
  A set made only of wild cards is legal only where ``all_wild_set`` (Continental); elsewhere it
  is illegal (our choice, stated in the reason).
- A **run** is consecutive cards of one suit, ``run_min`` to ``run_max`` cards, no rank twice; wild
  cards fill gaps or extend the ends. Where an ace may sit follows the variant's ace rule: low only
  (A-2-3-4), low or high but never both (no K-A-2), or around the corner (Q-K-A-2).
  A run must hold at least one card standing for itself: wild cards alone have no suit (our choice).
- A joker where jokers are not wild (a house version keeping them in the pack for their points) is in
  no set or run: a meld holding one is illegal.
- A wild card that stands for itself (a red ace as that ace in Continental, a 2 as that 2 in
  Joybells) counts as a natural card, also for "wilds may not outnumber naturals".
- A meld is legal when some assignment of its wild cards makes it legal; the search tries every
  reading (each rank for a set; each suit and each window of ranks for a run), so the order in
  which the cards are given never changes the verdict. There are at most 4 suits x 14 windows
  per meld, so the search is instant even for 13-card runs full of wilds.

How a contract is judged (:func:`check_contract`): every meld must be legal; an *exact* contract
needs exactly its sets and runs (no extra melds); a *minimum* contract (Le May I) needs at least
them. A meld that could be a set or a run (e.g. wild cards and 2s) is matched to the contract's
slots by search. ``same_suit_runs = false`` (Clenney) forbids two runs of one suit in a contract.
The last round's rule (Joybells round 7: every card, 12 dealt + 1 drawn, in the runs) is checked
too; where the last round only asks to go out without a discard, a note says so.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Sequence

from .card_letters import shown
from .cards import ENGLISH, JOKER, RANKS, SUIT_NAMES, SUITS, Card, needs_a_suit
from .errors import RulesInputError
from .variants import AceRule, Citation, ContractKind, Round, Variant
from .words import N_, _, ngettext

SET = "set"
RUN = "run"

# The reasons are sentences in the reader's language (rules/words.py); English outside a request.
_RANK_WORDS = {"A": N_("aces"), "J": N_("jacks"), "Q": N_("queens"), "K": N_("kings")}
_ORDINAL_MELDS = (N_("first meld"), N_("second meld"), N_("third meld"), N_("fourth meld"), N_("fifth meld"),
                  N_("sixth meld"), N_("seventh meld"), N_("eighth meld"), N_("ninth meld"), N_("tenth meld"))

CHOICE_ALL_WILD_SET = Citation("choice", "a set of wild cards only")
CHOICE_WILD_RUN = Citation("choice", "a run needs a natural card")
CHOICE_COPIES = Citation("choice", "no more copies of a card than the pack holds")


# ----- results ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class WildAssignment:
    """What one wild card stands for: a rank in a set (``"8"``), a card in a run (``"9H"``), or
    ``"wild"`` in a set made only of wild cards."""

    card: str
    stands_for: str

    def as_dict(self) -> dict[str, Any]:
        return {"card": self.card, "stands_for": self.stands_for}


@dataclass(frozen=True)
class MeldVerdict:
    """Whether ``cards`` are a legal set or run, and why (docs/rulings.md, "Built-in variants")."""

    cards: tuple[Card, ...]
    kind: str | None
    legal: bool
    reasons: list[str]
    wilds: list[WildAssignment]
    citations: list[Citation]
    notes: list[str] = field(default_factory=list)
    legal_as: tuple[str, ...] = ()  # every kind this meld is legal as ("set", "run" or both)
    suit: str | None = None  # a run's suit
    rank: str | None = None  # a set's rank (None for a set of wild cards only)
    order: tuple[str, ...] = ()  # a run's cards from low to high, as the cards they stand for

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "legal": self.legal,
            "reasons": list(self.reasons),
            "cards": [c.code for c in self.cards],
            "wilds": [w.as_dict() for w in self.wilds],
            "citations": [c.as_dict() for c in self.citations],
            "notes": list(self.notes),
            "legal_as": list(self.legal_as),
            "suit": self.suit,
            "rank": self.rank,
            "order": list(self.order),
        }


@dataclass(frozen=True)
class ContractVerdict:
    """Whether melds laid down together satisfy a round's contract (or, without a round, whether
    each is legal)."""

    legal: bool
    reasons: list[str]
    melds: list[MeldVerdict]
    round: Round | None
    citations: list[Citation]
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "reasons": list(self.reasons),
            "melds": [m.as_dict() for m in self.melds],
            "round": self.round.as_dict() if self.round else None,
            "citations": [c.as_dict() for c in self.citations],
            "notes": list(self.notes),
            "cards": sum(len(m.cards) for m in self.melds),
        }


# ----- small helpers ---------------------------------------------------------------------------

class _Why:
    """Collects reasons (plain sentences) and the citations they rest on; each reason ends with its
    citation as the reader's language names it (the rules pages' and the "rule applied" box's words)."""

    def __init__(self) -> None:
        self.reasons: list[str] = []
        self.notes: list[str] = []
        self.citations: list[Citation] = []

    def cite(self, citation: Citation) -> str:
        if citation not in self.citations:
            self.citations.append(citation)
        return f"({citation.shown_label})"

    def add(self, text: str, citation: Citation) -> None:
        self.reasons.append(f"{text} {self.cite(citation)}")

    def note(self, text: str, citation: Citation) -> None:
        self.notes.append(f"{text} {self.cite(citation)}")


def _sort_key(card: Card) -> tuple[int, int, int]:
    return (1, 0, 0) if card.is_joker else (0, SUITS.index(card.suit), card.number)


def _codes(cards: Iterable[Card]) -> str:
    return " ".join(shown(c) for c in sorted(cards, key=_sort_key))


def _plural_rank(rank: str) -> str:
    """A rank in the plural, as a set of it is named: "8s", "kings" ("8", "rois")."""
    return _(_RANK_WORDS[rank]) if rank in _RANK_WORDS else _("%(rank)ss", rank=rank)


def _wild_cards(count: int) -> str:
    return ngettext("%(num)s wild card", "%(num)s wild cards", count)


def _natural_cards(count: int) -> str:
    return ngettext("%(num)s natural card", "%(num)s natural cards", count)


def _suit(suit: str) -> str:
    return _(SUIT_NAMES[suit])


def _ordinal_meld(i: int) -> str:
    """The ``i``-th meld (from 0) as a contract's reasons name it: "first meld", "#11 meld"."""
    return _(_ORDINAL_MELDS[i]) if i < len(_ORDINAL_MELDS) else _("#%(n)s meld", n=i + 1)


@dataclass(frozen=True)
class _Natural:
    """A card of a meld that is not wild, with the rank and suit it always has there (a meld's cards
    are whole cards, see :func:`_check_cards`, and a joker that is not wild makes no reading)."""

    card: Card
    rank: str
    suit: str


def _naturals(variant: Variant, cards: Sequence[Card]) -> list[_Natural]:
    """The cards of a meld that are not wild, in the order given."""
    return [_Natural(c, c.rank, c.suit) for c in cards
            if not variant.is_wild(c) and c.rank is not None and c.suit is not None]


def _stray_jokers(variant: Variant, cards: Sequence[Card]) -> list[Card]:
    """Jokers where jokers are not wild (a house version may keep them in the pack for their points):
    a set or a run cannot hold one."""
    return [c for c in cards if c.is_joker and not variant.is_wild(c)]


def _runs_by_suit(readings: Iterable[_Reading]) -> Counter[str]:
    """How many of ``readings`` are runs of each suit (a set's reading has no suit)."""
    return Counter(r.suit for r in readings if r.suit is not None)


# ----- readings: one legal way to see a meld --------------------------------------------------

@dataclass(frozen=True)
class _Reading:
    kind: str
    naturals: int  # cards standing for themselves (including wild cards that do)
    wild_count: int  # wild cards standing for another card
    wilds: tuple[WildAssignment, ...]
    rank: str | None = None
    suit: str | None = None
    order: tuple[str, ...] = ()
    all_wild: bool = False


def _set_readings(variant: Variant, cards: Sequence[Card], enforce_limit: bool = True) -> list[_Reading]:
    m = variant.meld_rules()
    n = len(cards)
    if n < m.set_min:
        return []
    natural_ranks = {c.rank for c in _naturals(variant, cards)}
    if len(natural_ranks) > 1:
        return []
    if natural_ranks:
        candidates = natural_ranks
    else:
        candidates = {c.rank for c in cards if c.rank is not None}  # the wild cards' own ranks
    readings = []
    for rank in sorted(candidates, key=RANKS.index):
        naturals = sum(1 for c in cards if c.rank == rank)
        wild_count = n - naturals
        if enforce_limit and m.wilds_may_not_outnumber_naturals and wild_count > naturals:
            continue
        assignments = tuple(WildAssignment(c.code, rank) for c in cards if c.rank != rank)
        readings.append(_Reading(SET, naturals, wild_count, assignments, rank=rank))
    readings.sort(key=lambda r: (-r.naturals, RANKS.index(r.rank)))
    if not readings and not natural_ranks and m.all_wild_set:
        assignments = tuple(WildAssignment(c.code, "wild") for c in cards)
        readings.append(_Reading(SET, 0, n, assignments, all_wild=True))
    return readings[:1]


def _rank_line(aces: AceRule) -> tuple[list[str], bool]:
    """The ranks in order for runs, and whether the line wraps around."""
    low = list(RANKS)  # A 2 .. K
    if aces is AceRule.LOW:
        return low, False
    if aces is AceRule.HIGH:
        return low[1:] + ["A"], False
    if aces is AceRule.LOW_OR_HIGH:
        return low + ["A"], False
    return low, True  # around the corner


@lru_cache(maxsize=None)
def _windows(aces: AceRule, length: int) -> tuple[tuple[int, tuple[str, ...], dict[str, int]], ...]:
    """Every stretch of ``length`` consecutive ranks under an ace rule: (start, ranks, rank -> slot)."""
    line, wraps = _rank_line(aces)
    if length > 13 or length < 1:
        return ()
    if wraps:
        windows = [(s, tuple(line[(s + i) % 13] for i in range(length))) for s in range(13)]
    else:
        windows = [(s, tuple(line[s:s + length])) for s in range(len(line) - length + 1)]
    return tuple((s, w, {r: i for i, r in enumerate(w)}) for s, w in windows)


def _run_readings(variant: Variant, cards: Sequence[Card], enforce_limit: bool = True,
                  check_length: bool = True) -> list[_Reading]:
    """The best reading of ``cards`` as a run for each possible suit (best first)."""
    m = variant.meld_rules()
    n = len(cards)
    if check_length and not m.run_min <= n <= m.run_max:
        return []
    naturals = _naturals(variant, cards)
    wilds = [c for c in cards if variant.is_wild(c)]
    suits = {c.suit for c in naturals}
    if len(suits) > 1:
        return []
    if len({c.rank for c in naturals}) < len(naturals):
        return []  # a rank twice
    if suits:
        candidate_suits = sorted(suits, key=SUITS.index)
    else:
        candidate_suits = sorted({c.suit for c in wilds if c.suit is not None}, key=SUITS.index)
    best: dict[str, tuple[Any, ...]] = {}
    pool = sorted(wilds, key=_sort_key)
    for suit in candidate_suits:
        for start, window, slot_of in _windows(m.aces, n):
            if any(c.rank not in slot_of for c in naturals):
                continue
            filled = {slot_of[c.rank] for c in naturals}
            free = [i for i in range(n) if i not in filled]
            # Wild cards that can stand for themselves take their own place when it is free.
            themselves = []
            rest = []
            taken: set[int] = set()
            for c in pool:
                i = slot_of.get(c.rank) if (c.suit == suit and c.rank is not None) else None
                if i is not None and i not in filled and i not in taken:
                    taken.add(i)
                    themselves.append(c)
                else:
                    rest.append(c)
            if not naturals and not themselves:
                continue
            open_slots = [i for i in free if i not in taken]
            assignments = tuple(
                WildAssignment(c.code, window[i] + suit) for c, i in zip(rest, open_slots)
            )
            nat = len(naturals) + len(themselves)
            wild_count = len(rest)
            if enforce_limit and m.wilds_may_not_outnumber_naturals and wild_count > nat:
                continue
            first_natural = min(filled | taken)
            key = (-nat, first_natural, start)
            if suit not in best or key < best[suit][0]:
                order = tuple(r + suit for r in window)
                best[suit] = (key, _Reading(RUN, nat, wild_count, assignments, suit=suit, order=order))
    return [r for _, r in sorted(best.values(), key=lambda kr: kr[0])]


def _readings(variant: Variant, cards: Sequence[Card]) -> list[_Reading]:
    """Every legal reading worth considering: the best set reading and the best run per suit."""
    if _stray_jokers(variant, cards):
        return []
    found = _set_readings(variant, cards) + _run_readings(variant, cards)
    return sorted(found, key=lambda r: (-r.naturals, 0 if r.kind == SET else 1))


# ----- explaining why a meld is not legal ---------------------------------------------------------

def _explain_set(variant: Variant, cards: Sequence[Card], why: _Why) -> None:
    m = variant.meld_rules()
    n = len(cards)
    sizes = variant.cite("melds")
    naturals = _naturals(variant, cards)
    natural_ranks = sorted({c.rank for c in naturals}, key=RANKS.index)
    if n < m.set_min:
        why.add(_("A set needs at least %(min)s cards of one rank in %(variant)s; this one has %(count)s.",
                  min=m.set_min, variant=variant.name, count=n), sizes)
    if len(natural_ranks) > 1:
        groups = ", ".join(
            _("%(ranks)s (%(cards)s)", ranks=_plural_rank(r),
              cards=_codes(c.card for c in naturals if c.rank == r))
            for r in natural_ranks
        )
        why.add(_("A set is cards of one rank; these are %(groups)s.", groups=groups), sizes)
        return
    if n < m.set_min:
        return
    if not naturals and not _set_readings(variant, cards, enforce_limit=False):
        if m.all_wild_set:
            return
        why.add(
            _("A set made only of wild cards (%(cards)s) is not allowed in %(variant)s: "
              "a set needs at least one card of its own rank.", cards=_codes(cards), variant=variant.name),
            CHOICE_ALL_WILD_SET,
        )
        return
    if m.wilds_may_not_outnumber_naturals and not _set_readings(variant, cards):
        reading = _set_readings(variant, cards, enforce_limit=False)[0]
        assert reading.rank is not None  # (only a set of wild cards only has no rank, and it breaks no limit)
        why.add(
            _("Wild cards may not outnumber natural cards in a meld in %(variant)s: as a set of %(ranks)s this "
              "has %(wild)s and %(natural)s.", variant=variant.name, ranks=_plural_rank(reading.rank),
              wild=_wild_cards(reading.wild_count), natural=_natural_cards(reading.naturals)),
            variant.cite("wild_limits"),
        )


def _min_span(aces: AceRule, ranks: set[str]) -> int | None:
    """The fewest cards a run needs to hold all ``ranks`` under an ace rule (None: impossible)."""
    if not ranks:
        return 0
    for length in range(len(ranks), 14):
        for _low, window, _slots in _windows(aces, length):
            if ranks <= set(window):
                return length
    return None


def _explain_run(variant: Variant, cards: Sequence[Card], why: _Why) -> None:
    m = variant.meld_rules()
    n = len(cards)
    sizes = variant.cite("melds")
    naturals = _naturals(variant, cards)
    if n < m.run_min:
        why.add(_("A run needs at least %(min)s cards of one suit in %(variant)s; this one has %(count)s.",
                  min=m.run_min, variant=variant.name, count=n), sizes)
    if n > m.run_max:
        why.add(_("A run holds at most %(max)s cards; this one has %(count)s.", max=m.run_max, count=n), sizes)
    suits = sorted({c.suit for c in naturals}, key=SUITS.index)
    if len(suits) > 1:
        groups = _(" and ").join(
            _("%(suit)s (%(cards)s)", suit=_suit(s), cards=_codes(c.card for c in naturals if c.suit == s))
            for s in suits
        )
        why.add(_("A run is cards of one suit; these are %(groups)s.", groups=groups), sizes)
        return
    counts = Counter(c.rank for c in naturals)
    doubled = sorted((r for r, k in counts.items() if k > 1), key=RANKS.index)
    if doubled:
        what = ", ".join(_codes(c.card for c in naturals if c.rank == r) for r in doubled)
        why.add(_("A run cannot hold the same rank twice: %(cards)s.", cards=what), sizes)
        return
    if not m.run_min <= n <= m.run_max:
        return
    if not _run_readings(variant, cards, enforce_limit=False):
        if not naturals and not any(not c.is_joker for c in cards):
            why.add(
                _("Wild cards alone (%(cards)s) are not a run: a run needs at least one card standing for itself, "
                  "which gives it its suit.", cards=_codes(cards)),
                CHOICE_WILD_RUN,
            )
            return
        ranks = {c.rank for c in naturals}
        span = _min_span(m.aces, ranks)
        corner = _min_span(AceRule.AROUND_THE_CORNER, ranks)
        if m.aces is not AceRule.AROUND_THE_CORNER and (span is None or span > n) and corner is not None \
                and corner <= n:
            aces = variant.cite("aces")
            if m.aces is AceRule.LOW:
                why.add(_("Aces are low only in %(variant)s runs (A-2-3-4): an ace cannot follow a king.",
                          variant=variant.name), aces)
            elif m.aces is AceRule.HIGH:
                why.add(_("Aces are high only in %(variant)s runs (Q-K-A): an ace cannot come before a 2.",
                          variant=variant.name), aces)
            else:
                why.add(
                    _("An ace is low (A-2-3-4) or high (J-Q-K-A) in a %(variant)s run, not both: "
                      "a run may not go round the corner (K-A-2).", variant=variant.name),
                    aces,
                )
            return
        low_high = _codes(c.card for c in naturals)
        if span is None:
            why.add(_("%(cards)s cannot be put in one run.", cards=low_high), sizes)
        else:
            gaps = span - len(naturals)
            spare = n - len(naturals)
            why.add(
                _("%(cards)s are not consecutive: the gaps need %(more)s and the meld has %(wild)s to fill them.",
                  cards=low_high, more=ngettext("%(num)s more card", "%(num)s more cards", gaps),
                  wild=_wild_cards(spare)),
                sizes,
            )
        return
    if m.wilds_may_not_outnumber_naturals and not _run_readings(variant, cards):
        reading = _run_readings(variant, cards, enforce_limit=False)[0]
        why.add(
            _("Wild cards may not outnumber natural cards in a meld in %(variant)s: as a run this has %(wild)s and "
              "%(natural)s.", variant=variant.name, wild=_wild_cards(reading.wild_count),
              natural=_natural_cards(reading.naturals)),
            variant.cite("wild_limits"),
        )


def _could_be(variant: Variant, cards: Sequence[Card]) -> tuple[bool, bool]:
    """Whether the natural cards point to a set (one rank) and/or a run (one suit, distinct ranks)."""
    naturals = _naturals(variant, cards)
    as_set = len({c.rank for c in naturals}) <= 1
    as_run = len({c.suit for c in naturals}) <= 1 and len({c.rank for c in naturals}) == len(naturals)
    return as_set, as_run


def _copies_problem(variant: Variant, cards: Sequence[Card], why: _Why) -> bool:
    """More copies of a card than the variant's biggest pack holds (our choice: illegal)."""
    decks = variant.max_decks
    counts = Counter(c.code for c in cards)
    bad = False
    for code, k in sorted(counts.items()):
        most = decks * variant.jokers_per_deck if code == JOKER else decks
        if k > most:
            bad = True
            why.add(
                ngettext("%(card)s appears %(times)s times, but a %(variant)s pack holds at most %(most)s "
                         "(%(num)s deck).",
                         "%(card)s appears %(times)s times, but a %(variant)s pack holds at most %(most)s "
                         "(%(num)s decks).", decks, card=shown(code), times=k, variant=variant.name, most=most),
                CHOICE_COPIES,
            )
    return bad


def _verdict(variant: Variant, cards: tuple[Card, ...], reading: _Reading, legal_as: tuple[str, ...],
             why: _Why, legal: bool) -> MeldVerdict:
    why.cite(variant.cite("melds"))  # the rule a legal meld rests on
    if reading.all_wild:
        why.note(
            _("A set of wild cards only: only wild cards may be added to it later."), variant.cite("wild_limits")
        )
    if reading.wilds:
        why.cite(variant.cite("wild"))
    return MeldVerdict(
        cards=cards,
        kind=reading.kind,
        legal=legal,
        reasons=why.reasons,
        wilds=list(reading.wilds),
        citations=why.citations,
        notes=why.notes,
        legal_as=legal_as,
        suit=reading.suit,
        rank=reading.rank,
        order=reading.order,
    )


def _check_cards(variant: Variant, cards: Sequence[Card], field: str) -> tuple[Card, ...]:
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        raise RulesInputError(_("%(value)r is not a list of cards", value=cards), field, cards)
    out = []
    for i, card in enumerate(cards):
        if not isinstance(card, Card):
            raise RulesInputError(_("%(value)r is not a card", value=card), f"{field}[{i}]", card)
        variant.check_card(card, f"{field}[{i}]")
        if card.suit is None and not card.is_joker:  # a rank alone (rules/cards.py), where only points count
            raise needs_a_suit(card.code, ENGLISH, f"{field}[{i}]")
        out.append(card)
    return tuple(out)


def check_meld(variant: Variant, cards: Sequence[Card], field: str = "cards") -> MeldVerdict:
    """Is ``cards`` a legal set or run in ``variant``? Reports each wild card's assignment and, when
    illegal, the rules broken with their sources (docs/rulings.md, "Built-in variants")."""
    variant.meld_rules()  # (a VariantError for a game without sets and runs)
    cards = _check_cards(variant, cards, field)
    return _judge_meld(variant, cards, _readings(variant, cards))


def _judge_meld(variant: Variant, cards: tuple[Card, ...], readings: list[_Reading]) -> MeldVerdict:
    why = _Why()
    if readings:
        legal_as = tuple(k for k in (SET, RUN) if any(r.kind == k for r in readings))
        copies = _copies_problem(variant, cards, why)
        return _verdict(variant, cards, readings[0], legal_as, why, legal=not copies)
    return _illegal_meld(variant, cards, why)


def _illegal_meld(variant: Variant, cards: tuple[Card, ...], why: _Why) -> MeldVerdict:
    m = variant.meld_rules()
    if not cards:
        why.add(
            _("A meld needs cards: at least %(set)s for a set or %(run)s for a run in %(variant)s.",
              set=m.set_min, run=m.run_min, variant=variant.name),
            variant.cite("melds"),
        )
        kind = None
    elif stray := _stray_jokers(variant, cards):
        kind = None
        why.add(_("Jokers are not wild in %(variant)s: a set or a run cannot hold one (%(cards)s).",
                  variant=variant.name, cards=_codes(stray)), variant.cite("wild"))
    else:
        as_set, as_run = _could_be(variant, cards)
        if as_set and as_run:  # keep the kind whose size fits, when only one does
            set_size = len(cards) >= m.set_min
            run_size = m.run_min <= len(cards) <= m.run_max
            as_set, as_run = (set_size, run_size) if set_size != run_size else (as_set, as_run)
        if as_set and not as_run:
            kind = SET
            _explain_set(variant, cards, why)
        elif as_run and not as_set:
            kind = RUN
            _explain_run(variant, cards, why)
        else:
            kind = None
            for label, explain in ((N_("Not a set: %(reason)s"), _explain_set),
                                   (N_("Not a run: %(reason)s"), _explain_run)):
                part = _Why()
                part.citations = why.citations
                explain(variant, cards, part)
                why.reasons.extend(_(label, reason=f"{r[0].lower()}{r[1:]}") for r in part.reasons)
        if not why.reasons:  # a safety net: never an illegal verdict without a reason
            why.add(_("%(cards)s is neither a set nor a run.", cards=_codes(cards)), variant.cite("melds"))
    _copies_problem(variant, cards, why)
    return MeldVerdict(cards=cards, kind=kind, legal=False, reasons=why.reasons, wilds=[],
                       citations=why.citations, notes=why.notes)


# ----- contracts ---------------------------------------------------------------------------------

def _reading_verdict(variant: Variant, cards: tuple[Card, ...], reading: _Reading,
                     legal_as: tuple[str, ...]) -> MeldVerdict:
    why = _Why()
    return _verdict(variant, cards, reading, legal_as, why, legal=True)


def _assign(options: list[list[_Reading]], sets: int, runs: int, exact: bool, one_suit_per_run: bool,
            ) -> list[_Reading] | None:
    """Choose one reading per meld so that the melds make the contract (a small search with
    memory: meld index, sets and runs so far (capped for minimum contracts), suits used)."""
    seen: set[tuple[int, int, int, frozenset[str | None]]] = set()
    chosen: list[_Reading] = []

    def go(i: int, s: int, r: int, used: frozenset[str | None]) -> bool:  # (used: the runs' suits)
        if i == len(options):
            return (s == sets and r == runs) if exact else (s >= sets and r >= runs)
        key = (i, s if exact else min(s, sets), r if exact else min(r, runs), used)
        if key in seen:
            return False
        seen.add(key)
        for reading in options[i]:
            if reading.kind == SET:
                if exact and s + 1 > sets:
                    continue
                chosen.append(reading)
                if go(i + 1, s + 1, r, used):
                    return True
                chosen.pop()
            else:
                if exact and r + 1 > runs:
                    continue
                if one_suit_per_run and reading.suit in used:
                    continue
                chosen.append(reading)
                if go(i + 1, s, r + 1, used | {reading.suit} if one_suit_per_run else used):
                    return True
                chosen.pop()
        return False

    return list(chosen) if go(0, 0, 0, frozenset()) else None


def _kinds_phrase(readings: list[list[_Reading]]) -> str:
    """What the melds given are, as a contract is written: "1 set + 1 run", "2 that could be a set or a run"."""
    sets = sum(1 for opts in readings if {r.kind for r in opts} == {SET})
    runs = sum(1 for opts in readings if {r.kind for r in opts} == {RUN})
    either = sum(1 for opts in readings if {r.kind for r in opts} == {SET, RUN})
    parts = []
    if sets:
        parts.append(ngettext("%(num)s set", "%(num)s sets", sets))
    if runs:
        parts.append(ngettext("%(num)s run", "%(num)s runs", runs))
    if either:
        parts.append(ngettext("%(num)s that could be a set or a run", "%(num)s that could be a set or a run", either))
    return " + ".join(parts) or _("nothing")


def _count_melds(variant: Variant, rnd: Round, given: int, why: _Why, this_round: dict[str, Any]) -> None:
    """An exact contract is those melds and no others; a minimum contract needs at least as many
    melds as it names (docs/rulings.md, "Built-in variants": contract kind)."""
    contract = rnd.contract
    exact = variant.contract_kind is ContractKind.EXACT
    contracts = variant.cite("contracts")
    needed = contract.sets + contract.runs
    if exact and given != needed:
        why.add(
            ngettext("Round %(round)s of %(variant)s is exactly %(contract)s: lay down those melds, all at once, "
                     "and no others; %(num)s meld was given.",
                     "Round %(round)s of %(variant)s is exactly %(contract)s: lay down those melds, all at once, "
                     "and no others; %(num)s melds were given.", given, **this_round),
            contracts,
        )
    elif not exact and given < needed:
        why.add(
            ngettext("Round %(round)s of %(variant)s needs at least %(contract)s; only %(num)s meld was given.",
                     "Round %(round)s of %(variant)s needs at least %(contract)s; only %(num)s melds were given.",
                     given, **this_round),
            contracts,
        )


def _melds_as_contract(variant: Variant, rnd: Round, all_cards: Sequence[tuple[Card, ...]], options: list[list[_Reading]],
                       verdicts: list[MeldVerdict], why: _Why, this_round: dict[str, Any]) -> list[MeldVerdict]:
    """Read each meld as a set or a run so that together they make the round's contract, where the
    variant allows two runs of one suit or not (docs/rulings.md, "Built-in variants": two runs of
    one suit). Returns the melds as read, or as given with the reason in ``why`` when no reading fits."""
    m = variant.meld_rules()
    contract = rnd.contract
    exact = variant.contract_kind is ContractKind.EXACT
    contracts = variant.cite("contracts")
    chosen_verdicts = verdicts
    one_suit = not m.same_suit_runs
    chosen = _assign(options, contract.sets, contract.runs, exact, one_suit)
    if chosen is None:
        relaxed = _assign(options, contract.sets, contract.runs, exact, False) if one_suit else None
        if relaxed is not None:
            doubled = [s for s, k in _runs_by_suit(relaxed).items() if k > 1]
            suit_words = _(" and ").join(_suit(s) for s in sorted(doubled, key=SUITS.index))
            why.add(
                _("Two runs of one suit (%(suits)s) are not allowed in one contract in %(variant)s.",
                  suits=suit_words, variant=variant.name),
                variant.cite("same_suit_runs"),
            )
        elif exact:
            why.add(_("Round %(round)s of %(variant)s needs exactly %(contract)s; these melds are %(kinds)s.",
                      kinds=_kinds_phrase(options), **this_round), contracts)
        else:
            why.add(_("Round %(round)s of %(variant)s needs at least %(contract)s; these melds are %(kinds)s.",
                      kinds=_kinds_phrase(options), **this_round), contracts)
    else:
        chosen_verdicts = [
            _reading_verdict(variant, cards, reading, v.legal_as)
            for cards, reading, v in zip(all_cards, chosen, verdicts)
        ]
        if m.same_suit_runs and any(k > 1 for k in _runs_by_suit(chosen).values()) and contract.runs > 1:
            why.note(_("Two runs of one suit are allowed here; they stay separate runs."),
                     variant.cite("same_suit_runs"))
    return chosen_verdicts


def _last_round_conditions(variant: Variant, rnd: Round, all_cards: Sequence[Sequence[Card]], hand_cards: int | None,
                           why: _Why, this_round: dict[str, Any]) -> None:
    """The variant's last round: where it says so, a player goes down only by going out, every card
    in the contract, and nobody discards to go out (docs/rulings.md, "Built-in variants": last round)."""
    last = variant.last_round
    if last is not None and rnd.number == last.round:
        total = sum(len(cards) for cards in all_cards)
        dealt = variant.cards_dealt + 1
        hand = dealt if hand_cards is None else hand_cards
        if last.all_cards_in_contract and total != hand:
            if hand == dealt:
                text = _("In round %(round)s of %(variant)s you go down only by going out: every card (%(dealt)s dealt "
                         "+ 1 drawn = %(hand)s) in the %(contract)s, with no discard; these melds hold %(total)s.",
                         dealt=variant.cards_dealt, hand=hand, total=total, **this_round)
            else:
                text = _("In round %(round)s of %(variant)s you go down only by going out: every card (%(hand)s in "
                         "this hand, May I cards included) in the %(contract)s, with no discard; these melds hold "
                         "%(total)s.", hand=hand, total=total, **this_round)
            why.add(text, variant.cite("last_round"))
        if last.no_discard:
            why.note(
                _("Round %(round)s is the last round: to go out you play every card; there is no final discard.",
                  round=rnd.number),
                variant.cite("last_round"),
            )


def check_contract(variant: Variant, round_number: int | None, melds: Sequence[Sequence[Card]],
                   field: str = "melds", hand_cards: int | None = None) -> ContractVerdict:
    """Do ``melds``, laid down together, make round ``round_number``'s contract in ``variant``?
    Without a round, each meld is judged on its own. (docs/rulings.md, "Built-in variants": contract
    kind, two runs of one suit, last round.)

    ``hand_cards`` is how many cards the player holds after drawing, for a last round that must
    use every card (Joybells round 7); by default the cards dealt plus the one drawn (12 + 1 = 13).
    A player who took May I penalty cards earlier in the round holds more, and says so here."""
    variant.meld_rules()  # (a VariantError for a game without sets and runs)
    rnd = None if round_number is None else variant.round(round_number, "round")
    if hand_cards is not None and (not isinstance(hand_cards, int) or isinstance(hand_cards, bool)
                                   or not 1 <= hand_cards <= 52 * variant.max_decks):
        raise RulesInputError(_("%(value)r is not a number of cards in a hand", value=hand_cards), "hand_cards", hand_cards)
    if isinstance(melds, (str, bytes)) or not isinstance(melds, Sequence):
        raise RulesInputError(_("%(value)r is not a list of melds", value=melds), field, melds)
    all_cards = [_check_cards(variant, meld, f"{field}[{k}]") for k, meld in enumerate(melds)]
    why = _Why()
    options = [_readings(variant, cards) for cards in all_cards]
    verdicts = [_judge_meld(variant, cards, readings) for cards, readings in zip(all_cards, options)]
    for k, v in enumerate(verdicts):
        for c in v.citations:
            why.cite(c)
        if not v.legal:
            why.reasons.append(_("The %(meld)s (%(cards)s) is not legal: %(reasons)s", meld=_ordinal_meld(k),
                                 cards=" ".join(shown(c) for c in v.cards), reasons=" ".join(v.reasons)))
    if not why.reasons:  # each meld is fine: are there more copies of a card than the pack holds?
        _copies_problem(variant, [c for cards in all_cards for c in cards], why)
    if rnd is None:
        if not all_cards:
            why.add(_("No melds were given: there is nothing to judge."), variant.cite("melds"))
        return ContractVerdict(legal=not why.reasons, reasons=why.reasons, melds=verdicts, round=None,
                               citations=why.citations, notes=why.notes)

    contracts = variant.cite("contracts")
    this_round = {"round": rnd.number, "variant": variant.name, "contract": rnd.contract.describe()}
    _count_melds(variant, rnd, len(all_cards), why, this_round)
    chosen_verdicts = verdicts
    if not why.reasons:
        chosen_verdicts = _melds_as_contract(variant, rnd, all_cards, options, verdicts, why, this_round)
    _last_round_conditions(variant, rnd, all_cards, hand_cards, why, this_round)
    for v in chosen_verdicts:
        for c in v.citations:
            why.cite(c)
    why.cite(contracts)
    return ContractVerdict(legal=not why.reasons, reasons=why.reasons, melds=chosen_verdicts, round=rnd,
                           citations=why.citations, notes=why.notes)
