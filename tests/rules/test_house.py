"""House variants as data (scorekeeper/rules/house.py): changes applied to a built-in variant,
refused with the key named when they cannot be played, described in words, written as TOML and
read back exactly; the shipped examples; the rules of play follow a house variant's data."""
from __future__ import annotations

import tomllib
from importlib import resources

import pytest

from scorekeeper.rules import house, parse_cards
from scorekeeper.rules.house import HouseRulesError, apply_changes, describe_differences, from_toml, to_toml
from scorekeeper.rules.may_i import resolve_may_i
from scorekeeper.rules.melds import check_contract, check_meld
from scorekeeper.rules.scoring import hand_points
from scorekeeper.rules.variants import Variant, all_variants, get_variant, load_variant, variant_from_dict

CONTRACT_GAMES = [v.id for v in all_variants() if v.is_contract_game]


def R(sets: int, runs: int) -> dict:
    return {"contract": {"sets": sets, "runs": runs}}


def smith(changes=None, base="joybells", name="Smith rules"):
    return apply_changes(get_variant(base), changes or {}, id="smith", name=name)


JOYBELLS_7 = [R(2, 0), R(0, 2), R(1, 1), R(2, 1), R(1, 2), R(3, 0), R(1, 2)]


# ----- the document and the loader agree --------------------------------------------------------

@pytest.mark.parametrize("vid", CONTRACT_GAMES)
def test_document_of_a_builtin_loads_back_to_the_same_variant(vid):
    v = get_variant(vid)
    assert variant_from_dict(house.document(v)) == v


@pytest.mark.parametrize("vid", CONTRACT_GAMES)
def test_no_changes_is_the_base_under_a_new_name(vid):
    base = get_variant(vid)
    v = apply_changes(base, {}, id="ours", name="Ours")
    assert (v.id, v.name, v.based_on, v.family) == ("ours", "Ours", vid, vid)
    assert v.rounds == base.rounds and v.points == base.points and v.melds == base.melds
    assert house.changes_between(base, v) == {}
    assert describe_differences(base, v) == f"the same as {base.name}"


def test_roy_has_house_versions_of_its_own_rules_only():
    roy = apply_changes(get_variant("roy"), {"target": 50, "roy": {"draw_per_card": 3}}, id="x", name="x")
    assert roy.scoring.target == 50 and roy.roy.draw_per_card == 3 and roy.based_on == "roy"
    with pytest.raises(HouseRulesError) as err:
        apply_changes(get_variant("roy"), {"melds": {"set_min": 4}}, id="x", name="x")
    assert err.value.field == "changes.melds"


def test_a_house_variant_is_not_a_base():
    with pytest.raises(HouseRulesError, match="start from a built-in") as err:
        apply_changes(smith(), {}, id="y", name="y")
    assert err.value.field == "based_on"


# ----- each change is applied ------------------------------------------------------------------

def test_issue_example_jokers_50_and_round_7():
    base = get_variant("joybells")
    v = smith({"card_points": {"JK": 50}, "rounds": JOYBELLS_7})
    assert v.points["JK"] == 50 and v.points["2"] == 20  # merged: the others keep their points
    assert v.rounds[6].contract.describe() == "1 set + 2 runs" and v.rounds[6].min_cards == 12
    assert describe_differences(base, v) == "changed from Joybells: round 7 is 1 set + 2 runs, jokers 50"
    assert v.cite("points").file == "house" and v.cite("points").section == "Smith rules"
    assert v.cite("melds") == base.cite("melds")  # unchanged rules keep their source
    assert hand_points(v, parse_cards(["JK", "2S", "KD"])).points == 80


def test_rounds_change_the_number_of_rounds_and_move_the_last_round_rule():
    v = smith({"rounds": JOYBELLS_7[:5]})
    assert v.number_of_rounds == 5 and v.last_round.round == 5 and [r.number for r in v.rounds] == [1, 2, 3, 4, 5]
    assert v.rounds[4].min_cards == 4 + 2 * 4


def test_rounds_accept_the_document_shape_with_number_and_min_cards():
    doc_rounds = get_variant("joybells").as_dict()["rounds"]
    assert smith({"rounds": doc_rounds}).rounds == get_variant("joybells").rounds


