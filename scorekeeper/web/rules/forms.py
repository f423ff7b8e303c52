"""Forms of the dispute tools. Every error names the field and the value that was wrong.

The forms only turn text into values (cards, numbers, a variant); what the values mean is decided
in ``scorekeeper.rules``. Labels are lazy (translated when shown); errors are made in the request's
language, each starting with the field's label as the page shows it.
"""
from __future__ import annotations

import re
from typing import Any

from flask import request
from flask_babel import gettext as _, lazy_gettext as _l, pgettext
from wtforms.validators import ValidationError
from wtforms import StringField, SubmitField

from scorekeeper.rules.calculators import RANK_ORDER, check_players_count
from scorekeeper.rules.cards import JOKER, RANKS, SUIT_SYMBOLS, SUITS, Card, CardError
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.limits import MAX_MISSING_CARDS
from scorekeeper.rules.variants import Variant, all_variants, shown_text
from scorekeeper.services.house import find_variant
from scorekeeper.i18n import language
from scorekeeper.rules import card_letters
from scorekeeper.web.forms import PageForm

RANK_LABELS = {JOKER: _l("Joker"), "A": "A", "K": "K", "Q": "Q", "J": "J"}


def rank_labels() -> dict[str, str]:
    """:data:`RANK_LABELS` as the page's language writes them (R D V on a French page)."""
    shown = card_letters.letters(language())["shown"]
    return {**RANK_LABELS, **{r: shown.get(r, r) for r in ("A", "K", "Q", "J")}}
MAX_COUNT = 24  # no hand holds more than this many cards of one rank (4 decks: 16; jokers 8)


def split_codes(text: str | None) -> list[str]:
    return [c for c in re.split(r"[\s,;]+", (text or "").strip()) if c]


def parse_code_list(text: str | None, what: str = "", rank_alone: bool = False) -> list[Card]:
    """Card codes typed or tapped into a field, e.g. ``7H 7S jk`` (``K 7 7 JK`` with ``rank_alone``,
    where only points are asked), in the page's language (``3T`` is the three of clubs on a French
    page: rules/card_letters.py); the error names the code and its place."""
    cards = []
    for i, code in enumerate(split_codes(text)):
        try:
            cards.append(card_letters.read_card(code, language(), rank_alone=rank_alone))
        except CardError as err:
            raise RulesInputError(_("%(what)s %(n)s: %(message)s", what=what or _("card"), n=i + 1,
                                    message=err.message), f"{what or 'card'}[{i}]", code) from None
    return cards


def keypad(form_data, field, card: str, replace: bool = False) -> bool:
    """A tap on a card keypad without JavaScript: ``card`` added to ``field`` (put in place of what
    it holds, with ``replace``), its last card taken back, or the field cleared. False: no tap."""
    action = next((a for a in ("add", "undo", "clear") if a in form_data), None)
    if action is None:
        return False
    codes = split_codes(field.data)
    if action == "add" and card:
        codes = [card] if replace else codes + [card]
    elif action == "undo":
        codes = codes[:-1]
    elif action == "clear":
        codes = []
    field.data = " ".join(codes)
    return True


def whole_number(raw: Any, label: str, lo: int, hi: int, default: int | None = None) -> int:
    text = "" if raw is None else str(raw).strip()
    if text == "" and default is not None:
        return default
    if not re.fullmatch(r"\d{1,4}", text):
        raise RulesInputError(_("%(label)s: %(value)r is not a whole number from %(lo)s to %(hi)s",
                                label=label, value=text, lo=lo, hi=hi), str(label), text)
    value = int(text)
    if not lo <= value <= hi:
        raise RulesInputError(_("%(label)s: %(value)s is out of range (%(lo)s to %(hi)s)",
                                label=label, value=value, lo=lo, hi=hi), str(label), value)
    return value


def labelled(label: str, err: RulesInputError) -> str:
    """A rules error shown under a field: the field's label, then what is wrong."""
    return _("%(label)s: %(message)s", label=label, message=err.message)


def _number_in(field, raw_label: str, lo: int, hi: int, check=None, default: int | None = None) -> int | None:
    """The whole number typed into ``field`` (then ``check``-ed by the rules), or None with the
    error added under the field."""
    try:
        value = whole_number(field.data, raw_label, lo, hi, default=default)
    except RulesInputError as err:
        field.errors = list(field.errors) + [err.message]
        return None
    if check is None:
        return value
    try:
        return check(value)
    except RulesInputError as err:
        field.errors = list(field.errors) + [labelled(raw_label, err)]
        return None


