"""May I: who takes a claimed discard, and at what cost (rulings.md, "May I").

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
from typing import Sequence

from .errors import RulesInputError
from .variants import Citation, Variant, VariantError


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

    def as_dict(self) -> dict:
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
        raise RulesInputError(f"{value!r} is not {what}", field, value)
    return value


def _seat(value: object, players: int, field: str) -> int:
    seat = _whole(value, field, "a seat number (a whole number)")
    if not 0 <= seat < players:
        raise RulesInputError(
            f"seat {seat} is out of range: with {players} players the seats are 0 to {players - 1}", field, seat
        )
    return seat


def _cards_word(n: int) -> str:
    return "one card" if n == 1 else f"{n} cards"


def resolve_may_i(variant: Variant, players: int, current: int, claimants: Sequence[int],
                  round_number: int | None = None, cards: int = 1) -> MayIVerdict:
    """Who takes the top discard when ``claimants`` call "May I?" (rulings.md, "May I")."""
    if not variant.may_i.allowed:
        raise VariantError(f"{variant.name} has no May I", "variant", variant.id)
    players = variant.check_players(players, "players")
    current = _seat(current, players, "current")
    if isinstance(claimants, (str, bytes)) or not isinstance(claimants, Sequence):
        raise RulesInputError(f"{claimants!r} is not a list of seat numbers", "claimants", claimants)
    discarder = (current - 1) % players
    seen: set[int] = set()
    for i, value in enumerate(claimants):
        seat = _seat(value, players, f"claimants[{i}]")
        if seat in seen:
            raise RulesInputError(f"seat {seat} is listed twice", f"claimants[{i}]", seat)
        if seat == discarder:
            raise RulesInputError(
                f"seat {seat} is the discarder (the seat before the current player, seat {current}) "
                "and cannot claim their own discard",
                f"claimants[{i}]",
                seat,
            )
        seen.add(seat)
    if round_number is not None:
        variant.round(round_number, "round")
    cards = _whole(cards, "cards", "a number of discards (a whole number)")
    if cards < 1:
        raise RulesInputError(f"{cards} is not a number of discards: at least 1 card is claimed", "cards", cards)
    if cards > 52 * variant.max_decks:
        raise RulesInputError(f"{cards} discards is more than the pack holds", "cards", cards)

    rule = variant.cite("may_i")
    citations: list[Citation] = [rule]
    reasons: list[str] = []
    notes: list[str] = []

    def cite(c: Citation) -> str:
        if c not in citations:
            citations.append(c)
        return f"({c.label})"

    def refuse(text: str, citation: Citation) -> MayIVerdict:
        reasons.append(f"{text} {cite(citation)}")
        return MayIVerdict(False, None, 0, "discard", reasons, citations, discarder, current, cards, notes)

    if not variant.may_i_allowed_in(round_number):
        option = variant.house_options["no_may_i_in_last_three_rounds"] \
            if "no_may_i_in_last_three_rounds" in variant.house_options else None
        last = variant.no_may_i_in_last_rounds
        if variant.may_i.none_in_last_rounds == last:  # the house variant's own rule (rules/house.py)
            return refuse(
                f"No May I in the last {last} rounds (a house rule of {variant.name}); round {round_number} is one "
                f"of them, so seat {current} draws as usual.",
                variant.cite("may_i"),
            )
        return refuse(
            f"No May I in the last {last} rounds (house option in force); round {round_number} is one of them, "
            f"so seat {current} draws as usual.",
            option.source if option else Citation("house", "no May I in the last rounds"),
        )
    if round_number is None and variant.no_may_i_in_last_rounds:
        notes.append("The round was not given, so the house option \"no May I in the last rounds\" could not be checked.")
    if cards > 1 and not variant.may_i.multiple_discards:
        return refuse(
            f"Only the most recent discard may be claimed in {variant.name}; {cards} discards were asked for.", rule
        )
    if not claimants:
        return refuse(
            f"Nobody claimed the discard, so there is no May I: seat {current} draws as usual, "
            "the top discard or the top of the stock.",
            rule,
        )

    order = [(current + k) % players for k in range(players)]
    taker = next(seat for seat in order if seat in seen)
    claim_list = ", ".join(str(c) for c in claimants)
    per = variant.may_i.penalty_cards_per_discard
    if taker == current:
        penalty = per * (cards - 1)
        text = (
            f"Seat {current}, whose turn it is, claimed the discard and is first in rotation, so they take it as "
            "their normal draw with no penalty"
        )
        if penalty:
            text += f", plus {_cards_word(penalty)} from the stock for the {cards - 1} further discards"
        reasons.append(f"{text}. {cite(rule)}")
        draws_from = "discard"
    else:
        penalty = per * cards
        reasons.append(
            f"Of the claimants ({claim_list}), seat {taker} is closest in rotation to the current player "
            f"(seat {current}), counting the current player first, so seat {taker} takes the discard. {cite(rule)}"
        )
        taken = "the discard" if cards == 1 else f"the {cards} discards"
        reasons.append(
            f"Seat {taker} takes {taken} plus {_cards_word(penalty)} from the stock as a penalty and does not "
            f"discard; seat {current} then draws from the stock only. {cite(rule)}"
        )
        draws_from = "stock"
        if variant.may_i.multiple_discards:
            notes.append(
                f"A player asked who refuses must take the discard themself, with the penalty: the same outcome as "
                f"the closest claimant taking it. {cite(rule)}"
            )
    if variant.may_i.discard_pile_dead and taker != current:
        reasons.append(f"The rest of the discard pile is dead: nobody may take it this turn. {cite(rule)}")
    if variant.may_i.no_lay_down_until_next_turn and taker != current:
        reasons.append(f"Seat {taker} may not lay down any cards until their next regular turn. {cite(rule)}")
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
