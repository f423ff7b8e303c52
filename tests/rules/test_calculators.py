"""The hand and deck calculators of the dispute tools, every field of every variant's answer."""
from __future__ import annotations

import pytest

from scorekeeper.rules import calculators as c
from scorekeeper.rules.cards import parse_cards
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.variants import Citation, Pack, get_variant

IRREGULARITIES = Citation("rulings", "Irregularities")


def answers(codes, missing_cards=0):
    return {a.variant.id: a for a in c.hand_answers(parse_cards(codes), missing_cards)}


def test_a_hand_under_each_variant_costly_cards_first_with_missing_cards():
    out = answers(["KD", "JK", "3S", "KH", "AS"], 2)
    joy, cont = out["joybells"], out["continental"]
    assert (joy.points, joy.missing_cards, joy.missing_card_points, joy.error, joy.anchor, joy.note) == (
        78, 2, 20, None, "scoring", "")
    assert joy.lines == (c.RankLine("JK", 1, 20), c.RankLine("A", 1, 15), c.RankLine("K", 2, 10), c.RankLine("3", 1, 3))
    assert [line.points for line in joy.lines] == [20, 15, 20, 3]
    assert joy.citations == (get_variant("joybells").cite("points"), IRREGULARITIES)
    assert cont.points == 115 and [line.each for line in cont.lines] == [50, 20, 10, 5]
    for vid in ("le-may-i", "clenney"):
        a = out[vid]
        assert (a.points, a.lines, a.missing_cards, a.missing_card_points, a.anchor) == (None, (), 2, 0, "scoring")
        assert a.error == f"'JK' cannot be used: {get_variant(vid).name} is played without jokers"
        assert a.citations == (get_variant(vid).cite("points"), IRREGULARITIES)
    roy = out["roy"]
    assert (roy.points, roy.lines, roy.missing_cards, roy.missing_card_points, roy.error, roy.anchor) == (
        None, (), 0, 0, "'JK' cannot be used: ROY is played without jokers", "scoring")
    assert roy.citations == (get_variant("roy").cite("scoring"),)


def test_without_missing_cards_only_the_points_rule_is_cited():
    out = answers(["9C"])
    assert out["clenney"].citations == (get_variant("clenney").cite("points"),)
    assert (out["clenney"].points, out["clenney"].missing_cards, out["clenney"].missing_card_points) == (5, 0, 0)


def test_le_may_i_notes_the_round_win_bonus_and_roy_counts_cards():
    out = answers(["9C", "QH"])
    assert out["le-may-i"].note == "The player who went out scores 0 and takes 20 off their total."
    assert out["le-may-i"].points == 19
    roy = out["roy"]
    assert (roy.points, roy.lines, roy.missing_cards, roy.missing_card_points, roy.error, roy.anchor) == (
        2, (), 0, 0, None, "scoring")
    assert roy.citations == (get_variant("roy").cite("scoring"),)
    assert roy.note == "Not a penalty: in ROY the hand's winner scores 1 point per card you hold."


def test_only_the_variants_asked_for():
    assert [a.variant.id for a in c.hand_answers(parse_cards(["9C"]), 0, [get_variant("roy")])] == ["roy"]
    assert [a.variant.id for a in c.deck_answers(4, [get_variant("clenney")])] == ["clenney"]


@pytest.mark.parametrize("players, expected", [
    (3, {"joybells": (Pack(2, 4, 108), 36, 71), "le-may-i": (Pack(2, 0, 104), 30, 74),
         "clenney": (Pack(3, 0, 156), 33, 122), "roy": (Pack(1, 0, 52), 21, 30)}),
    (8, {"continental": (Pack(4, 8, 216), 96, 119), "clenney": (Pack(4, 0, 208), 88, 119)}),
])
def test_decks_dealt_cards_and_stock_le_may_i_turns_no_card_up(players, expected):
    out = {d.variant.id: d for d in c.deck_answers(players)}
    for vid, (pack, dealt, stock) in expected.items():
        d = out[vid]
        assert (d.players, d.pack, d.dealt, d.stock, d.error, d.anchor) == (players, pack, dealt, stock, None, "setup")
    v = get_variant("joybells")
    assert out["joybells"].citations == tuple(dict.fromkeys((v.cite("pack"), v.cite("deal"))))


def test_a_table_size_a_variant_is_not_for_is_an_answer_not_an_error():
    d = {d.variant.id: d for d in c.deck_answers(8)}["roy"]
    assert (d.players, d.pack, d.dealt, d.stock, d.anchor) == (8, None, None, None, "setup")
    assert d.citations == tuple(dict.fromkeys((get_variant("roy").cite("pack"), get_variant("roy").cite("deal"))))
    assert d.error == "8 players is out of range: ROY is for 2 to 3 players"


@pytest.mark.parametrize("players", [2, 8])
def test_check_players_count_takes_every_size_some_variant_is_for(players):
    assert c.check_players_count(players) == players


@pytest.mark.parametrize("players", [1, 9])
def test_check_players_count_refuses_other_sizes(players):
    with pytest.raises(RulesInputError) as err:
        c.check_players_count(players)
    assert err.value.field == "players"
    with pytest.raises(RulesInputError) as err:
        c.check_players_count(players, "n")
    assert (err.value.field, err.value.value) == ("n", players)
    assert err.value.message == f"{players} players is out of range: the variants are for 2 to 8 players"
