"""The variants as data: every parameter in docs/rulings.md's tables is in the TOML and used.

RULINGS below is docs/rulings.md's "Built-in variants" table, written out row by row; each test walks
it and checks the loaded variant's data (and, where the data drives behaviour, the behaviour).
"""
from __future__ import annotations

import math
from importlib import resources

import pytest

from scorekeeper.rules import get_variant, parse_cards
from scorekeeper.rules.cards import CardError, joker, parse_card, standard_deck
from scorekeeper.rules.melds import check_contract, check_meld
from scorekeeper.rules.scoring import hand_points
from scorekeeper.rules.variants import (AceRule, ContractKind, RoundScore, VariantError, Winner, all_variants,
                                        load_variant)

CONTRACTS = {  # docs/rulings.md, "Contracts, round by round": (sets, runs)
    "joybells": [(2, 0), (0, 2), (1, 1), (2, 1), (1, 2), (3, 0), (0, 3)],
    "continental": [(2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3)],
    "le-may-i": [(2, 0), (1, 1), (0, 2), (3, 0), (2, 1)],
    "clenney": [(2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3)],
}
FACE = {str(n): n for n in range(2, 11)}

RULINGS = {
    "joybells": dict(
        source="000", players=(3, 6), decks=lambda p: 2, jokers_per_deck=2, dealt=12, rounds=7,
        wild={"JK", "2"}, set_min=4, run_min=4, aces=AceRule.LOW, run_max=13, kind=ContractKind.EXACT,
        outnumber=False, all_wild_set=False, same_suit_runs=True, last_round=(7, True, True),
        points={**{r: FACE[r] for r in "3 4 5 6 7 8 9 10".split()}, "J": 10, "Q": 10, "K": 10, "A": 15, "2": 20,
                "JK": 20},
        bonus=0, winner=Winner.LOWEST, target=None, may_i_multiple=False,
    ),
    "continental": dict(
        source="001", players=(4, 8), decks=lambda p: max(2, math.ceil(p / 2)), jokers_per_deck=2, dealt=12,
        rounds=7, wild={"JK", "AH", "AD"}, set_min=3, run_min=4, aces=AceRule.LOW_OR_HIGH, run_max=13,
        kind=ContractKind.EXACT, outnumber=True, all_wild_set=True, same_suit_runs=True, last_round=None,
        points={**{str(n): 5 for n in range(2, 10)}, "10": 10, "J": 10, "Q": 10, "K": 10, "A": 20, "JK": 50},
        bonus=0, winner=Winner.LOWEST, target=None, may_i_multiple=False,
    ),
    "le-may-i": dict(
        source="003", players=(3, 5), decks=lambda p: 2, jokers_per_deck=0, dealt=10, rounds=5, wild=set(),
        set_min=3, run_min=4, aces=AceRule.LOW_OR_HIGH, run_max=13, kind=ContractKind.MINIMUM, outnumber=False,
        all_wild_set=False, same_suit_runs=True, last_round=(5, True, False),
        points={**{r: FACE[r] for r in FACE}, "J": 10, "Q": 10, "K": 10, "A": 15},
        bonus=20, winner=Winner.LOWEST, target=None, may_i_multiple=True,
    ),
    "clenney": dict(
        source="004", players=(3, 8), decks=lambda p: 3 if p <= 6 else 4, jokers_per_deck=0, dealt=11, rounds=7,
        wild=set(), set_min=3, run_min=4, aces=AceRule.AROUND_THE_CORNER, run_max=13, kind=ContractKind.EXACT,
        outnumber=False, all_wild_set=False, same_suit_runs=False, last_round=(7, True, False),
        points={**{str(n): 5 for n in range(2, 10)}, "10": 10, "J": 10, "Q": 10, "K": 10, "A": 15},
        bonus=0, winner=Winner.LOWEST, target=None, may_i_multiple=False,
    ),
    "roy": dict(
        source="002", players=(2, 3), decks=lambda p: 1, jokers_per_deck=0, dealt=7, rounds=None, wild=set(),
        winner=Winner.FIRST_TO_TARGET, target=100,
    ),
}


