"""Game pages: start a game, the game page, record and correct rounds, withdraw, suspend and
resume, log rulings, share links. Every change goes through ``scorekeeper.services.games``.

Who may change a game: the browser that created it keeps the edit token in its signed session;
an edit link (``/games/<id>/edit#token=...``) gives it to another phone; the read-only link
(``/games/<id>/view``) shows the scoreboard only.
"""
from __future__ import annotations

import re
import secrets

from flask import (Blueprint, abort, flash, g, make_response, redirect, render_template,
                   request, session, url_for)
from flask_babel import gettext as _
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from ...i18n import language
from ...rules import card_letters
from ...rules.game import dealers
from ...rules.scoring import points_classes
from ...db import db
from ...models import GameStatus, Table
from ...rules.variants import Contract, all_variants
from ... import live
from ...services import games as svc
from ...services import errors as service_errors
from ...services import loading
from ...services import view as game_views
from ...scoresheets import (filled_sheet, game_sheets_before, kept_pdf, parse_filled_query, pdf_response, sheet_job,
                            sheet_key)
from ...addresses import edit_url
from ..edit_links import no_store, take_edit_link
from .. import access, remembered
from ..qr import qr_response
from ..forms import options
from ..new_game import NewGameForm, create_from_form, house_option_labels, seat_counts
from ..table_access import browser_table_ids
from ..variant_views import add_variant_choice
from .forms import (
    REMEMBERED_MODES,
    ActionForm,
    effective_mode,
    ResumeForm,
    RulingForm,
    WithdrawForm,
    hand_to_fields,
    pack_for_scripts,
    round_form,
    round_payload,
)

bp = Blueprint("games", __name__)  # every URL under /games/ (errors: scorekeeper/errors.py)


MAX_REMEMBERED = 30  # players whose way of entering a hand this browser keeps


# ----- the browser's games (scorekeeper/web/remembered.py) -------------------------------------------

def remember(game_id: str, token: str | None = None) -> None:
    remembered.remember("game", game_id, token)


def can_edit(game) -> bool:
    return remembered.can_edit("game", game)


def browser_game_ids() -> list[str]:
    """The games this browser started or opened, those it may change first."""
    return remembered.ids("game")


@bp.app_template_global("my_games")
def browser_games() -> dict[str, list[loading.GameListItem]]:
    """Games this browser started or opened: in progress (or suspended), and recent ones (read
    once per request: every page's "my games" part asks for them)."""
    if "browser_games" not in g:
        games = loading.game_list(browser_game_ids())
        g.browser_games = {"live": [game for game in games if game.status.is_open],
                           "recent": [game for game in games if game.status.is_over][:10]}
    return g.browser_games


# ----- template helpers --------------------------------------------------------------------------

@bp.app_template_filter("game_contract")
def _contract_filter(contract: dict | None) -> str:
    return Contract(contract["sets"], contract["runs"]).describe() if contract else ""


@bp.app_template_filter("offline_plan")
def _offline_plan(state: game_views.GameView, variant) -> Markup:
    """The next rounds as JSON (number, dealer, contract), for static/js/offline.js: rounds saved
    on the phone with no network move the game page and a stored round form on to the next one.
    Safe in a single-quoted attribute (<, >, & and ' escaped as \\u...)."""
    nr = state.next_round
    if nr is None:
        return Markup("{}")
    seats = state.seats
    first = next(i for i, s in enumerate(seats) if s.name == state.first_dealer)
    withdrawn = [s.withdrawn_after_round for s in seats]
    # every round left (a whole game can be recorded offline); ROY's hands go on until a score is
    # reached, so one turn of the dealers, which offline.js repeats ("cycle")
    playing = sum(1 for s in seats if s.withdrawn_after_round is None)
    last = len(variant.rounds) if variant.rounds else nr.number + playing - 1
    order = dealers(len(seats), first, withdrawn, last)
    plan = [{"number": n, "dealer": seats[order[n - 1]].name}
            | ({"contract": variant.rounds[n - 1].contract.describe(), "min_cards": variant.rounds[n - 1].min_cards}
               if variant.rounds else {})
            for n in range(nr.number, last + 1)]
    ends = {"last": len(variant.rounds)} if variant.rounds else {"cycle": playing}
    return htmlsafe_json_dumps({"label": _("Hand") if variant.is_roy else _("Round"), "rounds": plan,
                                "win_bonus": variant.scoring.round_win_bonus or 0, **ends}, separators=(",", ":"))


