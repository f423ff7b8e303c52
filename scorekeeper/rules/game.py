"""A whole game, round by round: dealers, round scores, totals, standings, withdrawals, completion.

Pure Python (no Flask, no SQLAlchemy). The service layer turns stored rows into the plain inputs
below and stores what comes back; pages, API and PDFs all read the result of :func:`tally`.
Every rule cites docs/rulings.md (which wins over the sources) and the source it settles.
"""
from __future__ import annotations

import unicodedata
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any, Mapping, Sequence, cast

from .cards import Card
from .errors import RulesInputError
from .kept_sentences import Said, Value
from . import hand_shape
from .look_alike import skeleton
from .scoring import check_missing_cards, check_value_counts, hand_points, missing_card_penalty, points_from_value_counts
from .variants import Citation, RoundScore, StockExhausted, Variant, Winner
from .words import _, ngettext

WENT_OUT = "went_out"
STOCK_EXHAUSTED = "stock_exhausted"
ENDS = (WENT_OUT, STOCK_EXHAUSTED)
ENTRY_KINDS = ("cards", "values", "points", "missing", "card_count", "went_out")

MAX_NAME_LENGTH = 40

INCOMPLETE_GAMES = "Incomplete games and missing scores"
IRREGULARITIES = "Irregularities"


class GameRulesError(RulesInputError):
    """Input that the game's rules refuse (a bad hand, an unknown player, a round to replay)."""


class RoundMustBeReplayed(GameRulesError):
    """A missing score cannot be computed: fewer than two other scores were posted
    (docs/rulings.md, "Incomplete games and missing scores")."""


@dataclass(frozen=True)
class Applied:
    """A rule the app applied, kept with the game as its ``kind`` (a stable key) and the ``values``
    its sentence is worded with (``rules/kept_sentences.py``)."""

    kind: str
    values: Mapping[str, Value]
    citation: str
    player: str | None = None

    @property
    def summary(self) -> str:
        """What was applied, in the reader's language."""
        return Said(self.kind, self.values).text()


def cite(variant: Variant, rule: str, fallback_section: str) -> str:
    """The citation label for one of the variant's rules, then the section of our rulings that settles it
    (docs/rulings.md), each by the name a player knows."""
    citation = variant.sources.get(rule)
    rulings = Citation("rulings", fallback_section).label
    return f"{citation.label}; {rulings}" if citation is not None else rulings


# ----- players and seats -----------------------------------------------------------------------

def name_form(name: str) -> str:
    """A name as stored: spaces trimmed and Unicode NFC-normalised, so "Zoë" typed as one
    character or as "e" plus a diaeresis is the same name."""
    return unicodedata.normalize("NFC", " ".join(name.split()))


def name_key(name: str) -> str:
    """What two names must share to be the same player: the stored form, case-insensitively."""
    return name_form(name).casefold()


def check_name(name: object, field: str) -> str:
    """A player's display name: 1-40 printable characters, spaces trimmed."""
    if not isinstance(name, str):
        raise GameRulesError(_("%(value)r is not a name (expected text such as 'Ann')", value=name), field, name)
    clean = name_form(name)
    if not clean:
        raise GameRulesError(_("a player's name cannot be blank"), field, name)
    if len(clean) > MAX_NAME_LENGTH:
        raise GameRulesError(_("%(value)r… is too long for a name (at most %(most)s characters)", value=clean[:20],
                                 most=MAX_NAME_LENGTH), field, name)
    if any(not ch.isprintable() for ch in clean):
        raise GameRulesError(_("%(value)r contains characters that cannot be shown", value=clean), field, name)
    return clean


