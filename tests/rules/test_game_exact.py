"""scorekeeper.rules.game pinned exactly: every refusal names its field and value, every result
field of a round and of a tally is checked, and the boundaries (40 characters, 10,000 points, 120
cards, 100 in ROY) are tested on both sides."""
from __future__ import annotations

from datetime import datetime

import pytest

from scorekeeper.rules import game as g
from scorekeeper.rules.cards import parse_cards
from scorekeeper.rules.variants import get_variant

JOY = get_variant("joybells")
CONT = get_variant("continental")
LMI = get_variant("le-may-i")
CLEN = get_variant("clenney")
ROY = get_variant("roy")
NOW = datetime(2026, 6, 1)


def refusal(fn, *args, **kwargs) -> g.GameRulesError:
    with pytest.raises(g.GameRulesError) as err:
        fn(*args, **kwargs)
    assert isinstance(err.value.message, str) and str(err.value).startswith(f"{err.value.field}: ")
    return err.value


def points(n, missing_cards=0):
    return g.Hand("points", points=n, missing_cards=missing_cards)


# ----- names, seats, players ------------------------------------------------------------------------

@pytest.mark.parametrize("name, value, words", [
    (5, 5, "5 is not a name"),
    ("   ", "   ", "cannot be blank"),
    ("A" * 41, "A" * 41, "'AAAAAAAAAAAAAAAAAAAA'… is too long for a name (at most 40 characters)"),
    ("Ann\x07", "Ann\x07", "contains characters that cannot be shown"),
])
def test_a_bad_name_is_refused_naming_the_seat_and_the_value(name, value, words):
    err = refusal(g.check_name, name, "players[2]")
    assert (err.field, err.value) == ("players[2]", value) and words in err.message


def test_a_name_of_exactly_40_characters_is_a_name():
    assert g.check_name(" " + "A" * 40 + " ", "players[0]") == "A" * 40


def test_seating_problems_lists_every_problem_at_once():
    problems = g.seating_problems(JOY, ["Ann", 7, "ann", "", "Bob", "Cy", "Di", "Ed"])
    assert [(p.field, p.value) for p in problems] == [
        ("players", 8), ("players[1]", 7), ("players[2]", "ann"), ("players[3]", "")]
    assert "8 players is out of range: Joybells is for 3 to 6 players" == problems[0].message
    assert "(seats 1 and 3)" in problems[2].message


def test_seating_problems_of_what_is_not_a_list():
    [err] = g.seating_problems(JOY, "Ann, Bob", "seats")
    assert (err.field, err.value) == ("seats", "Ann, Bob") and "not a list of player names" in err.message


@pytest.mark.parametrize("count, ok", [(2, False), (3, True), (6, True), (7, False)])
def test_the_player_range_includes_both_ends(count, ok):
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"][:count]
    assert (g.seating_problems(JOY, names) == []) is ok


def test_check_seating_names_a_bad_seat_before_the_count():
    err = refusal(g.check_seating, JOY, ["Ann", ""])
    assert (err.field, err.value) == ("players[1]", "")
    err = refusal(g.check_seating, JOY, ["Ann", "Bob"], "seats")
    assert (err.field, err.value) == ("seats", 2)
    assert g.check_seating(JOY, ["Ann", "Bob", "Cy"], "seats") == ["Ann", "Bob", "Cy"]


def test_find_player_ignores_case_and_spaces_and_names_the_players_when_unknown():
    assert g.find_player(["Ann Lee", "Bob"], "  ann   LEE ", "went_out") == "Ann Lee"
    assert g.find_player(["Ann", "Bob"], "bob", "went_out") == "Bob"
    err = refusal(g.find_player, ["Ann", "Bob"], "Cy", "went_out")
    assert (err.field, err.value) == ("went_out", "Cy")
    assert err.message == "'Cy' is not a player in this game (players: Ann, Bob)"
    assert refusal(g.find_player, ["Ann"], 3, "x").value == 3


def test_round_info_outside_the_rounds_has_no_contract():
    assert g.round_info(CONT, 8) == {"contract": None, "min_cards": None}
    assert g.round_info(CONT, 0) == {"contract": None, "min_cards": None}


# ----- parsing a hand -------------------------------------------------------------------------------

