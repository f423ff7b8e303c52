"""House variants word for word (scorekeeper/rules/house.py): each refusal's field, value and whole
sentence; the differences a page says, each sentence whole and under its key; the house file as a
family downloads it and what an edited file may and may not change. Written against the mutants
that survived the rules tests (docs/testing.md, "house.py's survivors")."""
from __future__ import annotations

import dataclasses
import tomllib

import pytest

from scorekeeper.rules import house
from scorekeeper.rules.house import (
    Difference,
    HouseRulesError,
    apply_all_rules,
    apply_changes,
    check_name,
    check_playable,
    describe_differences,
    differences,
    from_toml,
    to_toml,
)
from scorekeeper.rules.variants import get_variant, variant_from_dict
from support.rules_in_french import in_french

CHANGES_KEYS = ("players, decks, jokers_per_deck, cards_dealt, rounds, contract_kind, last_round, melds, wild_cards, "
                "card_points, scoring, may_i, stock_exhausted")
MELDS_KEYS = "set_min, run_min, run_max, aces, wilds_may_not_outnumber_naturals, all_wild_set, same_suit_runs"
JOYBELLS_ROUNDS = [(2, 0), (0, 2), (1, 1), (2, 1), (1, 2), (3, 0), (0, 3)]


def R(sets: int, runs: int) -> dict:
    return {"contract": {"sets": sets, "runs": runs}}


def house_of(base: str, changes, name: object = "Smith rules"):
    return apply_changes(get_variant(base), changes, id="smith", name=name)


def refusal(call, *args, **kwargs) -> tuple:
    """What a refusal tells the player: the field named, the value shown back and the sentence."""
    with pytest.raises(HouseRulesError) as err:
        call(*args, **kwargs)
    return err.value.field, err.value.value, err.value.message


# ----- a family's changes refused: the field, the value given back, the whole sentence -------------