def seating_problems(variant: Variant, names: object, field: str = "players") -> list[GameRulesError]:
    """Every problem with a seating at once (for a form that shows each beside its seat)."""
    if not isinstance(names, (list, tuple)):
        return [GameRulesError(_("%(value)r is not a list of player names in seating order", value=names), field, names)]
    problems: list[GameRulesError] = []
    if not (variant.players.min <= len(names) <= variant.players.max):
        problems.append(GameRulesError(
            _("%(count)s players is out of range: %(variant)s is for %(low)s to %(high)s players",
              count=len(names), variant=variant.name, low=variant.players.min, high=variant.players.max),
            field,
            len(names),
        ))
    seen: dict[str, int] = {}
    alike: dict[str, tuple[int, str]] = {}  # look-alike names ("Pаt" with a Cyrillic а, "Pat"): rules/look_alike.py
    for i, name in enumerate(names):
        try:
            clean = check_name(name, f"{field}[{i}]")
        except GameRulesError as err:
            problems.append(err)
            continue
        key = name_key(clean)
        if key in seen:
            problems.append(GameRulesError(
                _("%(value)r is seated twice (seats %(first)s and %(second)s); names must differ", value=clean,
                  first=seen[key] + 1, second=i + 1), f"{field}[{i}]", clean
            ))
        elif skeleton(key) in alike:
            first, other = alike[skeleton(key)]
            letters = ", ".join(f"{ch} (U+{ord(ch):04X} {unicodedata.name(ch, '?')})"
                                for ch in dict.fromkeys(clean) if ch not in other and ch.casefold() not in other.casefold())
            problems.append(GameRulesError(
                _("%(value)r looks the same as %(other)r (seat %(first)s) but is written with other characters: "
                  "%(letters)s; names must differ", value=clean, other=other, first=first + 1, letters=letters),
                f"{field}[{i}]", clean
            ))
        else:
            seen[key] = i
            alike[skeleton(key)] = (i, clean)
    return problems


def check_seating(variant: Variant, names: object, field: str = "players") -> list[str]:
    """The players in seating order: the variant's player range, no blank or duplicate names
    (names are unique per game, case-insensitive; docs/api.md, Conventions)."""
    problems = seating_problems(variant, names, field)
    if problems:
        # A bad name is named before the count, so "seat 2 is blank" is not hidden by "2 players".
        by_seat = [p for p in problems if p.field != field]
        raise (by_seat or problems)[0]
    seated = cast(Sequence[object], names)  # (a list or a tuple: seating_problems refuses anything else)
    return [check_name(name, f"{field}[{i}]") for i, name in enumerate(seated)]


def find_player(names: Sequence[str], name: object, field: str) -> str:
    """The display name matching ``name`` case-insensitively, or an error naming the value."""
    if isinstance(name, str):
        key = name_key(name)
        for known in names:
            if name_key(known) == key:
                return known
    listed = ", ".join(names)
    raise GameRulesError(_("%(value)r is not a player in this game (players: %(players)s)", value=name, players=listed), field, name)


def active_in_round(withdrawn_after: int | None, number: int) -> bool:
    """A player who withdrew after round k plays rounds 1..k only."""
    return withdrawn_after is None or withdrawn_after >= number


# ----- dealers and contracts -------------------------------------------------------------------

def dealers(seats: int, first_dealer: int, withdrawn_after: Sequence[int | None], rounds: int) -> list[int]:
    """Seat index of the dealer of rounds 1..``rounds``: the deal passes to the left (the next
    seat in seating order) each round, skipping players who have withdrawn (docs/rulings.md, "May I";
    Continental Rummy, "The deal")."""
    out: list[int] = []
    seat = first_dealer
    for number in range(1, rounds + 1):
        if number > 1:
            seat = (seat + 1) % seats
        for _seat in range(seats):
            if active_in_round(withdrawn_after[seat], number):
                break
            seat = (seat + 1) % seats
        out.append(seat)
    return out


def round_info(variant: Variant, number: int) -> dict[str, Any]:
    """A round's contract and minimum cards (docs/rulings.md, "Contracts, round by round"); ROY has none."""
    if variant.rounds and 1 <= number <= len(variant.rounds):
        r = variant.rounds[number - 1]
        return {"contract": r.contract.as_dict(), "min_cards": r.min_cards}
    return {"contract": None, "min_cards": None}


def values_by_key(value_counts: Sequence[tuple[int, int]]) -> dict[str, int]:
    """(card value, count) pairs as the API and the database write them: ``{"10": 1, "5": 3}``."""
    return {str(value): count for value, count in value_counts}