@pytest.mark.parametrize("variant, raw, field, value, words", [
    (JOY, ["KD"], "hands.Bob", ["KD"], "is not a hand"),
    (JOY, {"cards": [], "colour": 1}, "hands.Bob.colour", "colour", "'colour' is not part of a hand"),
    (JOY, {}, "hands.Bob", {}, "(got none)"),
    (JOY, {"cards": [], "points": 3}, "hands.Bob", {"cards": [], "points": 3}, "(got cards and points)"),
    (JOY, {"missing": True, "missing_cards": 1}, "hands.Bob.missing_cards", 1, "goes with cards, values or points"),
    (JOY, {"points": 3, "missing_cards": -1}, "hands.Bob.missing_cards", -1, "not a number of missing cards"),
    (JOY, {"points": 3, "missing_cards": 61}, "hands.Bob.missing_cards", 61, "more than any hand holds"),
    (ROY, {"points": 3}, "hands.Bob.points", 3, "give card_count"),
    (ROY, {"missing": True}, "hands.Bob.missing", True, "give card_count"),
    (JOY, {"card_count": 3}, "hands.Bob.card_count", 3, "card_count is for ROY"),
    (JOY, {"cards": ["KD"] * 121}, "hands.Bob.cards", 121, "121 cards is more than any hand holds"),
    (JOY, {"cards": ["KD", "ZZ"]}, "hands.Bob.cards[1]", "ZZ", "'ZZ' is not a card"),
    (JOY, {"values": {"11": 1}}, "hands.Bob.values.11", "11", "'11' is not a card value in Joybells"),
    (JOY, {"points": "5"}, "hands.Bob.points", "5", "'5' is not a number of points (a whole number, 0 or more)"),
    (JOY, {"points": True}, "hands.Bob.points", True, "True is not a number of points"),
    (JOY, {"points": -1}, "hands.Bob.points", -1, "-1 is not a number of points: it cannot be negative"),
    (JOY, {"points": 10_001}, "hands.Bob.points", 10_001, "10001 is too large for a number of points (at most 10000)"),
    (JOY, {"missing": "yes"}, "hands.Bob.missing", "yes", "missing must be true"),
    (JOY, {"missing": False}, "hands.Bob.missing", False, "missing must be true"),
    (ROY, {"card_count": 53}, "hands.Bob.card_count", 53, "at most 52"),
    (ROY, {"card_count": 2.5}, "hands.Bob.card_count", 2.5, "is not a number of cards"),
])
def test_a_bad_hand_is_refused_naming_the_field_and_value(variant, raw, field, value, words):
    err = refusal(g.parse_hand, variant, raw, "hands.Bob")
    assert (err.field, err.value) == (field, value)
    assert words in err.message


@pytest.mark.parametrize("variant, raw, hand", [
    (JOY, {"points": 0}, g.Hand("points", points=0)),
    (JOY, {"points": 10_000, "missing_cards": 2}, g.Hand("points", points=10_000, missing_cards=2)),
    (JOY, {"points": 4, "note": "late"}, g.Hand("points", points=4)),
    (JOY, {"missing": True}, g.Hand("missing")),
    (JOY, {"cards": ["kd", "10h"], "missing_cards": 1}, g.Hand("cards", cards=tuple(parse_cards(["KD", "10H"])),
                                                               missing_cards=1)),
    (JOY, {"cards": ["KD"] * 120}, g.Hand("cards", cards=tuple(parse_cards(["KD"] * 120)))),
    (CONT, {"values": {"5": 3, "10": 1}, "missing_cards": 1}, g.Hand("values", value_counts=((10, 1), (5, 3)),
                                                                     missing_cards=1)),
    (ROY, {"cards": ["KD", "3S"]}, g.Hand("card_count", cards=tuple(parse_cards(["KD", "3S"])), card_count=2)),
    (ROY, {"card_count": 0}, g.Hand("card_count", card_count=0)),
    (ROY, {"card_count": 52}, g.Hand("card_count", card_count=52)),
])
def test_a_hand_is_read_exactly(variant, raw, hand):
    assert g.parse_hand(variant, raw, "hands.Bob") == hand


