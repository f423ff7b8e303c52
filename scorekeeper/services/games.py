"""Games: the one service layer that the JSON API and the pages both call.

Every change is one transaction (all or nothing), checks the game's ``version`` (optimistic
locking: two phones never lose an update) and raises :class:`ServiceError` with the field, a
plain message naming the value, and the HTTP status. The rules themselves live in
``scorekeeper.rules.game``; nothing here decides a score.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from ..db import db
from ..models import Correction, Game, HandRecord, IdempotencyKey, Player, Round, Ruling, Seat, utcnow
from ..rules import game as rules
from ..rules.errors import RulesInputError
from ..rules.variants import RoundScore, StockExhausted, Variant, get_variant, load_variant

AUTO_KINDS = ("missing_score", "incorrect_hand", "stock_exhausted", "round_win_bonus")
MAX_TEXT = 1000
MAX_KEY = 255


# ----- errors ------------------------------------------------------------------------------------

class ServiceError(Exception):
    """A refusal to show the user: ``message`` names the field and value; ``status`` is the HTTP code."""

    status = 400

    def __init__(self, message: str, field: str | None = None, status: int | None = None, **extra: Any):
        super().__init__(message)
        self.message = message
        self.field = field
        if status is not None:
            self.status = status
        self.extra = extra

    def as_json(self) -> dict:
        data: dict[str, Any] = {"error": self.message}
        if self.field:
            data["field"] = self.field
        data.update(self.extra)
        return data


class NotFound(ServiceError):
    status = 404


class Unauthorized(ServiceError):
    status = 401


class Forbidden(ServiceError):
    status = 403


class Conflict(ServiceError):
    status = 409


class Unprocessable(ServiceError):
    status = 422


def _rules_error(err: RulesInputError, status: int | None = None) -> ServiceError:
    if isinstance(err, rules.RoundMustBeReplayed):
        status = 422
    return ServiceError(str(err), err.field, status)


# ----- tokens --------------------------------------------------------------------------------------

def new_token() -> str:
    """An edit token: 256 random bits from ``secrets``."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(game: Game, token: object) -> bool:
    """Constant-time comparison of the token's hash with the stored hash."""
    if not isinstance(token, str) or not token or len(token) > 200:
        return False
    return hmac.compare_digest(hash_token(token), game.edit_token_hash)


def check_token(game: Game, token: str | None) -> None:
    """401 without a token, 403 with a wrong one (api-contract.md, Conventions)."""
    if not token:
        raise Unauthorized("this change needs the game's edit token (Authorization: Bearer <edit_token>)", "Authorization")
    if not token_matches(game, token):
        raise Forbidden("the edit token is not valid for this game (it may have been replaced)", "Authorization")


# ----- loading --------------------------------------------------------------------------------------

def _builtin_toml(variant_id: str) -> str | None:
    try:
        text = resources.files("scorekeeper.rules").joinpath("variants", f"{variant_id}.toml").read_text("utf-8")
    except (FileNotFoundError, OSError):
        return None
    return text


@lru_cache(maxsize=64)
def _variant_from_toml(text: str) -> Variant:
    return load_variant(text)


def variant_of(game: Game) -> Variant:
    """The rules in force for this game: its stored snapshot, with its house options."""
    base = _variant_from_toml(game.rules_toml) if game.rules_toml else get_variant(game.variant)
    return base.with_house_rules(game.house_rules or {})


GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def get_game(game_id: object) -> Game:
    """The game with this id, with seats, rounds, hands, corrections and rulings (a fixed number of
    queries however big the game is); 404 otherwise."""
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        # (only the characters ids are made of: e.g. a NUL would make PostgreSQL refuse the query)
        raise NotFound(f"no game {game_id[:40] if isinstance(game_id, str) else game_id!r}", "id")
    game = db.session.get(Game, game_id)
    if game is None:
        raise NotFound(f"no game {game_id!r}", "id")
    return game


