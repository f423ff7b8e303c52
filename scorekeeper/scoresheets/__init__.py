"""Printable PDF scoresheets: a blank sheet per variant and the filled sheet of a game.

    GET /variants/<id>/scoresheet.pdf?players=Ann,Bob&paper=a4&orientation=portrait&place=…&date=YYYY-MM-DD
    GET /games/<id>/scoresheet.pdf?paper=letter&orientation=landscape

Bad query values are a 400 with a plain message naming the parameter and the value.
"""
from __future__ import annotations

import re

from flask import Blueprint, Flask, Response, current_app, render_template, request

from ..rules.variants import VariantError
from ..services.house import find_variant as get_variant  # built-in, example or house variant
from .render import html_to_pdf
from .sheets import PageSetup, Sheet, SheetQueryError, blank_sheet, filled_sheet, parse_blank_query, parse_filled_query

bp = Blueprint("scoresheets", __name__)


def _plain(message: str, status: int) -> Response:
    return Response(message + "\n", status=status, mimetype="text/plain")


@bp.errorhandler(SheetQueryError)
def _query_error(err: SheetQueryError):
    return _plain(err.message, err.status)


PRINT_CSS = "css/print.css"
_BETWEEN_TAGS = re.compile(r">\s*\n\s*<")


def render_sheet_html(sheet: Sheet) -> str:
    """The sheet's HTML, without the template's indentation (less for WeasyPrint to parse)."""
    template = "scoresheets/filled.html" if sheet.kind == "filled" else "scoresheets/blank.html"
    return _BETWEEN_TAGS.sub("><", render_template(template, sheet=sheet))


def render_sheet_pdf(sheet: Sheet) -> bytes:
    app = current_app
    return html_to_pdf(
        render_sheet_html(sheet), app.static_folder, app.static_url_path,
        stylesheets=(PRINT_CSS,), page_size=sheet.page.css_size,
    )


def _pdf_response(pdf: bytes, filename: str) -> Response:
    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/variants/<variant_id>/scoresheet.pdf")
def blank(variant_id: str):
    try:
        variant = get_variant(variant_id)
    except VariantError as err:
        return _plain(f"variant: {err.message}", 404)
    req = parse_blank_query(variant, request.args)
    sheet = blank_sheet(variant, req)
    return _pdf_response(render_sheet_pdf(sheet), f"{variant.id}-scoresheet.pdf")


#: Fields of the new-game form that a blank sheet ignores when the form is sent here.
_NEW_GAME_FIELDS = re.compile(r"^(csrf_token|submit|no_may_i_in_last_three_rounds|twos_wild)$")
_SEAT_FIELD = re.compile(r"^players-([0-9]{1,2})$")


@bp.get("/scoresheets/blank")
def blank_from_new_game_form():
    """The new-game form's "blank scoresheet" button (a plain GET of the form): the players typed so
    far, in seating order, and the first dealer, redirected to the variant's blank sheet."""
    from flask import redirect, url_for

    args = request.args
    variant_id = args.get("variant", "")
    try:
        get_variant(variant_id)
    except VariantError:
        return _plain(f"variant: {variant_id!r} is not a known variant", 400)
    seats: dict[int, str] = {}
    for key in args.keys():
        if key in ("variant", "dealer", "paper", "orientation") or _NEW_GAME_FIELDS.match(key):
            continue
        m = _SEAT_FIELD.match(key)
        if not m:
            return _plain(f"{key}: unknown parameter", 400)
        name = " ".join(args.get(key, "").split())
        if "," in name:
            return _plain(f"{key}: {name!r} contains a comma, which a scoresheet link cannot carry", 400)
        seats[int(m.group(1))] = name
    names = [seats[i] for i in sorted(seats)]
    while names and not names[-1]:
        names.pop()
    query: dict[str, str] = {}
    if names:
        query["players"] = ",".join(names)
        dealer = args.get("dealer", "0")
        if not dealer.isdigit() or int(dealer) >= len(names) or not names[int(dealer)]:
            return _plain(f"dealer: {dealer!r} is not a seat with a player", 400)
        query["dealer"] = names[int(dealer)]
    for key in ("paper", "orientation"):
        if args.get(key):
            query[key] = args[key]
    return redirect(url_for("scoresheets.blank", variant_id=variant_id, **query))


@bp.get("/games/<game_id>/scoresheet.pdf")
def filled(game_id: str):
    """The filled sheet of a game, from the games service's game state (404 for an unknown game)."""
    from ..services import games

    page: PageSetup = parse_filled_query(request.args)
    try:
        game = games.get_game(game_id)
    except games.NotFound:
        return _plain(f"game: {game_id!r} is not a known game", 404)
    state = games.game_state(game)
    sheet = filled_sheet(games.variant_of(game), state, page)
    safe = re.sub(r"[^A-Za-z0-9_-]", "", str(state.get("id", "game")))[:40] or "game"
    return _pdf_response(render_sheet_pdf(sheet), f"scoresheet-{safe}.pdf")


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
