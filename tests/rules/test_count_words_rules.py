"""The rules' sentences with a count take the singular for one: "no May I in the last round", never
"in the last 1 rounds" (scorekeeper/rules/may_i.py, house.py, scoresheet.py)."""
from __future__ import annotations

import pytest

from scorekeeper.rules import parse_cards
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.house import apply_changes, describe_differences
from scorekeeper.rules.may_i import resolve_may_i
from scorekeeper.rules.roy import check_play
from scorekeeper.rules.scoresheet import legend
from scorekeeper.rules.variants import get_variant


def _last_round_without_may_i(n: int):
    return apply_changes(get_variant("joybells"), {"may_i": {"none_in_last_rounds": n}}, id="smith", name="Smith rules")


def test_a_may_i_in_the_only_round_without_it_is_refused_in_the_singular():
    verdict = resolve_may_i(_last_round_without_may_i(1), 4, 1, [3], round_number=7)
    assert not verdict.allowed
    assert verdict.reasons[0].startswith("No May I in the last round (a house rule of Smith rules); round 7 is "
                                         "the last, so seat")


def test_a_may_i_in_one_of_two_rounds_without_it_is_refused_in_the_plural():
    verdict = resolve_may_i(_last_round_without_may_i(2), 4, 1, [3], round_number=6)
    assert verdict.reasons[0].startswith("No May I in the last 2 rounds (a house rule of Smith rules); round 6 is "
                                         "one of them")


def test_the_house_changes_and_the_sheet_say_the_last_round():
    base, one, two = get_variant("joybells"), _last_round_without_may_i(1), _last_round_without_may_i(2)
    assert "no May I in the last round" in describe_differences(base, one)
    assert "no May I in the last 2 rounds" in describe_differences(base, two)
    said = " ".join(item.text for item in legend(one))
    assert "House rule: no May I in the last round." in said and "1 rounds" not in said
    assert "House rule: no May I in the last 2 rounds." in " ".join(item.text for item in legend(two))


def test_one_joker_one_card_dealt_and_one_round_are_singular():
    v = apply_changes(get_variant("joybells"), {"jokers_per_deck": 1, "cards_dealt": 1,
                                                "rounds": [{"contract": {"sets": 1, "runs": 0}}],
                                                "melds": {"set_min": 2}}, id="tiny", name="Tiny")
    words = describe_differences(get_variant("joybells"), v)
    for said in ("1 joker per deck", "1 card dealt", "1 round"):
        assert said in words, words
    assert "1 jokers" not in words and "1 cards" not in words and "1 rounds" not in words


def test_one_card_pending_on_a_card_that_is_not_an_ace_is_said_in_the_singular():
    gentle = apply_changes(get_variant("roy"), {"roy": {"draw_per_card": 1}}, id="gentle", name="Gentle ROY")
    with pytest.raises(RulesInputError) as refusal:
        check_play(parse_cards(["5H"])[0], [], pending_draw=1, variant=gentle)
    assert refusal.value.message == "1 card is pending, but the top card 5H is not an ace"


def _page_text(v) -> str:
    from scorekeeper.rules import reference

    return " ".join(getattr(b, "text", "") for s in reference.rules_page(v).sections for b in s.blocks)


@pytest.mark.parametrize("draws, said", [
    (1, ("to take 1 card from the stock.", "the next player draws 1 card and misses their turn.")),
    (2, ("to take 2 cards from the stock.", "the next player draws 2 cards and misses their turn.")),
])
def test_a_roy_rules_page_counts_the_cards_drawn(draws, said):
    v = apply_changes(get_variant("roy"), {"roy": {"draw_per_card": draws, "skip_draw": draws}}, id="r", name="R")
    text = _page_text(v)
    assert all(s in text for s in said), text


@pytest.mark.parametrize("jokers, said", [(1, "with 1 joker for each deck."), (2, "with 2 jokers for each deck.")])
def test_a_rules_page_counts_the_jokers_of_a_deck(jokers, said):
    assert said in _page_text(apply_changes(get_variant("joybells"), {"jokers_per_deck": jokers}, id="j", name="J"))


@pytest.mark.parametrize("total, said", [(1, "scores the 1 card left in the other hand"),
                                         (5, "scores the 5 cards left in the other hands")])
def test_the_roy_winners_note_counts_the_cards_left(total, said):
    from scorekeeper.rules.kept_sentences import worded

    assert worded("hand.cards_left", {"total": total}) == said
