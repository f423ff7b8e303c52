"""scorekeeper.rules.words: the rules' sentences in the reader's language, English without a catalogue."""
from __future__ import annotations

import gettext
import threading

from scorekeeper.rules import words


class Catalogue(gettext.NullTranslations):
    """A catalogue of a few French sentences, as a compiled .mo would give them."""

    def __init__(self, entries: dict):
        super().__init__()
        self.entries = entries

    def gettext(self, message):
        return self.entries.get(message, message)

    def ngettext(self, singular, plural, n):
        return self.entries.get((singular, n > 1), singular if n == 1 else plural)


FRENCH = Catalogue({
    "%(player)s went out": "%(player)s est sorti",
    ("%(num)s round", False): "%(num)s manche",
    ("%(num)s round", True): "%(num)s manches",
})


def run_alone(fn):
    """Run ``fn`` in its own thread (its own context), as each request is."""
    out = []
    thread = threading.Thread(target=lambda: out.append(fn()))
    thread.start()
    thread.join()
    return out[0]


def test_without_a_catalogue_a_sentence_is_its_english_with_values_filled():
    assert run_alone(lambda: words._("%(player)s went out", player="Ann")) == "Ann went out"
    assert run_alone(lambda: words.ngettext("%(num)s round", "%(num)s rounds", 2)) == "2 rounds"
    assert run_alone(lambda: words.ngettext("%(num)s round", "%(num)s rounds", 1)) == "1 round"


def test_with_the_french_catalogue_the_sentence_is_french():
    def french():
        words.use(FRENCH)
        return (words._("%(player)s went out", player="Ann"), words.ngettext("%(num)s round", "%(num)s rounds", 1),
                words.ngettext("%(num)s round", "%(num)s rounds", 3), words._("not in the catalogue"))
    assert run_alone(french) == ("Ann est sorti", "1 manche", "3 manches", "not in the catalogue")


def test_one_readers_language_does_not_leak_into_another_context():
    def french_then_english():
        words.use(FRENCH)
        return run_alone(lambda: words._("%(player)s went out", player="Bob"))
    assert run_alone(french_then_english) == "Bob went out"


def test_a_sentence_without_values_keeps_its_percent_signs():
    assert run_alone(lambda: words._("50% of the stock")) == "50% of the stock"


def test_N_only_marks():
    assert words.N_("2 sets") == "2 sets"


def test_a_french_sentence_drops_the_e_of_de_before_a_vowel():
    assert words.elided("les cartes de Élodie", ["Élodie"]) == "les cartes d’Élodie"
    assert words.elided("De Anne, 3 cartes", "Anne") == "D’Anne, 3 cartes"
    assert words.elided("de Yves et de Ann", ("Yves", "Ann")) == "d’Yves et d’Ann"
    assert words.elided("les cartes de Bob", ["Bob"]) == "les cartes de Bob"
    assert words.elided("de 3 joueurs", [3, ""]) == "de 3 joueurs"


def test_a_name_with_a_vowel_is_elided_on_french_pages_only():
    french = Catalogue({"the cards of %(player)s": "les cartes de %(player)s"})

    def in_french():
        words.use(french, "fr")
        return words._("the cards of %(player)s", player="Élodie"), words._("the cards of %(player)s", player="Bob")
    assert run_alone(in_french) == ("les cartes d’Élodie", "les cartes de Bob")

    def english_words_french_catalogue():
        words.use(Catalogue({"de %(player)s": "de %(player)s"}))
        return words._("de %(player)s", player="Anne")
    assert run_alone(english_words_french_catalogue) == "de Anne"


def test_in_english_gives_english_then_the_readers_language_again():
    def french_around_english():
        words.use(FRENCH, "fr")
        before = words.catalogue()
        with words.in_english():
            inside = words._("%(player)s went out", player="Élodie"), words.catalogue() is before
        return (before is FRENCH, inside, words._("%(player)s went out", player="Ann"), words.catalogue() is FRENCH,
                words.elided("de Anne", "Anne"), words._("de %(player)s", player="Anne"))
    assert run_alone(french_around_english) == (True, ("Élodie went out", False), "Ann est sorti", True,
                                                "d’Anne", "d’Anne")  # French again: the name is elided


def test_a_plural_sentence_fills_its_other_values():
    assert run_alone(lambda: words.ngettext("%(num)s card of %(player)s", "%(num)s cards of %(player)s", 3,
                                            player="Ann")) == "3 cards of Ann"


def test_one_name_is_elided_as_a_whole_not_letter_by_letter():
    # "Bob" starts with no vowel: the "de o…" further on is not his to change.
    assert words.elided("de Bob, de olives", "Bob") == "de Bob, de olives"
