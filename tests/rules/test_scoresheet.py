"""What a printed scoresheet says about the rules (scorekeeper.rules.scoresheet): the legend of each
variant word for word with the rule each line cites, card-point groups, dealer seats, running totals."""
from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules import scoresheet as s
from scorekeeper.rules.variants import AceRule, Citation, MayIRules, all_variants, get_variant

IRREGULAR = ("Too few cards when someone goes out: 10 points per missing card. No score posted: the two highest"
             " scores of the others that round. Leaving: the two highest final totals of the others.")
TURN_OVER = ("Turn the discards over once as a new stock; if it runs out again, the round ends and everyone"
             " scores their hand.")
MAY_I = "Out of turn, the discard costs 1 penalty card from the stock; the player whose turn it is takes it free."
LOW_OR_HIGH = "An ace is low (A-2-3) or high (Q-K-A) in a run, not both: no K-A-2."

LEGENDS = {
    "joybells": [
        ("Card points", "2, Joker = 20 · A = 15 · J, Q, K = 10 · 3–10 = face value; going out scores 0.", "points"),
        ("Wilds", "Jokers, every 2.", "wild"),
        ("Aces", "Aces are low only: A-2-3-4, never Q-K-A.", "aces"),
        ("Melds", "Sets of 4+ cards of one rank; runs of 4+ in one suit. Lay down exactly the contract, all at once.",
         "melds"),
        ("Last round", "Round 7: go out with every card in the 3 runs, no final discard.", "last_round"),
        ("May I", MAY_I, "may_i"),
        ("Winning", "Lowest total wins.", "scoring"),
        ("Stock", TURN_OVER, "stock"),
        ("Irregular", IRREGULAR, "incomplete_games"),
    ],
    "continental": [
        ("Card points", "Joker = 50 · A = 20 · 10, J, Q, K = 10 · 2–9 = 5; going out scores 0.", "points"),
        ("Wilds", "Jokers, the ace of hearts, the ace of diamonds. Wilds may not outnumber natural cards in a meld.",
         "wild"),
        ("Aces", LOW_OR_HIGH, "aces"),
        ("Melds", "Sets of 3+ cards of one rank; runs of 4+ in one suit. Lay down exactly the contract, all at once.",
         "melds"),
        ("May I", MAY_I + " No laying down until your next turn.", "may_i"),
        ("Winning", "Lowest total wins.", "scoring"),
        ("Stock", TURN_OVER, "stock"),
        ("Irregular", IRREGULAR, "incomplete_games"),
    ],
    "le-may-i": [
        ("Card points", "A = 15 · J, Q, K = 10 · 2–10 = face value; going out scores 0.", "points"),
        ("Wilds", "No wild cards.", "wild"),
        ("Aces", LOW_OR_HIGH, "aces"),
        ("Melds", "Sets of 3+ cards of one rank; runs of 4+ in one suit. A contract is a minimum: more or longer"
         " melds are allowed.", "melds"),
        ("Last round", "Round 5: go out with no card left, no final discard.", "last_round"),
        ("May I", MAY_I + " Several discards may be taken: 1 penalty card each.", "may_i"),
        ("Winning", "Each round won takes 20 points off your total. Lowest total wins.", "scoring"),
        ("Stock", "Shuffle the discards into a new stock as often as needed.", "stock"),
        ("Irregular", IRREGULAR, "incomplete_games"),
    ],
    "clenney": [
        ("Card points", "A = 15 · 10, J, Q, K = 10 · 2–9 = 5; going out scores 0.", "points"),
        ("Wilds", "No wild cards.", "wild"),
        ("Aces", "Aces are low, high or both: runs may turn the corner (Q-K-A-2).", "aces"),
        ("Melds", "Sets of 3+ cards of one rank; runs of 4+ in one suit. Lay down exactly the contract, all at once."
         " No two runs of one suit.", "melds"),
        ("Last round", "Round 7: go out with no card left, no final discard.", "last_round"),
        ("May I", MAY_I + " No laying down until your next turn.", "may_i"),
        ("Winning", "Lowest total wins.", "scoring"),
        ("Stock", TURN_OVER, "stock"),
        ("Irregular", IRREGULAR, "incomplete_games"),
    ],
    "roy": [
        ("Play", "Match the top card's suit or rank; then chain cards of the rank on top or the next card up in its"
         " suit. Aces are high in play chains: Q-K-A, never A-2.", "play"),
        ("J", "A jack played alone, as the whole turn, changes the suit to the one announced.", "special_cards"),
        ("A", "After an ace the next player plays an ace or draws 2 (4, 6, 8 as aces stack).", "special_cards"),
        ("K♠", "The next player draws 7 and loses the turn.", "special_cards"),
        ("Scoring", "The first out wins the hand and scores 1 point per card left in each opponent's hand."
         " First to 100 wins the game.", "scoring"),
    ],
}


