"""scorekeeper.rules.toml_words: the sentences of a variant's TOML file that ``pybabel extract`` puts
in the catalogue (its summary, its house options' labels, its ``[notes]``), each with the line it is
written on, and nothing else of the file."""
from __future__ import annotations

import io
from pathlib import Path

import pytest

from scorekeeper.rules import toml_words

VARIANTS = Path(toml_words.__file__).parent / "variants"


def extracted(toml: str) -> list[tuple[int, str, str, list[str]]]:
    """What babel gets from a TOML file holding ``toml`` (read as the bytes of a UTF-8 file)."""
    return list(toml_words.extract(io.BytesIO(toml.encode("utf-8")), (), (), {}))


def sentences(toml: str) -> list[str]:
    return [message for _line, _function, message, _comments in extracted(toml)]


def test_a_variant_file_gives_its_summary_labels_and_notes_in_that_order_with_their_lines():
    toml = (
        'name = "Joybells"\n'                                     # 1: a name, not a sentence
        'summary = "Seven rounds, each with its contract."\n'     # 2
        '[house_options.no_may_i]\n'                              # 3
        'label = "No May I in the last round"\n'                  # 4
        'default = false\n'                                       # 5
        '[notes]\n'                                               # 6
        'going_out = "Going out ends the round."\n'               # 7
        'scoring = ["Aces count 15.", "Jokers count 50."]\n'      # 8
    )
    assert extracted(toml) == [
        (2, "_", "Seven rounds, each with its contract.", []),
        (4, "_", "No May I in the last round", []),
        (7, "_", "Going out ends the round.", []),
        (8, "_", "Aces count 15.", []),
        (8, "_", "Jokers count 50.", []),
    ]


def test_a_file_without_a_summary_options_or_notes_gives_nothing():
    assert extracted('name = "Clenney"\nplayers = [2, 8]\n') == []


@pytest.mark.parametrize("toml", [
    pytest.param('summary = ""\n', id="an-empty-summary"),
    pytest.param('summary = 7\n', id="a-summary-that-is-a-number"),
    pytest.param('[house_options]\nwild_twos = true\n', id="a-house-option-that-is-no-table"),
    pytest.param('[house_options.wild_twos]\ndefault = true\n', id="a-house-option-without-a-label"),
    pytest.param('[house_options.wild_twos]\nlabel = 2\n', id="a-house-option-whose-label-is-a-number"),
    pytest.param('[notes]\nrounds = [7, 8]\n', id="notes-that-are-numbers"),
])
def test_what_is_no_sentence_is_left_out(toml):
    assert sentences(toml) == []


def test_only_the_words_of_a_list_of_notes_are_sentences():
    assert sentences('[notes]\nscoring = ["Aces count 15.", 15, "Twos are wild."]\n') == ["Aces count 15.", "Twos are wild."]


def test_a_note_of_one_sentence_is_not_read_letter_by_letter():
    assert sentences('[notes]\nwild = "Twos"\n') == ["Twos"]


def test_accented_words_are_read_as_utf8():
    assert extracted('summary = "Le May I, joué à la française."\n') == [(1, "_", "Le May I, joué à la française.", [])]


def test_a_long_sentence_is_found_by_its_first_forty_characters():
    first_line = "A long summary, written over two lines: "  # 40 characters, then the line's end
    assert len(first_line) == 40
    toml = f'name = "Continental"\nsummary = """{first_line}\nthe second line."""\n'
    assert extracted(toml) == [(2, "_", f"{first_line}\nthe second line.", [])]


def test_a_sentence_written_otherwise_in_the_file_is_put_on_the_first_line():
    # the file spells the é as an escape, so the sentence is on no line as it is read
    assert extracted('name = "Le May I"\nplayers = [3, 8]\nsummary = "Jou\\u00e9 \\u00e0 la fran\\u00e7aise."\n') == [
        (1, "_", "Joué à la française.", [])]


def test_every_built_in_variant_gives_its_summary_first():
    for path in sorted(VARIANTS.glob("*.toml")):
        with path.open("rb") as f:
            found = list(toml_words.extract(f, (), (), {}))
        assert found, path.name
        line, function, summary, comments = found[0]
        assert (function, comments) == ("_", [])
        assert summary in path.read_text(encoding="utf-8").splitlines()[line - 1]
