"""Hands entered by value ("three 5-point cards and a king"): the rules (tests/storage/test_value_counts.py: API and storage).

The by-value steppers on the round form (docs/games.md, "The round form") send ``{"values": {"5": 3, "10": 1}}``;
the total must be exactly what the same cards would score, under each variant's own card values.
"""
from __future__ import annotations

from collections import Counter

import pytest

from scorekeeper.rules import get_variant, parse_cards
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.game import GameRulesError, parse_hand, score_round
from scorekeeper.rules.scoring import check_value_counts, hand_points, points_classes, points_from_value_counts
from scorekeeper.rules.variants import all_variants

PENALTY_VARIANTS = tuple(v.id for v in all_variants() if v.is_contract_game)  # (hands scored by points)


def by_value(variant, codes):
    """The value counts the steppers would send for these cards."""
    cards = parse_cards(codes)
    return dict(Counter(variant.card_points(c) for c in cards))


@pytest.mark.parametrize("variant_id", PENALTY_VARIANTS)
@pytest.mark.parametrize("codes", [
    ["KD", "3S", "7H"],
    ["AH", "9C", "9D", "5S"],
    ["QC", "4D", "4H", "8S", "2C"],
    ["JK", "AS", "2D", "10H", "10C"],
    [],
])
def test_by_value_scores_exactly_what_the_cards_score(variant_id, codes):
    variant = get_variant(variant_id)
    if "JK" in codes and not variant.has_jokers:
        codes = [c for c in codes if c != "JK"]
    cards = parse_cards(codes)
    assert points_from_value_counts(variant, by_value(variant, codes)).points == hand_points(variant, cards).points


def test_value_classes_follow_the_variant_data():
    # Continental: 2-9 are 5 points, 10-K 10, aces 20, jokers 50 (its points table); Joybells: pips.
    continental = dict(points_classes(get_variant("continental")))
    assert continental[5] == ["2", "3", "4", "5", "6", "7", "8", "9"]
    assert continental[10] == ["10", "J", "Q", "K"]
    assert continental[20] == ["A"]
    joybells = dict(points_classes(get_variant("joybells")))
    assert joybells[20] == ["2", "JK"] and joybells[3] == ["3"] and len(joybells) == 10


def test_missing_cards_add_the_incorrect_hand_penalty():
    variant = get_variant("clenney")
    score = points_from_value_counts(variant, {5: 2, 10: 1}, missing_cards=2)
    assert score.points == 20 + 2 * variant.scoring.missing_card_penalty
    assert [line.card for line in score.lines] == ["1 × 10 (10 J Q K)", "2 × 5 (2 3 4 5 6 7 8 9)"]


@pytest.mark.parametrize("counts, field, words", [
    ({"7": 1}, "values.7", "'7' is not a card value in Continental"),
    ({"five": 1}, "values.five", "'five' is not a card value"),
    ({"5": -1}, "values.5", "-1 is not a number of 5-point cards"),
    ({"5": "2"}, "values.5", "'2' is not a number of 5-point cards"),
    ({"5": True}, "values.5", "True is not a number of 5-point cards"),
    ({"5": 100, "10": 30}, "values.10", "130 cards is more than any hand holds"),
    ([5, 5], "values", "is not an object of card values"),
])
def test_bad_value_counts_name_the_field_and_value(counts, field, words):
    with pytest.raises(RulesInputError) as err:
        check_value_counts(get_variant("continental"), counts)
    assert err.value.field == field and words in err.value.message


def test_zero_counts_are_dropped_and_keys_may_be_numbers_or_strings():
    assert check_value_counts(get_variant("continental"), {"5": 0, 10: 2, "20": 1}) == {20: 1, 10: 2}


def test_a_hand_by_value_in_a_round():
    variant = get_variant("continental")
    hands = {
        "Bob": parse_hand(variant, {"values": {"5": 2, "10": 1}}, "hands.Bob"),
        "Cy": parse_hand(variant, {"values": {"20": 1, "5": 3}, "missing_cards": 1}, "hands.Cy"),
        "Di": parse_hand(variant, {"cards": ["QC", "4D"]}, "hands.Di"),
    }
    result = score_round(variant, 1, ["Ann", "Bob", "Cy", "Di"], "Ann", "went_out", hands)
    assert result.scores == {"Ann": 0, "Bob": 20, "Cy": 35 + variant.scoring.missing_card_penalty, "Di": 15}
    assert result.hands["Bob"].as_dict()["values"] == {"10": 1, "5": 2}
    assert hands["Bob"].as_input() == {"values": {"10": 1, "5": 2}}


def test_roy_refuses_values():
    with pytest.raises(GameRulesError) as err:
        parse_hand(get_variant("roy"), {"values": {"1": 3}}, "hands.Bob")
    assert err.value.field == "hands.Bob.values" and "card_count" in err.value.message


def test_values_and_cards_together_are_refused():
    with pytest.raises(GameRulesError) as err:
        parse_hand(get_variant("clenney"), {"values": {"5": 1}, "cards": ["KD"]}, "hands.Bob")
    assert "exactly one of cards, values, points" in err.value.message