def as_rows(variant, items):
    return [(i.label, i.text, i.citation) for i in items]


@pytest.mark.parametrize("variant_id", sorted(LEGENDS))
def test_each_variant_legend_word_for_word_with_the_rule_it_cites(variant_id):
    v = get_variant(variant_id)
    expected = [(label, text, v.cite(rule)) for label, text, rule in LEGENDS[variant_id]]
    assert as_rows(v, s.legend(v)) == expected


def test_house_options_show_in_the_legend():
    v = get_variant("continental").with_house_rules({"twos_wild": True, "no_may_i_in_last_three_rounds": True})
    rows = {label: text for label, text, _ in as_rows(v, s.legend(v))}
    assert rows["Wilds"] == ("Jokers, the ace of hearts, the ace of diamonds, every 2. "
                             "Wilds may not outnumber natural cards in a meld.")
    assert rows["May I"].endswith(" No laying down until your next turn. House rule: no May I in the last 3 rounds.")


def test_a_variant_without_may_i_or_missing_card_penalty_prints_neither():
    v = get_variant("continental")
    v = replace(v, may_i=MayIRules(allowed=False), scoring=replace(v.scoring, missing_card_penalty=0))
    assert [i.label for i in s.legend(v)] == ["Card points", "Wilds", "Aces", "Melds", "Winning", "Stock"]


def test_several_penalty_cards_are_plural_and_each_is_counted():
    v = get_variant("le-may-i")
    v = replace(v, may_i=replace(v.may_i, penalty_cards_per_discard=2))
    text = {i.label: i.text for i in s.legend(v)}["May I"]
    assert "costs 2 penalty cards from the stock" in text and "Several discards may be taken: 2 penalty cards each." in text


def test_roy_without_a_target_says_nothing_about_the_end():
    v = get_variant("roy")
    v = replace(v, scoring=replace(v.scoring, target=None))
    assert s.legend(v)[-1].text == "The first out wins the hand and scores 1 point per card left in each opponent's hand."


def test_roy_skip_card_that_is_not_a_king_keeps_its_label():
    v = get_variant("roy")
    v = replace(v, roy=replace(v.roy, skip_card="QH"))
    assert [i.label for i in s.legend(v)][3] == "Q♥"


@pytest.mark.parametrize("variant_id, groups", [
    ("joybells", [("2, Joker", "20"), ("A", "15"), ("J, Q, K", "10"), ("3–10", "face value")]),
    ("continental", [("Joker", "50"), ("A", "20"), ("10, J, Q, K", "10"), ("2–9", "5")]),
    ("le-may-i", [("A", "15"), ("J, Q, K", "10"), ("2–10", "face value")]),
    ("roy", []),
])
def test_card_point_groups_highest_first(variant_id, groups):
    assert s.card_point_groups(get_variant(variant_id)) == groups


def test_two_face_value_cards_are_not_grouped_as_face_value():
    # Only a stretch of three or more number cards worth their face is written "face value".
    v = get_variant("continental")
    two = replace(v, points={**v.points, "9": 9, "10": 11})  # 5 and 9 are worth their face
    assert s.card_point_groups(two) == [("Joker", "50"), ("A", "20"), ("10", "11"), ("J, Q, K", "10"), ("9", "9"),
                                        ("2–8", "5")]
    exactly_three = replace(v, points={**v.points, "9": 9, "8": 8, "5": 6})  # 8, 9 and 10
    assert s.card_point_groups(exactly_three) == [("Joker", "50"), ("A", "20"), ("J, Q, K", "10"), ("5", "6"),
                                                  ("2–4, 6, 7", "5"), ("8–10", "face value")]
    three = replace(v, points={**v.points, "9": 9, "8": 8})  # 5, 8, 9 and 10
    assert s.card_point_groups(three) == [("Joker", "50"), ("A", "20"), ("J, Q, K", "10"), ("2–4, 6, 7", "5"),
                                          ("5, 8–10", "face value")]


@pytest.mark.parametrize("ranks, text", [
    (["9", "10"], "9, 10"),
    (["4"], "4"),
    (["2", "3", "5", "6", "7", "K", "A", "JK", "Q"], "A, 2, 3, 5–7, Q, K, Joker"),
    (["10", "9", "8", "2"], "2, 8–10"),
    (["K", "Q", "J"], "J, Q, K"),
    (["3", "4"], "3, 4"),
])
def test_ranks_are_collapsed_in_rank_order(ranks, text):
    assert s._collapse(ranks) == text


@pytest.mark.parametrize("rule, text", [
    (AceRule.LOW, "Aces are low only: A-2-3-4, never Q-K-A."),
    (AceRule.HIGH, "Aces are high in play chains: Q-K-A, never A-2."),
])
def test_describe_aces(rule, text):
    assert s.describe_aces(rule) == text


