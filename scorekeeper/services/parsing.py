"""Checking what a client sent before anything changes: a round submission (names resolved to the
seated players, each hand parsed by the rules), an idempotency key, a free text."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Mapping, overload

from flask_babel import gettext as _

from ..models import Game
from ..rules import game as rules
from ..rules import pack_limits
from ..rules.errors import RulesInputError
from ..rules.variants import StockExhausted, Variant
from .errors import ServiceError, Unprocessable, rules_error

MAX_TEXT = 1000
MAX_KEY = 255


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


def parse_round(game: Game, variant: Variant, payload: object, number: int) -> ParsedRound:
    """Check a round submission's fields and resolve names (case-insensitive) to the seated names."""
    if not isinstance(payload, Mapping):
        raise ServiceError(_("the body must be a JSON object with went_out and hands, not %(kind)s", kind=type(payload).__name__), "body")
    names = [s.name for s in game.seats]
    withdrawn = {s.name: s.withdrawn_after_round for s in game.seats}
    try:
        went_out = payload.get("went_out")
        if went_out is not None and went_out != "":
            went_out = rules.find_player(names, went_out, "went_out")
            if not rules.active_in_round(withdrawn[went_out], number):
                raise rules.GameRulesError(
                    _("%(value)r withdrew after round %(left)s and cannot go out in round %(number)s", value=went_out,
                      left=withdrawn[went_out], number=number),
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
                _('say who went out (or "end": "stock_exhausted" when the stock ran out twice)') if stock_rule
                else _("say who went out"),
                "went_out",
                None,
            )
        raw_hands = payload.get("hands", {})
        if raw_hands is None:
            raw_hands = {}
        if not isinstance(raw_hands, Mapping):
            raise rules.GameRulesError(_("%(value)r is not an object of hands by player name", value=raw_hands), "hands", raw_hands)
        hands: dict[str, rules.Hand] = {}
        for key, raw in raw_hands.items():
            name = _hand_holder(game, key, f"hands.{key}", number)
            if name in hands:
                raise rules.GameRulesError(_("%(value)r: a second hand for %(name)s", value=key, name=name), f"hands.{key}", key)
            hands[name] = rules.parse_hand(variant, raw, f"hands.{name}")
    except RulesInputError as err:
        raise rules_error(err) from None
    return ParsedRound(number, went_out, str(end), hands)


def _hand_holder(game: Game, key: object, field: str, number: int) -> str:
    """The seated name a hand's player name stands for (case and Unicode NFC as for names), who
    must be playing round ``number``."""
    name = rules.find_player([s.name for s in game.seats], key, field)
    left = next(s.withdrawn_after_round for s in game.seats if s.name == name)
    if not rules.active_in_round(left, number):
        raise rules.GameRulesError(
            _("%(name)s withdrew after round %(left)s and has no hand in round %(number)s", name=name,
              left=left, number=number), field, key
        )
    return name


def parse_player_hand(game: Game, variant: Variant, number: int, key: object, raw: object) -> tuple[str, rules.Hand]:
    """One player's hand for round ``number``, sent on its own (a player's phone:
    services/proposals.py), checked exactly as the same hand in a round submission; 422 naming the
    player or the value otherwise. A missing score is the scorekeeper's to declare, not a hand."""
    field = f"hands.{key}"
    try:
        name = _hand_holder(game, key, field, number)
        field = f"hands.{name}"
        if isinstance(raw, Mapping) and "missing" in raw:
            raise rules.GameRulesError(
                _("only the scorekeeper can record that no score was posted; send the cards, their values or "
                  "the points"), f"{field}.missing", raw["missing"])
        hand = rules.parse_hand(variant, raw, field)
    except RulesInputError as err:
        raise rules_error(err, against_the_rules=True) from None
    refuse_beyond_pack(game, variant, {name: hand})
    return name, hand


def refuse_beyond_pack(game: Game, variant: Variant, hands: Mapping[str, rules.Hand]) -> None:
    """A hand entered now that holds more than the pack of the game's players is refused (422) in
    one sentence naming the player, the card and the pack (rules/pack_limits.py). The pack is the
    one dealt for every seat of the game: a player leaving does not take a deck away. Rounds
    already stored are read without this check, so an older game still shows."""
    for name, hand in hands.items():
        found = pack_limits.hand_beyond(variant, len(game.seats), hand)
        if found:
            field = f"hands.{name}." + ("values" if hand.entered_as == "values" else "cards")
            raise Unprocessable(pack_limits.said(name, found[0]), field)


def round_player(game: Game, number: int, key: object) -> str:
    """The seated name of a player of round ``number`` (case and Unicode NFC as for names); 422
    naming an unknown or withdrawn player, as for their hand."""
    try:
        return _hand_holder(game, key, f"hands.{key}", number)
    except RulesInputError as err:
        raise rules_error(err, against_the_rules=True) from None


def hand_points(variant: Variant, hand: rules.Hand) -> rules.HandResult:
    """What a hand counts in the round, as :func:`score` will count it for a player who did not go
    out (rules/game.py ``hand_result``)."""
    return rules.hand_result(variant, hand)


def score(game: Game, variant: Variant, parsed: ParsedRound) -> rules.RoundResult:
    """The scores of a checked round under the game's rules, with the rules applied on the way."""
    players = [s.name for s in game.seats if rules.active_in_round(s.withdrawn_after_round, parsed.number)]
    try:
        return rules.score_round(variant, parsed.number, players, parsed.went_out, parsed.end, parsed.hands)
    except RulesInputError as err:
        raise rules_error(err) from None


def round_number(payload: object, default: int) -> int:
    if not isinstance(payload, Mapping) or payload.get("round") is None:
        return default
    number = payload["round"]
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise ServiceError(_("round: %(value)r is not a round number (1, 2, ...)", value=number), "round")
    return number


def check_key(key: object) -> str | None:
    if key is None or key == "":
        return None
    if not isinstance(key, str) or len(key) > MAX_KEY or not key.isprintable():
        raise ServiceError(_("Idempotency-Key: %(value)r is not a usable key (at most %(most)s printable characters)",
                             value=str(key)[:40], most=MAX_KEY), "Idempotency-Key")
    return key


@overload
def text(value: object, field: str, required: Literal[True], limit: int = MAX_TEXT) -> str: ...


@overload
def text(value: object, field: str, required: bool, limit: int = MAX_TEXT) -> str | None: ...


def text(value: object, field: str, required: bool, limit: int = MAX_TEXT) -> str | None:
    """Text sent for ``field``, its spaces made single, or None when blank (refused when
    ``required``); refused when it is no text or longer than ``limit``."""
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise ServiceError(_("%(field)s: this cannot be blank", field=field), field)
        return None
    if not isinstance(value, str):
        raise ServiceError(_("%(field)s: %(value)r is not text", field=field, value=value), field)
    value = " ".join(value.split())
    if len(value) > limit:
        raise ServiceError(_("%(field)s: too long (%(length)s characters; at most %(most)s)", field=field,
                                   length=len(value), most=limit), field)
    return value


