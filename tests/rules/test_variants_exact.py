"""Variants as data (scorekeeper.rules.variants): the API shape of a variant field by field, the
pack, rounds, house rules, and every check made when a definition is loaded, naming the field."""
from __future__ import annotations

import tomllib

import pytest

from scorekeeper.rules import variants as vs
from scorekeeper.rules.cards import joker, parse_card
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.variants import (Citation, Contract, Pack, PlayerRange, VariantError, WildSpec, get_variant,
                                        load_variant, variant_from_dict)

CONT = get_variant("continental")
ROY = get_variant("roy")

SMALL = """
id = "small"
name = "Small"
kind = "contract"
summary = "A test variant."
order = 7
[players]
min = 3
max = 5
[pack]
decks = [{ up_to = 4, decks = 1 }, { up_to = 5, decks = 2 }]
jokers_per_deck = 1
[deal]
cards = 9
at_a_time = 3
[melds]
set_min = 3
run_min = 4
run_max = 8
aces = "low"
wild = ["JK", "2", "ah"]
wilds_may_not_outnumber_naturals = true
all_wild_set = false
same_suit_runs = false
[contracts]
kind = "minimum"
rounds = [{ sets = 2 }, { sets = 1, runs = 1 }]
[last_round]
round = 2
all_cards_in_contract = true
[points]
A = 15
2 = 2
3 = 3
4 = 4
5 = 5
6 = 6
7 = 7
8 = 8
9 = 9
10 = 10
J = 10
Q = 10
K = 10
jk = 25
[scoring]
round_score = "penalty"
winner = "lowest"
round_win_bonus = 5
missing_card_penalty = 7
[may_i]
allowed = true
penalty_cards_per_discard = 2
multiple_discards = true
discard_pile_dead = true
no_lay_down_until_next_turn = true
[stock]
exhausted = "turn-over-once-then-end"
[sources]
deal = { file = "x", section = "deal" }
points = { file = "x" }
[house_options.threes]
label = "3s wild"
adds_wild = ["3"]
[house_options.late]
label = "No May I late"
no_may_i_in_last_rounds = 1
source = { file = "y", section = "late" }
"""


def small_data():
    return tomllib.loads(SMALL)


def roy_data():
    return tomllib.loads((vs.resources.files(vs.__package__) / "variants" / "roy.toml").read_text())


def test_a_definition_is_read_field_by_field():
    v = load_variant(SMALL)
    assert (v.id, v.name, v.kind, v.order, v.summary) == ("small", "Small", "contract", 7, "A test variant.")
    assert v.players == PlayerRange(3, 5) and (v.jokers_per_deck, v.cards_dealt, v.deal_at_a_time) == (1, 9, 3)
    assert [(s.up_to, s.decks) for s in v.deck_steps] == [(4, 1), (5, 2)]
    m = v.melds
    assert (m.set_min, m.run_min, m.run_max, m.aces, m.wild) == (3, 4, 8, vs.AceRule.LOW, WildSpec(("JK", "2", "AH")))
    assert (m.wilds_may_not_outnumber_naturals, m.all_wild_set, m.same_suit_runs) == (True, False, False)
    assert v.contract_kind is vs.ContractKind.MINIMUM
    assert [(r.number, r.contract, r.min_cards) for r in v.rounds] == [(1, Contract(2, 0), 6), (2, Contract(1, 1), 7)]
    assert v.last_round == vs.LastRound(2, True, True)
    assert v.points["JK"] == 25 and v.points["7"] == 7
    assert v.scoring == vs.Scoring(vs.RoundScore.PENALTY, vs.Winner.LOWEST, None, 5, 7)
    assert v.may_i == vs.MayIRules(True, 2, True, True, True)
    assert v.stock_exhausted is vs.StockExhausted.TURN_OVER_ONCE_THEN_END
    assert v.sources == {"deal": Citation("x", "deal"), "points": Citation("x", "")}
    assert v.house_options == {
        "threes": vs.HouseOption("threes", "3s wild", Citation("house", ""), ("3",), 0),
        "late": vs.HouseOption("late", "No May I late", Citation("y", "late"), (), 1),
    }
    assert v.roy is None and v.house_rules == {}


