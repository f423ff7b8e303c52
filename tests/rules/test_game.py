"""The rules of a whole game (scorekeeper.rules.game): one test per rule of docs/rulings.md."""
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


def cards(*codes):
    return g.Hand("cards", cards=tuple(parse_cards(list(codes))))


def points(n, missing_cards=0):
    return g.Hand("points", points=n, missing_cards=missing_cards)


MISSING = g.Hand("missing")


# ----- seating and dealing --------------------------------------------------------------------------

def test_deal_passes_left_each_round():
    assert g.dealers(4, 2, [None] * 4, 6) == [2, 3, 0, 1, 2, 3]


def test_deal_skips_a_withdrawn_player():
    # seat 1 withdrew after round 2: from round 3 the deal passes over them
    assert g.dealers(4, 0, [None, 2, None, None], 5) == [0, 1, 2, 3, 0]
    assert g.dealers(4, 0, [None, 1, None, None], 3) == [0, 2, 3]


def test_each_rounds_contract_and_min_cards():
    assert g.round_info(CONT, 1) == {"contract": {"sets": 2, "runs": 0}, "min_cards": 6}
    assert g.round_info(CONT, 7) == {"contract": {"sets": 0, "runs": 3}, "min_cards": 12}
    assert g.round_info(JOY, 4) == {"contract": {"sets": 2, "runs": 1}, "min_cards": 12}  # 4 per set
    assert g.round_info(ROY, 3) == {"contract": None, "min_cards": None}


def test_seating_refuses_player_count_outside_range_blank_and_duplicate_names():
    with pytest.raises(g.GameRulesError, match="out of range: Continental is for 4 to 8"):
        g.check_seating(CONT, ["Ann", "Bob", "Cy"])
    with pytest.raises(g.GameRulesError, match="blank") as err:
        g.check_seating(JOY, ["Ann", "  ", "Cy"])
    assert err.value.field == "players[1]"
    with pytest.raises(g.GameRulesError, match="'ann' is seated twice") as err:
        g.check_seating(JOY, ["Ann", "Bob", "ann"])
    assert err.value.field == "players[2]"
    assert g.check_seating(JOY, [" Ann  Lee ", "Bob", "Cy"]) == ["Ann Lee", "Bob", "Cy"]


# ----- one round -------------------------------------------------------------------------------------

def test_player_who_went_out_scores_zero_and_others_score_their_cards():
    r = g.score_round(CLEN, 1, ["Ann", "Bob", "Cy"], "Ann", "went_out",
                      {"Bob": cards("KD", "4S", "AH"), "Cy": points(12)})
    assert r.scores == {"Ann": 0, "Bob": 30, "Cy": 12}
    assert r.bonus == {}


def test_went_out_player_may_not_carry_points():
    with pytest.raises(g.GameRulesError, match="went out and scores 0"):
        g.score_round(CLEN, 1, ["Ann", "Bob", "Cy"], "Ann", "went_out",
                      {"Ann": points(5), "Bob": points(1), "Cy": points(2)})


def test_every_other_player_needs_a_hand():
    with pytest.raises(g.GameRulesError, match="no hand for Cy") as err:
        g.score_round(CLEN, 1, ["Ann", "Bob", "Cy"], "Ann", "went_out", {"Bob": points(3)})
    assert err.value.field == "hands.Cy"


def test_le_may_i_takes_20_off_per_round_won():
    r = g.score_round(LMI, 1, ["Ann", "Bob", "Cy"], "Bob", "went_out", {"Ann": points(10), "Cy": points(5)})
    assert r.scores["Bob"] == 0 and r.bonus == {"Bob": -20}
    t = g.tally(LMI, [g.Seat("Ann"), g.Seat("Bob"), g.Seat("Cy")], 0, [g.RoundTotals(1, r.scores, r.bonus)])
    assert t.totals == {"Ann": 10, "Bob": -20, "Cy": 5}


