"""What the rules pages and tools need to know about house variants (no routes here: the rules
blueprint imports this module, the house blueprint's routes import the rules forms)."""
from __future__ import annotations

from typing import Any, Iterable

from flask_babel import gettext as _
from wtforms import SelectChoice

from scorekeeper.rules import house as rules_house
from scorekeeper.rules import house_settings
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.reference import changed_sections
from scorekeeper.rules.variants import VARIANTS, Variant, get_variant
from scorekeeper.services import house

from . import remembered

def with_chosen(variants: Iterable[Variant], *ids: object) -> list[Variant]:
    """``variants`` plus the house variants (or shipped examples) named by ``ids``, so a tool's
    variant list shows the one the user came with."""
    out = list(variants)
    for vid in ids:
        if not isinstance(vid, str) or not vid or vid in VARIANTS or any(v.id == vid for v in out):
            continue
        try:
            out.append(house.find_variant(vid))
        except RulesInputError:
            continue
    return out


def house_page_context(v: Variant) -> dict[str, Any]:
    """For a rules page: the differences from the base (each section that states one is marked),
    and for a stored house variant its version and whether this browser may change it."""
    if not v.based_on:
        return {"house": None}
    base = get_variant(v.based_on)
    diffs = rules_house.differences(base, v)
    by_anchor: dict[str, list[str]] = {}
    for d in diffs:
        by_anchor.setdefault(house_settings.anchor_of(d.key, d.part), []).append(d.text)
    # every section whose words changed is marked, with the changes it states (or, where a change
    # reaches it from another section, say fewer rounds moving the last round, all of them)
    changed = {anchor: by_anchor.get(anchor) or [d.text for d in diffs]
               for anchor in changed_sections(base, v)}
    row = house.find_row(v.id)
    return {"house": {
        "base": base,
        "differences": diffs,
        "text": rules_house.describe_differences(base, v),
        "changed": changed,
        "row": row,
        "example": row is None,
        "note": _(rules_house.EXAMPLE_NOTES[v.id]) if row is None and v.id in rules_house.EXAMPLE_NOTES else None,
        "editor": row is not None and remembered.can_edit("house", row),
    }}


def house_index_context() -> dict[str, Any]:
    """For the rules index: this browser's house variants and the shipped examples."""
    examples = rules_house.examples()
    mine = [house.variant_of_row(r) for r in house.rows_by_ids(remembered.ids("house"))]
    return {"house_examples": examples, "house_mine": mine,
            "house_texts": {v.id: _sentence(rules_house.describe_differences(get_variant(v.based_on), v))
                            for v in examples}}


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def add_variant_choice(field, *variant_ids: object) -> None:
    """Offer house variants (or examples) in a variant <select> of the built-in variants: the one
    the page was opened for and this browser's own."""
    field.choices = field.choices + [
        SelectChoice(v.id, _("%(name)s (house rules) · %(min)s–%(max)s players", name=v.name,
                             min=v.players.min, max=v.players.max))
        for v in with_chosen([], *variant_ids)]