def test_every_change_key_is_applied():
    base = get_variant("continental")
    v = apply_changes(base, {
        "players": {"min": 3, "max": 6}, "decks": [{"up_to": 4, "decks": 2}, {"up_to": 6, "decks": 3}],
        "jokers_per_deck": 1, "cards_dealt": 11, "rounds": [R(2, 0), R(1, 1)], "contract_kind": "minimum",
        "melds": {"set_min": 4, "run_min": 5, "run_max": 10, "aces": "around-the-corner",
                  "wilds_may_not_outnumber_naturals": False, "all_wild_set": False, "same_suit_runs": False},
        "wild_cards": ["jk", "2"], "last_round": {"no_discard": True}, "card_points": {"a": 25, "T": 11},
        "scoring": {"round_win_bonus": 5, "missing_card_penalty": 15},
        "may_i": {"allowed": True, "penalty_cards_per_discard": 2, "multiple_discards": True,
                  "none_in_last_rounds": 1}, "stock_exhausted": "reshuffle"}, id="all", name="All of it")
    assert (v.players.min, v.players.max) == (3, 6) and v.pack(5).decks == 3 and v.pack(5).jokers == 3
    assert v.cards_dealt == 11 and v.number_of_rounds == 2 and str(v.contract_kind) == "minimum"
    m = v.melds
    assert (m.set_min, m.run_min, m.run_max, str(m.aces)) == (4, 5, 10, "around-the-corner")
    assert not (m.wilds_may_not_outnumber_naturals or m.all_wild_set or m.same_suit_runs)
    assert v.wild_cards == ["JK", "2"] and v.points["A"] == 25 and v.points["10"] == 11
    assert v.last_round.round == 2 and v.last_round.no_discard and not v.last_round.all_cards_in_contract
    assert (v.scoring.round_win_bonus, v.scoring.missing_card_penalty) == (5, 15)
    assert v.may_i.penalty_cards_per_discard == 2 and v.may_i.multiple_discards
    assert str(v.stock_exhausted) == "reshuffle"
    assert not v.may_i_allowed_in(2) and v.may_i_allowed_in(1)
    words = describe_differences(base, v)
    for text in ("3 to 6 players", "11 cards dealt", "2 rounds", "contracts are minimums", "sets of 4 or more",
                 "no two runs of one suit", "wild: jokers, every 2", "last round: no discard", "aces 25", "10s 11",
                 "5 points off per round won", "May I: 2 penalty cards per discard", "no May I in the last round",
                 "the discards are shuffled into a new stock", "1 joker per deck"):
        assert text in words, text


def test_decks_as_one_number_and_a_wider_table_keeps_the_last_decks():
    v = smith({"decks": 3}, base="clenney")
    assert [v.pack(n).decks for n in (3, 6, 7, 8)] == [3, 3, 3, 3]
    wider = smith({"players": {"max": 7}})
    assert wider.pack(7).decks == 2 and house.changes_between(get_variant("joybells"), wider) == {"players": {"max": 7}}


def test_last_round_null_removes_it_and_may_i_can_be_turned_off():
    v = smith({"last_round": None, "may_i": {"allowed": False}})
    assert v.last_round is None and not v.may_i.allowed
    assert "no special last round" in describe_differences(get_variant("joybells"), v)
    assert "no May I" in describe_differences(get_variant("joybells"), v)


