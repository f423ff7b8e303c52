"""A table for a page: found (else a 404 page), and whether this browser may change it (its edit
token, kept by scorekeeper/web/remembered.py). The tables and house blueprints use these."""
from __future__ import annotations

from flask import abort
from flask_babel import gettext as _

from ..db import db
from ..models import Table
from ..services import errors as service_errors
from ..services import tables as svc
from . import remembered


def remember(table_id: str, token: str | None = None) -> None:
    """Keep the table in this browser's list (with its edit token when it may change it)."""
    remembered.remember("table", table_id, token)


def browser_table_ids() -> list[str]:
    """The tables this browser has opened, most recent first, and those it may change."""
    return list(dict.fromkeys(remembered.seen("table") + remembered.token_ids("table")))


def my_tables() -> list:
    """The tables this browser has opened, most recent first (for the home page)."""
    seen = remembered.seen("table")
    if not seen:
        return []
    rows = {t.id: t for t in db.session.execute(db.select(Table).where(Table.id.in_(seen))).scalars()}
    return [rows[t] for t in seen if t in rows]


def can_edit(table) -> bool:
    return remembered.can_edit("table", table)


def load(table_id: str):
    """The table at this address, or a 404 page."""
    try:
        return svc.get_table(table_id)
    except service_errors.NotFound:
        abort(404, _("There is no table at this address."))


def editable(table_id: str):
    """The table at this address, if this browser may change it (else a 403 page)."""
    table = load(table_id)
    if not can_edit(table):
        abort(403, _("This phone cannot change this table. Ask for the table's edit link."))
    return table


def check_csrf(form) -> None:
    """A table page's form (its CSRF token), else a 400 page."""
    if not form.validate_on_submit():
        abort(400, _("The form could not be accepted; reload the page and try again."))