@pytest.mark.parametrize("base, changes, field, value, message", [
    pytest.param("joybells", [], "changes", [], f"[] is not an object (keys: {CHANGES_KEYS})", id="changes-that-are-a-list"),
    pytest.param("joybells", {"jokerz": 1}, "changes.jokerz", "jokerz",
                 f"'jokerz' is not a key of changes (known: {CHANGES_KEYS})", id="a-misspelt-change"),
    pytest.param("joybells", {"cards_dealt": "12"}, "cards_dealt", "12", '"12" is not a whole number', id="cards-dealt-as-text"),
    pytest.param("joybells", {"cards_dealt": 0}, "cards_dealt", 0, "0 is out of range: from 1 to 20", id="no-cards-dealt"),
    pytest.param("joybells", {"melds": {"aces": "sideways"}}, "melds.aces", "sideways",
                 '"sideways" is not one of low, low-or-high, around-the-corner, high', id="aces-sideways"),
    pytest.param("joybells", {"melds": 3}, "melds", 3, f"3 is not an object (keys: {MELDS_KEYS})", id="melds-as-a-number"),
    pytest.param("joybells", {"card_points": {"X": 3}}, "card_points.X", "X", "'X' is not a rank (A, 2-10, J, Q, K) or JK",
                 id="points-for-a-rank-that-is-none"),
    pytest.param("joybells", {"card_points": 5}, "card_points", 5,
                 "5 is not an object (keys: A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, JK)", id="card-points-as-one-number"),
    pytest.param("joybells", {"decks": 11}, "decks", 11, "11 is out of range: from 1 to 10", id="eleven-decks"),
    pytest.param("joybells", {"decks": [3]}, "decks[0]", 3, "3 is not an object (keys: up_to, decks)", id="a-deck-step-as-a-number"),
    pytest.param("joybells", {"decks": [{"up_to": 6}]}, "decks[0].decks", None, "missing decks", id="a-deck-step-without-decks"),
    pytest.param("joybells", {"decks": [{"decks": 2}]}, "decks[0].up_to", None, "missing up_to", id="a-deck-step-without-players"),
    pytest.param("joybells", {"decks": [{"up_to": "six", "decks": 2}]}, "decks[0].up_to", "six", '"six" is not a whole number',
                 id="a-deck-step-for-six-in-words"),
    pytest.param("joybells", {"decks": [{"up_to": 4, "decks": 2}, {"up_to": 4, "decks": 3}]}, "decks[1].up_to", 4,
                 "4 players must be more than the step before (4)", id="two-deck-steps-for-four-players"),
    pytest.param("joybells", {"decks": [{"up_to": 6, "decks": 0}]}, "decks[0].decks", 0, "0 is out of range: from 1 to 10",
                 id="a-deck-step-of-no-decks"),
    pytest.param("joybells", {"decks": []}, "decks", [], "give at least one number of decks", id="no-deck-steps"),
    pytest.param("joybells", {"decks": [{"up_to": 4, "decks": 2}]}, "decks[0].up_to", 4,
                 "the decks go up to 4 players, but up to 6 may play", id="decks-for-four-at-a-table-of-six"),
    pytest.param("joybells", {"rounds": 7}, "rounds", 7, "7 is not a list", id="rounds-as-a-number"),
    pytest.param("joybells", {"rounds": [R(1, 0)] * 13}, "rounds", 13, "13 rounds: a game has 1 to 12", id="thirteen-rounds"),
    pytest.param("joybells", {"rounds": [{"number": 2, **R(1, 0)}]}, "rounds[0].number", 2, "2 is not this round's number (1)",
                 id="the-first-round-numbered-two"),
    pytest.param("joybells", {"rounds": [R(2, 0), {"number": 3, **R(1, 0)}]}, "rounds[1].number", 3,
                 "3 is not this round's number (2)", id="the-second-round-numbered-three"),
    pytest.param("joybells", {"rounds": [{"number": 1}]}, "rounds[0].contract", None, "missing contract (sets and runs)",
                 id="a-round-without-its-contract"),
    pytest.param("joybells", {"rounds": [{"contract": [2, 0]}]}, "rounds[0].contract", [2, 0],
                 "[2, 0] is not an object (keys: sets, runs)", id="a-contract-as-a-list"),
    pytest.param("joybells", {"rounds": [{"contract": {"sets": 7}}]}, "rounds[0].contract.sets", 7,
                 "7 is out of range: from 0 to 6", id="seven-sets"),
    pytest.param("joybells", {"rounds": [{"contract": {"runs": "2"}}]}, "rounds[0].contract.runs", "2",
                 '"2" is not a whole number', id="runs-as-text"),
    pytest.param("joybells", {"rounds": [R(0, 0)]}, "rounds[0].contract", {"sets": 0, "runs": 0},
                 "a contract needs at least one set or run", id="a-contract-of-nothing"),
    pytest.param("joybells", {"wild_cards": ["ZZ"]}, "wild_cards", "ZZ",
                 "'ZZ' is not a card (rank A, 2-10, J, Q, K and suit S, H, D, C, or JK)", id="a-wild-card-that-is-none"),
    pytest.param("continental", {"jokers_per_deck": 0}, "jokers_per_deck", "JK",
                 "jokers are wild but the pack has none: add jokers or take JK off the wild cards", id="continental-without-jokers"),
    pytest.param("joybells", {"players": {"max": 2}}, "players.max", 2, "players.min (3) is over players.max (2)",
                 id="a-table-of-two-under-the-fewest-players"),
    pytest.param("joybells", {"players": {"min": 7}}, "players.min", 7, "players.min (7) is over players.max (6)",
                 id="fewest-players-over-the-most"),
    pytest.param("joybells", {"players": {"max": 8}, "cards_dealt": 14}, "players.max", 8,
                 "8 players: 2 decks hold 108 cards, too few to deal 14 to each and leave a stock (114 needed)",
                 id="eight-players-dealt-fourteen-from-two-decks"),
    pytest.param("joybells", {"may_i": {"none_in_last_rounds": 9}}, "may_i.none_in_last_rounds", 9,
                 "no May I in the last 9 rounds, but the game has 7", id="no-may-i-in-more-rounds-than-the-game-has"),
    pytest.param("clenney", {"melds": {"wilds_may_not_outnumber_naturals": True}}, "melds.wilds_may_not_outnumber_naturals", True,
                 'the limit "wilds may not outnumber naturals" needs wild cards, and there are none: turn it off or name the '
                 "wild cards", id="clenney-limits-wilds-it-does-not-have"),
])
def test_a_refused_change_names_the_field_shows_the_value_and_says_why(base, changes, field, value, message):
    assert refusal(apply_changes, get_variant(base), changes, id="x", name="x") == (field, value, message)