def variant_choices(kind: str | None = None) -> list[tuple[str, str]]:
    return [(v.id, v.name) for v in all_variants() if kind is None or v.kind == kind]


class VariantField(StringField):
    """A variant chooser (rendered as a <select>) whose error names the unknown id."""

    def __init__(self, label=None, kind: str | None = None, **kw):
        super().__init__(_l("Variant") if label is None else label, **kw)
        self.kind = kind
        self.variant: Variant | None = None

    def pre_validate(self, form):
        try:
            self.variant = find_variant(self.data)  # a house variant too
        except RulesInputError as err:
            raise ValidationError(_("Variant: %(message)s", message=err.message)) from None
        if self.kind and self.variant.kind != self.kind:
            names = ", ".join(name for _id, name in variant_choices(self.kind))
            raise ValidationError(_("Variant: %(variant)s cannot be used here (choose %(names)s)",
                                    variant=self.variant.name, names=names))


class HandForm(PageForm):
    """The hand calculator: cards left (counts per rank, or codes), and missing cards."""

    codes = StringField(_l("Or type the cards"), description=_l("e.g. K 7 7 JK, or KS 7H 7D JK"))
    missing = StringField(_l("Cards missing from the hand (incorrect hand)"), default="0")
    submit = SubmitField(_l("Count"))

    def validate(self, extra_validators=None) -> bool:
        ok = super().validate(extra_validators)
        self.cards: list[Card] = []
        for key in (JOKER, *RANK_ORDER):
            field = self[f"n_{key}"]
            n = _number_in(field, str(rank_labels().get(key, key)), 0, MAX_COUNT, default=0)
            if n is None:
                ok = False
                continue
            self.cards += [Card(None, None) if key == JOKER else Card(key, "S")] * n
        try:
            self.cards += parse_code_list(self.codes.data, rank_alone=True)
        except RulesInputError as err:
            self.codes.errors = list(self.codes.errors) + [err.message]
            ok = False
        self.missing_cards = _number_in(self.missing, _("Missing cards"), 0, MAX_MISSING_CARDS, default=0)
        return ok and self.missing_cards is not None


for _key in (JOKER, *RANK_ORDER):
    setattr(HandForm, f"n_{_key}", StringField(RANK_LABELS.get(_key, _key), default="0"))


class DeckForm(PageForm):
    players = StringField(_l("Players at the table"), default="4")
    submit = SubmitField(_l("Show the pack"))

    def validate(self, extra_validators=None) -> bool:
        ok = super().validate(extra_validators)
        self.count = _number_in(self.players, _("Players"), 1, 99, check=check_players_count)
        return ok and self.count is not None


_SUIT_WORDS = {"S": _l("spades"), "H": _l("hearts"), "D": _l("diamonds"), "C": _l("clubs")}


def suit_name(suit: str) -> str:
    """A suit's name in the reader's language ("hearts", "cœur")."""
    return str(_SUIT_WORDS.get(suit, suit))


def suit_choices() -> list[tuple[str, str]]:
    """(code, "♠ spades") for each suit, in the reader's language."""
    return [(s, f"{SUIT_SYMBOLS[s]} {_SUIT_WORDS[s]}") for s in SUITS]


RANK_CHOICES = [(r, r) for r in RANKS]


def keypad_ranks() -> list[tuple[str, str]]:
    """The keypad's ranks as the page's language types them (R D V on a French page)."""
    shown = card_letters.letters(language())["shown"]
    return [(shown.get(r, r), shown.get(r, r)) for r in RANKS]


def keypad_suits() -> list[tuple[str, str]]:
    """The keypad's suits: the letter the page's language types (P C K T on a French page), and
    "♠ spades" in its words."""
    typed = {english: letter for letter, english in card_letters.letters(language())["suits"].items()}
    return [(typed.get(s, s), label) for s, label in suit_choices()]


# ----- meld and contract checker -----------------------------------------------------------------

MELD_FIELDS = 4  # the largest contract is 3 melds; a minimum contract (Le May I) may take one more