def test_defaults_of_a_short_definition():
    data = small_data()
    for key in ("order", "summary", "may_i", "stock", "sources", "house_options", "last_round"):
        del data[key]
    for key in ("run_max", "wild", "wilds_may_not_outnumber_naturals", "all_wild_set", "same_suit_runs"):
        del data["melds"][key]
    del data["deal"]["at_a_time"]
    del data["scoring"]["round_win_bonus"]
    del data["scoring"]["missing_card_penalty"]
    v = variant_from_dict(data)
    assert (v.order, v.summary, v.deal_at_a_time, v.sources, v.house_options, v.last_round) == (99, "", 1, {}, {}, None)
    assert v.may_i == vs.MayIRules(False, 1, False, False, False)
    assert v.stock_exhausted is vs.StockExhausted.RESHUFFLE
    m = v.melds
    assert (m.run_max, m.wild, m.wilds_may_not_outnumber_naturals, m.all_wild_set, m.same_suit_runs) == (
        13, WildSpec(()), False, False, True)
    assert (v.scoring.round_win_bonus, v.scoring.missing_card_penalty) == (0, 0)


def test_a_last_round_rule_defaults_to_no_discard_and_not_every_card():
    data = small_data()
    data["last_round"] = {"round": 2}
    assert variant_from_dict(data).last_round == vs.LastRound(2, True, False)
    data["last_round"] = {"round": 2, "no_discard": False}
    assert variant_from_dict(data).last_round.no_discard is False


def test_roy_rules_and_their_defaults():
    assert ROY.roy == vs.RoyRules(vs.AceRule.HIGH, "J", "A", 2, "KS", 7)
    data = roy_data()
    data["roy"] = {}
    assert variant_from_dict(data).roy == vs.RoyRules(vs.AceRule.HIGH, "J", "A", 2, "KS", 7)


def edit(path, value):
    data = small_data()
    *outer, last = path
    target = data
    for key in outer:
        target = target[key]
    if value is KeyError:
        del target[last]
    else:
        target[last] = value
    return data


@pytest.mark.parametrize("path, value, field, message", [
    (("id",), KeyError, "variant.id", "missing variant.id"),
    (("id",), 3, "variant.id", "variant.id has the wrong type: 3"),
    (("kind",), "trick", "kind", "small.kind must be 'contract' or 'shedding', not 'trick'"),
    (("players",), [3, 5], "small.players", "small.players has the wrong type: [3, 5]"),
    (("players", "min"), "3", "players.min", "players.min must be a whole number, not '3'"),
    (("players", "max"), True, "players.max", "players.max must be a whole number, not True"),
    (("players", "min"), 0, "players", "small: players.min must be at most players.max"),
    (("players", "min"), 6, "players", "small: players.min must be at most players.max"),
    (("pack", "decks"), [], "pack.decks", "small: pack.decks must cover up to 5 players"),
    (("pack", "decks"), [{"up_to": 4, "decks": 1}], "pack.decks", "small: pack.decks must cover up to 5 players"),
    (("pack", "decks"), [{"up_to": 5}], "pack.decks.decks", "missing pack.decks.decks"),
    (("pack", "jokers_per_deck"), KeyError, "pack.jokers_per_deck", "missing pack.jokers_per_deck"),
    (("scoring", "winner"), "highest", "scoring.winner",
     "scoring.winner must be one of 'lowest', 'first-to-target', not 'highest'"),
    (("scoring", "winner"), "first-to-target", "scoring.target", "small: a first-to-target game needs scoring.target"),
    (("sources", "deal"), {"section": "x"}, "sources.deal", "sources.deal must be { file = ..., section = ... }"),
    (("sources", "deal"), "x", "sources.deal", "sources.deal must be { file = ..., section = ... }"),
    (("house_options", "threes", "label"), KeyError, "house_options.threes.label", "missing house_options.threes.label"),
    (("house_options", "threes", "adds_wild"), "3", "house_options.threes.adds_wild",
     "house_options.threes.adds_wild must be a list"),
    (("house_options", "threes", "adds_wild"), ["ZZ"], "house_options.threes.adds_wild", "'ZZ' is not a card"),
    (("melds", "aces"), "sometimes", "melds.aces", None),
    (("melds", "wild"), ["JK"], None, None),
    (("contracts", "rounds"), [], "contracts.rounds", "small: a contract game needs at least one round"),
    (("contracts", "kind"), "loose", "contracts.kind", None),
    (("points", "K"), KeyError, "points", "small: points has no value for K"),
    (("points", "jk"), KeyError, "points", "small: points has no value for JK"),
    (("last_round", "round"), 1, "last_round", "small: last_round.round must be the last round (2)"),
    (("stock", "exhausted"), "never", "stock.exhausted", None),
    (("melds",), KeyError, "small.melds", "missing small.melds"),
])
def test_a_bad_definition_is_refused_naming_the_field(path, value, field, message):
    data = edit(path, value)
    if path == ("melds", "wild"):
        data["pack"]["jokers_per_deck"] = 0
        del data["points"]["jk"]
        field, message = "melds.wild", "small: jokers are wild but the pack has none"
    with pytest.raises(RulesInputError) as err:  # a VariantError, or a CardError for a card code
        variant_from_dict(data)
    assert err.value.field == field
    if message:
        assert message in err.value.message
    if value is not KeyError and field in ("players.min", "players.max", "variant.id", "kind"):
        assert err.value.value == value


