"""Start a game from the new-game form (the games page's, or a table's with its own ``create``)."""
from __future__ import annotations

from flask_babel import gettext as _

from ...rules.game import seating_problems
from ...rules.errors import RulesInputError
from ...rules.variants import VARIANTS
from ...services import games as svc
from ...services import house
from ...services import errors as service_errors
from .forms import NewGameForm


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