def test_house_rules_of_play_follow_the_data():
    """Melds, May I and scoring are judged by the house variant's own data."""
    sets3 = smith({"melds": {"set_min": 3}})
    assert check_meld(sets3, parse_cards(["5S", "5H", "5D"])).legal
    assert not check_meld(get_variant("joybells"), parse_cards(["5S", "5H", "5D"])).legal
    no_twos = smith({"wild_cards": ["JK"]})
    assert not check_meld(no_twos, parse_cards(["5S", "5H", "5D", "2C"])).legal
    assert check_meld(get_variant("joybells"), parse_cards(["5S", "5H", "5D", "2C"])).legal
    v = smith({"may_i": {"penalty_cards_per_discard": 2}})
    assert resolve_may_i(v, 4, 1, [3], round_number=1).penalty_cards == 2
    last3 = smith({"may_i": {"none_in_last_rounds": 3}})
    assert not resolve_may_i(last3, 4, 1, [3], round_number=5).allowed
    assert resolve_may_i(last3, 4, 1, [3], round_number=4).allowed
    one_run = smith({"rounds": [R(0, 1), R(0, 2)]}, base="continental")
    assert check_contract(one_run, 1, [parse_cards(["4S", "5S", "6S", "7S"])]).legal
    assert not check_contract(get_variant("continental"), 1, [parse_cards(["4S", "5S", "6S", "7S"])]).legal


def test_house_options_stay_toggles_on_top():
    """The two house options are still offered on a house variant of a base that has them."""
    v = smith({"card_points": {"JK": 25}}, base="continental").with_house_rules({"twos_wild": True})
    assert v.wild_cards == ["JK", "AH", "AD", "2"]
    last3 = smith({}).with_house_rules({"no_may_i_in_last_three_rounds": True})
    assert not last3.may_i_allowed_in(5) and last3.may_i_allowed_in(4)


# ----- refusals name the key -------------------------------------------------------------------

@pytest.mark.parametrize("base, changes, field, words", [
    ("joybells", {"jokerz": 1}, "changes.jokerz", "not a key of changes"),
    ("joybells", [], "changes", "not an object"),
    ("joybells", {"melds": {"wild": ["2"]}}, "melds.wild", "not a key of melds"),
    ("joybells", {"cards_dealt": "12"}, "cards_dealt", '"12" is not a whole number'),
    ("joybells", {"cards_dealt": True}, "cards_dealt", "true is not a whole number"),
    ("joybells", {"cards_dealt": 0}, "cards_dealt", "out of range"),
    ("joybells", {"melds": {"same_suit_runs": "no"}}, "melds.same_suit_runs", "not true or false"),
    ("joybells", {"melds": {"aces": "sideways"}}, "melds.aces", "not one of low, low-or-high"),
    ("joybells", {"contract_kind": "loose"}, "contract_kind", "not one of exact, minimum"),
    ("joybells", {"stock_exhausted": 3}, "stock_exhausted", "not one of"),
    ("joybells", {"card_points": {"X": 3}}, "card_points.X", "not a rank"),
    ("joybells", {"card_points": {"K": -1}}, "card_points.K", "out of range"),
    ("joybells", {"wild_cards": "2"}, "wild_cards", "not a list"),
    ("joybells", {"wild_cards": ["ZZ"]}, "wild_cards", "not a card"),
    ("joybells", {"rounds": []}, "rounds", "0 rounds"),
    ("joybells", {"rounds": [{"sets": 2}]}, "rounds[0].sets", "not a key of rounds[0]"),
    ("joybells", {"rounds": [R(0, 0)]}, "rounds[0].contract", "at least one set or run"),
    ("joybells", {"rounds": [{"number": 2, **R(1, 0)}]}, "rounds[0].number", "not this round's number"),
    ("joybells", {"players": {"min": 5, "max": 4}}, "players.min", "over players.max"),
    ("joybells", {"players": {"max": 9}}, "players.max", "9 is out of range: from 2 to 8"),
    ("joybells", {"decks": [{"up_to": 4, "decks": 2}]}, "decks[0].up_to", "up to 6 may play"),
    ("joybells", {"decks": [{"up_to": 6, "decks": 2}, {"up_to": 5, "decks": 3}]}, "decks[1].up_to", "more than"),
    ("joybells", {"last_round": {"discard": False}}, "last_round.discard", "not a key"),
    ("joybells", {"may_i": {"none_in_last_rounds": 9}}, "may_i.none_in_last_rounds", "the game has 7"),
    ("joybells", {"scoring": {"round_score": "x"}}, "scoring.round_score", "not a key of scoring"),
    # rules that cannot be played
    ("joybells", {"rounds": [R(2, 0), R(0, 4)]}, "rounds[1].contract",
     "round 2 (4 runs) needs 16 cards (4 runs of 4), but a hand holds at most 13"),
    ("joybells", {"cards_dealt": 8}, "cards_dealt", "needs 12 cards"),
    ("continental", {"melds": {"set_min": 5}}, "melds.set_min", "round 4 (3 sets) needs 15 cards"),
    ("joybells", {"melds": {"run_min": 6, "run_max": 5}}, "melds.run_min", "longer than the longest run (5)"),
    ("joybells", {"melds": {"run_max": 3}}, "melds.run_max", "a run of at least 4 cards is longer than the longest run (3)"),
    ("joybells", {"players": {"max": 8}, "cards_dealt": 14}, "players.max", "8 players: 2 decks hold 108 cards"),
    ("continental", {"decks": 1}, "decks", "5 players: 1 deck hold 54 cards"),
    ("clenney", {"cards_dealt": 13, "decks": 2, "players": {"max": 8}}, "players.max", "players: 2 decks hold"),
    ("continental", {"wild_cards": []}, "wild_cards", "needs wild cards, and there are none"),
    ("clenney", {"melds": {"all_wild_set": True}}, "melds.all_wild_set", "a set of wild cards only"),
    ("continental", {"jokers_per_deck": 0}, "jokers_per_deck", "jokers are wild but the pack has none"),
    ("clenney", {"wild_cards": ["JK"]}, "wild_cards", "jokers are wild but the pack has none"),
    ("clenney", {"jokers_per_deck": 2}, "card_points.JK", "say how many points a joker"),
])
def test_refused_with_the_key_named(base, changes, field, words):
    with pytest.raises(HouseRulesError) as err:
        apply_changes(get_variant(base), changes, id="x", name="x")
    assert err.value.field == field, str(err.value)
    assert words in err.value.message
    assert str(err.value).startswith(field + ": ")


