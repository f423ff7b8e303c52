"""Table pages: start a table, its page (roster, history with filters), start or add a game, share
links with QR, players (rename, merge), "our rulings", statistics.

Who may change a table: the browser that created it keeps the table's edit token in its signed
session; the edit link (``/tables/<id>/edit?token=...``) gives it to another phone; the table's
own address is the read-only link for the family chat.
"""
from __future__ import annotations

import re
from datetime import datetime
from urllib.parse import parse_qs, urlsplit

from flask import Blueprint, abort, current_app, flash, has_request_context, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from werkzeug.exceptions import HTTPException

from ...db import db, end_reading
from ...models import Game
from ...rules.variants import VARIANTS, all_variants
from ...services import errors as service_errors
from ...services import loading
from ...services import ratings as ratings_svc
from ...services import stats as stats_svc
from ...services import tables as svc
from ...services import roster as roster_svc
from ...services import table_history
from ...services import table_results
from ...services import yearbook as yearbook_svc
from ...services import roster_pages
from ...services.stats_page import stats_page
from ...addresses import edit_url
from ..edit_links import no_store, take_edit_link
from ..forms import options
from ..new_game import NewGameForm, create_from_form, seat_counts
from .. import remembered
from ..qr import qr_response
from .. import access
from ..table_access import can_edit, check_csrf, my_tables, remember
from . import charts
from .forms import ActionForm, AddGameForm, AddPlayersForm, MergeForm, RenameForm, TableForm

bp = Blueprint("tables", __name__)  # (errors: scorekeeper/errors.py)




# ----- start a table ---------------------------------------------------------------------------------------

@bp.post("/tables")
def create():
    """Start a table from the home page: one field, one tap."""
    form = TableForm()
    if form.validate_on_submit():
        try:
            created = svc.create_table(form.name.data)
        except service_errors.ServiceError as err:
            return _home_refused(_("Name of the table: %(error)s", error=unprefixed(err.message, "name")))
        remember(created.table.id, created.edit_token)
        flash(_("Table started. Add it to your home screen: it is how the family comes back."), "ok")
        return redirect(url_for("tables.table", table_id=created.table.id))
    return _home_refused(_("Name of the table: %(error)s", error=_("; ").join(
        map(str, form.name.errors or [_("the form could not be accepted; reload the page and try again")]))))


def unprefixed(message: str, field: str) -> str:
    """A service's message without the field name it starts with ("name: ...", in French "name\u00a0: ...")."""
    return re.sub(rf"^{re.escape(field)}\u00a0?: ", "", message)


def _home_refused(message: str):
    """The home page again, the refusal at the top of its table form and the name kept."""
    return render_template("home.html", table_error=message), 400


# ----- the table page -----------------------------------------------------------------------------------------

def _filters(table) -> dict:
    """The history's filters from the query string, each checked (a bad value is ignored with a note)."""
    notes = []
    variant = request.args.get("variant") or None
    if variant is not None and variant not in dict(table_history.variants_played(table)):
        notes.append(_("Game: %(value)s is not a game this table has played; showing every game.", value=repr(variant[:40])))
        variant = None
    player_id = None
    raw = request.args.get("player") or ""
    if raw:
        try:
            player_id = roster_svc.get_player(table, int(raw)).id
        except (ValueError, service_errors.NotFound):
            notes.append(_("Player: %(value)s is not on this table's roster; showing every player.", value=repr(raw[:20])))
    year = None
    raw = request.args.get("year") or ""
    if raw:
        try:
            year = stats_svc.check_year(raw)
        except service_errors.ServiceError as err:
            notes.append(_("Year: %(error)s; showing all time.", error=unprefixed(err.message, "year")))
    page = max(request.args.get("page", 1, type=int), 1)
    if (page - 1) * table_history.HISTORY_PAGE >= 2**31:  # (past any history: an offset the database refuses)
        notes.append(_("Page: %(value)s is past the last page; showing the first.", value=page))
        page = 1
    return {"variant": variant, "player": player_id, "year": year, "page": page, "notes": notes}


