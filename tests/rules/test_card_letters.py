"""scorekeeper.rules.card_letters: a card typed on a French page in French letters, shown back in
the page's letters; English pages read and show the English codes (docs/rulings.md, "Card codes
on French pages")."""
from __future__ import annotations

import pytest

from scorekeeper.rules import card_letters
from scorekeeper.rules.cards import CardError

FRENCH_TYPED = [
    ("RC", "KH"),    # roi de cœur
    ("DK", "QD"),    # dame de carreau
    ("VP", "JS"),    # valet de pique
    ("AT", "AC"),    # as de trèfle
    ("3C", "3H"),    # a number and a French suit
    ("10T", "10C"),
    ("3♣", "3C"),    # a suit symbol is read in both languages
    ("R♥️", "KH"),   # with the emoji variation selector phones add
    (" rc ", "KH"),  # spaces and small letters
    ("JK", "JK"), ("Jo", "JK"), ("joker", "JK"),
]


@pytest.mark.parametrize("typed, code", FRENCH_TYPED)
def test_a_card_typed_in_french_letters(typed, code):
    assert card_letters.to_code(typed, "fr") == code
    assert card_letters.read_card(typed, "fr").code == code


@pytest.mark.parametrize("typed, code", [("5", "5"), ("V", "J"), ("R", "K"), ("D", "Q"), ("A", "A"), ("10", "10")])
def test_a_rank_alone_typed_in_french(typed, code):
    assert card_letters.to_code(typed, "fr") == code


def test_a_rank_alone_is_refused_where_the_suit_matters():
    with pytest.raises(CardError) as err:
        card_letters.read_card("R", "fr", "hands.Ann", rank_alone=False)
    assert err.value.field == "hands.Ann"
    assert "'R' needs a suit here" in err.value.message


@pytest.mark.parametrize("typed", ["X", "RX", "11C", "KH9"])
def test_what_is_no_card_in_french_is_refused_naming_it(typed):
    with pytest.raises(CardError) as err:
        card_letters.read_card(typed, "fr", "cards")
    assert err.value.message.startswith(f"{typed!r} is not a card (rank A, 2-10, V, D, R")
    assert err.value.field == "cards"


def test_english_letters_are_read_on_an_english_page_only():
    assert card_letters.to_code("KH", "en") == "KH"
    assert card_letters.to_code("DK", "fr") == "QD"  # a French "D" is a queen, "K" diamonds


@pytest.mark.parametrize("code, french_typed, french_face, english_face", [
    ("KH", "RC", "R♥", "K♥"),
    ("3C", "3T", "3♣", "3♣"),
    ("10D", "10K", "10♦", "10♦"),
    ("QS", "DP", "D♠", "Q♠"),
    ("AS", "AP", "A♠", "A♠"),
    ("JK", "JK", "Joker", "Joker"),
    ("5", "5", "5", "5"),      # a rank alone keeps its number
    ("J", "V", "V", "J"),      # a rank alone in letters
    ("zz", "zz", "zz", "zz"),  # not a card: left as it is
])
def test_a_stored_code_as_each_page_writes_it(code, french_typed, french_face, english_face):
    assert card_letters.typed(code, "fr") == french_typed
    assert card_letters.typed(code, "en") == code
    assert card_letters.code_face(code, "fr") == french_face
    assert card_letters.code_face(code, "en") == english_face


def test_the_sentences_name_cards_in_the_request_letters():
    try:
        card_letters.use("fr")
        assert card_letters.shown("KH") == "RC"
        assert card_letters.shown_face("KS") == "R♠"
        assert card_letters.shown_face("J") == "V"
    finally:
        card_letters.use("en")
    assert card_letters.shown("KH") == "KH"
    assert card_letters.shown_face("KS") == "K♠"


def test_the_letters_each_language_gives_its_scripts():
    assert card_letters.letters("fr") == {
        "ranks": {"R": "K", "D": "Q", "V": "J", "A": "A"}, "suits": {"P": "S", "C": "H", "K": "D", "T": "C"},
        "jokers": ["JK", "JO", "JOKER"], "shown": {"K": "R", "Q": "D", "J": "V", "A": "A"}, "joker": "Joker"}
    assert card_letters.letters("en") == {
        "ranks": {"J": "J", "Q": "Q", "K": "K", "A": "A", "T": "10"}, "suits": {"S": "S", "H": "H", "D": "D", "C": "C"},
        "jokers": ["JK", "JOKER"], "shown": {}, "joker": "Joker"}


def test_a_rank_alone_needs_a_suit_unless_asked_for_on_either_page():
    for typed, language in (("K", "en"), ("R", "fr")):
        with pytest.raises(CardError) as err:
            card_letters.read_card(typed, language, "cards[0]")
        assert err.value.message.startswith(f"{typed!r} needs a suit here: the suit matters (rank ")
        assert (err.value.field, err.value.value) == ("cards[0]", typed)
    assert card_letters.to_code("K", "en") == "K"  # where points alone count


@pytest.mark.parametrize("value", [5, None, ["KH"]])
def test_what_is_not_text_is_refused_naming_it_on_a_french_page(value):
    with pytest.raises(CardError) as err:
        card_letters.read_card(value, "fr", "cards[2]")
    assert (err.value.field, err.value.value) == ("cards[2]", value)
    assert err.value.message == f"{value!r} is not a card code (expected a string such as '10H' or 'JK')"


def test_a_card_that_is_none_names_what_was_typed():
    with pytest.raises(CardError) as err:
        card_letters.read_card("RX", "fr", "cards[1]")
    assert (err.value.field, err.value.value) == ("cards[1]", "RX")


@pytest.mark.parametrize("typed, code", [("R♥\ufe0e", "KH"), ("R♥\ufe0f", "KH"), ("10♣\ufe0e", "10C"),
                                         ("jo\ufe0e", "JK")])
def test_the_text_and_emoji_selectors_phones_add_are_ignored(typed, code):
    assert card_letters.to_code(typed, "fr") == code


def test_a_card_that_is_none_names_its_field_on_both_pages():
    for language in ("en", "fr"):
        with pytest.raises(CardError) as err:
            card_letters.to_code("ZZ", language, "hands.Ann.cards[3]")
        assert (err.value.field, err.value.value) == ("hands.Ann.cards[3]", "ZZ")


def test_a_french_rank_alone_refused_says_how_to_write_a_card():
    with pytest.raises(CardError) as err:
        card_letters.read_card("R", "fr", "cards[0]")
    assert err.value.message == ("'R' needs a suit here: the suit matters "
                                 "(rank A, 2-10, V, D, R and suit P, C, K, T (or ♠ ♥ ♦ ♣), or JK)")
