"""ROY plays pinned field by field (scorekeeper.rules.roy): verdict, effects on the next player, what
the player draws, the reasons with the rule cited, and each refusal's field and value."""
from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules.cards import joker, parse_card, parse_cards
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.roy import RoyEffects, check_play, parse_suit
from scorekeeper.rules.variants import AceRule, VariantError, get_variant

ROY = get_variant("roy")
PLAY = ROY.cite("play")
SPECIAL = ROY.cite("special_cards")


def play(top, codes, **kw):
    return check_play(parse_card(top), parse_cards(codes), **kw)


def test_a_legal_chain_in_every_field():
    v = play("5H", ["5S", "6S", "6D"])
    assert v.as_dict() == {"legal": True, "reasons": [], "effects": {"next_draws": 0, "next_skips": False,
                                                                     "announced_suit": None},
                           "citations": [PLAY.as_dict()], "player_draws": 0, "notes": []}


@pytest.mark.parametrize("top, codes", [
    ("QS", ["KS", "AS"]), ("10D", ["JD", "QD", "KD", "AD"]), ("9C", ["9H", "9S", "10S"]), ("2H", ["3H"]),
    ("7D", ["7C"]),
])
def test_chains_up_to_the_ace(top, codes):
    assert play(top, codes).legal


def test_playing_nothing_draws_one_or_the_pending_cards():
    v = play("5H", [])
    assert (v.legal, v.player_draws, v.effects, v.citations) == (True, 1, RoyEffects(), [PLAY])
    assert v.notes == ["Nothing played: the player draws 1 card and the turn passes."]
    v = play("AH", [], pending_draw=4)
    assert (v.legal, v.player_draws, v.citations) == (True, 4, [SPECIAL])
    assert v.notes == ["Nothing played: the player draws 4 cards and the turn passes."]


def test_a_lone_jack_changes_the_suit_to_the_one_announced():
    v = play("5H", ["JC"], announce="d")
    assert (v.legal, v.effects, v.player_draws, v.reasons) == (True, RoyEffects(announced_suit="D"), 0, [])
    assert v.notes == [f"JC played alone is wild: the suit is now diamonds. ({SPECIAL.label})"]
    assert v.citations == [SPECIAL]


def test_a_jack_among_other_cards_is_ordinary_and_announce_is_ignored():
    v = play("5H", ["6H", "6C"], announce="S")
    assert v.legal and v.effects == RoyEffects()
    assert v.notes == ["announce is ignored: only a jack played as the first and only card changes the suit."]
    assert not play("5H", ["JH", "JS", "2S"]).legal


def test_aces_on_top_make_the_next_player_draw_two_each_and_stack():
    v = play("AH", ["AS", "AC"], pending_draw=2)
    assert v.effects == RoyEffects(next_draws=6)
    assert v.notes == [f"Ace on top: the next player must play an ace or draw 6. ({SPECIAL.label})"]
    assert v.citations == [PLAY, SPECIAL]
    assert play("5H", ["5S", "AS"]).legal is False
    assert play("4S", ["AS"]).effects == RoyEffects(next_draws=2)
    assert play("KS", ["AS", "AD"]).effects == RoyEffects(next_draws=4)
    assert play("QD", ["AD"]).effects == RoyEffects(next_draws=2)


def test_only_the_aces_at_the_end_of_the_turn_count():
    assert play("AH", ["AS", "AC"]).effects == RoyEffects(next_draws=4)
    assert play("KC", ["KD", "AD"]).effects == RoyEffects(next_draws=2)
    assert play("KC", ["AC", "AD"]).effects == RoyEffects(next_draws=4)
    assert play("QH", ["QS", "KS", "KH"]).effects == RoyEffects()


def test_the_pending_draw_counts_only_when_answered_with_an_ace():
    assert play("AH", ["AS"], pending_draw=2).effects == RoyEffects(next_draws=4)
    assert play("AH", ["AS"], pending_draw=0).effects == RoyEffects(next_draws=2)


def test_the_king_of_spades_last_skips_the_next_player_who_draws_7():
    v = play("QS", ["KS"])
    assert v.effects == RoyEffects(next_draws=7, next_skips=True)
    assert v.notes == [f"KS on top: the next player draws 7 and loses the turn. ({SPECIAL.label})"]
    assert play("KH", ["KS", "KD"]).effects == RoyEffects()


