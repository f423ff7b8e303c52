"""May I verdicts pinned field by field (scorekeeper.rules.may_i): who takes the discard, the penalty,
where the current player draws, the reasons with the rule cited, and each refusal's field and value."""
from __future__ import annotations

import pytest

from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.may_i import resolve_may_i
from scorekeeper.rules.variants import get_variant

CONT = get_variant("continental")
LMI = get_variant("le-may-i")
LAST3 = CONT.with_house_rules({"no_may_i_in_last_three_rounds": True})
RULE = f"({CONT.cite('may_i').label})"
LMI_RULE = f"({LMI.cite('may_i').label})"


def test_the_closest_claimant_after_the_current_player_takes_it_with_a_penalty():
    v = resolve_may_i(CONT, 4, 1, [3, 2])
    assert v.as_dict() == {
        "allowed": True, "taker": 2, "penalty_cards": 1, "current_draws_from": "stock",
        "reasons": [
            f"Of the claimants (3, 2), seat 2 is closest in rotation to the current player (seat 1), counting the"
            f" current player first, so seat 2 takes the discard. {RULE}",
            f"Seat 2 takes the discard plus one card from the stock as a penalty and does not discard; seat 1 then"
            f" draws from the stock only. {RULE}",
            f"The rest of the discard pile is dead: nobody may take it this turn. {RULE}",
            f"Seat 2 may not lay down any cards until their next regular turn. {RULE}",
        ],
        "citations": [CONT.cite("may_i").as_dict()], "discarder": 0, "current": 1, "cards": 1, "notes": [],
        "discard_pile_dead": True, "taker_may_lay_down_before_next_turn": False,
    }


def test_rotation_wraps_round_the_table():
    assert resolve_may_i(CONT, 4, 3, [1, 0]).taker == 0
    assert resolve_may_i(CONT, 5, 4, [2, 1]).taker == 1


def test_the_current_player_claiming_takes_it_free_as_their_draw():
    v = resolve_may_i(CONT, 4, 1, [3, 1])
    assert (v.allowed, v.taker, v.penalty_cards, v.current_draws_from, v.notes) == (True, 1, 0, "discard", [])
    assert v.reasons == [f"Seat 1, whose turn it is, claimed the discard and is first in rotation, so they take it as"
                         f" their normal draw with no penalty. {RULE}"]
    assert v.discard_pile_dead is True and v.taker_may_lay_down is True


def test_le_may_i_several_discards_cost_one_card_each():
    v = resolve_may_i(LMI, 3, 0, [1], cards=3)
    assert (v.taker, v.penalty_cards, v.current_draws_from, v.cards, v.discarder) == (1, 3, "stock", 3, 2)
    assert v.reasons[1] == (f"Seat 1 takes the 3 discards plus 3 cards from the stock as a penalty and does not"
                            f" discard; seat 0 then draws from the stock only. {LMI_RULE}")
    assert v.notes == [f"A player asked who refuses must take the discard themself, with the penalty: the same"
                       f" outcome as the closest claimant taking it. {LMI_RULE}"]
    assert len(v.reasons) == 2 and v.discard_pile_dead is False and v.taker_may_lay_down is True


def test_le_may_i_the_current_player_pays_only_for_the_further_discards():
    v = resolve_may_i(LMI, 3, 0, [0, 1], cards=3)
    assert (v.taker, v.penalty_cards, v.current_draws_from) == (0, 2, "discard")
    assert v.reasons == [f"Seat 0, whose turn it is, claimed the discard and is first in rotation, so they take it as"
                         f" their normal draw with no penalty, plus 2 cards from the stock for the 2 further"
                         f" discards. {LMI_RULE}"]
    assert resolve_may_i(LMI, 3, 0, [0], cards=2).reasons[0].endswith(
        f", plus one card from the stock for the 1 further discards. {LMI_RULE}")
    assert resolve_may_i(LMI, 3, 0, [0], cards=104).penalty_cards == 103


def refused(v):
    assert (v.discarder, v.current) == ((v.current - 1) % 4, 1)
    return (v.allowed, v.taker, v.penalty_cards, v.current_draws_from, v.discard_pile_dead, v.taker_may_lay_down)


def test_nobody_claiming_is_no_may_i():
    v = resolve_may_i(CONT, 4, 1, [])
    assert refused(v) == (False, None, 0, "discard", False, True)
    assert v.reasons == [f"Nobody claimed the discard, so there is no May I: seat 1 draws as usual, the top discard or"
                         f" the top of the stock. {RULE}"]


def test_only_the_top_discard_where_several_are_not_allowed():
    v = resolve_may_i(CONT, 4, 1, [2], cards=2)
    assert refused(v) == (False, None, 0, "discard", False, True) and v.cards == 2
    assert v.reasons == [f"Only the most recent discard may be claimed in Continental; 2 discards were asked for. {RULE}"]


