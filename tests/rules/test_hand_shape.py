"""A hand's shape described once (scorekeeper/rules/hand_shape.py): the rules read a hand exactly
as the table says, and the OpenAPI schema made from it says the same. The round form is held to
the table in tests/pages/test_hand_shape_agrees.py."""
from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator

from scorekeeper.rules import game as g
from scorekeeper.rules import hand_shape as shape
from scorekeeper.rules.limits import MAX_CARDS_IN_HAND, MAX_CARDS_LEFT_ROY, MAX_MISSING_CARDS, MAX_POINTS
from scorekeeper.rules.variants import GameKind, get_variant

JOY = get_variant("joybells")
ROY = get_variant("roy")
CARD_CODE = {"type": "string", "pattern": "^[0-9AJQKTSHDC]+$"}


def hand_schema() -> dict:
    """The schema made afresh in each test (made once at import, a mutant of it would go unseen)."""
    return shape.hand_schema(CARD_CODE)


def a_hand(part: shape.HandPart, amount) -> dict:
    """A hand that gives ``part`` with ``amount`` (cards, cards of one value, or the number),
    with a way to go with a part that is no way."""
    if part.kind is shape.PartKind.CARDS:
        given: object = ["3S"] * amount
    elif part.kind is shape.PartKind.VALUE_COUNTS:
        given = {"5": amount}
    else:
        given = amount
    return {part.name: given} if part.way else {"points": 0, part.name: given}


def variant_for(part: shape.HandPart):
    return JOY if part.is_for(GameKind.CONTRACT) else ROY


NUMBERED = [part for part in shape.PARTS if part.most]


def test_the_table_says_each_part_once_in_the_apis_order():
    assert shape.NAMES == ("cards", "values", "points", "missing", "card_count", "missing_cards", "note")
    assert shape.WAYS == ("cards", "values", "points", "missing", "card_count")
    assert [part.most for part in NUMBERED] == [MAX_CARDS_IN_HAND, MAX_CARDS_IN_HAND, MAX_POINTS,
                                                  MAX_CARDS_LEFT_ROY, MAX_MISSING_CARDS]
    assert (MAX_CARDS_IN_HAND, MAX_POINTS, MAX_CARDS_LEFT_ROY, MAX_MISSING_CARDS) == (120, 10_000, 52, 60)
    assert [shape.part(name) for name in shape.NAMES] == list(shape.PARTS)
    with pytest.raises(KeyError) as unknown:
        shape.part("went_out")
    assert unknown.value.args == ("went_out",)


@pytest.mark.parametrize("part", NUMBERED, ids=lambda part: part.name)
def test_the_rules_take_each_number_up_to_its_largest_and_refuse_one_more(part):
    variant = variant_for(part)
    g.parse_hand(variant, a_hand(part, part.most), "hands.Bob")
    with pytest.raises(g.GameRulesError) as err:
        g.parse_hand(variant, a_hand(part, part.most + 1), "hands.Bob")
    assert err.value.field.startswith(f"hands.Bob.{part.name}")
    assert str(part.most + 1) in err.value.message


@pytest.mark.parametrize("part", NUMBERED, ids=lambda part: part.name)
def test_the_schema_takes_each_number_up_to_its_largest_and_refuses_one_more(part):
    check = Draft202012Validator(hand_schema())
    assert check.is_valid(a_hand(part, part.most))
    assert not check.is_valid(a_hand(part, part.most + 1))
    if part.kind is not shape.PartKind.CARDS:  # (no list is shorter than none)
        assert check.is_valid(a_hand(part, 0)) and not check.is_valid(a_hand(part, -1))
        assert not check.is_valid(a_hand(part, 1.5)) and not check.is_valid(a_hand(part, "1"))
    if part.kind is shape.PartKind.VALUE_COUNTS:  # (counts keyed by card value, not a list of them)
        assert not check.is_valid({part.name: [1]})


