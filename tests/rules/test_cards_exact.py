"""Cards and card codes (scorekeeper.rules.cards): every property of a card, every spelling of a code
a phone sends, and refusals naming the field and the value. (Cards with a suit only: what a rank
alone means is up to each caller.)"""
from __future__ import annotations

import pytest

from scorekeeper.rules.cards import (CARD_CODE_HELP, Card, CardError, joker, parse_card, parse_cards,
                                     standard_deck)


@pytest.mark.parametrize("code, rank, suit, number, red, name, label", [
    ("AS", "A", "S", 1, False, "ace of spades", "A♠"),
    ("10H", "10", "H", 10, True, "10 of hearts", "10♥"),
    ("JD", "J", "D", 11, True, "jack of diamonds", "J♦"),
    ("QC", "Q", "C", 12, False, "queen of clubs", "Q♣"),
    ("KH", "K", "H", 13, True, "king of hearts", "K♥"),
    ("7C", "7", "C", 7, False, "7 of clubs", "7♣"),
])
def test_every_property_of_a_card(code, rank, suit, number, red, name, label):
    card = parse_card(code)
    assert card == Card(rank, suit) and not card.is_joker
    assert (card.code, card.number, card.is_red, card.name, card.label, str(card)) == (code, number, red, name, label, code)


def test_every_property_of_a_joker():
    j = joker()
    assert j == Card(None, None) and j.is_joker
    assert (j.code, j.number, j.is_red, j.name, j.label, str(j)) == ("JK", 0, False, "joker", "Joker", "JK")


@pytest.mark.parametrize("text, code", [
    ("jk", "JK"), (" Joker ", "JK"), ("th", "10H"), ("10♥", "10H"), ("q♤", "QS"), ("2♡", "2H"), ("A♢", "AD"),
    ("K♧", "KC"), ("5♣\ufe0f", "5C"), ("5♦\ufe0e", "5D"), (" 9s ", "9S"),
])
def test_every_spelling_a_phone_sends(text, code):
    assert parse_card(text).code == code


@pytest.mark.parametrize("text", ["", "S", "1H", "11S", "KX", "JKS", "♥"])
def test_what_is_not_a_card_is_refused_naming_the_code(text):
    with pytest.raises(CardError) as err:
        parse_card(text, "cards[3]")
    assert (err.value.field, err.value.value) == ("cards[3]", text)
    assert err.value.message == f"{text!r} is not a card ({CARD_CODE_HELP})"


def test_a_code_that_is_not_text_is_refused():
    with pytest.raises(CardError) as err:
        parse_card(10, "top")
    assert (err.value.field, err.value.value) == ("top", 10)
    assert err.value.message == "10 is not a card code (expected a string such as '10H' or 'JK')"
    with pytest.raises(CardError) as err:
        parse_card(None)
    assert err.value.field is None


def test_parse_cards_names_the_position():
    assert parse_cards(("KD", "jk")) == [Card("K", "D"), joker()]
    with pytest.raises(CardError) as err:
        parse_cards(["KD", "QQ"], "melds[1]")
    assert (err.value.field, err.value.value) == ("melds[1][1]", "QQ")
    with pytest.raises(CardError) as err:
        parse_cards("KD QH")
    assert (err.value.field, err.value.value) == ("cards", "KD QH")
    assert err.value.message == "'KD QH' is not a list of card codes"


def test_a_standard_deck_is_52_cards_suit_by_suit_ace_first():
    deck = standard_deck()
    assert len(deck) == 52 and len(set(deck)) == 52 and not any(c.is_joker for c in deck)
    assert [c.code for c in deck[:3]] == ["AS", "2S", "3S"] and deck[13].code == "AH" and deck[-1].code == "KC"


def test_a_king_typed_alone_is_refused_in_a_list_of_cards_unless_a_rank_alone_is_allowed():
    with pytest.raises(CardError) as info:
        parse_cards(["KS", "K"])
    assert (info.value.field, info.value.value) == ("cards[1]", "K")
    assert [card.rank for card in parse_cards(["KS", "K"], rank_alone=True)] == ["K", "K"]