def test_no_may_i_in_the_last_three_rounds_as_a_house_option():
    v = resolve_may_i(LAST3, 4, 1, [2], round_number=5)
    option = LAST3.house_options["no_may_i_in_last_three_rounds"].source
    assert refused(v) == (False, None, 0, "discard", False, True)
    assert v.reasons == [f"No May I in the last 3 rounds (house option in force); round 5 is one of them, so seat 1"
                         f" draws as usual. ({option.label})"]
    assert v.citations == [CONT.cite("may_i"), option]
    assert resolve_may_i(LAST3, 4, 1, [2], round_number=4).allowed is True


def test_without_the_round_the_house_option_cannot_be_checked_and_a_note_says_so():
    v = resolve_may_i(LAST3, 4, 1, [2])
    assert v.allowed and v.notes == ['The round was not given, so the house option "no May I in the last rounds" could'
                                     ' not be checked.']
    assert resolve_may_i(CONT, 4, 1, [2]).notes == []


@pytest.mark.parametrize("kwargs, field, value, message", [
    (dict(players=3), "players", 3, None),
    (dict(current=4), "current", 4, "seat 4 is out of range: with 4 players the seats are 0 to 3"),
    (dict(current=-1), "current", -1, "seat -1 is out of range: with 4 players the seats are 0 to 3"),
    (dict(current=True), "current", True, "True is not a seat number (a whole number)"),
    (dict(claimants="2"), "claimants", "2", "'2' is not a list of seat numbers"),
    (dict(claimants=[2, 2]), "claimants[1]", 2, "seat 2 is listed twice"),
    (dict(claimants=[2, 0]), "claimants[1]", 0,
     "seat 0 is the discarder (the seat before the current player, seat 1) and cannot claim their own discard"),
    (dict(claimants=[4]), "claimants[0]", 4, "seat 4 is out of range: with 4 players the seats are 0 to 3"),
    (dict(round_number=8), "round", 8, None),
    (dict(cards="1"), "cards", "1", "'1' is not a number of discards (a whole number)"),
    (dict(cards=0), "cards", 0, "0 is not a number of discards: at least 1 card is claimed"),
    (dict(cards=209), "cards", 209, "209 discards is more than the pack holds"),
])
def test_bad_input_names_the_field_and_value(kwargs, field, value, message):
    args = dict(players=4, current=1, claimants=[2]) | kwargs
    with pytest.raises(RulesInputError) as err:
        resolve_may_i(CONT, args.pop("players"), args.pop("current"), args.pop("claimants"), **args)
    assert (err.value.field, err.value.value) == (field, value)
    if message:
        assert err.value.message == message


def test_the_largest_claim_the_pack_allows():
    assert resolve_may_i(LMI, 3, 0, [1], cards=104).penalty_cards == 104
    with pytest.raises(RulesInputError) as err:
        resolve_may_i(LMI, 3, 0, [1], cards=105)
    assert err.value.field == "cards"


def test_a_game_without_may_i():
    """Not an error any more: the verdict is "not allowed", and why (docs/api.md, May I)."""
    verdict = resolve_may_i(get_variant("roy"), 2, 0, [])
    assert not verdict.allowed and verdict.reasons[0].startswith("ROY has no May I: nobody may claim a discard")


def test_a_house_variant_without_may_i_lets_the_current_player_draw_as_usual():
    from scorekeeper.rules.house import apply_changes

    smith = apply_changes(CONT, {"may_i": {"allowed": False}}, id="smith", name="Smith rules")
    house_rule = smith.cite("may_i")
    assert house_rule.label == "house rule, Smith rules"
    v = resolve_may_i(smith, 4, 1, [3], cards=2)
    assert v.as_dict() == {
        "allowed": False, "taker": None, "penalty_cards": 0, "current_draws_from": "discard",
        "reasons": ["Smith rules has no May I: nobody may claim a discard out of turn. The player whose turn it is"
                    " draws as usual, the top discard or the top of the stock. (house rule, Smith rules)"],
        "citations": [house_rule.as_dict()], "discarder": 0, "current": 1, "cards": 2, "notes": [],
        "discard_pile_dead": False, "taker_may_lay_down_before_next_turn": True,
    }


def test_roy_has_no_may_i_and_the_player_whose_turn_it_is_plays_or_draws_from_the_stock():
    roy = get_variant("roy")
    v = resolve_may_i(roy, 3, 2, [1], cards=3)
    assert v.as_dict() == {
        "allowed": False, "taker": None, "penalty_cards": 0, "current_draws_from": "stock",
        "reasons": ["ROY has no May I: nobody may claim a discard. The cards played are the pile played on, and the"
                    " player whose turn it is plays on it or draws from the stock. (ROY (newsgroup post, 1995), rules 3–5)"],
        "citations": [roy.cite("play").as_dict()], "discarder": 1, "current": 2, "cards": 3, "notes": [],
        "discard_pile_dead": False, "taker_may_lay_down_before_next_turn": True,
    }


