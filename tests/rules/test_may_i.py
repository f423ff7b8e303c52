"""May I: who takes a claimed discard (docs/rulings.md, "May I")."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from scorekeeper.rules import get_variant
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.may_i import resolve_may_i

MAY_I_VARIANTS = ["joybells", "continental", "le-may-i", "clenney"]


def resolve(variant_id="continental", players=6, current=2, claimants=(5, 4), round_number=None, cards=1, **house):
    v = get_variant(variant_id)
    if house:
        v = v.with_house_rules(house)
    claimants = list(claimants) if isinstance(claimants, tuple) else claimants
    return resolve_may_i(v, players, current, claimants, round_number, cards)


def test_contract_worked_example():
    verdict = resolve(round_number=3)
    assert (verdict.allowed, verdict.taker, verdict.penalty_cards, verdict.current_draws_from) == (
        True, 4, 1, "stock")
    assert verdict.discarder == 1 and verdict.current == 2


@pytest.mark.parametrize("variant_id", MAY_I_VARIANTS)
@pytest.mark.parametrize("players, current, claimants, taker", [
    pytest.param(4, 1, [3, 2], 2, id="closest-after-current"),
    pytest.param(4, 1, [1, 2, 3], 1, id="current-counts-first"),
    pytest.param(5, 3, [1, 0], 0, id="wraps-around-the-table"),
    pytest.param(5, 0, [3, 1], 1, id="seat-zero-current"),
])
def test_taker_is_closest_in_rotation(variant_id, players, current, claimants, taker):
    verdict = resolve(variant_id, players, current, claimants)
    assert verdict.taker == taker
    if taker == current:
        assert (verdict.penalty_cards, verdict.current_draws_from) == (0, "discard")
    else:
        assert (verdict.penalty_cards, verdict.current_draws_from) == (1, "stock")


@given(st.sampled_from(MAY_I_VARIANTS), st.data())
def test_taker_is_always_a_claimant_and_nobody_closer_claimed(variant_id, data):
    v = get_variant(variant_id)
    players = data.draw(st.integers(v.players.min, v.players.max))
    current = data.draw(st.integers(0, players - 1))
    discarder = (current - 1) % players
    others = [s for s in range(players) if s != discarder]
    claimants = data.draw(st.lists(st.sampled_from(others), min_size=1, unique=True))
    verdict = resolve_may_i(v, players, current, claimants)
    assert verdict.allowed and verdict.taker in claimants
    distance = (verdict.taker - current) % players
    assert all((c - current) % players >= distance for c in claimants)
    assert verdict.penalty_cards == (0 if verdict.taker == current else 1)


def test_reasons_cite_the_rule_and_mention_the_dead_pile_and_lay_down_rule():
    text = " ".join(resolve("continental").reasons)
    assert "Continental Rummy (encyclopedia article)" in text and "dead" in text and "may not lay down" in text
    clenney = " ".join(resolve("clenney", 4, 1, [3]).reasons)
    assert "Clenney family May I (a family's rules)" in clenney and "dead" in clenney and "next regular turn" in clenney
    joybells = " ".join(resolve("joybells", 4, 1, [3]).reasons)
    assert "Joybells (a family's rules)" in joybells and "dead" not in joybells


def test_le_may_i_several_discards_one_penalty_each():
    verdict = resolve("le-may-i", 4, 1, [3], cards=3)
    assert (verdict.allowed, verdict.taker, verdict.penalty_cards) == (True, 3, 3)
    current = resolve("le-may-i", 4, 1, [1], cards=3)
    assert (current.taker, current.penalty_cards, current.current_draws_from) == (1, 2, "discard")
    assert any("refuses" in n for n in verdict.notes)


@pytest.mark.parametrize("variant_id", ["joybells", "continental", "clenney"])
def test_several_discards_refused_elsewhere(variant_id):
    verdict = resolve(variant_id, 4, 1, [3], cards=2)
    assert (verdict.allowed, verdict.taker, verdict.penalty_cards) == (False, None, 0)
    assert "most recent discard" in verdict.reasons[0]


def test_no_claimants_is_no_may_i():
    verdict = resolve("joybells", 4, 1, [])
    assert (verdict.allowed, verdict.taker, verdict.penalty_cards, verdict.current_draws_from) == (
        False, None, 0, "discard")
    assert "Nobody claimed" in verdict.reasons[0]


@pytest.mark.parametrize("variant_id", MAY_I_VARIANTS)
def test_house_option_no_may_i_in_last_three_rounds(variant_id):
    v = get_variant(variant_id)
    last = v.number_of_rounds
    on = {"no_may_i_in_last_three_rounds": True}
    refused = resolve(variant_id, 4, 1, [3], last, **on)
    assert not refused.allowed and "last 3 rounds" in refused.reasons[0] and "Continental Rummy (encyclopedia article)" in refused.reasons[0]
    assert resolve(variant_id, 4, 1, [3], last - 3, **on).allowed
    assert resolve(variant_id, 4, 1, [3], last).allowed
    unknown_round = resolve(variant_id, 4, 1, [3], None, **on)
    assert unknown_round.allowed and unknown_round.notes


@pytest.mark.parametrize("kwargs, field, words", [
    pytest.param(dict(claimants=[1]), "claimants[0]", ["discarder", "1"], id="discarder-claims"),
    pytest.param(dict(claimants=[4, 4]), "claimants[1]", ["twice"], id="claimant-twice"),
    pytest.param(dict(claimants=[6]), "claimants[0]", ["6", "0 to 5"], id="claimant-out-of-range"),
    pytest.param(dict(claimants=["4"]), "claimants[0]", ["'4'"], id="claimant-not-int"),
    pytest.param(dict(claimants=[True]), "claimants[0]", ["True"], id="claimant-bool"),
    pytest.param(dict(claimants="45"), "claimants", ["'45'"], id="claimants-not-a-list"),
    pytest.param(dict(current=6), "current", ["6"], id="current-out-of-range"),
    pytest.param(dict(current=-1), "current", ["-1"], id="current-negative"),
    pytest.param(dict(players=9), "players", ["9"], id="players-above-range"),
    pytest.param(dict(players=3), "players", ["3"], id="players-below-range"),
    pytest.param(dict(round_number=8), "round", ["8"], id="round-out-of-range"),
    pytest.param(dict(cards=0), "cards", ["0"], id="zero-cards"),
    pytest.param(dict(cards=1.5), "cards", ["1.5"], id="cards-not-int"),
])
def test_input_errors_name_field_and_value(kwargs, field, words):
    args = dict(variant_id="continental", players=6, current=2, claimants=[5, 4])
    args.update(kwargs)
    with pytest.raises(RulesInputError) as info:
        resolve(**args)
    assert info.value.field == field
    for word in words:
        assert word in str(info.value)


def test_roy_has_no_may_i():
    verdict = resolve_may_i(get_variant("roy"), 2, 0, [1])
    assert (verdict.allowed, verdict.taker, verdict.penalty_cards) == (False, None, 0)
    assert "ROY has no May I" in verdict.reasons[0] and "ROY (newsgroup post, 1995)" in verdict.reasons[0]
    with pytest.raises(RulesInputError):  # a table ROY cannot seat is still an input error
        resolve_may_i(get_variant("roy"), 5, 0, [1])


def test_as_dict():
    data = resolve().as_dict()
    assert {"allowed", "taker", "penalty_cards", "current_draws_from", "reasons", "citations"} <= set(data)
    assert data["citations"][0]["file"] == "001"
