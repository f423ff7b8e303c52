"""The table of house settings (scorekeeper/rules/house_settings.py): each entry agrees with the
variant data it describes, and what is made of it (the keys, the groups, the form's rows and
fieldsets, the values read from a file, the words, the OpenAPI schema) is exactly what it says."""
from __future__ import annotations

import contextvars
import gettext

import pytest

from scorekeeper.rules import house as rules_house
from scorekeeper.rules import house_settings as hs
from scorekeeper.rules import words
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.house_settings import SETTINGS, Choice, HouseSetting, SettingKind
from scorekeeper.rules.variants import VARIANTS, AceRule, ContractKind, StockExhausted, get_variant

SIMPLE = [s for s in SETTINGS if s.kind in hs.SIMPLE_KINDS]


def base_of(kind: str):
    return next(v for v in VARIANTS.values() if v.kind == kind)


def test_the_api_keys_and_their_order():
    assert hs.change_keys("contract") == (
        "players", "decks", "jokers_per_deck", "cards_dealt", "rounds", "contract_kind", "last_round", "melds",
        "wild_cards", "card_points", "scoring", "may_i", "stock_exhausted")
    assert hs.change_keys("shedding") == ("players", "cards_dealt", "target", "roy")
    assert hs.group_keys("melds") == ("set_min", "run_min", "run_max", "aces", "wilds_may_not_outnumber_naturals",
                                      "all_wild_set", "same_suit_runs")
    assert hs.group_keys("roy") == ()  # not a contract game's
    assert hs.group_keys("roy", "shedding") == ("draw_per_card", "skip_draw")
    assert hs.group_keys("cards_dealt") == ()  # a setting alone is no group


def test_names_groups_and_keys():
    s = hs.setting("melds.set_min")
    assert (s.group, s.key) == ("melds", "set_min")
    alone = hs.setting("cards_dealt")
    assert (alone.group, alone.key) == ("cards_dealt", "cards_dealt")
    with pytest.raises(KeyError) as unknown:
        hs.setting("melds")
    assert unknown.value.args == ("melds",)
    assert len({s.name for s in SETTINGS}) == len(SETTINGS)


@pytest.mark.parametrize("s", SETTINGS, ids=lambda s: s.name)
def test_each_setting_sits_where_its_variants_files_write_it(s):
    """Its path holds a value in a built-in variant of every kind of game it is for (a wrong path
    would read the off value), of the type its kind says, within its bounds."""
    for kind in s.games:
        doc = rules_house.document(base_of(kind))
        here = doc
        for part in s.path[:-1]:
            here = here[part]
        if s.absent_when_off:
            continue
        value = here[s.path[-1]]
        if s.kind is SettingKind.NUMBER:
            assert type(value) is int and s.bounds[0] <= value <= s.bounds[1]
        elif s.kind is SettingKind.YES_NO:
            assert type(value) is bool
        elif s.kind is SettingKind.CHOICE:
            assert value in [c.value for c in s.choices]
        assert hs.value_at(doc, s) == value
        assert s.anchor and s.sources and s.label and s.section in {x.id for x in hs.SECTIONS}


def test_the_choices_are_the_rules_own():
    assert [c.value for c in hs.setting("melds.aces").choices] == ["low", "low-or-high", "around-the-corner", "high"]
    assert {c.value for c in hs.setting("melds.aces").choices} == {str(a) for a in AceRule}
    assert {c.value for c in hs.setting("contract_kind").choices} == {str(k) for k in ContractKind}
    assert {c.value for c in hs.setting("stock_exhausted").choices} == {str(k) for k in StockExhausted}


def test_value_at_reads_a_missing_value_as_off():
    may_i = hs.setting("may_i.none_in_last_rounds")
    last = hs.setting("last_round.no_discard")
    assert hs.value_at({"may_i": {"allowed": True}}, may_i) == 0
    assert hs.value_at({}, last) is False and hs.value_at({"last_round": None}, last) is False
    assert hs.value_at({"last_round": {"no_discard": True}}, last) is True
    assert hs.value_at({"may_i": {"none_in_last_rounds": 3}}, may_i) == 3
    assert may_i.off_value() == 0 and type(may_i.off_value()) is int and last.off_value() is False