@pytest.mark.parametrize("base, changes, field, value, message", [
    pytest.param("continental", {"melds": {"set_min": 5}}, "melds.set_min", 15,
                 "round 4 (3 sets) needs 15 cards (3 sets of 5), but a hand holds at most 13 (12 dealt and 1 drawn)",
                 id="continental-sets-of-five-in-the-round-of-three-sets"),
    pytest.param("joybells", {"melds": {"run_min": 6}}, "melds.run_min", 14,
                 "round 4 (2 sets + 1 run) needs 14 cards (2 sets of 4 and 1 run of 6), but a hand holds at most 13 "
                 "(12 dealt and 1 drawn)", id="joybells-runs-of-six-blame-the-runs-in-a-round-with-sets"),
    pytest.param("joybells", {"melds": {"set_min": 3, "run_min": 7}}, "melds.run_min", 14,
                 "round 2 (2 runs) needs 14 cards (2 runs of 7), but a hand holds at most 13 (12 dealt and 1 drawn)",
                 id="joybells-runs-of-seven-blame-the-runs-not-the-sets"),
    pytest.param("joybells", {"rounds": [R(2, 0), R(0, 4)], "melds": {"aces": "low-or-high"}}, "rounds[1].contract", 16,
                 "round 2 (4 runs) needs 16 cards (4 runs of 4), but a hand holds at most 13 (12 dealt and 1 drawn)",
                 id="four-runs-blame-the-round-not-the-aces"),
    pytest.param("joybells", {"rounds": [R(1, 3)]}, "rounds[0].contract", 16,
                 "round 1 (1 set + 3 runs) needs 16 cards (1 set of 4 and 3 runs of 4), but a hand holds at most 13 "
                 "(12 dealt and 1 drawn)", id="one-set-and-three-runs-in-one-hand"),
])
def test_a_contract_no_hand_can_hold_names_the_change_that_made_it(base, changes, field, value, message):
    assert refusal(apply_changes, get_variant(base), changes, id="x", name="x") == (field, value, message)


def test_a_house_variant_as_a_base_is_refused_naming_it():
    ours = house_of("joybells", {})
    assert refusal(apply_changes, ours, {}, id="y", name="y") == (
        "based_on", "smith", "Smith rules is itself a house variant: start from a built-in one")


def test_a_whole_form_that_is_no_object_is_refused_naming_changes():
    assert refusal(apply_all_rules, get_variant("joybells"), [], id="x", name="x") == (
        "changes", [], f"[] is not an object (keys: {CHANGES_KEYS})")


@pytest.mark.parametrize("call", [apply_changes, apply_all_rules], ids=["changes", "whole-form"])
def test_no_changes_at_all_is_the_base_itself(call):
    v = call(get_variant("joybells"), None, id="ours", name="Ours")
    assert house.changes_between(get_variant("joybells"), v) == {}
    assert v.order == 100  # after the built-in variants in every list


# ----- the name of the house variant ----------------------------------------------------------------

def test_a_name_of_sixty_characters_is_kept_and_sixty_one_refused_showing_its_start():
    assert check_name("x" * 60) == "x" * 60
    assert refusal(check_name, "x" * 61) == ("name", "x" * 61, '"' + "x" * 59 + " must be 1 to 60 characters")


def test_a_french_name_too_long_is_shown_with_its_accents():
    assert refusal(check_name, "é" * 61) == ("name", "é" * 61, '"' + "é" * 59 + " must be 1 to 60 characters")


def test_a_name_that_is_no_text_is_shown_as_written():
    numbers = set(range(40))
    assert refusal(check_name, numbers) == ("name", numbers, repr(numbers)[:60] + " is not a name (text)")


# ----- what can be played ----------------------------------------------------------------------------

def test_the_fewest_and_the_most_players_may_be_the_same():
    v = house_of("joybells", {"players": {"min": 4, "max": 4}})
    assert (v.players.min, v.players.max) == (4, 4)


def test_runs_as_long_as_their_shortest_are_allowed():
    assert house_of("continental", {"melds": {"run_max": 4}}).melds.run_max == 4


def test_twelve_rounds_is_a_game():
    assert house_of("joybells", {"rounds": [R(1, 0)] * 12}).number_of_rounds == 12