def games_by_ids(ids: list[str]) -> list[Game]:
    if not ids:
        return []
    rows = db.session.execute(db.select(Game).where(Game.id.in_(ids[:100]))).scalars().all()
    order = {gid: i for i, gid in enumerate(ids)}
    return sorted(rows, key=lambda g: order.get(g.id, 0))


def known_players(limit: int = 60) -> list[str]:
    """Names used in earlier games, most recent first (offered on the new-game page)."""
    rows = db.session.execute(db.select(Player.name).order_by(Player.last_played_at.desc()).limit(limit))
    return [name for (name,) in rows]


# ----- transactions --------------------------------------------------------------------------------

def _commit(conflict_message: str) -> None:
    """Commit the change, or undo all of it and raise 409 when another change got there first."""
    try:
        db.session.commit()
    except (IntegrityError, StaleDataError):
        db.session.rollback()
        raise Conflict(conflict_message) from None
    except Exception:
        db.session.rollback()
        raise


def _check_version(game: Game, expected_version: object) -> None:
    if expected_version is None or expected_version == "":
        return
    try:
        expected = int(expected_version)
    except (TypeError, ValueError):
        raise ServiceError(f"version: {expected_version!r} is not a version number", "version") from None
    if expected != game.version:
        raise Conflict(
            "the game changed on another phone since this page was opened; look at it again and redo the change",
            "version",
            current_version=game.version,
        )


def _seats(game: Game) -> list[rules.Seat]:
    return [rules.Seat(s.name, s.withdrawn_after_round) for s in game.seats]


def _round_totals(game: Game) -> list[rules.RoundTotals]:
    """Each recorded round's points, with bonuses (Le May I) and the score effects of rulings logged
    for that round (those for a round not yet recorded count in the totals at once, see _tally)."""
    adjust = _adjustments_by_round(game)
    out = []
    for rnd in game.rounds:
        bonus: dict[str, int] = {}
        for h in rnd.hands:
            if h.bonus:
                bonus[h.name] = bonus.get(h.name, 0) + h.bonus
        for name, pts in adjust.get(rnd.number, {}).items():
            bonus[name] = bonus.get(name, 0) + pts
        out.append(rules.RoundTotals(rnd.number, {h.name: h.points for h in rnd.hands}, bonus))
    return out


def _adjustments_by_round(game: Game) -> dict[int, dict[str, int]]:
    adjust: dict[int, dict[str, int]] = {}
    for r in game.rulings:
        if r.points and r.player:
            per = adjust.setdefault(r.round_number or 0, {})
            per[r.player] = per.get(r.player, 0) + r.points
    return adjust


def _tally(game: Game, variant: Variant) -> rules.Tally:
    recorded = {rnd.number for rnd in game.rounds}
    pending: dict[str, int] = {}
    for number, per in _adjustments_by_round(game).items():
        if number not in recorded:
            for name, pts in per.items():
                pending[name] = pending.get(name, 0) + pts
    return rules.tally(variant, _seats(game), game.first_dealer_seat, _round_totals(game),
                       suspended=game.status == "suspended", adjustments=pending)


def _refresh_status(game: Game, variant: Variant) -> rules.Tally:
    """Set status (and completed_at) from the rules after a change."""
    tally = _tally(game, variant)
    now = utcnow()
    if tally.status in ("complete", "void"):
        if game.status not in ("complete", "void") or game.completed_at is None:
            game.completed_at = now
    else:
        game.completed_at = None
    game.status = tally.status
    game.updated_at = now
    return tally


# ----- create ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Created:
    game: Game
    edit_token: str


def _player_rows(names: list[str]) -> list[Player]:
    keys = [n.casefold() for n in names]
    rows = db.session.execute(db.select(Player).where(Player.name_key.in_(keys))).scalars().all()
    by_key = {p.name_key: p for p in rows}
    now = utcnow()
    out = []
    for name, key in zip(names, keys):
        player = by_key.get(key)
        if player is None:
            player = Player(name=name, name_key=key, created_at=now, last_played_at=now)
            db.session.add(player)
        else:
            player.last_played_at = now
        out.append(player)
    return out


