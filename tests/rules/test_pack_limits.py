"""scorekeeper.rules.pack_limits: no hand beyond the pack (docs/rulings.md, "Cards beyond the pack").

Each case names what it pins: the pack of the game's players, both sides of every limit (copies of
a card, jokers, a rank typed alone, cards of one value), and the sentence word for word.
"""
from __future__ import annotations

import contextvars

import pytest

from scorekeeper.rules import card_letters, get_variant, parse_cards
from scorekeeper.rules.game import Hand, parse_hand
from scorekeeper.rules.pack_limits import (
    CARD,
    JOKERS,
    RANK,
    VALUE,
    Excess,
    cards_beyond,
    hand_beyond,
    in_words,
    said,
    value_room,
    values_beyond,
)
from scorekeeper.rules.variants import Pack


def cards(*codes):
    return parse_cards(list(codes), rank_alone=True)


def two_decks():
    return Pack(decks=2, jokers=4, cards=108)


def in_own_context(fn):
    """Run ``fn`` in a copy of this context, as each request has its own (the card letters stay there)."""
    return contextvars.copy_context().run(fn)


# ----- copies of a card ------------------------------------------------------------------------------

def test_two_copies_of_a_card_fit_two_decks():
    assert cards_beyond(two_decks(), cards("10H", "10H")) == []


def test_three_copies_of_a_card_are_beyond_two_decks():
    assert cards_beyond(two_decks(), cards("10H", "10H", "10H")) == [Excess(CARD, "10H", 3, 2, 2)]


def test_four_ten_of_hearts_in_a_four_player_continental():
    hand = parse_hand(get_variant("continental"), {"cards": ["10h", "10h", "10h", "10h"]}, "hands.Dan")
    assert hand_beyond(get_variant("continental"), 4, hand) == [Excess(CARD, "10H", 4, 2, 2)]


def test_four_ten_of_hearts_fit_a_seven_player_continental_of_four_decks():
    hand = parse_hand(get_variant("continental"), {"cards": ["10H"] * 4}, "hands.Dan")
    assert hand_beyond(get_variant("continental"), 7, hand) == []
    assert hand_beyond(get_variant("continental"), 6, hand) == [Excess(CARD, "10H", 4, 3, 3)]


def test_one_deck_holds_one_copy():
    one = Pack(decks=1, jokers=0, cards=52)
    assert cards_beyond(one, cards("KS")) == []
    assert cards_beyond(one, cards("KS", "KS")) == [Excess(CARD, "KS", 2, 1, 1)]


def test_other_suits_of_a_rank_are_other_cards():
    assert cards_beyond(two_decks(), cards("10H", "10H", "10S", "10S", "10D", "10D", "10C", "10C")) == []


def test_every_card_beyond_is_said_in_code_order():
    found = cards_beyond(two_decks(), cards("QS", "QS", "QS", "3D", "3D", "3D", "3D", "7H"))
    assert found == [Excess(CARD, "3D", 4, 2, 2), Excess(CARD, "QS", 3, 2, 2)]


# ----- jokers ------------------------------------------------------------------------------------

def test_as_many_jokers_as_the_pack_has_fit():
    assert cards_beyond(two_decks(), cards("JK", "JK", "JK", "JK")) == []


def test_one_joker_more_than_the_pack_is_beyond_it():
    assert cards_beyond(two_decks(), cards("JK", "JK", "JK", "JK", "JK")) == [Excess(JOKERS, "JK", 5, 4, 2)]


def test_jokers_are_not_a_rank():
    assert cards_beyond(Pack(decks=1, jokers=2, cards=54), cards("JK", "JK")) == []


def test_jokers_follow_the_players_pack():
    hand = parse_hand(get_variant("joybells"), {"cards": ["JK"] * 5}, "hands.Dan")
    assert hand_beyond(get_variant("joybells"), 3, hand) == [Excess(JOKERS, "JK", 5, 4, 2)]


# ----- ranks typed alone ---------------------------------------------------------------------------

def test_eight_kings_typed_alone_fit_two_decks():
    assert cards_beyond(two_decks(), cards(*["K"] * 8)) == []


def test_nine_kings_typed_alone_are_beyond_two_decks():
    assert cards_beyond(two_decks(), cards(*["K"] * 9)) == [Excess(RANK, "K", 9, 8, 2)]


def test_a_rank_counts_its_suited_cards_too():
    hand = cards("KH", "KH", "KS", "KS", "KD", "KD", "KC", "K", "K")
    assert cards_beyond(two_decks(), hand) == [Excess(RANK, "K", 9, 8, 2)]


