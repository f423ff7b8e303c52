"""Melds and contracts, variant by variant (docs/rulings.md, "Built-in variants")."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper.rules import get_variant, parse_cards
from scorekeeper.rules.cards import CardError
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.melds import check_contract, check_meld
from scorekeeper.rules.variants import VariantError


def cards(text: str):
    return parse_cards(text.split())


def meld(variant_id: str, text: str, **house):
    variant = get_variant(variant_id)
    if house:
        variant = variant.with_house_rules(house)
    return check_meld(variant, cards(text))


def contract(variant_id: str, round_number, *melds: str, **house):
    variant = get_variant(variant_id)
    if house:
        variant = variant.with_house_rules(house)
    return check_contract(variant, round_number, [cards(m) for m in melds])


# (variant, cards, legal, kind) -- kind None means "neither a set nor a run"
MELDS = [
    # Joybells: sets and runs of 4+, aces low only, jokers and every 2 wild, no outnumber limit.
    pytest.param("joybells", "4S 4D 4C 4H", True, "set", id="joybells-set-of-four"),
    pytest.param("joybells", "4S 4D 4C", False, "set", id="joybells-set-of-three-too-short"),
    pytest.param("joybells", "8S 8H JK 8C", True, "set", id="joybells-set-with-joker"),
    pytest.param("joybells", "QS QD QC 2D", True, "set", id="joybells-set-with-wild-2"),
    pytest.param("joybells", "QS JK JK 2D", True, "set", id="joybells-wilds-outnumber-naturals-allowed"),
    pytest.param("joybells", "JK JK JK JK", False, None, id="joybells-all-wild-set-illegal"),
    pytest.param("joybells", "2S 2H 2D 2C", True, "set", id="joybells-set-of-2s-standing-for-themselves"),
    pytest.param("joybells", "AH 2H 3H 4H", True, "run", id="joybells-ace-low"),
    pytest.param("joybells", "JH QH KH AH", False, "run", id="joybells-ace-high-illegal"),
    pytest.param("joybells", "QH KH AH 3H", False, "run", id="joybells-ace-around-the-corner-illegal"),
    pytest.param("joybells", "5H JK 7H 8H", True, "run", id="joybells-run-joker-fills-gap"),
    pytest.param("joybells", "5H 6H 7H 8S", False, None, id="joybells-run-two-suits"),
    pytest.param("joybells", "5H 5H 6H 7H", False, None, id="joybells-duplicates-in-a-run"),
    pytest.param("joybells", "5H 6H 7H", False, "run", id="joybells-run-of-three-too-short"),
    pytest.param("joybells", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", True, "run", id="joybells-13-card-run"),
    pytest.param("joybells", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK", False, "run",
                 id="joybells-14-cards-refused"),
    pytest.param("joybells", "5H JK 7H JK 9H 10H JK QH KH 2S 3H 4H 2D", True, "run",
                 id="joybells-13-card-run-with-wilds"),
    # Continental: sets 3+, runs 4+, jokers and red aces wild, wilds may not outnumber naturals.
    pytest.param("continental", "7S 7D 7C", True, "set", id="continental-set-of-three"),
    pytest.param("continental", "7S 7D JK", True, "set", id="continental-set-wild-equal-naturals"),
    pytest.param("continental", "7S JK JK", False, "set", id="continental-wilds-outnumber-naturals-set"),
    pytest.param("continental", "7S JK AH", False, "set", id="continental-wilds-outnumber-red-ace-wild"),
    pytest.param("continental", "AS AH AD", True, "set", id="continental-red-aces-standing-for-themselves"),
    pytest.param("continental", "JK JK JK", True, "set", id="continental-all-wild-set"),
    pytest.param("continental", "JK AH AD JK", True, "set", id="continental-all-wild-set-with-red-aces"),
    pytest.param("continental", "5S 6S JK JK", True, "run", id="continental-run-two-wilds-two-naturals"),
    pytest.param("continental", "5S 6S JK JK JK", False, "run", id="continental-wilds-outnumber-naturals-run"),
    pytest.param("continental", "AS 2S 3S 4S", True, "run", id="continental-ace-low"),
    pytest.param("continental", "JS QS KS AS", True, "run", id="continental-ace-high"),
    pytest.param("continental", "KS AS 2S 3S", False, "run", id="continental-ace-around-the-corner-illegal"),
    pytest.param("continental", "JH QH KH AH", True, "run", id="continental-red-ace-high-as-itself"),
    pytest.param("continental", "10S JS QS KS AS 2S 3S", False, "run", id="continental-ace-high-and-low-illegal"),
    pytest.param("continental", "7S 7D 7C 2S", False, None, id="continental-2-not-wild-without-the-house-option"),
    # Le May I: no wilds, sets 3+, runs 4+, aces low or high.
    pytest.param("le-may-i", "9C 9D 9S", True, "set", id="le-may-i-set-of-three"),
    pytest.param("le-may-i", "9C 9D 9S 9S 9H", True, "set", id="le-may-i-set-of-five"),
    pytest.param("le-may-i", "JD QD KD AD", True, "run", id="le-may-i-ace-high"),
    pytest.param("le-may-i", "AD 2D 3D 4D", True, "run", id="le-may-i-ace-low"),
    pytest.param("le-may-i", "QD KD AD 2D", False, "run", id="le-may-i-ace-around-the-corner-illegal"),
    pytest.param("le-may-i", "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD", True, "run", id="le-may-i-13-card-run-ace-high"),
    # Clenney: no wilds, aces low, high or both (around the corner), at most 13 cards.
    pytest.param("clenney", "QH KH AH 2H", True, "run", id="clenney-ace-around-the-corner"),
    pytest.param("clenney", "JH QH KH AH 2H 3H", True, "run", id="clenney-ace-high-and-low-in-one-run"),
    pytest.param("clenney", "AH 2H 3H 4H", True, "run", id="clenney-ace-low"),
    pytest.param("clenney", "JH QH KH AH", True, "run", id="clenney-ace-high"),
    pytest.param("clenney", "9H 10H JH QH KH AH 2H 3H 4H 5H 6H 7H 8H", True, "run",
                 id="clenney-13-card-run-around-the-corner"),
    pytest.param("clenney", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", False, None,
                 id="clenney-14-cards-ace-both-ends-refused"),
    pytest.param("clenney", "5H 6H 7H 10H", False, "run", id="clenney-run-with-a-gap"),
    pytest.param("clenney", "5H 5S", False, "set", id="clenney-set-of-two"),
    pytest.param("clenney", "5H 5S 5D 5C 5H 5S", True, "set", id="clenney-set-of-six-from-three-decks"),
]


@pytest.mark.parametrize("variant_id, text, legal, kind", MELDS)
def test_meld_table(variant_id, text, legal, kind):
    verdict = meld(variant_id, text)
    assert (verdict.legal, verdict.kind) == (legal, kind), verdict.reasons
    if legal:
        assert verdict.reasons == []
    else:
        assert verdict.reasons, "an illegal meld always says why"
        assert all("(" in r and ")" in r for r in verdict.reasons), "each reason cites its source"
    assert verdict.citations


def test_wild_assignments_in_a_set():
    verdict = meld("joybells", "QS QD QC 2D")
    assert [(w.card, w.stands_for) for w in verdict.wilds] == [("2D", "Q")]
    assert verdict.rank == "Q"


def test_wild_assignments_in_a_run_fill_the_gaps():
    verdict = meld("joybells", "5H JK 7H JK")
    assert verdict.legal and verdict.kind == "run"
    assert sorted(w.stands_for for w in verdict.wilds) == ["6H", "8H"]
    assert verdict.order == ("5H", "6H", "7H", "8H")


def test_a_2_standing_for_itself_in_a_run_is_natural():
    verdict = meld("joybells", "AH 2H 3H JK")
    assert [(w.card, w.stands_for) for w in verdict.wilds] == [("JK", "4H")]


def test_red_ace_standing_for_itself_counts_as_natural_for_the_outnumber_limit():
    # AH (wild) stands for itself: naturals AH, KH; wilds JK, JK -> 2 against 2, legal.
    verdict = meld("continental", "JK KH AH JK")
    assert verdict.legal and verdict.kind == "run"
    assert sorted(w.stands_for for w in verdict.wilds) == ["JH", "QH"]


def test_outnumber_reason_names_the_rule_and_the_source():
    verdict = meld("continental", "5S 6S JK JK JK")
    assert "may not outnumber" in verdict.reasons[0]
    assert "Continental Rummy (encyclopedia article)" in verdict.reasons[0]


def test_all_wild_set_elsewhere_is_illegal_and_says_it_is_our_choice():
    verdict = meld("joybells", "JK JK JK JK")
    text = " ".join(verdict.reasons)
    assert "only of wild cards" in text and "choice" in text


def test_all_wild_set_in_continental_notes_only_wilds_may_join():
    verdict = meld("continental", "JK JK JK")
    assert verdict.legal and verdict.rank is None
    assert all(w.stands_for == "wild" for w in verdict.wilds)
    assert any("only wild cards" in n for n in verdict.notes)


def test_twos_wild_house_option_in_continental():
    plain = meld("continental", "7S 2D 7C")
    assert not plain.legal
    wild = meld("continental", "7S 2D 7C", twos_wild=True)
    assert wild.legal and [(w.card, w.stands_for) for w in wild.wilds] == [("2D", "7")]


def test_ace_reasons_name_the_ace_rule():
    assert "low only" in meld("joybells", "JH QH KH AH").reasons[0]
    assert "not both" in meld("le-may-i", "QD KD AD 2D").reasons[0]
    assert "Le May I (French rules)" in meld("le-may-i", "QD KD AD 2D").reasons[0]


def test_duplicate_rank_reason():
    verdict = meld("clenney", "5H 5H 6H 7H")
    assert any("same rank twice" in r for r in verdict.reasons)


def test_more_copies_than_the_pack_holds_is_illegal():
    verdict = meld("joybells", "5D 5D 5D 5C")  # two decks: at most two 5D
    assert not verdict.legal and "at most 2" in verdict.reasons[0]


def test_empty_meld_is_illegal_not_an_error():
    verdict = check_meld(get_variant("joybells"), [])
    assert not verdict.legal and verdict.kind is None and verdict.reasons


@pytest.mark.parametrize("variant_id", ["le-may-i", "clenney"])
def test_joker_in_jokerless_variant_is_an_input_error(variant_id):
    with pytest.raises(CardError) as info:
        meld(variant_id, "5H 5S JK")
    assert info.value.field == "cards[2]" and "without jokers" in str(info.value)


def test_roy_has_no_melds():
    with pytest.raises(VariantError):
        check_meld(get_variant("roy"), cards("5H 5S 5D"))


@pytest.mark.parametrize("variant_id, text, legal, kind", MELDS)
def test_card_order_never_changes_the_verdict(variant_id, text, legal, kind):
    original = meld(variant_id, text)
    rng = random.Random(text)
    codes = text.split()
    for _ in range(10):
        rng.shuffle(codes)
        shuffled = meld(variant_id, " ".join(codes))
        assert (shuffled.legal, shuffled.kind, shuffled.reasons) == (original.legal, original.kind, original.reasons)
        assert sorted((w.card, w.stands_for) for w in shuffled.wilds) == sorted(
            (w.card, w.stands_for) for w in original.wilds)


ALL_CODES = [r + s for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in "SHDC"] + ["JK"]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["joybells", "continental"]), st.lists(st.sampled_from(ALL_CODES), min_size=1, max_size=13),
       st.randoms(use_true_random=False))
def test_shuffling_random_melds_never_changes_the_verdict(variant_id, codes, rng):
    variant = get_variant(variant_id)
    if codes.count("JK") > 8:
        codes = [c for c in codes if c != "JK"] or ["5H"]
    first = check_meld(variant, parse_cards(codes))
    shuffled = list(codes)
    rng.shuffle(shuffled)
    second = check_meld(variant, parse_cards(shuffled))
    assert (first.legal, first.kind, first.legal_as) == (second.legal, second.kind, second.legal_as)
    if not first.legal:
        assert first.reasons


# ----- contracts -------------------------------------------------------------------------------

CONTRACTS = [
    pytest.param("joybells", 6, ["4S 4D 4C 4H", "8S 8H JK 8C", "QS QD QC 2D"], True, id="joybells-contract-example"),
    pytest.param("joybells", 1, ["4S 4D 4C 4H", "8S 8H 8D 8C", "QS QD QC QH"], False,
                 id="joybells-exact-extra-meld-refused"),
    pytest.param("joybells", 1, ["4S 4D 4C 4H"], False, id="joybells-exact-too-few-melds"),
    pytest.param("joybells", 1, ["4S 4D 4C 4H 4S", "8S 8H 8D 8C 8H"], True, id="joybells-exact-longer-melds-allowed"),
    pytest.param("joybells", 3, ["4S 4D 4C 4H", "8S 8H 8D 8C"], False, id="joybells-exact-wrong-kinds"),
    pytest.param("joybells", 2, ["2S 2H JK JK", "5D 6D 7D 8D"], True, id="joybells-ambiguous-meld-matched-as-run"),
    pytest.param("joybells", 1, ["2S 2H JK JK", "5D 5S 5C 5H"], True, id="joybells-ambiguous-meld-matched-as-set"),
    pytest.param("joybells", 7, ["AH 2H 3H 4H", "5S 6S 7S 8S", "9C 10C JC QC KC"], True,
                 id="joybells-last-round-13-cards-in-3-runs"),
    pytest.param("joybells", 7, ["AH 2H 3H 4H", "5S 6S 7S 8S", "9C 10C JC QC"], False,
                 id="joybells-last-round-12-cards-refused"),
    pytest.param("joybells", 7, ["AH 2H 3H 4H", "5S 6S 7S 8S", "8C 9C 10C JC QC KC"], False,
                 id="joybells-last-round-14-cards-refused"),
    pytest.param("continental", 3, ["5H 6H 7H 8H", "9H 10H JH QH"], True, id="continental-two-runs-one-suit-contiguous"),
    pytest.param("continental", 1, ["JK JK JK", "7S 7D 7C"], True, id="continental-all-wild-set-in-contract"),
    pytest.param("continental", 7, ["AS 2S 3S 4S", "5H 6H 7H 8H", "9C 10C JC QC"], True,
                 id="continental-last-round-no-special-rule"),
    pytest.param("continental", 2, ["7S 7D 7C", "5H 6H 7H 8H", "KS KD KC"], False,
                 id="continental-exact-extra-meld-refused"),
    pytest.param("clenney", 3, ["5H 6H 7H 8H", "9H 10H JH QH"], False, id="clenney-two-runs-one-suit-illegal"),
    pytest.param("clenney", 3, ["5H 6H 7H 8H", "9S 10S JS QS"], True, id="clenney-two-runs-two-suits"),
    pytest.param("clenney", 7, ["AH 2H 3H 4H", "5S 6S 7S 8S", "9C 10C JC QC"], True,
                 id="clenney-last-round-without-discard"),
    pytest.param("clenney", 6, ["QH KH AH 2H", "5S 6S 7S 8S", "9C 9D 9S"], True, id="clenney-corner-run-in-contract"),
    pytest.param("le-may-i", 2, ["5H 6H 7H 8H", "KS KD KC"], True, id="le-may-i-minimum-exact-fit"),
    pytest.param("le-may-i", 2, ["5H 6H 7H 8H 9H", "KS KD KC KH", "3C 3D 3S"], True,
                 id="le-may-i-minimum-extra-and-longer-melds-allowed"),
    pytest.param("le-may-i", 2, ["5H 6H 7H 8H", "9H 10H JH QH"], False, id="le-may-i-minimum-missing-set"),
    pytest.param("le-may-i", 3, ["5H 6H 7H 8H", "9H 10H JH QH"], True, id="le-may-i-two-runs-one-suit-allowed"),
    pytest.param("le-may-i", 5, ["5H 6H 7H 8H", "KS KD KC", "4S 4C 4D"], True, id="le-may-i-last-round-without-discard"),
]


@pytest.mark.parametrize("variant_id, round_number, melds, legal", CONTRACTS)
def test_contract_table(variant_id, round_number, melds, legal):
    verdict = contract(variant_id, round_number, *melds)
    assert verdict.legal is legal, verdict.reasons
    assert bool(verdict.reasons) is (not legal)
    assert verdict.round.number == round_number


@pytest.mark.parametrize("variant_id, round_number, melds, legal", CONTRACTS)
def test_contract_order_of_melds_and_cards_never_changes_the_verdict(variant_id, round_number, melds, legal):
    rng = random.Random(repr(melds))
    for _ in range(5):
        shuffled = []
        for m in melds:
            codes = m.split()
            rng.shuffle(codes)
            shuffled.append(" ".join(codes))
        rng.shuffle(shuffled)
        assert contract(variant_id, round_number, *shuffled).legal is legal


def test_ambiguous_meld_reports_the_reading_the_contract_used():
    verdict = contract("joybells", 2, "2S 2H JK JK", "5D 6D 7D 8D")
    first = verdict.melds[0]
    assert first.kind == "run" and set(first.legal_as) == {"set", "run"}
    as_set = contract("joybells", 1, "2S 2H JK JK", "5D 5S 5C 5H")
    assert as_set.melds[0].kind == "set"


def test_all_wild_melds_matched_to_contract_slots_by_search():
    # Both melds could be sets or runs; round 3 needs one of each.
    verdict = contract("joybells", 3, "2S 2H JK JK", "2D JK 2C JK")
    assert verdict.legal
    assert sorted(m.kind for m in verdict.melds) == ["run", "set"]


def test_exact_contract_reason_mentions_the_count():
    verdict = contract("joybells", 1, "4S 4D 4C 4H", "8S 8H 8D 8C", "QS QD QC QH")
    assert "exactly 2 sets" in verdict.reasons[0] and "3 melds" in verdict.reasons[0]
    assert "Joybells (a family's rules)" in verdict.reasons[0]


def test_wrong_kinds_reason():
    verdict = contract("joybells", 3, "4S 4D 4C 4H", "8S 8H 8D 8C")
    assert "1 set + 1 run" in verdict.reasons[0] and "2 sets" in verdict.reasons[0]


def test_clenney_same_suit_reason_cites_source_004():
    verdict = contract("clenney", 3, "5H 6H 7H 8H", "9H 10H JH QH")
    assert "one suit (hearts)" in verdict.reasons[0] and "Clenney family May I (a family's rules)" in verdict.reasons[0]


def test_one_suit_per_run_search_picks_another_suit_when_wilds_allow():
    # A sixth variant: Joybells with Clenney's "no two runs of one suit". "2H 2S JK JK" could be a
    # hearts run (2H itself) or a spades run (2S itself, 2H wild): the search must pick spades.
    from scorekeeper.rules.variants import load_variant
    text = get_variant_toml("joybells").replace("same_suit_runs = true", "same_suit_runs = false")
    variant = load_variant(text.replace('id = "joybells"', 'id = "joybells-one-suit"'))
    verdict = check_contract(variant, 2, [cards("5H 6H 7H 8H"), cards("2H 2S JK JK")])
    assert verdict.legal, verdict.reasons
    assert verdict.melds[1].suit == "S"
    assert not check_contract(variant, 2, [cards("5H 6H 7H 8H"), cards("2H 3H JK JK")]).legal


def get_variant_toml(variant_id: str) -> str:
    from importlib import resources
    return resources.files("scorekeeper.rules").joinpath("variants", f"{variant_id}.toml").read_text()


def test_continental_same_suit_note():
    verdict = contract("continental", 3, "5H 6H 7H 8H", "9H 10H JH QH")
    assert verdict.legal and any("Two runs of one suit are allowed" in n for n in verdict.notes)


def test_joybells_last_round_reason_says_why():
    verdict = contract("joybells", 7, "AH 2H 3H 4H", "5S 6S 7S 8S", "9C 10C JC QC")
    text = " ".join(verdict.reasons)
    assert "13" in text and "12" in text and "no discard" in text and "Joybells (a family's rules), Round 7" in text


def test_joybells_last_round_with_may_i_cards_in_hand():
    variant = get_variant("joybells")
    melds = [cards(m) for m in ("AH 2H 3H 4H 5H", "5S 6S 7S 8S 9S", "9C 10C JC QC KC")]  # 15 cards
    assert not check_contract(variant, 7, melds).legal
    verdict = check_contract(variant, 7, melds, hand_cards=15)
    assert verdict.legal, verdict.reasons
    short = check_contract(variant, 7, melds[:2] + [cards("9C 10C JC QC")], hand_cards=15)
    assert "15 in this hand" in short.reasons[0]
    with pytest.raises(RulesInputError) as info:
        check_contract(variant, 7, melds, hand_cards=0)
    assert info.value.field == "hand_cards"


@pytest.mark.parametrize("variant_id, round_number, melds", [
    ("clenney", 7, ["AH 2H 3H 4H", "5S 6S 7S 8S", "9C 10C JC QC"]),
    ("le-may-i", 5, ["5H 6H 7H 8H", "KS KD KC", "4S 4C 4D"]),
])
def test_last_round_no_discard_is_a_note_not_a_reason(variant_id, round_number, melds):
    verdict = contract(variant_id, round_number, *melds)
    assert verdict.legal and verdict.reasons == []
    assert any("no final discard" in n for n in verdict.notes)


def test_not_the_last_round_has_no_last_round_note():
    verdict = contract("clenney", 6, "QH KH AH 2H", "5S 6S 7S 8S", "9C 9D 9S")
    assert not any("last round" in n for n in verdict.notes)


def test_illegal_meld_makes_the_contract_illegal_and_names_it():
    verdict = contract("clenney", 1, "5H 5S 5D", "6H 6S")
    assert not verdict.legal
    assert verdict.reasons[0].startswith("The second meld (6H 6S) is not legal")


def test_without_a_round_each_meld_is_judged():
    verdict = contract("clenney", None, "5H 5S 5D", "6H 7H 8H 9H")
    assert verdict.legal and verdict.round is None
    assert [m.kind for m in verdict.melds] == ["set", "run"]


def test_no_melds_is_illegal_not_an_error():
    verdict = contract("clenney", None)
    assert not verdict.legal and "No melds" in verdict.reasons[0]
    assert not contract("clenney", 1).legal


def test_copies_across_melds_are_counted():
    verdict = contract("le-may-i", 1, "5H 5H 5S", "5H 5D 5C")  # 2 decks: three 5H cannot exist
    assert not verdict.legal and "5H appears 3 times" in verdict.reasons[0]


@pytest.mark.parametrize("round_number", [0, 8, -1])
def test_round_out_of_range_is_an_input_error(round_number):
    with pytest.raises(RulesInputError) as info:
        contract("joybells", round_number, "4S 4D 4C 4H")
    assert info.value.field == "round" and str(round_number) in str(info.value)


def test_joker_in_a_contract_of_a_jokerless_variant_names_the_place():
    with pytest.raises(CardError) as info:
        check_contract(get_variant("le-may-i"), 1, [cards("5H 5S 5D"), cards("6H JK 6S")])
    assert info.value.field == "melds[1][1]"


def test_verdicts_serialise():
    data = contract("joybells", 6, "4S 4D 4C 4H", "8S 8H JK 8C", "QS QD QC 2D").as_dict()
    assert data["legal"] is True and data["round"]["number"] == 6
    assert data["melds"][1]["wilds"] == [{"card": "JK", "stands_for": "8"}]
    assert {"kind", "legal", "reasons", "cards", "wilds", "citations"} <= set(data["melds"][0])


_POOL = ["AH", "2H", "3H", "4H", "5H", "6H", "QH", "KH", "AS", "2S", "5S", "5D", "5C", "AD", "KD", "JK"]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["joybells", "continental", "le-may-i", "clenney"]),
       st.lists(st.lists(st.sampled_from(_POOL), min_size=0, max_size=9), max_size=4), st.integers(1, 7),
       st.randoms(use_true_random=False))
def test_random_contracts_verdict_is_consistent_and_order_free(variant_id, melds, round_number, rng):
    variant = get_variant(variant_id)
    if not variant.has_jokers:
        melds = [[c for c in m if c != "JK"] for m in melds]
    round_number = min(round_number, variant.number_of_rounds)
    first = check_contract(variant, round_number, [parse_cards(m) for m in melds])
    assert first.legal is (not first.reasons)
    assert len(first.melds) == len(melds)
    if first.legal:
        kinds = [m.kind for m in first.melds]
        contract_ = first.round.contract
        if variant.contract_kind.value == "exact":
            assert (kinds.count("set"), kinds.count("run")) == (contract_.sets, contract_.runs)
        else:
            assert kinds.count("set") >= contract_.sets and kinds.count("run") >= contract_.runs
    shuffled = [rng.sample(m, len(m)) for m in melds]
    rng.shuffle(shuffled)
    second = check_contract(variant, round_number, [parse_cards(m) for m in shuffled])
    assert second.legal is first.legal


def test_clenney_same_suit_reason_names_only_the_suit_used_twice():
    # Round 7 is three runs: two of hearts and one of spades; only hearts is the fault.
    verdict = contract("clenney", 7, "5H 6H 7H 8H", "9H 10H JH QH", "5S 6S 7S 8S")
    assert not verdict.legal
    assert verdict.reasons[0].startswith("Two runs of one suit (hearts) are not allowed in one contract")


def test_two_suits_used_twice_are_named_in_the_order_of_the_pack():
    # A sixth variant: Clenney with four runs in its last round; hearts twice and spades twice.
    from scorekeeper.rules.variants import load_variant
    text = get_variant_toml("clenney").replace("{ sets = 0, runs = 3 }", "{ sets = 0, runs = 4 }")
    variant = load_variant(text.replace('id = "clenney"', 'id = "clenney-four-runs"'))
    verdict = check_contract(variant, 7, [cards(m) for m in ("5H 6H 7H 8H", "9H 10H JH QH", "5S 6S 7S 8S",
                                                                  "9S 10S JS QS")])
    assert verdict.reasons[0].startswith("Two runs of one suit (spades and hearts) are not allowed")


def test_a_minimum_contract_of_one_run_says_nothing_of_two_runs_of_one_suit():
    # Le May I round 2 is at least a set and a run; a second run of hearts is more than the contract
    # asks, and the note about two runs of one suit is for contracts of two runs or more.
    verdict = contract("le-may-i", 2, "5S 5D 5C", "5H 6H 7H 8H", "10H JH QH KH")
    assert verdict.legal, verdict.reasons
    assert not any("Two runs of one suit" in n for n in verdict.notes)
    two_runs = contract("le-may-i", 3, "5H 6H 7H 8H", "10H JH QH KH")
    assert any("Two runs of one suit are allowed" in n for n in two_runs.notes)


def test_a_hand_of_one_card_is_a_hand_and_none_is_not():
    variant = get_variant("le-may-i")
    melds = [cards("5S 5D 5C"), cards("5H 6H 7H 8H")]
    assert check_contract(variant, 2, melds, hand_cards=1).legal  # (only the last round counts the hand)
    assert check_contract(variant, 2, melds, hand_cards=104).legal  # two decks
    for wrong in (0, 105, True, "13"):
        with pytest.raises(RulesInputError) as info:
            check_contract(variant, 2, melds, hand_cards=wrong)
        assert (info.value.field, info.value.value, info.value.message) == (
            "hand_cards", wrong, f"{wrong!r} is not a number of cards in a hand")


@pytest.mark.parametrize("melds", ["5S 5D 5C", b"5S", 7], ids=["cards typed as one string", "bytes", "a number"])
def test_melds_that_are_not_a_list_are_refused_saying_what_was_given(melds):
    with pytest.raises(RulesInputError) as info:
        check_contract(get_variant("joybells"), 1, melds)
    assert (info.value.field, info.value.value, info.value.message) == (
        "melds", melds, f"{melds!r} is not a list of melds")