def test_the_five_builtin_variants():
    assert [v.id for v in all_variants()] == ["joybells", "continental", "le-may-i", "clenney", "roy"]


@pytest.mark.parametrize("variant_id", list(RULINGS))
def test_rulings_table_row_by_row(variant_id):
    v = get_variant(variant_id)
    want = RULINGS[variant_id]
    assert (v.players.min, v.players.max) == want["players"]
    assert v.jokers_per_deck == want["jokers_per_deck"]
    assert v.cards_dealt == want["dealt"]
    assert v.number_of_rounds == want["rounds"]
    assert set(v.wild_cards) == want["wild"]
    assert v.scoring.winner is want["winner"] and v.scoring.target == want["target"]
    assert v.sources, "every variant cites its source"
    assert any(c.file == want["source"] for c in v.sources.values())
    if variant_id == "roy":
        assert v.scoring.round_score is RoundScore.CARDS_LEFT_TO_WINNER and v.melds is None
        assert not v.may_i.allowed
        return
    m = v.melds
    assert (m.set_min, m.run_min, m.run_max) == (want["set_min"], want["run_min"], want["run_max"])
    assert m.aces is want["aces"]
    assert v.contract_kind is want["kind"]
    assert m.wilds_may_not_outnumber_naturals is want["outnumber"]
    assert m.all_wild_set is want["all_wild_set"]
    assert m.same_suit_runs is want["same_suit_runs"]
    last = v.last_round
    assert (None if last is None else (last.round, last.no_discard, last.all_cards_in_contract)) == want["last_round"]
    assert dict(v.points) == want["points"]
    assert v.scoring.round_win_bonus == want["bonus"]
    assert v.scoring.round_score is RoundScore.PENALTY and v.scoring.missing_card_penalty == 10
    assert v.may_i.allowed and v.may_i.penalty_cards_per_discard == 1
    assert v.may_i.multiple_discards is want["may_i_multiple"]
    assert [(r.contract.sets, r.contract.runs) for r in v.rounds] == CONTRACTS[variant_id]
    for r in v.rounds:  # min_cards = set_min per set + run_min per run
        assert r.min_cards == r.contract.sets * m.set_min + r.contract.runs * m.run_min


def test_continental_min_cards_match_the_source_table():
    assert [r.min_cards for r in get_variant("continental").rounds] == [6, 7, 8, 9, 10, 11, 12]


@pytest.mark.parametrize("variant_id", list(RULINGS))
def test_pack_sizes_for_every_player_count(variant_id):
    v = get_variant(variant_id)
    want = RULINGS[variant_id]
    for players in range(v.players.min, v.players.max + 1):
        pack = v.pack(players)
        decks = want["decks"](players)
        assert (pack.decks, pack.jokers, pack.cards) == (decks, decks * want["jokers_per_deck"],
                                                          decks * (52 + want["jokers_per_deck"]))
        # every player can be dealt a hand, with cards left for the stock
        assert pack.cards > players * v.cards_dealt
    for players in (v.players.min - 1, v.players.max + 1, 0, True, "4", None):
        with pytest.raises(VariantError) as info:
            v.pack(players)
        assert info.value.field == "players"


# ----- each rulings parameter is USED, not only stored ---------------------------------------------

@pytest.mark.parametrize("variant_id", ["joybells", "continental", "le-may-i", "clenney"])
def test_set_and_run_minimums_are_used(variant_id):
    v = get_variant(variant_id)
    m = v.melds
    ranks = ["5H", "5S", "5D", "5C", "5H", "5S"]
    assert check_meld(v, parse_cards(ranks[:m.set_min])).legal
    assert not check_meld(v, parse_cards(ranks[:m.set_min - 1])).legal
    run = ["4D", "5D", "6D", "7D", "8D", "9D"]
    assert check_meld(v, parse_cards(run[:m.run_min])).legal
    assert not check_meld(v, parse_cards(run[:m.run_min - 1])).legal