@bp.get("/tables/<table_id>")
def table(table_id: str):
    table = access.load("table", table_id)
    remember(table.id)
    f = _filters(table)
    period = f["year"] or stats_svc.ALL_TIME
    hist = table_history.history(table, f["variant"], f["player"], period.start, period.end,
                       offset=(f["page"] - 1) * table_history.HISTORY_PAGE)
    # A long roster is folded: the regulars here, everyone on the roster page.
    shown = roster_pages.regulars(table)
    choices = list(shown.players)
    if f["player"] is not None and all(p.id != f["player"] for p in choices):
        choices += roster_pages.entries(table, [f["player"]])
    house_variants = svc.house_variants(table)
    page = dict(
        table=table, editor=can_edit(table), roster=shown.players, roster_total=shown.total,
        counts={p.id: p.games for p in shown.players}, player_choices=choices,
        history=hist, filters=f, variants=table_history.variants_played(table), years=table_history.years_played(table),
        form=TableForm(), house_variants=house_variants,
        house_bases=all_variants(),
        print_years=yearbook_svc.years_to_print(table),
    )
    end_reading(table, *house_variants)
    return render_template("tables/table.html", **page)


@bp.get("/tables/<table_id>/players")
def roster(table_id: str, add_form: AddPlayersForm | None = None, add_error: str | None = None):
    """The whole roster, a page at a time by name, with a search by name; for the table's
    scorekeeper, a box to put players on it before they play."""
    table = access.load("table", table_id)
    query = " ".join((request.args.get("q") or "").split())[:40]
    part = roster_pages.roster_page(table, query, max(request.args.get("page", 1, type=int), 1))
    editor = can_edit(table)
    end_reading(table)
    return render_template("tables/roster.html", table=table, part=part, query=query, editor=editor,
                           add_form=add_form or AddPlayersForm(), add_error=add_error), (400 if add_error else 200)


@bp.post("/tables/<table_id>/players")
def add_players(table_id: str):
    """Players put on the roster before their first game (one name a line)."""
    table = access.editable("table", table_id)
    form = AddPlayersForm()
    if not form.validate_on_submit():
        return roster(table_id, form, _("Names: %(error)s", error=_("; ").join(map(str, form.names.errors))))
    try:
        added = roster_svc.add_players(table, form.names.data)
    except service_errors.ServiceError as err:
        return roster(table_id, form, _("Names: %(error)s", error=unprefixed(err.message, "names")))
    flash(ngettext("%(num)s player added to the roster: %(names)s.", "%(num)s players added to the roster: %(names)s.",
                   len(added), names=", ".join(added)) if added else _("Everyone named is on the roster already."), "ok")
    return redirect(url_for("tables.roster", table_id=table.id))


@bp.route("/tables/<table_id>/edit", methods=["GET", "POST"])
def edit_link(table_id: str):
    """An edit link gives this browser the table's edit token, then shows the table: the page's
    script (static/js/edit_link.js) posts the token found after ``#``, or it is pasted; links of
    the older form, ``?token=...``, still work (a redirect drops the token)."""
    table = access.load("table", table_id)
    return take_edit_link(
        lambda token: svc.token_matches(table, token), lambda token: remember(table.id, token),
        url_for("tables.table", table_id=table.id), _("This phone can now start games and keep score for this table."),
        _("This edit link is not valid (it may have been replaced). Ask for the table's current link."),
        lambda form: render_template("tables/edit_link.html", form=form, table=table))


@bp.get("/tables/<table_id>/share")
def share(table_id: str):
    table = access.load("table", table_id)
    editor = can_edit(table)
    own = remembered.token("table", table.id)
    link = edit_url("tables.edit_link", own, table_id=table.id) if editor and own is not None else None
    return no_store(render_template("tables/share.html", table=table, editor=editor, edit_url=link,
                                    view_url=url_for("tables.table", table_id=table.id, _external=True),
                                    form=ActionForm()))


