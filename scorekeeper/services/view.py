"""The game as the pages, the API and the PDF scoresheets read it: a typed view built from the
stored rows by :func:`game_view`, and its JSON (``GameView.as_json``: the body of
``GET /api/v1/games/<id>``, scorekeeper/api/games.py). Nothing here changes a game;
the totals, standings and status come from ``scorekeeper/rules/game.py``. The notes are in the
reader's language (``scorekeeper.rules.words``: English outside a request, as in a backup).
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field, fields
from datetime import date, datetime
from enum import Enum
from typing import Any, ClassVar, Mapping

from flask_babel import gettext as _
from flask_babel import LazyString, lazy_gettext as _l

from ..addresses import view_path
from ..models import Correction, Game, GameStatus, HandRecord, Round, Ruling, ROUND_RULING_KINDS
from ..rules import game as rules
from ..rules.game import Standing
from ..rules.house import describe_differences
from ..rules.kept_sentences import worded
from ..rules.variants import Variant, get_variant, shown_text
from .loading import variant_of


def iso(value: datetime | None) -> str | None:
    """A stored (naive UTC) time as the API writes it: ``2026-11-24T03:16:17Z``."""
    return None if value is None else value.replace(microsecond=0).isoformat() + "Z"


def _json(value: Any) -> Any:
    if isinstance(value, JsonView):
        return value.as_json()
    if isinstance(value, rules.Standing):
        return value.as_dict()
    if isinstance(value, datetime):
        return iso(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, list):
        return [_json(item) for item in value]
    if isinstance(value, dict):
        return {key: _json(item) for key, item in value.items()}
    return value


class JsonView:
    """A view dataclass whose JSON is its fields, in order (times as ``iso``), less those that
    :meth:`left_out` names."""

    __dataclass_fields__: ClassVar[dict[str, Any]]  # (each view is a dataclass: ``fields`` reads it)

    def left_out(self) -> tuple[str, ...]:
        return ()

    def as_json(self) -> dict:
        skip = self.left_out()
        return {f.name: _json(getattr(self, f.name)) for f in fields(self) if f.name not in skip}


@dataclass(frozen=True)
class HandView(JsonView):
    """One player's hand in a recorded round: how it was entered and the points it gave."""

    entered_as: str
    cards: list[str]
    missing_cards: int
    points: int
    note: str | None
    card_count: int | None = None
    entered_points: int | None = None
    values: dict[str, int] | None = None

    @classmethod
    def of(cls, h: HandRecord) -> HandView:
        return cls(h.entered_as, list(h.cards or []), h.missing_cards, h.points, h.note, h.card_count,
                   h.entered_points, None if h.value_counts is None else dict(h.value_counts))

    def left_out(self) -> tuple[str, ...]:
        """Only the hands entered that way carry a card count, typed points or value counts."""
        return tuple(name for name in ("card_count", "entered_points", "values") if getattr(self, name) is None)


@dataclass(frozen=True)
class RoundView(JsonView):
    """A recorded round: its dealer and contract, who went out, each player's points and hand, the
    bonuses and ruling effects counted in it, and whether it was corrected."""

    number: int
    dealer: str
    contract: dict | None  # {"sets": 2, "runs": 1}; None for ROY
    min_cards: int | None
    went_out: str | None
    end: str
    scores: dict[str, int]
    hands: dict[str, HandView]
    bonus: dict[str, int]
    corrected: bool

    @property
    def stock_exhausted(self) -> bool:
        """Nobody went out: the stock ran out (scorekeeper/rules/game.py, ``STOCK_EXHAUSTED``)."""
        return self.end == rules.STOCK_EXHAUSTED



@dataclass(frozen=True)
class SeatView(JsonView):
    name: str
    seat: int
    active: bool
    withdrawn_after_round: int | None
    total: int | None
    provisional: bool



@dataclass(frozen=True)
class CorrectionView(JsonView):
    """A corrected round: the scores (and who went out, and bonuses) before and after, and why."""

    round: int
    reason: str
    at: datetime
    old: dict[str, int]
    new: dict[str, int]
    old_went_out: str | None
    new_went_out: str | None
    old_bonus: dict[str, int]
    new_bonus: dict[str, int]

    @classmethod
    def of(cls, c: Correction) -> CorrectionView:
        return cls(c.round_number, c.reason, c.at, c.old.get("scores", {}), c.new.get("scores", {}),
                   c.old.get("went_out"), c.new.get("went_out"), c.old.get("bonus", {}), c.new.get("bonus", {}))

    @property
    def changes(self) -> list[tuple[str, int | None, int]]:
        """(name, old points, new points) of each score the correction changed."""
        return [(name, self.old.get(name), pts) for name, pts in self.new.items() if self.old.get(name) != pts]