def test_a_roy_definition_needs_its_roy_table():
    data = roy_data()
    del data["roy"]
    with pytest.raises(VariantError) as err:
        variant_from_dict(data)
    assert err.value.field == "roy.roy"


def test_what_is_not_toml_is_refused():
    with pytest.raises(VariantError) as err:
        load_variant("id = ")
    assert err.value.message.startswith("not a valid variant definition: ")


def test_the_builtins_load_in_their_order():
    assert list(vs._load_builtins()) == ["joybells", "continental", "le-may-i", "clenney", "roy"]
    assert vs._load_builtins() == vs.VARIANTS
    assert [v.id for v in vs.all_variants()] == list(vs.VARIANTS)


def test_get_variant_names_the_known_ones():
    with pytest.raises(VariantError) as err:
        get_variant("poker", "game.variant")
    assert (err.value.field, err.value.value) == ("game.variant", "poker")
    assert err.value.message == "'poker' is not a known variant (known: joybells, continental, le-may-i, clenney, roy)"
    with pytest.raises(VariantError):
        get_variant(["roy"])


def test_register_variant_adds_a_club_variant():
    v = load_variant(SMALL)
    try:
        vs.register_variant(v)
        assert get_variant("small") is v
    finally:
        vs.VARIANTS.pop("small", None)


# ----- the pack, players, rounds --------------------------------------------------------------------

@pytest.mark.parametrize("players, pack", [(4, Pack(2, 4, 108)), (5, Pack(3, 6, 162)), (6, Pack(3, 6, 162)),
                                           (7, Pack(4, 8, 216)), (8, Pack(4, 8, 216))])
def test_the_pack_grows_with_the_table(players, pack):
    assert CONT.pack(players) == pack and CONT.decks_for(players) == pack.decks
    assert CONT.pack(players).as_dict() == {"decks": pack.decks, "jokers": pack.jokers, "cards": pack.cards}


def test_max_decks_and_jokers():
    assert (CONT.max_decks, ROY.max_decks, CONT.has_jokers, ROY.has_jokers) == (4, 1, True, False)


def test_a_deck_rule_that_does_not_cover_the_table():
    from dataclasses import replace
    v = replace(CONT, deck_steps=(vs.DeckStep(5, 2),))
    with pytest.raises(VariantError) as err:
        v.decks_for(7)
    assert (err.value.field, err.value.value, err.value.message) == ("players", 7, "no deck rule for 7 players in Continental")


@pytest.mark.parametrize("players, message", [
    ("4", "'4' is not a whole number of players"), (True, "True is not a whole number of players"),
    (3, "3 players is out of range: Continental is for 4 to 8 players"),
    (9, "9 players is out of range: Continental is for 4 to 8 players"),
])
def test_check_players(players, message):
    with pytest.raises(VariantError) as err:
        CONT.check_players(players, "table")
    assert (err.value.field, err.value.value, err.value.message) == ("table", players, message)


def test_player_range():
    r = PlayerRange(3, 5)
    assert (3 in r, 5 in r, 2 in r, 6 in r, True in r, "4" in r, str(r)) == (True, True, False, False, False, False, "3–5")


@pytest.mark.parametrize("number, message", [
    (0, "round 0 is out of range: Continental has rounds 1 to 7"), (8, "round 8 is out of range: Continental has rounds 1 to 7"),
    ("1", "'1' is not a round number"), (True, "True is not a round number"),
])
def test_round_numbers(number, message):
    with pytest.raises(VariantError) as err:
        CONT.round(number, "round_number")
    assert (err.value.field, err.value.value, err.value.message) == ("round_number", number, message)
    assert CONT.round(7).number == 7 and CONT.round(1).number == 1


