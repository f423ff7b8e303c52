"""Card codes: parsing every spelling, formatting, and the errors that name the bad value."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from scorekeeper.rules.cards import (CARD_CODE_HELP, RANKS, SUIT_SYMBOLS, SUITS, Card, CardError,
                                     joker, parse_card, parse_cards, standard_deck)

ALL_CARDS = standard_deck() + [joker()]


def spellings(card: Card) -> list[str]:
    """Every accepted way to write ``card``."""
    if card.is_joker:
        return ["JK", "jk", "Jk", " JK ", "joker", "JOKER"]
    ranks = [card.rank] + (["T", "t"] if card.rank == "10" else []) + ([card.rank.lower()] if card.rank.isalpha() else [])
    suits = [card.suit, card.suit.lower(), SUIT_SYMBOLS[card.suit], SUIT_SYMBOLS[card.suit] + "\ufe0f"]
    return [r + s for r in ranks for s in suits]


@given(st.sampled_from(ALL_CARDS), st.data())
def test_format_parse_round_trip_over_all_codes_and_spellings(card, data):
    text = data.draw(st.sampled_from(spellings(card)))
    parsed = parse_card(text)
    assert parsed == card
    assert parse_card(parsed.code) == parsed


@pytest.mark.parametrize("text, code", [
    ("10H", "10H"), ("TH", "10H"), ("th", "10H"), ("10♥", "10H"), ("10♥️", "10H"), ("JK", "JK"), ("jk", "JK"),
    ("a♠", "AS"), ("Q♦", "QD"), ("k♣", "KC"), ("2♡", "2H"), (" 5s ", "5S"),
])
def test_named_spellings(text, code):
    assert parse_card(text).code == code


def test_there_are_53_distinct_codes():
    codes = {c.code for c in ALL_CARDS}
    assert len(codes) == 53 and len(standard_deck()) == 52
    assert all(c.rank in RANKS and c.suit in SUITS for c in standard_deck())


@pytest.mark.parametrize("text", ["QX", "1H", "11S", "ZZ", "", "H", "JKK", "10HH", "♥10"])
@pytest.mark.parametrize("rank_alone", [False, True])
def test_not_a_card_names_the_value(text, rank_alone):
    with pytest.raises(CardError) as info:
        parse_card(text, "cards[0]", rank_alone=rank_alone)
    assert str(info.value) == f"cards[0]: {text!r} is not a card ({CARD_CODE_HELP})"
    assert info.value.field == "cards[0]" and info.value.value == text


@pytest.mark.parametrize("text, rank", [("K", "K"), ("7", "7"), ("10", "10"), ("t", "10"), (" a ", "A")])
def test_a_rank_alone_is_a_card_where_only_points_count(text, rank):
    card = parse_card(text, "cards[0]", rank_alone=True)
    assert (card.rank, card.suit, card.code, card.label) == (rank, None, rank, rank)
    with pytest.raises(CardError) as info:  # melds and ROY plays: the suit matters
        parse_card(text, "cards[0]")
    assert "needs a suit here" in str(info.value) and info.value.value == text


@pytest.mark.parametrize("value", [5, None, ["5H"], 5.0, True])
def test_not_a_string_names_the_value(value):
    with pytest.raises(CardError) as info:
        parse_card(value, "top")
    assert str(info.value).startswith(f"top: {value!r} is not a card code")


def test_parse_cards_names_the_position():
    with pytest.raises(CardError) as info:
        parse_cards(["5H", "6H", "QX"])
    assert info.value.field == "cards[2]"
    with pytest.raises(CardError) as info:
        parse_cards("5H 6H")
    assert info.value.field == "cards"


@given(st.text(max_size=6))
def test_any_text_either_parses_or_raises_a_card_error(text):
    try:
        card = parse_card(text)
    except CardError as err:
        assert repr(text) in str(err)
    else:
        assert parse_card(card.code) == card


def test_card_properties():
    assert parse_card("10H").number == 10 and parse_card("AS").number == 1 and parse_card("KC").number == 13
    assert parse_card("QD").name == "queen of diamonds" and joker().name == "joker"
    assert parse_card("10H").label == "10♥" and joker().label == "Joker"
    assert parse_card("AH").is_red and not parse_card("AS").is_red
