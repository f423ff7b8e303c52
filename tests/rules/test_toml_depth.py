"""scorekeeper.rules.toml_depth: how deep a house variant file nests its lists and tables, read
before the file is parsed; brackets inside text and comments do not count."""
from __future__ import annotations

import pytest

from scorekeeper.rules.toml_depth import MAX_DEPTH, too_deep


SIDE_BY_SIDE = "".join(f"k{i} = [[1], [2]]\n" for i in range(10))  # 30 brackets, two deep: the file is scanned


def nested(depth: int, open_: str = "[", close: str = "]") -> str:
    return "a = " + open_ * depth + close * depth + "\n"


def test_the_limit_is_twenty_deep():
    assert MAX_DEPTH == 20
    assert not too_deep(nested(20))
    assert too_deep(nested(21))


def test_inline_tables_count_as_lists_do():
    assert not too_deep("a = " + "{b = " * 20 + "1" + "}" * 20 + "\n")
    assert too_deep("a = " + "{b = " * 21 + "1" + "}" * 21 + "\n")
    assert too_deep("a = " + "[{b = " * 11 + "1" + "}]" * 11 + "\n")


def test_a_smaller_limit_is_kept():
    assert not too_deep(nested(3), limit=3)
    assert too_deep(nested(4), limit=3)


def test_many_lists_SIDE_BY_SIDE_are_not_deep():
    text = "".join(f"k{i} = [[1], [2]]\n" for i in range(30))  # 90 brackets, two deep
    assert not too_deep(text)


def test_a_closing_bracket_too_many_does_not_make_room_for_more():
    assert too_deep("a = ]]]]]]]]]]\n" + nested(21))
    assert not too_deep("a = " + "[" * 10 + "]" * 10 + "\nb = " + "[" * 20 + "]" * 20 + "\n")


@pytest.mark.parametrize("hidden", [
    'a = "' + "[" * 30 + '"\n',                 # inside a string
    "a = '" + "[" * 30 + "'\n",                 # inside a literal string
    'a = """' + "[" * 30 + '\n"""\n',           # inside a multi-line string
    "a = '''" + "{" * 30 + "'''\n",             # inside a multi-line literal string
    "# " + "[" * 30 + "\n",                      # inside a comment
    'a = "\\"' + "[" * 30 + '"\n',               # after an escaped quote, still inside the string
])
def test_brackets_inside_text_and_comments_do_not_count(hidden):
    assert not too_deep(hidden + nested(19))


def test_the_file_after_a_comment_or_a_string_is_still_read():
    assert too_deep("# a note\n" + nested(21))
    assert too_deep('a = "x"\n' + nested(21))
    assert too_deep("a = '''x'''\n" + nested(21))
    assert too_deep('a = "\\\\"\n' + nested(21))  # a string ending in a backslash
    assert too_deep("# " + "[" * 30 + "\n" + nested(21))


def test_a_comment_on_the_last_line_ends_the_file():
    assert not too_deep(nested(5) + "# " + "[" * 30)


def test_letters_are_not_brackets():
    assert not too_deep("XX = 1\n" + "X" * 30 + " = 2\n" + SIDE_BY_SIDE)
    assert too_deep("a = " + "{X = " * 21 + "1" + "}" * 21 + "\n")  # an X between the openings closes nothing


def test_each_closing_bracket_closes_one():
    assert too_deep("a = [" + "[1], " * 10 + "[" * 20 + "]" * 21 + "\n")


def test_a_quote_inside_a_multi_line_string_does_not_end_it():
    assert not too_deep('a = """he said "' + "[" * 30 + '" and left"""\n' + SIDE_BY_SIDE)
    assert not too_deep("a = '''it's " + "[" * 30 + " all'''\n" + SIDE_BY_SIDE)


def test_a_string_left_open_at_the_end_is_read_to_the_end():
    assert not too_deep('a = "' + "[" * 30)  # (the TOML parser then says what is wrong with it)
    assert not too_deep("a = '''" + "{" * 30)
