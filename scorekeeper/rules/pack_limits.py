"""No hand beyond the pack (docs/rulings.md, "Cards beyond the pack").

A hand never holds more copies of a card than the decks in play hold, more jokers than the pack
has, more cards of one rank than the decks hold (a rank typed alone, ``K``, counts for its rank),
nor, counted by value, more cards of one value than the pack has of that value. The pack is the
variant's for the game's number of players (``variants/*.toml``, ``[pack]``: the decks for each
number of players and the jokers per deck; :meth:`Variant.pack`).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .card_letters import shown_face
from .cards import JOKER, SUITS, Card
from .game import Hand
from .scoring import points_classes
from .variants import Pack, Variant
from .words import N_, _

# Counts up to twelve are said in words ("four 10♥"), larger ones in figures.
NUMBER_WORDS = (N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
                N_("eight"), N_("nine"), N_("ten"), N_("eleven"), N_("twelve"))

CARD = "card"    # one card with its suit: at most one copy per deck
RANK = "rank"    # cards of one rank, with or without their suit: four per deck
JOKERS = "joker"  # the pack's jokers
VALUE = "value"  # cards worth so many points, counted by value


@dataclass(frozen=True)
class Excess:
    """``count`` cards of one kind in a hand whose pack of ``decks`` decks holds only ``most``.
    ``key`` is the card's English code (``10H``), the rank (``K``), ``JK``, or the card value."""

    kind: str
    key: str
    count: int
    most: int
    decks: int


def cards_beyond(pack: Pack, cards: Iterable[Card]) -> list[Excess]:
    """Every card, rank or joker count of ``cards`` beyond ``pack``, cards first, in code order."""
    cards = list(cards)
    copies = Counter(card.code for card in cards if card.suit is not None or card.is_joker)
    ranks = Counter(card.rank for card in cards if card.rank is not None)  # (a joker has no rank)
    found = []
    for code, count in sorted(copies.items()):
        kind, most = (JOKERS, pack.jokers) if code == JOKER else (CARD, pack.decks)
        if count > most:
            found.append(Excess(kind, code, count, most, pack.decks))
    for rank, count in sorted(ranks.items()):
        most = len(SUITS) * pack.decks
        if count > most:
            found.append(Excess(RANK, rank, count, most, pack.decks))
    return found


def value_room(variant: Variant, pack: Pack) -> dict[int, int]:
    """How many cards of each card value ``pack`` holds: four per deck for each rank worth it,
    plus the jokers where they are worth it."""
    room = {}
    for value, keys in points_classes(variant):
        ranks = [key for key in keys if key != JOKER]
        room[value] = len(SUITS) * pack.decks * len(ranks) + (pack.jokers if JOKER in keys else 0)
    return room


def values_beyond(variant: Variant, pack: Pack, counts: Mapping[int, int]) -> list[Excess]:
    """Every card value of which ``counts`` (card value: how many) holds more than ``pack``,
    highest value first."""
    room = value_room(variant, pack)
    return [Excess(VALUE, str(value), counts[value], room.get(value, 0), pack.decks)
            for value in sorted(counts, reverse=True) if counts[value] > room.get(value, 0)]


def hand_beyond(variant: Variant, players: int, hand: Hand) -> list[Excess]:
    """What ``hand`` holds beyond the pack of ``variant`` for ``players`` players (cards or
    values, and the cards a ROY card count was sent as; points and the other kinds of hand hold no
    cards to count)."""
    pack = variant.pack(players)
    if hand.entered_as in ("cards", "card_count"):
        return cards_beyond(pack, hand.cards)
    if hand.entered_as == "values":
        return values_beyond(variant, pack, dict(hand.value_counts))
    return []


def in_words(count: int) -> str:
    """``4`` as "four" (up to twelve, in the reader's language); larger counts in figures."""
    return _(NUMBER_WORDS[count - 1]) if 1 <= count <= len(NUMBER_WORDS) else str(count)


def said(name: str, excess: Excess) -> str:
    """The refusal in one sentence naming the player, the card and the pack:
    "Dan: four 10♥, but 2 decks hold only two" (static/js/cards.js says the same sentences)."""
    words = {"name": name, "count": in_words(excess.count), "most": in_words(excess.most), "num": excess.decks}
    one_deck = excess.decks == 1
    if excess.kind == JOKERS:
        if one_deck:
            return _("%(name)s: %(count)s jokers, but %(num)s deck holds only %(most)s", **words)
        return _("%(name)s: %(count)s jokers, but %(num)s decks hold only %(most)s", **words)
    if excess.kind == VALUE:
        if one_deck:
            return _("%(name)s: %(count)s cards worth %(value)s points, but %(num)s deck holds only %(most)s",
                     value=excess.key, **words)
        return _("%(name)s: %(count)s cards worth %(value)s points, but %(num)s decks hold only %(most)s",
                 value=excess.key, **words)
    if one_deck:
        return _("%(name)s: %(count)s %(card)s, but %(num)s deck holds only %(most)s", card=shown_face(excess.key), **words)
    return _("%(name)s: %(count)s %(card)s, but %(num)s decks hold only %(most)s", card=shown_face(excess.key), **words)


__all__ = [
    "CARD",
    "JOKERS",
    "RANK",
    "VALUE",
    "Excess",
    "cards_beyond",
    "hand_beyond",
    "in_words",
    "said",
    "value_room",
    "values_beyond",
]
