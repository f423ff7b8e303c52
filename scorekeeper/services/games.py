"""Games: the changes the JSON API and the pages make, each one transaction.

Every change is all or nothing, checks the game's ``version`` (optimistic locking: two phones
never lose an update) and answers in types: the game as the change left it (``GameView``), a
saved round (:class:`SavedRound`), a logged ruling (:class:`LoggedRuling`). A refusal is one of
the exceptions of ``services/errors.py``, with the field and a plain message naming the value;
the API and the pages choose the status and the words around it. The rules themselves live in ``scorekeeper/rules/game.py``;
nothing here decides a score. What the service reads is in ``loading.py`` (games, tokens),
``parsing.py`` (checking a submission) and ``view.py`` (the typed game view and its JSON): callers
import those names from there.
"""
from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Callable, Mapping

from flask_babel import gettext as _
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from ..db import db
from ..models import (Correction, Game, GameStatus, HandRecord, IdempotencyKey, OVER_STATUSES, Player,
                      ROUND_RULING_KINDS, Round, Ruling, RulingKind, Seat, utcnow)
from ..rules import game as rules
from ..rules.errors import RulesInputError
from ..rules import words
from ..rules.variants import Variant
from .errors import Conflict, NotFound, ServiceError, Unprocessable, rules_error
from .loading import builtin_toml, get_game, variant_of
from .parsing import ParsedRound, check_key, parse_round, refuse_beyond_pack, round_number, text
from .parsing import score as _score
from .proposals import end_proposals
from .unique_rows import add_missing
from . import seats, tokens
from .transactions import check_version, commit, committed
from .variants import rules_for_new_game
from .view import (CorrectionView, GameView, HandView, RoundView, RulingView, game_view, round_json, sentence,
                   status_word, tally)


# ----- after a change ---------------------------------------------------------------------------------

def _refresh_status(game: Game, variant: Variant) -> rules.Tally:
    """Set status (and completed_at) from the rules after a change."""
    result = tally(game, variant)
    now = utcnow()
    if result.status in OVER_STATUSES:
        if game.status not in OVER_STATUSES or game.completed_at is None:
            game.completed_at = now
    else:
        game.completed_at = None
    game.status = result.status
    game.updated_at = now
    return result


# ----- create ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Created:
    game: Game
    edit_token: str


def _player_rows(names: list[str]) -> list[Player]:
    """The player of each name, a new name added (even if another phone adds it at the same moment)."""
    keys = [rules.name_key(n) for n in names]
    now = utcnow()
    add_missing(Player, [{"name": name, "name_key": key, "created_at": now, "last_played_at": now}
                         for name, key in zip(names, keys)], ("name_key",))
    rows = db.session.execute(db.select(Player).where(Player.name_key.in_(keys))).scalars().all()
    by_key = {p.name_key: p for p in rows}
    for player in rows:
        player.last_played_at = now
    return [by_key[key] for key in keys]


def create_game(variant_id: object, players: object, dealer: object = None, house_rules: object = None,
                before_commit: Callable[[Game], None] | None = None) -> Created:
    """Start a game: variant, players in seating order, first dealer, house options
    (``POST /api/v1/games``, scorekeeper/api/games.py). ``before_commit`` may add to the new game in
    the same transaction (a table's game: services/tables.py)."""

    try:
        base, rules_toml, house_version = rules_for_new_game(variant_id)
        variant = base.with_house_rules(house_rules)
        names = rules.check_seating(variant, players)
        first = 0 if dealer is None or dealer == "" else names.index(rules.find_player(names, dealer, "dealer"))
    except RulesInputError as err:
        raise rules_error(err) from None
    for attempt in range(2):
        token, token_hash = tokens.fresh()
        now = utcnow()
        game = Game(
            variant=variant.id,
            variant_name=variant.name,
            rules_toml=rules_toml or builtin_toml(variant.id),
            house_version=house_version,
            rules_snapshot=variant.as_dict(),
            house_rules=dict(variant.house_rules),
            first_dealer_seat=first,
            status=GameStatus.IN_PROGRESS,
            edit_token_hash=token_hash,
            created_at=now,
            updated_at=now,
        )
        rows = _player_rows(names)
        game.seats = [Seat(seat=i, name=name, name_key=rules.name_key(name), player=player)
                      for i, (name, player) in enumerate(zip(names, rows))]
        db.session.add(game)
        if before_commit is not None:
            before_commit(game)
        try:
            db.session.commit()
        except IntegrityError:
            db.session.rollback()  # a new name was added by another game at the same moment: retry once
            if attempt:
                raise Conflict(_("the game could not be saved; try again")) from None
            continue
        return Created(game, token)
    raise Conflict(_("the game could not be saved; try again"))  # pragma: no cover