@pytest.mark.parametrize("variant_id", ["joybells", "continental", "le-may-i", "clenney"])
def test_aces_rule_is_used(variant_id):
    v = get_variant(variant_id)
    low = check_meld(v, parse_cards("AS 2S 3S 4S".split())).legal
    high = check_meld(v, parse_cards("JS QS KS AS".split())).legal
    corner = check_meld(v, parse_cards("QS KS AS 2S".split())).legal
    expected = {AceRule.LOW: (True, False, False), AceRule.LOW_OR_HIGH: (True, True, False),
                AceRule.AROUND_THE_CORNER: (True, True, True)}[v.melds.aces]
    assert (low, high, corner) == expected


@pytest.mark.parametrize("variant_id", ["joybells", "continental", "le-may-i", "clenney"])
def test_wild_cards_are_used(variant_id):
    v = get_variant(variant_id)
    for card in standard_deck() + ([joker()] if v.has_jokers else []):
        assert v.is_wild(card) is any(
            token == card.code or token == card.rank or (token == "JK" and card.is_joker) for token in v.wild_cards)
    if v.has_jokers:
        assert check_meld(v, parse_cards("9S 9D JK".split() + (["9C"] if v.melds.set_min == 4 else []))).legal
    else:
        with pytest.raises(CardError):
            v.check_card(joker())


@pytest.mark.parametrize("variant_id", ["joybells", "continental", "le-may-i", "clenney"])
def test_contract_kind_is_used(variant_id):
    v = get_variant(variant_id)
    extra = [parse_cards(m.split()) for m in ("5H 5S 5D 5C", "8H 8S 8D 8C", "QH QS QD QC")]
    assert check_contract(v, 1, extra).legal is (v.contract_kind is ContractKind.MINIMUM)


@pytest.mark.parametrize("variant_id", ["joybells", "continental", "le-may-i", "clenney"])
def test_card_points_and_winner_bonus_are_used(variant_id):
    v = get_variant(variant_id)
    want = RULINGS[variant_id]
    for key, points in want["points"].items():
        card = joker() if key == "JK" else parse_card(key + "S")
        assert hand_points(v, [card]).points == points


def test_le_may_i_round_win_bonus_is_20():
    assert get_variant("le-may-i").scoring.round_win_bonus == 20


# ----- house options -----------------------------------------------------------------------------

def test_house_options_have_stable_keys():
    for v in all_variants():
        if v.may_i.allowed:
            assert "no_may_i_in_last_three_rounds" in v.house_options
    assert "twos_wild" in get_variant("continental").house_options


def test_twos_wild_adds_the_2s():
    v = get_variant("continental").with_house_rules({"twos_wild": True})
    assert v.is_wild(parse_card("2C")) and not get_variant("continental").is_wild(parse_card("2C"))


@pytest.mark.parametrize("options, field", [({"nope": True}, "house_rules.nope"),
                                            ({"twos_wild": 1}, "house_rules.twos_wild"),
                                            (["twos_wild"], "house_rules")])
def test_bad_house_options(options, field):
    with pytest.raises(VariantError) as info:
        get_variant("continental").with_house_rules(options)
    assert info.value.field == field


def test_no_may_i_in_last_three_rounds():
    v = get_variant("clenney").with_house_rules({"no_may_i_in_last_three_rounds": True})
    assert [v.may_i_allowed_in(r) for r in range(1, 8)] == [True] * 4 + [False] * 3
    assert all(get_variant("clenney").may_i_allowed_in(r) for r in range(1, 8))


# ----- a sixth variant, as TOML data only ---------------------------------------------------------