@pytest.mark.parametrize("hand, data", [
    (g.Hand("cards", cards=tuple(parse_cards(["KD", "JK"])), missing_cards=2), {"cards": ["KD", "JK"], "missing_cards": 2}),
    (g.Hand("values", value_counts=((10, 1), (5, 3))), {"values": {"10": 1, "5": 3}}),
    (g.Hand("points", points=7, missing_cards=1), {"points": 7, "missing_cards": 1}),
    (g.Hand("missing"), {"missing": True}),
    (g.Hand("card_count", card_count=4), {"card_count": 4}),
    (g.Hand("went_out"), {"went_out": True}),
])
def test_the_canonical_api_form_of_each_kind_of_hand(hand, data):
    assert hand.as_input() == data


# ----- one round ------------------------------------------------------------------------------------

def test_a_round_result_in_every_field():
    hands = {"Bob": g.Hand("cards", cards=tuple(parse_cards(["KD", "3S"])), missing_cards=1),
             "Cy": g.Hand("values", value_counts=((10, 1), (5, 2))), "Di": points(7, missing_cards=2),
             "Ed": g.Hand("missing")}
    r = g.score_round(CONT, 2, ["Ann", "Bob", "Cy", "Di", "Ed"], "Ann", "went_out", hands)
    assert (r.number, r.went_out, r.end, r.bonus) == (2, "Ann", "went_out", {})
    assert r.scores == {"Ann": 0, "Bob": 25, "Cy": 20, "Di": 27, "Ed": 52}
    assert {n: h.as_dict() for n, h in r.hands.items()} == {
        "Ann": {"entered_as": "went_out", "cards": [], "missing_cards": 0, "points": 0, "note": "went out"},
        "Bob": {"entered_as": "cards", "cards": ["KD", "3S"], "missing_cards": 1, "points": 25,
                "note": "1 missing card: +10 (10 each)"},
        "Cy": {"entered_as": "values", "cards": [], "missing_cards": 0, "points": 20, "note": None,
               "values": {"10": 1, "5": 2}},
        "Di": {"entered_as": "points", "cards": [], "missing_cards": 2, "points": 27, "entered_points": 7,
               "note": "2 missing cards: +20 (10 each)"},
        "Ed": {"entered_as": "missing", "cards": [], "missing_cards": 0, "points": 52,
               "note": "no score posted: 27 + 25, the two highest others"},
    }
    incomplete = g.cite(CONT, "incomplete_games", g.INCOMPLETE_GAMES)
    irregular = g.cite(CONT, "irregularities", g.IRREGULARITIES)
    assert [(a.kind, a.summary, a.citation, a.player) for a in r.applied] == [
        ("incorrect_hand", "Round 2: Bob held 1 card too few and is charged 10 (10 per missing card) on top"
         " of the cards held.", irregular, "Bob"),
        ("incorrect_hand", "Round 2: Di held 2 cards too few and is charged 20 (10 per missing card) on top"
         " of the cards held.", irregular, "Di"),
        ("missing_score", "Round 2: no score was posted for Ed, who gets 52, the sum of the two highest"
         " scores the others posted this round (27 and 25).", incomplete, "Ed"),
    ]
    assert [a.values for a in r.applied] == [  # (kept with the game, worded when shown)
        {"number": 2, "name": "Bob", "num": 1, "extra": 10, "penalty": 10},
        {"number": 2, "name": "Di", "num": 2, "extra": 20, "penalty": 10},
        {"number": 2, "name": "Ed", "points": 52, "first": 27, "second": 25}]


def test_cite_names_the_variants_source_and_the_rulings_section():
    c = CONT.sources["incomplete_games"]
    assert g.cite(CONT, "incomplete_games", "X") == f"{c.label}; scorekeeper's rulings, X"
    assert g.cite(ROY, "incomplete_games", "Y") == "scorekeeper's rulings, Y"


def test_le_may_i_round_win_bonus_is_applied_and_said():
    r = g.score_round(LMI, 3, ["Ann", "Bob", "Cy"], "Cy", "went_out", {"Ann": points(4), "Bob": points(9)})
    assert r.bonus == {"Cy": -20} and r.scores == {"Ann": 4, "Bob": 9, "Cy": 0}
    assert [(a.kind, a.summary, a.citation, a.player) for a in r.applied] == [(
        "round_win_bonus", "Round 3: Cy went out and takes 20 points off the total.",
        g.cite(LMI, "scoring", "Built-in variants"), "Cy")]
    assert r.applied[0].values == {"number": 3, "name": "Cy", "points": 20}


