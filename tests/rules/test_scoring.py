"""Hand points (docs/rulings.md, "card points"; "Irregularities": 10 per missing card)."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from scorekeeper.rules import get_variant, parse_cards
from scorekeeper.rules.cards import CardError, joker, standard_deck
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.scoring import hand_points, points_classes

PENALTY_VARIANTS = ["joybells", "continental", "le-may-i", "clenney"]


def pack(variant_id):
    v = get_variant(variant_id)
    return standard_deck() + ([joker()] if v.has_jokers else [])


@st.composite
def hands(draw, max_size=20):
    variant_id = draw(st.sampled_from(PENALTY_VARIANTS))
    cards = draw(st.lists(st.sampled_from(pack(variant_id)), max_size=max_size))
    return get_variant(variant_id), cards


@given(hands(), st.integers(min_value=0, max_value=12))
def test_sum_of_lines_is_the_points(hand, missing):
    variant, cards = hand
    score = hand_points(variant, cards, missing_cards=missing)
    assert score.points == sum(line.points for line in score.lines) + score.missing_card_points
    assert [line.card for line in score.lines] == [c.code for c in cards]


@given(hands(), st.data())
def test_adding_a_card_never_lowers_the_points(hand, data):
    variant, cards = hand
    extra = data.draw(st.sampled_from(pack(variant.id)))
    before = hand_points(variant, cards).points
    after = hand_points(variant, cards + [extra]).points
    assert after >= before and after - before == variant.card_points(extra) > 0


@given(hands(), st.integers(min_value=0, max_value=20))
def test_missing_cards_add_exactly_10_each(hand, missing):
    variant, cards = hand
    assert hand_points(variant, cards, missing).points - hand_points(variant, cards).points == 10 * missing


@pytest.mark.parametrize("variant_id, codes, points", [
    pytest.param("clenney", "KD 4S AH", 30, id="contract-worked-example"),
    pytest.param("joybells", "JK 2C AS 3H", 20 + 20 + 15 + 3, id="joybells-wilds-20-ace-15"),
    pytest.param("continental", "JK AH AS 2C 10D", 50 + 20 + 20 + 5 + 10, id="continental-joker-50-ace-20"),
    pytest.param("le-may-i", "2C 9D AS KH", 2 + 9 + 15 + 10, id="le-may-i-face-value"),
    pytest.param("clenney", "2C 9D 10S JH", 5 + 5 + 10 + 10, id="clenney-2-to-9-are-5"),
    pytest.param("joybells", "", 0, id="empty-hand"),
])
def test_hand_points_table(variant_id, codes, points):
    assert hand_points(get_variant(variant_id), parse_cards(codes.split())).points == points


def test_missing_cards_are_listed():
    score = hand_points(get_variant("clenney"), parse_cards(["KD"]), missing_cards=2)
    assert score.as_dict() == {"points": 30, "lines": [{"card": "KD", "points": 10}], "missing_cards": 2,
                               "missing_card_points": 20}


@pytest.mark.parametrize("missing", [-1, "2", 2.0, True, 61])
def test_bad_missing_cards(missing):
    with pytest.raises(RulesInputError) as info:
        hand_points(get_variant("joybells"), [], missing)
    assert info.value.field == "missing_cards"


@pytest.mark.parametrize("variant_id", ["le-may-i", "clenney"])
def test_joker_in_jokerless_variant_is_an_input_error(variant_id):
    with pytest.raises(CardError):
        hand_points(get_variant(variant_id), [joker()])


def test_roy_does_not_score_hands():
    with pytest.raises(RulesInputError):
        hand_points(get_variant("roy"), parse_cards(["5H"]))


def test_points_classes_highest_first():
    classes = points_classes(get_variant("continental"))
    assert classes[0] == (50, ["JK"]) and classes[1] == (20, ["A"])
    assert [value for value, _ in classes] == sorted((value for value, _ in classes), reverse=True)