@pytest.mark.parametrize("name, words", [("", "1 to 60"), ("   ", "1 to 60"), ("x" * 61, "1 to 60"),
                                         (3, "not a name"), ("a\x00b", "control character")])
def test_bad_names(name, words):
    with pytest.raises(HouseRulesError, match=words) as err:
        smith(name=name)
    assert err.value.field == "name"


def test_name_spaces_are_tidied():
    assert smith(name="  The   Smiths ").name == "The Smiths"


# ----- TOML -------------------------------------------------------------------------------------

HOUSES = [
    ("joybells", {"card_points": {"JK": 50}, "rounds": JOYBELLS_7}),
    ("continental", {"wild_cards": ["JK", "AH", "AD", "2"], "may_i": {"none_in_last_rounds": 2}}),
    ("le-may-i", {"last_round": None, "scoring": {"round_win_bonus": 10}, "players": {"min": 2, "max": 6},
                  "decks": [{"up_to": 4, "decks": 2}, {"up_to": 6, "decks": 3}]}),
    ("clenney", {"jokers_per_deck": 1, "card_points": {"JK": 30}, "wild_cards": ["JK"], "name_check": None}),
]


@pytest.mark.parametrize("base, changes", HOUSES)
def test_toml_round_trip_is_exact(base, changes):
    changes = {k: v for k, v in changes.items() if k != "name_check"}
    v = apply_changes(get_variant(base), changes, id="h1", name="Ann's \"house\" rules ♥")
    text = to_toml(v)
    back = from_toml(text)
    assert back == v
    assert to_toml(back) == text
    assert house.changes_between(get_variant(base), back) == house.changes_between(get_variant(base), v)
    # the same format as variants/*.toml: the variant loader reads it as it reads a built-in file
    assert load_variant(text) == v
    assert tomllib.loads(text)["based_on"] == base


def _without_notes(text: str) -> str:
    """A variant file without its ``[notes]`` (its own prose, which a house variant reads from its base)."""
    head, found, rest = text.partition("\n[notes]\n")
    return head + ("\n" + rest[rest.index("\n["):].lstrip("\n") if found else "")


