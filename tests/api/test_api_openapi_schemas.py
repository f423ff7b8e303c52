"""The OpenAPI document's schemas are as strict as the API's own checks (scorekeeper/api/openapi.py;
docs/api.md, "What the schemas promise"): the card code pattern reads exactly what the rules read,
an operation lists what it checks beyond its schemas in its description, and a body the schema
refuses is refused. Schemathesis holds every operation to it (tests/security/test_schemathesis.py)."""
from __future__ import annotations

import itertools
import re

import pytest

from scorekeeper.api import openapi
from scorekeeper.rules.cards import CardError, parse_card
from support.games import auth, create

CARD = re.compile(openapi.CARD_CODE["pattern"])
PIECES = ["", " ", "\t", "\ufe0f", "\ufe0e", "1", "10", "0", "T", "t", "K", "k", "J", "j", "A", "D", "S", "s",
          "\u017f", "\u00df", "♠", "♤", "♥", "H", "X", "OKER", "oker", "JOKER", "Z"]


def reads_as_a_card(text: str) -> bool:
    try:
        parse_card(text)
        return True
    except CardError:
        return False


def test_the_card_pattern_allows_exactly_the_codes_the_rules_read():
    """Every string of up to three pieces (ranks, suits, spaces, presentation selectors, letters
    that are no card, ſ that upper-cases to S and ß to SS): the pattern and parse_card agree."""
    texts = {"".join(parts) for n in range(1, 4) for parts in itertools.product(PIECES, repeat=n)}
    disagree = [t for t in texts if bool(CARD.search(t)) != reads_as_a_card(t)]
    assert len(texts) > 20000 and sum(map(reads_as_a_card, texts)) > 500
    assert not disagree, [repr(t) for t in sorted(disagree)[:20]]


def test_an_operation_lists_what_it_checks_beyond_its_schemas_in_its_description(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    withdraw = doc["paths"]["/games/{game_id}/withdraw"]["post"]
    assert withdraw[openapi.BEYOND_SCHEMA] == {"player": "a name of this game's players (case-insensitive), printable"}
    assert withdraw["description"].endswith(
        "Checked beyond the schemas (a 400 or 422 naming the field): player: a name of this game's players "
        "(case-insensitive), printable.")
    assert "NUL character" in doc["info"]["description"]


def test_the_schemas_say_what_the_checks_say(client):
    schemas = client.get("/api/v1/openapi.json").get_json()
    paths = schemas["paths"]
    year = paths["/tables/{table_id}/years/{year}"]["get"]["parameters"][1]["schema"]
    assert (year["minimum"], year["maximum"]) == (1900, 9999)
    page = paths["/tables/{table_id}"]["get"]["parameters"][1]["schema"]
    assert page["maximum"] == 10**6
    new_variant = paths["/variants"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert new_variant["additionalProperties"] is False
    assert schemas["components"]["schemas"]["NewGame"]["properties"]["players"]["items"]["pattern"] == "\\S"


@pytest.mark.parametrize("body", [b"\x00", b"not json", b"[1, 2]"])
def test_a_new_edit_token_is_refused_for_a_body_that_is_not_a_json_object(client, body):
    """The schema says the body, if any, is a JSON object: anything else is refused, and the token
    stays the one it was."""
    game = create(client, "joybells", ["Ann", "Bob", "Cy"])
    r = client.post(f"/api/v1/games/{game['id']}/token", data=body, content_type="application/json",
                    headers=auth(game))
    assert r.status_code == 400 and r.get_json()["field"] == "body", r.get_json()
    assert client.post(f"/api/v1/games/{game['id']}/token", headers=auth(game)).status_code == 200