@dataclass(frozen=True)
class RulingView(JsonView):
    """A rule the app applied, or a dispute logged by the table (``automatic`` false)."""

    at: datetime
    round: int | None
    kind: str
    summary: str
    citation: str | None
    automatic: bool
    what_happened: str | None = None
    ruling: str | None = None
    player: str | None = None
    points: int | None = None

    @classmethod
    def of(cls, r: Ruling) -> RulingView:
        return cls(r.at, r.round_number, r.kind, r.summary, r.citation, r.automatic, r.what_happened, r.ruling,
                   r.player, r.points)

    def left_out(self) -> tuple[str, ...]:
        """A ruling the app applied has no dispute fields."""
        return ("what_happened", "ruling", "player", "points") if self.automatic else ()


@dataclass(frozen=True)
class NextRound(JsonView):
    number: int
    dealer: str
    contract: dict | None
    min_cards: int | None



@dataclass(frozen=True)
class GameView(JsonView):
    """Everything a page, the API or a scoresheet shows of one game."""

    id: str
    variant: str
    variant_name: str
    rules: dict  # the variant document the game is played under, as it started, house options applied
    house_version: int | None  # under a house variant: the version of its rules the game started with
    status: GameStatus
    players: list[str]
    seats: list[SeatView]
    first_dealer: str
    house_rules: dict[str, bool]
    rounds: list[RoundView]
    totals: dict[str, int | None]
    standings: list[Standing]  # (not rules.Standing: inside this class, ``rules`` is the field)
    winner: str | None
    winners: list[str]
    next_round: NextRound | None
    number_of_rounds: int | None
    target: int | None
    lowest_wins: bool
    corrections: list[CorrectionView]
    rulings: list[RulingView]
    notes: list[str]
    view_url: str
    version: int
    created_at: datetime
    updated_at: datetime
    completed_at: datetime | None
    roy: bool  # the variant is ROY (hands, cards left to the winner), not a May I rummy
    house_note: str | None  # under a house variant: its name, version and changes (also the first note)
    listed_apart: list[str] = field(default_factory=list)  # notes the game page says in their own sections

    @property
    def own_notes(self) -> list[str]:
        """The notes the game page lists under Notes: not the corrections and logged rulings it
        lists in their own sections."""
        apart = set(self.listed_apart)
        return [n for n in self.notes if n not in apart]

    @property
    def logged_rulings(self) -> list[RulingView]:
        """The disputes logged from the game page (not the rules the app applied)."""
        return [r for r in self.rulings if not r.automatic]

    def left_out(self) -> tuple[str, ...]:
        return ("roy", "house_note", "listed_apart")  # (the API says them with "variant" and in "notes")


# ----- building the view -------------------------------------------------------------------------------

def adjustments_by_round(game: Game) -> dict[int, Counter[str]]:
    """The score effects of logged rulings, by round (0: logged before any round)."""
    adjust: dict[int, Counter[str]] = defaultdict(Counter)
    for r in game.rulings:
        if r.points and r.player:
            adjust[r.round_number or 0][r.player] += r.points
    return adjust


def _bonus(rnd: Round, adjust: Mapping[int, Mapping[str, int]]) -> dict[str, int]:
    """A round's bonuses (Le May I) with the score effects of the rulings logged for that round."""
    bonus = Counter({h.name: h.bonus for h in rnd.hands if h.bonus})
    bonus.update(adjust.get(rnd.number, {}))
    return dict(bonus)