def test_a_round_that_names_only_sets_has_no_runs():
    v = house_of("joybells", {"rounds": [{"contract": {"sets": 2}}] * 7})
    assert [(r.contract.sets, r.contract.runs) for r in v.rounds] == [(2, 0)] * 7


def test_a_table_of_four_keeps_only_the_deck_step_for_four():
    v = house_of("joybells", {"players": {"max": 4}, "decks": [{"up_to": 4, "decks": 1}, {"up_to": 6, "decks": 2}]})
    assert [(s.up_to, s.decks) for s in v.deck_steps] == [(4, 1)]


def test_continental_without_a_special_last_round_is_continental():
    v = house_of("continental", {"last_round": None})
    assert v.last_round is None and house.changes_between(get_variant("continental"), v) == {}


def test_a_last_round_with_both_its_rules_off_is_no_special_last_round():
    v = house_of("joybells", {"last_round": {"no_discard": False, "all_cards_in_contract": False}})
    assert v.last_round is None
    assert house.changes_between(get_variant("joybells"), v) == {"last_round": None}
    assert describe_differences(get_variant("joybells"), v) == "changed from Joybells: no special last round"


def test_a_last_round_added_to_continental_is_said_whole_in_the_changes():
    v = house_of("continental", {"last_round": {"no_discard": True}})
    assert house.changes_between(get_variant("continental"), v) == {
        "last_round": {"no_discard": True, "all_cards_in_contract": False}}


def test_card_points_are_kept_in_the_order_of_the_ranks():
    v = house_of("clenney", {"jokers_per_deck": 1, "card_points": {"JK": 30, "A": 25}, "wild_cards": ["JK"]})
    assert list(v.points) == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK"]
    assert (v.points["A"], v.points["JK"]) == (25, 30)


# check_playable on a variant made from a file that never went through the changes' checks: with no
# change to blame, the first rule of the sentence is named.
def _builtin_edited(vid: str, **sections) -> object:
    doc = house.document(get_variant(vid))
    for section, values in sections.items():
        doc[section] = {**doc[section], **values}
    return variant_from_dict(doc)


def test_runs_longer_than_the_longest_with_no_change_named_blame_the_longest_run():
    v = _builtin_edited("joybells", melds={"run_max": 3})
    assert refusal(check_playable, v) == ("melds.run_max", 4, "a run of at least 4 cards is longer than the longest run (3)")


def test_a_hand_too_small_with_no_change_named_blames_the_round():
    v = _builtin_edited("joybells", deal={"cards": 8})
    assert refusal(check_playable, v) == (
        "rounds[3].contract", 12,
        "round 4 (2 sets + 1 run) needs 12 cards (2 sets of 4 and 1 run of 4), but a hand holds at most 9 (8 dealt and 1 drawn)")


def test_a_pack_too_small_blames_the_jokers_when_they_were_what_changed():
    v = _builtin_edited("joybells", pack={"decks": [{"up_to": 6, "decks": 1}], "jokers_per_deck": 0}, melds={"wild": ["2"]})
    field, value, message = refusal(check_playable, v, changed=("jokers_per_deck",))
    assert (field, value) == ("jokers_per_deck", 5)
    assert message == "5 players: 1 deck hold 52 cards, too few to deal 12 to each and leave a stock (62 needed)"


def test_a_shedding_game_without_roy_s_rules_has_nothing_a_house_could_change():
    bare = dataclasses.replace(get_variant("roy"), roy=None)
    assert refusal(house.document, bare) == ("based_on", "roy", "ROY has no rules a house version could change")


# ----- the differences in words --------------------------------------------------------------------