def test_stock_exhausted_says_so_with_its_citation():
    r = g.score_round(CLEN, 4, ["Ann", "Bob", "Cy"], None, "stock_exhausted",
                      {"Ann": points(4), "Bob": points(9), "Cy": points(0)})
    assert r.went_out is None and r.end == "stock_exhausted" and r.scores == {"Ann": 4, "Bob": 9, "Cy": 0}
    assert [(a.kind, a.summary, a.citation, a.player) for a in r.applied] == [(
        "stock_exhausted", "Round 4: the stock ran out a second time, so the round ended with nobody out and every"
        " player scored the cards in hand.", g.cite(CLEN, "stock", "Stock depletion"), None)]
    assert r.applied[0].values == {"number": 4}


@pytest.mark.parametrize("went_out_hand", [
    None, g.Hand("cards"), g.Hand("values"), points(0), g.Hand("went_out")])
def test_the_player_who_went_out_may_be_sent_with_an_empty_hand(went_out_hand):
    hands = {"Bob": points(3), "Cy": points(5)} | ({"Ann": went_out_hand} if went_out_hand else {})
    assert g.score_round(JOY, 1, ["Ann", "Bob", "Cy"], "Ann", "went_out", hands).scores == {"Ann": 0, "Bob": 3, "Cy": 5}


@pytest.mark.parametrize("went_out_hand", [
    g.Hand("cards", cards=tuple(parse_cards(["KD"]))), g.Hand("cards", missing_cards=1), g.Hand("values", missing_cards=1),
    g.Hand("values", value_counts=((5, 1),)), points(0, missing_cards=1), points(2), g.Hand("missing")])
def test_the_player_who_went_out_may_not_bring_a_hand(went_out_hand):
    err = refusal(g.score_round, JOY, 1, ["Ann", "Bob", "Cy"], "Ann", "went_out",
                  {"Ann": went_out_hand, "Bob": points(3), "Cy": points(5)})
    assert (err.field, err.value) == ("hands.Ann", went_out_hand.as_input())
    assert err.message == "Ann went out and scores 0; leave their hand empty"


def test_roy_went_out_with_no_cards_left_is_fine_and_with_cards_is_refused():
    ok = g.score_round(ROY, 1, ["Ann", "Bob"], "Ann", "went_out",
                       {"Ann": g.Hand("card_count", card_count=0), "Bob": g.Hand("card_count", card_count=4)})
    assert ok.scores == {"Ann": 4, "Bob": 0}
    err = refusal(g.score_round, ROY, 1, ["Ann", "Bob"], "Ann", "went_out",
                  {"Ann": g.Hand("card_count", card_count=1), "Bob": g.Hand("card_count", card_count=4)})
    assert err.field == "hands.Ann"


def test_a_roy_round_in_every_field():
    r = g.score_round(ROY, 5, ["Ann", "Bob", "Cy"], "Bob", "went_out",
                      {"Ann": g.Hand("card_count", card_count=3), "Cy": g.Hand("card_count", card_count=2)})
    assert (r.number, r.went_out, r.end, r.bonus, r.applied) == (5, "Bob", "went_out", {}, ())
    assert r.scores == {"Ann": 0, "Bob": 5, "Cy": 0}
    assert {n: h.as_dict() for n, h in r.hands.items()} == {
        "Ann": {"entered_as": "card_count", "cards": [], "missing_cards": 0, "points": 0, "note": None, "card_count": 3},
        "Bob": {"entered_as": "went_out", "cards": [], "missing_cards": 0, "points": 5,
                "note": "scores the 5 cards left in the other hands"},
        "Cy": {"entered_as": "card_count", "cards": [], "missing_cards": 0, "points": 0, "note": None, "card_count": 2},
    }


