"""Penalty points of a hand (scorekeeper.rules.scoring): every result field, every refusal's field
and value, the boundaries of missing cards (60) and of value counts (120 cards)."""
from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, strategies as st

from scorekeeper.rules.cards import joker, parse_cards, standard_deck
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.scoring import (HandScore, ScoreLine, check_missing_cards, check_value_counts, hand_points,
                                       missing_card_penalty, points_classes, points_from_value_counts)
from scorekeeper.rules.variants import all_variants, get_variant

CONT = get_variant("continental")
JOY = get_variant("joybells")
ROY = get_variant("roy")
PENALTY = [v for v in all_variants() if v.id != "roy"]


def refusal(fn, *args):
    with pytest.raises(RulesInputError) as err:
        fn(*args)
    assert isinstance(err.value.message, str)
    return err.value


def test_a_hand_in_every_field():
    score = hand_points(CONT, parse_cards(["KD", "JK", "3S"]), 2)
    assert score == HandScore(85, (ScoreLine("KD", 10), ScoreLine("JK", 50), ScoreLine("3S", 5)), 2, 20)
    assert score.as_dict() == {"points": 85, "lines": [{"card": "KD", "points": 10}, {"card": "JK", "points": 50},
                                                       {"card": "3S", "points": 5}],
                               "missing_cards": 2, "missing_card_points": 20}
    assert hand_points(CONT, parse_cards(["KD"])).as_dict() == {"points": 10, "lines": [{"card": "KD", "points": 10}]}


def test_by_value_in_every_field():
    score = points_from_value_counts(CONT, {"5": 3, "10": 1}, 1)
    assert score == HandScore(35, (ScoreLine("1 × 10 (10 J Q K)", 10), ScoreLine("3 × 5 (2 3 4 5 6 7 8 9)", 15)), 1, 10)
    assert points_from_value_counts(CONT, {}).as_dict() == {"points": 0, "lines": []}


@given(st.sampled_from(PENALTY), st.lists(st.sampled_from(standard_deck() + [joker()]), max_size=20),
       st.integers(0, 60))
def test_a_hands_points_are_the_sum_of_its_cards_points_under_the_variant(variant, cards, missing):
    """Property: points = each card's value in the variant's points table + the penalty per missing card,
    whether the hand is given card by card or as so many cards of each value."""
    if not variant.has_jokers:
        cards = [c for c in cards if not c.is_joker]
    table = sum(variant.points["JK" if c.is_joker else c.rank] for c in cards)
    expected = table + variant.scoring.missing_card_penalty * missing
    assert hand_points(variant, cards, missing).points == expected
    by_value: dict[str, int] = {}
    for c in cards:
        key = str(variant.points["JK" if c.is_joker else c.rank])
        by_value[key] = by_value.get(key, 0) + 1
    assert points_from_value_counts(variant, by_value, missing).points == expected


@pytest.mark.parametrize("fn, args", [
    (hand_points, (ROY, [])),
    (points_from_value_counts, (ROY, {})),
])
def test_roy_does_not_score_the_cards_left(fn, args):
    err = refusal(fn, *args)
    assert (err.field, err.value) == ("variant", "roy")
    assert err.message == "ROY does not score the cards left in a hand"


@pytest.mark.parametrize("value, ok", [(None, 0), (0, 0), (1, 1), (60, 60)])
def test_missing_cards_accepted(value, ok):
    assert check_missing_cards(value) == ok


@pytest.mark.parametrize("value, words", [
    (-1, "-1 is not a number of missing cards (a whole number, 0 or more)"),
    (True, "True is not a number of missing cards (a whole number, 0 or more)"),
    ("2", "'2' is not a number of missing cards (a whole number, 0 or more)"),
    (1.0, "1.0 is not a number of missing cards (a whole number, 0 or more)"),
    (61, "61 missing cards is more than any hand holds"),
])
def test_missing_cards_refused_naming_the_field_and_value(value, words):
    err = refusal(check_missing_cards, value, "hands.Bob.missing_cards")
    assert (err.field, err.value, err.message) == ("hands.Bob.missing_cards", value, words)
    assert refusal(check_missing_cards, value).field == "missing_cards"


def test_the_missing_card_penalty_is_the_variants_per_card():
    assert missing_card_penalty(CONT, 3) == 30
    assert missing_card_penalty(replace(CONT, scoring=replace(CONT.scoring, missing_card_penalty=7)), 3) == 21


def test_points_classes_highest_first_with_their_ranks():
    assert points_classes(CONT) == [(50, ["JK"]), (20, ["A"]), (10, ["10", "J", "Q", "K"]),
                                    (5, ["2", "3", "4", "5", "6", "7", "8", "9"])]


def test_value_counts_add_up_repeated_values_drop_zeros_and_sort_highest_first():
    assert check_value_counts(CONT, {"5": 2, 5: 1, "10": 0, "50": 1}) == {50: 1, 5: 3}
    assert list(check_value_counts(CONT, {"5": 1, "20": 1, "10": 1})) == [20, 10, 5]


def test_a_value_count_of_exactly_120_cards_is_a_hand():
    assert check_value_counts(CONT, {"5": 100, "10": 20}) == {10: 20, 5: 100}


@pytest.mark.parametrize("counts, field, value, message", [
    ([5, 3], "values", [5, 3], "[5, 3] is not an object of card values and counts, such as {\"5\": 3, \"10\": 1}"),
    ({"7": 1}, "values.7", "7", "'7' is not a card value in Continental (card values: 5, 10, 20, 50)"),
    ({"x": 1}, "values.x", "x", "'x' is not a card value in Continental (card values: 5, 10, 20, 50)"),
    ({True: 1}, "values.True", True, "True is not a card value in Continental (card values: 5, 10, 20, 50)"),
    ({"5": -1}, "values.5", -1, "-1 is not a number of 5-point cards (a whole number, 0 or more)"),
    ({"5": True}, "values.5", True, "True is not a number of 5-point cards (a whole number, 0 or more)"),
    ({"5": 1.5}, "values.5", 1.5, "1.5 is not a number of 5-point cards (a whole number, 0 or more)"),
    ({"5": 100, "10": 21}, "values.10", 21, "121 cards is more than any hand holds"),
])
def test_bad_value_counts_name_the_field_and_value(counts, field, value, message):
    err = refusal(check_value_counts, CONT, counts)
    assert (err.field, err.value, err.message) == (field, value, message)


def test_true_is_not_the_value_1():
    one = replace(CONT, points={**CONT.points, "2": 1})
    assert check_value_counts(one, {"1": 2}) == {1: 2}
    assert refusal(check_value_counts, one, {True: 2}).field == "values.True"
