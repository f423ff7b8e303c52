"""House variants: stored, looked up, changed with an edit token. The rules live in
``scorekeeper.rules.house``; this module keeps them in the database and finds any variant by id
(built-in, shipped example, or a family's own) for the API, the pages and new games."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from flask_babel import gettext as _

from ..db import db
from ..models import HouseVariant, Table, new_house_variant_id, utcnow
from ..rules import house as rules_house
from ..rules.errors import RulesInputError
from ..rules.variants import Variant, VariantError, get_variant
from .errors import Conflict, NotFound, ServiceError, Unprocessable
from .transactions import commit
from .variants import HOUSE_ID, find_row, find_variant, variant_of_row  # noqa: F401  (one way in for the pages and the API)
from . import tables
from . import tokens

def get_row(variant_id: object) -> HouseVariant:
    row = find_row(variant_id)
    if row is None:
        shown = variant_id[:40] if isinstance(variant_id, str) else variant_id
        raise NotFound(_("no house variant %(id)s", id=repr(shown)), "id")
    return row


def rows(table_id: str | None = None, limit: int = 200) -> list[HouseVariant]:
    """House variants, newest first: a table's, or those of no table."""
    query = db.select(HouseVariant).order_by(HouseVariant.created_at.desc(), HouseVariant.id).limit(limit)
    query = query.where(HouseVariant.table_id == table_id if table_id else HouseVariant.table_id.is_(None))
    return list(db.session.execute(query).scalars())


def rows_by_ids(ids: list[str]) -> list[HouseVariant]:
    ids = [i for i in ids if isinstance(i, str) and HOUSE_ID.fullmatch(i)][:50]
    if not ids:
        return []
    found = {r.id: r for r in db.session.execute(db.select(HouseVariant).where(HouseVariant.id.in_(ids))).scalars()}
    return [found[i] for i in ids if i in found]


# ----- the document ----------------------------------------------------------------------------

def document(row: HouseVariant) -> dict[str, Any]:
    """``GET /api/v1/variants/<id>`` for a house variant: the variant document plus ``based_on``,
    the changes, the differences in words, its version and its table."""
    v = variant_of_row(row)
    base = get_variant(row.based_on)
    return {
        **v.as_dict(),
        "based_on": row.based_on,
        "house": True,
        "version": row.version,
        "changes": row.changes,
        "differences": [{"key": d.key, "text": d.text} for d in rules_house.differences(base, v)],
        "differences_text": rules_house.describe_differences(base, v),
        "table": row.table_id,
        "created_at": row.created_at.isoformat(timespec="seconds") + "Z",
        "updated_at": row.updated_at.isoformat(timespec="seconds") + "Z",
    }


def example_document(v: Variant) -> dict[str, Any]:
    base = get_variant(v.based_on)
    return {**v.as_dict(), "based_on": v.based_on, "house": True, "example": True,
            "changes": rules_house.changes_between(base, v),
            "differences": [{"key": d.key, "text": d.text} for d in rules_house.differences(base, v)],
            "differences_text": rules_house.describe_differences(base, v)}


# ----- create and change -------------------------------------------------------------------------

@dataclass(frozen=True)
class Saved:
    row: HouseVariant
    edit_token: str | None


def merge_changes(first: Mapping[str, Any], then: Mapping[str, Any]) -> dict[str, Any]:
    """``then`` over ``first``: objects merged key by key (as the API merges them into a variant)."""
    out = dict(first)
    for key, value in then.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = {**out[key], **value}
        else:
            out[key] = value
    return out


def _start(based_on: object, changes: object) -> tuple[Variant, Any]:
    """The built-in base and the changes; a shipped example as ``based_on`` starts from its changes."""
    if not isinstance(based_on, str) or not based_on:
        raise ServiceError(_("based_on: %(value)s is not a variant id (e.g. joybells)", value=repr(based_on)), "based_on")
    example = rules_house.example(based_on)
    if example is not None:
        base = get_variant(example.based_on)
        if isinstance(changes, Mapping):
            changes = merge_changes(rules_house.changes_between(base, example), changes)
        return base, changes
    try:
        base = find_variant(based_on, "based_on")
    except VariantError as err:
        raise Unprocessable(str(err), "based_on") from None
    if base.based_on:  # a house variant: start from its rules
        row = find_row(based_on)
        start = dict(row.changes) if row is not None else {}
        base = get_variant(base.based_on)
        if isinstance(changes, Mapping):
            changes = merge_changes(start, changes)
    return base, changes


