"""The hand's shape written once (scorekeeper/rules/hand_shape.py) and what is made of it: the API's
OpenAPI document serves the table's schema, and the round form's ways of scoring and number boxes
take and refuse what the rules take and refuse (tests/rules/test_hand_shape.py holds the rules and
the schema to the table). If one of the three is written by hand again and drifts, a test here fails."""
from __future__ import annotations

import html
import re

import pytest
from jsonschema import Draft202012Validator

from scorekeeper.api import openapi
from scorekeeper.rules import hand_shape as shape
from support.round_form import post_round, round_data, start, text

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
NAMES = ["Ann", "Bob", "Cy", "Dee"]
SEATS = [0, 1, 2, 3]


def test_the_api_document_serves_the_tables_hand(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    hand = doc["components"]["schemas"]["Hand"]
    assert hand == shape.hand_schema(openapi.CARD_CODE)
    assert sorted(hand["properties"]) == sorted(shape.NAMES)
    score = doc["paths"]["/variants/{variant_id}/hand-score"]["post"]["requestBody"]["content"]["application/json"]
    assert score["schema"]["properties"]["missing_cards"] == hand["properties"]["missing_cards"]


def test_every_hand_the_schema_allows_at_the_limits_the_api_takes(client):
    """A hand at each part's largest number, sent to the API: the schema allows it and the round is
    stored; one more, the schema refuses it and so does the API, naming the part."""
    doc = client.get("/api/v1/openapi.json").get_json()
    check = Draft202012Validator(doc["components"]["schemas"]["Hand"])
    for part, variant, largest, too_large in [
        (shape.POINTS, "joybells", {"points": 10_000}, {"points": 10_001}),
        (shape.MISSING_CARDS, "joybells", {"points": 0, "missing_cards": 60}, {"points": 0, "missing_cards": 61}),
        (shape.CARD_COUNT, "roy", {"card_count": 52}, {"card_count": 53}),
    ]:
        assert (largest[part.name], too_large[part.name]) == (part.most, part.most + 1)
        players = ["Ann", "Bob", "Cy"]
        game = client.post("/api/v1/games", json={"variant": variant, "players": players}).get_json()
        auth = {"Authorization": f"Bearer {game['edit_token']}"}
        others = {"Cy": {"points": 0} if variant != "roy" else {"card_count": 1}}
        refused = client.post(f"/api/v1/games/{game['id']}/rounds", headers=auth,
                              json={"went_out": "Ann", "hands": {"Bob": too_large, **others}})
        assert not check.is_valid(too_large)
        assert refused.status_code == 400 and refused.get_json()["field"] == f"hands.Bob.{part.name}", refused.get_json()
        taken = client.post(f"/api/v1/games/{game['id']}/rounds", headers=auth,
                            json={"went_out": "Ann", "hands": {"Bob": largest, **others}})
        assert check.is_valid(largest)
        assert taken.status_code == 201, taken.get_json()


def _hand_block(page: str, seat: int) -> str:
    found = re.search(rf'id="hand-{seat}".*?</fieldset>', page, re.S)
    assert found, page[:2000]
    return found.group(0)


def _posted(client, variant: str, hand: dict, headers=None) -> str:
    """Bob's hand (seat 1) posted for a preview; Ann went out, the others hold a card."""
    gid = start(client, variant, NAMES[:3])
    other = {"count": "1"} if variant == "roy" else {"mode": "points", "points": "0"}
    data = round_data(SEATS[:3], 0, {1: hand, 2: other}, number=1, action="preview")
    return _hand_block(html.unescape(post_round(client, gid, data).get_data(as_text=True))
                       if headers is None else
                       html.unescape(client.post(f"/games/{gid}/round", data=data, headers=headers)
                                     .get_data(as_text=True)), 1)


BOXES = [(shape.POINTS, "joybells", lambda n: {"mode": "points", "points": str(n)}),
         (shape.MISSING_CARDS, "joybells", lambda n: {"mode": "points", "points": "0", "missing_cards": str(n)}),
         (shape.CARD_COUNT, "roy", lambda n: {"count": str(n)}),
         (shape.VALUES, "joybells", lambda n: {"mode": "values", "v5": str(n)})]


@pytest.mark.parametrize("part, variant, hand", BOXES, ids=[box[0].name for box in BOXES])
def test_the_round_forms_boxes_take_what_the_rules_take(client, part, variant, hand):
    """Each number box refuses one more than the table's largest number, in the table's words and
    in French, and not the largest; a box drawn by its field says its largest to the phone."""
    refusal = (part.too_many % {"value": part.most + 1})
    assert refusal in _posted(client, variant, hand(part.most + 1))
    assert (part.too_many % {"value": part.most}) not in _posted(client, variant, hand(part.most))
    french = _posted(client, variant, hand(part.most + 1), FR)
    assert str(part.most + 1) in french and refusal not in french
    if part.form_field:
        page = text(client.get(f"/games/{start(client, variant, NAMES[:3])}/round"))
        box = re.search(rf'<input[^>]*name="hands-1-{part.form_field}"[^>]*>', page)
        assert box and f'max="{part.most}"' in box.group(0), box


def test_each_way_of_the_round_form_is_the_apis_way_of_the_same_name(client):
    """The form's ways of scoring a May I hand are the table's, and a hand given each way is stored
    as given that way."""
    gid = start(client, "joybells", NAMES)
    page = text(client.get(f"/games/{gid}/round"))
    modes = re.findall(r'<input type="radio" name="hands-1-mode" value="(\w+)"', page)
    assert modes == [part.mode for part in shape.form_modes()] == ["values", "cards", "points", "missing"]
    rounds = [{1: {"mode": "values", "v5": "2"}, 2: {"mode": "cards", "extra": "KD 3S"}, 3: {"mode": "points", "points": "7"}},
              {1: {"mode": "missing"}, 2: {"mode": "points", "points": "5"}, 3: {"mode": "points", "points": "9"}}]
    for number, hands in enumerate(rounds, start=1):
        r = post_round(client, gid, round_data(SEATS, 0, hands, number=number))
        assert r.status_code == 302, text(r)
    stored = client.get(f"/api/v1/games/{gid}").get_json()["rounds"]
    given = [(stored[n - 1]["hands"][NAMES[seat]]["entered_as"], hand["mode"])
             for n, hands in enumerate(rounds, start=1) for seat, hand in hands.items()]
    assert all(entered == mode for entered, mode in given), given
    assert {mode for _entered, mode in given} == set(shape.WAYS) & {part.mode for part in shape.form_modes()}