def house_option_choices(v, kind) -> list[tuple[str, str, bool]]:
    """The house options of ``v`` that a tool offers (``kind(option)`` true: those that add wilds,
    or limit May I), from the variant's TOML: (key, label, ticked in the form sent)."""
    if not isinstance(v, Variant):
        return []
    return [(key, _("House option: %(option)s", option=_lower_first(shown_text(opt.label))), bool(request.values.get(key)))
            for key, opt in v.house_options.items() if kind(opt)]


def with_chosen_options(v, kind):
    """``v`` with the offered house options ticked in the form sent."""
    chosen = {key: True for key, _label, ticked in house_option_choices(v, kind) if ticked}
    return v.with_house_rules(chosen) if chosen else v


def _chosen(field) -> Variant | None:
    """The variant a chooser names, checked or not yet (None if it names none)."""
    if field.variant is not None:
        return field.variant
    try:
        return find_variant(field.data)
    except RulesInputError:
        return None


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[1:2].islower() or text[1:2] == " " else text


class MeldForm(PageForm):
    variant = VariantField(kind="contract")
    round = StringField(_l("Round"), default="")
    meld1 = StringField(_l("Meld %(n)s", n=1))
    meld2 = StringField(_l("Meld %(n)s", n=2))
    meld3 = StringField(_l("Meld %(n)s", n=3))
    meld4 = StringField(_l("Meld %(n)s", n=4))
    submit = SubmitField(_l("Check"))
    # ...and a check box per house option that adds wilds (house_option_choices)

    def house_options(self, v) -> list[tuple[str, str, bool]]:
        return house_option_choices(v, lambda opt: opt.adds_wild)

    def meld_fields(self):
        return [self[f"meld{i}"] for i in range(1, MELD_FIELDS + 1)]

    def apply_keypad(self, form_data) -> bool:
        """A tap on the card keypad without JavaScript, on the chosen meld."""
        target = form_data.get("target", "meld1")
        field = self[target] if target in {f.name for f in self.meld_fields()} else self.meld1
        value, rank = form_data.get("add", ""), form_data.get("rank", "")
        return keypad(form_data, field, value if value == JOKER else f"{rank}{value}" if rank else "")

    def validate(self, extra_validators=None) -> bool:
        ok = super().validate(extra_validators)
        self.round_number = None
        self.melds: list[list[Card]] = []
        self.no_cards_yet: str | None = None  # the refusal of a form with no cards, in the reader's language
        v = self.variant.variant
        if v is None:
            return False
        self.variant.variant = v = with_chosen_options(v, lambda opt: opt.adds_wild)
        if (self.round.data or "").strip():
            self.round_number = _number_in(self.round, _("Round"), 1, 99,
                                           check=lambda n: v.round(n, "round").number)
            ok = ok and self.round_number is not None
        for field in self.meld_fields():
            try:
                cards = parse_code_list(field.data)
                for card in cards:
                    v.check_card(card)
            except RulesInputError as err:
                field.errors = list(field.errors) + [labelled(field.label.text, err)]
                ok = False
                continue
            if cards:
                self.melds.append(cards)
        if ok and not self.melds:
            self.no_cards_yet = _("Meld 1: no cards yet: tap or type the cards of a meld.")
            self.meld1.errors = list(self.meld1.errors) + [self.no_cards_yet]
            ok = False
        return ok


# ----- May I resolver --------------------------------------------------------------------------

MAX_SEATS = 8