def test_copies_and_rank_are_both_said():
    hand = cards("KH", "KH", "KH", *["K"] * 6)
    assert cards_beyond(two_decks(), hand) == [Excess(CARD, "KH", 3, 2, 2), Excess(RANK, "K", 9, 8, 2)]


# ----- counted by value ----------------------------------------------------------------------------

def test_the_room_of_each_card_value_in_continental_with_two_decks():
    assert value_room(get_variant("continental"), two_decks()) == {50: 4, 20: 8, 10: 32, 5: 64}


def test_jokers_share_their_value_with_the_twos_in_joybells():
    assert value_room(get_variant("joybells"), two_decks())[20] == 8 + 4


def test_no_jokers_where_the_pack_has_none():
    assert value_room(get_variant("le-may-i"), Pack(decks=2, jokers=0, cards=104))[15] == 8


def test_as_many_cards_of_a_value_as_the_pack_holds_fit():
    assert values_beyond(get_variant("continental"), two_decks(), {10: 32, 50: 4}) == []


def test_one_card_of_a_value_more_than_the_pack_is_beyond_it():
    found = values_beyond(get_variant("continental"), two_decks(), {5: 3, 10: 33, 50: 5})
    assert found == [Excess(VALUE, "50", 5, 4, 2), Excess(VALUE, "10", 33, 32, 2)]


def test_a_value_the_variant_does_not_have_holds_no_card():
    assert values_beyond(get_variant("continental"), two_decks(), {7: 1}) == [Excess(VALUE, "7", 1, 0, 2)]


def test_a_hand_by_value_is_checked_against_the_players_pack():
    variant = get_variant("le-may-i")
    hand = parse_hand(variant, {"values": {"15": 9}}, "hands.Dan")
    assert hand_beyond(variant, 4, hand) == [Excess(VALUE, "15", 9, 8, 2)]
    assert hand_beyond(variant, 4, parse_hand(variant, {"values": {"15": 8}}, "hands.Dan")) == []


def test_points_and_missing_scores_hold_no_cards_to_count():
    variant = get_variant("continental")
    assert hand_beyond(variant, 4, Hand("points", points=500)) == []
    assert hand_beyond(variant, 4, Hand("missing")) == []


# ----- the sentence ------------------------------------------------------------------------------

@pytest.mark.parametrize("count, words", [(1, "one"), (2, "two"), (4, "four"), (12, "twelve"), (13, "13"), (0, "0")])
def test_counts_up_to_twelve_are_words(count, words):
    assert in_words(count) == words


def test_the_sentence_names_the_player_the_card_and_the_pack():
    assert said("Dan", Excess(CARD, "10H", 4, 2, 2)) == "Dan: four 10♥, but 2 decks hold only two"


def test_one_deck_is_singular():
    assert said("Dan", Excess(CARD, "KS", 2, 1, 1)) == "Dan: two K♠, but 1 deck holds only one"


def test_a_rank_alone_is_said_by_its_rank():
    assert said("Ann", Excess(RANK, "K", 9, 8, 2)) == "Ann: nine K, but 2 decks hold only eight"


def test_jokers_are_said_as_jokers():
    assert said("Cy", Excess(JOKERS, "JK", 5, 4, 2)) == "Cy: five jokers, but 2 decks hold only four"
    assert said("Cy", Excess(JOKERS, "JK", 3, 2, 1)) == "Cy: three jokers, but 1 deck holds only two"


def test_a_value_is_said_with_its_points():
    assert said("Bo", Excess(VALUE, "10", 33, 32, 2)) == "Bo: 33 cards worth 10 points, but 2 decks hold only 32"
    assert said("Bo", Excess(VALUE, "15", 9, 8, 1)) == "Bo: nine cards worth 15 points, but 1 deck holds only eight"


def test_a_french_page_shows_the_card_in_its_letters():
    def french():
        card_letters.use("fr")
        return said("Dan", Excess(CARD, "KH", 3, 2, 2))
    assert in_own_context(french) == "Dan: three R♥, but 2 decks hold only two"


def test_roy_cards_counted_for_their_number_are_checked_against_one_deck():
    roy = get_variant("roy")
    sent = parse_hand(roy, {"cards": ["5S", "5S"]}, "hands.Bob")
    assert sent.entered_as == "card_count" and sent.card_count == 2
    assert hand_beyond(roy, 3, sent) == [Excess(CARD, "5S", 2, 1, 1)]
    assert hand_beyond(roy, 3, parse_hand(roy, {"cards": ["5S", "5H"]}, "hands.Bob")) == []
    assert hand_beyond(roy, 3, parse_hand(roy, {"card_count": 9}, "hands.Bob")) == []
