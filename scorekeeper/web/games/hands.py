"""Hands from the players' phones, the pages' side (docs/api.md, "Hands from the players' phones"):
the share page's hand-in link, a player's "My hand" page and what it polls, and the proposals the
scorekeeper's round form polls. The proposals themselves live in ``scorekeeper.services.proposals``;
a player's phone sends its hand straight to the API with the hand-in token.
"""
from __future__ import annotations

from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup
from flask import abort, flash, jsonify, make_response, redirect, render_template, session, url_for
from flask_babel import gettext as _

from ... import live
from ...models import GameStatus
from ...services import errors as service_errors
from ...services import loading
from ...services import proposals as proposal_svc
from ...services import seats
from ...services import view as game_views
from ...addresses import edit_url
from ..edit_links import no_store
from ..qr import qr_response
from ...rules.scoring import points_classes
from .. import access
from .forms import ActionForm, pack_for_scripts, round_form
from .routes import bp

HAND_LINKS = "hand_links"  # the session's hand-in tokens, by game: the share page shows the link again
KEPT_HAND_LINKS = 5
MAX_ROUND = 10_000  # more rounds than any game plays


@bp.app_template_global("hand_in_url")
def kept_hand_url(game) -> str | None:
    """The hand-in link this phone made for the game, for its share page: None when it made none,
    or when that link ended since (a newer link, or a new edit token of the game or its table)."""
    token = (session.get(HAND_LINKS) or {}).get(game.id)
    if not isinstance(token, str) or not proposal_svc.hand_token_ok(game, token):
        return None
    return edit_url("games.my_hand", token, game_id=game.id)


@bp.app_template_global("claimed_seats")
def claimed_seats(game) -> list[str]:
    """The players whose seat a phone claimed with the hand-in link (the share page frees them)."""
    return seats.claimed_names(game)


@bp.post("/games/<game_id>/hand-link")
def new_hand_link(game_id: str):
    """A new hand-in link for the game; the old one stops working."""
    game = access.editable("game", game_id)
    if not ActionForm().validate_on_submit():
        abort(400, _("The form could not be accepted; reload the page and try again."))
    try:
        token = proposal_svc.new_hand_link(game)
    except service_errors.ServiceError as err:
        flash(err.message, "error")
        return redirect(url_for("games.share", game_id=game.id, _anchor="hands"))
    links = {k: v for k, v in (session.get(HAND_LINKS) or {}).items() if k != game.id}
    links[game.id] = token
    session[HAND_LINKS] = dict(list(links.items())[-KEPT_HAND_LINKS:])
    flash(_("New hand-in link made: the players open it on their phones. An older hand-in link no longer works."), "ok")
    return redirect(url_for("games.share", game_id=game.id, _anchor="hands"))


@bp.post("/games/<game_id>/seats/<path:name>/free")
def free_seat(game_id: str, name: str):
    """The scorekeeper frees a player's seat: the phone that claimed it can no longer send that
    player's hands, and the next phone to say it is that player claims it."""
    game = access.editable("game", game_id)
    if not ActionForm().validate_on_submit():
        abort(400, _("The form could not be accepted; reload the page and try again."))
    try:
        seats.free(game, name)
    except service_errors.ServiceError as err:
        flash(err.message, "error")
    else:
        flash(_("%(name)s's seat is free: the next phone to choose %(name)s sends their hands.", name=name), "ok")
    return redirect(url_for("games.share", game_id=game.id, _anchor="seats"))


@bp.get("/games/<game_id>/hand-link/qr.svg")
def hand_qr(game_id: str):
    """The QR code of the hand-in link this phone made (it holds the token: never cached)."""
    game = access.editable("game", game_id)
    link = kept_hand_url(game)
    if link is None:
        abort(404, _("Make a hand-in link first."))
    return no_store(qr_response(link, "no-store"))


def _context(game, state: game_views.GameView) -> dict:
    return {"game": game, "state": state, "variant": loading.variant_of(game), "roy": state.roy}


