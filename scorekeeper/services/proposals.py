"""Hands from the players' phones (docs/api.md, "Hands from the players' phones").

A game's hand-in link carries a token that can only propose hands: each player sends their own
hand for the game's next round, checked exactly as the round will check it (services/parsing.py)
and counted as the round will count it (rules/game.py ``hand_result``). A proposal records
nothing: the scorekeeper's round form shows it, and saving the round ends the round's proposals
(:func:`end_proposals`, in the round's own transaction: services/games.py). Each change here is one
transaction (services/transactions.py). Proposals are not part of the game's version, so a player
sending a hand never makes the scorekeeper's open form stale.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime

from flask_babel import gettext as _
from sqlalchemy import delete, func, select
from sqlalchemy.orm import lazyload

from ..db import db
from ..models import Game, GameStatus, HandLink, HandProposal, Round, utcnow
from ..rules import game as rules
from .errors import Conflict, Unprocessable
from . import loading, seats, tokens
from .loading import variant_of
from .parsing import hand_points, parse_player_hand, round_player
from .transactions import commit
from .unique_rows import put_row
from .view import JsonView, status_word


def new_hand_link(game: Game) -> str:
    """A new hand-in token for the game (returned once; only its hash is kept). It replaces the
    game's old one, which stops working at once (a player who left the table cannot keep sending),
    and ends the seats claimed with it (services/seats.py)."""
    token, token_hash = tokens.fresh()
    put_row(HandLink, {"game_id": game.id, "token_hash": token_hash, "created_at": utcnow()}, ("game_id",))
    seats.end_claims(game.id)
    commit(_("the hand-in link was replaced from another phone at the same moment; try again"))
    return token


def hand_token_ok(game: Game, token: object) -> bool:
    """Whether ``token`` is the game's current hand-in token (compared in constant time)."""
    stored = db.session.execute(select(HandLink.token_hash).where(HandLink.game_id == game.id)).scalar_one_or_none()
    return tokens.matches(stored, token)


def get_game(game_id: object) -> Game:
    """The game with its seats only (404 otherwise): what proposals need, in a fixed number of
    small queries however many rounds the game has (the round form polls its proposals)."""
    if isinstance(game_id, str) and loading.GAME_ID.fullmatch(game_id):
        game = db.session.execute(select(Game).where(Game.id == game_id).options(
            lazyload(Game.rounds), lazyload(Game.corrections), lazyload(Game.rulings))).scalar_one_or_none()
        if game is not None:
            return game
    return loading.get_game(game_id)  # (the 404 naming the id)


def _rounds_played(game: Game) -> int:
    return db.session.execute(select(func.count()).select_from(Round).where(Round.game_id == game.id)).scalar_one()


def check_round_open(game: Game, number: int) -> int:
    """409 with the reason unless ``number`` is the game's next round and the game is in progress;
    the number of rounds played otherwise."""
    played = _rounds_played(game)
    extra = {"round": number, "next_round": played + 1 if game.status == GameStatus.IN_PROGRESS else None}
    if number <= played and game.status != GameStatus.IN_PROGRESS:
        raise Conflict(_("round %(number)s is already recorded, and the game is %(status)s: no hands can be sent "
                         "for it", number=number, status=status_word(game.status)), "round", **extra)
    if number <= played:
        raise Conflict(_("round %(number)s is already recorded: hands can be sent only for the next round "
                         "(round %(next)s)", number=number, next=played + 1), "round", **extra)
    if game.status != GameStatus.IN_PROGRESS:
        raise Conflict(_("the game is %(status)s: no hands can be sent for it", status=status_word(game.status)),
                       "round", **extra)
    if number != played + 1:
        raise Conflict(_("round %(number)s is not the next round: hands can be sent only for round %(next)s",
                         number=number, next=played + 1), "round", **extra)
    return played


# What a player who went out sends instead of a hand (docs/api.md, "Hands from the players' phones").
WENT_OUT = {"went_out": True}


def says_went_out(body: object) -> bool:
    """Whether a proposal's body is the player's word that they went out: exactly
    ``{"went_out": true}``; 422 naming ``went_out`` for any other use of that field."""
    if not isinstance(body, dict) or "went_out" not in body:
        return False
    if body["went_out"] is not True:
        raise Unprocessable(_("went_out: %(value)s is not understood; send {\"went_out\": true} if you went out, or "
                              "your hand", value=_json_word(body["went_out"])), "went_out")
    if len(body) != 1:
        raise Unprocessable(_("went_out: a player who went out sends no hand (%(fields)s), only {\"went_out\": true}",
                              fields=", ".join(sorted(str(k) for k in body if k != "went_out"))), "went_out")
    return True


def _json_word(value: object) -> str:
    """A value as the JSON that carried it (false, null, "yes", 1)."""
    return json.dumps(value, ensure_ascii=False)[:40]


class _HandOrWentOut(JsonView):
    """A hand (its points and the hand as sent), or a player's word that they went out: the JSON
    holds one or the other."""

    went_out: bool

    def left_out(self) -> tuple[str, ...]:
        return ("points", "hand") if self.went_out else ("went_out",)


