"""Forms of the dispute tools. Every error names the field and the value that was wrong.

The forms only turn text into values (cards, numbers, a variant); what the values mean is decided
in ``scorekeeper.rules``.
"""
from __future__ import annotations

import re
from typing import Any

from flask_wtf import FlaskForm
from wtforms.validators import ValidationError
from wtforms import BooleanField, StringField, SubmitField

from scorekeeper.rules.calculators import RANK_ORDER
from scorekeeper.rules.cards import JOKER, RANKS, SUIT_SYMBOLS, SUITS, Card, CardError, parse_card
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.variants import Variant, all_variants
from scorekeeper.services.house import find_variant

RANK_LABELS = {JOKER: "Joker", "A": "A", "K": "K", "Q": "Q", "J": "J"}
MAX_COUNT = 24  # no hand holds more than this many cards of one rank (4 decks: 16; jokers 8)


def split_codes(text: str | None) -> list[str]:
    return [c for c in re.split(r"[\s,;]+", (text or "").strip()) if c]


def parse_code_list(text: str | None, what: str = "card", rank_alone: bool = False) -> list[Card]:
    """Card codes typed or tapped into a field, e.g. ``7H 7S jk`` (``K 7 7 JK`` with ``rank_alone``,
    where only points are asked); the error names the code and its place."""
    cards = []
    for i, code in enumerate(split_codes(text)):
        try:
            cards.append(parse_card(code, rank_alone=rank_alone))
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


class VariantField(StringField):
    """A variant chooser (rendered as a <select>) whose error names the unknown id."""

    def __init__(self, label="Variant", kind: str | None = None, **kw):
        super().__init__(label, **kw)
        self.kind = kind
        self.variant: Variant | None = None

    def pre_validate(self, form):
        try:
            self.variant = find_variant(self.data)  # a house variant too
        except RulesInputError as err:
            raise ValidationError(f"Variant: {err.message}") from None
        if self.kind and self.variant.kind != self.kind:
            names = ", ".join(name for _, name in variant_choices(self.kind))
            raise ValidationError(f"Variant: {self.variant.name} cannot be used here (choose {names})")


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
            for card in parse_code_list(self.codes.data, rank_alone=True):
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


# ----- meld and contract checker -----------------------------------------------------------------

MELD_FIELDS = 4  # the largest contract is 3 melds; a minimum contract (Le May I) may take one more


class MeldForm(FlaskForm):
    variant = VariantField(kind="contract")
    round = StringField("Round", default="")
    meld1 = StringField("Meld 1")
    meld2 = StringField("Meld 2")
    meld3 = StringField("Meld 3")
    meld4 = StringField("Meld 4")
    twos_wild = BooleanField("House option: 2s are wild too")
    submit = SubmitField("Check")

    def meld_fields(self):
        return [self[f"meld{i}"] for i in range(1, MELD_FIELDS + 1)]

    def apply_keypad(self, form_data) -> bool:
        """A tap on the card keypad without JavaScript: add/undo/clear on the chosen meld."""
        action = next((a for a in ("add", "undo", "clear") if a in form_data), None)
        if action is None:
            return False
        target = form_data.get("target", "meld1")
        if target not in {f.name for f in self.meld_fields()}:
            target = "meld1"
        field = self[target]
        codes = split_codes(field.data)
        if action == "add":
            value = form_data.get("add", "")
            if value != JOKER:
                rank = form_data.get("rank", "")
                value = f"{rank}{value}" if rank else ""
            if value:
                codes.append(value)
        elif action == "undo" and codes:
            codes.pop()
        elif action == "clear":
            codes = []
        field.data = " ".join(codes)
        return True

    def validate(self, extra_validators=None) -> bool:
        ok = super().validate(extra_validators)
        self.round_number = None
        self.melds: list[list[Card]] = []
        v = self.variant.variant
        if v is None:
            return False
        if self.twos_wild.data and "twos_wild" in v.house_options:
            self.variant.variant = v = v.with_house_rules({"twos_wild": True})
        raw = (self.round.data or "").strip()
        if raw:
            try:
                self.round_number = v.round(whole_number(raw, "Round", 1, 99), "round").number
            except RulesInputError as err:
                msg = err.message if err.message.startswith("Round") else f"Round: {err.message}"
                self.round.errors = list(self.round.errors) + [msg]
                ok = False
        for i, field in enumerate(self.meld_fields()):
            try:
                cards = parse_code_list(field.data)
                for k, card in enumerate(cards):
                    v.check_card(card)
            except RulesInputError as err:
                field.errors = list(field.errors) + [f"Meld {i + 1}: {err.message}"]
                ok = False
                continue
            if cards:
                self.melds.append(cards)
        if ok and not self.melds:
            self.meld1.errors = list(self.meld1.errors) + ["Meld 1: no cards yet: tap or type the cards of a meld."]
            ok = False
        return ok


# ----- May I resolver --------------------------------------------------------------------------

MAX_SEATS = 8