def _game_context(game, state: game_views.GameView) -> dict:
    return {
        "game": game,
        "table": None if game.table_id is None else db.session.get(Table, game.table_id),  # the crumb back to it
        "state": state,
        "variant": loading.variant_of(game),
        "roy": state.roy,
        "editor": can_edit(game),
    }


def _service_error(err: service_errors.ServiceError, errors: dict[str, list[str]]) -> None:
    """Put a service refusal beside its field: ``hands.<name>...`` goes to that player's block."""
    field = err.field or "_form"
    if field.startswith("hands."):  # hands.<name>.cards[2] -> hands.<name>, said "<name>: ..."
        name = re.split(r"[.[]", field[len("hands."):])[0]
        message = err.message.removeprefix(field + ": ")
        errors.setdefault("hands." + name, []).append(
            message if message.startswith(name + ":") else _("%(label)s: %(message)s", label=name, message=message))
    elif field in ("went_out", "end"):
        errors.setdefault("went_out", []).append(err.message)
    else:
        errors.setdefault(field if field in ("reason", "round", "version") else "_form", []).append(err.message)


# ----- home and new game -----------------------------------------------------------------------------

@bp.get("/games")
def index():
    return render_template("games/index.html")


@bp.route("/games/new", methods=["GET", "POST"])
def new_game():
    form = NewGameForm()
    add_variant_choice(form.variant, request.values.get("variant"), *remembered.ids("house"))  # house variants
    errors: dict[str, list[str]] = {}
    if request.method == "GET" and request.args.get("variant"):
        form.variant.data = request.args["variant"]
    if form.validate_on_submit():
        created = create_from_form(form, errors)
        if created is not None:
            remember(created.game.id, created.edit_token)
            flash(_("Game started. This phone keeps score; share the edit link so others can too."), "ok")
            return redirect(url_for("games.game", game_id=created.game.id))
    return render_template(
        "games/new.html", form=form, errors=errors, known=loading.known_players(browser_game_ids(), browser_table_ids()),
        house_options=house_option_labels(), variants=all_variants(), seat_counts=seat_counts(form),
    ), (400 if errors else 200)


# ----- the game page, the scoreboard, links -----------------------------------------------------------

@bp.get("/games/<game_id>")
def game(game_id: str):
    """The game page: the scorekeeper's (with its actions) or a follower's. Conditional: the tag
    names the game's version and whether this browser may edit, so a reload of an unchanged game
    answers 304 after one primary-key query."""
    stamp = live.game_stamp(game_id)
    remember(game_id)
    etag = live.game_etag(stamp.id, stamp.version, "game", can_edit(stamp), *live.origin())
    unchanged = live.not_modified(etag)
    if unchanged is not None:
        return unchanged
    game = access.load("game", game_id)
    ctx = _game_context(game, game_views.game_view(game))
    page = render_template("games/game.html", api_etag=live.api_etag(game.id, game.version),
                           action_form=ActionForm(), **ctx)
    return live.tag(make_response(page), live.game_etag(game.id, game.version, "game", ctx["editor"], *live.origin()))


@bp.get("/games/<game_id>/view")
def view(game_id: str):
    """The read-only scoreboard: standings, the current round and the grid; no actions. Polled by
    phones left open on it: ``If-None-Match`` with the current ETag answers 304 after one
    primary-key query (``scorekeeper.live``)."""
    stamp = live.game_stamp(game_id)
    unchanged = live.not_modified(live.game_etag(stamp.id, stamp.version, "view", *live.origin()))
    if unchanged is not None:
        return unchanged
    game = access.load("game", game_id)
    ctx = _game_context(game, game_views.game_view(game))
    ctx["editor"] = False
    page = render_template("games/view.html", api_etag=live.api_etag(game.id, game.version), **ctx)
    return live.tag(make_response(page), live.game_etag(game.id, game.version, "view", *live.origin()))


