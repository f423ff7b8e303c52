"""ROY: is a turn's play legal, and what does it do to the next player (docs/rulings.md, "ROY";
source 002, rules 3-6).

- The first card matches the top card's suit or rank; when the top card is a jack that changed
  the suit, it matches the announced suit instead (or is another jack).
- Each following card matches the rank of the card now on top, or is the next higher card of the
  same suit, aces high (Q-K-A is a chain; K-A yes, A-2 never).
- A jack played as the first and only card of a turn is wild: it may go on any card and changes
  the suit to ``announce`` (which is then required). Jacks among other cards are ordinary.
- After an ace the next player must play an ace or draw 2; aces stack (2, 4, 6, 8). When
  ``pending_draw`` > 0 the player must start with an ace or play nothing and draw
  ``pending_draw`` cards. Each ace at the end of the turn adds 2 for the next player.
- The king of spades as the last card: the next player draws 7 and loses the turn.
- Playing nothing is always legal: the player draws one card (or the pending cards).
- The starter card's special effect does not apply: pass ``pending_draw=0`` and no
  ``announced_suit`` for the first turn.

Choices: a king of spades covered by later cards has no effect (only the card left on top acts);
``announce`` given with any play other than a lone jack is ignored (a note says so).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal, Sequence, overload

from .card_letters import shown
from .cards import RANKS, SUIT_NAMES, SUITS, SYMBOL_TO_SUIT, Card
from .errors import RulesInputError
from .variants import AceRule, Citation, RoyRules, Variant, VariantError, get_variant
from .words import N_, _, ngettext


# After a jack changed the suit, what the first card must be (one sentence per suit, for the grammar of
# each language); %(changer)s is the jack's rank, %(card)s the card that was played.
_SUIT_CHANGED = {
    "S": N_("The suit was changed to spades: the first card must be a spade or a %(changer)s; %(card)s is neither."),
    "H": N_("The suit was changed to hearts: the first card must be a heart or a %(changer)s; %(card)s is neither."),
    "D": N_("The suit was changed to diamonds: the first card must be a diamond or a %(changer)s; %(card)s is "
            "neither."),
    "C": N_("The suit was changed to clubs: the first card must be a club or a %(changer)s; %(card)s is neither."),
}


@dataclass(frozen=True)
class RoyEffects:
    """What the play does to the next player."""

    next_draws: int = 0
    next_skips: bool = False
    announced_suit: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"next_draws": self.next_draws, "next_skips": self.next_skips, "announced_suit": self.announced_suit}


@dataclass(frozen=True)
class RoyVerdict:
    legal: bool
    reasons: list[str]
    effects: RoyEffects
    citations: list[Citation]
    player_draws: int = 0  # cards the player draws this turn (nothing played)
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "reasons": list(self.reasons),
            "effects": self.effects.as_dict(),
            "citations": [c.as_dict() for c in self.citations],
            "player_draws": self.player_draws,
            "notes": list(self.notes),
        }


@overload
def parse_suit(value: object, field: str, allow_none: Literal[False]) -> str: ...
@overload
def parse_suit(value: object, field: str, allow_none: bool = True) -> str | None: ...
def parse_suit(value: object, field: str, allow_none: bool = True) -> str | None:
    """A suit letter ``S H D C`` (any case) or symbol; ``None`` when allowed."""
    if value is None and allow_none:
        return None
    if isinstance(value, str):
        text = value.strip()
        suit = SYMBOL_TO_SUIT.get(text, text.upper())
        if suit in SUITS:
            return suit
    raise RulesInputError(_("%(value)r is not a suit (S, H, D or C)", value=value), field, value)


def _ladder(aces: AceRule) -> list[str]:
    return list(RANKS[1:]) + ["A"] if aces is AceRule.HIGH else list(RANKS)


def check_play(top: Card, cards: Sequence[Card], announced_suit: str | None = None, pending_draw: int = 0,
               announce: str | None = None, variant: Variant | None = None) -> RoyVerdict:
    """Judge one ROY turn: ``cards`` played in order onto ``top`` (source 002, rules 3-6)."""
    variant = variant or get_variant("roy")
    rules = variant.roy
    if rules is None:
        raise VariantError(_("%(variant)s is not a ROY-style shedding game", variant=variant.name), "variant", variant.id)
    _check_cards_on_table(variant, top, cards)
    announced = _check_announced_suit(rules, top, announced_suit)
    _check_pending_draw(variant, rules, top, pending_draw)

    play = variant.cite("play")
    special = variant.cite("special_cards")
    # a house version's own draws (rules/house.py) cite the house; the rest of rule 6 its source
    ace_draw = variant.cite("ace_draw") if "ace_draw" in variant.sources else special
    king_draw = variant.cite("king_draw") if "king_draw" in variant.sources else special
    citations: list[Citation] = []
    reasons: list[str] = []
    notes: list[str] = []

    def cite(c: Citation) -> str:
        if c not in citations:
            citations.append(c)
        return f"({c.shown_label})"  # the citation as the reader's language names it

    def illegal(text: str, citation: Citation) -> RoyVerdict:
        reasons.append(f"{text} {cite(citation)}")
        return RoyVerdict(False, reasons, RoyEffects(), citations, 0, notes)

    if not cards:
        draws = pending_draw or 1
        cite(special if pending_draw else play)
        notes.append(ngettext("Nothing played: the player draws %(num)s card and the turn passes.",
                              "Nothing played: the player draws %(num)s cards and the turn passes.", draws))
        return RoyVerdict(True, [], RoyEffects(), citations, draws, notes)

    first = cards[0]
    if pending_draw and first.rank != rules.draw_card:
        return illegal(ngettext("After an ace you must start with an ace or draw %(num)s; %(card)s is not an ace.",
                                "After an ace you must start with an ace or draw %(num)s; %(card)s is not an ace.",
                                pending_draw, card=shown(first)), special)

    lone_changer = len(cards) == 1 and first.rank == rules.suit_changer
    if lone_changer:
        if announce is None:
            raise RulesInputError(
                _("a %(card)s played alone changes the suit: say which suit with announce (S, H, D or C)",
                  card=shown(first)),
                "announce", announce)
        suit = parse_suit(announce, "announce", allow_none=False)
        cite(special)
        notes.append(_("%(card)s played alone is wild: the suit is now %(suit)s.", card=shown(first),
                       suit=_(SUIT_NAMES[suit])) + f" {cite(special)}")
        return RoyVerdict(True, [], RoyEffects(announced_suit=suit), citations, 0, notes)
    if announce is not None:
        parse_suit(announce, "announce", allow_none=False)
        notes.append(_("announce is ignored: only a jack played as the first and only card changes the suit."))

    target_suit = announced if announced is not None else top.suit
    if not (first.suit == target_suit or first.rank == top.rank):
        if announced is not None:
            return illegal(_(_SUIT_CHANGED[announced], changer=shown(rules.suit_changer), card=shown(first)), special)
        return illegal(_("The first card must match the top card %(top)s in suit or rank; %(card)s does neither.",
                         top=shown(top), card=shown(first)), play)

    broken = _chain_break(rules, cards)
    if broken is not None:
        return illegal(broken, play)

    cite(play)
    effects, said = _next_player_effects(rules, cards, pending_draw)
    if said is not None:
        notes.append(f"{said} {cite(king_draw if effects.next_skips else ace_draw)}")
    return RoyVerdict(True, [], effects, citations, 0, notes)


def _next_player_effects(rules: RoyRules, cards: Sequence[Card], pending_draw: int) -> tuple[RoyEffects, str | None]:
    """What the card left on top does to the next player, and the sentence that says so: the king
    of spades makes them draw ``skip_draw`` and lose the turn, an ace makes them play an ace or
    draw (source 002, rule 6); any other card does nothing."""
    last = cards[-1]
    if last.code == rules.skip_card:
        return RoyEffects(next_draws=rules.skip_draw, next_skips=True), ngettext(
            "%(card)s on top: the next player draws %(num)s and loses the turn.",
            "%(card)s on top: the next player draws %(num)s and loses the turn.", rules.skip_draw, card=shown(last))
    if last.rank == rules.draw_card:
        draws = _aces_to_draw(rules, cards, pending_draw)
        return RoyEffects(next_draws=draws), ngettext("Ace on top: the next player must play an ace or draw %(num)s.",
                                                      "Ace on top: the next player must play an ace or draw %(num)s.", draws)
    return RoyEffects(), None


def _check_cards_on_table(variant: Variant, top: Card, cards: Sequence[Card]) -> None:
    """``top`` and each card played are cards of the pack, and none is there twice: ROY is played
    with one deck."""
    if not isinstance(top, Card):
        raise RulesInputError(_("%(value)r is not a card", value=top), "top", top)
    variant.check_card(top, "top")
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        raise RulesInputError(_("%(value)r is not a list of cards", value=cards), "cards", cards)
    for i, card in enumerate(cards):
        if not isinstance(card, Card):
            raise RulesInputError(_("%(value)r is not a card", value=card), f"cards[{i}]", card)
        variant.check_card(card, f"cards[{i}]")
    copies = Counter([top.code])
    for i, card in enumerate(cards):
        copies[card.code] += 1
        if copies[card.code] > variant.max_decks:
            where = (_("%(card)r is the top card", card=shown(card)) if card == top
                     else _("%(card)r appears twice", card=shown(card)))
            raise RulesInputError(
                _("%(where)s: %(variant)s is played with one deck, so it cannot be played here",
                  where=where, variant=variant.name),
                f"cards[{i}]", card.code)


def _check_announced_suit(rules: RoyRules, top: Card, announced_suit: str | None) -> str | None:
    """The suit a jack on top changed to, if any: only a jack played alone changes the suit."""
    announced = parse_suit(announced_suit, "announced_suit")
    if announced is not None and top.rank != rules.suit_changer:
        raise RulesInputError(
            _("%(value)r was announced, but the top card %(top)s is not a %(rank)s "
              "(only a jack played alone changes the suit)", value=announced_suit, top=shown(top),
              rank=rules.suit_changer),
            "announced_suit", announced_suit)
    return announced


def _check_pending_draw(variant: Variant, rules: RoyRules, top: Card, pending_draw: int) -> None:
    """The cards an ace on top makes this player draw: ``draw_per_card`` for each ace stacked,
    so never more than the pack's aces give, and none unless an ace is on top (source 002, rule 6)."""
    if not isinstance(pending_draw, int) or isinstance(pending_draw, bool) or pending_draw < 0:
        raise RulesInputError(_("%(value)r is not a number of cards to draw (0 or more)", value=pending_draw), "pending_draw",
                              pending_draw)
    most = rules.draw_per_card * 4 * variant.max_decks
    if pending_draw % rules.draw_per_card or pending_draw > most:
        raise RulesInputError(
            _("%(value)s cannot be pending: aces make the next player draw %(each)s each, so it is one of %(allowed)s",
              value=pending_draw, each=rules.draw_per_card,
              allowed=", ".join(str(rules.draw_per_card * k) for k in range(5))),
            "pending_draw", pending_draw)
    if pending_draw and top.rank != rules.draw_card:
        raise RulesInputError(
            ngettext("%(num)s card is pending, but the top card %(top)s is not an ace",
                     "%(num)s cards are pending, but the top card %(top)s is not an ace", pending_draw, top=shown(top)),
            "pending_draw",
            pending_draw)


