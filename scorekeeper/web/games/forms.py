"""Forms for the game pages (Flask-WTF, CSRF on every one). They only collect and shape input;
every rule is applied by ``scorekeeper.services.games`` (shared with the JSON API)."""
from __future__ import annotations

from flask_babel import gettext as _, lazy_gettext as _l
from jinja2.utils import htmlsafe_json_dumps
from wtforms import (
    BooleanField,
    FieldList,
    Form,
    FormField,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
    SubmitField,
    TextAreaField,
)
from wtforms.validators import DataRequired, InputRequired, Length, Optional, StopValidation, ValidationError
from wtforms.widgets import NumberInput

from ...i18n import language
from ...rules import card_letters, hand_shape
from ...rules.cards import Card, CardError
from ...rules.pack_limits import NUMBER_WORDS, cards_beyond, in_words, said, values_beyond
from ...rules.limits import unlikely_points
from ...rules.scoring import points_classes
from ...rules.variants import StockExhausted, Variant
from ..forms import PageForm, options

STOCK = "stock"


class Between:
    """A range check whose message names the value typed ("12000 is not from 0 to 10000"), with
    what the limit means when that helps ("300 is out of range: a hand holds 0 to 120 cards")."""

    def __init__(self, low: int, high: int, why: str | None = None):
        self.low, self.high, self.why = low, high, why

    def __call__(self, form, field):
        if field.data is None or self.low <= field.data <= self.high:
            return
        if self.why:
            raise ValidationError(_("%(value)s is out of range: %(why)s", value=field.data, why=self.why))
        raise ValidationError(_("%(value)s is not from %(low)s to %(high)s", value=field.data, low=self.low, high=self.high))


class Amount:
    """0 or more, up to ``high``: one message that says what is wrong in a player's words
    ("-5 is below 0", "300 cards is more than a hand holds"), never the code's range."""

    def __init__(self, high: int, too_many):
        self.high, self.too_many = high, too_many

    def __call__(self, form, field):
        if field.data is None:
            return
        if field.data < 0:
            raise ValidationError(_("%(value)s is below 0", value=field.data))
        if field.data > self.high:
            raise ValidationError(str(self.too_many) % {"value": field.data})


class WholeNumberField(IntegerField):
    """An integer field whose errors name the field and the value typed ("Points: 'x' is not a
    whole number"): a round form shows a player's errors together, under that player's hand."""

    widget = NumberInput(min=0)

    def pre_validate(self, form):
        if self.process_errors:  # not a number: checking its range would only repeat that
            raise StopValidation()

    def post_validate(self, form, validation_stopped):
        prefix = _("%(label)s: %(message)s", label=self.label.text, message="")
        self.errors = [e if e.startswith(prefix) else prefix + e for e in self.errors]

    def process_formdata(self, valuelist):
        if not valuelist:
            return
        raw = valuelist[0].strip()
        if raw == "":
            self.data = None
            return
        try:
            self.data = int(raw)
        except ValueError:
            self.data = None
            raise ValueError(_("'%(value)s' is not a whole number", value=raw[:20])) from None


class SignedNumberField(WholeNumberField):
    """A whole number that may be negative (a score effect that takes points off)."""

    widget = NumberInput()


# ----- a round -------------------------------------------------------------------------------------

# The ways of scoring a May I hand, as rules/hand_shape.py describes them.
INPUT_MODES = tuple((part.mode, _l(part.mode_label)) for part in hand_shape.form_modes())
REMEMBERED_MODES = tuple(mode for mode, _label in INPUT_MODES if mode != hand_shape.MISSING.mode)  # "no score" is never a good default


def number_box(part: hand_shape.HandPart, **label_values: object) -> WholeNumberField:
    """The round form's box for a number of a hand (rules/hand_shape.py): its label, and its check
    from 0 to the part's largest number in a player's words."""
    return WholeNumberField(
        _l(part.label, **label_values), default=None if part.way else 0,
        validators=[Optional(), Amount(part.most, _l(part.too_many))], widget=NumberInput(min=0, max=part.most),
    )