def test_incorrect_hand_costs_10_per_missing_card_on_top_of_cards():
    r = g.score_round(CONT, 1, ["Ann", "Bob", "Cy", "Di"], "Ann", "went_out",
                      {"Bob": g.Hand("cards", cards=tuple(parse_cards(["KD"])), missing_cards=2),
                       "Cy": points(7, missing_cards=1), "Di": points(0)})
    assert r.scores == {"Ann": 0, "Bob": 30, "Cy": 17, "Di": 0}
    assert [a.kind for a in r.applied] == ["incorrect_hand", "incorrect_hand"]
    assert "10 per missing card" in r.applied[0].summary


def test_missing_score_is_sum_of_two_highest_other_scores():
    r = g.score_round(JOY, 2, ["Ann", "Bob", "Cy", "Di"], "Ann", "went_out",
                      {"Bob": points(40), "Cy": points(25), "Di": MISSING})
    assert r.scores["Di"] == 65
    assert r.applied[0].kind == "missing_score"


def test_missing_score_counts_the_zero_of_the_player_who_went_out():
    r = g.score_round(JOY, 1, ["Ann", "Bob", "Cy"], "Ann", "went_out", {"Bob": points(40), "Cy": MISSING})
    assert r.scores["Cy"] == 40  # 40 + 0


def test_missing_score_with_fewer_than_two_other_scores_means_replay():
    with pytest.raises(g.RoundMustBeReplayed, match="must be replayed") as err:
        g.score_round(JOY, 1, ["Ann", "Bob", "Cy"], "Ann", "went_out", {"Bob": MISSING, "Cy": MISSING})
    assert err.value.field == "hands.Bob"


def test_stock_running_out_twice_ends_round_with_everyone_scoring():
    r = g.score_round(CONT, 3, ["Ann", "Bob", "Cy", "Di"], None, "stock_exhausted",
                      {"Ann": points(5), "Bob": points(10), "Cy": points(15), "Di": points(20)})
    assert r.went_out is None and r.scores == {"Ann": 5, "Bob": 10, "Cy": 15, "Di": 20}
    assert r.applied[-1].kind == "stock_exhausted"


def test_stock_exhausted_is_refused_where_the_pile_is_reshuffled():
    with pytest.raises(g.GameRulesError, match="shuffled into a new stock"):
        g.score_round(LMI, 1, ["Ann", "Bob", "Cy"], None, "stock_exhausted",
                      {"Ann": points(1), "Bob": points(1), "Cy": points(1)})


def test_round_without_anybody_out_must_say_stock_exhausted():
    with pytest.raises(g.GameRulesError, match="say who went out") as err:
        g.score_round(CONT, 1, ["Ann", "Bob", "Cy", "Di"], None, "went_out", {})
    assert err.value.field == "went_out"


def test_roy_winner_scores_cards_left_in_opponents_hands():
    r = g.score_round(ROY, 1, ["Ann", "Bob", "Cy"], "Cy", "went_out",
                      {"Ann": g.Hand("card_count", card_count=4), "Bob": g.Hand("card_count", card_count=9)})
    assert r.scores == {"Ann": 0, "Bob": 0, "Cy": 13}


def test_parse_hand_shapes_and_errors():
    assert g.parse_hand(CLEN, {"cards": ["kd", "10h"], "missing_cards": 1}, "hands.Bob").missing_cards == 1
    assert g.parse_hand(ROY, {"card_count": 3}, "hands.Bob").card_count == 3
    with pytest.raises(g.GameRulesError) as err:
        g.parse_hand(CLEN, {"cards": ["KD", "QX"]}, "hands.Bob")
    assert err.value.field == "hands.Bob.cards[1]" and "'QX' is not a card" in str(err.value)
    with pytest.raises(g.GameRulesError, match="cannot be used: Clenney May I is played without jokers"):
        g.parse_hand(CLEN, {"cards": ["JK"]}, "hands.Bob")
    with pytest.raises(g.GameRulesError, match="exactly one of"):
        g.parse_hand(CLEN, {"cards": [], "points": 3}, "hands.Bob")
    with pytest.raises(g.GameRulesError, match="cannot be negative"):
        g.parse_hand(CLEN, {"points": -3}, "hands.Bob")
    with pytest.raises(g.GameRulesError, match="card_count is for ROY"):
        g.parse_hand(CLEN, {"card_count": 3}, "hands.Bob")
    with pytest.raises(g.GameRulesError, match="give card_count"):
        g.parse_hand(ROY, {"points": 3}, "hands.Bob")
    with pytest.raises(g.GameRulesError, match="missing must be true"):
        g.parse_hand(JOY, {"missing": "yes"}, "hands.Bob")