@bp.get("/tables/<table_id>/qr.svg")
def qr(table_id: str):
    table = access.load("table", table_id)
    return qr_response(url_for("tables.table", table_id=table.id, _external=True))


@bp.post("/tables/<table_id>/token")
def rotate(table_id: str):
    table = access.editable("table", table_id)
    check_csrf(ActionForm())
    # What this phone could change before, it keeps: its games and house variants of the table get
    # new tokens of their own (the rotation ended every old one).
    games = [gid for gid in remembered.token_ids("game")
             if (game := db.session.get(Game, gid)) is not None and game.table_id == table.id
             and remembered.can_edit("game", game)]
    variants = [row.id for row in svc.house_variants(table) if remembered.can_edit("house", row)]
    token = svc.rotate_token(table)
    remember(table.id, token)
    new_games, new_variants = svc.reissue_tokens(table, games, variants)
    for gid, game_token in new_games.items():
        remembered.remember("game", gid, game_token)
    for vid, variant_token in new_variants.items():
        remembered.remember("house", vid, variant_token)
    flash(_("New edit link made: the old one no longer works, nor do the edit links of the table's games and "
            "house variants. Share the new one."), "ok")
    return redirect(url_for("tables.share", table_id=table.id))


# ----- games: start one from the table, add an existing one -----------------------------------------------

@bp.route("/tables/<table_id>/games/new", methods=["GET", "POST"])
def new_game(table_id: str):
    table = access.editable("table", table_id)
    form = NewGameForm()
    own = svc.house_variants(table)
    # The table's own house variants first: they are the rules it plays by.
    form.variant.choices = options((v.id, _("%(name)s · house rules", name=v.name)) for v in own) + list(form.variant.choices)
    errors: dict[str, list[str]] = {}
    filled = False
    if request.method == "GET":
        # The last game's players, game and house options, ready for the next one; before the
        # first game, the players put on the roster.
        seated = table_history.last_seating(table) or roster_pages.waiting_names(table, len(form.players))
        for entry, name in zip(form.players, seated):
            entry.data = name
            filled = True
        known = set(VARIANTS) | {v.id for v in own}
        last = table_history.last_variant(table)
        if last is not None and last[0] in known:
            form.variant.data = last[0]
            for key, on in last[1].items():
                if on and key in form:  # (a check box per house option: NewGameForm)
                    form[key].data = True
        if request.args.get("variant") in known:
            form.variant.data = request.args["variant"]
    if form.validate_on_submit():
        created = create_from_form(form, errors, create=lambda *args: roster_svc.create_game(table, *args))
        if created is not None:
            remembered.remember("game", created.game.id, created.edit_token)
            flash(_("Game started. It is in the table's history; share its edit link so others can keep score too."), "ok")
            return redirect(url_for("games.game", game_id=created.game.id))
    elif request.method == "POST":
        errors.setdefault("_form", []).append(_("Some fields need attention: see the messages below."))
    return render_template("tables/new_game.html", table=table, form=form, errors=errors,
                           roster_names=roster_pages.recent_names(table),
                           variants=all_variants(), filled=filled, seat_counts=seat_counts(form)), (400 if errors else 200)


def game_from_link(link: str) -> tuple[str, str] | None:
    """(game id, token) from a game's edit link (the address ``edit_url`` writes for the game's edit
    page, the token after ``#`` or in ``?token=``), or None. The address is matched against the
    app's own routes, whatever server name it carries."""
    try:
        parts = urlsplit(link.strip())
    except ValueError:  # not an address at all, e.g. "http://[::1"
        return None
    token = parse_qs(parts.query).get("token", [""])[0] or parse_qs(parts.fragment).get("token", [""])[0]
    path = parts.path.removeprefix(request.script_root) if has_request_context() else parts.path
    try:
        endpoint, args = current_app.url_map.bind("localhost").match(path, method="GET")
    except HTTPException:
        return None
    return (args["game_id"], token) if endpoint == "games.edit_link" and token else None


