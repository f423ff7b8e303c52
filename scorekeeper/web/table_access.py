"""The tables a browser keeps (remembered, listed on the home page) and whether it may change one
(its edit token, kept by scorekeeper/web/remembered.py); a table found by its address is
scorekeeper/web/access.py's. The tables and house blueprints use these."""
from __future__ import annotations

from flask import abort
from flask_babel import gettext as _

from ..db import db
from ..models import Table
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


def check_csrf(form) -> None:
    """A table page's form (its CSRF token), else a 400 page."""
    if not form.validate_on_submit():
        abort(400, _("The form could not be accepted; reload the page and try again."))