@pytest.mark.parametrize("variant, players, went_out, end, hands, field, value, words", [
    (JOY, ["Ann", "Bob", "Cy"], "Ann", "abandoned", {}, "end", "abandoned", "'abandoned' is not a way for a round to end"),
    (LMI, ["Ann", "Bob", "Cy"], None, "stock_exhausted", {}, "end", "stock_exhausted", "shuffled into a new stock"),
    (JOY, ["Ann", "Bob", "Cy"], "Ann", "stock_exhausted", {}, "went_out", "Ann", "'Ann' cannot have gone out"),
    (JOY, ["Ann", "Bob", "Cy"], None, "went_out", {}, "went_out", None,
     "went_out: say who went out (or end: stock_exhausted when the stock ran out twice)"),
    (LMI, ["Ann", "Bob", "Cy"], None, "went_out", {}, "went_out", None, "went_out: say who went out"),
    (JOY, ["Ann", "Bob", "Cy"], "Zed", "went_out", {}, "went_out", "Zed", "'Zed' is not playing this round (players: Ann, Bob, Cy)"),
    (JOY, ["Ann", "Bob", "Cy"], "Ann", "went_out", {"Bob": points(1), "Cy": points(1), "Zed": points(1)},
     "hands.Zed", "Zed", "'Zed' is not playing this round"),
    (JOY, ["Ann", "Bob", "Cy"], "Ann", "went_out", {"Bob": points(1)}, "hands.Cy", None,
     "no hand for Cy: every player but the one who went out needs cards, points or missing"),
    (ROY, ["Ann", "Bob"], "Ann", "went_out", {}, "hands.Bob", None, "needs card_count"),
    (JOY, ["Ann", "Bob", "Cy"], "Ann", "went_out", {"Bob": g.Hand("missing"), "Cy": g.Hand("missing")}, "hands.Bob",
     {"missing": True}, "no score for Bob, and fewer than two other players posted a score this round"),
])
def test_a_round_the_rules_refuse_names_the_field_and_value(variant, players, went_out, end, hands, field, value, words):
    err = refusal(g.score_round, variant, 1, players, went_out, end, hands)
    assert (err.field, err.value) == (field, value)
    assert words in err.message


def test_the_message_for_a_missing_went_out_only_offers_stock_exhausted_where_it_exists():
    assert "stock_exhausted" not in refusal(g.score_round, LMI, 1, ["Ann", "Bob", "Cy"], None, "went_out", {}).message


# ----- the tally ------------------------------------------------------------------------------------

def seats(*names, withdrawn=None):
    return [g.Seat(n, (withdrawn or {}).get(n)) for n in names]


def test_round_total_points_adds_scores_and_bonuses_and_a_missing_name_counts_nothing():
    rounds = [g.RoundTotals(1, {"Ann": 5}, {"Ann": -20}), g.RoundTotals(2, {"Bob": 3})]
    assert g.round_total_points(rounds, "Ann") == -15
    assert g.round_total_points(rounds, "Bob") == 3


def test_withdrawn_total_is_the_two_highest():
    assert g.withdrawn_total([10, 40, 25]) == 65
    assert g.withdrawn_total([10, 40]) == 50
    assert g.withdrawn_total([10]) is None


def test_rank_shares_places_on_ties():
    assert g.rank([("A", 5), ("B", 3), ("C", 5), ("D", 9)], False) == [(1, "B", 3), (2, "A", 5), (2, "C", 5), (4, "D", 9)]
    assert g.rank([("A", 5), ("B", 3), ("C", 5)], True) == [(1, "A", 5), (1, "C", 5), (3, "B", 3)]


@pytest.mark.parametrize("variant, played, totals, complete", [
    (CONT, 6, [10, 20], False), (CONT, 7, [10, 20], True), (ROY, 3, [99, 50], False), (ROY, 3, [100, 50], True),
    (ROY, 3, [50, 101], True),
])
def test_is_complete(variant, played, totals, complete):
    assert g.is_complete(variant, played, totals) is complete


def test_roy_without_a_target_plays_to_100():
    from dataclasses import replace
    v = replace(ROY, scoring=replace(ROY.scoring, target=None))
    assert g.is_complete(v, 1, [100]) is True and g.is_complete(v, 1, [99]) is False


def test_a_game_in_progress_in_every_field():
    rounds = [g.RoundTotals(1, {"Ann": 10, "Bob": 0, "Cy": 5})]
    t = g.tally(CONT, seats("Ann", "Bob", "Cy", "Di"), 1, rounds)
    assert t == g.Tally(
        status="in_progress", totals={"Ann": 10, "Bob": 0, "Cy": 5, "Di": 0},
        provisional={"Ann": False, "Bob": False, "Cy": False, "Di": False},
        standings=[g.Standing(1, "Bob", 0, False, True), g.Standing(1, "Di", 0, False, True),
                   g.Standing(3, "Cy", 5, False, True), g.Standing(4, "Ann", 10, False, True)],
        winner=None, winners=[], next_round={"number": 2, "dealer": "Cy", **g.round_info(CONT, 2)},
        dealers=[1, 2], notes=[])
    assert [s.as_dict() for s in t.standings][0] == {"place": 1, "name": "Bob", "total": 0, "provisional": False,
                                                     "active": True}