# ----- rounds ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SavedRound:
    """A round recorded or corrected: its number and the game as this change left it (seen before
    the commit, so that a change committed a moment later from another phone is not in it)."""

    number: int
    game: GameView
    created: bool  # a new round was stored (not: the same submission again, or a correction)
    correction: CorrectionView | None = None  # a correction: what it changed, and why
    first_answer: dict | None = None  # a retry with an Idempotency-Key already used: the answer kept then

    @property
    def round(self) -> RoundView:
        return self.game.rounds[self.number - 1]


def _hand_rows(game: Game, result: rules.RoundResult) -> dict[str, dict]:
    """The hands' rows as they are kept: their notes in English, as the API gives them."""
    seat_of = {s.name: s.seat for s in game.seats}
    out = {}
    for name, h in result.hands.items():
        with words.in_english():
            note = h.note
        out[name] = dict(
            seat=seat_of[name],
            name=name,
            entered_as=h.entered_as,
            cards=list(h.cards),
            entered_points=h.entered_points,
            card_count=h.card_count,
            value_counts=None if h.value_counts is None else rules.values_by_key(h.value_counts),
            missing_cards=h.missing_cards,
            points=h.points,
            bonus=result.bonus.get(name, 0),
            note=note,
        )
    return out


def _add_applied(game: Game, number: int, applied: tuple[rules.Applied, ...]) -> None:
    """The rules applied to a round, kept with the game as their kind and values (the pages word
    them in the reader's language: services/view.py); the English summary is what the API's
    rulings show."""
    now = utcnow()
    for a in applied:
        with words.in_english():
            summary = a.summary
        game.rulings.append(Ruling(
            round_number=number, kind=a.kind, summary=summary, summary_values=dict(a.values), citation=a.citation,
            automatic=True, player=None, points=None, at=now,
        ))