def test_roy_has_no_rounds():
    with pytest.raises(VariantError) as err:
        ROY.round(1)
    assert (err.value.field, err.value.value, err.value.message) == ("round", 1, "ROY has no numbered contract rounds")
    assert (ROY.number_of_rounds, CONT.number_of_rounds) == (None, 7)
    assert (ROY.is_last_round(1), CONT.is_last_round(7), CONT.is_last_round(6)) == (False, True, False)
    assert (ROY.is_contract_game, CONT.is_contract_game) == (False, True)


def test_contracts_are_described():
    assert [str(Contract(s, r)) for s, r in [(2, 0), (1, 1), (0, 3), (1, 0), (0, 1), (0, 0)]] == [
        "2 sets", "1 set + 1 run", "3 runs", "1 set", "1 run", "nothing"]
    assert CONT.round(2).as_dict() == {"number": 2, "contract": {"sets": 1, "runs": 1}, "min_cards": 7}


# ----- cards ----------------------------------------------------------------------------------------

def test_check_card_refuses_a_joker_without_jokers():
    assert CONT.check_card(joker()) == joker()
    with pytest.raises(vs.CardError) as err:
        ROY.check_card(joker(), "top")
    assert (err.value.field, err.value.value, err.value.message) == ("top", "JK", "'JK' cannot be used: ROY is played without jokers")
    with pytest.raises(vs.CardError) as err:
        ROY.parse_cards(["KS", "JK"], "hand")
    assert err.value.field == "hand[1]"
    assert ROY.parse_cards(["KS"]) == [parse_card("KS")]


@pytest.mark.parametrize("tokens, card, wild", [
    (("JK",), "JK", True), (("JK",), "2H", False), (("2",), "2C", True), (("2",), "3C", False),
    (("AH",), "AH", True), (("AH",), "AD", False), (("AH",), "JK", False), ((), "JK", False),
])
def test_wild_cards_by_token(tokens, card, wild):
    assert WildSpec(tokens).matches(joker() if card == "JK" else parse_card(card)) is wild


def test_wild_cards_are_described():
    assert WildSpec(("JK", "2", "AH")).describe() == "jokers, every 2, the ace of hearts"
    assert WildSpec(()).describe() == "none"
    assert CONT.wild_cards == ["JK", "AH", "AD"] and ROY.wild_cards == []
    assert ROY.is_wild(joker()) is False and CONT.is_wild(parse_card("AD")) is True


def test_card_points():
    assert (CONT.card_points(joker()), CONT.card_points(parse_card("AS")), CONT.card_points(parse_card("9S"))) == (50, 20, 5)


# ----- May I and house rules ------------------------------------------------------------------------

def test_may_i_in_the_last_rounds_with_the_house_option():
    late = CONT.with_house_rules({"no_may_i_in_last_three_rounds": True})
    assert [late.may_i_allowed_in(n) for n in (1, 4, 5, 7, None)] == [True, True, False, False, True]
    assert late.no_may_i_in_last_rounds == 3
    off = CONT.with_house_rules({"no_may_i_in_last_three_rounds": False})
    assert off.no_may_i_in_last_rounds == 0 and off.may_i_allowed_in(7) is True
    assert ROY.may_i_allowed_in(1) is False and CONT.may_i_allowed_in(7) is True


def test_house_rules_add_wild_cards_once():
    v = CONT.with_house_rules({"twos_wild": True})
    assert v.melds.wild.tokens == ("JK", "AH", "AD", "2") and v.house_rules == {"twos_wild": True}
    assert CONT.with_house_rules({"twos_wild": False}).melds.wild.tokens == ("JK", "AH", "AD")
    assert CONT.with_house_rules(None).house_rules == {}
    small = load_variant(SMALL)
    assert small.with_house_rules({"threes": True}).melds.wild.tokens == ("JK", "2", "AH", "3")


