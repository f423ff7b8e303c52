"""May I: who takes a claimed discard, and at what cost (docs/rulings.md, "May I").

Seats are 0-based indexes in playing order. The **current** player is the one whose turn it is;
the **discarder** is the seat before them. Any players but the discarder may claim the top
discard; the claimant closest in rotation to the current player, counting the current player
first, takes it. The current player takes it as their normal draw, with no penalty; anyone else
takes it plus ``penalty_cards_per_discard`` cards from the stock per discard taken, does not
discard, and the current player then draws from the stock only.

Choices where the rules are silent (documented in the reasons too):

- **No claimants**: not an error. Nobody asked, so there is no May I: ``allowed`` is false,
  ``taker`` is ``None``, no penalty, and ``current_draws_from`` is ``"discard"`` (the top discard
  is still the current player's to take, or they draw from the stock as usual).
- **Several discards** (only where ``may_i.multiple_discards``, i.e. Le May I): a claimant other
  than the current player takes one penalty card per discard taken; the current player's normal
  draw covers the top discard, so they take one penalty card for each discard beyond it.
- **Round not given** with the "no May I in the last three rounds" option on: the option cannot
  be checked, so the May I is judged as allowed and a note says so.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from .errors import RulesInputError
from .variants import Citation, Variant
from .words import N_, _, ngettext


@dataclass(frozen=True)
class MayIVerdict:
    allowed: bool
    taker: int | None
    penalty_cards: int
    current_draws_from: str  # "discard" or "stock"
    reasons: list[str]
    citations: list[Citation]
    discarder: int
    current: int
    cards: int = 1
    notes: list[str] = field(default_factory=list)
    discard_pile_dead: bool = False
    taker_may_lay_down: bool = True  # until their next regular turn

    def as_dict(self) -> dict[str, Any]:
        return {
            "allowed": self.allowed,
            "taker": self.taker,
            "penalty_cards": self.penalty_cards,
            "current_draws_from": self.current_draws_from,
            "reasons": list(self.reasons),
            "citations": [c.as_dict() for c in self.citations],
            "discarder": self.discarder,
            "current": self.current,
            "cards": self.cards,
            "notes": list(self.notes),
            "discard_pile_dead": self.discard_pile_dead,
            "taker_may_lay_down_before_next_turn": self.taker_may_lay_down,
        }


def _whole(value: object, field: str, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RulesInputError(_("%(value)r is not %(what)s", value=value, what=what), field, value)
    return value


def _seat(value: object, players: int, field: str, first_seat: int = 0) -> int:
    seat = _whole(value, field, _("a seat number (a whole number)"))
    if not 0 <= seat < players:
        raise RulesInputError(
            _("seat %(seat)s is out of range: with %(players)s players the seats are %(first)s to %(last)s",
              seat=seat + first_seat, players=players, first=first_seat, last=players - 1 + first_seat),
            field, seat)
    return seat


def _cards_word(n: int) -> str:
    return _("one card") if n == 1 else _("%(n)s cards", n=n)


def _no_may_i(variant: Variant, current: int, discarder: int, cards: int) -> MayIVerdict:
    """A variant whose rules have no May I: not allowed, and why (docs/api.md, the may-i call:
    200 with ``allowed: false`` and the reason). In ROY the discards are the pile played on, and
    the player whose turn it is plays or draws from the stock; in a house variant without May I
    the player whose turn it is draws as usual (the discard or the stock)."""
    if variant.roy is not None:
        rule = variant.cite("play")
        reason = _("%(variant)s has no May I: nobody may claim a discard. The cards played are the pile played "
                   "on, and the player whose turn it is plays on it or draws from the stock.", variant=variant.name)
        draws = "stock"
    else:
        rule = variant.cite("may_i")
        reason = _("%(variant)s has no May I: nobody may claim a discard out of turn. The player whose turn it "
                   "is draws as usual, the top discard or the top of the stock.", variant=variant.name)
        draws = "discard"
    return MayIVerdict(False, None, 0, draws, [f"{reason} ({rule.shown_label})"], [rule], discarder, current, cards)


def _claiming_seats(claimants: Sequence[Any], players: int, current: int, discarder: int, first_seat: int) -> set[int]:
    """The seats that call "May I?": each listed once, and never the discarder, who cannot claim
    their own discard (docs/rulings.md, "May I")."""
    seen: set[int] = set()
    for i, value in enumerate(claimants):
        seat = _seat(value, players, f"claimants[{i}]", first_seat)
        if seat in seen:
            raise RulesInputError(_("seat %(seat)s is listed twice", seat=seat + first_seat), f"claimants[{i}]", seat)
        if seat == discarder:
            raise RulesInputError(
                _("seat %(seat)s is the discarder (the seat before the current player, seat %(current)s) "
                  "and cannot claim their own discard", seat=seat + first_seat, current=current + first_seat),
                f"claimants[{i}]",
                seat,
            )
        seen.add(seat)
    return seen


def _discards_claimed(variant: Variant, cards: Any) -> int:
    """How many discards are claimed at once: at least one, and no more than the pack holds."""
    count = _whole(cards, "cards", _("a number of discards (a whole number)"))
    if count < 1:
        raise RulesInputError(_("%(cards)s is not a number of discards: at least 1 card is claimed", cards=count),
                              "cards", count)
    if count > 52 * variant.max_decks:
        raise RulesInputError(_("%(cards)s discards is more than the pack holds", cards=count), "cards", count)
    return count


def _last_rounds_refusal(variant: Variant, round_number: int | None, current: int) -> tuple[str, Citation]:
    """Why nobody may call "May I?" in round ``round_number``, one of the last rounds without it,
    and the rule that says so: the house variant's own rule (rules/house.py) or the house option.
    ``current`` is the seat whose turn it is, as the sentences number it."""
    option = variant.house_options["no_may_i_in_last_three_rounds"] \
        if "no_may_i_in_last_three_rounds" in variant.house_options else None
    last = variant.no_may_i_in_last_rounds
    if variant.may_i.none_in_last_rounds == last:  # the house variant's own rule (rules/house.py)
        return (
            ngettext("No May I in the last round (a house rule of %(variant)s); round %(round)s is the last, "
                     "so seat %(current)s draws as usual.",
                     "No May I in the last %(num)s rounds (a house rule of %(variant)s); round %(round)s is one "
                     "of them, so seat %(current)s draws as usual.",
                     last, variant=variant.name, round=round_number, current=current),
            variant.cite("may_i"),
        )
    return (
        ngettext("No May I in the last round (house option in force); round %(round)s is the last, "
                 "so seat %(current)s draws as usual.",
                 "No May I in the last %(num)s rounds (house option in force); round %(round)s is one of them, "
                 "so seat %(current)s draws as usual.", last, round=round_number, current=current),
        option.source if option else Citation("house", N_("no May I in the last rounds")),
    )


def _turn_player_takes(variant: Variant, current: int, cards: int, mark: str, reasons: list[str]) -> tuple[int, str]:
    """The player whose turn it is claimed and is first in rotation: the discard is their normal
    draw, with no penalty but ``penalty_cards_per_discard`` for each further discard. Adds the
    reason (ending in the rule's ``mark``) and returns the penalty cards and where the current
    player draws from. ``current`` is numbered as the sentences number seats."""
    penalty = variant.may_i.penalty_cards_per_discard * (cards - 1)
    if penalty:
        text = _("Seat %(current)s, whose turn it is, claimed the discard and is first in rotation, so they take "
                 "it as their normal draw with no penalty, plus %(penalty)s from the stock for the %(further)s "
                 "further discards", current=current, penalty=_cards_word(penalty), further=cards - 1)
    else:
        text = _("Seat %(current)s, whose turn it is, claimed the discard and is first in rotation, so they take "
                 "it as their normal draw with no penalty", current=current)
    reasons.append(f"{text}. {mark}")
    return penalty, "discard"


def _claimant_takes(variant: Variant, taker: int, current: int, cards: int, claim_list: str, mark: str,
                    reasons: list[str], notes: list[str]) -> tuple[int, str]:
    """The claimant closest in rotation to the current player takes the discards plus
    ``penalty_cards_per_discard`` each from the stock, and the current player draws from the
    stock; where the variant says so, the rest of the pile is dead and the taker may not lay down
    until their next turn. Adds the reasons (each ending in the rule's ``mark``) and returns the
    penalty cards and where the current player draws from. Seats are numbered as the sentences
    number them."""
    penalty = variant.may_i.penalty_cards_per_discard * cards
    reasons.append(
        _("Of the claimants (%(claimants)s), seat %(taker)s is closest in rotation to the current player "
          "(seat %(current)s), counting the current player first, so seat %(taker)s takes the discard.",
          claimants=claim_list, taker=taker, current=current) + f" {mark}"
    )
    if cards == 1:
        text = _("Seat %(taker)s takes the discard plus %(penalty)s from the stock as a penalty and does not "
                 "discard; seat %(current)s then draws from the stock only.",
                 taker=taker, penalty=_cards_word(penalty), current=current)
    else:
        text = _("Seat %(taker)s takes the %(cards)s discards plus %(penalty)s from the stock as a penalty and "
                 "does not discard; seat %(current)s then draws from the stock only.",
                 taker=taker, cards=cards, penalty=_cards_word(penalty), current=current)
    reasons.append(f"{text} {mark}")
    if variant.may_i.multiple_discards:
        notes.append(
            _("A player asked who refuses must take the discard themself, with the penalty: the same outcome as "
              "the closest claimant taking it.") + f" {mark}"
        )
    if variant.may_i.discard_pile_dead:
        reasons.append(_("The rest of the discard pile is dead: nobody may take it this turn.") + f" {mark}")
    if variant.may_i.no_lay_down_until_next_turn:
        reasons.append(_("Seat %(taker)s may not lay down any cards until their next regular turn.", taker=taker)
                       + f" {mark}")
    return penalty, "stock"


def resolve_may_i(variant: Variant, players: int, current: int, claimants: Sequence[int],
                  round_number: int | None = None, cards: int = 1, first_seat: int = 0) -> MayIVerdict:
    """Who takes the top discard when ``claimants`` call "May I?" (docs/rulings.md, "May I").

    Seats are 0-based; the sentences number them from ``first_seat`` (the tool page counts from 1,
    as players do; the API from 0, as its seats are)."""
    players = variant.check_players(players, "players")
    current = _seat(current, players, "current", first_seat)
    if isinstance(claimants, (str, bytes)) or not isinstance(claimants, Sequence):
        raise RulesInputError(_("%(value)r is not a list of seat numbers", value=claimants), "claimants", claimants)
    discarder = (current - 1) % players
    if not variant.may_i.allowed:  # nobody may claim, whoever asks: that is the whole answer
        return _no_may_i(variant, current, discarder, cards if isinstance(cards, int) else 1)

    def no(seat: int) -> int:  # a seat as the sentences number it
        return seat + first_seat

    seen = _claiming_seats(claimants, players, current, discarder, first_seat)
    if round_number is not None:
        variant.round(round_number, "round")
    cards = _discards_claimed(variant, cards)

    rule = variant.cite("may_i")
    citations: list[Citation] = [rule]
    reasons: list[str] = []
    notes: list[str] = []

    def cite(c: Citation) -> str:
        if c not in citations:
            citations.append(c)
        return f"({c.shown_label})"

    def refuse(text: str, citation: Citation) -> MayIVerdict:
        reasons.append(f"{text} {cite(citation)}")
        return MayIVerdict(False, None, 0, "discard", reasons, citations, discarder, current, cards, notes)

    if not variant.may_i_allowed_in(round_number):
        return refuse(*_last_rounds_refusal(variant, round_number, no(current)))
    if round_number is None and variant.no_may_i_in_last_rounds:
        notes.append(_("The round was not given, so the house option \"no May I in the last rounds\" could not be "
                       "checked."))
    if cards > 1 and not variant.may_i.multiple_discards:
        return refuse(
            _("Only the most recent discard may be claimed in %(variant)s; %(cards)s discards were asked for.",
              variant=variant.name, cards=cards), rule
        )
    if not claimants:
        return refuse(
            _("Nobody claimed the discard, so there is no May I: seat %(current)s draws as usual, "
              "the top discard or the top of the stock.", current=no(current)),
            rule,
        )

    order = [(current + k) % players for k in range(players)]
    taker = next(seat for seat in order if seat in seen)
    # numbers as the API gives them; with players' numbering (the page), each named as a seat
    claim_list = ", ".join(_("seat %(seat)s", seat=no(c)) if first_seat else str(c) for c in claimants)
    if taker == current:
        penalty, draws_from = _turn_player_takes(variant, no(current), cards, cite(rule), reasons)
    else:
        penalty, draws_from = _claimant_takes(variant, no(taker), no(current), cards, claim_list, cite(rule), reasons, notes)
    return MayIVerdict(
        allowed=True,
        taker=taker,
        penalty_cards=penalty,
        current_draws_from=draws_from,
        reasons=reasons,
        citations=citations,
        discarder=discarder,
        current=current,
        cards=cards,
        notes=notes,
        discard_pile_dead=variant.may_i.discard_pile_dead,
        taker_may_lay_down=not (variant.may_i.no_lay_down_until_next_turn and taker != current),
    )