def test_the_words_of_each_kind():
    assert hs.setting("cards_dealt").words(9) == "9 cards dealt"
    assert hs.setting("jokers_per_deck").words(3) == "3 jokers per deck"
    assert hs.setting("jokers_per_deck").words(0) == "no jokers"
    assert hs.setting("scoring.round_win_bonus").words(1) == "1 point off per round won"
    assert hs.setting("scoring.round_win_bonus").words(20) == "20 points off per round won"
    assert hs.setting("melds.all_wild_set").words(True) == "a set of wilds only is allowed"
    assert hs.setting("melds.all_wild_set").words(False) == "no set of wilds only"
    assert hs.setting("melds.aces").words("high") == "aces high"
    assert hs.setting("melds.aces").words("sideways") == "sideways"
    assert hs.setting("contract_kind").words("minimum") == "contracts are minimums"
    assert hs.setting("may_i.none_in_last_rounds").words(2) == "no May I in the last 2 rounds"
    assert hs.setting("may_i.none_in_last_rounds").words(0) == "May I in every round"
    assert hs.setting("last_round.no_discard").words(True) == ""  # said by its group (rules/house.py)
    assert hs.setting("players.min").words(3) == ""
    quiet = HouseSetting("x", SettingKind.YES_NO, ("x",), "setup", "X", ("x",), said_off="off")
    assert quiet.words(True) == "" and quiet.words(False) == "off"


def test_sections_and_rows_of_the_form():
    contract = hs.sections_for("contract")
    assert [sec.id for sec, _ in contract] == ["setup", "f-rounds", "f-melds", "f-points", "f-may-i", "f-stock"]
    setup = dict((sec.id, shown) for sec, shown in contract)["setup"]
    assert [[s.name for s in row] for row in hs.rows(setup)] == [
        ["players.min", "players.max"], ["decks"], ["jokers_per_deck", "cards_dealt"]]
    shedding = dict((sec.id, shown) for sec, shown in hs.sections_for("shedding"))
    assert list(shedding) == ["setup", "f-roy", "f-winning"]
    assert [[s.name for s in row] for row in hs.rows(shedding["setup"])] == [["players.min", "players.max"],
                                                                            ["cards_dealt"]]
    lone = HouseSetting("y", SettingKind.NUMBER, ("y",), "setup", "Y", ("y",), pair=True)
    assert hs.rows([lone]) == [(lone,)]  # a pair with nothing after it stands alone
    assert hs.rows([]) == []


def test_anchors():
    assert hs.anchor_of("melds", "aces") == "melds"
    assert hs.anchor_of("roy", "skip_draw") == "king-of-spades"
    assert hs.anchor_of("players") == "setup" and hs.anchor_of("last_round") == "last-round"
    assert hs.anchor_of("decks") == "setup"
    assert hs.anchor_of("may_i", "allowed") == "may-i" and hs.anchor_of("last_round", "no_discard") == "last-round"
    with pytest.raises(KeyError) as unknown:
        hs.anchor_of("colour")
    assert unknown.value.args == ("colour",)
    with pytest.raises(KeyError) as unknown:
        hs.anchor_of("melds", "colour")
    assert unknown.value.args == ("melds.colour",)


