"""A table's year in the JSON API (docs/api.md, "A table's year"): the figures the printed
yearbook shows (scorekeeper/services/yearbook.py). Reads need only the table id."""
from __future__ import annotations

import hashlib

from flask import jsonify

from .. import live
from ..i18n import language
from ..services import tables as svc
from ..services import yearbook as yearbook_svc
from . import openapi
from .blueprint import bp
from .request import bearer_token


@bp.get("/tables/<table_id>/years/<year>")
def table_year(table_id: str, year: str):
    """The year's figures; tagged with what they are made of (services/yearbook.py, ``fingerprint``,
    and the language of the house rules' words), so an unchanged year answers 304 after one query."""
    table = svc.get_table(table_id)
    number = yearbook_svc.check_year(year)
    svc.check_whole_table_read(table, bearer_token())
    made_of = f"{yearbook_svc.fingerprint(table, number)}|{language()}"
    etag = "year-" + hashlib.sha256(made_of.encode()).hexdigest()[:32]
    unchanged = live.not_modified(etag, None)
    if unchanged is not None:
        return unchanged
    return live.tag(jsonify(yearbook_svc.as_json(yearbook_svc.yearbook(table, number))), etag, None)


openapi.add_path("api.table_year", {"get": {
    "summary": "A table's year: counted games (complete, last round recorded that year, UTC), rounds, nights, "
               "per variant the players' statistics and champions, and the year's records",
    "tags": ["tables"],
    "parameters": [openapi.path_param("table_id", "The table's id (unguessable; enough to read the table)"),
                   openapi.path_param("year", "A year from 1900 to 9999",
                                      {"type": "integer", "minimum": 1900, "maximum": 9999})],
    "responses": {"200": openapi.json_response("table, year, games_counted, rounds, nights, variants, records",
                                               {"type": "object"}),
                  "400": openapi.ERROR_RESPONSE, "401": openapi.ERROR_RESPONSE, "403": openapi.ERROR_RESPONSE,
                  "404": openapi.ERROR_RESPONSE}}})