def test_a_house_variant_without_may_i_takes_a_count_of_discards_that_is_no_number_as_one():
    from scorekeeper.rules.house import apply_changes

    smith = apply_changes(CONT, {"may_i": {"allowed": False}}, id="smith", name="Smith rules")
    v = resolve_may_i(smith, 4, 1, [3], cards="2")  # nobody may claim, so what was asked for is not checked
    assert (v.allowed, v.cards, v.discarder, v.current) == (False, 1, 0, 1)


# ----- seats as players count them (from 1, as on the May I page) ---------------------------------------

def test_seats_counted_from_one_name_every_claimant_as_a_seat():
    v = resolve_may_i(CONT, 4, 1, [3, 2], first_seat=1)
    assert (v.taker, v.current, v.discarder) == (2, 1, 0)  # the verdict's own seats stay as given
    assert v.reasons[:2] == [
        f"Of the claimants (seat 4, seat 3), seat 3 is closest in rotation to the current player (seat 2), counting"
        f" the current player first, so seat 3 takes the discard. {RULE}",
        f"Seat 3 takes the discard plus one card from the stock as a penalty and does not discard; seat 2 then draws"
        f" from the stock only. {RULE}"]


@pytest.mark.parametrize("kwargs, field", [
    pytest.param(dict(current=4), "current", id="current-player-beyond-four-seats"),
    pytest.param(dict(claimants=[4]), "claimants[0]", id="claimant-beyond-four-seats"),
])
def test_a_seat_out_of_range_is_named_as_players_count_it(kwargs, field):
    args = dict(players=4, current=1, claimants=[2], first_seat=1) | kwargs
    with pytest.raises(RulesInputError) as info:
        resolve_may_i(CONT, **args)
    assert (info.value.field, info.value.value) == (field, 4)
    assert str(info.value) == f"{field}: seat 5 is out of range: with 4 players the seats are 1 to 4"


# ----- no May I in the last rounds: the note kept with a refusal, the house's own rule ------------------

def test_a_refusal_keeps_the_note_that_the_round_was_not_given():
    v = resolve_may_i(LAST3, 4, 1, [2], cards=2)
    assert not v.allowed
    assert v.notes == ['The round was not given, so the house option "no May I in the last rounds" could not be'
                       ' checked.']
    assert v.as_dict()["notes"] == v.notes


def test_no_may_i_in_the_last_two_rounds_of_a_house_variant_cites_the_house_once():
    from scorekeeper.rules.house import apply_changes

    smith = apply_changes(get_variant("joybells"), {"may_i": {"none_in_last_rounds": 2}}, id="smith", name="Smith rules")
    v = resolve_may_i(smith, 4, 1, [3], round_number=6, first_seat=1)
    assert v.reasons == ["No May I in the last 2 rounds (a house rule of Smith rules); round 6 is one of them, so seat 2"
                         " draws as usual. (house rule, Smith rules)"]
    assert v.citations == [smith.cite("may_i")] and smith.cite("may_i").file == "house"


def test_a_no_may_i_house_option_under_another_name_is_cited_as_the_house_rule():
    from dataclasses import replace

    from scorekeeper.rules.variants import Citation, HouseOption

    late = HouseOption("late", "No May I late in the game", Citation("house", "late"), no_may_i_in_last_rounds=2)
    v = resolve_may_i(replace(CONT, house_options={"late": late}).with_house_rules({"late": True}), 4, 1, [2], round_number=7)
    assert v.reasons == ["No May I in the last 2 rounds (house option in force); round 7 is one of them, so seat 1 draws"
                         " as usual. (house rule, no May I in the last rounds)"]
    assert v.citations == [CONT.cite("may_i"), Citation("house", "no May I in the last rounds")]


def test_a_refused_claim_numbers_the_seats_as_players_do_when_asked_to():
    """The tool page counts seats from 1: a seat listed twice and the discarder's own claim are
    refused in those numbers, while the error's value stays the 0-based seat."""
    with pytest.raises(RulesInputError) as twice:
        resolve_may_i(CONT, 4, 2, [3, 3], first_seat=1)
    assert (twice.value.field, twice.value.value, twice.value.message) == ("claimants[1]", 3, "seat 4 is listed twice")
    with pytest.raises(RulesInputError) as own:
        resolve_may_i(CONT, 4, 2, [1], first_seat=1)
    assert (own.value.field, own.value.value) == ("claimants[0]", 1)
    assert own.value.message == ("seat 2 is the discarder (the seat before the current player, seat 3) and cannot claim "
                                 "their own discard")