@bp.get("/games/<game_id>/scoresheet.pdf")
def scoresheet(game_id: str):
    """The game's filled PDF scoresheet (``?paper=letter&orientation=landscape``): rendered once
    per game version and page set-up, kept for every worker (``scorekeeper/scoresheets``), and
    answered with 304 while the game is unchanged."""
    page = parse_filled_query(request.args)
    stamp = live.game_stamp(game_id)
    etag = live.game_etag(stamp.id, stamp.version, "pdf", page.paper, page.orientation)
    unchanged = live.not_modified(etag)
    if unchanged is not None:
        return unchanged
    game = access.load("game", game_id)
    key = sheet_key("game", game.id, game.version, page.paper, page.orientation)
    pdf = kept_pdf(key, lambda: sheet_job(filled_sheet(loading.variant_of(game), game_views.game_view(game), page)),
                   game.id, game_sheets_before(game.id, game.updated_at))
    etag = live.game_etag(game.id, game.version, "pdf", page.paper, page.orientation)
    return live.tag(pdf_response(pdf, f"scoresheet-{game.id}.pdf", "no-cache"), etag)


@bp.get("/games/<game_id>/qr.svg")
def qr(game_id: str):
    """The QR code of the read-only scoreboard link, as SVG (no inline styles: CSP-safe)."""
    game = access.load("game", game_id)
    return qr_response(url_for("games.view", game_id=game.id, _external=True), "no-cache")


@bp.route("/games/<game_id>/edit", methods=["GET", "POST"])
def edit_link(game_id: str):
    """An edit link gives this browser the game's edit token, then shows the game. The link
    carries the token as ``#token=...``: this page's script (static/js/edit_link.js) posts it
    and takes it out of the address bar; without the script it can be pasted. Links of the
    older form, ``?token=...``, still work (the token is taken, then a redirect drops it)."""
    game = access.load("game", game_id)
    return take_edit_link(
        lambda token: loading.token_matches(game, token), lambda token: remember(game.id, token),
        url_for("games.game", game_id=game.id), _("This phone can now keep score for this game."),
        _("This edit link is not valid (it may have been replaced). Ask the scorekeeper for the current link."),
        lambda form: render_template("games/edit_link.html", form=form, state=game_views.game_state(game)))


@bp.get("/games/<game_id>/edit-token")
def edit_token(game_id: str):
    """This phone's edit token for the game, for rounds saved with no network (static/js/offline.js
    keeps it on the phone): the round form that the service worker stores holds no token."""
    game = access.load("game", game_id)
    if not can_edit(game):
        return no_store(({"error": _("this phone cannot change this game")}, 403))
    return no_store({"edit_token": remembered.game_token(game)})


@bp.get("/games/<game_id>/share")
def share(game_id: str):
    game = access.load("game", game_id)
    state = game_views.game_view(game)
    ctx = _game_context(game, state)
    view_url = url_for("games.view", game_id=game.id, _external=True)
    own = remembered.token("game", game.id)  # (a phone keeping score with the table's link has no game link to give)
    link = (edit_url("games.edit_link", own, game_id=game.id)
            if ctx["editor"] and own is not None and own == remembered.game_token(game) else None)
    return no_store(render_template("games/share.html", view_url=view_url, edit_url=link, action_form=ActionForm(), **ctx))


@bp.post("/games/<game_id>/token")
def rotate(game_id: str):
    game = access.editable("game", game_id)
    form = ActionForm()
    if not form.validate_on_submit():
        abort(400, _("The form could not be accepted; reload the page and try again."))
    try:
        token = svc.rotate_token(game)
    except service_errors.ServiceError as err:
        flash(err.message, "error")
        return redirect(url_for("games.share", game_id=game_id))
    remember(game_id, token)
    flash(_("New edit link made: the old edit link no longer works. Share the new one."), "ok")
    return redirect(url_for("games.share", game_id=game_id))


# ----- record and correct a round -----------------------------------------------------------------------

def _round_players(state: game_views.GameView, number: int) -> list[tuple[int, str]]:
    """(seat, name) of the players who play round ``number``."""
    return [
        (s.seat, s.name)
        for s in state.seats
        if s.withdrawn_after_round is None or s.withdrawn_after_round >= number
    ]