@pytest.mark.parametrize("options, field, value, message", [
    (["twos_wild"], "house", ["twos_wild"], "['twos_wild'] is not an object of house options"),
    ({"fives_wild": True}, "house.fives_wild", "fives_wild",
     "'fives_wild' is not a house option of Continental (known: no_may_i_in_last_three_rounds, twos_wild)"),
    ({"twos_wild": "yes"}, "house.twos_wild", "yes", "'yes' is not true or false"),
])
def test_bad_house_rules(options, field, value, message):
    with pytest.raises(VariantError) as err:
        CONT.with_house_rules(options, "house")
    assert (err.value.field, err.value.value, err.value.message) == (field, value, message)
    with pytest.raises(VariantError) as err:
        ROY.with_house_rules({"x": True})
    assert err.value.message == "'x' is not a house option of ROY (known: none)"


def test_cite_falls_back_to_the_rulings():
    assert CONT.cite("nothing") == Citation("rulings", "Built-in variants")
    assert CONT.cite("deal") == CONT.sources["deal"]


def test_citation_label_and_title():
    assert Citation("rulings", "Ties").as_dict() == {"file": "rulings", "section": "Ties",
                                                  "label": "scorekeeper's rulings, Ties"}
    assert Citation("zzz", "").label == "zzz" and Citation("zzz", "").title == "zzz"
    assert Citation("house", "").label == "house rule"


# ----- the API shape --------------------------------------------------------------------------------

def test_the_api_shape_of_a_contract_variant():
    data = CONT.as_dict()
    assert data.pop("sources") == {k: c.as_dict() for k, c in CONT.sources.items()}
    assert [o.pop("source") for o in data["house_options"]] == [o.source.as_dict() for o in CONT.house_options.values()]
    assert data == {
        "id": "continental", "name": "Continental", "kind": "contract", "summary": CONT.summary,
        "players": {"min": 4, "max": 8},
        "decks": [{"up_to": 4, "decks": 2}, {"up_to": 6, "decks": 3}, {"up_to": 8, "decks": 4}],
        "jokers_per_deck": 2, "cards_dealt": 12, "deal_at_a_time": 1,
        "rounds": [r.as_dict() for r in CONT.rounds],
        "card_points": {"A": 20, "2": 5, "3": 5, "4": 5, "5": 5, "6": 5, "7": 5, "8": 5, "9": 5, "10": 10, "J": 10,
                        "Q": 10, "K": 10, "JK": 50},
        "wild_cards": ["JK", "AH", "AD"],
        "scoring": {"round_score": "penalty", "winner": "lowest", "round_win_bonus": 0, "missing_card_penalty": 10},
        "may_i": {"allowed": True, "penalty_cards_per_discard": 1, "multiple_discards": False, "discard_pile_dead": True,
                  "no_lay_down_until_next_turn": True},
        "stock_exhausted": "turn-over-once-then-end",
        "house_options": [{"key": "no_may_i_in_last_three_rounds", "label": "No May I in the last three rounds"},
                          {"key": "twos_wild", "label": "2s are wild too"}],
        "melds": {"set_min": 3, "run_min": 4, "run_max": 13, "aces": "low-or-high",
                  "wilds_may_not_outnumber_naturals": True, "all_wild_set": True, "same_suit_runs": True},
        "contract_kind": "exact",
    }
    assert [r["min_cards"] for r in data["rounds"]] == [6, 7, 8, 9, 10, 11, 12]


def test_the_api_shape_of_roy_and_of_a_last_round():
    data = ROY.as_dict()
    data.pop("sources")
    assert data == {
        "id": "roy", "name": "ROY", "kind": "shedding", "summary": ROY.summary, "players": {"min": 2, "max": 3},
        "decks": [{"up_to": 3, "decks": 1}], "jokers_per_deck": 0, "cards_dealt": 7, "deal_at_a_time": 1,
        "rounds": [], "card_points": {}, "wild_cards": [],
        "scoring": {"round_score": "cards-left-to-winner", "winner": "first-to-target", "round_win_bonus": 0,
                    "missing_card_penalty": 0},
        "may_i": {"allowed": False, "penalty_cards_per_discard": 1, "multiple_discards": False,
                  "discard_pile_dead": False, "no_lay_down_until_next_turn": False},
        "stock_exhausted": "reshuffle", "house_options": [], "target": 100,
        "roy": {"aces": "high", "suit_changer": "J", "draw_card": "A", "draw_per_card": 2, "skip_card": "KS",
                "skip_draw": 7},
    }
    assert load_variant(SMALL).as_dict()["last_round"] == {"round": 2, "no_discard": True, "all_cards_in_contract": True}
    assert "last_round" not in CONT.as_dict() and "melds" not in data and "target" not in CONT.as_dict()


