"""Finding a variant by id, one way for the whole app: built-in, shipped example, or a family's own
house variant (stored by scorekeeper/services/house.py), and the rules a new game keeps."""
from __future__ import annotations

import re
from functools import lru_cache

from ..db import db
from ..models import HouseVariant
from ..rules import house as rules_house
from ..rules.variants import VARIANTS, Variant, get_variant, load_variant

HOUSE_ID = re.compile(r"h-[A-Za-z0-9_-]{1,30}")


@lru_cache(maxsize=256)
def _from_toml(text: str) -> Variant:
    return load_variant(text)


def variant_of_row(row: HouseVariant) -> Variant:
    return _from_toml(row.rules_toml)


def find_row(variant_id: object) -> HouseVariant | None:
    if not isinstance(variant_id, str) or not HOUSE_ID.fullmatch(variant_id):
        return None
    return db.session.get(HouseVariant, variant_id)


def find_variant(variant_id: object, field: str = "variant") -> Variant:
    """Any variant by id: built-in, shipped example or house variant; :class:`VariantError` naming
    the id otherwise (the same error ``get_variant`` gives)."""
    if isinstance(variant_id, str):
        if variant_id in VARIANTS:
            return VARIANTS[variant_id]
        example = rules_house.example(variant_id)
        if example is not None:
            return example
        row = find_row(variant_id)
        if row is not None:
            return variant_of_row(row)
    return get_variant(variant_id, field)  # raises, naming the id and the built-in ones


def rules_for_new_game(variant_id: object) -> tuple[Variant, str | None, int | None]:
    """The variant a new game is played under, the TOML text it keeps, and the house version."""
    row = find_row(variant_id)
    if row is not None:
        return variant_of_row(row), row.rules_toml, row.version
    example = rules_house.example(variant_id) if isinstance(variant_id, str) else None
    if example is not None:
        return example, rules_house.to_toml(example), None
    return get_variant(variant_id), None, None