def _render_round(template: str, game, state: game_views.GameView, form, players, number: int, errors, preview=None, status=200,
                  correcting=None, language_left=None):
    ctx = _game_context(game, state)
    variant = ctx["variant"]
    for entry in form.hands:
        # The typed box is the hand (static/js/cards.js shows it ticked in the card picker, and it
        # works without the script); cards ticked on an older page join it, written in the page's
        # letters as a French page reads them (rules/card_letters.py).
        h = entry.form
        typed = (h.extra.data or "").replace(",", " ").split()
        if h.cards.data:
            h.extra.data = " ".join([card_letters.typed(code, language()) for code in h.cards.data] + typed)
            h.cards.data = []
    return render_template(
        template, form=form, players=players, number=number, errors=errors, preview=preview,
        classes=points_classes(variant) if not ctx["roy"] else [],
        card_points_json=htmlsafe_json_dumps(variant.points, separators=(",", ":")), penalty=variant.scoring.missing_card_penalty,
        pack_json=pack_for_scripts(variant, len(game.seats)),
        info=next((r for r in state.rounds if r.number == number), None) or state.next_round,
        totals_so_far=(state.totals if correcting is None else {}),
        correcting=correcting, seat_names={str(seat): name for seat, name in players},
        no_score_rule=(variant.sources["incomplete_games"].shown_label if "incomplete_games" in variant.sources
                       else _("scorekeeper's rulings, Incomplete games and missing scores")),
        offline=ctx["editor"] and correcting is None,  # static/js/offline.js
        language_left=language_left,  # static/js/retype.js, after the language switch
        **ctx,
    ), status


@bp.route("/games/<game_id>/round", methods=["GET", "POST"])
def record(game_id: str):
    game = access.editable("game", game_id)
    state = game_views.game_view(game)
    ctx_variant = loading.variant_of(game)
    roy = ctx_variant.is_roy
    if request.method == "POST":
        stale = _stale_round(game, state, request.form.get("round"))
        if stale is not None:
            return stale
    if state.next_round is None:
        flash(_("This game is over: no more rounds can be recorded."), "error")
        return redirect(url_for("games.game", game_id=game_id))
    if state.status == GameStatus.SUSPENDED:
        flash(_("The game is suspended: resume it before recording a round."), "error")
        return redirect(url_for("games.game", game_id=game_id))
    number = state.next_round.number
    players = _round_players(state, number)
    if request.method == "GET":
        modes = _remembered_modes()
        form = round_form(players, ctx_variant, data={
            "round": str(number), "key": secrets.token_urlsafe(16), "version": str(state.version),
            "hands": [{"seat": str(seat), "mode": modes.get(name, "values")} for seat, name in players]})
        return _render_round("games/round.html", game, state, form, players, number, {},
                             language_left=remembered.language_left(request.path))
    form = round_form(players, ctx_variant)

    def save(payload):
        saved = svc.record_round(game, payload, form.key.data or None)
        if not roy:
            _remember_modes(form, players)
        bonus = saved.round.bonus
        scores = " · ".join(f"{name} {points}" + (" " + _("(%(bonus)s off the total)", bonus=f"{bonus[name]:+d}")
                                                  if bonus.get(name) else "")
                            for name, points in saved.round.scores.items())
        flash(_("Hand %(number)s saved: %(scores)s.", number=saved.number, scores=scores) if roy
              else _("Round %(number)s saved: %(scores)s.", number=saved.number, scores=scores), "ok")
        if saved.game.status == GameStatus.IN_PROGRESS and saved.game.next_round:
            # The next round's form opens at once: one tap fewer per round (docs/games.md, "The round form").
            return redirect(url_for("games.record", game_id=game_id))
        return redirect(url_for("games.game", game_id=game_id))

    return _round_posted("games/round.html", game, state, form, players, number, save)


