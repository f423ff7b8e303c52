"""Contracts pinned (scorekeeper.rules.melds.check_contract): exact and minimum contracts, two runs of
one suit, the last round, copies across melds, and input refusals naming the field."""
from __future__ import annotations

import pytest

from scorekeeper.rules.cards import parse_cards
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.melds import CHOICE_COPIES, check_contract
from scorekeeper.rules.variants import VariantError, get_variant

JOY = get_variant("joybells")
CONT = get_variant("continental")
LMI = get_variant("le-may-i")
CLEN = get_variant("clenney")


def melds(*texts):
    return [parse_cards(t.split()) for t in texts]


def said(text, variant, key):
    c = key if not isinstance(key, str) else variant.cite(key)
    return f"{text} ({c.label})"


@pytest.mark.parametrize("variant, number, given, reason, key", [
    (CONT, 1, ["9H 9S 9C"], "Round 1 of Continental is exactly 2 sets: lay down those melds, all at once, and no"
     " others; 1 meld was given.", "contracts"),
    (CONT, 1, ["9H 9S 9C", "KH KS KD", "QH QS QD"], "Round 1 of Continental is exactly 2 sets: lay down those melds,"
     " all at once, and no others; 3 melds were given.", "contracts"),
    (LMI, 1, ["9H 9S 9C"], "Round 1 of Le May I needs at least 2 sets; only 1 meld was given.", "contracts"),
    (LMI, 4, ["9H 9S 9C", "KH KS KD"], "Round 4 of Le May I needs at least 3 sets; only 2 melds were given.", "contracts"),
    (CONT, 1, ["9H 9S 9C", "4C 5C 6C 7C"], "Round 1 of Continental needs exactly 2 sets; these melds are 1 set + 1 run.",
     "contracts"),
    (CONT, 2, ["9H 9S 9C", "JK JK JK"], "Round 2 of Continental needs exactly 1 set + 1 run; these melds are 2 sets.",
     "contracts"),
    (LMI, 3, ["9H 9S 9C", "4C 5C 6C 7C"], "Round 3 of Le May I needs at least 2 runs; these melds are 1 set + 1 run.",
     "contracts"),
    (CLEN, 3, ["4C 5C 6C 7C", "9C 10C JC QC"], "Two runs of one suit (clubs) are not allowed in one contract in"
     " Clenney May I.", "same_suit_runs"),
    (CONT, 1, ["9H 9S", "4C 5C 6C 7C"], "The first meld (9H 9S) is not legal: A set needs at least 3 cards of one rank"
     " in Continental; this one has 2.", "melds"),
    (CLEN, 1, ["9H 9H 9H 9H", "9H 9S 9C"], "9H appears 5 times, but a Clenney May I pack holds at most 4 (4 decks).",
     CHOICE_COPIES),
])
def test_a_contract_that_is_not_made_says_why(variant, number, given, reason, key):
    v = check_contract(variant, number, melds(*given))
    assert v.legal is False and v.reasons == [said(reason, variant, key)]
    assert v.round == variant.round(number)
    data = v.as_dict()
    assert (data["legal"], data["reasons"], data["notes"]) == (False, v.reasons, v.notes)
    assert data["citations"] == [c.as_dict() for c in v.citations] and len(data["melds"]) == len(given)
    assert variant.cite("contracts") in v.citations


def test_a_minimum_contract_takes_more_melds():
    v = check_contract(LMI, 1, melds("9H 9S 9C", "KH KS KD", "4C 5C 6C 7C"))
    assert v.legal and v.reasons == [] and [m.kind for m in v.melds] == ["set", "set", "run"]
    assert v.as_dict()["cards"] == 10 and v.as_dict()["round"] == LMI.round(1).as_dict()


def test_two_runs_of_one_suit_are_allowed_where_the_rules_allow_and_a_note_says_so():
    v = check_contract(CONT, 3, melds("4C 5C 6C 7C", "9C 10C JC QC"))
    assert v.legal and v.notes == [said("Two runs of one suit are allowed here; they stay separate runs.", CONT,
                                        "same_suit_runs")]
    assert check_contract(CONT, 3, melds("4C 5C 6C 7C", "9D 10D JD QD")).notes == []


def test_clenney_finds_another_suit_for_a_run_of_wild_cards_when_it_can():
    # No wild cards in Clenney: two runs of different suits are fine.
    assert check_contract(CLEN, 3, melds("4C 5C 6C 7C", "9D 10D JD QD")).legal


def test_a_set_or_run_of_wilds_is_matched_to_the_slot_the_contract_needs():
    v = check_contract(JOY, 3, melds("2H 2S 2D 2C", "5S 6S 7S 8S"))
    assert v.legal and [m.kind for m in v.melds] == ["set", "run"]
    v = check_contract(JOY, 2, melds("2H 2S 2D 2C", "5S 6S 7S 8S"))
    assert v.legal and [m.kind for m in v.melds] == ["run", "run"]