def create_game(variant_id: object, players: object, dealer: object = None, house_rules: object = None) -> Created:
    """Start a game: variant, players in seating order, first dealer, house options
    (api-contract.md, ``POST /api/v1/games``)."""
    try:
        base = get_variant(variant_id)
        variant = base.with_house_rules(house_rules)
        names = rules.check_seating(variant, players)
        first = 0 if dealer is None or dealer == "" else names.index(rules.find_player(names, dealer, "dealer"))
    except RulesInputError as err:
        raise _rules_error(err) from None
    for attempt in range(2):
        token = new_token()
        now = utcnow()
        game = Game(
            variant=variant.id,
            variant_name=variant.name,
            rules_toml=_builtin_toml(variant.id),
            rules_snapshot=variant.as_dict(),
            house_rules=dict(variant.house_rules),
            first_dealer_seat=first,
            status="in_progress",
            edit_token_hash=hash_token(token),
            created_at=now,
            updated_at=now,
        )
        rows = _player_rows(names)
        game.seats = [Seat(seat=i, name=name, name_key=name.casefold(), player=player)
                      for i, (name, player) in enumerate(zip(names, rows))]
        db.session.add(game)
        try:
            db.session.commit()
        except IntegrityError:
            db.session.rollback()  # a new name was added by another game at the same moment: retry once
            if attempt:
                raise Conflict("the game could not be saved; try again") from None
            continue
        return Created(game, token)
    raise Conflict("the game could not be saved; try again")  # pragma: no cover


# ----- rounds ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Outcome:
    status: int
    body: dict
    replayed: bool = False


@dataclass(frozen=True)
class ParsedRound:
    number: int
    went_out: str | None
    end: str
    hands: dict[str, rules.Hand]

    def submission(self) -> dict:
        return {
            "round": self.number,
            "went_out": self.went_out,
            "end": self.end,
            "hands": {name: hand.as_input() for name, hand in sorted(self.hands.items())},
        }


def _parse_round(game: Game, variant: Variant, payload: object, number: int) -> ParsedRound:
    """Check a round submission's fields and resolve names (case-insensitive) to the seated names."""
    if not isinstance(payload, Mapping):
        raise ServiceError(f"the body must be a JSON object with went_out and hands, not {type(payload).__name__}", "body")
    names = [s.name for s in game.seats]
    withdrawn = {s.name: s.withdrawn_after_round for s in game.seats}
    try:
        went_out = payload.get("went_out")
        if went_out is not None and went_out != "":
            went_out = rules.find_player(names, went_out, "went_out")
            if not rules.active_in_round(withdrawn[went_out], number):
                raise rules.GameRulesError(
                    f"{went_out!r} withdrew after round {withdrawn[went_out]} and cannot go out in round {number}",
                    "went_out",
                    went_out,
                )
        else:
            went_out = None
        end = payload.get("end")
        if end is None or end == "":
            end = rules.WENT_OUT if went_out is not None else None
        if end is None:
            stock_rule = variant.stock_exhausted is StockExhausted.TURN_OVER_ONCE_THEN_END
            raise rules.GameRulesError(
                "say who went out" + (' (or "end": "stock_exhausted" when the stock ran out twice)' if stock_rule else ""),
                "went_out",
                None,
            )
        raw_hands = payload.get("hands", {})
        if raw_hands is None:
            raw_hands = {}
        if not isinstance(raw_hands, Mapping):
            raise rules.GameRulesError(f"{raw_hands!r} is not an object of hands by player name", "hands", raw_hands)
        hands: dict[str, rules.Hand] = {}
        for key, raw in raw_hands.items():
            name = rules.find_player(names, key, f"hands.{key}")
            if name in hands:
                raise rules.GameRulesError(f"{key!r}: a second hand for {name}", f"hands.{key}", key)
            if not rules.active_in_round(withdrawn[name], number):
                raise rules.GameRulesError(
                    f"{name} withdrew after round {withdrawn[name]} and has no hand in round {number}", f"hands.{key}", key
                )
            hands[name] = rules.parse_hand(variant, raw, f"hands.{name}")
    except RulesInputError as err:
        raise _rules_error(err) from None
    return ParsedRound(number, went_out, str(end), hands)