def _stale_round(game, state: game_views.GameView, posted: str | None):
    """A round form posted for another round than the next one (Back after Save, a double tap, a
    stale tab, a second phone) stores nothing: the answer (409) says the round is saved, with its
    scores, and offers the next round's form. A form without a round number (an old page) or
    with one that is not a number goes on as before."""
    try:
        number = int((posted or "").strip())
    except ValueError:
        return None
    next_number = len(state.rounds) + 1
    if number == next_number or number < 1:
        return None
    saved = state.rounds[number - 1] if number < next_number else None
    # refused_key: the posted form's idempotency key, so that the phone's copy of this Save leaves
    # its outbox (static/js/offline.js): nothing was stored, and the person is told so here.
    page = render_template("games/round_saved.html", number=number, saved=saved, next_number=next_number,
                           refused_key=(request.form.get("key") or "")[:100],
                           can_record=state.next_round is not None and state.status == GameStatus.IN_PROGRESS,
                           **_game_context(game, state))
    return no_store(make_response(page, 409))


def _round_posted(template: str, game, state: game_views.GameView, form, players, number: int, save, correcting=None):
    """A posted round form (a new round, or ``correcting`` a recorded one): checked, then saved
    with ``save(payload)``, which answers where to go next, or previewed; else shown again with its
    errors beside their fields."""
    form.validate()
    payload, errors = round_payload(form, players, loading.variant_of(game), len(game.seats))
    entered = not errors and not any(sub.errors for entry in form.hands for sub in entry.form)
    if correcting is not None and entered and form.preview.data and list(form.errors) == ["reason"]:
        form.reason.errors = []  # a preview does not need the reason yet
    preview = None
    if entered and not any(f.errors for f in form):
        try:
            if form.save.data:
                return save(payload)
            preview = svc.preview_round(game, payload)
        except service_errors.ServiceError as err:
            _service_error(err, errors)
    conflict = "round" if correcting is None else "version"  # the game changed meanwhile
    status = 200 if preview is not None else 409 if conflict in errors else 400
    return _render_round(template, game, state, form, players, number, errors, preview, status, correcting)


def _remembered_modes() -> dict[str, str]:
    modes = session.get("input_modes")
    return {k: v for k, v in modes.items() if v in REMEMBERED_MODES} if isinstance(modes, dict) else {}


def _remember_modes(form, players) -> None:
    """Keep, per player, the way their hand was entered (by value, cards or points) for this
    browser's next round form: one player counts by value while another reads out points."""
    names = {str(seat): name for seat, name in players}
    modes = _remembered_modes()
    for entry in form.hands:
        name = names.get(entry.form.seat.data or "")
        mode = effective_mode(entry.form)
        if name is not None and entry.form.seat.data != form.went_out.data and mode in REMEMBERED_MODES:
            modes.pop(name, None)
            modes[name] = mode
    modes = dict(list(modes.items())[-MAX_REMEMBERED:])
    if modes != session.get("input_modes"):
        session["input_modes"] = modes


@bp.route("/games/<game_id>/rounds/<int:number>/correct", methods=["GET", "POST"])
def correct(game_id: str, number: int):
    game = access.editable("game", game_id)
    state = game_views.game_view(game)
    if not 1 <= number <= len(state.rounds):
        abort(404, _("Round %(number)s is not recorded in this game.", number=number))
    variant = loading.variant_of(game)
    roy = variant.is_roy
    rnd = state.rounds[number - 1]
    players = _round_players(state, number)
    if request.method == "GET":
        seat_of = {name: seat for seat, name in players}
        went = str(seat_of[rnd.went_out]) if rnd.went_out else "stock"
        hands = []
        for seat, name in players:
            fields = hand_to_fields(rnd.hands[name].as_json() if name in rnd.hands else {})
            fields["seat"] = str(seat)
            hands.append(fields)
        form = round_form(players, variant, correcting=True, data={
            "round": str(number), "version": str(state.version), "went_out": went, "hands": hands})
        return _render_round("games/correct.html", game, state, form, players, number, {}, correcting=rnd)
    form = round_form(players, variant, correcting=True)

    def save(payload):
        svc.correct_round(game, number, payload, form.reason.data, form.version.data or None)
        flash(_("Hand %(number)s corrected.", number=number) if roy
              else _("Round %(number)s corrected.", number=number), "ok")
        return redirect(url_for("games.game", game_id=game_id))

    return _round_posted("games/correct.html", game, state, form, players, number, save, correcting=rnd)


