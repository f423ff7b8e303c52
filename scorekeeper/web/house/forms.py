"""The house variant form: every rule the variant data holds, as phone inputs named after the
``changes`` keys (docs/api.md, "House variants"). The form only turns the inputs into a
``changes`` mapping; ``scorekeeper.rules.house.apply_changes`` checks it, exactly as it checks the
API's and an imported file's."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import StringField, SubmitField, TextAreaField
from wtforms.validators import Length

from scorekeeper.rules.cards import JOKER, RANKS
from scorekeeper.web.forms import PageForm
from scorekeeper.rules.house import LIMITS
from scorekeeper.rules.variants import AceRule, ContractKind, StockExhausted, Variant

MAX_ROUNDS = LIMITS["rounds"][1]
POINT_KEYS = (*RANKS, JOKER)

ACE_CHOICES = [("low", _l("Low only: A-2-3-4")), ("low-or-high", _l("Low or high, not both")),
               ("around-the-corner", _l("Low, high or both: Q-K-A-2")), ("high", _l("High only: J-Q-K-A"))]
KIND_CHOICES = [("exact", _l("Exact: just the contract, all at once")), ("minimum", _l("A minimum: more or longer melds"))]
STOCK_CHOICES = [("turn-over-once-then-end", _l("Turn the discards over once, then the round ends")),
                 ("reshuffle", _l("Shuffle the discards into a new stock"))]
assert {k for k, _ in ACE_CHOICES} == {str(a) for a in AceRule}
assert {k for k, _ in KIND_CHOICES} == {str(k) for k in ContractKind}
assert {k for k, _ in STOCK_CHOICES} == {str(s) for s in StockExhausted}

# Each input: its name (a changes key path), its label. Rounds and card points are added below.
NUMBERS = {
    "players.min": _l("Fewest players"), "players.max": _l("Most players"), "jokers_per_deck": _l("Jokers per deck"),
    "cards_dealt": _l("Cards dealt to each player"), "melds.set_min": _l("Cards in a set, at least"),
    "melds.run_min": _l("Cards in a run, at least"), "melds.run_max": _l("Longest run"),
    "scoring.round_win_bonus": _l("Points off your total per round won"),
    "scoring.missing_card_penalty": _l("Incorrect hand: points per missing card"),
    "may_i.penalty_cards_per_discard": _l("May I: penalty cards per discard taken"),
    "may_i.none_in_last_rounds": _l("No May I in the last … rounds (0: every round)"),
    # ROY's (a shedding game: no melds, contracts or card points)
    "target": _l("Points that win the game"),
    "roy.draw_per_card": _l("An ace: cards the next player draws"),
    "roy.skip_draw": _l("King of spades: cards the next player draws"),
}
ROY_NUMBERS = ("players.min", "players.max", "cards_dealt", "target", "roy.draw_per_card", "roy.skip_draw")
CHECKS = {
    "melds.wilds_may_not_outnumber_naturals": _l("Wilds may not outnumber natural cards in a meld"),
    "melds.all_wild_set": _l("A set made only of wild cards is allowed"),
    "melds.same_suit_runs": _l("Two runs of one suit may be in one contract"),
    "last_round.no_discard": _l("Last round: go out with no discard"),
    "last_round.all_cards_in_contract": _l("Last round: every card goes into the contract"),
    "may_i.allowed": _l("May I is played"),
    "may_i.multiple_discards": _l("May I: several discards may be taken at once"),
    "may_i.discard_pile_dead": _l("May I: the rest of the discard pile is dead after one"),
    "may_i.no_lay_down_until_next_turn": _l("May I: no laying down until your next turn"),
}
CHOICES = {"melds.aces": (_l("Aces in runs"), ACE_CHOICES), "contract_kind": (_l("Contracts are"), KIND_CHOICES),
           "stock_exhausted": (_l("When the stock runs out"), STOCK_CHOICES)}
TEXTS = {"wild_cards": _l("Wild cards"), "decks": _l("Decks")}
POINT_LABELS = {"A": _l("Ace"), "J": _l("Jack"), "Q": _l("Queen"), "K": _l("King"), JOKER: _l("Joker")}


def label_of(name: str) -> str:
    if name.startswith("rounds-"):
        return _("Round %(n)s", n=name.split('-')[1])
    if name.startswith("card_points."):
        rank = name.split(".", 1)[1]
        return _("%(card)s points", card=POINT_LABELS.get(rank, rank))
    return {**NUMBERS, **CHECKS, **TEXTS, **{k: v[0] for k, v in CHOICES.items()}, "name": _("Name")}.get(name, name)


class HouseForm(PageForm):
    """The name and the CSRF token; the rules inputs are read by :func:`changes_from_form`."""

    name = StringField(_l("Name of your rules"), validators=[Length(max=200)])
    check = SubmitField(_l("Check"))
    save = SubmitField(_l("Save these rules"))


class ImportForm(PageForm):
    text = TextAreaField(_l("Or paste the file's text"))
    name = StringField(_l("Name (leave empty to keep the file's)"), validators=[Length(max=200)])
    submit = SubmitField(_l("Import"))


# ----- values shown -----------------------------------------------------------------------------------

def decks_text(v: Variant) -> str:
    """``2``, or ``4:2 6:3 8:4`` (up to 4 players: 2 decks...)."""
    if len(v.deck_steps) == 1:
        return str(v.deck_steps[0].decks)
    return " ".join(f"{s.up_to}:{s.decks}" for s in v.deck_steps)


def values_of(v: Variant) -> dict[str, str]:
    """Every input's value for variant ``v`` (text as the form shows it; checkboxes "on" or "")."""
    if v.roy is not None:
        return {"players.min": str(v.players.min), "players.max": str(v.players.max),
                "cards_dealt": str(v.cards_dealt), "target": str(v.scoring.target),
                "roy.draw_per_card": str(v.roy.draw_per_card), "roy.skip_draw": str(v.roy.skip_draw)}
    m = v.melds
    out = {"players.min": str(v.players.min), "players.max": str(v.players.max), "decks": decks_text(v),
           "jokers_per_deck": str(v.jokers_per_deck), "cards_dealt": str(v.cards_dealt),
           "contract_kind": str(v.contract_kind), "melds.set_min": str(m.set_min), "melds.run_min": str(m.run_min),
           "melds.run_max": str(m.run_max), "melds.aces": str(m.aces), "wild_cards": " ".join(m.wild.tokens),
           "scoring.round_win_bonus": str(v.scoring.round_win_bonus),
           "scoring.missing_card_penalty": str(v.scoring.missing_card_penalty),
           "may_i.penalty_cards_per_discard": str(v.may_i.penalty_cards_per_discard),
           "may_i.none_in_last_rounds": str(v.may_i.none_in_last_rounds),
           "stock_exhausted": str(v.stock_exhausted)}
    checks = {"melds.wilds_may_not_outnumber_naturals": m.wilds_may_not_outnumber_naturals,
              "melds.all_wild_set": m.all_wild_set, "melds.same_suit_runs": m.same_suit_runs,
              "last_round.no_discard": bool(v.last_round and v.last_round.no_discard),
              "last_round.all_cards_in_contract": bool(v.last_round and v.last_round.all_cards_in_contract),
              "may_i.allowed": v.may_i.allowed, "may_i.multiple_discards": v.may_i.multiple_discards,
              "may_i.discard_pile_dead": v.may_i.discard_pile_dead,
              "may_i.no_lay_down_until_next_turn": v.may_i.no_lay_down_until_next_turn}
    out.update({k: "on" if on else "" for k, on in checks.items()})
    for i in range(1, MAX_ROUNDS + 1):
        r = v.rounds[i - 1].contract if i <= len(v.rounds) else None
        out[f"rounds-{i}-sets"] = str(r.sets) if r else "0"
        out[f"rounds-{i}-runs"] = str(r.runs) if r else "0"
    for rank in POINT_KEYS:
        out[f"card_points.{rank}"] = str(v.points[rank]) if rank in v.points else ""
    return out


