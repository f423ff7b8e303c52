"""Forms for the game pages (Flask-WTF, CSRF on every one). They only collect and shape input;
every rule is applied by ``scorekeeper.services.games`` (shared with the JSON API)."""
from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    SelectChoice,
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
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional
from wtforms.widgets import NumberInput

from ...rules.cards import RANKS, SUITS, Card
from ...rules.variants import Variant, all_variants

MAX_SEATS = max(v.players.max for v in all_variants())
STOCK = "stock"


def options(pairs) -> list[SelectChoice]:
    """WTForms choices from (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


class WholeNumberField(IntegerField):
    """An integer field whose error names the value typed ("'x' is not a whole number")."""

    widget = NumberInput(min=0)

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
            raise ValueError(f"'{raw[:20]}' is not a whole number") from None


class SignedNumberField(WholeNumberField):
    """A whole number that may be negative (a score effect that takes points off)."""

    widget = NumberInput()


# ----- new game --------------------------------------------------------------------------------------

def variant_choices() -> list[tuple[str, str]]:
    return [(v.id, f"{v.name} · {v.players.min}–{v.players.max} players") for v in all_variants()]


def house_option_labels() -> dict[str, tuple[str, list[str]]]:
    """Every house option key with its label and the variants that offer it."""
    out: dict[str, tuple[str, list[str]]] = {}
    for v in all_variants():
        for key, opt in v.house_options.items():
            label, names = out.get(key, (opt.label, []))
            out[key] = (label, names + [v.name])
    return out


class NewGameForm(FlaskForm):
    variant = SelectField("Game", validators=[DataRequired(message="choose a game")], validate_choice=False)
    players = FieldList(
        StringField("Player", validators=[Optional(), Length(max=40, message="a name has at most 40 characters")]),
        min_entries=MAX_SEATS,
        max_entries=MAX_SEATS,
    )
    dealer = RadioField("Deals first", default="0", validate_choice=False)
    no_may_i_in_last_three_rounds = BooleanField("No May I in the last three rounds")
    twos_wild = BooleanField("2s are wild too (Continental)")
    submit = SubmitField("Start the game")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.variant.choices = options(variant_choices())
        self.dealer.choices = options((str(i), f"seat {i + 1}") for i in range(MAX_SEATS))

    def seated_names(self) -> tuple[list[str], int | None]:
        """The names typed, seats in order, without trailing empty seats; and the dealer's seat.
        An empty seat between names is kept (blank), so the service refuses it by seat number."""
        names = [(entry.data or "") for entry in self.players]
        while names and not names[-1].strip():
            names.pop()
        try:
            dealer = int(self.dealer.data or 0)
        except ValueError:
            dealer = None
        return names, dealer

    def house_rules(self) -> dict[str, bool]:
        chosen = {}
        for key in ("no_may_i_in_last_three_rounds", "twos_wild"):
            if getattr(self, key).data:
                chosen[key] = True
        return chosen


# ----- a round -------------------------------------------------------------------------------------

class HandForm(Form):
    """One player's hand: cards tapped (plus typed codes for second copies), typed points, or no
    score posted; missing cards for an incorrect hand; ROY: how many cards are left."""

    seat = HiddenField()
    mode = RadioField(
        "Score by",
        choices=options([("cards", "Cards"), ("points", "Points"), ("missing", "No score posted")]),
        default="cards",
        validate_choice=False,
    )
    cards = SelectMultipleField("Cards left", choices=[], validate_choice=False)
    extra = StringField("More cards (codes, e.g. 7H KD)", validators=[Optional(), Length(max=300)])
    points = WholeNumberField("Points", validators=[Optional(), NumberRange(min=0, max=10000, message="points go from 0 to 10000")])
    missing_cards = WholeNumberField(
        "Missing cards", default=0,
        validators=[Optional(), NumberRange(min=0, max=60, message="missing cards go from 0 to 60")],
    )
    count = WholeNumberField("Cards left", validators=[Optional(), NumberRange(min=0, max=52, message="a hand holds 0 to 52 cards")])


class RoundFormBase(FlaskForm):
    round = HiddenField()
    key = HiddenField()
    version = HiddenField()
    went_out = RadioField("Who went out?", validate_choice=False)
    preview = SubmitField("Preview")
    save = SubmitField("Save the round")


class CorrectFormBase(RoundFormBase):
    reason = TextAreaField(
        "Reason for the correction",
        validators=[InputRequired(message="say why the round is corrected"), Length(max=1000)],
    )
    save = SubmitField("Save the correction")


def round_form(players: list[tuple[int, str]], variant: Variant, correcting: bool = False, **kwargs) -> RoundFormBase:
    """A round form for these (seat, name) players of ``variant``."""
    base = CorrectFormBase if correcting else RoundFormBase
    cls = type(
        "RoundForm",
        (base,),
        {"hands": FieldList(FormField(HandForm), min_entries=len(players), max_entries=len(players))},
    )
    form = cls(**kwargs)
    choices = [(str(seat), name) for seat, name in players]
    if variant.stock_exhausted.value == "turn-over-once-then-end":
        choices.append((STOCK, "Nobody: the stock ran out twice"))
    form.went_out.choices = options(choices)
    codes = [c for c, _ in card_choices(variant)]
    for entry, (seat, _) in zip(form.hands, players):
        entry.form.cards.choices = options((c, c) for c in codes)
        if not entry.form.seat.data:
            entry.form.seat.data = str(seat)
    return form


def card_choices(variant: Variant) -> list[tuple[str, int]]:
    """Every distinct card of the variant's pack with its points (ranks by suit, then jokers)."""
    out = []
    if not variant.points:
        return out
    for suit in SUITS:
        for rank in RANKS:
            card = Card(rank, suit)
            out.append((card.code, variant.card_points(card)))
    if variant.has_jokers:
        out.append(("JK", variant.points["JK"]))
    return out


