"""scorekeeper.rules.limits: points no hand of a variant could score are asked about, in words
that say why; every total a hand can make, down to a hand of one card, is taken as typed."""
from __future__ import annotations

import pytest

from scorekeeper.rules.house import apply_changes
from scorekeeper.rules.limits import unlikely_points
from scorekeeper.rules.variants import get_variant

CHECK = "Check it, or tick “Yes, these points are right”"


@pytest.mark.parametrize("game, points", [
    ("continental", 5),    # one 2-9
    ("continental", 10),   # one 10, J, Q or K, or one missing card
    ("continental", 20),   # one ace
    ("continental", 50),   # one joker
    ("joybells", 3),       # one 3
    ("joybells", 20),      # one ace or one joker
    ("clenney", 15),       # one ace
    ("le-may-i", 2),       # one 2
    ("continental", 0),    # went out
    ("continental", 35),   # an ace, a 10 and a 5
])
def test_a_total_some_hand_makes_is_taken_as_typed(game, points):
    assert unlikely_points(get_variant(game), points) is None


@pytest.mark.parametrize("game, points, name", [
    ("continental", 7, "Continental"),
    ("continental", 1, "Continental"),
    ("clenney", 12, "Clenney May I"),
])
def test_a_total_off_the_cards_step_is_asked_about_naming_the_step(game, points, name):
    assert unlikely_points(get_variant(game), points) == (
        f"{points} {'point' if points == 1 else 'points'}: no {name} hand adds up to {points} (every card is worth a multiple of 5). {CHECK}")


@pytest.mark.parametrize("game, name", [("joybells", "Joybells"), ("le-may-i", "Le May I")])
def test_one_point_is_asked_about_where_cards_have_no_common_step(game, name):
    assert unlikely_points(get_variant(game), 1) == f"1 point: no {name} hand adds up to 1. {CHECK}"


def test_roy_typed_points_are_never_asked_about():
    assert unlikely_points(get_variant("roy"), 1) is None


def test_a_house_variant_of_even_cards_names_a_step_of_two():
    even = apply_changes(get_variant("continental"),
                         {"card_points": {"2": 2, "3": 2, "4": 4, "5": 4, "6": 6, "7": 6, "8": 8, "9": 8}},
                         id="even", name="Even rules")
    assert unlikely_points(even, 2) is None
    assert unlikely_points(even, 3) == (
        f"3 points: no Even rules hand adds up to 3 (every card is worth a multiple of 2). {CHECK}")


def test_a_card_worth_one_point_makes_one_point_a_hand():
    low_aces = apply_changes(get_variant("joybells"), {"card_points": {"A": 1}}, id="low", name="Low aces")
    assert unlikely_points(low_aces, 1) is None


def test_the_missing_card_penalty_counts_as_a_card():
    """A wrong hand scores the penalty per missing card: 7 and 12 are hands where it is 7."""
    seven = apply_changes(get_variant("continental"), {"scoring": {"missing_card_penalty": 7}},
                          id="seven", name="Seven off")
    assert unlikely_points(seven, 7) is None
    assert unlikely_points(seven, 12) is None
    assert unlikely_points(seven, 1) == f"1 point: no Seven off hand adds up to 1. {CHECK}"
    assert unlikely_points(seven, 2) == f"2 points: no Seven off hand adds up to 2. {CHECK}"


def test_a_house_variant_whose_cards_score_nothing_asks_about_no_total():
    nothing = apply_changes(get_variant("continental"),
                            {"card_points": {rank: 0 for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                                                  "J", "Q", "K", "JK")},
                             "scoring": {"missing_card_penalty": 0}}, id="zero", name="Nothing counts")
    assert unlikely_points(nothing, 5) is None
