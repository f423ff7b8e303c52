"""A hand as a round takes it, described once.

A hand is what a player who did not go out still holds, given one way: the cards left, how many
cards of each card value, the points, no score posted, or (ROY) how many cards are left; missing
cards of an incorrect hand may go with some of those ways. Each :class:`HandPart` below says
everything the app needs to know about one key of a hand: its name (the key of the API's hand),
its kind, whether it is one of the ways or goes with them, the kinds of game it is for, its
largest value, its words in the API's document, and its place on the round form (a way of
scoring, or a number box with its label and its refusal of too large a number).

From this one table come the rules' reading of a hand (``rules/game.py`` ``parse_hand``: the keys
it knows, one way per hand, what goes with what, the largest numbers), the ``Hand`` schema of the
API's OpenAPI document (:func:`hand_schema`, used by ``api/games.py``), and the round form's ways
of scoring and number boxes (``web/games/forms.py``). ``tests/rules/test_hand_shape.py`` and
``tests/pages/test_hand_shape_agrees.py`` hold the three to it.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .limits import MAX_CARDS_IN_HAND, MAX_CARDS_LEFT_ROY, MAX_MISSING_CARDS, MAX_POINTS
from .variants import GameKind
from .words import N_

BOTH = (GameKind.CONTRACT, GameKind.SHEDDING)
CONTRACT = (GameKind.CONTRACT,)
SHEDDING = (GameKind.SHEDDING,)


class PartKind(StrEnum):
    CARDS = "cards"  # a list of card codes, at most ``most``
    VALUE_COUNTS = "value-counts"  # {card value: how many cards}, at most ``most`` cards in all
    NUMBER = "number"  # a whole number from 0 to ``most``
    TRUE = "true"  # the value true
    IGNORED = "ignored"  # anything: read back with a hand and left alone


@dataclass(frozen=True, eq=False)  # (its examples are lists and mappings: a part is itself alone)
class HandPart:
    """One key of a hand (the module's docstring says what is made of it)."""

    name: str  # the key in the API's hand (and in a stored round's hand)
    kind: PartKind
    games: tuple[GameKind, ...]  # the kinds of game whose hands may hold it
    way: bool = True  # one way of giving a hand (a hand gives exactly one); else it goes with one
    goes_with: tuple[str, ...] = ()  # a part that is no way: the ways it may go with (none: any)
    most: int = 0  # the largest number; for cards and card values, the most cards
    description: str = ""  # the API document's words
    examples: tuple[Any, ...] = ()  # the API document's examples
    mode: str = ""  # the round form's way of scoring it ("values"), if it has one
    mode_label: str = ""  # that way's label
    form_field: str = ""  # the round form's number box for it, if it has one
    label: str = ""  # that box's label (a card value's: "%(value)s-point cards")
    too_many: str = ""  # the form's refusal of a number above ``most`` ("%(value)s ...")

    def is_for(self, kind: GameKind) -> bool:
        return kind in self.games

    def schema(self, card_code: Mapping[str, Any]) -> dict[str, Any]:
        """This part's OpenAPI schema; ``card_code`` is the schema of one card code."""
        schema: dict[str, Any]
        if self.kind is PartKind.CARDS:
            schema = {"type": "array", "items": dict(card_code), "maxItems": self.most}
        elif self.kind is PartKind.VALUE_COUNTS:
            schema = {"type": "object",
                      "additionalProperties": {"type": "integer", "minimum": 0, "maximum": self.most}}
        elif self.kind is PartKind.NUMBER:
            schema = {"type": "integer", "minimum": 0, "maximum": self.most}
        elif self.kind is PartKind.TRUE:
            schema = {"const": True}
        else:
            schema = {}
        if self.description:
            schema["description"] = self.description
        if self.examples:
            schema["examples"] = list(self.examples)
        return schema


CARDS_HELD = N_("%(value)s cards is more than a hand holds")

CARDS = HandPart(
    "cards", PartKind.CARDS, BOTH, most=MAX_CARDS_IN_HAND, examples=(["KD", "4S", "AH"],),
    mode="cards", mode_label=N_("Cards"))
VALUES = HandPart(
    "values", PartKind.VALUE_COUNTS, CONTRACT, most=MAX_CARDS_IN_HAND,
    description="How many cards of each card value the player holds, keyed by the variant's card values "
                "(an extension of the contract)",
    examples=({"5": 3, "10": 1},), mode="values", mode_label=N_("By value"),
    label=N_("%(value)s-point cards"), too_many=CARDS_HELD)
POINTS = HandPart(
    "points", PartKind.NUMBER, CONTRACT, most=MAX_POINTS, mode="points", mode_label=N_("Points"),
    form_field="points", label=N_("Points"), too_many=N_("%(value)s is more points than any hand scores"))
MISSING = HandPart("missing", PartKind.TRUE, CONTRACT, mode="missing", mode_label=N_("No score"))
CARD_COUNT = HandPart(
    "card_count", PartKind.NUMBER, SHEDDING, most=MAX_CARDS_LEFT_ROY,
    form_field="count", label=N_("Cards left"), too_many=CARDS_HELD)
MISSING_CARDS = HandPart(
    "missing_cards", PartKind.NUMBER, CONTRACT, way=False, goes_with=("cards", "values", "points"),
    most=MAX_MISSING_CARDS, description="Incorrect hand: the variant's points per missing card (10 in every built-in May I variant)",
    form_field="missing_cards", label=N_("Missing cards"), too_many=CARDS_HELD)
NOTE = HandPart(
    "note", PartKind.IGNORED, BOTH, way=False,
    description="Ignored: a hand read back from a game's rounds may keep its note")

# Every part, in the order the API's document and the rules' sentences list them.
PARTS = (CARDS, VALUES, POINTS, MISSING, CARD_COUNT, MISSING_CARDS, NOTE)
WAYS = tuple(part.name for part in PARTS if part.way)
NAMES = tuple(part.name for part in PARTS)


def part(name: str) -> HandPart:
    """The part called ``name`` (a KeyError for a name that is no part of a hand)."""
    for each in PARTS:
        if each.name == name:
            return each
    raise KeyError(name)


def form_modes() -> tuple[HandPart, ...]:
    """The round form's ways of scoring a May I hand, the form's first choice (by value) first."""
    modes = tuple(each for each in PARTS if each.mode and each.is_for(GameKind.CONTRACT))
    return tuple(sorted(modes, key=lambda each: each is not VALUES))


def form_numbers() -> tuple[HandPart, ...]:
    """The parts the round form asks as one number box each."""
    return tuple(each for each in PARTS if each.form_field)


def _listed(names: list[str]) -> str:
    """``a, b or c`` (``a`` alone)."""
    *first, last = names
    return f"{', '.join(first)} or {last}" if first else last


def _way_named(each: HandPart) -> str:
    return each.name + (" (true)" if each.kind is PartKind.TRUE else "")


def hand_schema(card_code: Mapping[str, Any], parts: tuple[HandPart, ...] = PARTS) -> dict[str, Any]:
    """The OpenAPI schema of a hand made of ``parts``; ``card_code`` is the schema of one card code."""
    ways = [_way_named(each) for each in parts if each.way and each.is_for(GameKind.CONTRACT)]
    roy_only = [_way_named(each) for each in parts if each.way and not each.is_for(GameKind.CONTRACT)]
    going = [f"{each.name} may go with {_listed(list(each.goes_with))}" for each in parts if each.goes_with]
    return {
        "type": "object",
        "description": ("Exactly one of " + (", ".join(ways) + " or, for ROY, " + _listed(roy_only) if roy_only
                                             else _listed(ways))
                        + "".join("; " + said for said in going) + "."),
        "properties": {each.name: each.schema(card_code) for each in parts},
    }