@pytest.mark.parametrize("variant_id, roy, lowest", [
    ("joybells", False, True), ("continental", False, True), ("le-may-i", False, True), ("clenney", False, True),
    ("roy", True, False),
])
def test_the_kind_of_game(variant_id, roy, lowest):
    v = get_variant(variant_id)
    assert (v.is_roy, v.lowest_wins) == (roy, lowest)


# Every key a definition must hold, and the field its loading error names when the key is missing.
REQUIRED = [
    (("kind",), "small.kind"),
    (("name",), "small.name"),
    (("players",), "small.players"),
    (("players", "max"), "players.max"),
    (("pack",), "small.pack"),
    (("pack", "decks"), "pack.decks"),
    (("deal",), "small.deal"),
    (("deal", "cards"), "deal.cards"),
    (("scoring",), "small.scoring"),
    (("scoring", "round_score"), "scoring.round_score"),
    (("scoring", "winner"), "scoring.winner"),
    (("melds", "set_min"), "melds.set_min"),
    (("melds", "run_min"), "melds.run_min"),
    (("melds", "aces"), "melds.aces"),
    (("contracts",), "small.contracts"),
    (("contracts", "rounds"), "contracts.rounds"),
    (("contracts", "kind"), "contracts.kind"),
    (("points",), "small.points"),
    (("last_round", "round"), "last_round.round"),
]


@pytest.mark.parametrize("path, field", REQUIRED, ids=[".".join(p) for p, _ in REQUIRED])
def test_a_missing_key_is_named_by_where_it_belongs(path, field):
    with pytest.raises(VariantError) as err:
        variant_from_dict(edit(path, KeyError))
    assert (err.value.field, err.value.message) == (field, f"missing {field}")


@pytest.mark.parametrize("step, field, message, refused", [
    ({"decks": 1}, "pack.decks.up_to", "missing pack.decks.up_to", None),
    ({"up_to": "5", "decks": 2}, "pack.decks.up_to", "pack.decks.up_to must be a whole number, not '5'", "5"),
    ({"up_to": 5, "decks": 2.5}, "pack.decks.decks", "pack.decks.decks must be a whole number, not 2.5", 2.5),
])
def test_a_bad_deck_step_is_named(step, field, message, refused):
    with pytest.raises(VariantError) as err:
        variant_from_dict(edit(("pack", "decks"), [{"up_to": 4, "decks": 1}, step]))
    assert (err.value.field, err.value.message, err.value.value) == (field, message, refused)


# A value of the wrong type, and the field its loading error names: a whole number where one is
# needed (a true or false is no number), a table where a table is needed, text where text is.
WRONG_TYPE = [
    (("kind",), 3, "small.kind", "small.kind has the wrong type: 3"),
    (("name",), ["Small"], "small.name", "small.name has the wrong type: ['Small']"),
    (("pack",), [2], "small.pack", "small.pack has the wrong type: [2]"),
    (("pack", "decks"), {"up_to": 5, "decks": 2}, "pack.decks",
     "pack.decks has the wrong type: {'up_to': 5, 'decks': 2}"),
    (("pack", "jokers_per_deck"), True, "pack.jokers_per_deck", "pack.jokers_per_deck must be a whole number, not True"),
    (("deal",), "9 cards", "small.deal", "small.deal has the wrong type: '9 cards'"),
    (("deal", "cards"), "9", "deal.cards", "deal.cards must be a whole number, not '9'"),
    (("scoring",), "penalty", "small.scoring", "small.scoring has the wrong type: 'penalty'"),
    (("scoring", "round_score"), 1, "scoring.round_score", "scoring.round_score has the wrong type: 1"),
    (("scoring", "winner"), 1, "scoring.winner", "scoring.winner has the wrong type: 1"),
    (("melds", "set_min"), "3", "melds.set_min", "melds.set_min must be a whole number, not '3'"),
    (("melds", "run_min"), 4.0, "melds.run_min", "melds.run_min must be a whole number, not 4.0"),
    (("melds", "aces"), 1, "melds.aces", "melds.aces has the wrong type: 1"),
    (("contracts", "kind"), ["minimum"], "contracts.kind", "contracts.kind has the wrong type: ['minimum']"),
    (("house_options", "threes", "label"), 3, "house_options.threes.label", "house_options.threes.label has the wrong type: 3"),
    (("melds",), ["sets"], "small.melds", "small.melds has the wrong type: ['sets']"),
    (("contracts",), "exact", "small.contracts", "small.contracts has the wrong type: 'exact'"),
    (("contracts", "rounds"), {"sets": 2}, "contracts.rounds", "contracts.rounds has the wrong type: {'sets': 2}"),
    (("points",), [10], "small.points", "small.points has the wrong type: [10]"),
    (("last_round", "round"), "2", "last_round.round", "last_round.round must be a whole number, not '2'"),
]