def test_toml_has_the_builtin_file_layout():
    text = to_toml(smith())
    builtin = _without_notes(resources.files("scorekeeper.rules").joinpath("variants", "joybells.toml").read_text("utf-8"))
    tables = [line for line in builtin.splitlines() if line.startswith("[")]
    assert [line for line in text.splitlines() if line.startswith("[")] == tables
    # apart from the comment, identity and the house's citations, the text is the built-in file's
    def body(t):
        return [line for line in t.splitlines()[6:] if not line.startswith(("#", "summary", "order"))]

    assert body(text) == body(builtin)


def test_import_with_a_new_id_and_name():
    v = from_toml(to_toml(smith({"card_points": {"JK": 50}})), id="other", name="Cousins")
    assert (v.id, v.name, v.points["JK"]) == ("other", "Cousins", 50)
    assert v.cite("points").section == "Cousins"


def _edited(old: str, new: str) -> str:
    text = to_toml(smith())
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize("old, new, field, words", [
    ("run_min = 4", "run_min = 14", "melds.run_min", "out of range"),
    ("run_max = 13", "run_max = 3", "melds.run_max", "longer than the longest run"),
    ("cards = 12", "cards = 5", "cards_dealt", "needs 8 cards"),
    ("cards = 12", "cards = \"12\"", "cards_dealt", "not a whole number"),
    ("JK = 20", "JK = -5", "card_points.JK", "out of range"),
    ("JK = 20", "ZZ = 5", "card_points.ZZ", "not a rank"),
    ('aces = "low"', 'aces = "up"', "melds.aces", "not one of"),
    ("jokers_per_deck = 2", "jokers_per_deck = 0", "jokers_per_deck", "jokers are wild"),
    ("max = 6", "max = 8", "decks[0].up_to", "the decks go up to 6 players, but up to 8 may play"),
    ("decks = [{ up_to = 6, decks = 2 }]\njokers_per_deck = 2\n\n[deal]\ncards = 12",
     "decks = [{ up_to = 6, decks = 2 }]\njokers_per_deck = 2\n\n[deal]\ncards = 20", "cards_dealt",
     "6 players: 2 decks hold 108 cards, too few to deal 20"),
    ("[may_i]", "[may_i]\nsometimes = true", "may_i.sometimes", "not a key of may_i"),
    ('based_on = "joybells"', 'based_on = "euchre"', "based_on", "not a known variant"),
    ('based_on = "joybells"', 'based_on = "roy"', "melds", "not a rule of ROY"),
    ('based_on = "joybells"\n', "", "based_on", "missing"),
    ('kind = "contract"', 'kind = "contract"\ncolour = "red"', "colour", "not a key of a variant file"),
    ('kind = "contract"', 'kind = "shedding"', "kind", "written by the app"),
    ("label = \"No May I", "label = \"Never May I", "house_options", "written by the app"),
    ('at_a_time = 1', 'at_a_time = 2', "deal.at_a_time", "the deal follows Joybells"),
    ('winner = "lowest"', 'winner = "highest"', "scoring.winner", "the scoring follows Joybells"),
    ("[players]", "[players", "file", "not a TOML file"),
])
def test_import_is_checked_like_the_changes(old, new, field, words):
    with pytest.raises(HouseRulesError) as err:
        from_toml(_edited(old, new))
    assert err.value.field == field, str(err.value)
    assert words in err.value.message


def test_import_of_an_edited_file_keeps_the_edit():
    v = from_toml(_edited("JK = 20", "JK = 35").replace("set_min = 4", "set_min = 3"))
    assert house.changes_between(get_variant("joybells"), v) == {"melds": {"set_min": 3}, "card_points": {"JK": 35}}
    assert v.cite("points").file == "house" and v.cite("contracts").file == "000"


def test_a_builtin_file_is_not_a_house_file():
    text = resources.files("scorekeeper.rules").joinpath("variants", "joybells.toml").read_text("utf-8")
    with pytest.raises(HouseRulesError, match="missing") as err:
        from_toml(text)
    assert err.value.field == "based_on"


# ----- shipped examples --------------------------------------------------------------------------

