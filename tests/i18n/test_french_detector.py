"""tests/support/french.py finds English left on a French page, and only that."""
from __future__ import annotations

from support.french import catalogue_english, english_left, sentences


def test_a_sentence_shown_in_both_languages_is_english_left():
    english = "Round 1 saved: Ann 0 · Bob 53.\nAnn went out first and won the round."
    french = "Manche 1 enregistrée : Ann 0 · Bob 53.\nAnn went out first and won the round."
    assert english_left(english, french, ["Ann", "Bob"]) == ["Ann went out first and won the round"]


def test_names_numbers_and_variant_names_are_not_english():
    english = "Le May I · Ann Bob Cy · 24 Nov 2026 · Joybells Continental Clenney ROY"
    assert english_left(english, english, ["Ann", "Bob", "Cy"]) == []
    assert sentences("Ann, Bob and Cy", ["Ann", "Bob", "Cy"]) == set()  # one word left
    assert sentences("Ann and Bob went out", ["Ann", "Bob"]) == {"Ann and Bob went out"}


def test_french_punctuation_does_not_hide_english():
    # French puts a space before the colon: the English after it is still a sentence of its own
    assert english_left("Dealer: the player on the left deals.", "Donneur : the player on the left deals.") \
        == ["the player on the left deals"]


def test_the_catalogue_names_its_english_found_on_a_page():
    found = catalogue_english("Pas de réseau. This page was not opened on this phone while the network was up, "
                              "so it cannot be shown now.")
    assert found == ["This page was not opened on this phone while the network was up, so it cannot be shown now"]
    assert catalogue_english("Pas de réseau. Cette page n’a pas été ouverte sur ce téléphone.") == []


def test_a_short_phrase_of_the_catalogue_shown_in_english_is_found():
    assert catalogue_english("Pas de réseau · Your games") == ["Your games"]  # a button of templates/offline.html
    assert catalogue_english("Pas de réseau · Vos parties") == []