@pytest.mark.parametrize("path, value, field, message", WRONG_TYPE, ids=[".".join(w[0]) + f"={w[1]!r}" for w in WRONG_TYPE])
def test_a_value_of_the_wrong_type_is_named(path, value, field, message):
    with pytest.raises(VariantError) as err:
        variant_from_dict(edit(path, value))
    assert (err.value.field, err.value.message, err.value.value) == (field, message, value)


@pytest.mark.parametrize("path, value, field", [
    (("scoring", "round_score"), "points", "scoring.round_score"),
    (("melds", "wild"), ["JK", "ZZ"], "melds.wild"),
    (("house_options", "threes", "source"), "the club", "house_options.threes.source"),
])
def test_a_value_that_is_not_one_of_the_choices_is_named(path, value, field):
    with pytest.raises(RulesInputError) as err:
        variant_from_dict(edit(path, value))
    assert err.value.field == field


def test_a_refusal_keeps_the_value_it_refused():
    with pytest.raises(VariantError) as err:
        variant_from_dict(edit(("players", "min"), 6))
    assert err.value.value == {"min": 6, "max": 5}
    with pytest.raises(VariantError) as err:
        variant_from_dict(edit(("pack", "decks"), [{"up_to": 4, "decks": 1}]))
    assert err.value.value == (vs.DeckStep(4, 1),)
    data = edit(("kind",), "shedding")
    with pytest.raises(VariantError) as err:
        variant_from_dict(data)
    assert (err.value.field, err.value.value) == ("scoring.round_score", "penalty")
    data = small_data()
    del data["points"]["Q"], data["points"]["jk"]
    with pytest.raises(VariantError) as err:
        variant_from_dict(data)
    assert (err.value.field, err.value.value) == ("points", ["Q", "JK"])


def test_a_game_for_one_player_loads():
    # players.min may be 1 (a patience of the family); 0 is refused above.
    data = edit(("players", "min"), 1)
    assert variant_from_dict(data).players == PlayerRange(1, 5)


def test_a_may_i_table_without_allowed_does_not_allow_may_i():
    data = small_data()
    data["may_i"] = {"penalty_cards_per_discard": 2}
    assert variant_from_dict(data).may_i == vs.MayIRules(False, 2, False, False, False)


def test_a_round_of_runs_only_needs_its_runs_cards():
    data = edit(("contracts", "rounds"), [{"runs": 2}, {"sets": 1, "runs": 1}])
    assert [r.min_cards for r in variant_from_dict(data).rounds] == [8, 7]



def test_a_roy_house_table_of_other_cards_is_read_as_written():
    data = roy_data()
    data["roy"] = {"aces": "low", "suit_changer": "Q", "draw_card": "2", "draw_per_card": 3, "skip_card": "KH",
                   "skip_draw": 5}
    assert variant_from_dict(data).roy == vs.RoyRules(vs.AceRule.LOW, "Q", "2", 3, "KH", 5)


def test_a_roy_ace_rule_that_is_no_choice_is_named():
    data = roy_data()
    data["roy"]["aces"] = "sideways"
    with pytest.raises(VariantError) as err:
        variant_from_dict(data)
    assert (err.value.field, err.value.value) == ("roy.aces", "sideways")


def test_a_house_version_that_changes_the_deal_keeps_its_bases_own_source():
    from scorekeeper.rules.house import apply_changes
    h = apply_changes(CONT, {"cards_dealt": 11}, id="h", name="H")
    assert h.cite("deal").file == "house" and vs.own_source(h) == CONT.cite("deal").file == "001"


def test_a_roy_table_that_is_no_table_is_named():
    data = roy_data()
    data["roy"] = ["high"]
    with pytest.raises(VariantError) as err:
        variant_from_dict(data)
    assert (err.value.field, err.value.value) == ("roy.roy", ["high"])
