"""Named edge cases of the rules, one per boundary (in the style of open_spiel's gin_rummy tests):
cards as strings, the case in the test's name. Each one fails on a plausible slip in
scorekeeper/rules/ that the other rules tests let through (docs/testing.md)."""
from __future__ import annotations


from scorekeeper.rules import game as g
from scorekeeper.rules.cards import parse_cards
from scorekeeper.rules.melds import check_contract, check_meld
from scorekeeper.rules.scoring import hand_points
from scorekeeper.rules.variants import get_variant

JOY = get_variant("joybells")
CONT = get_variant("continental")
LMI = get_variant("le-may-i")
CLEN = get_variant("clenney")
ROY = get_variant("roy")

ANN_BOB_CY = [g.Seat("Ann"), g.Seat("Bob"), g.Seat("Cy")]


def meld(*codes):
    return parse_cards(list(codes))


def rounds(*scores):
    return [g.RoundTotals(i + 1, s) for i, s in enumerate(scores)]


# ----- ROY: first to 100 ----------------------------------------------------------------------------

def test_exactly_100_ends_a_roy_game():
    t = g.tally(ROY, ANN_BOB_CY[:2], 0, rounds({"Ann": 60, "Bob": 0}, {"Ann": 40, "Bob": 0}))
    assert t.status == "complete" and t.winner == "Ann" and t.winners == ["Ann"]
    assert t.next_round is None


def test_99_does_not_end_a_roy_game():
    t = g.tally(ROY, ANN_BOB_CY[:2], 0, rounds({"Ann": 60, "Bob": 0}, {"Ann": 39, "Bob": 0}))
    assert t.status == "in_progress" and t.winner is None and t.winners == []
    assert t.next_round["number"] == 3


def test_roy_highest_total_wins():
    t = g.tally(ROY, ANN_BOB_CY, 0, rounds({"Ann": 0, "Bob": 101, "Cy": 0}, {"Ann": 5, "Bob": 0, "Cy": 0}))
    assert t.winner == "Bob" and [s.name for s in t.standings] == ["Bob", "Ann", "Cy"]
    assert [s.place for s in t.standings] == [1, 2, 3]


# ----- wild cards ------------------------------------------------------------------------------------

def test_wilds_equal_to_naturals_is_legal():
    # Continental: wild cards may not *outnumber* natural cards; as many is fine.
    v = check_meld(CONT, meld("8H", "8S", "JK", "AH"))
    assert v.legal and v.kind == "set" and v.rank == "8"
    assert {w.card: w.stands_for for w in v.wilds} == {"JK": "8", "AH": "8"}


def test_one_wild_more_than_naturals_is_illegal():
    v = check_meld(CONT, meld("8H", "JK", "AD"))
    assert not v.legal and "outnumber" in v.reasons[0]


def test_wilds_equal_to_naturals_in_a_run_is_legal():
    v = check_meld(CONT, meld("5S", "JK", "7S", "AD"))
    assert v.legal and v.kind == "run" and v.suit == "S"
    assert v.order == ("5S", "6S", "7S", "8S")


# ----- contracts -------------------------------------------------------------------------------------

def test_each_meld_of_a_legal_contract_is_legal():
    c = check_contract(CONT, 2, [meld("9H", "9S", "9C"), meld("3D", "4D", "5D", "6D")])
    assert c.legal and c.reasons == []
    assert [m.legal for m in c.melds] == [True, True]
    assert [m.kind for m in c.melds] == ["set", "run"]


def test_each_meld_of_a_legal_contract_is_legal_in_the_api_form():
    data = check_contract(JOY, 1, [meld("9H", "9S", "9C", "9D"), meld("KD", "KS", "KC", "KH")]).as_dict()
    assert data["legal"] is True and [m["legal"] for m in data["melds"]] == [True, True]
    assert data["cards"] == 8


# ----- totals ----------------------------------------------------------------------------------------

def test_an_adjustment_is_added_to_the_total_not_subtracted():
    t = g.tally(JOY, ANN_BOB_CY, 0, rounds({"Ann": 10, "Bob": 20, "Cy": 0}), adjustments={"Bob": 5})
    assert t.totals == {"Ann": 10, "Bob": 25, "Cy": 0}


def test_a_bonus_is_added_to_the_round_score():
    r = [g.RoundTotals(1, {"Ann": 0, "Bob": 20, "Cy": 7}, {"Ann": -20})]
    assert g.tally(LMI, ANN_BOB_CY, 0, r).totals == {"Ann": -20, "Bob": 20, "Cy": 7}


def test_a_missing_score_is_the_two_highest_not_three():
    r = g.score_round(JOY, 1, ["Ann", "Bob", "Cy", "Di", "Ed"], "Ann", "went_out",
                      {"Bob": g.Hand("points", points=40), "Cy": g.Hand("points", points=25),
                       "Di": g.Hand("points", points=5), "Ed": g.Hand("missing")})
    assert r.scores["Ed"] == 65


# ----- hands -----------------------------------------------------------------------------------------

def test_missing_cards_null_is_not_one_missing_card():
    hand = g.parse_hand(JOY, {"points": 5, "missing_cards": None}, "hands.Bob")
    assert hand.missing_cards == 0
    r = g.score_round(JOY, 1, ["Ann", "Bob", "Cy"], "Ann", "went_out", {"Bob": hand, "Cy": g.Hand("points", points=0)})
    assert r.scores["Bob"] == 5 and r.applied == ()


def test_missing_cards_zero_adds_nothing_and_one_adds_ten():
    assert hand_points(CONT, meld("KD"), 0).points == 10
    assert hand_points(CONT, meld("KD"), 1).points == 20
    assert hand_points(CONT, meld("KD"), 1).missing_card_points == 10