def test_examples():
    ex = {v.id: v for v in house.examples()}
    assert set(ex) == {"hoyle-six-hands", "continental-twos-wild", "clenney-three-decks"}
    hoyle = ex["hoyle-six-hands"]
    assert hoyle.based_on == "continental" and hoyle.number_of_rounds == 6
    assert [(r.contract.sets, r.contract.runs) for r in hoyle.rounds] == [(2, 0), (0, 2), (2, 1), (3, 0), (1, 2), (0, 3)]
    assert hoyle.melds.set_min == 3  # "3 of a kind any suit"
    twos = ex["continental-twos-wild"]
    assert twos.is_wild(parse_cards(["2C"])[0]) and not get_variant("continental").is_wild(parse_cards(["2C"])[0])
    three = ex["clenney-three-decks"]
    assert [three.pack(n).decks for n in range(3, 9)] == [3] * 6
    assert describe_differences(get_variant("clenney"), three) == "changed from Clenney May I: 3 decks at every table"
    for v in ex.values():
        text = resources.files("scorekeeper.rules").joinpath("house_examples", f"{v.id}.toml").read_text("utf-8")
        assert to_toml(v) in text  # the file is the export, with its comment on top


def test_no_may_i_in_the_last_rounds_is_the_house_rule_cited():
    from scorekeeper.rules import reference

    v = smith({"may_i": {"none_in_last_rounds": 2}})
    verdict = resolve_may_i(v, 4, 1, [3], round_number=6)
    assert not verdict.allowed and "(a house rule of Smith rules)" in verdict.reasons[0]
    assert verdict.citations[0].file == "house"
    page = reference.rules_page(v)
    may_i = next(s for s in page.sections if s.anchor == "may-i")
    assert any(getattr(b, "text", "") == "Nobody may call May I in rounds 6 to 7." for b in may_i.blocks)
    builtin = next(s for s in reference.rules_page(get_variant("joybells")).sections if s.anchor == "may-i")
    assert not any("Nobody may call" in getattr(b, "text", "") for b in builtin.blocks)


def test_a_house_variant_file_opens_with_what_it_is_and_where_to_import_it():
    assert to_toml(smith()).splitlines()[0] == (
        "# Smith rules: a house variant, based on Joybells. Made with scorekeeper; import it on its "
        "Import house rules page (/rules/import).")
    assert to_toml(smith(base="le-may-i", name="Les règles")).splitlines()[0].startswith(
        "# Les règles: a house variant, based on Le May I. Made")


def test_the_examples_read_afresh_in_file_order_with_the_notes_on_top(monkeypatch):
    """The examples are read once and kept; read again here (an empty keep) so the reading itself is tested."""
    monkeypatch.setattr(house, "_EXAMPLES", {})
    monkeypatch.setattr(house, "EXAMPLE_NOTES", {})
    read = house.examples()
    assert [v.id for v in read] == ["clenney-three-decks", "continental-twos-wild", "hoyle-six-hands"]
    assert all(isinstance(v, Variant) for v in read)
    assert house.examples() == read  # kept: the same variants again
    assert list(house.EXAMPLE_NOTES.values()) == list(house.EXAMPLE_NOTE_TEXTS)
    assert house.EXAMPLE_NOTES["continental-twos-wild"] == (
        "Continental with 2s wild too (Continental Rummy, encyclopedia article: Rule Variations).")
    assert house.example("hoyle-six-hands") is read[2]
    assert house.example("smith") is None


def test_a_roy_house_variant_keeps_its_own_rules_through_its_file():
    roy = apply_changes(get_variant("roy"), {"target": 150, "roy": {"draw_per_card": 3}}, id="r", name="R rules")
    text = to_toml(roy)
    assert "\n[roy]\n" in text and "draw_per_card = 3" in text
    assert text.splitlines()[0].startswith("# R rules: a house variant, based on ROY. Made")
    back = from_toml(text)
    assert back == roy and back.roy.draw_per_card == 3


def test_a_built_in_variant_written_as_a_file_names_no_base():
    assert to_toml(get_variant("continental")).splitlines()[0].startswith("# Continental: a house variant. Made")


