"""Blank scoresheets (PDF): a variant's, and the new-game form's "blank scoresheet" button. The
sheets themselves are made and kept by ``scorekeeper.scoresheets``."""
from __future__ import annotations

import re

from flask import Blueprint, redirect, request, url_for
from flask_babel import gettext as _

from ..rules.variants import VariantError
from ..scoresheets import blank_key, kept_pdf, pdf_response, sheet_job
from ..scoresheets.sheets import SheetQueryError, blank_sheet, parse_blank_query
from ..services.house import find_variant
from .new_game import house_option_labels

bp = Blueprint("scoresheets", __name__)


@bp.get("/variants/<variant_id>/scoresheet.pdf")
def blank(variant_id: str):
    try:
        variant = find_variant(variant_id)  # built-in, shipped example or house variant
    except VariantError as err:
        raise SheetQueryError(_("variant: %(message)s", message=err.message), 404) from None
    req = parse_blank_query(variant, request.args)
    pdf = kept_pdf(blank_key(variant, req), lambda: sheet_job(blank_sheet(variant, req)))
    return pdf_response(pdf, f"{variant.id}-scoresheet.pdf")


#: Fields of the new-game form that a blank sheet ignores when the form is sent here (and its
#: house options: house_option_labels).
_NEW_GAME_FIELDS = re.compile(r"^(csrf_token|submit)$")
_SEAT_FIELD = re.compile(r"^players-([0-9]{1,2})$")


@bp.get("/scoresheets/blank")
def blank_from_new_game_form():
    """The new-game form's "blank scoresheet" button (a plain GET of the form): the players typed so
    far, in seating order, and the first dealer, redirected to the variant's blank sheet."""
    args = request.args
    variant_id = args.get("variant", "")
    try:
        find_variant(variant_id)
    except VariantError:
        raise SheetQueryError(_("variant: %(value)r is not a known variant", value=variant_id)) from None
    seats: dict[int, str] = {}
    for key in args.keys():
        if key in ("variant", "dealer", "paper", "orientation") or _NEW_GAME_FIELDS.match(key) or key in house_option_labels():
            continue
        m = _SEAT_FIELD.match(key)
        if not m:
            raise SheetQueryError(_("%(key)s: unknown parameter", key=key))
        name = " ".join(args.get(key, "").split())
        if "," in name:
            raise SheetQueryError(_("%(key)s: %(value)r contains a comma, which a scoresheet link cannot carry",
                                    key=key, value=name))
        seats[int(m.group(1))] = name
    names = [seats[i] for i in sorted(seats)]
    while names and not names[-1]:
        names.pop()
    query: dict[str, str] = {}
    if names:
        query["players"] = ",".join(names)
        dealer = args.get("dealer", "0")
        if not dealer.isdigit() or int(dealer) >= len(names) or not names[int(dealer)]:
            raise SheetQueryError(_("dealer: %(value)r is not a seat with a player", value=dealer))
        query["dealer"] = names[int(dealer)]
    for key in ("paper", "orientation"):
        if args.get(key):
            query[key] = args[key]
    return redirect(url_for("scoresheets.blank", variant_id=variant_id, **query))