def _round_number(payload: object, default: int) -> int:
    if not isinstance(payload, Mapping) or payload.get("round") is None:
        return default
    number = payload["round"]
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise ServiceError(f"round: {number!r} is not a round number (1, 2, ...)", "round")
    return number


def _score(game: Game, variant: Variant, parsed: ParsedRound) -> rules.RoundResult:
    players = [s.name for s in game.seats if rules.active_in_round(s.withdrawn_after_round, parsed.number)]
    try:
        return rules.score_round(variant, parsed.number, players, parsed.went_out, parsed.end, parsed.hands)
    except RulesInputError as err:
        raise _rules_error(err) from None


def _hand_rows(game: Game, result: rules.RoundResult) -> dict[str, dict]:
    seat_of = {s.name: s.seat for s in game.seats}
    out = {}
    for name, h in result.hands.items():
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
            note=h.note,
        )
    return out


def _add_applied(game: Game, number: int, applied) -> None:
    now = utcnow()
    for a in applied:
        game.rulings.append(Ruling(
            round_number=number, kind=a.kind, summary=a.summary, citation=a.citation, automatic=True,
            player=None, points=None, at=now,
        ))


def _request_hash(kind: str, payload: object) -> str:
    text = json.dumps([kind, payload], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _find_key(game_id: str, key: str) -> IdempotencyKey | None:
    return db.session.execute(
        db.select(IdempotencyKey).where(IdempotencyKey.game_id == game_id, IdempotencyKey.key == key)
    ).scalar_one_or_none()


def _replay(row: IdempotencyKey, request_hash: str) -> Outcome:
    if not hmac.compare_digest(row.request_hash, request_hash):
        raise Unprocessable(
            "Idempotency-Key: this key was already used for a different request; use a new key for a new submission",
            "Idempotency-Key",
        )
    return Outcome(row.status_code, row.response, replayed=True)


def _check_key(key: object) -> str | None:
    if key is None or key == "":
        return None
    if not isinstance(key, str) or len(key) > MAX_KEY or not key.isprintable():
        raise ServiceError(f"Idempotency-Key: {str(key)[:40]!r} is not a usable key (at most {MAX_KEY} printable characters)", "Idempotency-Key")
    return key


def record_round(game_id: str, payload: object, idempotency_key: object = None, expected_version: object = None) -> Outcome:
    """Record the next round (api-contract.md, ``POST /api/v1/games/<id>/rounds``).

    The same ``Idempotency-Key`` again returns the first answer and stores nothing; the same
    submission again returns the stored round (200); a different submission for a recorded round is
    409 (corrections go through :func:`correct_round`)."""
    key = _check_key(idempotency_key)
    game = get_game(game_id)
    request_hash = _request_hash("round", payload)
    if key is not None:
        row = _find_key(game.id, key)
        if row is not None:
            return _replay(row, request_hash)
    variant = variant_of(game)
    expected_number = len(game.rounds) + 1
    number = _round_number(payload, expected_number)
    if number < expected_number:
        parsed = _parse_round(game, variant, payload, number)
        stored = game.rounds[number - 1]
        if stored.submission == parsed.submission():
            return Outcome(200, round_response(game, number))
        raise Conflict(
            f"round {number} is already recorded with other scores; to change it, correct the round (with a reason)",
            "round",
            round=number,
        )
    if game.status in ("complete", "void"):
        raise Conflict(f"the game is {'over' if game.status == 'complete' else 'void'}: no more rounds can be recorded", "round")
    if game.status == "suspended":
        raise Conflict("the game is suspended: resume it before recording a round", "round")
    if number > expected_number:
        raise Conflict(f"round {number} cannot be recorded before round {expected_number}", "round", round=number)
    _check_version(game, expected_version)
    parsed = _parse_round(game, variant, payload, number)
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
    try:
        db.session.flush()
        body = round_response(game, number)
        if key is not None:
            db.session.add(IdempotencyKey(game_id=game.id, key=key, request_hash=request_hash, status_code=201,
                                          response=body, created_at=now))
        db.session.commit()
    except (IntegrityError, StaleDataError):
        db.session.rollback()
        if key is not None:
            row = _find_key(game_id, key)
            if row is not None:
                return _replay(row, request_hash)
        raise Conflict(
            f"round {number} was just recorded from another phone; look at the game again (corrections go through 'correct a round')",
            "round",
            round=number,
        ) from None
    return Outcome(201, body)


def preview_round(game_id: str, payload: object) -> dict:
    """The scores a submission would give, without saving anything (the pages' Preview button)."""
    game = get_game(game_id)
    variant = variant_of(game)
    number = _round_number(payload, len(game.rounds) + 1)
    parsed = _parse_round(game, variant, payload, number)
    result = _score(game, variant, parsed)
    return {
        "number": number,
        "went_out": result.went_out,
        "end": result.end,
        "scores": result.scores,
        "bonus": result.bonus,
        "hands": {name: h.as_dict() for name, h in result.hands.items()},
        "applied": [a.summary for a in result.applied],
    }


def correct_round(game_id: str, number: int, payload: object, reason: object = None, expected_version: object = None) -> Outcome:
    """Correct a recorded round (rulings.md, "Irregularities": scoring errors may be corrected at
    any time by agreement; the old value, the new value and the stated reason are kept)."""
    game = get_game(game_id)
    if isinstance(payload, Mapping) and reason is None:
        reason = payload.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise ServiceError(
            f"reason: {reason!r} is not a reason; say why the round is corrected (for example 'Bob's 8 was counted as a 3')",
            "reason",
        )
    reason = " ".join(reason.split())
    if len(reason) > MAX_TEXT:
        raise ServiceError(f"reason: too long ({len(reason)} characters; at most {MAX_TEXT})", "reason")
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(game.rounds):
        raise NotFound(f"round {number!r} is not recorded in this game (rounds 1 to {len(game.rounds)})", "round")
    if isinstance(payload, Mapping) and payload.get("round") not in (None, number):
        raise ServiceError(f"round: {payload.get('round')!r} does not match the round being corrected ({number})", "round")
    _check_version(game, expected_version)
    variant = variant_of(game)
    parsed = _parse_round(game, variant, payload, number)
    rnd = game.rounds[number - 1]
    if rnd.submission == parsed.submission():
        raise Unprocessable(f"the correction changes nothing in round {number}", "hands")
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
    for r in [r for r in game.rulings if r.automatic and r.round_number == number and r.kind in AUTO_KINDS]:
        game.rulings.remove(r)
    _add_applied(game, number, result.applied)
    new = _round_snapshot(rnd)
    game.corrections.append(Correction(round_number=number, reason=reason, old=old, new=new, at=now))
    _refresh_status(game, variant)
    conflict = f"round {number} was changed from another phone at the same moment; look at it again"
    try:
        db.session.flush()  # the version check happens here
    except (IntegrityError, StaleDataError):
        db.session.rollback()
        raise Conflict(conflict) from None
    # The answer describes what THIS change stored: built before the commit, which expires the
    # session and would let a correction committed a moment later show in it.
    body = round_response(game, number)
    body["correction"] = _correction_dict(game.corrections[-1])
    _commit(conflict)
    return Outcome(200, body)


def _round_snapshot(rnd: Round) -> dict:
    return {
        "went_out": rnd.went_out,
        "end": rnd.end,
        "scores": {h.name: h.points for h in rnd.hands},
        "bonus": {h.name: h.bonus for h in rnd.hands if h.bonus},
        "hands": {h.name: _hand_dict(h) for h in rnd.hands},
    }


# ----- withdraw, suspend, resume, rulings, tokens ------------------------------------------------------

def withdraw(game_id: str, player: object, expected_version: object = None) -> Outcome:
    """A player leaves between rounds (rulings.md, "Incomplete games and missing scores")."""
    game = get_game(game_id)
    if game.status in ("complete", "void"):
        raise Conflict(f"the game is {game.status}: nobody can withdraw from it now", "player")
    _check_version(game, expected_version)
    names = [s.name for s in game.seats]
    try:
        name = rules.find_player(names, player, "player")
    except RulesInputError as err:
        raise _rules_error(err) from None
    seat = next(s for s in game.seats if s.name == name)
    if seat.withdrawn_after_round is not None:
        raise Conflict(f"{name} already withdrew after round {seat.withdrawn_after_round}", "player")
    variant = variant_of(game)
    played = len(game.rounds)
    seat.withdrawn_after_round = played
    seat.withdrawn_at = utcnow()
    if variant.scoring.round_score is RoundScore.PENALTY:
        summary = (f"{name} withdrew after round {played}. Their game total is the sum of the two highest "
                   "complete totals of the other players; with fewer than two others completing, the game is void.")
        citation = rules.cite(variant, "incomplete_games", rules.INCOMPLETE_GAMES)
    else:
        summary = (f"{name} withdrew after round {played}. Their total stays as it was; with fewer than two players "
                   "left the game ends, void.")
        citation = "rulings.md, house choice (ROY has no withdrawal rule)"
    game.rulings.append(Ruling(round_number=played or None, kind="withdrawal", summary=summary, citation=citation,
                               automatic=True, player=name, at=utcnow()))
    tally = _refresh_status(game, variant)
    if tally.status == "void":
        game.rulings.append(Ruling(round_number=played or None, kind="void", automatic=True, at=utcnow(),
                                   summary="Fewer than two players are left to complete the game: it ends here and is void "
                                           "(kept on record, left out of statistics).", citation=citation))
    _commit("the game was changed from another phone at the same moment; look at it again")
    return Outcome(200, game_state(game))


def suspend(game_id: str, expected_version: object = None) -> Outcome:
    """Stop between rounds, to be resumed later (rulings.md, "Incomplete games and missing scores")."""
    game = get_game(game_id)
    if game.status != "in_progress":
        raise Conflict(f"only a game in progress can be suspended (this one is {game.status.replace('_', ' ')})", "status")
    _check_version(game, expected_version)
    game.status = "suspended"
    game.suspended_at = game.updated_at = utcnow()
    _commit("the game was changed from another phone at the same moment; look at it again")
    return Outcome(200, game_state(game))


def resume(game_id: str, players: object = None, now: datetime | None = None, expected_version: object = None) -> Outcome:
    """Resume only with every player present in the same seats, in the same calendar year
    (rulings.md, "Incomplete games and missing scores"; source 001, "Incomplete hands and games")."""
    game = get_game(game_id)
    if game.status != "suspended":
        raise Conflict(f"only a suspended game can be resumed (this one is {game.status.replace('_', ' ')})", "status")
    _check_version(game, expected_version)
    seated = [s.name for s in game.seats if s.withdrawn_after_round is None]
    try:
        rules.check_resume(seated, players, game.created_at, now or utcnow())
    except RulesInputError as err:
        raise ServiceError(str(err), err.field, 409 if err.field == "resume" else 422) from None
    game.status = "in_progress"
    game.suspended_at = None
    _refresh_status(game, variant_of(game))
    _commit("the game was changed from another phone at the same moment; look at it again")
    return Outcome(200, game_state(game))


def _text(value: object, field: str, required: bool, limit: int = MAX_TEXT) -> str | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise ServiceError(f"{field}: this cannot be blank", field)
        return None
    if not isinstance(value, str):
        raise ServiceError(f"{field}: {value!r} is not text", field)
    value = " ".join(value.split())
    if len(value) > limit:
        raise ServiceError(f"{field}: too long ({len(value)} characters; at most {limit})", field)
    return value


def log_ruling(game_id: str, what_happened: object, ruling: object, citation: object = None, round: object = None,
               player: object = None, points: object = None, expected_version: object = None) -> Outcome:
    """Log a dispute and its ruling from the game page: what happened, the ruling, the rule cited,
    and optionally a score effect (points added to, or with a minus taken off, one player's total
    for that round)."""
    game = get_game(game_id)
    _check_version(game, expected_version)
    what = _text(what_happened, "what_happened", True)
    said = _text(ruling, "ruling", True)
    cited = _text(citation, "citation", False, 200)
    current = len(game.rounds) + (0 if game.status in ("complete", "void") else 1)
    if round is None or round == "":
        number = max(current, 1)
    else:
        if not isinstance(round, int) or isinstance(round, bool) or not 1 <= round <= max(current, 1):
            raise ServiceError(f"round: {round!r} is not a round of this game (1 to {max(current, 1)})", "round")
        number = round
    name = None
    pts = None
    if isinstance(points, bool) or points not in (None, "", 0):  # (False == 0: refused like True)
        if not isinstance(points, int) or isinstance(points, bool) or not -1000 <= points <= 1000:
            raise ServiceError(f"points: {points!r} is not a score effect (a whole number from -1000 to 1000)", "points")
        if player in (None, ""):
            raise ServiceError("player: say whose score the ruling changes", "player")
        pts = points
    if player not in (None, ""):
        try:
            name = rules.find_player([s.name for s in game.seats], player, "player")
        except RulesInputError as err:
            raise _rules_error(err) from None
    effect = ""
    if pts:
        effect = f" Score effect: {name} {'+' if pts > 0 else '−'}{abs(pts)}."
    def sentence(text: str) -> str:
        return text if text[-1] in ".!?" else text + "."

    summary = f"Round {number}: {sentence(what)} Ruling: {sentence(said)}{effect}"
    game.rulings.append(Ruling(round_number=number, kind="dispute", summary=summary, citation=cited, automatic=False,
                               what_happened=what, ruling=said, player=name, points=pts, at=utcnow()))
    variant = variant_of(game)
    if pts:
        _refresh_status(game, variant)
    else:
        game.updated_at = utcnow()
    _commit("the game was changed from another phone at the same moment; look at it again")
    return Outcome(201, {"ruling": _ruling_dict(game.rulings[-1]), "game": game_state(game)})


def rotate_token(game_id: str) -> str:
    """Replace the edit token: every old edit link stops working."""
    game = get_game(game_id)
    token = new_token()
    game.edit_token_hash = hash_token(token)
    game.token_rotated_at = game.updated_at = utcnow()
    _commit("the game was changed from another phone at the same moment; try again")
    return token


# ----- the game state (INTERFACES.md) -----------------------------------------------------------------

def iso(value: datetime | None) -> str | None:
    return None if value is None else value.replace(microsecond=0).isoformat() + "Z"


def _hand_dict(h: HandRecord) -> dict:
    data = {
        "entered_as": h.entered_as,
        "cards": list(h.cards or []),
        "missing_cards": h.missing_cards,
        "points": h.points,
        "note": h.note,
    }
    if h.card_count is not None:
        data["card_count"] = h.card_count
    if h.entered_points is not None:
        data["entered_points"] = h.entered_points
    if h.value_counts is not None:
        data["values"] = dict(h.value_counts)
    return data


def _ruling_dict(r: Ruling) -> dict:
    data = {"at": iso(r.at), "round": r.round_number, "kind": r.kind, "summary": r.summary,
            "citation": r.citation, "automatic": r.automatic}
    if not r.automatic:
        data.update({"what_happened": r.what_happened, "ruling": r.ruling, "player": r.player, "points": r.points})
    return data


def _correction_dict(c: Correction) -> dict:
    return {"round": c.round_number, "reason": c.reason, "at": iso(c.at),
            "old": c.old.get("scores", {}), "new": c.new.get("scores", {}),
            "old_went_out": c.old.get("went_out"), "new_went_out": c.new.get("went_out"),
            "old_bonus": c.old.get("bonus", {}), "new_bonus": c.new.get("bonus", {})}


def _round_dict(game: Game, variant: Variant, rnd: Round, adjust: Mapping[str, int]) -> dict:
    names = [s.name for s in game.seats]
    bonus: dict[str, int] = {}
    for h in rnd.hands:
        if h.bonus:
            bonus[h.name] = h.bonus
    for name, pts in adjust.items():
        bonus[name] = bonus.get(name, 0) + pts
    return {
        "number": rnd.number,
        "dealer": names[rnd.dealer_seat],
        **rules.round_info(variant, rnd.number),
        "went_out": rnd.went_out,
        "end": rnd.end,
        "scores": {h.name: h.points for h in rnd.hands},
        "hands": {h.name: _hand_dict(h) for h in rnd.hands},
        "bonus": bonus,
        "corrected": any(c.round_number == rnd.number for c in game.corrections),
    }


def view_path(game: Game) -> str:
    return f"/games/{game.id}/view"


def game_state(game: Game) -> dict:
    """The body of ``GET /api/v1/games/<id>`` (INTERFACES.md, "Game state"); pages and PDFs use it."""
    variant = variant_of(game)
    tally = _tally(game, variant)
    adjust = _adjustments_by_round(game)
    rounds = [_round_dict(game, variant, rnd, adjust.get(rnd.number, {})) for rnd in game.rounds]
    house = {key: bool(game.house_rules.get(key, False)) for key in variant.house_options}
    notes: list[str] = []
    for key, on in house.items():
        if on:
            opt = variant.house_options[key]
            notes.append(f"House option in force: {opt.label} ({opt.source.label}).")
    for r in game.rulings:
        if r.automatic and r.kind in AUTO_KINDS:
            notes.append(r.summary)
    notes.extend(tally.notes)
    for c in game.corrections:
        changes = ", ".join(
            f"{name} {c.old.get('scores', {}).get(name)} → {pts}"
            for name, pts in c.new.get("scores", {}).items()
            if c.old.get("scores", {}).get(name) != pts
        ) or "scores unchanged"
        notes.append(f"Round {c.round_number} corrected ({changes}). Reason: {c.reason}")
    for r in game.rulings:
        if not r.automatic:
            notes.append(f"Ruling logged: {r.summary}" + (f" ({r.citation})" if r.citation else ""))
    if game.status == "suspended" and game.suspended_at is not None:
        notes.append(
            f"Suspended on {game.suspended_at.date().isoformat()}; it can be resumed with the same players in the same "
            f"seats until the end of {game.created_at.year}."
        )
    seats = [
        {
            "name": s.name,
            "seat": s.seat,
            "active": s.withdrawn_after_round is None,
            "withdrawn_after_round": s.withdrawn_after_round,
            "total": tally.totals[s.name],
            "provisional": tally.provisional[s.name],
        }
        for s in game.seats
    ]
    return {
        "id": game.id,
        "variant": game.variant,
        "variant_name": game.variant_name,
        "status": tally.status,
        "players": [s.name for s in game.seats],
        "seats": seats,
        "first_dealer": game.seats[game.first_dealer_seat].name,
        "house_rules": house,
        "rounds": rounds,
        "totals": dict(tally.totals),
        "standings": [s.as_dict() for s in tally.standings],
        "winner": tally.winner,
        "winners": list(tally.winners),
        "next_round": tally.next_round,
        "number_of_rounds": variant.number_of_rounds,
        "target": variant.scoring.target,
        "lowest_wins": variant.scoring.round_score is RoundScore.PENALTY,
        "corrections": [_correction_dict(c) for c in game.corrections],
        "rulings": [_ruling_dict(r) for r in game.rulings],
        "notes": notes,
        "view_url": view_path(game),
        "version": game.version,
        "created_at": iso(game.created_at),
        "updated_at": iso(game.updated_at),
        "completed_at": iso(game.completed_at),
    }


def round_response(game: Game, number: int) -> dict:
    """The answer to a round submission or correction: the round, then the game's totals."""
    state = game_state(game)
    rnd = state["rounds"][number - 1]
    return {
        **rnd,
        "status": state["status"],
        "totals": state["totals"],
        "standings": state["standings"],
        "winner": state["winner"],
        "winners": state["winners"],
        "next_round": state["next_round"],
        "version": state["version"],
    }