@bp.route("/tables/<table_id>/games/add", methods=["GET", "POST"])
def add_game(table_id: str):
    table = access.editable("table", table_id)
    form = AddGameForm()
    error = None
    if form.validate_on_submit():
        found = game_from_link(form.link.data)
        if found is None:
            error = _("The game's edit link: %(value)s is not an edit link (it looks like …/games/<id>/edit#token=…; "
                      "the game's Share page shows it)", value=repr(form.link.data.strip()[:60]))
        else:
            game_id, token = found
            try:
                game = loading.get_game(game_id)
                if not loading.token_matches(game, token):
                    raise service_errors.Forbidden(_("this edit link is not valid any more (it may have been replaced)"))
                roster_svc.add_game(table, game)
            except service_errors.ServiceError as err:
                error = _("The game's edit link: %(error)s", error=err.message)
            else:
                flash(_("The game is now in the table's history; its players are on the roster."), "ok")
                return redirect(url_for("tables.table", table_id=table.id))
    elif request.method == "POST":
        error = _("The game's edit link: %(error)s",
                  error=_("; ").join(map(str, form.link.errors or [_("reload the page and try again")])))
    return render_template("tables/add_game.html", table=table, form=form, error=error), (400 if error else 200)


# ----- players ---------------------------------------------------------------------------------------------------

def _player(table, player_id: int):
    try:
        return roster_svc.get_player(table, player_id)
    except service_errors.NotFound:
        abort(404, _("This player is not on the table's roster."))


@bp.get("/tables/<table_id>/players/<int:player_id>")
def player(table_id: str, player_id: int, rename_error: str | None = None, merge_error: str | None = None):
    table = access.load("table", table_id)
    person = _player(table, player_id)
    variant = request.args.get("variant") or None
    if variant is not None and variant not in dict(table_history.variants_played(table)):
        variant = None
    rows = {p["id"]: p for p in stats_svc.player_rows(table, variant, player_ids=[person.id])}
    h2h = stats_svc.head_to_head(table, variant, player_id=person.id)
    rating = ratings_svc.player_history(table, person.id, variant) if variant else None
    contracts = stats_svc.rounds_by_contract(table, variant, player_id=person.id) if variant else []
    played = table_history.variants_played(table)
    merge = MergeForm()
    editor = can_edit(table)
    # (the merge form is the editor's; it lists at most roster_pages.MERGE_CHOICES others, or asks
    # for the other entry's name: no page reads a club's whole roster)
    others = roster_pages.merge_choices(table, person.id) if editor else []
    merge.into.choices = [(str(p.id), p.name) for p in others or []]
    merge_by_name = others is None
    return render_template(
        "tables/player.html", table=table, person=person, editor=editor, row=rows.get(person.id),
        h2h=h2h, variant=variant, variants=played, rating=rating, contracts=contracts,
        zero_rounds_apply=_penalty_game_among([variant] if variant else [vid for vid, _name in played]),
        recent=table_history.history(table, player_id=person.id, limit=10), rename=RenameForm(), merge=merge,
        rename_error=rename_error, merge_error=merge_error, merge_by_name=merge_by_name,
        chart=charts.rating_chart(rating) if rating else None,
    ), (400 if rename_error or merge_error else 200)


@bp.post("/tables/<table_id>/players/<int:player_id>/rename")
def rename(table_id: str, player_id: int):
    table = access.editable("table", table_id)
    person = _player(table, player_id)
    form = RenameForm()
    if not form.validate_on_submit():
        return player(table_id, player_id, rename_error=_("New name: %(error)s",
                                                           error=_("; ").join(map(str, form.name.errors or [_("try again")]))))
    old = person.name
    try:
        roster_svc.rename_player(table, person, form.name.data)
    except service_errors.ServiceError as err:
        return player(table_id, player_id, rename_error=_("New name: %(error)s", error=unprefixed(err.message, "name")))
    flash(_("%(old)s is now %(new)s in every game of the table.", old=old, new=roster_svc.get_player(table, player_id).name), "ok")
    return redirect(url_for("tables.player", table_id=table.id, player_id=player_id))