def tally(game: Game, variant: Variant) -> rules.Tally:
    """Totals, standings, status and the next round, from the rules (``scorekeeper/rules/game.py``).
    The score effects of rulings logged for a round not yet recorded count in the totals at once."""
    adjust = adjustments_by_round(game)
    recorded = {rnd.number for rnd in game.rounds}
    pending: Counter[str] = Counter()
    for number, per in adjust.items():
        if number not in recorded:
            pending.update(per)
    rounds = [rules.RoundTotals(rnd.number, {h.name: h.points for h in rnd.hands}, _bonus(rnd, adjust))
              for rnd in game.rounds]
    seats = [rules.Seat(s.name, s.withdrawn_after_round) for s in game.seats]
    return rules.tally(variant, seats, game.first_dealer_seat, rounds,
                       suspended=game.status == GameStatus.SUSPENDED, adjustments=dict(pending))


def _round_view(game: Game, variant: Variant, rnd: Round, adjust: Mapping[int, Mapping[str, int]]) -> RoundView:
    info = rules.round_info(variant, rnd.number)
    return RoundView(
        number=rnd.number, dealer=game.seats[rnd.dealer_seat].name, contract=info["contract"],
        min_cards=info["min_cards"], went_out=rnd.went_out, end=rnd.end,
        scores={h.name: h.points for h in rnd.hands}, hands={h.name: HandView.of(h) for h in rnd.hands},
        bonus=_bonus(rnd, adjust), corrected=any(c.round_number == rnd.number for c in game.corrections),
    )


def house_note(game: Game, variant: Variant) -> str | None:
    """Which house rules a game under a house variant used: "House rules: Smith rules, version 2,
    changed from Joybells: jokers 50." (None for a built-in variant)."""
    if not variant.based_on:
        return None
    differences = describe_differences(get_variant(variant.based_on), variant.with_house_rules({}))
    if game.house_version:
        return _("House rules: %(name)s, version %(version)s, %(differences)s.", name=game.variant_name,
                 version=game.house_version, differences=differences)
    return _("House rules: %(name)s, %(differences)s.", name=game.variant_name, differences=differences)


def _day(value: date) -> str:
    """A day as the reader writes it ("24 nov. 2026"); ISO outside a request."""
    from flask import has_request_context
    from flask_babel import format_date

    return format_date(value, _("yyyy-MM-dd")) if has_request_context() else value.isoformat()


def sentence(text: str) -> str:
    """``text`` ending with a full stop (or its own ! or ?)."""
    return text if text[-1:] in (".", "!", "?") else text + "."


def _dispute(r: Ruling, variant: Variant) -> str:
    """A logged dispute in the reader's language, as ``services.games.log_ruling`` summed it up in
    English: "Round 2: Cy discarded first. Ruling: Cy draws. Score effect: Cy +5." """
    if not r.what_happened or not r.ruling or r.round_number is None:
        return r.summary
    fields = {"number": r.round_number, "what": sentence(r.what_happened), "ruling": sentence(r.ruling)}
    if variant.is_roy:  # ROY: hands
        text = _("Hand %(number)s: %(what)s Ruling: %(ruling)s", **fields)
    else:
        text = _("Round %(number)s: %(what)s Ruling: %(ruling)s", **fields)
    if r.points and r.player:
        points = f"{'+' if r.points > 0 else '−'}{abs(r.points)}"
        text += " " + _("Score effect: %(name)s %(points)s.", name=r.player, points=points)
    return text


#: A game's status in words (the status codes themselves stay as they are).
STATUS_WORDS: dict[str, LazyString] = {
    GameStatus.IN_PROGRESS: _l("in progress"),
    GameStatus.SUSPENDED: _l("suspended"),
    GameStatus.COMPLETE: _l("complete"),
    GameStatus.VOID: _l("void"),
}


def status_word(status: str) -> str:
    """"in progress", "complete"... in the reader's language."""
    return str(STATUS_WORDS.get(status, status.replace("_", " ")))


def _rules_applied(game: Game) -> list[str]:
    """What the app applied to each round (a missing score, an incorrect hand...), in the reader's
    language: worded from the kind and values kept with the game (the English kept beside them for a
    row that has none)."""
    kept = [r for r in game.rulings if r.automatic and r.kind in ROUND_RULING_KINDS]
    return [worded(r.kind, r.summary_values) or r.summary for r in kept]


