"""Missing scores (docs/rulings.md, "Incomplete games and missing scores"): a player with no score posted
for a round gets the sum of the two highest scores *posted* by the others; a score the app works out
for another missing player is not a posted score, so the seating order never matters."""
from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given, strategies as st

from scorekeeper.rules import game as g
from scorekeeper.rules.variants import get_variant

JOY = get_variant("joybells")
CONT = get_variant("continental")
CLEN = get_variant("clenney")
MISSING = g.Hand("missing")


def points(n):
    return g.Hand("points", points=n)


def test_two_missing_players_do_not_feed_each_other():
    # Ann 30, Cy went out, Bob and Di missing: both get 30 + 0, not Bob 30 and Di 30 + 30.
    r = g.score_round(JOY, 1, ["Ann", "Bob", "Cy", "Di"], "Cy", "went_out",
                      {"Ann": points(30), "Bob": MISSING, "Di": MISSING})
    assert r.scores == {"Ann": 30, "Bob": 30, "Cy": 0, "Di": 30}
    assert [(a.kind, a.player) for a in r.applied] == [("missing_score", "Bob"), ("missing_score", "Di")]
    assert "(30 and 0)" in r.applied[1].summary


@pytest.mark.parametrize("seating", list(permutations(["Ann", "Bob", "Cy", "Di"])))
def test_two_missing_players_in_every_seating_order(seating):
    r = g.score_round(JOY, 1, list(seating), "Cy", "went_out", {"Ann": points(30), "Bob": MISSING, "Di": MISSING})
    assert r.scores == {"Ann": 30, "Bob": 30, "Cy": 0, "Di": 30}
    assert list(r.scores) == list(seating)  # scores come back in seating order


def seatings(posted, missing):
    """The missing players in each order: seated first, between the others, and last."""
    for x in permutations(missing):
        yield [*x, *posted]
        yield [v for pair in zip(posted, x) for v in pair] + list(posted[len(x):]) + list(x[len(posted):])
        yield [*posted, *x]


@pytest.mark.parametrize("seating", list(seatings(["Ann", "Bob", "Cy"], ["Di", "Ed", "Flo"])))
def test_three_missing_players_in_every_order(seating):
    hands = {"Ann": points(40), "Bob": points(25), "Di": MISSING, "Ed": MISSING, "Flo": MISSING}
    r = g.score_round(JOY, 2, list(seating), "Cy", "went_out", hands)
    assert r.scores == {"Ann": 40, "Bob": 25, "Cy": 0, "Di": 65, "Ed": 65, "Flo": 65}
    assert sorted(a.player for a in r.applied if a.kind == "missing_score") == ["Di", "Ed", "Flo"]


@pytest.mark.parametrize("seating", list(seatings(["Ann", "Bob", "Cy"], ["Di", "Ed"])))
def test_two_missing_players_when_the_stock_ran_out_in_every_order(seating):
    # Nobody went out: the posted scores are the three hands that were counted.
    hands = {"Ann": points(12), "Bob": points(55), "Cy": points(30), "Di": MISSING, "Ed": MISSING}
    r = g.score_round(CONT, 1, list(seating), None, "stock_exhausted", hands)
    assert r.scores == {"Ann": 12, "Bob": 55, "Cy": 30, "Di": 85, "Ed": 85}


@pytest.mark.parametrize("seating", list(seatings(["Ann", "Cy"], ["Bob", "Di", "Ed"])))
def test_three_missing_players_when_the_stock_ran_out_in_every_order(seating):
    hands = {"Ann": points(7), "Bob": MISSING, "Cy": points(9), "Di": MISSING, "Ed": MISSING}
    r = g.score_round(CLEN, 4, seating, None, "stock_exhausted", hands)
    assert r.scores == {"Ann": 7, "Bob": 16, "Cy": 9, "Di": 16, "Ed": 16}


def test_one_posted_score_and_two_missing_when_the_stock_ran_out_means_replay():
    # A worked-out score does not count towards the two posted scores a missing one needs.
    with pytest.raises(g.RoundMustBeReplayed, match="must be replayed") as err:
        g.score_round(CLEN, 1, ["Ann", "Bob", "Cy"], None, "stock_exhausted",
                      {"Ann": points(20), "Bob": MISSING, "Cy": MISSING})
    assert err.value.field == "hands.Bob"


def test_the_went_out_zero_and_one_score_are_enough_for_two_missing_players():
    r = g.score_round(JOY, 1, ["Ann", "Bob", "Cy", "Di"], "Ann", "went_out",
                      {"Bob": MISSING, "Cy": points(44), "Di": MISSING})
    assert r.scores == {"Ann": 0, "Bob": 44, "Cy": 44, "Di": 44}


@given(
    posted=st.lists(st.integers(0, 200), min_size=1, max_size=4),
    n_missing=st.integers(1, 3),
    order=st.randoms(use_true_random=False),
)
def test_a_missing_score_does_not_depend_on_seat_order(posted, n_missing, order):
    """Property: every missing player gets the two highest posted scores (the 0 of the player who
    went out included), whatever the seating."""
    names = ["P0", "P1", "P2", "P3", "P4", "P5", "P6", "P7"][: 1 + len(posted) + n_missing]
    went_out, scored, missing = names[0], names[1 : 1 + len(posted)], names[1 + len(posted):]
    hands = {n: points(p) for n, p in zip(scored, posted)} | {n: MISSING for n in missing}
    seating = names[:]
    order.shuffle(seating)
    r = g.score_round(CLEN, 1, seating, went_out, "went_out", hands)
    expected = sum(sorted([0, *posted], reverse=True)[:2])
    assert {n: r.scores[n] for n in missing} == {n: expected for n in missing}
    assert {n: r.scores[n] for n in scored} == dict(zip(scored, posted))
