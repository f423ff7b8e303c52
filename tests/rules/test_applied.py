"""Which rules-page section each citation of a verdict points to (scorekeeper.rules.applied)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules.applied import AppliedRule, roy_anchors, rules_applied
from scorekeeper.rules.cards import parse_card, parse_cards
from scorekeeper.rules.reference import rules_page
from scorekeeper.rules.variants import Citation, HouseOption, get_variant

A = Citation("x", "a")
B = Citation("x", "b")
HOUSE_WILD = Citation("x", "house wild")
HOUSE_MAY_I = Citation("x", "house may i")


def variant(**sources):
    """Continental with its own sources, so each test says which citation backs which rule."""
    v = get_variant("continental")
    options = {"w": HouseOption("w", "wild 2s", HOUSE_WILD, adds_wild=("2",)),
               "m": HouseOption("m", "no may i", HOUSE_MAY_I, no_may_i_in_last_rounds=3)}
    return replace(v, sources={**sources, "deal": Citation("x", "deal")}, house_options=options)


def rule(v, anchor, citation):
    return AppliedRule(anchor, rules_page(v).section(anchor).title, citation)


def test_a_source_goes_to_the_section_that_states_it():
    v = variant(stock=A)
    assert rules_applied(v, [A], "turn") == [rule(v, "stock", A)]


def test_a_source_backing_several_rules_goes_to_the_first_rule_s_section_or_the_preferred_one():
    v = variant(points=A, may_i=A)
    assert rules_applied(v, [A], "turn") == [rule(v, "scoring", A)]
    assert rules_applied(v, [A], "turn", prefer=("may-i",)) == [rule(v, "may-i", A)]
    assert rules_applied(v, [A], "turn", prefer=("stock", "may-i")) == [rule(v, "may-i", A)]


def test_incomplete_games_goes_to_player_leaving_unless_missing_score_is_preferred():
    v = variant(incomplete_games=A)
    assert rules_applied(v, [A], "turn") == [rule(v, "player-leaving", A)]
    assert rules_applied(v, [A], "turn", prefer=("missing-score",)) == [rule(v, "missing-score", A)]


def test_house_options_go_to_melds_when_they_add_a_wild_card_else_to_may_i():
    v = variant()
    assert rules_applied(v, [HOUSE_WILD], "turn") == [rule(v, "melds", HOUSE_WILD)]
    assert rules_applied(v, [HOUSE_MAY_I], "turn") == [rule(v, "may-i", HOUSE_MAY_I)]


def test_a_citation_that_is_no_source_goes_to_the_default_section():
    v = variant(stock=A)
    assert rules_applied(v, [B], "contracts") == [rule(v, "contracts", B)]


def test_an_anchor_the_page_does_not_have_is_skipped():
    v = get_variant("roy")
    v = replace(v, sources={"last_round": A, "deal": B})  # ROY's page has no last-round section
    assert rules_applied(v, [A], "turn") == [rule(v, "turn", A)]


def test_each_section_and_citation_once_in_the_order_given():
    v = variant(stock=A, melds=B)
    assert rules_applied(v, [B, A, B, A], "turn") == [rule(v, "melds", B), rule(v, "stock", A)]


def test_no_citation_at_all_names_the_default_section_and_the_deal():
    v = variant()
    assert rules_applied(v, [], "setup") == [rule(v, "setup", Citation("x", "deal"))]


ROY = get_variant("roy")


@pytest.mark.parametrize("top, cards, pending, announced, anchors", [
    ("5H", [], 0, None, ["turn"]),
    ("5H", ["JH"], 0, None, ["jacks", "turn"]),
    ("JH", ["5S"], 0, "S", ["jacks", "turn"]),
    ("AH", [], 2, None, ["aces", "turn"]),
    ("5H", ["5S", "AS"], 0, None, ["aces", "chains"]),
    ("5H", ["KH"], 0, None, ["turn"]),
    ("5S", ["KS"], 0, None, ["king-of-spades", "turn"]),
    ("QS", ["QH", "KH", "KS"], 0, None, ["king-of-spades", "chains"]),
    ("AS", ["AH", "JH"], 2, None, ["aces", "chains"]),
])
def test_roy_sections_a_play_touches_most_specific_first(top, cards, pending, announced, anchors):
    assert roy_anchors(ROY, parse_card(top), parse_cards(cards), pending, announced) == anchors


def test_roy_anchors_of_a_game_without_roy_rules_is_the_turn():
    assert roy_anchors(get_variant("joybells"), parse_card("5H"), parse_cards(["JH"]), 0, None) == ["turn"]


def test_a_house_roy_s_own_ace_draw_goes_to_the_section_the_play_touches():
    from scorekeeper.rules.house import apply_changes

    house = apply_changes(get_variant("roy"), {"roy": {"draw_per_card": 1}}, id="r", name="R rules")
    own_draw = house.cite("ace_draw")  # a source key of its own, stated in no section by that name
    applied = rules_applied(house, [house.cite("play"), own_draw], "aces", prefer=["aces", "turn"])
    assert [(a.anchor, a.citation) for a in applied] == [("turn", house.cite("play")), ("aces", own_draw)]
