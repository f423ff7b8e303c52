"""Printable PDF scoresheets: a blank sheet per variant and the filled sheet of a game.

    GET /variants/<id>/scoresheet.pdf?players=Ann,Bob&paper=a4&orientation=portrait&place=…&date=YYYY-MM-DD
    GET /games/<id>/scoresheet.pdf?paper=letter&orientation=landscape

Bad query values are a 400 with a plain message naming the parameter and the value.
"""
from __future__ import annotations

import re

from flask import Blueprint, Flask, Response, current_app, render_template, request

from ..rules.variants import VariantError, get_variant
from .render import html_to_pdf
from .sheets import PageSetup, Sheet, SheetQueryError, blank_sheet, filled_sheet, parse_blank_query, parse_filled_query

bp = Blueprint("scoresheets", __name__)


def _plain(message: str, status: int) -> Response:
    return Response(message + "\n", status=status, mimetype="text/plain")


@bp.errorhandler(SheetQueryError)
def _query_error(err: SheetQueryError):
    return _plain(err.message, err.status)


def render_sheet_html(sheet: Sheet) -> str:
    template = "scoresheets/filled.html" if sheet.kind == "filled" else "scoresheets/blank.html"
    return render_template(template, sheet=sheet)


def render_sheet_pdf(sheet: Sheet) -> bytes:
    app = current_app
    return html_to_pdf(render_sheet_html(sheet), app.static_folder, app.static_url_path)


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


def load_game_state(game_id: str):
    """The game-state dict of a game, or ``None`` for an unknown game."""
    from ..services import games

    return games.state_for_sheet(game_id)


@bp.get("/games/<game_id>/scoresheet.pdf")
def filled(game_id: str):
    page: PageSetup = parse_filled_query(request.args)
    state = load_game_state(game_id)
    if state is None:
        return _plain(f"game: {game_id!r} is not a known game", 404)
    variant = get_variant(state["variant"])
    sheet = filled_sheet(variant, state, page)
    safe = re.sub(r"[^A-Za-z0-9_-]", "", str(state.get("id", "game")))[:40] or "game"
    return _pdf_response(render_sheet_pdf(sheet), f"scoresheet-{safe}.pdf")


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
