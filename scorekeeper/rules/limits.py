"""The limits of what a player may type for a hand (beyond them it is a typing error, not a hand),
and points no hand of a variant could score (the round form asks the table to confirm them)."""
from __future__ import annotations

from functools import lru_cache
from math import gcd

from .variants import Variant
from .words import ngettext

MAX_POINTS = 10_000  # typed points above this are a typing error, not a hand
MAX_CARDS_IN_HAND = 120  # more than any May I hand could hold, even after many May I penalties
MAX_MISSING_CARDS = 60  # an incorrect hand's missing cards: more is a typing error
MAX_CARDS_LEFT_ROY = 52  # a ROY hand's cards left: no more than its one pack


@lru_cache(maxsize=None)
def _possible_points(values: tuple[int, ...], high: int = MAX_POINTS) -> frozenset[int]:
    """Every total some hand could score with cards of these values (and incorrect-hand penalties)."""
    can = [False] * (high + 1)
    can[0] = True
    for n in range(1, high + 1):
        can[n] = any(v <= n and can[n - v] for v in values)
    return frozenset(n for n, ok in enumerate(can) if ok)


def unlikely_points(variant: Variant, points: int) -> str | None:
    """Why no hand of ``variant`` could score ``points`` (typed points are then confirmed), or None."""
    values = tuple(sorted({v for v in variant.points.values() if v > 0}
                          | ({variant.scoring.missing_card_penalty} if variant.scoring.missing_card_penalty else set())))
    if not values or points in _possible_points(values):
        return None
    step = gcd(*values)
    if step > 1:
        return ngettext("%(points)s point: no %(game)s hand adds up to %(points)s (every card is worth a multiple of "
                        "%(step)s). Check it, or tick “Yes, these points are right”",
                        "%(points)s points: no %(game)s hand adds up to %(points)s (every card is worth a multiple of "
                        "%(step)s). Check it, or tick “Yes, these points are right”",
                        abs(points), points=points, game=variant.name, step=step)
    return ngettext("%(points)s point: no %(game)s hand adds up to %(points)s. Check it, or tick “Yes, these points are right”",
                    "%(points)s points: no %(game)s hand adds up to %(points)s. Check it, or tick “Yes, these points are right”",
                    abs(points), points=points, game=variant.name)
