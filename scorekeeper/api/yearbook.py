"""A table's year in the JSON API (docs/api.md, "A table's year"): the figures the printed
yearbook shows (scorekeeper/services/yearbook.py). Reads need only the table id."""
from __future__ import annotations

from flask import jsonify

from ..services import tables as svc
from ..services import yearbook as yearbook_svc
from . import bp, openapi


@bp.get("/tables/<table_id>/years/<year>")
def table_year(table_id: str, year: str):
    table = svc.get_table(table_id)
    number = yearbook_svc.check_year(year)
    return jsonify(yearbook_svc.as_json(yearbook_svc.yearbook(table, number)))


openapi.add_path("api.table_year", {"get": {
    "summary": "A table's year: counted games (complete, last round recorded that year, UTC), rounds, nights, "
               "per variant the players' statistics and champions, and the year's records",
    "tags": ["tables"],
    "parameters": [openapi.path_param("table_id", "The table's id (unguessable; enough to read the table)"),
                   openapi.path_param("year", "A year from 1900 to 9999", {"type": "integer"})],
    "responses": {"200": openapi.json_response("table, year, games_counted, rounds, nights, variants, records",
                                               {"type": "object"}),
                  "400": openapi.ERROR_RESPONSE, "404": openapi.ERROR_RESPONSE}}})
