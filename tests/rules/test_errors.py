"""Rules errors name the field and the value (scorekeeper.rules.errors)."""
from __future__ import annotations

import pytest

from scorekeeper.rules.cards import CardError
from scorekeeper.rules.errors import RulesInputError


def test_an_error_keeps_message_field_and_value_and_shows_the_field_first():
    err = RulesInputError("'ZZ' is not a card", "cards[0]", "ZZ")
    assert (err.message, err.field, err.value) == ("'ZZ' is not a card", "cards[0]", "ZZ")
    assert str(err) == "cards[0]: 'ZZ' is not a card"
    assert str(RulesInputError("no field")) == "no field"
    assert RulesInputError("m").field is None and RulesInputError("m").value is None


@pytest.mark.parametrize("inner, outer, path", [
    ("[2]", "melds[1]", "melds[1][2]"),
    ("cards", "hands.Bob", "hands.Bob.cards"),
    (None, "melds[1]", "melds[1]"),
    ("", "melds[1]", "melds[1]"),
])
def test_an_error_reported_at_an_outer_field_keeps_its_kind_message_and_value(inner, outer, path):
    err = CardError("bad", inner, "ZZ").at(outer)
    assert type(err) is CardError
    assert (err.message, err.field, err.value) == ("bad", path, "ZZ")


def test_the_message_is_the_error_s_argument_as_for_any_value_error():
    err = RulesInputError("'7Z' is not a card", "cards[0]", "7Z")
    assert err.args == ("'7Z' is not a card",)
    assert str(err) == "cards[0]: '7Z' is not a card"
