"""Starting a game: the new-game form (the games page's and a table's) and starting the game from it
(the games page's, or a table's with its own ``create``). Shared by the games and tables blueprints."""
from __future__ import annotations

from flask_babel import LazyString, gettext as _, lazy_gettext as _l
from wtforms import BooleanField, Field, FieldList, RadioField, SelectField, StringField, SubmitField
from wtforms.form import FormMeta
from wtforms.validators import DataRequired, Length, Optional

from ..rules.errors import RulesInputError
from ..rules.game import seating_problems
from ..rules.variants import VARIANTS, all_variants, shown_text
from ..services import errors as service_errors
from ..services import games as svc
from ..services import house
from .forms import PageForm, options

MAX_SEATS = max(v.players.max for v in all_variants())


def house_option_labels() -> dict[str, tuple[str, list[str]]]:
    """Every house option key with its label and the variants that offer it."""
    out: dict[str, tuple[str, list[str]]] = {}
    for v in all_variants():
        for key, opt in v.house_options.items():
            label, names = out.get(key, (opt.label, []))
            out[key] = (label, names + [v.name])
    return out


def offer_house_options(form_class) -> None:
    """A check box on ``form_class`` for each house option the variants offer, labelled from their
    TOML files (shown_text: the catalogue's words), so a new option needs no code here."""
    for key in house_option_labels():
        if key.isidentifier() and not key.startswith("_") and key not in form_class._house_option_keys:
            if hasattr(form_class, key):
                continue  # (never a field of the form's own)
            setattr(form_class, key, BooleanField(LazyString(lambda k=key: shown_text(house_option_labels()[k][0]))))
            form_class._house_option_keys = form_class._house_option_keys | {key}


class _OffersHouseOptions(FormMeta):
    """Adds the house options' check boxes to the form class before WTForms reads its fields."""

    def __call__(cls, *args, **kwargs):
        offer_house_options(cls)
        return super().__call__(*args, **kwargs)


class NewGameForm(PageForm, metaclass=_OffersHouseOptions):
    _house_option_keys: frozenset[str] = frozenset()

    variant = SelectField(_l("Game"), validators=[DataRequired(message=_l("choose a game"))], validate_choice=False)
    players = FieldList(
        StringField(_l("Player"), validators=[Optional(), Length(max=40, message=_l("a name has at most 40 characters"))]),
        min_entries=MAX_SEATS,
        max_entries=MAX_SEATS,
    )
    dealer = RadioField(_l("Deals first"), default="0", validate_choice=False)
    submit = SubmitField(_l("Start the game"))
    # ...and a check box per house option the variants offer (offer_house_options)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.variant.choices = options(
            (v.id, _("%(game)s · %(min)s–%(max)s players", game=v.name, min=v.players.min, max=v.players.max))
            for v in all_variants())
        self.dealer.choices = options((str(i), _("seat %(number)s", number=i + 1)) for i in range(MAX_SEATS))

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

    def house_option_fields(self) -> list[tuple[Field, str]]:
        """Each house option's check box, and the games that offer it ("(May I games)" for all)."""
        contract = [v.name for v in all_variants() if v.is_contract_game]
        return [(self[key], _("(May I games)") if names == contract else "(" + ", ".join(names) + ")")
                for key, (_label, names) in house_option_labels().items() if key in self]

    def house_rules(self) -> dict[str, bool]:
        return {key: True for key in house_option_labels() if key in self and self[key].data}


def create_from_form(form: NewGameForm, errors: dict[str, list[str]], create=None):
    """Start the game from the form (with ``create``, default ``svc.create_game``: a table's page
    passes its own), or put every problem beside its field and return None."""
    names, dealer_seat = form.seated_names()
    variant_id = form.variant.data
    if dealer_seat is not None and dealer_seat >= len(names) and names:
        errors.setdefault("dealer", []).append(
            _("seat %(number)s is empty: choose a seated player to deal first", number=dealer_seat + 1))
    gaps = {f"players[{i}]" for i, name in enumerate(names) if not name.strip()}
    for field in sorted(gaps):  # a blank seat before the last name
        errors.setdefault(field, []).append(_("seat %(number)s is empty: no gaps between players (leave only the last "
                                              "seats empty)", number=int(field[8:-1]) + 1))
    if variant_id in VARIANTS:  # each seat's problem beside its seat, not just the first one
        for problem in seating_problems(VARIANTS[variant_id], names):
            if problem.field not in gaps:
                errors.setdefault(problem.field or "players", []).append(problem.message)
    if errors:
        return None
    dealer = names[dealer_seat] if dealer_seat is not None and 0 <= dealer_seat < len(names) else None
    try:
        return (create or svc.create_game)(variant_id, names, dealer, form.house_rules())
    except service_errors.ServiceError as err:
        field = err.field or "_form"
        if field.startswith("house_rules."):
            field = field.split(".", 1)[1]
        elif not (field.startswith("players[") or field in ("players", "variant", "dealer")):
            field = "_form"
        errors.setdefault(field, []).append(err.message)
        return None


def seat_counts(form: NewGameForm) -> dict[str, int]:
    """The most players each variant of the form's list seats (its house variants too): the form
    shows that many seats for the variant chosen (static/js/new_game.js)."""
    counts = {}
    for vid, *_label in form.variant.choices:
        try:
            counts[vid] = (VARIANTS[vid] if vid in VARIANTS else house.find_variant(vid)).players.max
        except RulesInputError:
            continue
    return counts