def _request_hash(kind: str, payload: object) -> str:
    text = json.dumps([kind, payload], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _find_key(game_id: str, key: str) -> IdempotencyKey | None:
    return db.session.execute(
        db.select(IdempotencyKey).where(IdempotencyKey.game_id == game_id, IdempotencyKey.key == key)
    ).scalar_one_or_none()


def _replay(game: Game, row: IdempotencyKey, request_hash: str) -> SavedRound:
    """The same request sent again with its Idempotency-Key: the round it saved, with the answer
    kept for it then (the API sends that again, the pages read the game as it is now)."""
    if not hmac.compare_digest(row.request_hash, request_hash):
        raise Unprocessable(
            _("Idempotency-Key: this key was already used for a different request; use a new key for a new submission"),
            "Idempotency-Key",
        )
    return SavedRound(row.response["number"], game_view(game), created=row.status_code == 201,
                      first_answer=row.response)


def record_round(game: Game, payload: object, idempotency_key: object = None,
                 expected_version: object = None) -> SavedRound:
    """Record the next round (``POST /api/v1/games/<id>/rounds``, scorekeeper/api/games.py).

    The same ``Idempotency-Key`` again returns the first answer and stores nothing; the same
    submission again returns the stored round (200); a different submission for a recorded round is
    409 (corrections go through :func:`correct_round`)."""
    key = check_key(idempotency_key)
    game_id = game.id  # (kept: after a rollback the game's rows are expired)
    request_hash = _request_hash("round", payload)
    if key is not None:
        row = _find_key(game.id, key)
        if row is not None:
            return _replay(game, row, request_hash)
    variant = variant_of(game)
    number = round_number(payload, len(game.rounds) + 1)
    if number <= len(game.rounds):
        return _sent_again(game, variant, payload, number)
    _refuse_next_round(game, number)
    check_version(game, expected_version)
    parsed = parse_round(game, variant, payload, number)
    refuse_beyond_pack(game, variant, parsed.hands)
    _add_round(game, variant, parsed, number)
    try:
        db.session.flush()
        state = game_view(game)
        if key is not None:  # the answer kept for a retry, as the API sends it (201: a round stored)
            db.session.add(IdempotencyKey(game_id=game.id, key=key, request_hash=request_hash, status_code=201,
                                          response=round_json(state, number), created_at=utcnow()))
        end_proposals(game.id, number)  # the hands sent from the players' phones: the round has them now
        db.session.commit()
    except (IntegrityError, StaleDataError):
        db.session.rollback()
        row = None if key is None else _find_key(game_id, key)
        if row is not None:
            return _replay(get_game(game_id), row, request_hash)
        raise Conflict(
            _("round %(number)s was just recorded from another phone; look at the game again (corrections go through 'correct a round')",
              number=number),
            "round",
            round=number,
        ) from None
    return SavedRound(number, state, created=True)


def _sent_again(game: Game, variant: Variant, payload: object, number: int) -> SavedRound:
    """A round already recorded, sent again: the stored round when the submission is the same
    (a retry), else a refusal that points to a correction."""
    parsed = parse_round(game, variant, payload, number)
    if game.rounds[number - 1].submission == parsed.submission():
        return SavedRound(number, game_view(game), created=False)
    raise Conflict(
        _("round %(number)s is already recorded with other scores; to change it, correct the round (with a reason)",
          number=number),
        "round",
        round=number,
    )


def _refuse_next_round(game: Game, number: int) -> None:
    """Refuse a new round of a game that is over or suspended, or one that skips a round."""
    if game.status in OVER_STATUSES:
        raise Conflict(_("the game is over: no more rounds can be recorded") if game.status == "complete"
                       else _("the game is void: no more rounds can be recorded"), "round")
    if game.status == GameStatus.SUSPENDED:
        raise Conflict(_("the game is suspended: resume it before recording a round"), "round")
    expected = len(game.rounds) + 1
    if number > expected:
        raise Conflict(_("round %(number)s cannot be recorded before round %(expected)s", number=number, expected=expected),
                       "round", round=number)


def _add_round(game: Game, variant: Variant, parsed: ParsedRound, number: int) -> None:
    """The round scored and added to the game, with its dealer, hands and the rules applied; the
    game's status follows (not yet flushed)."""
    result = _score(game, variant, parsed)
    dealer_seat = rules.dealers(len(game.seats), game.first_dealer_seat,
                                [s.withdrawn_after_round for s in game.seats], number)[-1]
    now = utcnow()
    rnd = Round(number=number, dealer_seat=dealer_seat, went_out=result.went_out, end=result.end,
                submission=parsed.submission(), created_at=now, updated_at=now)
    rnd.hands = [HandRecord(**row) for row in _hand_rows(game, result).values()]
    game.rounds.append(rnd)
    _add_applied(game, number, result.applied)
    _refresh_status(game, variant)


def preview_round(game: Game, payload: object) -> rules.RoundResult:
    """The scores a submission would give, without saving anything (the pages' Preview button)."""
    variant = variant_of(game)
    number = round_number(payload, len(game.rounds) + 1)
    parsed = parse_round(game, variant, payload, number)
    refuse_beyond_pack(game, variant, parsed.hands)
    return _score(game, variant, parsed)


CORRECTION_TRIES = 30  # corrections met at the same moment by others, each applied again on top of them


def correct_round(game: Game, number: int, payload: object, reason: object = None,
                  expected_version: object = None) -> SavedRound:
    """Correct a recorded round (scorekeeper/rules/irregularities.py: scoring errors may be corrected at
    any time by agreement; the old value, the new value and the stated reason are kept).

    With ``expected_version`` (the page's version) a correction that meets another change is 409.
    Without one, corrections sent at the same moment are applied in turn (docs/reliability.md):
    one that meets another is made again on the round as the other left it, so each is kept in the
    history, its "old" the previous one's "new"."""
    conflict = _("round %(number)s was changed from another phone at the same moment; look at it again", number=number)
    game_id = game.id
    for attempt in range(CORRECTION_TRIES):
        try:  # (a try after a clash reads the game as the other change left it)
            return _correct_round_once(game if attempt == 0 else get_game(game_id), number, payload, reason,
                                       expected_version)
        except (IntegrityError, StaleDataError):  # another change was committed meanwhile (the game's version)
            db.session.rollback()
            if expected_version not in (None, "") or attempt == CORRECTION_TRIES - 1:
                raise Conflict(conflict) from None
    raise AssertionError("unreachable")  # pragma: no cover


def _correct_round_once(game: Game, number: int, payload: object, reason: object,
                        expected_version: object) -> SavedRound:
    reason = _correction_reason(payload, reason)
    _check_round_to_correct(game, number, payload)
    check_version(game, expected_version)
    variant = variant_of(game)
    parsed = parse_round(game, variant, payload, number)
    refuse_beyond_pack(game, variant, parsed.hands)
    rnd = game.rounds[number - 1]
    if rnd.submission == parsed.submission():
        raise Unprocessable(_("the correction changes nothing in round %(number)s", number=number), "hands")
    result = _score(game, variant, parsed)
    old = _round_snapshot(rnd)
    rows = _hand_rows(game, result)
    for hand in rnd.hands:
        for attr, value in rows[hand.name].items():
            setattr(hand, attr, value)
    now = utcnow()
    rnd.went_out = result.went_out
    rnd.end = result.end
    rnd.submission = parsed.submission()
    rnd.updated_at = now
    for r in [r for r in game.rulings if r.automatic and r.round_number == number and r.kind in ROUND_RULING_KINDS]:
        game.rulings.remove(r)
    _add_applied(game, number, result.applied)
    new = _round_snapshot(rnd)
    game.corrections.append(Correction(round_number=number, reason=reason, old=old, new=new, at=now))
    _refresh_status(game, variant)
    try:
        db.session.flush()  # the version check happens here (or in a query's autoflush above)
        # The answer describes what THIS change stored: built before the commit, which expires the
        # session and would let a correction committed a moment later show in it.
        saved = SavedRound(number, game_view(game), created=False, correction=CorrectionView.of(game.corrections[-1]))
        db.session.commit()
    except Exception:
        db.session.rollback()  # (a clash is made again by correct_round)
        raise
    return saved


def _correction_reason(payload: object, reason: object) -> str | None:
    """Why the round is corrected (given apart, or in the payload): required, printable."""
    if isinstance(payload, Mapping) and reason is None:
        reason = payload.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise ServiceError(
            _("reason: %(value)r is not a reason; say why the round is corrected (for example 'Bob's 8 was counted as a 3')",
              value=reason),
            "reason",
        )
    return text(reason, "reason", True)


def _check_round_to_correct(game: Game, number: object, payload: object) -> None:
    """A round of the game that is recorded, and the one the payload names if it names one."""
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(game.rounds):
        raise NotFound(_("round %(number)r is not recorded in this game (rounds 1 to %(last)s)", number=number,
                         last=len(game.rounds)), "round")
    if isinstance(payload, Mapping) and payload.get("round") not in (None, number):
        raise ServiceError(_("round: %(value)r does not match the round being corrected (%(number)s)", value=payload.get("round"),
                                 number=number), "round")


def _round_snapshot(rnd: Round) -> dict:
    return {
        "went_out": rnd.went_out,
        "end": rnd.end,
        "scores": {h.name: h.points for h in rnd.hands},
        "bonus": {h.name: h.bonus for h in rnd.hands if h.bonus},
        "hands": {h.name: HandView.of(h).as_json() for h in rnd.hands},
    }


# ----- withdraw, suspend, resume, rulings, tokens ------------------------------------------------------

@dataclass(frozen=True)
class LoggedRuling:
    """A dispute's ruling logged from the table, and the game after it."""

    ruling: RulingView
    game: GameView


def withdraw(game: Game, player: object, expected_version: object = None) -> GameView:
    """A player leaves between rounds (scorekeeper/rules/game.py, the tally of an incomplete game)."""
    if game.status in OVER_STATUSES:
        raise Conflict(_("the game is %(status)s: nobody can withdraw from it now", status=status_word(game.status)),
                       "player")
    check_version(game, expected_version)
    names = [s.name for s in game.seats]
    try:
        name = rules.find_player(names, player, "player")
    except RulesInputError as err:
        raise rules_error(err) from None
    seat = next(s for s in game.seats if s.name == name)
    if seat.withdrawn_after_round is not None:
        raise Conflict(_("%(name)s already withdrew after round %(round)s", name=name, round=seat.withdrawn_after_round),
                       "player")
    variant = variant_of(game)
    played = len(game.rounds)
    seat.withdrawn_after_round = played
    seat.withdrawn_at = utcnow()
    if variant.lowest_wins:
        summary = (f"{name} withdrew after round {played}. Their game total is the sum of the two highest "
                   "complete totals of the other players; with fewer than two others completing, the game is void.")
        citation = rules.cite(variant, "incomplete_games", rules.INCOMPLETE_GAMES)
    else:
        summary = (f"{name} withdrew after round {played}. Their total stays as it was and they cannot win; with "
                   "fewer than two players left the game ends, void.")
        citation = rules.Citation("rulings", "Laying down and laying off").label  # docs/rulings.md: ROY, a player leaving
    game.rulings.append(Ruling(round_number=played or None, kind=RulingKind.WITHDRAWAL, summary=summary, citation=citation,
                               automatic=True, player=name, at=utcnow()))
    result = _refresh_status(game, variant)
    if result.status == GameStatus.VOID:
        game.rulings.append(Ruling(round_number=played or None, kind=RulingKind.VOID, automatic=True, at=utcnow(),
                                   summary="Fewer than two players are left to complete the game: it ends here and is void "
                                           "(kept on record, left out of statistics).", citation=citation))
    return committed(_("the game was changed from another phone at the same moment; look at it again"),
                     lambda: game_view(game))


def suspend(game: Game, expected_version: object = None) -> GameView:
    """Stop between rounds, to be resumed later (scorekeeper/rules/game.py, the tally of an incomplete game)."""
    if game.status != GameStatus.IN_PROGRESS:
        raise Conflict(_("only a game in progress can be suspended (this one is %(status)s)",
                         status=status_word(game.status)), "status")
    check_version(game, expected_version)
    game.status = GameStatus.SUSPENDED
    game.suspended_at = game.updated_at = utcnow()
    return committed(_("the game was changed from another phone at the same moment; look at it again"),
                     lambda: game_view(game))


def resume(game: Game, players: object = None, now: datetime | None = None,
           expected_version: object = None) -> GameView:
    """Resume only with every player present in the same seats, in the same calendar year
    (scorekeeper/rules/game.py, ``check_resume``; Continental Rummy, encyclopedia article:
    Incomplete hands and games)."""
    if game.status != GameStatus.SUSPENDED:
        raise Conflict(_("only a suspended game can be resumed (this one is %(status)s)", status=status_word(game.status)),
                       "status")
    check_version(game, expected_version)
    seated = [s.name for s in game.seats if s.withdrawn_after_round is None]
    try:
        rules.check_resume(seated, players, game.created_at, now or utcnow())
    except RulesInputError as err:
        raise (Conflict if err.field == "resume" else Unprocessable)(str(err), err.field) from None
    game.status = GameStatus.IN_PROGRESS
    game.suspended_at = None
    _refresh_status(game, variant_of(game))
    return committed(_("the game was changed from another phone at the same moment; look at it again"),
                     lambda: game_view(game))


def log_ruling(game: Game, what_happened: object, ruling: object, citation: object = None, round: object = None,
               player: object = None, points: object = None, expected_version: object = None) -> LoggedRuling:
    """Log a dispute and its ruling from the game page: what happened, the ruling, the rule cited,
    and optionally a score effect (points added to, or with a minus taken off, one player's total
    for that round)."""
    check_version(game, expected_version)
    what = text(what_happened, "what_happened", True)
    said = text(ruling, "ruling", True)
    cited = text(citation, "citation", False, 200)
    current = len(game.rounds) + (0 if game.status in OVER_STATUSES else 1)
    if round is None or round == "":
        number = max(current, 1)
    else:
        if not isinstance(round, int) or isinstance(round, bool) or not 1 <= round <= max(current, 1):
            raise ServiceError(_("round: %(value)r is not a round of this game (1 to %(last)s)", value=round, last=max(current, 1)), "round")
        number = round
    name = None
    pts = None
    if isinstance(points, bool) or points not in (None, "", 0):  # (False == 0: refused like True)
        if not isinstance(points, int) or isinstance(points, bool) or not -1000 <= points <= 1000:
            raise ServiceError(_("points: %(value)r is not a score effect (a whole number from -1000 to 1000)", value=points), "points")
        if player in (None, ""):
            raise ServiceError(_("player: say whose score the ruling changes"), "player")
        pts = points
    if player not in (None, ""):
        try:
            name = rules.find_player([s.name for s in game.seats], player, "player")
        except RulesInputError as err:
            raise rules_error(err) from None
    effect = ""
    if pts:
        effect = f" Score effect: {name} {'+' if pts > 0 else '−'}{abs(pts)}."
    variant = variant_of(game)
    unit = "Hand" if variant.is_roy else "Round"  # ROY: hands
    summary = f"{unit} {number}: {sentence(what)} Ruling: {sentence(said)}{effect}"
    game.rulings.append(Ruling(round_number=number, kind=RulingKind.DISPUTE, summary=summary, citation=cited, automatic=False,
                               what_happened=what, ruling=said, player=name, points=pts, at=utcnow()))
    if pts:
        _refresh_status(game, variant)
    else:
        game.updated_at = utcnow()
    return committed(_("the game was changed from another phone at the same moment; look at it again"),
                     lambda: LoggedRuling(RulingView.of(game.rulings[-1]), game_view(game)))


def rotate_token(game: Game) -> str:
    """Replace the edit token: every old edit link stops working, and so do the game's hand-in link
    and its seat tokens (services/seats.py)."""
    token, game.edit_token_hash = tokens.fresh()
    seats.end_hand_in([game.id])
    game.token_rotated_at = game.updated_at = utcnow()
    commit(_("the game was changed from another phone at the same moment; try again"))
    return token
