"""Rounding as people do it by hand: half up (away from zero), on the exact value.

Every figure the statistics show or send is rounded here, once (docs/api.md, Statistics:
"0.125 → 0.13, 0.0625 → 0.063, on the exact fraction, not a float"). Python's ``round`` and
Babel's number formats round half to even, on a float: 0.125 becomes 0.12.
"""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction


def exact(value: int | float | Fraction | Decimal) -> Fraction:
    """The value as an exact fraction; a float is read as it is written (2.675 is 2675/1000,
    not the binary value just below it)."""
    if isinstance(value, float):
        return Fraction(Decimal(repr(value)))
    return Fraction(value)


def half_up(value: int | float | Fraction | Decimal, places: int) -> Decimal:
    """``value`` rounded half up to ``places`` decimals, as an exact Decimal."""
    scaled = exact(value) * 10 ** places
    sign = -1 if scaled < 0 else 1
    whole = (abs(scaled) + Fraction(1, 2)).__floor__()
    return (Decimal(sign * whole) / Decimal(10) ** places).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def ratio(numerator: int, denominator: int, places: int) -> float | None:
    """``numerator / denominator`` rounded half up to ``places`` decimals, as the JSON number
    (None when there is nothing to divide by)."""
    if not denominator:
        return None
    return float(half_up(Fraction(numerator, denominator), places))
