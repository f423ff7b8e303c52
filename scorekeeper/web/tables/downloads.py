"""A table's downloads from its Share page: ``GET /tables/<tid>/export.json`` (the whole table, for
another server's import) and ``GET /tables/<tid>/export.csv`` (every game's results), the same files
as the API's. A large table's need its edit link on this phone (services/tables.py,
``check_whole_table_read``: the API asks for the token itself)."""
from __future__ import annotations

from flask import Response, abort, stream_with_context
from flask_babel import gettext as _

from ...services import errors as service_errors
from ...backup import table_export
from ...services import tables as svc
from .. import remembered
from .. import access
from ..table_access import can_edit
from .routes import bp


def _readable(table_id: str):
    """The table, when this phone may read all of it at once; a 403 page saying why otherwise."""
    table = access.load("table", table_id)
    token = remembered.token("table", table.id) if can_edit(table) else None
    try:
        svc.check_whole_table_read(table, token)
    except (service_errors.Unauthorized, service_errors.Forbidden):
        abort(403, _("%(table)s has too many games to be downloaded by anyone with its address: open the table's "
                     "edit link on this phone first.", table=table.name))
    return table


def _attachment(body, mimetype: str, name: str) -> Response:
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": f'attachment; filename="{name}"'})


@bp.get("/tables/<table_id>/export.json")
def export_json(table_id: str):
    table = _readable(table_id)
    return _attachment(stream_with_context(table_export.export_chunks(table)), "application/json",
                       f"scorekeeper-table-{table.id}.json")


@bp.get("/tables/<table_id>/export.csv")
def export_csv(table_id: str):
    table = _readable(table_id)
    return _attachment(table_export.export_csv(table), "text/csv", f"scorekeeper-table-{table.id}.csv")
