"""Penalty points of a hand (what a player still holds when someone goes out)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from .cards import Card
from .errors import RulesInputError
from .limits import MAX_CARDS_IN_HAND, MAX_MISSING_CARDS
from .words import _
from .variants import RoundScore, Variant


@dataclass(frozen=True)
class ScoreLine:
    card: str  # a card code, or a description such as "2 missing cards"
    points: int

    def as_dict(self) -> dict[str, Any]:
        return {"card": self.card, "points": self.points}


@dataclass(frozen=True)
class HandScore:
    points: int
    lines: tuple[ScoreLine, ...]
    missing_cards: int = 0
    missing_card_points: int = 0

    def as_dict(self) -> dict[str, Any]:
        data = {"points": self.points, "lines": [line.as_dict() for line in self.lines]}
        if self.missing_cards:
            data["missing_cards"] = self.missing_cards
            data["missing_card_points"] = self.missing_card_points
        return data


def check_missing_cards(missing_cards: object, field: str = "missing_cards") -> int:
    if missing_cards is None:
        return 0
    if not isinstance(missing_cards, int) or isinstance(missing_cards, bool) or missing_cards < 0:
        raise RulesInputError(_("%(value)r is not a number of missing cards (a whole number, 0 or more)", value=missing_cards), field, missing_cards)
    if missing_cards > MAX_MISSING_CARDS:
        raise RulesInputError(_("%(count)s missing cards is more than any hand holds", count=missing_cards), field, missing_cards)
    return missing_cards


def missing_card_penalty(variant: Variant, missing_cards: int) -> int:
    """Incorrect hand: too few cards costs the variant's penalty per missing card (001, "Incorrect hand")."""
    return variant.scoring.missing_card_penalty * missing_cards


def hand_points(variant: Variant, cards: Iterable[Card], missing_cards: int = 0) -> HandScore:
    """Points of the cards left in a hand under ``variant``'s card values, plus the incorrect-hand
    penalty for ``missing_cards`` (docs/rulings.md, "Irregularities")."""
    if variant.scoring.round_score is not RoundScore.PENALTY:
        raise RulesInputError(_("%(variant)s does not score the cards left in a hand", variant=variant.name), "variant", variant.id)
    missing_cards = check_missing_cards(missing_cards)
    lines = []
    for card in cards:
        variant.check_card(card)
        lines.append(ScoreLine(card.code, variant.card_points(card)))
    return _hand_score(variant, lines, missing_cards)


def _hand_score(variant: Variant, lines: Iterable[ScoreLine], missing_cards: int) -> HandScore:
    """The lines' points and the incorrect-hand penalty for ``missing_cards``."""
    lines = tuple(lines)
    extra = missing_card_penalty(variant, missing_cards)
    return HandScore(sum(line.points for line in lines) + extra, lines, missing_cards, extra)


def points_classes(variant: Variant) -> list[tuple[int, list[str]]]:
    """The variant's distinct card values with the ranks worth each, highest first
    (for "three 5-point cards" steppers)."""
    by_value: dict[int, list[str]] = {}
    for key, value in variant.points.items():
        by_value.setdefault(value, []).append(key)
    return sorted(by_value.items(), key=lambda kv: -kv[0])


MAX_VALUE_COUNT = MAX_CARDS_IN_HAND  # as many cards as any May I hand could hold


def check_value_counts(variant: Variant, counts: object, field: str = "values") -> dict[int, int]:
    """``{card value: how many cards of that value}`` checked against ``variant``'s card values
    (JSON keys are strings: ``{"5": 3}``). Zero counts are dropped."""
    if not isinstance(counts, Mapping):
        raise RulesInputError(_("%(value)r is not an object of card values and counts, such as {\"5\": 3, \"10\": 1}", value=counts), field, counts)
    values = {value for value, _ in points_classes(variant)}
    out: dict[int, int] = {}
    total = 0
    for key, count in counts.items():
        try:
            value = int(key) if not isinstance(key, bool) else None
        except (TypeError, ValueError):
            value = None
        if value is None or value not in values:
            allowed = ", ".join(str(v) for v in sorted(values))
            raise RulesInputError(_("%(value)r is not a card value in %(variant)s (card values: %(allowed)s)", value=key,
                                     variant=variant.name, allowed=allowed), f"{field}.{key}", key)
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise RulesInputError(_("%(value)r is not a number of %(points)s-point cards (a whole number, 0 or more)",
                                     value=count, points=value), f"{field}.{key}", count)
        total += count
        if total > MAX_VALUE_COUNT:
            raise RulesInputError(_("%(count)s cards is more than any hand holds", count=total), f"{field}.{key}", count)
        if count:
            out[value] = out.get(value, 0) + count
    return dict(sorted(out.items(), key=lambda kv: -kv[0]))


def points_from_value_counts(variant: Variant, counts: Mapping[Any, Any], missing_cards: int = 0) -> HandScore:
    """Points of a hand entered as "so many cards of each value" (three 5-point cards and a 10:
    ``{5: 3, 10: 1}``), under ``variant``'s card values, plus the incorrect-hand penalty for
    ``missing_cards`` (docs/rulings.md, "Irregularities"). Same total as :func:`hand_points` for the
    same cards."""
    if variant.scoring.round_score is not RoundScore.PENALTY:
        raise RulesInputError(_("%(variant)s does not score the cards left in a hand", variant=variant.name), "variant", variant.id)
    checked = check_value_counts(variant, counts)
    missing_cards = check_missing_cards(missing_cards)
    names = dict(points_classes(variant))
    return _hand_score(variant, (ScoreLine(f"{count} × {value} ({' '.join(names[value])})", count * value)
                                 for value, count in checked.items()), missing_cards)