def test_winner_rule():
    assert s.winner_rule(get_variant("roy")) == "first to 100 wins"
    assert s.winner_rule(get_variant("clenney")) == "lowest total wins"


def test_dealer_seats_pass_to_the_left_from_the_first_dealer():
    assert s.dealer_seats(3, 2, 5) == [2, 0, 1, 2, 0]
    assert s.dealer_seats(4, 0, 0) == []


def test_running_totals_add_bonuses_and_stop_for_a_withdrawn_player():
    rounds = [{"number": 1, "scores": {"Ann": 5, "Bob": 10}, "bonus": {"Ann": -20}},
              {"scores": {"Ann": 3, "Bob": None}}, {"number": 3, "scores": {"Ann": 1, "Bob": 4}}]
    assert s.running_totals(rounds, ["Ann", "Bob"]) == [
        {"Ann": -15, "Bob": 10}, {"Ann": -12, "Bob": None}, {"Ann": -11, "Bob": None}]


def test_running_totals_number_rounds_in_order_and_accept_text_numbers():
    rounds = [{"scores": {"Ann": "5"}}, {"scores": {"Ann": 7}, "bonus": None}]
    assert s.running_totals(rounds, ["Ann"]) == [{"Ann": 5}, {"Ann": 12}]
    assert s.running_totals([{"scores": None}], ["Ann"]) == [{"Ann": None}]


@pytest.mark.parametrize("citation, source", [
    (Citation("rulings", "Ties"), "rulings"),
    (Citation("house", "twos wild"), "house rule"),
    (Citation("001", "The play"), "Continental article, The play"),
    (Citation("001", ""), "Continental article"),
])
def test_legend_source_is_short_and_named_as_a_player_would(citation, source):
    assert s.LegendItem("x", "y", citation).source == source


def test_a_roy_house_target_is_a_winning_line_of_its_own_cited_to_the_house():
    from scorekeeper.rules.house import apply_changes

    house = apply_changes(get_variant("roy"), {"target": 150}, id="r", name="R rules")
    items = s.legend(house)
    assert items[-1] == s.LegendItem("Winning", "First to 150 wins the game.", house.cite("target"), "target")
    assert house.cite("target").file == "house"
    scoring = next(item for item in items if item.key == "scoring")
    assert "First to" not in scoring.text  # said once, on its own line


@pytest.mark.parametrize("variant_id", [v.id for v in all_variants() if v.may_i.allowed])
def test_the_reminders_of_a_may_i_sheet_are_known_by_their_keys_the_irregular_hands_last(variant_id):
    keys = [item.key for item in s.legend(get_variant(variant_id))]
    assert keys[-1] == "irregular" and keys.count("irregular") == 1 and "" not in keys


def test_the_reminders_of_a_contract_sheet_by_key():
    assert [i.key for i in s.legend(get_variant("continental"))] == [
        "points", "wild", "aces", "melds", "may_i", "winning", "stock", "irregular"]


def test_one_point_off_for_each_round_won_in_the_singular():
    cont = get_variant("continental")
    one = replace(cont, scoring=replace(cont.scoring, round_win_bonus=1))
    assert [i.text for i in s.legend(one) if i.key == "winning"] == [
        "Each round won takes 1 point off your total. Lowest total wins."]


def test_a_roy_house_king_of_spades_is_cited_to_the_house():
    from scorekeeper.rules.house import apply_changes
    r = apply_changes(get_variant("roy"), {"roy": {"skip_draw": 5}}, id="r", name="R")
    assert [i.citation for i in s.legend(r) if i.key == "skip_card"] == [r.cite("king_draw")]
    assert r.cite("king_draw").file == "house"


def test_the_reminders_of_a_sheet_with_a_last_round_by_key():
    assert [i.key for i in s.legend(get_variant("joybells"))] == [
        "points", "wild", "aces", "melds", "last_round", "may_i", "winning", "stock", "irregular"]


def test_a_last_round_that_keeps_the_final_discard_says_only_how_to_go_out():
    for variant_id, how in [("joybells", "go out with every card in the 3 runs"), ("le-may-i", "go out with no card left")]:
        v = get_variant(variant_id)
        with_discard = replace(v, last_round=replace(v.last_round, no_discard=False))
        assert [i.text for i in s.legend(with_discard) if i.key == "last_round"] == [
            f"Round {v.last_round.round}: {how}."]


def test_one_point_per_missing_card_in_the_singular():
    cont = get_variant("continental")
    one = replace(cont, scoring=replace(cont.scoring, missing_card_penalty=1))
    assert [i.text for i in s.legend(one) if i.key == "irregular"] == [
        IRREGULAR.replace("10 points per missing card", "1 point per missing card")]