# ----- one round -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Hand:
    """What the table entered for one player: ``entered_as`` is one of :data:`ENTRY_KINDS`."""

    entered_as: str
    cards: tuple[Card, ...] = ()
    points: int | None = None
    card_count: int | None = None
    missing_cards: int = 0
    value_counts: tuple[tuple[int, int], ...] = ()  # (card value, how many), highest value first

    def as_input(self) -> dict[str, Any]:
        """The canonical API form of this hand (used to tell a repeat from a different submission)."""
        if self.entered_as == "cards":
            data: dict[str, Any] = {"cards": [c.code for c in self.cards]}
        elif self.entered_as == "values":
            data = {"values": values_by_key(self.value_counts)}
        elif self.entered_as == "points":
            data = {"points": self.points}
        elif self.entered_as == "missing":
            data = {"missing": True}
        elif self.entered_as == "card_count":
            data = {"card_count": self.card_count}
        else:
            data = {"went_out": True}
        if self.missing_cards:
            data["missing_cards"] = self.missing_cards
        return data


def _whole_number(value: object, field: str, what: str, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise GameRulesError(_("%(value)r is not %(what)s (a whole number, 0 or more)", value=value, what=what), field, value)
    if value < 0:
        raise GameRulesError(_("%(value)s is not %(what)s: it cannot be negative", value=value, what=what), field, value)
    if value > high:
        raise GameRulesError(_("%(value)s is too large for %(what)s (at most %(most)s)", value=value, what=what, most=high), field, value)
    return value


def parse_hand(variant: Variant, raw: object, field: str) -> Hand:
    """One player's hand as the API and the pages send it (docs/api.md, "A hand is one of"):
    ``{"cards": [...]}``, ``{"values": {"5": 3, "10": 1}}`` (so many cards of each card value),
    ``{"points": n}``, ``{"missing": true}``, or for ROY ``{"card_count": n}``; ``missing_cards``
    may accompany cards, values or points (docs/rulings.md, "Irregularities")."""
    if not isinstance(raw, Mapping):
        raise GameRulesError(
            _("%(value)r is not a hand (expected an object such as {\"cards\": [...]}, {\"points\": 25} or {\"missing\": true})",
              value=raw),
            field,
            raw,
        )
    for key in raw:
        if key not in hand_shape.NAMES:
            raise GameRulesError(
                _("%(value)r is not part of a hand (use cards, values, points, missing, card_count, missing_cards)",
                  value=key),
                f"{field}.{key}", key,
            )
    kinds = [k for k in hand_shape.WAYS if k in raw]
    if len(kinds) != 1:
        if kinds:
            message = _("a hand needs exactly one of cards, values, points, missing or card_count (got %(got)s)",
                        got=_(" and ").join(kinds))
        else:
            message = _("a hand needs exactly one of cards, values, points, missing or card_count (got none)")
        raise GameRulesError(message, field, dict(raw)
        )
    kind = kinds[0]
    roy = variant.is_roy
    missing_cards = 0
    if hand_shape.MISSING_CARDS.name in raw:
        if kind not in hand_shape.MISSING_CARDS.goes_with:
            raise GameRulesError(_("missing_cards goes with cards, values or points only"), f"{field}.missing_cards", raw["missing_cards"])
        try:
            missing_cards = check_missing_cards(raw["missing_cards"], f"{field}.missing_cards")
        except RulesInputError as err:
            raise GameRulesError(err.message, f"{field}.missing_cards", err.value) from None
    if not hand_shape.part(kind).is_for(variant.kind):
        if roy:
            raise GameRulesError(
                _("%(variant)s scores the cards left in each hand: give card_count (how many cards the player still holds)",
                  variant=variant.name),
                f"{field}.{kind}",
                raw[kind],
            )
        raise GameRulesError(
            _("card_count is for ROY; in %(variant)s give the cards left, their values, the points, or missing",
              variant=variant.name),
            f"{field}.card_count",
            raw["card_count"],
        )
    if kind == "cards":
        codes = raw["cards"]
        if isinstance(codes, (list, tuple)) and len(codes) > hand_shape.CARDS.most:
            raise GameRulesError(_("%(count)s cards is more than any hand holds", count=len(codes)), f"{field}.cards", len(codes))
        try:
            cards = tuple(variant.parse_cards(codes, f"{field}.cards", rank_alone=True))  # only points count
        except RulesInputError as err:
            raise GameRulesError(err.message, err.field, err.value) from None
        if roy:  # only the count scores; the cards stay to be checked against the pack
            return Hand("card_count", cards=cards, card_count=len(cards))
        return Hand("cards", cards=cards, missing_cards=missing_cards)
    if kind == "values":
        try:
            counts = check_value_counts(variant, raw["values"], f"{field}.values")
        except RulesInputError as err:
            raise GameRulesError(err.message, err.field, err.value) from None
        return Hand("values", value_counts=tuple(counts.items()), missing_cards=missing_cards)
    if kind == "points":
        points = _whole_number(raw["points"], f"{field}.points", _("a number of points"), hand_shape.POINTS.most)
        return Hand("points", points=points, missing_cards=missing_cards)
    if kind == "missing":
        if raw["missing"] is not True:
            raise GameRulesError(_("%(value)r: missing must be true (no score was posted)", value=raw["missing"]), f"{field}.missing", raw["missing"])
        return Hand("missing")
    count = _whole_number(raw["card_count"], f"{field}.card_count", _("a number of cards"), hand_shape.CARD_COUNT.most)
    return Hand("card_count", card_count=count)


@dataclass(frozen=True)
class HandResult:
    entered_as: str
    cards: tuple[str, ...]
    missing_cards: int
    points: int
    card_count: int | None = None
    entered_points: int | None = None
    said: Said | None = None  # the hand's note, worded when shown (``note``)
    value_counts: tuple[tuple[int, int], ...] | None = None

    @property
    def note(self) -> str | None:
        """The hand's note in the reader's language ("2 missing cards: +20 (10 each)")."""
        return None if self.said is None else self.said.text()

    def as_dict(self) -> dict[str, Any]:
        data = {
            "entered_as": self.entered_as,
            "cards": list(self.cards),
            "missing_cards": self.missing_cards,
            "points": self.points,
            "note": self.note,
        }
        if self.card_count is not None:
            data["card_count"] = self.card_count
        if self.entered_points is not None:
            data["entered_points"] = self.entered_points
        if self.value_counts is not None:
            data["values"] = values_by_key(self.value_counts)
        return data


def hand_result(variant: Variant, hand: Hand) -> HandResult:
    """What one posted hand of a player who did not go out counts in a round: its cards, card
    values or points, plus ``missing_card_penalty`` per missing card (docs/rulings.md,
    "Irregularities"); in ROY the cards left, which score for the player out, so 0 for the holder.
    Used by :func:`score_round` and for a hand sent ahead from a player's phone
    (services/proposals.py), so both count a hand alike. A missing score is not a posted hand: it
    depends on the others' (:func:`score_round`)."""
    if hand.entered_as == "card_count":
        return HandResult("card_count", (), 0, 0, card_count=hand.card_count)
    if hand.entered_as == "cards":
        score = hand_points(variant, hand.cards, hand.missing_cards)
        result = HandResult("cards", tuple(c.code for c in hand.cards), hand.missing_cards, score.points)
    elif hand.entered_as == "values":
        score = points_from_value_counts(variant, dict(hand.value_counts), hand.missing_cards)
        result = HandResult("values", (), hand.missing_cards, score.points, value_counts=hand.value_counts)
    elif hand.entered_as == "points":
        extra = missing_card_penalty(variant, hand.missing_cards)
        result = HandResult("points", (), hand.missing_cards, (hand.points or 0) + extra, entered_points=hand.points)
    else:
        raise ValueError(f"a {hand.entered_as} hand has no points of its own")
    if hand.missing_cards:
        note = Said("hand.missing_cards", {"num": hand.missing_cards,
                                           "extra": missing_card_penalty(variant, hand.missing_cards),
                                           "penalty": variant.scoring.missing_card_penalty})
        result = HandResult(**{**result.__dict__, "said": note})
    return result


@dataclass(frozen=True)
class RoundResult:
    number: int
    went_out: str | None
    end: str
    scores: dict[str, int]
    hands: dict[str, HandResult]
    bonus: dict[str, int]
    applied: tuple[Applied, ...]


def check_round_end(variant: Variant, went_out: str | None, end: str, players: Sequence[str]) -> None:
    """How the round ended must be one the variant allows, with the player out (if any) at the
    table: someone went out, or, where the variant turns the pile over once, the stock ran out a
    second time and nobody is out (docs/rulings.md, "Stock depletion")."""
    if end not in ENDS:
        raise GameRulesError(_("%(value)r is not a way for a round to end (went_out or stock_exhausted)", value=end), "end", end)
    if end == STOCK_EXHAUSTED:
        if variant.stock_exhausted is not StockExhausted.TURN_OVER_ONCE_THEN_END:
            raise GameRulesError(
                _("a round of %(variant)s cannot end by the stock running out: the discards are shuffled into a new stock",
                  variant=variant.name),
                "end",
                end,
            )
        if went_out is not None:
            raise GameRulesError(
                _("%(value)r cannot have gone out in a round that ended because the stock ran out twice", value=went_out),
                "went_out", went_out
            )
    elif went_out is None:
        raise GameRulesError(
            _("went_out: say who went out (or end: stock_exhausted when the stock ran out twice)")
            if variant.stock_exhausted is StockExhausted.TURN_OVER_ONCE_THEN_END else _("went_out: say who went out"),
            "went_out",
            None,
        )
    if went_out is not None and went_out not in players:
        raise GameRulesError(_("%(value)r is not playing this round (players: %(players)s)", value=went_out,
                                               players=", ".join(players)), "went_out", went_out)


def check_hands_posted(variant: Variant, players: Sequence[str], went_out: str | None,
                       hands: Mapping[str, Hand]) -> None:
    """Every hand belongs to a player of the round, every player but the one out has a hand, and
    the player out holds nothing: they score 0 (docs/rulings.md, table "round winner")."""
    for name in hands:
        if name not in players:
            raise GameRulesError(_("%(value)r is not playing this round (players: %(players)s)", value=name,
                                               players=", ".join(players)), f"hands.{name}", name)
    for name in players:
        if name != went_out and name not in hands:
            need = "card_count" if variant.is_roy else _("cards, points or missing")
            raise GameRulesError(_("no hand for %(name)s: every player but the one who went out needs %(need)s",
                                   name=name, need=need), f"hands.{name}", None)
    if went_out is not None and went_out in hands:
        hand = hands[went_out]
        if not holds_nothing(hand):
            raise GameRulesError(_("%(name)s went out and scores 0; leave their hand empty", name=went_out), f"hands.{went_out}", hand.as_input())


def holds_nothing(hand: Hand) -> bool:
    """Is ``hand``, however it was entered, the empty hand of a player who went out?"""
    return (hand.entered_as == "cards" and not hand.cards and not hand.missing_cards) or (
        hand.entered_as == "values" and not hand.value_counts and not hand.missing_cards
    ) or (
        hand.entered_as == "points" and hand.points == 0 and not hand.missing_cards
    ) or (hand.entered_as == "card_count" and hand.card_count == 0) or hand.entered_as == "went_out"


def score_roy_hand(variant: Variant, number: int, players: Sequence[str], went_out: str | None, end: str,
                   hands: Mapping[str, Hand]) -> RoundResult:
    """ROY: the first player out scores one point per card left in each opponent's hand, and each
    opponent holds at least one card, as only the first player out empties a hand (docs/rulings.md,
    "ROY"; the ROY rules, rule 7)."""
    results: dict[str, HandResult] = {}
    counts = {}
    for name in players:
        if name == went_out:
            continue
        hand = hands[name]
        if not hand.card_count:
            # Only the first player out empties a hand: the hand ends there (the ROY rules, rule 7).
            raise GameRulesError(
                _("%(name)s has no cards left, but only the player who went out can have none: in %(variant)s "
                  "the hand ends as soon as one player is out, so each other player still holds at least one "
                  "card. Count %(name)s's cards again.", name=name, variant=variant.name),
                f"hands.{name}.card_count", hand.card_count)
        counts[name] = hand.card_count
        results[name] = hand_result(variant, hand)
    total = sum(counts.values())
    assert went_out is not None  # (a ROY hand always ends with a player out: its stock is reshuffled)
    results[went_out] = HandResult("went_out", (), 0, total, said=Said("hand.cards_left", {"total": total}))
    scores = {name: results[name].points for name in players}
    return RoundResult(number, went_out, end, scores, results, {}, ())


def score_posted_hands(variant: Variant, number: int, others: Sequence[str], hands: Mapping[str, Hand],
                       results: dict[str, HandResult], applied: list[Applied]) -> list[str]:
    """Count each hand posted by a player who did not go out into ``results``, an incorrect hand
    costing ``missing_card_penalty`` per missing card (docs/rulings.md, "Irregularities"), noted in
    ``applied``. Returns the players whose score is missing, in seating order."""
    penalty = variant.scoring.missing_card_penalty
    irregular = cite(variant, "irregularities", IRREGULARITIES)
    missing: list[str] = []
    for name in others:
        hand = hands[name]
        if hand.entered_as == "missing":
            missing.append(name)
            continue
        results[name] = hand_result(variant, hand)
        if hand.missing_cards:
            extra = missing_card_penalty(variant, hand.missing_cards)
            applied.append(Applied(
                "incorrect_hand",
                {"number": number, "name": name, "num": hand.missing_cards, "extra": extra, "penalty": penalty},
                irregular,
                name,
            ))
    return missing


def score_missing_scores(variant: Variant, number: int, missing: Sequence[str],
                         results: dict[str, HandResult], applied: list[Applied]) -> None:
    """A missing score is the sum of the two highest scores the others posted this round; with
    fewer than two, the round must be replayed (docs/rulings.md, "Incomplete games and missing scores")."""
    incomplete = cite(variant, "incomplete_games", INCOMPLETE_GAMES)
    # Only scores the table posted count: a score worked out for another missing player does not
    # (docs/rulings.md, "Incomplete games and missing scores"), so the seating order cannot matter.
    posted = sorted((r.points for r in results.values()), reverse=True)
    for name in missing:
        if len(posted) < 2:
            raise RoundMustBeReplayed(
                _("no score for %(name)s, and fewer than two other players posted a score this round: "
                  "the round must be replayed", name=name),
                f"hands.{name}",
                {"missing": True},
            )
        top = posted[:2]
        points = sum(top)
        results[name] = HandResult("missing", (), 0, points,
                                   said=Said("hand.missing_score", {"first": top[0], "second": top[1]}))
        applied.append(Applied(
            "missing_score",
            {"number": number, "name": name, "points": points, "first": top[0], "second": top[1]},
            incomplete,
            name,
        ))


def round_win_bonus(variant: Variant, number: int, went_out: str | None, applied: list[Applied]) -> dict[str, int]:
    """Le May I takes ``round_win_bonus`` (20) off the total of the player who went out
    (docs/rulings.md; the Le May I rules, §9), noted in ``applied``."""
    bonus: dict[str, int] = {}
    if went_out is not None and variant.scoring.round_win_bonus:
        bonus[went_out] = -variant.scoring.round_win_bonus
        applied.append(Applied(
            "round_win_bonus",
            {"number": number, "name": went_out, "points": variant.scoring.round_win_bonus},
            cite(variant, "scoring", "Built-in variants"),
            went_out,
        ))
    return bonus


def score_round(
    variant: Variant,
    number: int,
    players: Sequence[str],
    went_out: str | None,
    end: str,
    hands: Mapping[str, Hand],
) -> RoundResult:
    """Score one round for the ``players`` active in it, in seating order.

    - The player who went out scores 0 (docs/rulings.md, table "round winner"); Le May I also takes
      ``round_win_bonus`` (20) off that player's total (:func:`round_win_bonus`).
    - When the stock runs out a second time nobody is out and everyone scores their cards
      (:func:`check_round_end`).
    - An incorrect hand costs ``missing_card_penalty`` (10) per missing card on top of the cards
      held (:func:`score_posted_hands`; Continental Rummy, "Incorrect hand").
    - A missing score is the sum of the two highest scores the others posted this round
      (:func:`score_missing_scores`).
    - ROY: the first player out scores the cards left in the others' hands (:func:`score_roy_hand`).
    """
    check_round_end(variant, went_out, end, players)
    check_hands_posted(variant, players, went_out, hands)
    if variant.is_roy:
        return score_roy_hand(variant, number, players, went_out, end, hands)

    applied: list[Applied] = []
    results: dict[str, HandResult] = {}
    if went_out is not None:
        results[went_out] = HandResult("went_out", (), 0, 0, said=Said("hand.went_out", {}))
    others = [p for p in players if p != went_out]
    missing = score_posted_hands(variant, number, others, hands, results, applied)
    score_missing_scores(variant, number, missing, results, applied)
    if end == STOCK_EXHAUSTED:
        applied.append(Applied("stock_exhausted", {"number": number}, cite(variant, "stock", "Stock depletion")))
    bonus = round_win_bonus(variant, number, went_out, applied)
    ordered = {name: results[name] for name in players}
    scores = {name: r.points for name, r in ordered.items()}
    return RoundResult(number, went_out, end, scores, ordered, bonus, tuple(applied))


# ----- the whole game --------------------------------------------------------------------------

@dataclass(frozen=True)
class Seat:
    name: str
    withdrawn_after: int | None = None  # the last round the player played, when withdrawn

    @property
    def active(self) -> bool:
        return self.withdrawn_after is None


@dataclass(frozen=True)
class RoundTotals:
    """A recorded round, as the tally needs it: points per player and bonuses/adjustments."""

    number: int
    scores: Mapping[str, int]
    bonus: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Standing:
    place: int
    name: str
    total: int | None
    provisional: bool
    active: bool

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Tally:
    status: str  # in_progress, suspended, complete, void
    totals: dict[str, int | None]
    provisional: dict[str, bool]
    standings: list[Standing]
    winner: str | None
    winners: list[str]
    next_round: dict[str, Any] | None
    dealers: list[int]  # seat index of each recorded round's dealer, then the next round's
    notes: list[str]


def round_total_points(rounds: Sequence[RoundTotals], name: str) -> int:
    return sum(r.scores.get(name, 0) + r.bonus.get(name, 0) for r in rounds)


def withdrawn_total(other_totals: Sequence[int]) -> int | None:
    """A withdrawn player's total: the sum of the two highest complete totals of the other players,
    or ``None`` when fewer than two others complete, which voids the game
    (docs/rulings.md, "Incomplete games and missing scores"; Continental Rummy, "Incomplete hands and games")."""
    if len(other_totals) < 2:
        return None
    return sum(sorted(other_totals, reverse=True)[:2])


def rank(entries: Sequence[tuple[str, int]], highest_wins: bool) -> list[tuple[int, str, int]]:
    """Places with ties sharing a place (1, 1, 3): lowest total first, or highest for ROY."""
    ordered = sorted(entries, key=lambda e: (-e[1] if highest_wins else e[1]))
    out: list[tuple[int, str, int]] = []
    for i, (name, total) in enumerate(ordered):
        place = out[-1][0] if out and out[-1][2] == total else i + 1
        out.append((place, name, total))
    return out


def is_complete(variant: Variant, rounds_played: int, active_totals: Sequence[int]) -> bool:
    """A contract game is complete after its last round; ROY when someone reaches the target
    (docs/rulings.md, tables "rounds" and "game winner")."""
    if variant.scoring.winner is Winner.FIRST_TO_TARGET:
        target = variant.scoring.target or 100
        return any(t >= target for t in active_totals)
    return bool(variant.rounds) and rounds_played >= len(variant.rounds)


def tally(
    variant: Variant,
    seats: Sequence[Seat],
    first_dealer: int,
    rounds: Sequence[RoundTotals],
    suspended: bool = False,
    adjustments: Mapping[str, int] | None = None,
) -> Tally:
    """Totals, standings, winner(s), status and next round of a game from its recorded rounds.

    - Totals are the sum of round scores and bonuses (Le May I's 20 off per round won), plus
      ``adjustments`` (score effects of rulings logged for a round not yet recorded).
    - Lowest total wins; ROY: highest, once someone reaches 100. Players tied on the best total
      share the win: ``winner`` is None and ``winners`` lists them (docs/rulings.md, "Ties").
    - A withdrawn player's total is the sum of the two highest totals of the players still in,
      provisional until the game ends; fewer than two players left voids the game and ends it
      (docs/rulings.md, "Incomplete games and missing scores"). ROY has no such rule: a withdrawn
      player's total stays as it was (house choice), and the game still ends, void, with fewer
      than two players.
    """
    names = [s.name for s in seats]
    played = len(rounds)
    highest_wins = variant.scoring.winner is Winner.FIRST_TO_TARGET
    penalty_game = variant.scoring.round_score is RoundScore.PENALTY
    raw = {name: round_total_points(rounds, name) + (adjustments or {}).get(name, 0) for name in names}
    active = [s.name for s in seats if s.active]
    withdrawn = [s for s in seats if not s.active]
    notes: list[str] = []

    void = bool(withdrawn) and len(active) < 2
    complete = not void and (len(active) < 2 or is_complete(variant, played, [raw[n] for n in active]))
    ended = void or complete
    totals: dict[str, int | None] = {}
    provisional: dict[str, bool] = {}
    for s in seats:
        totals[s.name], provisional[s.name] = raw[s.name], False
        if s.active:
            continue
        if penalty_game:
            total = withdrawn_total([raw[n] for n in active])
            totals[s.name] = total
            provisional[s.name] = not ended and total is not None
            if total is None:
                notes.append(_(
                    "%(name)s withdrew after round %(round)s; fewer than two other players are left to complete "
                    "the game, so the game is void (kept on record, left out of statistics).",
                    name=s.name, round=s.withdrawn_after))
            else:
                top = sorted(((raw[n], n) for n in active), reverse=True)[:2]
                state = _("final") if ended else _("provisional until the game ends")
                notes.append(_(
                    "%(name)s withdrew after round %(round)s; their total %(total)s is the sum of the two highest "
                    "totals of the players still in (%(first)s %(first_total)s, %(second)s %(second_total)s), "
                    "%(state)s.", name=s.name, round=s.withdrawn_after, total=total, first=top[0][1],
                    first_total=top[0][0], second=top[1][1], second_total=top[1][0], state=state))
        else:
            notes.append(_("%(name)s withdrew after hand %(hand)s; their total stays at %(total)s.",  # ROY
                           name=s.name, hand=s.withdrawn_after, total=raw[s.name]))

    ranked_active = rank([(n, raw[n]) for n in active], highest_wins)  # (an active player's total is raw)
    standings = [Standing(place, name, total, False, True) for place, name, total in ranked_active]
    ranked_out = rank([(s.name, total) for s in withdrawn if (total := totals[s.name]) is not None], highest_wins)
    offset = len(standings)
    for place, name, total in ranked_out:
        standings.append(Standing(offset + place, name, total, provisional[name], False))
    for s in withdrawn:
        if totals[s.name] is None:
            standings.append(Standing(len(standings) + 1, s.name, None, False, False))

    winners: list[str] = []
    if complete and ranked_active:
        best = ranked_active[0][2]
        winners = [name for place, name, total in ranked_active if total == best]
    winner = winners[0] if len(winners) == 1 else None

    status = "void" if void else "complete" if complete else "suspended" if suspended else "in_progress"
    withdrawn_after = [s.withdrawn_after for s in seats]
    dealer_seats = dealers(len(seats), first_dealer, withdrawn_after, played + (0 if ended else 1))
    next_round = None
    if not ended:
        number = played + 1
        next_round = {"number": number, "dealer": names[dealer_seats[-1]], **round_info(variant, number)}
    if len(winners) > 1:
        notes.append(_("%(names)s tie on %(total)s and share the win.", names=_(" and ").join(winners),
                       total=totals[winners[0]]))
    return Tally(status, totals, provisional, standings, winner, winners, next_round, dealer_seats, notes)


# ----- suspend and resume ----------------------------------------------------------------------

def check_resume(seated: Sequence[str], present: object, started_at: datetime, now: datetime) -> None:
    """A suspended game resumes only with every player present in the same seats, in the same
    calendar year as it started (docs/rulings.md, "Incomplete games and missing scores"; Continental Rummy,
    "Incomplete hands and games"). ``present`` is the table's seating as sent, checked here (None:
    confirmed as stored)."""
    if now.year != started_at.year:
        raise GameRulesError(
            _("this game started in %(start)s and can only be resumed in the same calendar year (it is now %(now)s)",
              start=started_at.year, now=now.year),
            "resume",
            now.year,
        )
    if present is None:
        return
    if not isinstance(present, (list, tuple)):
        raise GameRulesError(_("%(value)r is not a list of player names in seating order", value=present), "players",
                             present)
    given = [" ".join(p.split()).casefold() if isinstance(p, str) else p for p in present]
    expected = [s.casefold() for s in seated]
    if given != expected:
        missing = [s for s in seated if s.casefold() not in given]
        if missing:
            why = ngettext("%(names)s is not at the table", "%(names)s are not at the table", len(missing),
                           names=", ".join(missing))
        elif len(given) != len(expected):
            why = _("the list does not match the players of this game")
        else:
            why = _("the seats have changed")
        raise GameRulesError(
            _("the game can only be resumed with every player in the same seats (%(players)s): %(why)s",
              players=", ".join(seated), why=why),
            "players",
            list(present),
        )