def _players_of(state: game_views.GameView, number: int) -> list[str]:
    """The players who play round ``number`` (those who withdrew later still do)."""
    return [s.name for s in state.seats if s.withdrawn_after_round is None or s.withdrawn_after_round >= number]


# ----- a player's "My hand" page ----------------------------------------------------------------------

def _hand_now(game, state: game_views.GameView) -> dict:
    """What a player's page shows of the game now: the round to enter (its header), the players
    of that round, and the last round saved with its scores."""
    ctx = _context(game, state)
    nr = state.next_round if state.status == GameStatus.IN_PROGRESS else None
    last = state.rounds[-1] if state.rounds else None
    return {
        "status": state.status.value if hasattr(state.status, "value") else str(state.status),
        "round": nr.number if nr else None,
        "players": _players_of(state, nr.number) if nr else [],
        # the last round saved, so that a player's phone can say the points recorded for them
        "last": {"round": last.number, "scores": dict(last.scores)} if last else None,
        "now": Markup(render_template("games/_hand_now.html", nr=nr, last=last, **ctx)),  # our own escaped HTML
    }


@bp.get("/games/<game_id>/hand")
def my_hand(game_id: str):
    """A player's own page: who they are (asked once), the round and their hand, sent to the
    scorekeeper's round form (static/js/hand.js). Needs no edit right: the hand-in token after
    ``#`` is the player's right to send, and the page never sees another."""
    game = access.load("game", game_id)
    state = game_views.game_view(game)
    ctx = _context(game, state)
    variant = ctx["variant"]
    form = round_form([(0, "")], variant, data={"hands": [{"seat": "0", "mode": "values"}]})
    now = _hand_now(game, state)
    page = render_template(
        "games/hand.html", form=form, h=form.hands[0].form, seat="0", name="", shown=None, errors={}, hand_in=True,
        classes=points_classes(variant) if not ctx["roy"] else [], totals_so_far={},
        card_points_json=htmlsafe_json_dumps(variant.points, separators=(",", ":")),
        pack_json=pack_for_scripts(variant, len(game.seats)),
        penalty=variant.scoring.missing_card_penalty, now=now,
        etag=live.game_etag(game.id, game.version, "hand", *live.origin()), **ctx)
    response = make_response(page)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/games/<game_id>/hand/now")
def hand_now(game_id: str):
    """What "My hand" polls (about every two seconds): 304 while the game is unchanged."""
    stamp = live.game_stamp(game_id)
    etag = live.game_etag(stamp.id, stamp.version, "hand", *live.origin())
    unchanged = live.not_modified(etag, "no-store")
    if unchanged is not None:
        return unchanged
    game = access.load("game", game_id)
    answer = jsonify(_hand_now(game, game_views.game_view(game)))
    return live.tag(answer, live.game_etag(game.id, game.version, "hand", *live.origin()), "no-store")


# ----- the scorekeeper's round form: the hands that arrived -------------------------------------------

@bp.get("/games/<game_id>/rounds/<int:number>/proposals.json")
def round_proposals(game_id: str, number: int):
    """The hands sent for round ``number`` from the players' phones, for the scorekeeper's round
    form (static/js/proposals.js polls it about every second, with the browser's edit right). The
    ETag changes whenever the hands or the game do: while none changed the answer is a 304 after
    two small queries (the game's version and edit right, who sent when), without loading the game."""
    stamp = live.game_stamp(game_id)
    if not 1 <= number <= MAX_ROUND:  # (a number no column holds is no round: never a database error)
        abort(404, _("Round %(number)s is not recorded in this game.", number=number))
    access.check_editable("game", stamp)
    etag = proposal_svc.proposals_stamp(stamp.id, stamp.version, number)
    unchanged = live.not_modified(etag, "no-store")
    if unchanged is not None:
        return unchanged
    game = access.load("game", game_id)
    sent = proposal_svc.proposals(game, number)  # (a refusal: its JSON, scorekeeper/errors.py)
    return live.tag(jsonify(sent.as_json()), etag, "no-store")