@pytest.mark.parametrize("top, codes, kw, reason, rule", [
    ("5H", ["7S"], {}, "The first card must match the top card 5H in suit or rank; 7S does neither.", PLAY),
    ("JH", ["5H"], {"announced_suit": "S"},
     "The suit was changed to spades: the first card must be a spade or a J; 5H is neither.", SPECIAL),
    ("5H", ["5S", "7S"], {}, "After 5S you may play only a 5 or the 6S; card 2, 7S, is neither.", PLAY),
    ("5H", ["5S", "AS"], {}, "After 5S you may play only a 5 or the 6S; card 2, AS, is neither.", PLAY),
    ("5H", ["5S", "6H"], {}, "After 5S you may play only a 5 or the 6S; card 2, 6H, is neither.", PLAY),
    ("5H", ["AH", "2H"], {},
     "After AH you may play only another A (nothing is above an ace: A-2 is not a chain); card 2, 2H, is neither.", PLAY),
    ("AH", ["5H"], {"pending_draw": 2}, "After an ace you must start with an ace or draw 2; 5H is not an ace.", SPECIAL),
])
def test_an_illegal_play_says_why_citing_the_rule(top, codes, kw, reason, rule):
    v = play(top, codes, **kw)
    assert (v.legal, v.effects, v.player_draws, v.notes) == (False, RoyEffects(), 0, [])
    assert v.reasons == [f"{reason} ({rule.label})"] and v.citations == [rule]


def test_after_a_suit_change_a_jack_or_the_suit_is_legal():
    assert play("JH", ["5S"], announced_suit="S").legal
    assert play("JH", ["JD", "QD"], announced_suit="S").legal


@pytest.mark.parametrize("value, suit", [("s", "S"), (" H ", "H"), ("♦", "D"), ("♧", "C"), ("♤", "S"), ("♡", "H"),
                                         ("♢", "D"), ("♣", "C")])
def test_suits_by_letter_or_symbol(value, suit):
    assert parse_suit(value, "announce") == suit


@pytest.mark.parametrize("value, allow_none", [("X", True), (None, False), (3, True), ("", True)])
def test_what_is_not_a_suit(value, allow_none):
    with pytest.raises(RulesInputError) as err:
        parse_suit(value, "announce", allow_none)
    assert (err.value.field, err.value.value) == ("announce", value)
    assert err.value.message == f"{value!r} is not a suit (S, H, D or C)"
    assert parse_suit(None, "announce") is None


@pytest.mark.parametrize("top, cards, kw, field, value, message", [
    ("5H", ["5H"], {}, "cards[0]", "5H", "'5H' is the top card: ROY is played with one deck, so it cannot be played here"),
    ("5H", ["6H", "6H"], {}, "cards[1]", "6H", "'6H' appears twice: ROY is played with one deck, so it cannot be played here"),
    ("5H", ["6H"], {"announced_suit": "S"}, "announced_suit", "S",
     "'S' was announced, but the top card 5H is not a J (only a jack played alone changes the suit)"),
    ("JH", ["6H"], {"announced_suit": "X"}, "announced_suit", "X", "'X' is not a suit (S, H, D or C)"),
    ("AH", [], {"pending_draw": True}, "pending_draw", True, "True is not a number of cards to draw (0 or more)"),
    ("AH", [], {"pending_draw": -2}, "pending_draw", -2, "-2 is not a number of cards to draw (0 or more)"),
    ("AH", [], {"pending_draw": 3}, "pending_draw", 3,
     "3 cannot be pending: aces make the next player draw 2 each, so it is one of 0, 2, 4, 6, 8"),
    ("AH", [], {"pending_draw": 10}, "pending_draw", 10,
     "10 cannot be pending: aces make the next player draw 2 each, so it is one of 0, 2, 4, 6, 8"),
    ("5H", [], {"pending_draw": 2}, "pending_draw", 2, "2 cards are pending, but the top card 5H is not an ace"),
    ("5H", ["JH"], {}, "announce", None, "a JH played alone changes the suit: say which suit with announce (S, H, D or C)"),
    ("5H", ["JH"], {"announce": "Z"}, "announce", "Z", "'Z' is not a suit (S, H, D or C)"),
    ("5H", ["6H", "6C"], {"announce": "Z"}, "announce", "Z", "'Z' is not a suit (S, H, D or C)"),
])
def test_bad_input_names_the_field_and_value(top, cards, kw, field, value, message):
    with pytest.raises(RulesInputError) as err:
        play(top, cards, **kw)
    assert (err.value.field, err.value.value, err.value.message) == (field, value, message)


def test_eight_pending_is_the_most_four_aces_give():
    assert play("AH", [], pending_draw=8).player_draws == 8