class HandForm(Form):
    """One player's hand: so many cards of each value, cards tapped (plus typed codes for second
    copies), typed points, or no score posted; missing cards for an incorrect hand; ROY: how many
    cards are left. The number boxes (points, missing_cards, count) are added below, one for each
    number of rules/hand_shape.py."""

    card_values: tuple[int, ...] = ()  # the variant's card values: one count field v<value> each
    seat = HiddenField()
    mode = RadioField(_l("Score by"), choices=options(INPUT_MODES), default=INPUT_MODES[0][0], validate_choice=False)
    cards = SelectMultipleField(_l("Cards left"), choices=[], validate_choice=False)
    extra = StringField(_l("More cards (e.g. 7 K, or 7H KD)"), validators=[Optional(), Length(max=300)])
    sure = BooleanField(_l("Yes, these points are right"))


for _part in hand_shape.form_numbers():
    setattr(HandForm, _part.form_field, number_box(_part))


class RoundFormBase(PageForm):
    round = HiddenField()
    key = HiddenField()
    version = HiddenField()
    went_out = RadioField(_l("Who went out?"), validate_choice=False)
    preview = SubmitField(_l("Preview"))
    save = SubmitField(_l("Save the round"))


class CorrectFormBase(RoundFormBase):
    reason = TextAreaField(
        _l("Reason for the correction"),
        validators=[InputRequired(message=_l("say why the round is corrected")), Length(max=1000)],
    )
    save = SubmitField(_l("Save the correction"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # (a plain string: the page escapes it, as it does not a lazy one)
        self.reason.render_kw = {"placeholder": _("e.g. Bob's 8 was counted as a 3")}


def value_count_field(value: int) -> WholeNumberField:
    """The box for how many cards worth ``value`` points a hand holds."""
    return number_box(hand_shape.VALUES, value=value)


def round_form(players: list[tuple[int, str]], variant: Variant, correcting: bool = False, **kwargs) -> RoundFormBase:
    """A round form for these (seat, name) players of ``variant``. Each hand has one count per card
    value of the variant: ``v5`` is how many 5-point cards the player holds."""
    base = CorrectFormBase if correcting else RoundFormBase
    classes = points_classes(variant) if variant.points else []
    hand_cls = type("VariantHandForm", (HandForm,), {
        "card_values": tuple(value for value, _ranks in classes),
        **{f"v{value}": value_count_field(value) for value, _ranks in classes},
    })
    cls = type(
        "RoundForm",
        (base,),
        {"hands": FieldList(FormField(hand_cls), min_entries=len(players), max_entries=len(players))},
    )
    form = cls(**kwargs)
    choices = [(str(seat), name) for seat, name in players]
    if variant.stock_exhausted is StockExhausted.TURN_OVER_ONCE_THEN_END:
        choices.append((STOCK, _("Nobody: the stock ran out twice")))
    form.went_out.choices = options(choices)
    for entry, (seat, _name) in zip(form.hands, players):
        if not entry.form.seat.data:
            entry.form.seat.data = str(seat)
    return form


def hand_to_fields(hand: dict) -> dict:
    """A stored hand (game_state shape) as form data, for the correction form. Cards go in the typed
    box, in the page's letters: the box is the hand (the page's card picker shows it ticked)."""
    data: dict[str, object] = {"mode": "values", "cards": [], "extra": "", "points": None, "missing_cards": 0, "count": None}
    kind = hand.get("entered_as")
    if kind == "cards":
        data.update(mode="cards", extra=" ".join(card_letters.typed(c, language()) for c in hand.get("cards", [])))
    elif kind == "values":
        for value, count in (hand.get("values") or {}).items():
            data[f"v{value}"] = count
    elif kind == "points":
        data.update(mode="points", points=hand.get("entered_points", hand.get("points")))
    elif kind == "missing":
        data.update(mode="missing")
    elif kind == "card_count":
        data.update(count=hand.get("card_count"))
    data["missing_cards"] = hand.get("missing_cards", 0) or 0
    return data


def effective_mode(h: HandForm) -> str:
    """The way this hand was entered: the mode chosen, unless nothing was entered that way and
    exactly one other way was filled in (a phone without the page's script shows every way at once,
    so typing points without choosing "Points" first still means points)."""
    filled = {
        "values": any(h[f"v{value}"].data for value in h.card_values),
        "cards": bool(h.cards.data or (h.extra.data or "").strip()),
        "points": h.points.data is not None,
    }
    chosen = h.mode.data if h.mode.data in (*filled, "missing") else "values"
    if chosen == "missing" or filled[chosen]:
        return chosen
    others = [mode for mode, used in filled.items() if used]
    return others[0] if len(others) == 1 else chosen


def not_a_card(name: str, code: str) -> str:
    """A typed code that is no card, in the players' words (a French page lists its own letters)."""
    return _("%(name)s: '%(value)s' is not a card; a card is A, 2–10, J, Q or K with S, H, D or C, "
             "or JK for a joker", name=name, value=code[:20])


def read_hand(variant: Variant, name: str, ticked: list[str], text: str | None) -> tuple[list[Card], list[str]]:
    """The cards of ``name``'s hand: ``ticked`` in the card picker of an older page (English
    codes) and typed in the box, read in the page's language ("3T" is the three of clubs on a
    French page: rules/card_letters.py). With them, a sentence for every code that is not a card of
    ``variant``'s pack, each naming the code as typed (static/js/cards.js says the same as it is
    typed)."""
    cards: list[Card] = []
    problems: list[str] = []
    typed = (text or "").replace(",", " ").split()
    for code, page_language in [(code, "en") for code in ticked] + [(code, language()) for code in typed]:
        try:
            card = card_letters.read_card(code, page_language, rank_alone=True)  # only points count
        except CardError:
            problems.append(not_a_card(name, code))
            continue
        if card.is_joker and not variant.has_jokers:
            problems.append(_("%(name)s: '%(value)s' is not in the pack: this game is played without jokers",
                              name=name, value=code[:20]))
            continue
        cards.append(card)
    return cards, problems


def pack_for_scripts(variant: Variant, seated: int) -> str:
    """The pack of the ``seated`` players as static/js/cards.js checks a hand against it while it
    is typed (as :func:`round_payload` does on Save): decks, jokers, and the counts' words in the
    page's language ("four 10♥")."""
    pack = variant.pack(seated)
    words = [in_words(count) for count in range(1, len(NUMBER_WORDS) + 1)]
    return htmlsafe_json_dumps({"decks": pack.decks, "jokers": pack.jokers, "words": words}, separators=(",", ":"))


def round_payload(form: RoundFormBase, players: list[tuple[int, str]], variant: Variant,
                  seated: int) -> tuple[dict, dict[str, list[str]]]:
    """The API-shaped round submission from the form, and errors for empty required inputs, for
    codes that are not cards and for hands beyond the pack of the ``seated`` players
    (rules/pack_limits.py), every player's at once."""
    pack = variant.pack(seated)
    errors: dict[str, list[str]] = {}
    payload: dict = {"hands": {}}
    if form.round.data:
        try:
            payload["round"] = int(form.round.data)
        except ValueError:
            errors.setdefault("_form", []).append(_("'%(value)s' is not a round number", value=form.round.data))
    names = {str(seat): name for seat, name in players}
    went_name = _went_out(form.went_out.data, names, payload, errors)
    for entry in form.hands:
        name = names.get(entry.form.seat.data or "")
        if name is None or name == went_name:
            continue
        hand, key, problems = _hand_read(entry.form, name, variant, pack)
        if hand is None:
            if problems:
                errors.setdefault(key, []).extend(problems)
            continue
        payload["hands"][name] = hand
    return payload, errors


def _went_out(went: str | None, names: dict[str, str], payload: dict, errors: dict[str, list[str]]) -> str | None:
    """Who went out (their name into ``payload``), none when the stock ran out; "say who went out" else."""
    if went == STOCK:
        payload["end"] = "stock_exhausted"
        return None
    if went in names:
        payload["went_out"] = names[went]
        return names[went]
    errors.setdefault("went_out", []).append(_("say who went out"))
    return None


# A hand as read from its fields: the API's hand, or None with the errors' key (hands.<name>, or
# sure.<name> for points to confirm) and their messages (none: already said beside a box).
HandRead = tuple[dict | None, str, list[str]]


def _hand_read(h, name: str, variant: Variant, pack) -> HandRead:
    """One player's hand (a player who did not go out) in the way the form gave it."""
    key = f"hands.{name}"
    if variant.is_roy:
        if h.count.data is None:
            return None, key, [] if h.count.errors else [_("how many cards does %(name)s still hold?", name=name)]
        return {"card_count": h.count.data}, key, []
    mode = effective_mode(h)
    if mode == "missing":
        return {"missing": True}, key, []
    if mode == "points":
        return _points_read(h, name, variant)
    if mode == "values":
        counts = {value: h[f"v{value}"].data for value in h.card_values if h[f"v{value}"].data}
        checked = {value: count for value, count in counts.items() if not h[f"v{value}"].errors}  # (said once)
        beyond = [said(name, excess) for excess in values_beyond(variant, pack, checked)]
        if beyond:
            return None, key, beyond
        hand: dict = {"values": {str(value): count for value, count in counts.items()}}
    else:  # cards: typed in the page's language (or ticked in an older page's picker)
        cards, problems = read_hand(variant, name, list(h.cards.data or []), h.extra.data)
        problems += [said(name, excess) for excess in cards_beyond(pack, cards)]
        if problems:
            return None, key, problems
        hand = {"cards": [card.code for card in cards]}
    if not any(hand.get("values", {}).values()) and not hand.get("cards") and not h.missing_cards.data:
        return None, key, [_empty_hand(mode, name)]
    return _with_missing_cards(hand, h), key, []


def _points_read(h, name: str, variant: Variant) -> HandRead:
    """Points typed for a hand; points no hand of the variant is likely to hold are confirmed first."""
    if h.points.errors:  # said beside the box, once
        return None, f"hands.{name}", []
    if h.points.data is None:
        return None, f"hands.{name}", [_("type %(name)s's points, or tap the cards left", name=name)]
    doubt = unlikely_points(variant, h.points.data)
    if doubt and not h.sure.data:
        return None, f"sure.{name}", [doubt]
    return _with_missing_cards({"points": h.points.data}, h), f"hands.{name}", []


def _with_missing_cards(hand: dict, h) -> dict:
    if h.missing_cards.data:
        hand["missing_cards"] = h.missing_cards.data
    return hand


def _empty_hand(mode: str, name: str) -> str:
    """Only the player who went out holds nothing: an empty hand is a hand not entered yet."""
    if mode == "values":
        return _("%(name)s holds no cards: count the cards by value %(name)s still holds, or type the points "
                 "(0 if that is right)", name=name)
    return _("%(name)s holds no cards: tap the cards %(name)s still holds, or type the points "
             "(0 if that is right)", name=name)


# ----- other actions -------------------------------------------------------------------------------

class ActionForm(PageForm):
    """A button that changes the game (suspend, rotate the edit link): CSRF and the version only."""

    version = HiddenField()
    submit = SubmitField(_l("OK"))


class WithdrawForm(PageForm):
    version = HiddenField()
    player = SelectField(_l("Who leaves the game?"), validators=[DataRequired(message=_l("choose the player who leaves"))],
                         validate_choice=False)
    submit = SubmitField(_l("Withdraw the player"))


class ResumeForm(PageForm):
    version = HiddenField()
    confirm = BooleanField(
        _l("Every player is here, seated in this order"),
        validators=[DataRequired(message=_l("the game resumes only with every player in the same seats"))],
    )
    submit = SubmitField(_l("Resume the game"))


class RulingForm(PageForm):
    version = HiddenField()
    what_happened = TextAreaField(_l("What happened"), validators=[InputRequired(message=_l("say what happened")), Length(max=1000)])
    ruling = TextAreaField(_l("The ruling"), validators=[InputRequired(message=_l("say what was decided")), Length(max=1000)])
    citation = StringField(_l("Rule cited"), validators=[Optional(), Length(max=200)])
    round = WholeNumberField(_l("Round"), validators=[Optional(), Between(1, 1000)])
    player = SelectField(_l("Score effect for"), validate_choice=False)
    points = SignedNumberField(_l("Points (+ adds, − takes off)"),
                               validators=[Optional(), Between(-1000, 1000)])
    submit = SubmitField(_l("Log the ruling"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.what_happened.render_kw = {"placeholder": _("e.g. Cy discarded before drawing")}
        self.ruling.render_kw = {"placeholder": _("e.g. Cy draws from the stock and may not lay down this turn")}