def test_the_openapi_schema_of_changes():
    schema = hs.changes_schema()
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    props = schema["properties"]
    assert list(props) == ["players", "decks", "jokers_per_deck", "cards_dealt", "rounds", "contract_kind",
                           "last_round", "melds", "wild_cards", "card_points", "scoring", "may_i", "stock_exhausted",
                           "target", "roy"]
    assert props["cards_dealt"] == {"type": "integer", "minimum": 1, "maximum": 20}
    assert props["players"] == {"type": "object", "additionalProperties": False, "properties": {
        "min": {"type": "integer", "minimum": 2, "maximum": 8}, "max": {"type": "integer", "minimum": 2, "maximum": 8}}}
    assert props["melds"]["properties"]["aces"] == {"type": "string", "enum": ["low", "low-or-high",
                                                                             "around-the-corner", "high"]}
    assert props["melds"]["properties"]["all_wild_set"] == {"type": "boolean"}
    assert props["last_round"]["oneOf"][1] == {"type": "null"}
    assert props["last_round"]["oneOf"][0]["properties"]["no_discard"] == {"type": "boolean"}
    assert props["decks"] == {"description": "decks: see docs/house-variants.md"}
    assert schema["description"] == (
        "Changes to the base variant, in the names of the variant document: players, decks, jokers_per_deck, "
        "cards_dealt, rounds, contract_kind, last_round, melds, wild_cards, card_points, scoring, may_i, "
        "stock_exhausted, target, roy (docs/house-variants.md)")


@pytest.mark.parametrize("s", [s for s in SIMPLE if s.kind is SettingKind.NUMBER], ids=lambda s: s.name)
def test_each_number_is_refused_just_outside_its_bounds_by_name(s):
    base = base_of(s.games[0])
    lo, hi = s.bounds
    for wrong in (lo - 1, hi + 1, "7", True):
        change = {s.name: wrong} if s.name == s.group else {s.group: {s.key: wrong}}
        with pytest.raises(RulesInputError) as refused:
            rules_house.apply_changes(base, change, id="h-t", name="T")
        assert refused.value.field == s.name, wrong


@pytest.mark.parametrize("s", [s for s in SIMPLE if s.kind is not SettingKind.NUMBER], ids=lambda s: s.name)
def test_each_yes_no_and_choice_refuses_what_it_is_not(s):
    base = get_variant("continental")
    for wrong in ("maybe", 1, None):
        change = {s.name: wrong} if s.name == s.group else {s.group: {s.key: wrong}}
        with pytest.raises(RulesInputError) as refused:
            rules_house.apply_changes(base, change, id="h-t", name="T")
        assert refused.value.field == s.name


def test_a_choice_is_a_value_a_label_and_words():
    c = Choice("x", "Label", "words")
    assert (c.value, c.label, c.said) == ("x", "Label", "words")


def test_what_a_setting_says_when_its_description_leaves_it_out():
    s = HouseSetting("n", SettingKind.NUMBER, ("n",), "setup", "N", ("n",))
    assert (s.games, s.bounds, s.choices, s.hint, s.pair, s.said, s.said_count, s.said_off, s.absent_when_off,
            s.anchor) == (("contract",), (0, 0), (), "", False, "", None, "", False, "")
    assert s.words(5) == ""
    assert hs.Section("x", "X").hint == ""


class Quoting(gettext.NullTranslations):
    """A catalogue that answers every sentence in quotes, and the empty one with its header (as a
    real catalogue does): what a setting says is looked up, and nothing is looked up for nothing."""

    def gettext(self, message: str) -> str:
        return f"«{message}»" if message else "Project-Id-Version: scorekeeper"


def in_quotes(fn):
    def run():
        words.use(Quoting(), "xx")
        return fn()
    return contextvars.copy_context().run(run)


def test_words_are_looked_up_in_the_readers_catalogue_and_nothing_for_a_group_setting():
    assert in_quotes(lambda: hs.setting("melds.all_wild_set").words(True)) == "«a set of wilds only is allowed»"
    assert in_quotes(lambda: hs.setting("melds.aces").words("low")) == "«aces low»"
    assert in_quotes(lambda: hs.setting("melds.set_min").words(4)) == "«sets of 4 or more»"
    assert in_quotes(lambda: hs.setting("last_round.no_discard").words(True)) == ""
    assert in_quotes(lambda: hs.setting("players.min").words(3)) == ""
    empty_choice = HouseSetting("c", SettingKind.CHOICE, ("c",), "setup", "C", ("c",), choices=(Choice("a", "A", ""),))
    assert in_quotes(lambda: empty_choice.words("a")) == "" and in_quotes(lambda: empty_choice.words("b")) == "b"