def test_cards_that_are_not_cards():
    with pytest.raises(RulesInputError) as err:
        check_play("5H", [])
    assert (err.value.field, err.value.value, err.value.message) == ("top", "5H", "'5H' is not a card")
    with pytest.raises(RulesInputError) as err:
        check_play(joker(), [])
    assert err.value.field == "top"
    with pytest.raises(RulesInputError) as err:
        check_play(parse_card("5H"), "6H")
    assert (err.value.field, err.value.value, err.value.message) == ("cards", "6H", "'6H' is not a list of cards")
    with pytest.raises(RulesInputError) as err:
        check_play(parse_card("5H"), [parse_card("6H"), "7H"])
    assert (err.value.field, err.value.value, err.value.message) == ("cards[1]", "7H", "'7H' is not a card")
    with pytest.raises(RulesInputError) as err:
        check_play(parse_card("5H"), [parse_card("6H"), joker()])
    assert err.value.field == "cards[1]"


def test_a_game_without_roy_rules():
    with pytest.raises(VariantError) as err:
        check_play(parse_card("5H"), [], variant=get_variant("joybells"))
    assert (err.value.field, err.value.value, err.value.message) == (
        "variant", "joybells", "Joybells is not a ROY-style shedding game")


def test_the_rules_come_from_the_variant():
    # A house ROY where the 10 changes the suit and queens make the next player draw 3 each.
    v = replace(ROY, roy=replace(ROY.roy, suit_changer="10", draw_card="Q", draw_per_card=3, skip_card="2C", skip_draw=5))
    assert check_play(parse_card("5H"), parse_cards(["10S"]), announce="C", variant=v).effects.announced_suit == "C"
    assert check_play(parse_card("5H"), parse_cards(["QH"]), variant=v).effects == RoyEffects(next_draws=3)
    assert check_play(parse_card("QH"), [], pending_draw=6, variant=v).player_draws == 6
    assert check_play(parse_card("2H"), parse_cards(["2C"]), variant=v).effects == RoyEffects(5, True)
    with pytest.raises(RulesInputError):
        check_play(parse_card("QH"), [], pending_draw=2, variant=v)


def test_chains_follow_the_variants_ace_rule():
    # A house ROY with aces low: A-2 chains, K-A does not.
    low = replace(ROY, roy=replace(ROY.roy, aces=AceRule.LOW))
    assert check_play(parse_card("AH"), parse_cards(["AS", "2S"]), variant=low).legal
    v = check_play(parse_card("QH"), parse_cards(["KH", "AH"]), variant=low)
    assert not v.legal and v.reasons[0].startswith("After KH you may play only another K (nothing is above")
    assert not play("AH", ["AS", "2S"]).legal and play("QH", ["KH", "AH"]).legal


def test_an_illegal_play_keeps_the_note_that_announce_was_ignored():
    v = play("5H", ["7C", "7S"], announce="S")
    assert not v.legal and v.notes == ["announce is ignored: only a jack played as the first and only card changes the suit."]


# ----- a house version of ROY: its own draws cite the house ------------------------------------------

def r_rules():
    """ROY as a house plays it: an ace makes the next player draw 1, the king of spades 5."""
    from scorekeeper.rules.house import apply_changes

    return apply_changes(ROY, {"roy": {"draw_per_card": 1, "skip_draw": 5}}, id="r", name="R rules")


def test_a_house_ace_on_top_cites_the_house_draw():
    house = r_rules()
    v = play("AH", ["AS"], variant=house)
    assert v.effects == RoyEffects(next_draws=1)
    assert v.notes == ["Ace on top: the next player must play an ace or draw 1. (house rule, R rules)"]
    assert v.citations == [PLAY, house.cite("ace_draw")] and house.cite("ace_draw").file == "house"


def test_a_house_king_of_spades_on_top_cites_the_house_draw():
    house = r_rules()
    v = play("KH", ["KS"], variant=house)
    assert v.effects == RoyEffects(next_draws=5, next_skips=True)
    assert v.notes == ["KS on top: the next player draws 5 and loses the turn. (house rule, R rules)"]
    assert v.citations == [PLAY, house.cite("king_draw")] and house.cite("king_draw").file == "house"


def test_one_card_pending_after_a_house_ace_is_said_in_the_singular():
    v = play("AH", ["5H"], pending_draw=1, variant=r_rules())
    assert v.reasons == [f"After an ace you must start with an ace or draw 1; 5H is not an ace. ({SPECIAL.label})"]


def test_a_chain_up_the_suit_then_a_card_that_is_neither_is_refused_at_that_card():
    v = play("5H", ["5S", "6S", "9C"])
    assert not v.legal
    assert v.reasons == [f"After 6S you may play only a 6 or the 7S; card 3, 9C, is neither. ({PLAY.label})"]


def test_a_house_king_of_spades_making_the_next_player_draw_one_is_said_in_the_singular():
    from scorekeeper.rules.house import apply_changes

    house = apply_changes(ROY, {"roy": {"skip_draw": 1}}, id="r", name="R rules")
    assert play("KH", ["KS"], variant=house).notes == ["KS on top: the next player draws 1 and loses the turn. (house rule, R rules)"]