def test_a_withdrawal_in_progress_is_provisional_and_said():
    rounds = [g.RoundTotals(1, {"Ann": 10, "Bob": 30, "Cy": 5, "Di": 50})]
    t = g.tally(CONT, seats("Ann", "Bob", "Cy", "Di", withdrawn={"Di": 1}), 0, rounds)
    assert t.status == "in_progress"
    assert t.totals == {"Ann": 10, "Bob": 30, "Cy": 5, "Di": 40}
    assert t.provisional == {"Ann": False, "Bob": False, "Cy": False, "Di": True}
    assert t.standings[-1] == g.Standing(4, "Di", 40, True, False)
    assert t.notes == ["Di withdrew after round 1; their total 40 is the sum of the two highest totals of the players"
                       " still in (Bob 30, Ann 10), provisional until the game ends."]
    assert t.dealers == [0, 1] and t.next_round["dealer"] == "Bob"


def test_a_withdrawal_at_the_end_is_final_and_withdrawn_players_are_ranked_after_the_others():
    rounds = [g.RoundTotals(i, {"Ann": 1, "Bob": 2, "Cy": 3, "Di": 0, "Ed": 0}) for i in range(1, 8)]
    t = g.tally(CONT, seats("Ann", "Bob", "Cy", "Di", "Ed", withdrawn={"Di": 1, "Ed": 2}), 0, rounds)
    assert t.status == "complete" and t.winner == "Ann" and t.winners == ["Ann"] and t.next_round is None
    assert t.totals == {"Ann": 7, "Bob": 14, "Cy": 21, "Di": 35, "Ed": 35}
    assert t.provisional == {"Ann": False, "Bob": False, "Cy": False, "Di": False, "Ed": False}
    assert [(s.place, s.name, s.active) for s in t.standings] == [
        (1, "Ann", True), (2, "Bob", True), (3, "Cy", True), (4, "Di", False), (4, "Ed", False)]
    assert t.notes[0].endswith("(Cy 21, Bob 14), final.")
    assert len(t.dealers) == 7


def test_a_void_game_in_every_field():
    rounds = [g.RoundTotals(1, {"Ann": 10, "Bob": 30, "Cy": 5})]
    t = g.tally(JOY, seats("Ann", "Bob", "Cy", withdrawn={"Bob": 1, "Cy": 1}), 0, rounds, suspended=True)
    assert t.status == "void" and t.next_round is None and t.winners == [] and t.winner is None
    assert t.totals == {"Ann": 10, "Bob": None, "Cy": None}
    assert t.provisional == {"Ann": False, "Bob": False, "Cy": False}
    assert t.standings == [g.Standing(1, "Ann", 10, False, True), g.Standing(2, "Bob", None, False, False),
                           g.Standing(3, "Cy", None, False, False)]
    assert t.notes[0] == ("Bob withdrew after round 1; fewer than two other players are left to complete the game,"
                          " so the game is void (kept on record, left out of statistics).")
    assert t.dealers == [0]


def test_a_suspended_game_says_so_until_it_ends():
    rounds = [g.RoundTotals(1, {"Ann": 10, "Bob": 30, "Cy": 5})]
    assert g.tally(JOY, seats("Ann", "Bob", "Cy"), 0, rounds, suspended=True).status == "suspended"


def test_a_roy_withdrawal_keeps_the_total_and_ranks_highest_first():
    rounds = [g.RoundTotals(1, {"Ann": 10, "Bob": 30, "Cy": 5})]
    t = g.tally(ROY, seats("Ann", "Bob", "Cy", withdrawn={"Cy": 1}), 0, rounds)
    assert t.totals == {"Ann": 10, "Bob": 30, "Cy": 5} and t.provisional["Cy"] is False
    assert [s.name for s in t.standings] == ["Bob", "Ann", "Cy"]
    assert t.notes == ["Cy withdrew after hand 1; their total stays at 5."]  # ROY says hand