def test_the_schema_lists_every_part_and_says_which_are_ways():
    schema = hand_schema()
    assert list(schema["properties"]) == list(shape.NAMES)
    assert schema["type"] == "object"
    assert schema["description"] == (
        "Exactly one of cards, values, points, missing (true) or, for ROY, card_count; "
        "missing_cards may go with cards, values or points.")
    assert schema["properties"]["cards"] == {"type": "array", "items": CARD_CODE, "maxItems": 120,
                                             "examples": [["KD", "4S", "AH"]]}
    assert schema["properties"]["missing"] == {"const": True}
    assert schema["properties"]["note"] == {"description": shape.NOTE.description}
    assert schema["properties"]["values"]["examples"] == [{"5": 3, "10": 1}]
    assert schema["properties"]["missing_cards"]["description"].startswith("Incorrect hand")
    check = Draft202012Validator(schema)
    assert check.is_valid({"missing": True}) and not check.is_valid({"missing": False})
    assert check.is_valid({"points": 3, "note": "anything"})
    assert schema["properties"]["points"] == {"type": "integer", "minimum": 0, "maximum": 10_000}
    assert schema["properties"]["values"]["additionalProperties"] == {"type": "integer", "minimum": 0, "maximum": 120}


def test_the_schema_says_the_ways_of_whatever_parts_it_is_made_of():
    """Without a way of ROY's own, no "for ROY"; with two parts that go with ways, both said."""
    extra = shape.HandPart("late", shape.PartKind.TRUE, shape.CONTRACT, way=False, goes_with=("points",))
    parts = (shape.CARDS, shape.POINTS, shape.MISSING_CARDS, extra)
    schema = shape.hand_schema(CARD_CODE, parts)
    assert schema["description"] == ("Exactly one of cards or points; missing_cards may go with cards, values or points; "
                                     "late may go with points.")
    assert list(schema["properties"]) == ["cards", "points", "missing_cards", "late"]


@pytest.mark.parametrize("part", [part for part in shape.PARTS if part.way], ids=lambda part: part.name)
def test_each_way_is_a_hand_for_its_kinds_of_game_only(part):
    given = a_hand(part, 1) if part.most else {part.name: True}
    for variant in (JOY, ROY):
        if part.is_for(variant.kind):
            g.parse_hand(variant, given, "hands.Bob")
        else:
            with pytest.raises(g.GameRulesError) as err:
                g.parse_hand(variant, given, "hands.Bob")
            assert err.value.field == f"hands.Bob.{part.name}"


def test_a_hand_gives_exactly_one_way_and_the_rest_go_with_one():
    for first, second in zip(shape.WAYS, shape.WAYS[1:]):
        with pytest.raises(g.GameRulesError, match="exactly one of"):
            g.parse_hand(JOY, {first: 1, second: 1}, "hands.Bob")
    with pytest.raises(g.GameRulesError, match="got none"):
        g.parse_hand(JOY, {"missing_cards": 1}, "hands.Bob")
    for way in shape.MISSING_CARDS.goes_with:
        given = a_hand(shape.part(way), 1)
        assert g.parse_hand(JOY, {**given, "missing_cards": 2}, "hands.Bob").missing_cards == 2
    with pytest.raises(g.GameRulesError, match="missing_cards goes with"):
        g.parse_hand(JOY, {"missing": True, "missing_cards": 2}, "hands.Bob")
    assert g.parse_hand(JOY, {"points": 4, "note": "late"}, "hands.Bob") == g.Hand("points", points=4)
    with pytest.raises(g.GameRulesError) as err:
        g.parse_hand(JOY, {"points": 4, "remark": "late"}, "hands.Bob")
    assert err.value.field == "hands.Bob.remark"


def test_the_refusals_name_every_part_and_every_way():
    with pytest.raises(g.GameRulesError) as unknown:
        g.parse_hand(JOY, {"remark": 1}, "hands.Bob")
    with pytest.raises(g.GameRulesError) as none:
        g.parse_hand(JOY, {}, "hands.Bob")
    named = [name for name in shape.NAMES if name != "note"]  # (the note is read back, never asked for)
    assert all(name in unknown.value.message for name in named)
    assert all(name in none.value.message for name in shape.WAYS)


def test_the_round_forms_ways_and_boxes():
    assert [part.mode for part in shape.form_modes()] == ["values", "cards", "points", "missing"]
    assert [(part.form_field, part.way) for part in shape.form_numbers()] == [
        ("points", True), ("count", True), ("missing_cards", False)]
    assert all(part.label and part.too_many for part in shape.form_numbers())
    assert all(part.mode_label for part in shape.form_modes())
