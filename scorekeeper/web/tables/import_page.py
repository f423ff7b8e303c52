"""The table import screen: a table's JSON export (its Share page's "Table as JSON") brought onto
this server from a phone, with no command line. The table keeps its id, gets a new edit link here
(or, if it is here already, its edit link adds the games this server does not have yet).

CSV stays export-only: it holds each game's results (one line per player per game), not its
rounds, hands, corrections and rules, so a game could not be rebuilt from it.
"""
from __future__ import annotations

import json
import tomllib

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from ...limits import anonymous_import
from ...services import errors as service_errors
from ...backup import table_export
from ...services import tables as svc
from .. import remembered
from ..edit_links import no_store
from ..table_access import check_csrf, remember
from .forms import ActionForm
from .routes import bp


def _house_rules_file(raw: bytes) -> bool:
    """Whether the file is a house variant's TOML (``based_on = ...``), chosen here by mistake."""
    try:
        return b"based_on" in raw[:4000] and isinstance(tomllib.loads(raw.decode("utf-8")).get("based_on"), str)
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False


def _refused(message: str):
    return no_store(render_template("tables/import.html", form=ActionForm(), error=message)), 400


@bp.route("/tables/import", methods=["GET", "POST"])
def import_table():
    form = ActionForm()
    if request.method == "GET":
        return no_store(render_template("tables/import.html", form=form, error=None))
    check_csrf(form)
    upload = request.files.get("file")
    raw = upload.read() if upload is not None else b""
    if not raw.strip():
        return _refused(_("The file: choose the table's .json file (its Share page, “Table as JSON”)."))
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        if _house_rules_file(raw):
            return _refused(_("The file: %(name)s is a house rules file, not a table. Import it from the page of "
                              "the table it belongs to (“Import house rules”), so that it joins that table.",
                              name=upload.filename or "?"))
        return _refused(_("The file: %(name)s is not a table exported by scorekeeper (it is not JSON).",
                          name=upload.filename or "?"))
    if not isinstance(doc, dict) or not isinstance(doc.get("table"), dict):
        return _refused(_("The file: %(name)s is not a table exported by scorekeeper (no table in it).",
                          name=upload.filename or "?"))
    table_id = doc["table"].get("id")
    token = remembered.token("table", table_id) if isinstance(table_id, str) else None
    try:
        if svc.holds_the_table(doc, token):
            report = table_export.import_table(doc, token)
        else:
            with anonymous_import():
                report = table_export.import_table(doc, token)
    except service_errors.Unauthorized:
        return _refused(_("The file: this table is already on this server; open its edit link here first, then "
                          "import again to add the games it does not have yet."))
    except service_errors.Forbidden:
        return _refused(_("The file: this table is already on this server, and this phone's edit link for it is "
                          "no longer valid; open its current edit link, then import again."))
    except service_errors.ServiceError as err:
        return _refused(_("The file: %(error)s", error=err.message))
    remember(report["table"], report.get("edit_token"))
    games = len(report["imported"])
    if report["created"]:
        flash(ngettext("Table imported with %(num)s game. Its edit link on this server is on its Share page.",
                       "Table imported with %(num)s games. Its edit link on this server is on its Share page.",
                       games), "ok")
    else:
        flash(ngettext("%(num)s game added; the games already here were kept as they are.",
                       "%(num)s games added; the games already here were kept as they are.", games), "ok")
    return redirect(url_for("tables.table", table_id=report["table"]))