# ----- the inputs as changes --------------------------------------------------------------------------

@dataclass
class Parsed:
    changes: dict[str, Any]
    errors: dict[str, list[str]]


def _number(text: str) -> Any:
    """A whole number typed; anything else is passed on as typed, for the rules to refuse by name."""
    text = (text or "").strip()
    return int(text) if re.fullmatch(r"-?\d{1,6}", text) else text


def _put(changes: dict, path: str, value: Any) -> None:
    head, _dot, tail = path.partition(".")
    if tail:
        changes.setdefault(head, {})[tail] = value
    else:
        changes[head] = value


def changes_from_form(data: Mapping[str, str], base: Variant) -> Parsed:
    """The full ``changes`` the inputs describe (every rule, not only what differs: the rules
    module works out the difference). Rounds: the rows up to the first empty one."""
    changes: dict[str, Any] = {}
    errors: dict[str, list[str]] = {}
    if not base.is_contract_game:
        for name in ROY_NUMBERS:
            _put(changes, name, _number(data.get(name, "")))
        return Parsed(changes, errors)
    for name in NUMBERS:
        if name in ROY_NUMBERS[3:]:
            continue
        _put(changes, name, _number(data.get(name, "")))
    for name in CHECKS:
        _put(changes, name, bool(data.get(name)))
    for name in CHOICES:
        _put(changes, name, data.get(name, ""))
    changes["wild_cards"] = (data.get("wild_cards") or "").replace(",", " ").split()
    decks = (data.get("decks") or "").replace(",", " ").split()
    if len(decks) == 1 and ":" not in decks[0]:
        changes["decks"] = _number(decks[0])
    else:
        steps = []
        for part in decks:
            up_to, _colon, n = part.partition(":")
            if not n:
                errors.setdefault("decks", []).append(
                    _("Decks: %(value)s is not 'players:decks' (e.g. 4:2 6:3 8:4, or one number for every table)",
                      value=repr(part)))
                break
            steps.append({"up_to": _number(up_to), "decks": _number(n)})
        if not decks:
            errors.setdefault("decks", []).append(_("Decks: empty; give the number of decks (e.g. 2)"))
        changes["decks"] = steps
    rounds = []
    ended_at = None
    for i in range(1, MAX_ROUNDS + 1):
        sets, runs = _number(data.get(f"rounds-{i}-sets", "0") or "0"), _number(data.get(f"rounds-{i}-runs", "0") or "0")
        if sets in (0, "") and runs in (0, ""):
            ended_at = ended_at or i
            continue
        if ended_at is not None:
            errors.setdefault(f"rounds-{ended_at}", []).append(
                _("Round %(empty)s: no contract, but round %(n)s has one; the game ends at the first empty round",
                  empty=ended_at, n=i))
            break
        rounds.append({"contract": {"sets": sets, "runs": runs}})
    changes["rounds"] = rounds
    points = {}
    for rank in POINT_KEYS:
        text = (data.get(f"card_points.{rank}") or "").strip()
        if text or rank != JOKER:
            points[rank] = _number(text)
    changes["card_points"] = points
    last = changes.get("last_round", {})
    if not any(last.values()):
        changes["last_round"] = None
    if not changes["may_i"]["none_in_last_rounds"]:
        changes["may_i"]["none_in_last_rounds"] = 0
    return Parsed(changes, errors)


def input_for(field: str | None, inputs: Mapping[str, str]) -> str:
    """The input to show a rules error beside (``rounds[3].contract`` → ``rounds-4``)."""
    if not field:
        return "_form"
    m = re.match(r"rounds\[(\d+)\]", field)
    if m:
        return f"rounds-{int(m.group(1)) + 1}"
    if field.startswith("decks"):
        return "decks"
    if field in inputs or field == "name":
        return field
    if field == "melds.wild":
        return "wild_cards"
    return "_form"