@pytest.mark.parametrize("base, changes, words", [
    pytest.param("joybells", {"rounds": [R(*c) for c in JOYBELLS_ROUNDS] + [R(1, 0)]},
                 "changed from Joybells: 8 rounds, round 8 is 1 set", id="joybells-an-eighth-round-said-alone"),
    pytest.param("joybells", {"players": {"max": 4}}, "changed from Joybells: 3 to 4 players", id="joybells-at-most-four-players"),
    pytest.param("continental", {"last_round": {"no_discard": True, "all_cards_in_contract": True}},
                 "changed from Continental: last round: no discard and every card in the contract",
                 id="continental-a-last-round-of-both-rules"),
    pytest.param("le-may-i", {"decks": [{"up_to": 4, "decks": 2}, {"up_to": 5, "decks": 3}]},
                 "changed from Le May I: decks: 2 for up to 4 players, 3 for up to 5 players", id="le-may-i-deck-steps"),
    pytest.param("continental", {"wild_cards": [], "melds": {"wilds_may_not_outnumber_naturals": False, "all_wild_set": False}},
                 "changed from Continental: no wild cards, wilds may outnumber naturals, no set of wilds only",
                 id="continental-no-wild-cards"),
    pytest.param("continental", {"may_i": {"allowed": False, "penalty_cards_per_discard": 2}, "stock_exhausted": "reshuffle"},
                 "changed from Continental: no May I, when the stock runs out: the discards are shuffled into a new stock",
                 id="continental-without-may-i-still-says-the-stock"),
])
def test_the_differences_are_said_whole(base, changes, words):
    assert describe_differences(get_variant(base), house_of(base, changes)) == words


def test_each_difference_is_said_under_its_key():
    base = get_variant("joybells")
    v = house_of("joybells", {"players": {"max": 5}, "cards_dealt": 11, "rounds": [R(2, 0), R(0, 2)],
                              "melds": {"set_min": 3}, "may_i": {"penalty_cards_per_discard": 2}})
    assert differences(base, v) == [
        Difference("players", "3 to 5 players"),
        Difference("cards_dealt", "11 cards dealt"),
        Difference("rounds", "2 rounds"),
        Difference("melds", "sets of 3 or more", "set_min"),
        Difference("may_i", "May I: 2 penalty cards per discard", "penalty_cards_per_discard"),
    ]


# ----- the house file: as downloaded, and as a family may edit it -------------------------------------

ROY_FILE = """\
# R rules: a house variant, based on ROY. Made with scorekeeper; import it on its Import house rules page (/rules/import).
id = "r"
name = "R rules"
based_on = "roy"
kind = "shedding"
order = 100
summary = "R rules: ROY with a family's own changes."

[players]
min = 2
max = 5

[pack]
decks = [{ up_to = 5, decks = 1 }]
jokers_per_deck = 0

[deal]
cards = 7
at_a_time = 1

[scoring]
round_score = "cards-left-to-winner"
winner = "first-to-target"
round_win_bonus = 0
missing_card_penalty = 0
target = 100

[may_i]
allowed = false
penalty_cards_per_discard = 1
multiple_discards = false
discard_pile_dead = false
no_lay_down_until_next_turn = false

[stock]
exhausted = "reshuffle"

[roy]
aces = "high"
suit_changer = "J"
draw_card = "A"
draw_per_card = 2
skip_card = "KS"
skip_draw = 7

[sources]
players = { file = "house", section = "R rules" }
pack = { file = "002", section = "ROY" }
deal = { file = "002", section = "rule 1" }
play = { file = "002", section = "rules 3–5" }
special_cards = { file = "002", section = "rule 6" }
scoring = { file = "002", section = "rule 7" }
stock = { file = "rulings", section = "ROY's gaps" }
"""


def roy_for_five():
    return apply_changes(get_variant("roy"), {"players": {"max": 5}}, id="r", name="R rules")


def test_a_roy_house_file_for_five_players_word_for_word_and_read_back():
    v = roy_for_five()
    assert to_toml(v) == ROY_FILE
    assert from_toml(ROY_FILE) == v  # its pack now goes up to 5 players: still ROY's one deck


def _roy_file(old: str, new: str) -> str:
    assert old in ROY_FILE
    return ROY_FILE.replace(old, new, 1)


@pytest.mark.parametrize("old, new", [
    pytest.param("jokers_per_deck = 0\n", "", id="pack-without-its-jokers-line"),
    pytest.param("[roy]\naces = \"high\"\nsuit_changer = \"J\"\ndraw_card = \"A\"\ndraw_per_card = 2\nskip_card = \"KS\"\n"
                 "skip_draw = 7\n", "", id="no-roy-table"),
    pytest.param("[scoring]\nround_score = \"cards-left-to-winner\"\nwinner = \"first-to-target\"\nround_win_bonus = 0\n"
                 "missing_card_penalty = 0\ntarget = 100\n", "", id="no-scoring-table"),
])
def test_a_roy_house_file_that_leaves_out_what_it_does_not_change_is_the_same_house(old, new):
    assert from_toml(_roy_file(old, new)) == roy_for_five()