def _chain_break(rules: RoyRules, cards: Sequence[Card]) -> str | None:
    """Why the cards after the first do not make a chain, or ``None`` when they do: each matches
    the rank of the card before it or is the next higher card of its suit, aces high (K-A yes,
    A-2 never; source 002, rule 4)."""
    ladder = _ladder(rules.aces)
    for i in range(1, len(cards)):
        prev, card = cards[i - 1], cards[i]
        if card.rank == prev.rank:
            continue
        prev_rank = prev.rank or ""  # (a ROY pack holds no jokers: every card has a rank)
        up = ladder.index(prev_rank) + 1
        if card.suit == prev.suit and up < len(ladder) and ladder[up] == card.rank:
            continue
        if prev.rank == ladder[-1]:
            return _("After %(prev)s you may play only another %(rank)s (nothing is above an ace: A-2 is not a "
                     "chain); card %(n)s, %(card)s, is neither.", prev=shown(prev), rank=shown(prev_rank), n=i + 1,
                     card=shown(card))
        return _("After %(prev)s you may play only a %(rank)s or the %(next)s; card %(n)s, %(card)s, is "
                 "neither.", prev=shown(prev), rank=shown(prev_rank), next=shown(f"{ladder[up]}{prev.suit}"), n=i + 1,
                 card=shown(card))
    return None


def _aces_to_draw(rules: RoyRules, cards: Sequence[Card], pending_draw: int) -> int:
    """What the next player must draw after a play ending in aces: ``draw_per_card`` for each ace
    at the end, plus the draw this player answered by starting with an ace (aces stack: 2, 4, 6, 8)."""
    trailing = 0
    for card in reversed(cards):
        if card.rank != rules.draw_card:
            break
        trailing += 1
    responding = pending_draw if cards[0].rank == rules.draw_card else 0
    return responding + rules.draw_per_card * trailing