class MayIForm(PageForm):
    variant = VariantField()  # any variant: one without May I is answered "not allowed", and why
    players = StringField(_l("Players at the table"), default="4")
    discarder = StringField(_l("Who discarded?"))  # radio buttons, one per seat
    round = StringField(_l("Round (for the house option)"), default="")
    cards = StringField(_l("Discards asked for"), default="1")
    submit = SubmitField(_l("Who gets it?"))
    # ...and a check box per house option that limits May I (house_option_choices)

    def house_options(self) -> list[tuple[str, str, bool]]:
        return house_option_choices(_chosen(self.variant), lambda opt: opt.no_may_i_in_last_rounds)

    def validate(self, extra_validators=None) -> bool:
        ok = super().validate(extra_validators)
        self.count = None
        self.discarder_seat = None
        self.claimant_seats: list[int] = []
        self.round_number = None
        v = self.variant.variant
        if v is None:
            return False
        self.variant.variant = v = with_chosen_options(v, lambda opt: opt.no_may_i_in_last_rounds)
        self.count = _number_in(self.players, _("Players"), 1, 99, check=v.check_players)
        if self.count is None:
            return False
        try:
            if not (self.discarder.data or "").strip():
                raise RulesInputError(_("Who discarded? Tap the seat of the player who discarded."), "discarder")
            self.discarder_seat = whole_number(self.discarder.data, _("Discarder"), 1, 99)
            if self.discarder_seat > self.count:
                raise RulesInputError(_("Discarder: seat %(seat)s is out of range: with %(players)s players the "
                                        "seats are 1 to %(players)s", seat=self.discarder_seat, players=self.count),
                                      "discarder", self.discarder_seat)
        except RulesInputError as err:
            self.discarder.errors = list(self.discarder.errors) + [err.message]
            ok = False
        self.claim_errors: list[str] = []
        for raw in request.form.getlist("claimants"):
            try:
                seat = whole_number(raw, _("Claimant"), 1, 99)
                if seat > self.count:
                    raise RulesInputError(_("Claimant: seat %(seat)s is out of range: with %(players)s players the "
                                            "seats are 1 to %(players)s", seat=seat, players=self.count),
                                          "claimants", seat)
                if seat == self.discarder_seat:
                    raise RulesInputError(_("Claimant: seat %(seat)s discarded the card and cannot claim their own "
                                            "discard", seat=seat), "claimants", seat)
                if seat not in self.claimant_seats:
                    self.claimant_seats.append(seat)
            except RulesInputError as err:
                self.claim_errors.append(err.message)
                ok = False
        if (self.round.data or "").strip():
            self.round_number = _number_in(self.round, _("Round"), 1, 99,
                                           check=lambda n: v.round(n, "round").number)
            ok = ok and self.round_number is not None
        self.discards = _number_in(self.cards, _("Discards asked for"), 1, 99, default=1)
        return ok and self.discards is not None


# ----- ROY play checker ------------------------------------------------------------------------

def suit_select() -> list[tuple[str, str]]:
    return [("", "—")] + suit_choices()


def pending_select() -> list[tuple[str, str]]:
    return [("0", pgettext("cards owed", "none")), ("2", "2"), ("4", "4"), ("6", "6"), ("8", "8")]


class RoyForm(PageForm):
    top = StringField(_l("Top card of the discard pile"))
    announced_suit = StringField(_l("Suit named with the jack on top"))  # <select>s in the template
    pending = StringField(_l("Cards owed after aces"), default="0")
    cards = StringField(_l("Cards played this turn, in order"))
    announce = StringField(_l("Suit named (a jack played alone)"))
    submit = SubmitField(_l("Check the play"))

    def apply_keypad(self, form_data) -> bool:
        """A tap on the card keypad without JavaScript: the top card (one), or the cards played."""
        top = form_data.get("target") == "top"
        rank, value = form_data.get("rank", ""), form_data.get("add", "")
        suits = {letter for letter, _label in keypad_suits()}
        return keypad(form_data, self.top if top else self.cards, f"{rank}{value}" if rank and value in suits else "",
                      replace=top)

    def validate(self, extra_validators=None) -> bool:
        ok = super().validate(extra_validators)
        self.top_card = None
        self.played: list[Card] = []
        try:
            tops = parse_code_list(self.top.data, _("top card"))
            if len(tops) != 1:
                raise RulesInputError(_("%(value)r should be exactly one card, e.g. 9H", value=self.top.data or ""),
                                      "top", self.top.data)
            self.top_card = tops[0]
        except RulesInputError as err:
            self.top.errors = list(self.top.errors) + [labelled(_("Top card"), err)]
            ok = False
        try:
            self.played = parse_code_list(self.cards.data)
        except RulesInputError as err:
            self.cards.errors = list(self.cards.errors) + [labelled(_("Cards played"), err)]
            ok = False
        self.pending_draw = _number_in(self.pending, _("Cards waiting"), 0, 8, default=0)
        ok = ok and self.pending_draw is not None
        for field, label in ((self.announced_suit, _("Suit named with the jack on top")), (self.announce, _("Suit named"))):
            if field.data and field.data not in SUITS:
                field.errors = list(field.errors) + [_("%(label)s: %(value)r is not a suit (S, H, D or C)",
                                                       label=label, value=field.data)]
                ok = False
        return ok