def test_withdrawn_roy_players_are_ranked_highest_first_after_the_active_ones():
    rounds = [g.RoundTotals(1, {"Ann": 10, "Bob": 30, "Cy": 5, "Di": 7})]
    t = g.tally(ROY, seats("Ann", "Bob", "Cy", "Di", withdrawn={"Ann": 1, "Cy": 1}), 0, rounds)
    assert [(s.place, s.name, s.active) for s in t.standings] == [
        (1, "Bob", True), (2, "Di", True), (3, "Ann", False), (4, "Cy", False)]


def test_a_tie_is_said_in_a_note():
    rounds = [g.RoundTotals(i, {"Ann": 2, "Bob": 2, "Cy": 9}) for i in range(1, 6)]
    t = g.tally(LMI, seats("Ann", "Bob", "Cy"), 0, rounds)
    assert t.winner is None and t.winners == ["Ann", "Bob"]
    assert t.notes == ["Ann and Bob tie on 10 and share the win."]


def test_an_adjustment_for_an_unknown_player_changes_nobody():
    t = g.tally(JOY, seats("Ann", "Bob", "Cy"), 0, [], adjustments={"Zed": 5, "Ann": -3})
    assert t.totals == {"Ann": -3, "Bob": 0, "Cy": 0}


# ----- resume ---------------------------------------------------------------------------------------

def test_resume_in_another_year_names_both_years():
    err = refusal(g.check_resume, ["Ann", "Bob"], None, datetime(2025, 12, 31), NOW)
    assert (err.field, err.value) == ("resume", 2026)
    assert err.message == ("this game started in 2025 and can only be resumed in the same calendar year (it is now 2026)")


@pytest.mark.parametrize("present, why", [
    (["Ann", "Bob"], "Cy is not at the table"),
    (["Ann"], "Bob, Cy are not at the table"),
    (["Ann", "Bob", "Cy", "Di"], "the list does not match the players of this game"),
    (["Ann", "Cy", "Bob"], "the seats have changed"),
    (["Ann", "Bob", 7], "Cy is not at the table"),
])
def test_resume_with_other_seats_is_refused_saying_why(present, why):
    err = refusal(g.check_resume, ["Ann", "Bob", "Cy"], present, NOW, NOW)
    assert (err.field, err.value) == ("players", present)
    assert err.message == f"the game can only be resumed with every player in the same seats (Ann, Bob, Cy): {why}"


def test_resume_of_what_is_not_a_list():
    err = refusal(g.check_resume, ["Ann"], "Ann", NOW, NOW)
    assert (err.field, err.value) == ("players", "Ann") and "not a list of player names" in err.message


def test_resume_with_the_same_seats_ignoring_case_and_spaces():
    assert g.check_resume(["Ann Lee", "Bob"], [" ann  lee", "BOB"], NOW, NOW) is None
    assert g.check_resume(["Ann Lee", "Bob"], None, NOW, NOW) is None


def test_a_single_winner_gets_no_tie_note():
    rounds = [g.RoundTotals(i, {"Ann": 1, "Bob": 2, "Cy": 9}) for i in range(1, 6)]
    t = g.tally(LMI, seats("Ann", "Bob", "Cy"), 0, rounds)
    assert t.status == "complete" and t.winner == "Ann" and t.winners == ["Ann"] and t.notes == []


def test_the_refusals_of_a_round_name_the_game_and_the_players_at_the_table():
    """A stock that cannot run out names the game; a hand of someone not at the table lists who is;
    a ROY player with no cards left names the game whose hand ends at the first player out."""
    stock = refusal(g.score_round, LMI, 1, ["Ann", "Bob", "Cy"], None, "stock_exhausted", {})
    assert stock.message == ("a round of Le May I cannot end by the stock running out: the discards are shuffled "
                             "into a new stock")
    stranger = refusal(g.score_round, JOY, 1, ["Ann", "Bob", "Cy"], "Ann", "went_out",
                       {"Bob": points(1), "Cy": points(1), "Zed": points(1)})
    assert stranger.message == "'Zed' is not playing this round (players: Ann, Bob, Cy)"
    empty = refusal(g.score_round, ROY, 1, ["Ann", "Bob"], "Ann", "went_out", {"Bob": g.Hand("card_count", card_count=0)})
    assert (empty.field, empty.value) == ("hands.Bob.card_count", 0)
    assert empty.message.startswith("Bob has no cards left, but only the player who went out can have none: in ROY the hand "
                                    "ends as soon as one player is out")