@pytest.mark.parametrize("section", ["melds", "contracts", "last_round", "points"])
def test_a_roy_house_file_with_a_table_of_the_may_i_games_is_refused_naming_it(section):
    text = _roy_file("[sources]", f"[{section}]\nx = 1\n\n[sources]")
    assert refusal(from_toml, text) == (section, section, f"{section} is not a rule of ROY (a shedding game)")


ROY_KEYS = "players, cards_dealt, target, roy"


@pytest.mark.parametrize("old, new, field, value, shown", [
    pytest.param("decks = [{ up_to = 5, decks = 1 }]", "decks = [{ up_to = 5, decks = 2 }]", "pack",
                 {"decks": [{"up_to": 5, "decks": 2}], "jokers_per_deck": 0},
                 '{"decks": [{"up_to": 5, "decks": 2}], "jokers_per_deck": 0}', id="two-decks"),
    pytest.param("decks = [{ up_to = 5, decks = 1 }]", "decks = 1", "pack", {"decks": 1, "jokers_per_deck": 0},
                 '{"decks": 1, "jokers_per_deck": 0}', id="decks-as-one-number"),
    pytest.param("at_a_time = 1", "at_a_time = 2", "deal.at_a_time", 2, "2", id="dealt-two-at-a-time"),
    pytest.param('winner = "first-to-target"', 'winner = "lowest"', "scoring.winner", "lowest", '"lowest"',
                 id="lowest-total-wins"),
    pytest.param('aces = "high"', 'aces = "low"', "roy.aces", "low", '"low"', id="aces-low"),
    pytest.param("[may_i]\nallowed = false", "[may_i]\nallowed = true", "may_i",
                 {"allowed": True, "penalty_cards_per_discard": 1, "multiple_discards": False, "discard_pile_dead": False,
                  "no_lay_down_until_next_turn": False},
                 '{"allowed": true, "penalty_cards_per_discard": 1, "multiple_', id="may-i-allowed"),
    pytest.param('exhausted = "reshuffle"', 'exhausted = "turn-over-once-then-end"', "stock",
                 {"exhausted": "turn-over-once-then-end"}, '{"exhausted": "turn-over-once-then-end"}',
                 id="stock-turned-over-once"),
])
def test_a_roy_house_file_may_change_only_the_house_settings(old, new, field, value, shown):
    assert refusal(from_toml, _roy_file(old, new)) == (
        field, value, f"{shown}: this rule follows ROY; a house version of it may change only {ROY_KEYS}")


def joybells_file() -> str:
    return to_toml(apply_changes(get_variant("joybells"), {}, id="j", name="J"))


def _joybells_file(old: str, new: str) -> str:
    text = joybells_file()
    assert old in text
    return text.replace(old, new, 1)


FILE_KEYS = ("id, name, based_on, kind, order, summary, players, pack, deal, melds, contracts, last_round, points, "
             "scoring, may_i, stock, house_options, sources, notes, roy")


@pytest.mark.parametrize("old, new, field, value, message", [
    pytest.param('kind = "contract"', 'kind = "contract"\ncolour = "red"', "colour", "colour",
                 f"'colour' is not a key of a variant file (known: {FILE_KEYS})", id="a-colour-for-the-file"),
    pytest.param('based_on = "joybells"', 'based_on = "euchre"', "based_on", "euchre",
                 "'euchre' is not a known variant (known: joybells, continental, le-may-i, clenney, roy)", id="based-on-euchre"),
    pytest.param("at_a_time = 1", "at_a_time = 3", "deal.at_a_time", 3, "3: the deal follows Joybells (1 at a time)",
                 id="dealt-three-at-a-time"),
    pytest.param('round_score = "penalty"', 'round_score = "cards"', "scoring.round_score", None,
                 "the scoring follows Joybells; only missing_card_penalty, round_win_bonus may change", id="scored-by-cards"),
    pytest.param("[deal]\ncards = 12", "[deal]\ncards = 12\nset_min = 3", "deal.set_min", "set_min",
                 "'set_min' is not a key of deal (known: at_a_time, cards)", id="sets-of-three-under-the-deal"),
    pytest.param("rounds = [", "rounds = 5\nold_rounds = [", "contracts.old_rounds", "old_rounds",
                 "'old_rounds' is not a key of contracts (known: rounds, kind)", id="a-second-rounds-key"),
    pytest.param('id = "j"', "id = 5", "id", 5, "missing: the variant's id", id="an-id-that-is-a-number"),
    pytest.param('kind = "contract"', 'kind = "shedding"', "kind", "shedding",
                 "kind is written by the app from the rules; it cannot be set in a file", id="a-may-i-game-made-shedding"),
])
def test_an_edited_house_file_is_refused_naming_the_line(old, new, field, value, message):
    assert refusal(from_toml, _joybells_file(old, new)) == (field, value, message)