# ----- the whole game --------------------------------------------------------------------------------

def seats(*names, withdrawn=None):
    withdrawn = withdrawn or {}
    return [g.Seat(n, withdrawn.get(n)) for n in names]


def rounds(*score_maps):
    return [g.RoundTotals(i, s) for i, s in enumerate(score_maps, start=1)]


def test_game_is_complete_after_its_last_round_and_lowest_total_wins():
    seven = rounds(*[{"Ann": 5, "Bob": 10, "Cy": 0}] * 7)
    t = g.tally(JOY, seats("Ann", "Bob", "Cy"), 0, seven)
    assert t.status == "complete" and t.next_round is None
    assert t.winner == "Cy" and t.winners == ["Cy"]
    assert [s.name for s in t.standings] == ["Cy", "Ann", "Bob"]
    t6 = g.tally(JOY, seats("Ann", "Bob", "Cy"), 0, seven[:6])
    assert t6.status == "in_progress" and t6.winner is None and t6.next_round["number"] == 7
    assert t6.next_round["dealer"] == "Ann"  # first dealer Ann, 7th deal comes back round to seat 0


def test_le_may_i_is_complete_after_five_rounds():
    assert g.tally(LMI, seats("A", "B", "C"), 0, rounds(*[{"A": 1, "B": 2, "C": 0}] * 5)).status == "complete"


def test_roy_is_won_by_the_first_to_100_highest_total():
    rs = rounds({"A": 60, "B": 0}, {"A": 0, "B": 30}, {"A": 45, "B": 0})
    t = g.tally(ROY, seats("A", "B"), 0, rs)
    assert t.status == "complete" and t.winner == "A" and t.standings[0].name == "A"
    assert g.tally(ROY, seats("A", "B"), 0, rs[:2]).status == "in_progress"


def test_ties_share_the_win():
    t = g.tally(LMI, seats("A", "B", "C"), 0, rounds(*[{"A": 5, "B": 5, "C": 9}] * 5))
    assert t.winner is None and t.winners == ["A", "B"]
    assert [(s.place, s.name) for s in t.standings] == [(1, "A"), (1, "B"), (3, "C")]


def test_withdrawn_total_is_two_highest_totals_of_the_others_provisional_until_the_end():
    s = seats("A", "B", "C", "D", withdrawn={"D": 2})
    t = g.tally(JOY, s, 0, rounds({"A": 10, "B": 20, "C": 30, "D": 0}, {"A": 10, "B": 20, "C": 30, "D": 5}))
    assert t.totals["D"] == 60 + 40 and t.provisional["D"] is True
    assert t.standings[-1].name == "D" and t.standings[-1].provisional
    done = rounds(*([{"A": 10, "B": 20, "C": 30, "D": 0}] * 2 + [{"A": 10, "B": 20, "C": 30}] * 5))
    t = g.tally(JOY, s, 0, done)
    assert t.status == "complete" and t.totals["D"] == 210 + 140 and t.provisional["D"] is False
    assert t.winner == "A"
    assert g.withdrawn_total([5]) is None


def test_game_is_void_and_ends_when_fewer_than_two_players_remain():
    s = seats("A", "B", "C", withdrawn={"B": 1, "C": 1})
    t = g.tally(CLEN, s, 0, rounds({"A": 0, "B": 5, "C": 5}))
    assert t.status == "void" and t.next_round is None and t.winner is None and t.winners == []
    assert t.totals["B"] is None
    assert any("void" in n for n in t.notes)