class MayIForm(FlaskForm):
    variant = VariantField(kind="contract")
    players = StringField("Players at the table", default="4")
    discarder = StringField("Who discarded?")  # radio buttons, one per seat
    round = StringField("Round (for the house option)", default="")
    cards = StringField("Discards asked for", default="1")
    no_may_i_in_last_three_rounds = BooleanField("House option: no May I in the last three rounds")
    submit = SubmitField("Who gets it?")

    def validate(self, extra_validators=None) -> bool:
        from flask import request

        ok = super().validate(extra_validators)
        self.count = None
        self.discarder_seat = None
        self.claimant_seats: list[int] = []
        self.round_number = None
        self.discards = 1
        v = self.variant.variant
        if v is None:
            return False
        if self.no_may_i_in_last_three_rounds.data and "no_may_i_in_last_three_rounds" in v.house_options:
            self.variant.variant = v = v.with_house_rules({"no_may_i_in_last_three_rounds": True})
        try:
            n = whole_number(self.players.data, "Players", 1, 99)
            self.count = v.check_players(n)
        except RulesInputError as err:
            msg = err.message if err.message.startswith("Players") else f"Players: {err.message}"
            self.players.errors = list(self.players.errors) + [msg]
            return False
        try:
            if not (self.discarder.data or "").strip():
                raise RulesInputError("Who discarded? Tap the seat of the player who discarded.", "discarder")
            self.discarder_seat = whole_number(self.discarder.data, "Discarder", 1, 99)
            if self.discarder_seat > self.count:
                raise RulesInputError(f"Discarder: seat {self.discarder_seat} is out of range: with {self.count} "
                                      f"players the seats are 1 to {self.count}", "discarder", self.discarder_seat)
        except RulesInputError as err:
            self.discarder.errors = list(self.discarder.errors) + [err.message]
            ok = False
        self.claim_errors: list[str] = []
        for raw in request.form.getlist("claimants"):
            try:
                seat = whole_number(raw, "Claimant", 1, 99)
                if seat > self.count:
                    raise RulesInputError(f"Claimant: seat {seat} is out of range: with {self.count} players the "
                                          f"seats are 1 to {self.count}", "claimants", seat)
                if seat == self.discarder_seat:
                    raise RulesInputError(f"Claimant: seat {seat} discarded the card and cannot claim their own "
                                          "discard", "claimants", seat)
                if seat not in self.claimant_seats:
                    self.claimant_seats.append(seat)
            except RulesInputError as err:
                self.claim_errors.append(err.message)
                ok = False
        raw = (self.round.data or "").strip()
        if raw:
            try:
                self.round_number = v.round(whole_number(raw, "Round", 1, 99), "round").number
            except RulesInputError as err:
                msg = err.message if err.message.startswith("Round") else f"Round: {err.message}"
                self.round.errors = list(self.round.errors) + [msg]
                ok = False
        try:
            self.discards = whole_number(self.cards.data, "Discards asked for", 1, 99, default=1)
        except RulesInputError as err:
            self.cards.errors = list(self.cards.errors) + [err.message]
            ok = False
        return ok


# ----- ROY play checker ------------------------------------------------------------------------

SUIT_SELECT = [("", "—")] + [(s, label) for s, label in SUIT_CHOICES]
PENDING_SELECT = [("0", "none"), ("2", "2"), ("4", "4"), ("6", "6"), ("8", "8")]


class RoyForm(FlaskForm):
    top = StringField("Top card of the discard pile")
    announced_suit = StringField("Suit named with the jack on top")  # <select>s in the template
    pending = StringField("Cards owed after aces", default="0")
    cards = StringField("Cards played this turn, in order")
    announce = StringField("Suit named (a jack played alone)")
    submit = SubmitField("Check the play")

    def apply_keypad(self, form_data) -> bool:
        action = next((a for a in ("add", "undo", "clear") if a in form_data), None)
        if action is None:
            return False
        target = "top" if form_data.get("target") == "top" else "cards"
        field = self[target]
        codes = split_codes(field.data)
        if action == "add":
            rank = form_data.get("rank", "")
            value = form_data.get("add", "")
            if rank and value in SUITS:
                codes = [f"{rank}{value}"] if target == "top" else codes + [f"{rank}{value}"]
        elif action == "undo" and codes:
            codes.pop()
        elif action == "clear":
            codes = []
        field.data = " ".join(codes)
        return True

    def validate(self, extra_validators=None) -> bool:
        ok = super().validate(extra_validators)
        self.top_card = None
        self.played: list[Card] = []
        self.pending_draw = 0
        try:
            tops = parse_code_list(self.top.data, "top card")
            if len(tops) != 1:
                raise RulesInputError(f"Top card: {self.top.data or ''!r} should be exactly one card, e.g. 9H",
                                      "top", self.top.data)
            self.top_card = tops[0]
        except RulesInputError as err:
            msg = err.message if err.message.startswith("Top card") else f"Top card: {err.message}"
            self.top.errors = list(self.top.errors) + [msg]
            ok = False
        try:
            self.played = parse_code_list(self.cards.data)
        except RulesInputError as err:
            self.cards.errors = list(self.cards.errors) + [f"Cards played: {err.message}"]
            ok = False
        try:
            self.pending_draw = whole_number(self.pending.data, "Cards waiting", 0, 8, default=0)
        except RulesInputError as err:
            self.pending.errors = list(self.pending.errors) + [err.message]
            ok = False
        for field, label in ((self.announced_suit, "Suit named with the jack on top"), (self.announce, "Suit named")):
            if field.data and field.data not in SUITS:
                field.errors = list(field.errors) + [f"{label}: {field.data!r} is not a suit (S, H, D or C)"]
                ok = False
        return ok
