"""Per-variant facts come from the variant's data alone: a throwaway variant made from a file's
mapping (no Python written for it) deals, counts its stock and is checked by what its file says
(``deal.turn_up``, ``kind``), never by which built-in variant it is."""
from __future__ import annotations

import copy

import pytest

from scorekeeper.rules import calculators, house
from scorekeeper.rules.variants import GameKind, VariantError, get_variant, variant_from_dict


def throwaway(base_id: str = "continental", **deal) -> dict:
    """A new variant's file as a mapping: ``base_id``'s rules under a name of its own."""
    doc = copy.deepcopy(house.document(get_variant(base_id)))
    doc["id"], doc["name"], doc["order"] = "throwaway", "Throwaway", 50
    doc["deal"].update(deal)
    return doc


def stock(doc: dict, players: int) -> int | None:
    (answer,) = calculators.deck_answers(players, [variant_from_dict(doc)])
    return answer.stock


def test_a_new_variant_that_turns_no_card_up_keeps_that_card_in_its_stock():
    turning, not_turning = throwaway(), throwaway(turn_up=False)
    assert variant_from_dict(turning).starter_cards == 1 and variant_from_dict(not_turning).starter_cards == 0
    # Continental for 4: 2 decks with jokers (108 cards), 12 dealt to each
    assert stock(turning, 4) == 108 - 48 - 1
    assert stock(not_turning, 4) == 108 - 48


def test_a_pack_that_fits_only_without_a_card_turned_up_is_playable_only_then():
    # 3 players of 35 cards from 2 decks with one joker each (106 cards): 105 dealt, one card left
    def table_of_three(**deal) -> dict:
        doc = throwaway(cards=35, **deal) | {"players": {"min": 3, "max": 3}}
        doc["pack"] = {**doc["pack"], "jokers_per_deck": 1}
        return doc

    house.check_playable(variant_from_dict(table_of_three(turn_up=False)))  # the last card is the stock
    with pytest.raises(house.HouseRulesError, match=r"3 players: 2 decks hold 106 cards, too few to deal 35 to each "
                                                    r"and leave a stock \(107 needed\)"):
        house.check_playable(variant_from_dict(table_of_three()))


@pytest.mark.parametrize("base_id, turn_up", [("le-may-i", False), ("continental", True), ("joybells", True)])
def test_a_house_variant_deals_as_its_base(base_id, turn_up):
    v = house.apply_changes(get_variant(base_id), {}, id="h-x", name="Ours")
    assert v.turn_up is turn_up and v.starter_cards == (1 if turn_up else 0)


def test_the_kind_of_game_is_the_files_and_its_scoring_agrees():
    assert [v.id for v in map(get_variant, ("joybells", "roy")) if v.is_roy] == ["roy"]
    assert get_variant("roy").kind is GameKind.SHEDDING and get_variant("clenney").kind is GameKind.CONTRACT
    assert get_variant("clenney").is_contract_game and not get_variant("roy").is_contract_game
    doc = throwaway()
    doc["scoring"] = {**doc["scoring"], "round_score": "cards-left-to-winner"}
    with pytest.raises(VariantError, match="throwaway: a contract game scores with scoring.round_score = 'penalty', "
                                           "not 'cards-left-to-winner'"):
        variant_from_dict(doc)
    roy = copy.deepcopy(house.document(get_variant("roy")))
    roy["scoring"] = {**roy["scoring"], "round_score": "penalty"}
    with pytest.raises(VariantError, match="a shedding game scores with scoring.round_score = 'cards-left-to-winner'"):
        variant_from_dict(roy)