# ----- withdraw, suspend, resume, rulings ----------------------------------------------------------------

def _action_page(game, state: game_views.GameView, form, template: str, change, done: str, fields=(), anchor=None, **extra):
    """A page that changes the game: its form (with the game's version, on GET); on a valid POST
    ``change()`` through the service, ``done`` flashed and back to the game page (at ``anchor``);
    a refusal shown beside its field when it is one of ``fields``, else at the top of the form."""
    errors: dict[str, list[str]] = {}
    if request.method == "GET":
        form.version.data = str(state.version)
    elif form.validate_on_submit():
        try:
            change()
        except service_errors.ServiceError as err:
            errors.setdefault(err.field if err.field is not None and err.field in fields else "_form", []).append(err.message)
        else:
            flash(done, "ok")
            return redirect(url_for("games.game", game_id=game.id, _anchor=anchor))
    status = 400 if request.method == "POST" else 200
    return render_template(template, form=form, errors=errors, **extra, **_game_context(game, state)), status


@bp.route("/games/<game_id>/withdraw", methods=["GET", "POST"])
def withdraw(game_id: str):
    game = access.editable("game", game_id)
    state = game_views.game_view(game)
    form = WithdrawForm()
    form.player.choices = options([("", _("Choose…"))] + [(s.name, s.name) for s in state.seats if s.active])
    if form.validate_on_submit() and request.form.get("confirm") != "yes":
        # Nothing risky on one tap: say what withdrawing means, then ask again.
        return render_template("games/withdraw.html", form=form, errors={}, confirming=form.player.data,
                               **_game_context(game, state))
    return _action_page(game, state, form, "games/withdraw.html",
                        lambda: svc.withdraw(game, form.player.data, form.version.data or None),
                        _("%(name)s has withdrawn.", name=form.player.data), fields=("player",))


@bp.route("/games/<game_id>/suspend", methods=["GET", "POST"])
def suspend(game_id: str):
    """Suspend the game, once the table has said yes on the page that says what it means."""
    game = access.editable("game", game_id)
    form = ActionForm()
    if request.method == "POST" and not form.validate_on_submit():
        abort(400, _("The form could not be accepted; reload the page and try again."))
    if request.form.get("confirm") != "yes":
        state = game_views.game_view(game)
        if request.method == "GET":
            form.version.data = str(state.version)
        return render_template("games/suspend.html", form=form, **_game_context(game, state))
    try:
        svc.suspend(game, form.version.data or None)
    except service_errors.ServiceError as err:
        flash(err.message[0].upper() + err.message[1:], "error")
    else:
        flash(_("Game suspended. Resume it with the same players in the same seats, this calendar year."), "ok")
    return redirect(url_for("games.game", game_id=game_id))


@bp.route("/games/<game_id>/resume", methods=["GET", "POST"])
def resume(game_id: str):
    game = access.editable("game", game_id)
    state = game_views.game_view(game)
    form = ResumeForm()
    seated = [s.name for s in state.seats if s.active]
    return _action_page(game, state, form, "games/resume.html",
                        lambda: svc.resume(game, seated, expected_version=form.version.data or None),
                        _("Game resumed."))


@bp.route("/games/<game_id>/ruling", methods=["GET", "POST"])
def ruling(game_id: str):
    game = access.editable("game", game_id)
    state = game_views.game_view(game)
    form = RulingForm()
    form.player.choices = options([("", _("Nobody (no score effect)"))] + [(n, n) for n in state.players])
    if request.method == "GET":
        form.round.data = state.next_round.number if state.next_round else len(state.rounds) or 1
        if request.args.get("citation"):
            form.citation.data = request.args["citation"][:200]
    citations = sorted({c.shown_label for c in loading.variant_of(game).sources.values()})
    return _action_page(game, state, form, "games/ruling.html",
                        lambda: svc.log_ruling(game, form.what_happened.data, form.ruling.data, form.citation.data,
                                               form.round.data, form.player.data or None, form.points.data,
                                               form.version.data or None),
                        _("Ruling logged."), anchor="rulings", citations=citations,
                        fields=("what_happened", "ruling", "citation", "round", "player", "points"))
