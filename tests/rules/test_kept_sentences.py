"""scorekeeper.rules.kept_sentences: a sentence kept as its key and values, worded when shown in the
reader's language (the real French catalogue), and what a stored row that is not one gives."""
from __future__ import annotations

import pytest

from scorekeeper.rules.kept_sentences import ENGLISH_BEFORE_KEYS, WORDING, Said, values_from_english, worded
from support.rules_in_french import in_french

# key, values, English, French: every key the app keeps
SENTENCES = [
    ("incorrect_hand", {"number": 2, "name": "Bob", "num": 1, "extra": 10, "penalty": 10},
     "Round 2: Bob held 1 card too few and is charged 10 (10 per missing card) on top of the cards held.",
     "Manche 2 : il manquait 1 carte à Bob, qui paie 10 (10 par carte manquante) en plus des cartes tenues."),
    ("incorrect_hand", {"number": 3, "name": "Di", "num": 2, "extra": 20, "penalty": 10},
     "Round 3: Di held 2 cards too few and is charged 20 (10 per missing card) on top of the cards held.",
     "Manche 3 : il manquait 2 cartes à Di, qui paie 20 (10 par carte manquante) en plus des cartes tenues."),
    ("missing_score", {"number": 2, "name": "Ed", "points": 52, "first": 27, "second": 25},
     "Round 2: no score was posted for Ed, who gets 52, the sum of the two highest scores the others posted "
     "this round (27 and 25).", None),
    ("stock_exhausted", {"number": 4},
     "Round 4: the stock ran out a second time, so the round ended with nobody out and every player scored "
     "the cards in hand.", None),
    ("round_win_bonus", {"number": 1, "name": "Bob", "points": 20},
     "Round 1: Bob went out and takes 20 points off the total.",
     "Manche 1, sortie : Bob, qui retire 20 points de son total."),
    ("hand.missing_cards", {"num": 1, "extra": 10, "penalty": 10}, "1 missing card: +10 (10 each)",
     "1 carte manquante : +10 (10 chacune)"),
    ("hand.missing_cards", {"num": 2, "extra": 20, "penalty": 10}, "2 missing cards: +20 (10 each)", None),
    ("hand.went_out", {}, "went out", "sortie"),
    ("hand.cards_left", {"total": 21}, "scores the 21 cards left in the other hands",
     "marque 21 points : les cartes restées dans les autres mains"),
    ("hand.missing_score", {"first": 5, "second": 4}, "no score posted: 5 + 4, the two highest others",
     "aucun score noté : 5 + 4, les deux plus hauts des autres"),
]


def test_every_key_is_tested():
    assert {key for key, *_ in SENTENCES} == set(WORDING)


@pytest.mark.parametrize("key, values, english, french", SENTENCES)
def test_a_kept_sentence_is_worded_in_the_readers_language(key, values, english, french):
    assert Said(key, values).text() == english == worded(key, values)
    said_in_french = in_french(lambda: (Said(key, values).text(), worded(key, values)))
    assert said_in_french[0] == said_in_french[1] != english
    if french is not None:
        assert said_in_french[0].replace("\u00a0", " ") == french  # (French puts a no-break space before ":")
    for value in values.values():
        assert str(value) in said_in_french[0]


@pytest.mark.parametrize("key, values", [
    ("incorrect_hand", None),  # a row kept from before the keys
    ("withdrawal", {"number": 1}),  # a kind this module does not word
    ("round_win_bonus", {"number": 1, "name": "Bob"}),  # a value missing
    ("stock_exhausted", {"number": 1, "name": "Bob"}),  # a value too many
    ("hand.went_out", ["went out"]),  # values that are not a mapping
])
def test_a_stored_row_that_is_not_a_kept_sentence_words_nothing(key, values):
    assert in_french(lambda: worded(key, values)) is None
    assert worded(key, values) is None


def test_an_unknown_key_is_an_error_when_said_directly():
    with pytest.raises(KeyError):
        Said("withdrawal", {}).text()


@pytest.mark.parametrize("key, values, english, _french", [s for s in SENTENCES if s[0] in ENGLISH_BEFORE_KEYS])
def test_an_english_summary_kept_before_the_keys_gives_back_its_values(key, values, english, _french):
    assert values_from_english(key, english) == values
    assert values_from_english(key, english[:-1]) is None  # the whole sentence, to its full stop
    assert values_from_english(key, "Note: " + english) is None


def test_values_read_from_english_keep_a_name_with_spaces_and_are_numbers():
    said = Said("round_win_bonus", {"number": 12, "name": "Mary Ann", "points": 20})
    assert values_from_english("round_win_bonus", said.text()) == {"number": 12, "name": "Mary Ann", "points": 20}
    assert values_from_english("incorrect_hand", "Round 2: Bob held 1 cards too few and is charged 10 (10 per "
                               "missing card) on top of the cards held.")["num"] == 1
    assert values_from_english("missing_score", "Round 2: no score was posted for Ed.") is None
    assert values_from_english("withdrawal", "Round 1: Ann withdrew.") is None  # a kind not kept with values
    assert set(ENGLISH_BEFORE_KEYS) == {"incorrect_hand", "missing_score", "stock_exhausted", "round_win_bonus"}