def _listed_apart(game: Game, variant: Variant) -> list[str]:
    """The notes of the corrections and the logged rulings: the game page lists each of them in
    its own section ("Corrections", "Rulings logged"), so its Notes leave them out."""
    notes: list[str] = []
    for c in game.corrections:
        changes = ", ".join(f"{name} {old} → {new}" for name, old, new in CorrectionView.of(c).changes)
        changes = changes or _("scores unchanged")
        if variant.is_roy:  # ROY: hands
            notes.append(_("Hand %(number)s corrected (%(changes)s). Reason: %(reason)s", number=c.round_number,
                           changes=changes, reason=c.reason))
        else:
            notes.append(_("Round %(number)s corrected (%(changes)s). Reason: %(reason)s", number=c.round_number,
                           changes=changes, reason=c.reason))
    for r in game.rulings:
        if not r.automatic:
            summary = _dispute(r, variant)
            if r.citation:
                notes.append(_("Ruling logged: %(summary)s (%(citation)s)", summary=summary, citation=r.citation))
            else:
                notes.append(_("Ruling logged: %(summary)s", summary=summary))
    return notes


def _notes(game: Game, variant: Variant, house: Mapping[str, bool], result: rules.Tally,
           house_rules_note: str | None) -> list[str]:
    """The game's notes, in order: the house rules, house options, rules applied, the rules' own
    notes, corrections, logged rulings, and how long a suspended game may wait."""
    notes: list[str] = [] if house_rules_note is None else [house_rules_note]
    for key, on in house.items():
        if on:
            opt = variant.house_options[key]
            notes.append(_("House option in force: %(option)s (%(source)s).", option=shown_text(opt.label), source=opt.source.shown_label))
    notes.extend(_rules_applied(game))
    notes.extend(result.notes)
    notes.extend(_listed_apart(game, variant))
    if game.status == GameStatus.SUSPENDED and game.suspended_at is not None:
        notes.append(_("Suspended on %(date)s; it can be resumed with the same players in the same seats until the "
                       "end of %(year)s.", date=_day(game.suspended_at.date()), year=game.created_at.year))
    return notes


def game_view(game: Game) -> GameView:
    """The typed view of ``game``, from its rows and its rules (``variant_of``)."""
    variant = variant_of(game)
    result = tally(game, variant)
    adjust = adjustments_by_round(game)
    house = {key: bool(game.house_rules.get(key, False)) for key in variant.house_options}
    note = house_note(game, variant)
    nr = result.next_round
    return GameView(
        id=game.id,
        variant=game.variant,
        variant_name=game.variant_name,
        rules=variant.as_dict(),
        house_version=game.house_version,
        status=GameStatus(result.status),
        players=[s.name for s in game.seats],
        seats=[SeatView(s.name, s.seat, s.withdrawn_after_round is None, s.withdrawn_after_round,
                        result.totals[s.name], result.provisional[s.name]) for s in game.seats],
        first_dealer=game.seats[game.first_dealer_seat].name,
        house_rules=house,
        rounds=[_round_view(game, variant, rnd, adjust) for rnd in game.rounds],
        totals=dict(result.totals),
        standings=list(result.standings),
        winner=result.winner,
        winners=list(result.winners),
        next_round=None if nr is None else NextRound(nr["number"], nr["dealer"], nr["contract"], nr["min_cards"]),
        number_of_rounds=variant.number_of_rounds,
        target=variant.scoring.target,
        lowest_wins=variant.lowest_wins,
        corrections=[CorrectionView.of(c) for c in game.corrections],
        rulings=[RulingView.of(r) for r in game.rulings],
        notes=_notes(game, variant, house, result, note),
        listed_apart=_listed_apart(game, variant),
        view_url=view_path(game.id),
        version=game.version,
        created_at=game.created_at,
        updated_at=game.updated_at,
        completed_at=game.completed_at,
        roy=variant.is_roy,
        house_note=note,
    )


def game_state(game: Game) -> dict:
    """The body of ``GET /api/v1/games/<id>`` (scorekeeper/api/games.py)."""
    return game_view(game).as_json()


ROUND_ANSWER_KEYS = ("status", "totals", "standings", "winner", "winners", "next_round", "version")


def round_json(state: GameView, number: int) -> dict:
    """The API's answer to a round submission or correction: the round, then the game's totals."""
    whole = state.as_json()
    return {**whole["rounds"][number - 1], **{key: whole[key] for key in ROUND_ANSWER_KEYS}}


def round_response(game: Game, number: int) -> dict:
    """:func:`round_json` of the game as it stands."""
    return round_json(game_view(game), number)