def test_game_continues_with_two_players_left():
    t = g.tally(CLEN, seats("A", "B", "C", withdrawn={"C": 0}), 0, [])
    assert t.status == "in_progress" and t.totals["C"] == 0 and t.next_round["dealer"] == "A"


def test_resume_needs_the_same_players_in_the_same_seats():
    start = datetime(2026, 3, 1)
    g.check_resume(["Ann", "Bob", "Cy"], ["ann", "Bob", "CY"], start, datetime(2026, 12, 31))
    g.check_resume(["Ann", "Bob", "Cy"], None, start, datetime(2026, 5, 1))
    with pytest.raises(g.GameRulesError, match="Cy is not at the table"):
        g.check_resume(["Ann", "Bob", "Cy"], ["Ann", "Bob"], start, datetime(2026, 5, 1))
    with pytest.raises(g.GameRulesError, match="the seats have changed"):
        g.check_resume(["Ann", "Bob", "Cy"], ["Bob", "Ann", "Cy"], start, datetime(2026, 5, 1))


def test_resume_only_in_the_same_calendar_year():
    with pytest.raises(g.GameRulesError, match="started in 2026 .* same calendar year"):
        g.check_resume(["Ann", "Bob"], None, datetime(2026, 12, 31, 23), datetime(2027, 1, 1, 0, 5))


def test_suspended_status_is_kept_until_the_game_ends():
    assert g.tally(CLEN, seats("A", "B", "C"), 0, [], suspended=True).status == "suspended"


def test_a_look_alike_name_names_only_the_letters_written_otherwise():
    """"PАT" (a Cyrillic А) beside "pat": only the А is named, not the P and T that differ in case only."""
    from scorekeeper.rules.game import seating_problems
    problems = seating_problems(get_variant("continental"), ["pat", "PАT", "Ann", "Bob"])
    assert [(p.field, p.message) for p in problems] == [(
        "players[1]", "'PАT' looks the same as 'pat' (seat 1) but is written with other characters: "
                      "А (U+0410 CYRILLIC CAPITAL LETTER A); names must differ")]
    assert problems[0].value == "PАT"


def test_a_name_that_cannot_be_shown_is_quoted_in_the_refusal():
    from scorekeeper.rules.game import seating_problems
    problems = seating_problems(get_variant("continental"), ["Ann", "Bob\x07", "Cy", "Di"])
    assert [(p.field, p.message) for p in problems] == [
        ("players[1]", "'Bob\\x07' contains characters that cannot be shown")]


def test_a_seating_that_is_no_list_is_quoted_in_the_refusal():
    from scorekeeper.rules.game import seating_problems
    problems = seating_problems(get_variant("continental"), "Ann, Bob")
    assert [(p.field, p.message) for p in problems] == [
        ("players", "'Ann, Bob' is not a list of player names in seating order")]


def test_a_resume_with_one_name_instead_of_the_seating_shows_what_was_given():
    with pytest.raises(g.GameRulesError) as err:
        g.check_resume(["Ann", "Bob"], "Ann", datetime(2026, 1, 1), datetime(2026, 2, 1))
    assert (err.value.field, err.value.value, err.value.message) == (
        "players", "Ann", "'Ann' is not a list of player names in seating order")


def test_in_roy_only_the_player_who_went_out_may_hold_no_cards():
    with pytest.raises(g.GameRulesError) as err:
        g.score_round(ROY, 1, ["Ann", "Bob", "Cy"], "Cy", "went_out",
                      {"Ann": g.Hand("card_count", card_count=4), "Bob": g.Hand("card_count", card_count=0)})
    assert (err.value.field, err.value.value) == ("hands.Bob.card_count", 0)
    assert err.value.message.startswith("Bob has no cards left, but only the player who went out can have none")
