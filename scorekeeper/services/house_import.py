"""Importing a house variant file where it belongs: into a table (it joins the table, so the
table's "Start a game" offers it), and recognising a file imported before. A variant of the same
name already there is never silently copied: with the same rules the import is the one already
there; with other rules the person chooses to update it or to keep both (the new one under a
name of its own)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from flask_babel import gettext as _

from ..db import db
from ..models import HouseVariant, utcnow
from ..rules import house as rules_house
from ..rules.errors import RulesInputError
from ..rules.variants import get_variant
from . import house
from .errors import Conflict, ServiceError, Unprocessable
from .transactions import commit

CHOICES = ("update", "keep_both")


@dataclass(frozen=True)
class Imported:
    row: HouseVariant
    edit_token: str | None  # a new variant's (None when an existing one was found or updated)
    outcome: str  # "created", "same" (already there, nothing changed), "updated", "kept_both"


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _same_name(name: str, table_id: str | None, own_ids: Iterable[str]) -> HouseVariant | None:
    """The variant of this name already there: the table's, or (no table) one of this phone's own."""
    rows: Iterable[HouseVariant]
    if table_id:
        rows = db.session.execute(db.select(HouseVariant).where(HouseVariant.table_id == table_id)).scalars()
    else:
        rows = (r for r in house.rows_by_ids(list(own_ids)) if r.table_id is None)
    return next((r for r in sorted(rows, key=lambda r: r.created_at) if _key(r.name) == _key(name)), None)


def free_name(name: str, table_id: str | None, own_ids: Iterable[str]) -> str:
    """``name (2)``, ``name (3)``...: the first that is not taken there."""
    own_ids = list(own_ids)
    for n in range(2, 100):
        candidate = f"{name[:52]} ({n})"
        if _same_name(candidate, table_id, own_ids) is None:
            return candidate
    return f"{name[:48]} ({utcnow():%H%M%S})"


def import_file(text: object, name: object = None, table_id: str | None = None, duplicate: object = None,
                own_ids: Iterable[str] = ()) -> Imported:
    """Import a house variant file into ``table_id`` (checked by the caller) or among ``own_ids``
    (the variants this phone may change). ``duplicate``: what to do when a variant of the same name
    with other rules is there (``update`` or ``keep_both``); without it that case is a 409 naming
    the variant and the two choices."""
    if duplicate not in (None, "", *CHOICES):
        raise ServiceError(_("duplicate: %(value)s is not one of update, keep_both", value=repr(duplicate)[:60]),
                           "duplicate")
    variant = house.variant_from_file(text, name)
    own_ids = list(own_ids)
    base = get_variant(variant.based_on)
    changes = rules_house.changes_between(base, variant)
    there = _same_name(variant.name, table_id, own_ids)
    if there is not None and there.based_on == base.id and there.changes == changes:
        return Imported(there, None, "same")
    if there is not None and duplicate == "update":
        return Imported(_replace(there, variant.name, base.id, changes), None, "updated")
    if there is not None and duplicate != "keep_both":
        copy = free_name(variant.name, table_id, own_ids)
        where = (_("%(name)s is already at this table, with other rules: update it, or keep both (the new one as "
                   "“%(copy)s”)?", name=there.name, copy=copy) if table_id else
                 _("%(name)s is already among your house rules, with other rules: update it, or keep both (the new "
                   "one as “%(copy)s”)?", name=there.name, copy=copy))
        raise Conflict(where, "duplicate", existing=there.id, choices=list(CHOICES), copy_name=copy)
    if there is not None:
        saved = house.create(base.id, free_name(variant.name, table_id, own_ids), changes, table_id)
        return Imported(saved.row, saved.edit_token, "kept_both")
    saved = house.create(base.id, variant.name, changes, table_id)
    return Imported(saved.row, saved.edit_token, "created")


def _replace(row: HouseVariant, name: str, based_on: str, changes: dict) -> HouseVariant:
    """The file's rules as the next version of ``row`` (games already started keep theirs)."""
    base = get_variant(based_on)
    try:
        variant = rules_house.apply_changes(base, changes, id=row.id, name=name)
    except RulesInputError as err:  # pragma: no cover (the file was checked with the same rules)
        raise Unprocessable(str(err), err.field) from None
    row.name, row.based_on, row.changes = variant.name, base.id, rules_house.changes_between(base, variant)
    row.rules_toml = rules_house.to_toml(variant)
    row.version += 1
    row.updated_at = utcnow()
    commit(_("the house variant changed on another phone at the same moment; try again"))
    return row
