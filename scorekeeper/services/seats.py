"""A player's seat claimed by one phone (docs/api.md, "A phone claims its seat").

A phone holding the game's hand-in link says who it is ("Who are you?" on "My hand") and gets a
seat token for that player: from then on that player's hands are taken only with that seat token
or the game's (or its table's) edit token, until the scorekeeper frees the seat. A seat not yet
claimed takes the hand-in token as before. A new hand-in link ends every claim of the game, and a
new edit token of the game or of its table ends the hand-in link and its claims
(:func:`end_hand_in`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from flask_babel import gettext as _
from sqlalchemy import delete, select

from ..db import db
from ..models import Game, HandLink, SeatClaim, utcnow
from ..rules import game as rules
from ..rules.errors import RulesInputError
from . import tokens
from .errors import Conflict, Forbidden, ServiceError, rules_error
from .transactions import commit
from .view import JsonView


def seat_of(game: Game, name: object, field: str = "player") -> tuple[int, str]:
    """The seat and seated name a player's name stands for (case and Unicode NFC as for names);
    422 naming an unknown player."""
    try:
        player = rules.find_player([s.name for s in game.seats], name, field)
    except RulesInputError as err:
        raise rules_error(err, against_the_rules=True) from None
    return next(s.seat for s in game.seats if s.name == player), player


def _claim_hash(game_id: str, seat: int) -> str | None:
    return db.session.execute(select(SeatClaim.token_hash).where(
        SeatClaim.game_id == game_id, SeatClaim.seat == seat)).scalar_one_or_none()


@dataclass(frozen=True)
class Claimed(JsonView):
    """A seat claimed: the player's name and the seat token, shown once."""

    player: str
    token: str


def claim(game: Game, name: object) -> Claimed:
    """Claim the player's seat for the phone asking; refused (a conflict naming the player) when
    another phone claimed it first."""
    seat, player = seat_of(game, name)
    taken = _("%(name)s's seat is already claimed by another phone: ask the scorekeeper to free it",
              name=player)
    if _claim_hash(game.id, seat) is not None:
        raise Conflict(taken, "player", player=player)
    token, token_hash = tokens.fresh()
    db.session.add(SeatClaim(game_id=game.id, seat=seat, token_hash=token_hash, claimed_at=utcnow()))
    commit(taken)  # (two phones claiming at the same moment: the second one's insert is refused)
    return Claimed(player, token)


def free(game: Game, name: object) -> None:
    """The scorekeeper frees the player's seat: the phone that held it can no longer send; the next
    phone to say it is this player claims it (nothing happens when the seat was free)."""
    seat, _player = seat_of(game, name)
    db.session.execute(delete(SeatClaim).where(SeatClaim.game_id == game.id, SeatClaim.seat == seat))
    commit(_("the seat could not be freed: another change reached it at the same moment; try again"))


def claimed_names(game: Game) -> list[str]:
    """The players whose seat a phone has claimed, in seating order."""
    seats = set(db.session.execute(select(SeatClaim.seat).where(SeatClaim.game_id == game.id)).scalars())
    return [s.name for s in sorted(game.seats, key=lambda s: s.seat) if s.seat in seats]


def check_sender(game: Game, name: object, token: str, hand_token_ok: bool) -> None:
    """403 unless ``token`` may send the player's hand: the seat's own token once the seat is
    claimed, else the hand-in link (``hand_token_ok``). An unknown name passes here: the proposal
    itself is refused naming it (services/proposals.py)."""
    try:
        seat, player = seat_of(game, name)
    except ServiceError:  # (the 422 comes from the proposal, after the token was checked)
        seat, player = None, None
    stored = None if seat is None else _claim_hash(game.id, seat)
    if stored is None:
        if hand_token_ok:
            return
        raise Forbidden(_("this hand-in link is not valid for this game (a newer one may have replaced it)"),
                        "Authorization")
    if not tokens.matches(stored, token):
        raise Forbidden(_("%(name)s's seat is claimed by another phone: only that phone (or the scorekeeper) "
                          "can send %(name)s's hand", name=player), "Authorization", player=player)


def holds_seat(game: Game, name: object, token: object) -> bool:
    """Whether ``token`` is the seat token of the player's claimed seat (its phone may give the seat
    back: "Not you?" on "My hand")."""
    try:
        seat, _player = seat_of(game, name)
    except ServiceError:
        return False
    return tokens.matches(_claim_hash(game.id, seat), token)


def end_claims(game_id: str) -> None:
    """End every seat claim of the game (a new hand-in link): in the caller's transaction."""
    db.session.execute(delete(SeatClaim).where(SeatClaim.game_id == game_id))


def end_hand_in(game_ids: Iterable[str]) -> None:
    """End the hand-in links of these games and their seat claims (a new edit token of the game or
    its table: a phone kept out of the game is kept out of its hands too), in the caller's
    transaction."""
    ids = list(game_ids)
    db.session.execute(delete(SeatClaim).where(SeatClaim.game_id.in_(ids)), execution_options={"synchronize_session": False})
    db.session.execute(delete(HandLink).where(HandLink.game_id.in_(ids)), execution_options={"synchronize_session": False})
