"""Schemathesis against the real app over HTTP, on the test's database (SQLite file, or PostgreSQL in
the second pass): cases drawn from ``/api/v1/openapi.json`` for every operation, valid and invalid,
most of them aimed at real rows with the token that may change them (tests/support/api_world.py).
Any 5xx fails the test, and so does an answer that breaks the document: a body that does not match
its documented schema, or a documented JSON answer that is not JSON. A case sent as drawn (only
addressed to real rows) is also held to the schemas' promise (docs/api.md, "What the schemas
promise"): a request they allow is not refused for its form, one they refuse is refused.

Bounded: ``SCOREKEEPER_SCHEMATHESIS_EXAMPLES`` cases per operation and mode (6 by default, about
400 requests); ``bench/fuzz_api.py --schemathesis N`` runs more against gunicorn."""
from __future__ import annotations

import json
import os
import random
import re

import pytest

schemathesis = pytest.importorskip("schemathesis")

from schemathesis.checks import (  # noqa: E402
    content_type_conformance, missing_required_header, negative_data_rejection, not_a_server_error,
    positive_data_acceptance, response_headers_conformance, response_schema_conformance, status_code_conformance,
    unsupported_method)

from scorekeeper import create_app  # noqa: E402
from support import api_world  # noqa: E402
from support.served import serve  # noqa: E402

pytestmark = pytest.mark.slow

EXAMPLES = int(os.environ.get("SCOREKEEPER_SCHEMATHESIS_EXAMPLES", "6"))
# Schemathesis's conformance checks: no 5xx; every answer's status code, headers, content type and
# body as the document says; a method the document does not name is 405 with an Allow header
# naming those it does; a request without a required header (Authorization) is refused.
CHECKS = [not_a_server_error, status_code_conformance, response_headers_conformance, content_type_conformance,
          response_schema_conformance, unsupported_method, missing_required_header]
BEYOND_SCHEMA = "x-checked-beyond-schema"  # (scorekeeper/api/openapi.py, beyond_schema)


def refused_beyond_the_schemas(case, response) -> bool:
    """A request the schemas allow that the API may still refuse, for what no schema can say (so
    ``positive_data_acceptance`` does not judge it): a 400 or 422 naming a field the operation
    lists as checked beyond its schemas (a name that must be one of the game's players, a count the
    variant allows: its description says so), or a 400 for a NUL character anywhere in the request,
    which every address refuses (the document's description says so; scorekeeper/security.py)."""
    if response.status_code not in (400, 422):
        return False
    if response.status_code == 400 and "\\u0000" in json.dumps(
            [case.body if isinstance(case.body, (dict, list, str)) else None, case.query, case.path_parameters]):
        return True
    try:
        field = response.json().get("field") or ""
    except ValueError:
        return False
    checked = case.operation.definition.raw.get(BEYOND_SCHEMA) or {}
    return "*" in checked or re.split(r"[.\[]", field)[0] in checked


@pytest.fixture
def served_app(database_url):
    """The app with TESTING off (an exception is a real 500 answer) and no rate limit, over HTTP."""
    app = create_app({"TESTING": False, "SECRET_KEY": "schemathesis", "SQLALCHEMY_DATABASE_URI": database_url,
                      "RATELIMIT_ENABLED": False})
    with serve(app) as base:
        yield base
    with app.app_context():
        for engine in app.extensions["sqlalchemy"].engines.values():
            engine.dispose()


def test_schemathesis_finds_no_server_error_and_no_answer_outside_the_document(served_app):
    import requests

    base = served_app
    world = api_world.world(base)
    schema = schemathesis.openapi.from_url(base + "/api/v1/openapi.json")
    rnd = random.Random(29)
    session = requests.Session()
    failures: list[str] = []
    answered: dict[str, int] = {}
    def visit(label, case, as_drawn):
        try:
            response = case.call(base_url=base + "/api/v1", session=session, timeout=60)
        except (requests.exceptions.InvalidHeader, requests.exceptions.InvalidURL, UnicodeError):
            return  # (a request the client cannot even send: not the server's to answer)
        answered[label] = answered.get(label, 0) + 1
        api_world.follow(world, case, response)
        try:
            checks = CHECKS
            if as_drawn:  # (a body made for the world's rows is neither valid nor invalid as drawn)
                checks = CHECKS + [negative_data_rejection]
                if not refused_beyond_the_schemas(case, response):
                    checks.append(positive_data_acceptance)
            case.validate_response(response, checks=checks)
        except (AssertionError, BaseExceptionGroup) as failure:  # (one failure, or a group of them)
            failures.append(f"{response.status_code} {case.as_curl_command()}\n{failure}"[:1500])

    api_world.each_case(schema, EXAMPLES, world, rnd, visit)
    print(f"{sum(answered.values())} answers from {len(answered)} operations")
    assert len(answered) >= 25 and sum(answered.values()) >= EXAMPLES * len(answered), answered
    assert not failures, "\n\n".join(failures[:10])