def hand_to_fields(hand: dict) -> dict:
    """A stored hand (game_state shape) as form data, for the correction form."""
    data = {"mode": "cards", "cards": [], "extra": "", "points": None, "missing_cards": 0, "count": None}
    kind = hand.get("entered_as")
    if kind == "cards":
        seen: set[str] = set()
        extra = []
        for code in hand.get("cards", []):
            if code in seen:
                extra.append(code)
            else:
                seen.add(code)
        data.update(cards=sorted(seen), extra=" ".join(extra))
    elif kind == "points":
        data.update(mode="points", points=hand.get("entered_points", hand.get("points")))
    elif kind == "missing":
        data.update(mode="missing")
    elif kind == "card_count":
        data.update(count=hand.get("card_count"))
    data["missing_cards"] = hand.get("missing_cards", 0) or 0
    return data


def round_payload(form: RoundFormBase, players: list[tuple[int, str]], roy: bool) -> tuple[dict, dict[str, list[str]]]:
    """The API-shaped round submission from the form, and errors for empty required inputs."""
    errors: dict[str, list[str]] = {}
    payload: dict = {"hands": {}}
    if form.round.data:
        try:
            payload["round"] = int(form.round.data)
        except ValueError:
            errors.setdefault("_form", []).append(f"'{form.round.data}' is not a round number")
    names = {str(seat): name for seat, name in players}
    went = form.went_out.data
    if went == STOCK:
        payload["end"] = "stock_exhausted"
        went_name = None
    elif went in names:
        went_name = names[went]
        payload["went_out"] = went_name
    else:
        went_name = None
        errors.setdefault("went_out", []).append("say who went out")
    for entry in form.hands:
        name = names.get(entry.form.seat.data or "")
        if name is None or name == went_name:
            continue
        h = entry.form
        if roy:
            if h.count.data is None:
                if not h.count.errors:
                    errors.setdefault(f"hands.{name}", []).append(f"how many cards does {name} still hold?")
                continue
            payload["hands"][name] = {"card_count": h.count.data}
            continue
        hand: dict
        if h.mode.data == "missing":
            hand = {"missing": True}
        elif h.mode.data == "points":
            if h.points.data is None:
                if not h.points.errors:
                    errors.setdefault(f"hands.{name}", []).append(f"type {name}'s points, or tap the cards left")
                continue
            hand = {"points": h.points.data}
        else:
            cards = list(h.cards.data or []) + (h.extra.data or "").replace(",", " ").split()
            hand = {"cards": cards}
        if h.mode.data != "missing" and h.missing_cards.data:
            hand["missing_cards"] = h.missing_cards.data
        payload["hands"][name] = hand
    return payload, errors


# ----- other actions -------------------------------------------------------------------------------

class ActionForm(FlaskForm):
    """A button that changes the game (suspend, rotate the edit link): CSRF and the version only."""

    version = HiddenField()
    submit = SubmitField("OK")


class WithdrawForm(FlaskForm):
    version = HiddenField()
    player = SelectField("Who leaves the game?", validators=[DataRequired(message="choose the player who leaves")],
                         validate_choice=False)
    submit = SubmitField("Withdraw the player")


class ResumeForm(FlaskForm):
    version = HiddenField()
    confirm = BooleanField(
        "Every player is here, seated in this order",
        validators=[DataRequired(message="the game resumes only with every player in the same seats")],
    )
    submit = SubmitField("Resume the game")


class RulingForm(FlaskForm):
    version = HiddenField()
    what_happened = TextAreaField("What happened", validators=[InputRequired(message="say what happened"), Length(max=1000)])
    ruling = TextAreaField("The ruling", validators=[InputRequired(message="say what was decided"), Length(max=1000)])
    citation = StringField("Rule cited", validators=[Optional(), Length(max=200)])
    round = WholeNumberField("Round", validators=[Optional(), NumberRange(min=1, max=1000)])
    player = SelectField("Score effect for", validate_choice=False)
    points = SignedNumberField("Points (+ adds, − takes off)",
                               validators=[Optional(), NumberRange(min=-1000, max=1000, message="from -1000 to 1000")])
    submit = SubmitField("Log the ruling")