def _build(base: Variant, changes: object, name: object, variant_id: str,
           all_rules: bool = False) -> tuple[Variant, dict[str, Any]]:
    if changes is None:
        changes = {}
    if not isinstance(changes, Mapping):
        raise ServiceError(_("changes: %(value)s is not an object", value=repr(str(changes)[:60])), "changes")
    apply = rules_house.apply_all_rules if all_rules else rules_house.apply_changes
    try:
        variant = apply(base, changes, id=variant_id, name=name)
    except RulesInputError as err:
        raise Unprocessable(str(err), err.field) from None
    return variant, rules_house.changes_between(base, variant)


def create(based_on: object, name: object, changes: object, table_id: str | None = None,
           all_rules: bool = False) -> Saved:
    """A new house variant (``POST /api/v1/variants``); nothing is stored when a change is refused.
    ``all_rules``: ``changes`` state every rule (the page's form), not only the changed ones."""
    if all_rules:
        base = get_variant(based_on, "based_on")
    else:
        base, changes = _start(based_on, changes)
    row = HouseVariant(id=new_house_variant_id())
    variant, minimal = _build(base, changes, name, row.id, all_rules)
    token, token_hash = tokens.fresh()
    now = utcnow()
    row.name, row.based_on, row.changes = variant.name, base.id, minimal
    row.rules_toml = rules_house.to_toml(variant)
    row.version, row.edit_token_hash, row.table_id = 1, token_hash, table_id
    row.created_at = row.updated_at = now
    db.session.add(row)
    commit(_("the house variant could not be saved; try again"))
    return Saved(row, token)


def variant_from_file(text: object, name: object = None) -> Variant:
    """The house variant of an exported file (its rules checked like a form's changes), or the
    refusal naming what is wrong with the file."""
    if not isinstance(text, str) or not text.strip():
        raise ServiceError(_("file: empty; choose a .toml file exported from scorekeeper"), "file")
    if len(text) > 100_000:
        raise ServiceError(_("file: %(n)s characters is too long for a variant file (at most 100000)", n=len(text)), "file")
    try:
        return rules_house.from_toml(text, id="h-import", name=name if name else None)
    except RulesInputError as err:
        raise Unprocessable(str(err), err.field) from None


def import_toml(text: object, name: object = None, table_id: str | None = None) -> Saved:
    """A new house variant from an exported file, checked exactly like the changes of a form."""
    variant = variant_from_file(text, name)
    base = get_variant(variant.based_on)
    return create(base.id, variant.name, rules_house.changes_between(base, variant), table_id)


def token_matches(row: HouseVariant, token: object) -> bool:
    return tokens.matches(row.edit_token_hash, token)


def check_token(row: HouseVariant, token: str | None, table_token_ok: bool = False) -> None:
    """401 without a token, 403 with a wrong one; ``table_token_ok``: the caller checked the table's."""
    if table_token_ok:
        return
    tokens.require(token, lambda t: token_matches(row, t),
                   _("this change needs the house variant's edit token (Authorization: Bearer <edit_token>)"),
                   _("the edit token is not valid for this house variant"))


def update(row: HouseVariant, name: object, changes: object, expected_version: object = None,
           all_rules: bool = False) -> HouseVariant:
    """New rules for a house variant (``PUT``): ``changes`` replace the stored ones (they are always
    relative to the base); games already started keep the rules they copied."""
    if expected_version not in (None, "") and str(expected_version) != str(row.version):
        raise Conflict(_("the house variant changed since it was opened (now version %(version)s); open it again",
                         version=row.version),
                       "version", current_version=row.version)
    base = get_variant(row.based_on)
    variant, minimal = _build(base, changes, row.name if name is None else name, row.id, all_rules)
    text = rules_house.to_toml(variant)
    if text != row.rules_toml:
        row.name, row.changes, row.rules_toml = variant.name, minimal, text
        row.version += 1
        row.updated_at = utcnow()
        commit(_("the house variant changed on another phone at the same moment; try again"))
    return row


# ----- tables ------------------------------------------------------------------------------------

def check_table_token(table_id: object, token: str | None) -> str:
    """The table a house variant is saved under, after checking the table's edit token: 404 for an
    unknown table, 401 without a token, 403 with a wrong one."""
    try:
        table = tables.get_table(table_id)
    except NotFound as err:
        raise NotFound(err.message, "table") from None
    tables.check_token(table, token)
    return table.id


def table_token_matches(table_id: str, token: str | None) -> bool:
    """Whether ``token`` is the edit token of table ``table_id`` (so the table may change its variants)."""
    table = db.session.get(Table, table_id)
    return table is not None and tables.token_matches(table, token)