def test_rounds_that_are_not_a_list_name_the_file_s_key():
    text = joybells_file()
    start = text.index("rounds = [")
    end = text.index("]\n", start) + 2
    assert refusal(from_toml, text[:start] + "rounds = 5\n" + text[end:]) == ("contracts.rounds", 5, "5 is not a list")


def test_a_house_file_that_is_not_text_is_refused_naming_the_file():
    assert refusal(from_toml, b"id = 'j'") == ("file", None, "a variant file is text")


def test_a_house_file_nested_too_deep_is_refused_naming_the_file():
    assert refusal(from_toml, "x = " + "[" * 40 + "]" * 40) == (
        "file", None, f"not a variant file: its lists or tables are nested more than {house.MAX_DEPTH} deep")


def test_a_file_that_is_not_toml_is_refused_with_what_the_reader_said():
    text = _joybells_file("[players]", "[players")
    with pytest.raises(tomllib.TOMLDecodeError) as toml_says:
        tomllib.loads(text)
    assert refusal(from_toml, text) == ("file", None, f"not a TOML file: {toml_says.value}")


def test_a_house_file_without_its_deal_or_its_players_keeps_the_base_s_and_its_own_points():
    text = _joybells_file("JK = 20", "JK = 35")
    for table in ("[deal]\ncards = 12\nat_a_time = 1\n\n", "[players]\nmin = 3\nmax = 6\n\n"):
        assert table in text
        text = text.replace(table, "", 1)
    v = from_toml(text)
    assert house.changes_between(get_variant("joybells"), v) == {"card_points": {"JK": 35}}


def test_a_house_name_is_written_with_its_own_letters():
    text = to_toml(apply_changes(get_variant("le-may-i"), {}, id="l", name="Les règles de Mémé ♥"))
    assert 'name = "Les règles de Mémé ♥"' in text.splitlines()


def test_a_club_s_house_options_named_in_words_are_written_quoted_and_read_back():
    """A club's own variant (read by the variant loader) may name its house options in any words;
    its file quotes those names, accents as they are."""
    doc = house.document(get_variant("continental"))
    option = doc["house_options"]["twos_wild"]
    doc["house_options"] = {"deux jokers": option, "é": option, "twos_wild": option}
    text = to_toml(variant_from_dict(doc))
    assert [line for line in text.splitlines() if line.startswith("[house_options")] == [
        '[house_options."deux jokers"]', '[house_options."é"]', "[house_options.twos_wild]"]
    assert list(tomllib.loads(text)["house_options"]) == ["deux jokers", "é", "twos_wild"]


def test_a_house_file_that_leaves_out_a_line_keeps_the_base_s_rule_there_and_its_own_points():
    text = _joybells_file("JK = 20", "JK = 35").replace("[players]\nmin = 3\nmax = 6\n", "[players]\nmin = 3\n", 1)
    v = from_toml(text)
    assert (v.players.min, v.players.max) == (3, 6)
    assert house.changes_between(get_variant("joybells"), v) == {"card_points": {"JK": 35}}


def test_a_table_of_one_size_is_said_as_that_many_players_in_english_and_in_french():
    four = house_of("joybells", {"players": {"min": 4, "max": 4}})
    assert describe_differences(get_variant("joybells"), four) == "changed from Joybells: exactly 4 players"
    said = in_french(lambda: describe_differences(get_variant("joybells"), four))
    assert said == "changements par rapport à Joybells\u00a0: exactement 4 joueurs"  # (a no-break space before the colon)