def test_a_roy_house_variant_s_king_of_spades_in_words():
    roy = apply_changes(get_variant("roy"), {"roy": {"skip_draw": 5}}, id="r", name="R rules")
    assert describe_differences(get_variant("roy"), roy) == "changed from ROY: the king of spades makes the next player draw 5"


def test_a_roy_house_file_with_an_unknown_deal_key_names_it():
    text = to_toml(apply_changes(get_variant("roy"), {}, id="r", name="R rules")).replace("[deal]\n", "[deal]\ndeck = 2\n")
    with pytest.raises(HouseRulesError) as err:
        from_toml(text)
    assert (err.value.field, err.value.message) == ("deal.deck", "'deck' is not a key of deal (known: cards, at_a_time)")


def test_a_last_round_of_all_cards_in_the_contract_alone_is_kept():
    """Continental has no special last round; a house may ask for every card in the contract, with discarding as usual."""
    v = apply_changes(get_variant("continental"), {"last_round": {"all_cards_in_contract": True}}, id="c", name="All in")
    assert (v.last_round.round, v.last_round.no_discard, v.last_round.all_cards_in_contract) == (7, False, True)


def test_a_roy_house_file_writes_its_summary():
    roy = apply_changes(get_variant("roy"), {"target": 150}, id="r", name="R rules")
    assert "\nsummary = \"R rules: ROY with a family's own changes.\"\n" in to_toml(roy)


def test_a_round_whose_contract_names_only_runs_has_no_sets():
    v = smith({"rounds": [{"contract": {"runs": 2}}] * 7}, base="continental")
    assert [(r.contract.sets, r.contract.runs) for r in v.rounds] == [(0, 2)] * 7


def test_a_house_file_without_its_id_is_refused_naming_the_id():
    text = "\n".join(line for line in to_toml(smith(base="continental")).splitlines() if not line.startswith("id = "))
    with pytest.raises(HouseRulesError) as err:
        from_toml(text)
    assert (err.value.field, err.value.message) == ("id", "missing: the variant's id")


@pytest.mark.parametrize("changes, field, value, message", [
    ({"decks": "two"}, "decks", "two", '"two" is not a list'),
    ({"may_i": {"allowed": "yes"}}, "may_i.allowed", "yes", '"yes" is not true or false'),
    ({"wild_cards": []}, "wild_cards", True,
     'the limit "wilds may not outnumber naturals" needs wild cards, and there are none: turn it off or name the '
     'wild cards'),
])
def test_a_bad_house_change_is_refused_naming_the_field_and_what_was_given(changes, field, value, message):
    with pytest.raises(HouseRulesError) as err:
        apply_changes(get_variant("continental"), changes, id="c", name="C")
    assert (err.value.field, err.value.value, err.value.message) == (field, value, message)


@pytest.mark.parametrize("name, message", [
    (5, "5 is not a name (text)"),
    ("Ann\x07", '"Ann\\u0007" holds a control character'),
])
def test_a_name_that_is_no_name_is_refused_showing_it(name, message):
    with pytest.raises(HouseRulesError) as err:
        house.check_name(name)
    assert (err.value.field, err.value.value, err.value.message) == ("name", name, message)


def test_one_deck_at_every_table_in_words():
    v = apply_changes(get_variant("joybells"), {"players": {"min": 3, "max": 4}, "decks": 1}, id="j", name="J")
    assert describe_differences(get_variant("joybells"), v) == "changed from Joybells: 3 to 4 players, 1 deck at every table"


def test_a_house_file_without_a_scoring_table_keeps_the_base_scoring():
    text = to_toml(apply_changes(get_variant("continental"), {}, id="c", name="C"))
    lines = text.splitlines()
    start = lines.index("[scoring]")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("[")), len(lines))
    back = from_toml("\n".join(lines[:start] + lines[end:]))
    assert back.scoring == get_variant("continental").scoring


def test_a_roy_house_file_may_not_change_the_pack():
    text = to_toml(apply_changes(get_variant("roy"), {}, id="r", name="R rules"))
    text = text.replace("jokers_per_deck = 0", "jokers_per_deck = 2")
    with pytest.raises(HouseRulesError) as err:
        from_toml(text)
    assert err.value.field == "pack"