@dataclass(frozen=True)
class KeptHand(_HandOrWentOut):
    """The answer to a hand sent: whose, for which round, and the points the round will count."""

    player: str
    round: int
    went_out: bool
    points: int | None
    hand: dict | None  # the hand as sent (the API's hand shape)


@dataclass(frozen=True)
class SentHand(_HandOrWentOut):
    """A hand waiting on the scorekeeper's round form, and when it was sent."""

    went_out: bool
    points: int | None
    hand: dict | None
    at: datetime


@dataclass(frozen=True)
class RoundProposals(JsonView):
    """The hands sent for a round, by player in seating order, and the tag that changes with them."""

    round: int
    proposals: dict[str, SentHand]
    stamp: str

    def left_out(self) -> tuple[str, ...]:
        return ("stamp",)  # (the answer's ETag)


def propose(game: Game, round_no: int, name: object, hand: object) -> KeptHand:
    """Keep (or replace) a player's hand for the next round, or the player's word that they went
    out (``{"went_out": true}``); the answer says the points as the round will count them."""
    played = check_round_open(game, round_no)
    went_out = says_went_out(hand)
    if went_out:
        player, kept, points = round_player(game, round_no, name), dict(WENT_OUT), 0
    else:
        variant = variant_of(game)
        player, parsed = parse_player_hand(game, variant, round_no, name, hand)
        kept, points = parsed.as_input(), hand_points(variant, parsed).points
    seat = next(s.seat for s in game.seats if s.name == player)
    put_row(HandProposal, {"game_id": game.id, "round_number": round_no, "seat": seat, "name": player,
                           "hand": kept, "points": points, "sent_at": utcnow()},
            ("game_id", "round_number", "seat"))
    _still_open(game, round_no, played)
    commit(_("the hand could not be kept: another change reached it at the same moment; send it again"))
    return KeptHand(player, round_no, went_out, None if went_out else points, None if went_out else kept)


def _still_open(game: Game, round_no: int, played: int) -> None:
    """Look again, once the proposal is written, whether its round is still to be played: a round
    saved while the hand was on its way must not keep it. A round saved meanwhile: nothing is
    kept, 409 as for a recorded round.

    No lock is taken on the game's row: a round's save moves the game's version on, and a row lock
    held by each hand sent would make the save wait behind every phone sending one. A proposal
    whose transaction overlaps the save's may be left behind for the recorded round; it is never
    shown (only the next round's proposals are) and the next round's save ends it
    (:func:`end_proposals` ends every round up to its own)."""
    status = db.session.execute(select(Game.status).where(Game.id == game.id)).scalar_one()
    if _rounds_played(game) == played and status == game.status:
        return
    db.session.rollback()  # (the game is read again below)
    check_round_open(game, round_no)
    raise Conflict(_("the game changed while the hand was on its way; send it again"), "round")  # pragma: no cover


def withdraw_proposal(game: Game, round_no: int, name: object) -> None:
    """Take back a player's hand for the next round (nothing happens when none was sent)."""
    check_round_open(game, round_no)
    player = round_player(game, round_no, name)
    seat = next(s.seat for s in game.seats if s.name == player)
    db.session.execute(delete(HandProposal).where(HandProposal.game_id == game.id, HandProposal.round_number == round_no,
                                                  HandProposal.seat == seat))
    commit(_("the hand could not be taken back: another change reached it at the same moment; try again"))


def proposals(game: Game, round_no: int) -> RoundProposals:
    """The hands sent for the next round by the players still in it, in seating order, and a
    stamp that changes whenever they do (the answer's ETag)."""
    check_round_open(game, round_no)
    active = {s.seat for s in game.seats if rules.active_in_round(s.withdrawn_after_round, round_no)}
    names = {s.seat: s.name for s in game.seats}
    rows = db.session.execute(select(HandProposal).where(
        HandProposal.game_id == game.id, HandProposal.round_number == round_no).order_by(HandProposal.seat)).scalars()
    sent = {}
    for row in rows:
        if row.seat in active:
            went_out = row.hand == WENT_OUT
            sent[names[row.seat]] = SentHand(went_out, None if went_out else row.points, None if went_out else row.hand,
                                             row.sent_at)
    return RoundProposals(round_no, sent, proposals_stamp(game.id, game.version, round_no))


def proposals_stamp(game_id: str, version: int, number: int) -> str:
    """A tag of round ``number``'s proposals as they stand (who sent, when) and of the game's
    version (a saved round or a withdrawal changes it), from one small query: a poll answers 304
    without loading the game while no hand arrived."""
    rows = db.session.execute(select(HandProposal.seat, HandProposal.sent_at).where(
        HandProposal.game_id == game_id, HandProposal.round_number == number).order_by(HandProposal.seat)).all()
    text = "|".join([game_id, str(version), str(number)] + [f"{seat}@{at.isoformat()}" for seat, at in rows])
    return "hands-" + hashlib.sha256(text.encode()).hexdigest()[:20]


def end_proposals(game_id: str, number: int) -> None:
    """Saving round ``number`` ends its proposals (and any older ones left behind): called inside
    the round's own transaction, so the round and the end of its proposals commit together."""
    db.session.execute(delete(HandProposal).where(HandProposal.game_id == game_id,
                                                  HandProposal.round_number <= number))