@bp.post("/tables/<table_id>/players/<int:player_id>/merge")
def merge(table_id: str, player_id: int):
    table = access.editable("table", table_id)
    person = _player(table, player_id)
    form = MergeForm()
    check_csrf(form)
    if form.into_name.data:  # typed, on a roster too long for a list
        found = roster_svc.find_player(table, form.into_name.data[:200])
        if found is None:
            return player(table_id, player_id, merge_error=_("Same person as: %(value)s is not a player of this table",
                                                             value=repr(form.into_name.data[:200])))
        into = found.id
    else:
        try:
            into = int(form.into.data or "")
        except ValueError:
            return player(table_id, player_id, merge_error=_("Same person as: %(value)s is not a player of this table", value=repr(form.into.data)))
    name = person.name
    try:
        target = roster_svc.merge_players(table, person, into)
    except service_errors.ServiceError as err:
        return player(table_id, player_id, merge_error=_("Same person as: %(error)s", error=unprefixed(err.message, "into")))
    flash(_("%(name)s's games now count for %(other)s.", name=name, other=target.name), "ok")
    return redirect(url_for("tables.player", table_id=table.id, player_id=target.id))


# ----- our rulings, statistics -------------------------------------------------------------------------------

@bp.get("/tables/<table_id>/rulings")
def rulings(table_id: str):
    table = access.load("table", table_id)
    query = " ".join((request.args.get("q") or "").split())[:100]
    return render_template("tables/rulings.html", table=table, query=query, rulings=table_history.rulings(table, query or None))


@bp.get("/tables/<table_id>/stats")
def stats(table_id: str):
    """A page of the table's players (by name) and the leaders of its rankings: services/stats_page.py."""
    table = access.load("table", table_id)
    f = _filters(table)
    period = f["year"] or stats_svc.ALL_TIME
    view = stats_page(table, f["variant"], period, f["page"])
    variants, years = table_history.variants_played(table), table_history.years_played(table)
    print_years = yearbook_svc.years_to_print(table)
    end_reading(table)
    return render_template(
        "tables/stats.html", table=table, view=view, stats=view.stats, filters=f, period=period, variants=variants,
        variant_names=dict(variants), print_years=print_years,
        years=years, streaks=view.streaks, records=view.records, ratings=view.ratings, contracts=view.contracts,
        wins_chart=charts.wins_chart(view.winners), record_titles=RECORD_TITLES,
    )


def _penalty_game_among(variant_ids: list[str]) -> bool:
    """Whether any of these variants scores penalty points (lowest total wins), where a round
    scored 0 means something; in ROY the losers of every hand score 0."""
    from ...services.house import find_variant

    for vid in variant_ids:
        try:
            if find_variant(vid).lowest_wins:
                return True
        except Exception:  # a variant no longer known: its games still count as penalty games
            return True
    return False


# The records' titles (services/stats.py, records) as shown.
RECORD_TITLES = {"Best game": _l("Best game"), "Worst game": _l("Worst game"),
                 "Most rounds gone out in a game": _l("Most rounds gone out in a game")}


@bp.app_template_filter("day")
def _day(value: datetime | None) -> str:
    return charts.day(value) if value else ""


bp.add_app_template_filter(charts.decimal, "num")
bp.add_app_template_filter(charts.decimal_count, "num_count")  # ngettext's count for a number shown by num
bp.add_app_template_filter(charts.percent, "percent")


@bp.get("/tables/<table_id>/games/<game_id>/chart")
def game_chart(table_id: str, game_id: str):
    """A game of the table as a picture: each player's running total after each round."""
    table = access.load("table", table_id)
    game = access.game_of_table(table, game_id)
    state = table_results.game_json(game)
    return render_template("tables/game_chart.html", table=table, state=state, chart=charts.running_totals(state))


@bp.app_context_processor
def _table_helpers():
    """For the home page's "Your tables" section (templates/tables/_home.html)."""
    return {"my_tables": my_tables, "table_form": TableForm}
