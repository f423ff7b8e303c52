"""Forms of the dispute tools. Every error names the field and the value that was wrong.

The forms only turn text into values (cards, numbers, a variant); what the values mean is decided
in ``scorekeeper.rules``.
"""
from __future__ import annotations

import re
from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, HiddenField, RadioField, SelectField, StringField, SubmitField

from scorekeeper.rules.calculators import RANK_ORDER
from scorekeeper.rules.cards import JOKER, RANKS, SUIT_SYMBOLS, SUITS, Card, CardError, parse_card
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.variants import Variant, all_variants, get_variant

RANK_LABELS = {JOKER: "Joker", "A": "A", "K": "K", "Q": "Q", "J": "J"}
MAX_COUNT = 24  # no hand holds more than this many cards of one rank (4 decks: 16; jokers 8)


def split_codes(text: str | None) -> list[str]:
    return [c for c in re.split(r"[\s,;]+", (text or "").strip()) if c]


def parse_code_list(text: str | None, what: str = "card") -> list[Card]:
    """Card codes typed or tapped into a field, e.g. ``7H 7S jk``; the error names the code and its place."""
    cards = []
    for i, code in enumerate(split_codes(text)):
        try:
            cards.append(parse_card(code))
        except CardError as err:
            raise RulesInputError(f"{what} {i + 1}: {err.message}", f"{what}[{i}]", code) from None
    return cards


def whole_number(raw: Any, label: str, lo: int, hi: int, default: int | None = None) -> int:
    text = "" if raw is None else str(raw).strip()
    if text == "" and default is not None:
        return default
    if not re.fullmatch(r"\d{1,4}", text):
        raise RulesInputError(f"{label}: {text!r} is not a whole number from {lo} to {hi}", label, text)
    value = int(text)
    if not lo <= value <= hi:
        raise RulesInputError(f"{label}: {value} is out of range ({lo} to {hi})", label, value)
    return value


def variant_choices(kind: str | None = None) -> list[tuple[str, str]]:
    return [(v.id, v.name) for v in all_variants() if kind is None or v.kind == kind]


class VariantField(SelectField):
    """A variant chooser whose error names the unknown id (not wtforms' "Not a valid choice")."""

    def __init__(self, label="Variant", kind: str | None = None, **kw):
        super().__init__(label, choices=variant_choices(kind), validate_choice=False, **kw)
        self.kind = kind
        self.variant: Variant | None = None

    def pre_validate(self, form):
        try:
            self.variant = get_variant(self.data)
        except RulesInputError as err:
            raise ValueError(f"Variant: {err.message}") from None
        if self.kind and self.variant.kind != self.kind:
            names = ", ".join(name for _, name in variant_choices(self.kind))
            raise ValueError(f"Variant: {self.variant.name} cannot be used here (choose {names})")


class HandForm(FlaskForm):
    """The hand calculator: cards left (counts per rank, or codes), and missing cards."""

    codes = StringField("Or type the cards", description="e.g. K 7 7 JK, or KS 7H 7D JK")
    missing = StringField("Cards missing from the hand (incorrect hand)", default="0")
    submit = SubmitField("Count")

    def validate(self, extra_validators=None) -> bool:
        ok = super().validate(extra_validators)
        self.cards: list[Card] = []
        self.missing_cards = 0
        for key in (JOKER, *RANK_ORDER):
            field = self[f"n_{key}"]
            try:
                n = whole_number(field.data, f"{RANK_LABELS.get(key, key)}", 0, MAX_COUNT, default=0)
            except RulesInputError as err:
                field.errors = list(field.errors) + [err.message]
                ok = False
                continue
            self.cards += [Card(None, None) if key == JOKER else Card(key, "S")] * n
        try:
            for card in parse_code_list(self.codes.data):
                self.cards.append(card if card.is_joker else card)
        except RulesInputError as err:
            self.codes.errors = list(self.codes.errors) + [err.message]
            ok = False
        try:
            self.missing_cards = whole_number(self.missing.data, "Missing cards", 0, 60, default=0)
        except RulesInputError as err:
            self.missing.errors = list(self.missing.errors) + [err.message]
            ok = False
        return ok


for _key in (JOKER, *RANK_ORDER):
    setattr(HandForm, f"n_{_key}", StringField(RANK_LABELS.get(_key, _key), default="0"))


class DeckForm(FlaskForm):
    players = StringField("Players at the table", default="4")
    submit = SubmitField("Show the pack")

    def validate(self, extra_validators=None) -> bool:
        ok = super().validate(extra_validators)
        self.count = None
        try:
            from scorekeeper.rules.calculators import check_players_count

            self.count = check_players_count(whole_number(self.players.data, "Players", 1, 99))
        except RulesInputError as err:
            msg = err.message if err.message.startswith("Players") else f"Players: {err.message}"
            self.players.errors = list(self.players.errors) + [msg]
            ok = False
        return ok


SUIT_CHOICES = [(s, f"{SUIT_SYMBOLS[s]} {name}") for s, name in zip(SUITS, ("spades", "hearts", "diamonds", "clubs"))]
RANK_CHOICES = [(r, r) for r in RANKS]