def test_the_joybells_last_round_needs_every_card():
    v = check_contract(JOY, 7, melds("AH 2H 3H 4H", "5S 6S 7S 8S 9S", "9D 10D JD QD"))
    last = said("Round 7 is the last round: to go out you play every card; there is no final discard.", JOY, "last_round")
    assert v.legal and v.notes == [last] and v.as_dict()["cards"] == 13
    v = check_contract(JOY, 7, melds("AH 2H 3H 4H", "5S 6S 7S 8S", "9D 10D JD QD"))
    assert v.reasons == [said("In round 7 of Joybells you go down only by going out: every card (12 dealt + 1 drawn ="
                              " 13) in the 3 runs, with no discard; these melds hold 12.", JOY, "last_round")]
    v = check_contract(JOY, 7, melds("AH 2H 3H 4H", "5S 6S 7S 8S 9S", "9D 10D JD QD"), hand_cards=14)
    assert v.reasons == [said("In round 7 of Joybells you go down only by going out: every card (14 in this hand, May I"
                              " cards included) in the 3 runs, with no discard; these melds hold 13.", JOY, "last_round")]
    assert check_contract(JOY, 7, melds("AH 2H 3H 4H", "5S 6S 7S 8S", "9D 10D JD QD"), hand_cards=12).legal


def test_a_last_round_that_only_forbids_the_discard_is_a_note():
    v = check_contract(LMI, 5, melds("9H 9S 9C", "KH KS KD", "4C 5C 6C 7C"))
    assert v.legal and v.notes == [said("Round 5 is the last round: to go out you play every card; there is no final"
                                        " discard.", LMI, "last_round")]
    assert check_contract(LMI, 4, melds("9H 9S 9C", "KH KS KD", "QC QS QD")).notes == []


def test_without_a_round_each_meld_is_judged_on_its_own():
    v = check_contract(CONT, None, melds("9H 9S 9C", "9H 9H 9H"))
    assert v.legal and v.round is None and v.reasons == [] and v.as_dict()["round"] is None
    v = check_contract(CONT, None, [])
    assert v.legal is False and v.reasons == [said("No melds were given: there is nothing to judge.", CONT, "melds")]
    v = check_contract(CONT, None, melds("9H 9S", "KH KS KD"))
    assert v.legal is False and len(v.reasons) == 1 and v.reasons[0].startswith("The first meld (9H 9S) is not legal: ")
    assert [m.legal for m in v.melds] == [False, True]


def test_copies_are_counted_across_the_melds():
    v = check_contract(CONT, None, melds("9H 9S 9C", "9H 9H 9H", "9H 9D 9C"))
    assert v.legal is False
    assert v.reasons == [said("9H appears 5 times, but a Continental pack holds at most 4 (4 decks).", CONT, CHOICE_COPIES)]


def test_the_ordinal_of_a_bad_meld():
    texts = ["9H 9S 9C"] * 10 + ["9H 9S"]
    v = check_contract(LMI, None, melds(*texts))
    assert v.reasons[0].startswith("The #11 meld (9H 9S) is not legal")
    v = check_contract(LMI, None, melds(*(["9H 9S 9C"] * 9 + ["9H 9S"])))
    assert v.reasons[0].startswith("The tenth meld (9H 9S) is not legal")


@pytest.mark.parametrize("variant, number, given, kwargs, field, value", [
    (CONT, 8, [], {}, "round", 8),
    (CONT, 1, "9H 9S 9C", {}, "melds", "9H 9S 9C"),
    (CONT, 1, [["9H"]], {}, "melds[0][0]", "9H"),
    (CONT, 1, [parse_cards(["9H"]), "9S"], {}, "melds[1]", "9S"),
    (CONT, 1, [], {"hand_cards": 0}, "hand_cards", 0),
    (CONT, 1, [], {"hand_cards": True}, "hand_cards", True),
    (CONT, 1, [], {"hand_cards": 209}, "hand_cards", 209),
    (LMI, 1, [parse_cards(["JK"])], {}, "melds[0][0]", "JK"),
])
def test_bad_input_names_the_field(variant, number, given, kwargs, field, value):
    with pytest.raises(RulesInputError) as err:
        check_contract(variant, number, given, **kwargs)
    assert (err.value.field, err.value.value) == (field, value)


def test_the_most_cards_a_hand_can_hold():
    assert check_contract(CONT, 1, melds("9H 9S 9C", "KH KS KD"), hand_cards=208).legal


def test_a_game_without_melds():
    with pytest.raises(VariantError) as err:
        check_contract(get_variant("roy"), None, [])
    assert (err.value.field, err.value.value) == ("variant", "roy")
    assert err.value.message == "ROY has no sets or runs (it is not a contract game)"