SIXTH = '''
id = "shanghai-test"
name = "Shanghai (test)"
kind = "contract"

[players]
min = 3
max = 5

[pack]
decks = [{ up_to = 4, decks = 2 }, { up_to = 5, decks = 3 }]
jokers_per_deck = 1

[deal]
cards = 11

[melds]
set_min = 3
run_min = 5
aces = "around-the-corner"
wild = ["JK", "3"]
wilds_may_not_outnumber_naturals = true
same_suit_runs = false

[contracts]
kind = "exact"
rounds = [{ sets = 2 }, { sets = 1, runs = 1 }, { runs = 2 }]

[last_round]
round = 3
all_cards_in_contract = true

[points]
A = 25
2 = 2
3 = 30
4 = 4
5 = 5
6 = 6
7 = 7
8 = 8
9 = 9
10 = 10
J = 11
Q = 12
K = 13
JK = 40

[scoring]
round_score = "penalty"
winner = "lowest"
missing_card_penalty = 15

[may_i]
allowed = true

[sources]
melds = { file = "house", section = "our club sheet" }
'''


def test_a_sixth_variant_defined_only_as_toml_data_works_everywhere():
    v = load_variant(SIXTH)
    assert v.pack(5).as_dict() == {"decks": 3, "jokers": 3, "cards": 159}
    assert v.round(2).min_cards == 8
    # run minimum 5, around the corner, 3s wild, outnumber limit
    assert check_meld(v, parse_cards("QH KH AH 2H 3S".split())).legal
    assert not check_meld(v, parse_cards("QH KH AH 2H".split())).legal
    assert not check_meld(v, parse_cards("QH 3C 3D 3S JK".split())).legal  # 4 wilds, 1 natural
    # exact contract + two runs of one suit refused
    assert check_contract(v, 2, [parse_cards("7C 7D JK".split()), parse_cards("9S 10S JS QS KS".split())]).legal
    assert not check_contract(v, 3, [parse_cards("4H 5H 6H 7H 8H".split()),
                                     parse_cards("9H 10H JH QH KH".split())]).legal
    # last round: all cards (11 + 1 = 12) in the contract
    two_runs = [parse_cards("4H 5H 6H 7H 8H 9H".split()), parse_cards("9S 10S JS QS KS AS".split())]
    assert check_contract(v, 3, two_runs).legal
    assert not check_contract(v, 3, [two_runs[0][:5], two_runs[1]]).legal
    # points and the incorrect-hand penalty come from the data
    score = hand_points(v, parse_cards("3H JK KD".split()), missing_cards=1)
    assert score.points == 30 + 40 + 13 + 15
    assert "our club sheet" in check_meld(v, parse_cards("QH KH".split())).reasons[0]


@pytest.mark.parametrize("change, field", [
    (('[players]\nmin = 3\nmax = 5', '[players]\nmin = 6\nmax = 5'), "players"),
    (('aces = "around-the-corner"', 'aces = "sideways"'), "melds.aces"),
    (('kind = "exact"', 'kind = "some"'), "contracts.kind"),
    (('round = 3', 'round = 2'), "last_round"),
    (('JK = 40\n', ''), "points"),
])
def test_bad_variant_definitions_are_refused(change, field):
    with pytest.raises(VariantError) as info:
        load_variant(SIXTH.replace(*change))
    assert info.value.field == field


def test_builtin_toml_files_load_standalone():
    folder = resources.files("scorekeeper.rules").joinpath("variants")
    for entry in folder.iterdir():
        if entry.name.endswith(".toml"):
            v = load_variant(entry.read_text(encoding="utf-8"))
            assert v == get_variant(v.id)


def test_unknown_variant_names_it():
    with pytest.raises(VariantError) as info:
        get_variant("canasta")
    assert "'canasta'" in str(info.value) and info.value.field == "variant"


def test_variant_as_dict_is_the_api_shape():
    data = get_variant("roy").as_dict()
    assert data["target"] == 100 and data["rounds"] == []
    data = get_variant("le-may-i").as_dict()
    assert data["contract_kind"] == "minimum" and data["last_round"]["round"] == 5


def test_notes_that_are_no_table_are_refused_naming_notes():
    from scorekeeper.rules.house import document
    from scorekeeper.rules.variants import VariantError, get_variant, variant_from_dict
    data = document(get_variant("continental"))
    data["notes"] = "x"
    with pytest.raises(VariantError) as err:
        variant_from_dict(data)
    assert (err.value.field, err.value.message) == ("notes", "notes: 'x' is not a table of sentences")
