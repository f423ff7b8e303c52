"""ROY plays (docs/rulings.md, "ROY"; source 002, rules 3-6)."""
from __future__ import annotations

import pytest

from scorekeeper.rules import get_variant, parse_card, parse_cards
from scorekeeper.rules.cards import CardError
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.roy import check_play
from scorekeeper.rules.variants import VariantError


def play(top, codes="", **kwargs):
    return check_play(parse_card(top), parse_cards(codes.split()), **kwargs)


PLAYS = [
    # (top, cards, kwargs, legal, (next_draws, next_skips, announced_suit))
    pytest.param("2H", "2S 3S 3C 4C", {}, True, (0, False, None), id="source-example-rank-then-chain"),
    pytest.param("2H", "7H 8H", {}, True, (0, False, None), id="source-example-suit-then-next-higher"),
    pytest.param("2H", "7S", {}, False, (0, False, None), id="first-card-matches-neither"),
    pytest.param("2H", "2S 4S", {}, False, (0, False, None), id="chain-skips-a-rank"),
    pytest.param("2H", "2S 3H", {}, False, (0, False, None), id="next-higher-must-be-same-suit"),
    pytest.param("10H", "JH JS QS", {}, True, (0, False, None), id="jacks-among-others-are-ordinary"),
    pytest.param("QH", "KH AH", {}, True, (2, False, None), id="aces-high-k-to-a"),
    pytest.param("KH", "AH 2H", {}, False, (0, False, None), id="no-a-to-2"),
    pytest.param("5H", "JS", {"announce": "D"}, True, (0, False, "D"), id="lone-jack-on-anything-changes-suit"),
    pytest.param("5H", "JH", {"announce": "c"}, True, (0, False, "C"), id="lone-jack-announce-lowercase"),
    pytest.param("5H", "JS", {"announce": "♦"}, True, (0, False, "D"), id="lone-jack-announce-symbol"),
    pytest.param("JS", "4D", {"announced_suit": "D"}, True, (0, False, None), id="announced-suit-followed"),
    pytest.param("JS", "4S", {"announced_suit": "D"}, False, (0, False, None), id="announced-suit-beats-jack-suit"),
    pytest.param("JS", "JC QC", {"announced_suit": "D"}, True, (0, False, None), id="jack-on-suit-changing-jack"),
    pytest.param("JS", "4S", {}, True, (0, False, None), id="ordinary-jack-on-top-matches-its-suit"),
    pytest.param("QS", "KS", {}, True, (7, True, None), id="king-of-spades-last"),
    pytest.param("KH", "KS KD", {}, True, (0, False, None), id="king-of-spades-covered-has-no-effect"),
    pytest.param("9D", "AC", {}, False, (0, False, None), id="ace-must-match-like-any-card"),
    pytest.param("KC", "AC AD", {}, True, (4, False, None), id="two-aces-in-one-turn-stack"),
    pytest.param("AH", "AS", {"pending_draw": 2}, True, (4, False, None), id="ace-answers-ace-2-to-4"),
    pytest.param("AH", "AS AD", {"pending_draw": 4}, True, (8, False, None), id="aces-stack-to-8"),
    pytest.param("AH", "5H", {"pending_draw": 2}, False, (0, False, None), id="pending-must-start-with-ace"),
    pytest.param("AH", "JH", {"pending_draw": 2, "announce": "S"}, False, (0, False, None),
                 id="pending-lone-jack-refused"),
    pytest.param("AH", "", {"pending_draw": 6}, True, (0, False, None), id="pending-play-nothing-draws"),
    pytest.param("AH", "AS", {}, True, (2, False, None), id="starter-ace-has-no-effect"),
    pytest.param("5H", "", {}, True, (0, False, None), id="empty-play-draws-one"),
]


@pytest.mark.parametrize("top, codes, kwargs, legal, effects", PLAYS)
def test_play_table(top, codes, kwargs, legal, effects):
    verdict = play(top, codes, **kwargs)
    assert verdict.legal is legal, verdict.reasons
    e = verdict.effects
    assert (e.next_draws, e.next_skips, e.announced_suit) == effects
    if legal:
        assert verdict.reasons == []
    else:
        assert verdict.reasons and "ROY (newsgroup post, 1995)" in verdict.reasons[0]
    assert verdict.citations


def test_empty_play_draws_one_or_the_pending_cards():
    assert play("5H").player_draws == 1
    assert play("AH", pending_draw=6).player_draws == 6
    assert play("5H", "6H").player_draws == 0


def test_illegal_reason_names_the_card():
    verdict = play("2H", "2S 4S")
    assert "4S" in verdict.reasons[0] and "3S" in verdict.reasons[0]
    assert "A-2" in play("KH", "AH 2H").reasons[0]
    assert "diamond" in play("JS", "4S", announced_suit="D").reasons[0]


def test_announce_ignored_for_other_plays_with_a_note():
    verdict = play("5H", "6H", announce="S")
    assert verdict.legal and verdict.effects.announced_suit is None and verdict.notes


@pytest.mark.parametrize("top, codes, kwargs, field, words", [
    pytest.param("5H", "JS", {}, "announce", ["announce"], id="lone-jack-without-announce"),
    pytest.param("5H", "JS", {"announce": "X"}, "announce", ["'X'"], id="lone-jack-bad-announce"),
    pytest.param("5H", "6H", {"announced_suit": "S"}, "announced_suit", ["'S'", "5H"], id="announced-without-jack"),
    pytest.param("JH", "6H", {"announced_suit": "Z"}, "announced_suit", ["'Z'"], id="announced-not-a-suit"),
    pytest.param("5H", "6H", {"pending_draw": -2}, "pending_draw", ["-2"], id="pending-negative"),
    pytest.param("AH", "AS", {"pending_draw": 3}, "pending_draw", ["3"], id="pending-odd"),
    pytest.param("AH", "AS", {"pending_draw": 10}, "pending_draw", ["10"], id="pending-above-8"),
    pytest.param("5H", "5S", {"pending_draw": 2}, "pending_draw", ["5H"], id="pending-without-ace-on-top"),
    pytest.param("5H", "5H", {}, "cards[0]", ["'5H'"], id="top-card-played-again"),
    pytest.param("5H", "5S 5S", {}, "cards[1]", ["'5S'", "twice"], id="card-twice"),
])
def test_input_errors_name_field_and_value(top, codes, kwargs, field, words):
    with pytest.raises(RulesInputError) as info:
        play(top, codes, **kwargs)
    assert info.value.field == field
    for word in words:
        assert word in str(info.value)


def test_joker_is_an_input_error():
    with pytest.raises(CardError) as info:
        check_play(parse_card("5H"), parse_cards(["JK"]))
    assert info.value.field == "cards[0]"


def test_contract_variant_refused():
    with pytest.raises(VariantError):
        check_play(parse_card("5H"), [], variant=get_variant("joybells"))


def test_as_dict_shape():
    data = play("QS", "KS").as_dict()
    assert data["legal"] is True
    assert data["effects"] == {"next_draws": 7, "next_skips": True, "announced_suit": None}
    assert data["citations"][0]["file"] == "002"
