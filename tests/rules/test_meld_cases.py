"""Melds pinned field by field (scorekeeper.rules.melds): for each edge case, the kind, the verdict,
the reasons (without the citation label, which is checked apart), each wild card's assignment, the
kinds it is legal as, suit, rank, order, notes and the rules cited."""
from __future__ import annotations

import pytest

from scorekeeper.rules.cards import parse_cards
from scorekeeper.rules.melds import CHOICE_ALL_WILD_SET, CHOICE_COPIES, CHOICE_WILD_RUN, check_meld
from scorekeeper.rules.variants import get_variant

JOY = get_variant("joybells")
CONT = get_variant("continental")
LMI = get_variant("le-may-i")
CLEN = get_variant("clenney")
CHOICES = {"COPIES": CHOICE_COPIES, "ALL_WILD": CHOICE_ALL_WILD_SET, "WILD_RUN": CHOICE_WILD_RUN}

MELDS = [
    # variant, cards, kind, legal, reasons, wilds, legal_as, suit, rank, order, notes, rules cited
    (CONT, '8H 8S JK AH', 'set', True, [], [('JK', '8'), ('AH', '8')], ('set',), None, '8', '', [], ('melds', 'wild')),
    (CONT, 'JK AH AD', 'set', True, [], [('JK', 'A')], ('set',), None, 'A', '', [], ('melds', 'wild')),
    (JOY, 'JK 2H 2S JK', 'set', True, [], [('JK', '2'), ('JK', '2')], ('set', 'run'), None, '2', '', [], ('melds', 'wild')),
    (CONT, '5S JK 7S AD', 'run', True, [], [('AD', '6S'), ('JK', '8S')], ('run',), 'S', None, '5S 6S 7S 8S', [], ('melds', 'wild')),
    (CONT, '8H JK AD', 'set', False, ['Wild cards may not outnumber natural cards in a meld in Continental: as a set of 8s this has 2 wild cards and 1 natural card.'], [], (), None, None, '', [], ('wild_limits',)),
    (CLEN, '8H 8S', 'set', False, ['A set needs at least 3 cards of one rank in Clenney May I; this one has 2.'], [], (), None, None, '', [], ('melds',)),
    (CLEN, '8H 9S 8D', None, False, ['Not a set: a set is cards of one rank; these are 8s (8H 8D), 9s (9S).', 'Not a run: a run needs at least 4 cards of one suit in Clenney May I; this one has 3.', 'Not a run: a run is cards of one suit; these are spades (9S) and hearts (8H) and diamonds (8D).'], [], (), None, None, '', [], ('melds',)),
    (CLEN, '8H 8H 8H 8H 8H', 'set', False, ['8H appears 5 times, but a Clenney May I pack holds at most 4 (4 decks).'], [], ('set',), None, '8', '', [], ('COPIES', 'melds')),
    (CONT, 'QH KH AH 2H', 'run', False, ['An ace is low (A-2-3-4) or high (J-Q-K-A) in a Continental run, not both: a run may not go round the corner (K-A-2).'], [], (), None, None, '', [], ('aces',)),
    (JOY, 'QH KH AH JH', 'run', False, ['Aces are low only in Joybells runs (A-2-3-4): an ace cannot follow a king.'], [], (), None, None, '', [], ('aces',)),
    (CLEN, 'QH KH AH 2H', 'run', True, [], [], ('run',), 'H', None, 'QH KH AH 2H', [], ('melds',)),
    (LMI, 'QH KH AH 2H', 'run', False, ['An ace is low (A-2-3-4) or high (J-Q-K-A) in a Le May I run, not both: a run may not go round the corner (K-A-2).'], [], (), None, None, '', [], ('aces',)),
    (CONT, '2S 3S 9S 10S', 'run', False, ['2S 3S 9S 10S are not consecutive: the gaps need 5 more cards and the meld has 0 wild cards to fill them.'], [], (), None, None, '', [], ('melds',)),
    (CONT, '2S 3S 3S 4S', None, False, ['Not a set: a set is cards of one rank; these are 2s (2S), 3s (3S 3S), 4s (4S).', 'Not a run: a run cannot hold the same rank twice: 3S 3S.'], [], (), None, None, '', [], ('melds',)),
    (CONT, '2S 3H 4S 5S', None, False, ['Not a set: a set is cards of one rank; these are 2s (2S), 3s (3H), 4s (4S), 5s (5S).', 'Not a run: a run is cards of one suit; these are spades (2S 4S 5S) and hearts (3H).'], [], (), None, None, '', [], ('melds',)),
    (CONT, '', None, False, ['A meld needs cards: at least 3 for a set or 4 for a run in Continental.'], [], (), None, None, '', [], ('melds',)),
    (CONT, 'JK JK JK JK', 'set', True, [], [('JK', 'wild'), ('JK', 'wild'), ('JK', 'wild'), ('JK', 'wild')], ('set',), None, None, '', ['A set of wild cards only: only wild cards may be added to it later.'], ('melds', 'wild_limits', 'wild')),
    (JOY, 'JK JK JK JK', None, False, ['Not a set: a set made only of wild cards (JK JK JK JK) is not allowed in Joybells: a set needs at least one card of its own rank.', 'Not a run: wild cards alone (JK JK JK JK) are not a run: a run needs at least one card standing for itself, which gives it its suit.'], [], (), None, None, '', [], ('ALL_WILD', 'WILD_RUN')),
    (CONT, '5S 6S', 'run', False, ['A run needs at least 4 cards of one suit in Continental; this one has 2.'], [], (), None, None, '', [], ('melds',)),
    (CONT, '5S 6H 7C', None, False, ['Not a set: a set is cards of one rank; these are 5s (5S), 6s (6H), 7s (7C).', 'Not a run: a run needs at least 4 cards of one suit in Continental; this one has 3.', 'Not a run: a run is cards of one suit; these are spades (5S) and hearts (6H) and clubs (7C).'], [], (), None, None, '', [], ('melds',)),
    (JOY, '2H 2S 2D 2C', 'set', True, [], [], ('set', 'run'), None, '2', '', [], ('melds',)),
    (CONT, 'AH AD JK JK', 'set', True, [], [('JK', 'A'), ('JK', 'A')], ('set',), None, 'A', '', [], ('melds', 'wild')),
    (CONT, '5S JK JK JK 9S', 'run', False, ['Wild cards may not outnumber natural cards in a meld in Continental: as a run this has 3 wild cards and 2 natural cards.'], [], (), None, None, '', [], ('wild_limits',)),
    (CONT, 'JK 8S AD AH', None, False, ['Not a set: wild cards may not outnumber natural cards in a meld in Continental: as a set of 8s this has 3 wild cards and 1 natural card.', 'Not a run: wild cards may not outnumber natural cards in a meld in Continental: as a run this has 3 wild cards and 1 natural card.'], [], (), None, None, '', [], ('wild_limits',)),
    (JOY, '3H 4H 2S 6H', 'run', True, [], [('2S', '5H')], ('run',), 'H', None, '3H 4H 5H 6H', [], ('melds', 'wild')),
    (LMI, 'JH QH KH AH', 'run', True, [], [], ('run',), 'H', None, 'JH QH KH AH', [], ('melds',)),
    (LMI, 'AH 2H 3H 4H', 'run', True, [], [], ('run',), 'H', None, 'AH 2H 3H 4H', [], ('melds',)),
    (CONT, '3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S', 'run', True, [], [], ('run',), 'S', None, 'AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS', [], ('melds',)),
    (CLEN, 'KS AS 2S 3S 4S', 'run', True, [], [], ('run',), 'S', None, 'KS AS 2S 3S 4S', [], ('melds',)),
    (CONT, 'AH JK 3H 4H', 'run', True, [], [('JK', '2H')], ('run',), 'H', None, 'AH 2H 3H 4H', [], ('melds', 'wild')),
    (CONT, '5S 5H AD', 'set', True, [], [('AD', '5')], ('set',), None, '5', '', [], ('melds', 'wild')),
    (JOY, '5S 5H 5D 2C JK JK', 'set', True, [], [('2C', '5'), ('JK', '5'), ('JK', '5')], ('set',), None, '5', '', [], ('melds', 'wild')),
    (CONT, '5S 7S 9S JK', 'run', False, ['5S 7S 9S are not consecutive: the gaps need 2 more cards and the meld has 1 wild card to fill them.'], [], (), None, None, '', [], ('melds',)),
    (LMI, '5S 5H 5D 5C 5S', 'set', True, [], [], ('set',), None, '5', '', [], ('melds',)),
    (CONT, 'KS AS 2S 3S', 'run', False, ['An ace is low (A-2-3-4) or high (J-Q-K-A) in a Continental run, not both: a run may not go round the corner (K-A-2).'], [], (), None, None, '', [], ('aces',)),
    # One natural card and twelve wild cards: thirteen cards, the longest a run may be, so both a set and a
    # run fit by size and the meld is judged as both; one card more and only a set fits.
    (CONT, '8S JK JK JK JK AH AH AH AH AD AD AD AD', None, False, ['Not a set: wild cards may not outnumber natural cards in a meld in Continental: as a set of 8s this has 12 wild cards and 1 natural card.', 'Not a run: wild cards may not outnumber natural cards in a meld in Continental: as a run this has 12 wild cards and 1 natural card.'], [], (), None, None, '', [], ('wild_limits',)),
    (CONT, '8S JK JK JK JK AH AH AH AH AD AD AD AD JK', 'set', False, ['Wild cards may not outnumber natural cards in a meld in Continental: as a set of 8s this has 13 wild cards and 1 natural card.'], [], (), None, None, '', [], ('wild_limits',)),
]


def cited(variant, keys):
    out = []
    for key in keys:
        c = CHOICES.get(key) or variant.cite(key)
        if c not in out:
            out.append(c)
    return out


def strip(text, verdict):
    """A reason without its citation label, after checking the label is one of the verdict's citations."""
    labels = [c.label for c in verdict.citations if text.endswith(f" ({c.label})")]
    assert labels, text  # (a label may hold parentheses itself: "Continental Rummy (encyclopedia article)")
    return text[:-len(f" ({labels[0]})")]


@pytest.mark.parametrize("variant, codes, kind, legal, reasons, wilds, legal_as, suit, rank, order, notes, keys", MELDS,
                         ids=[f"{m[0].id}: {m[1] or 'nothing'}" for m in MELDS])
def test_each_meld_edge_case_in_every_field(variant, codes, kind, legal, reasons, wilds, legal_as, suit, rank, order,
                                            notes, keys):
    v = check_meld(variant, parse_cards(codes.split()))
    assert (v.kind, v.legal, v.legal_as, v.suit, v.rank, " ".join(v.order)) == (kind, legal, legal_as, suit, rank, order)
    assert [strip(r, v) for r in v.reasons] == reasons
    assert [(w.card, w.stands_for) for w in v.wilds] == wilds
    assert [strip(n, v) for n in v.notes] == notes
    assert v.citations == cited(variant, keys)
    assert v.as_dict() == {
        "kind": kind, "legal": legal, "reasons": v.reasons, "cards": codes.split(),
        "wilds": [{"card": c, "stands_for": s} for c, s in wilds], "citations": [c.as_dict() for c in v.citations],
        "notes": v.notes, "legal_as": list(legal_as), "suit": suit, "rank": rank, "order": order.split(),
    }


def test_the_rank_line_of_each_ace_rule():
    # _windows caches its answer, so the rank line is pinned here directly.
    from scorekeeper.rules.melds import _rank_line
    from scorekeeper.rules.variants import AceRule
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert _rank_line(AceRule.LOW) == (ranks, False)
    assert _rank_line(AceRule.HIGH) == (ranks[1:] + ["A"], False)
    assert _rank_line(AceRule.LOW_OR_HIGH) == (ranks + ["A"], False)
    assert _rank_line(AceRule.AROUND_THE_CORNER) == (ranks, True)


def test_an_illegal_verdict_always_gives_a_reason():
    # check_meld only calls a meld illegal when one of the rules explains why; should every rule
    # find the meld fine, the verdict still says what is wrong instead of giving no reason.
    from scorekeeper.rules.melds import _illegal_meld, _Why
    v = _illegal_meld(CONT, tuple(parse_cards("5S 6S 7S 8S".split())), _Why())
    assert (v.kind, v.legal) == ("run", False)
    assert [strip(r, v) for r in v.reasons] == ["5S 6S 7S 8S is neither a set nor a run."]
    assert v.citations == cited(CONT, ("melds",))


def test_a_set_that_could_be_aces_or_twos_is_read_as_aces():
    # Continental with 2s wild too: AH AD 2S 2C is two natural aces and two wild 2s, or the other way
    # round; with as many natural cards either way, the rank first in the pack (A, 2 ... K) is chosen.
    v = check_meld(CONT.with_house_rules({"twos_wild": True}), parse_cards("AH AD 2S 2C".split()))
    assert (v.kind, v.legal, v.rank) == ("set", True, "A")
    assert [(w.card, w.stands_for) for w in v.wilds] == [("2S", "A"), ("2C", "A")]


def test_where_aces_are_high_only_an_ace_cannot_start_a_run():
    from dataclasses import replace
    from scorekeeper.rules.variants import AceRule
    high = replace(CONT, name="High Aces", melds=replace(CONT.melds, aces=AceRule.HIGH))
    v = check_meld(high, parse_cards("AS 2S 3S 4S".split()))
    assert (v.kind, v.legal) == ("run", False)
    assert [strip(r, v) for r in v.reasons] == [
        "Aces are high only in High Aces runs (Q-K-A): an ace cannot come before a 2."]


def _jokers_for_points_only():
    """A house Joybells that keeps its jokers in the pack (20 points in hand) but plays only 2s wild."""
    from scorekeeper.rules.house import apply_changes
    return apply_changes(JOY, {"wild_cards": ["2"]}, id="points-only", name="Jokers for points")


@pytest.mark.parametrize("codes, jokers", [
    pytest.param("JK 5H 5D 5S", "JK", id="three 5s and a joker"),
    pytest.param("5H 6H JK 8H", "JK", id="a joker in the gap of a run of hearts"),
    pytest.param("JK JK JK JK", "JK JK JK JK", id="four jokers"),
    pytest.param("JK 2H 2S 2D", "JK", id="a joker beside three wild 2s"),
])
def test_where_jokers_are_not_wild_a_meld_holding_one_is_refused_naming_the_jokers(codes, jokers):
    house = _jokers_for_points_only()
    v = check_meld(house, parse_cards(codes.split()))
    assert (v.kind, v.legal, v.wilds, v.legal_as) == (None, False, [], ())
    assert [strip(r, v) for r in v.reasons] == [
        f"Jokers are not wild in Jokers for points: a set or a run cannot hold one ({jokers})."]
    assert v.citations == [house.cite("wild")]


def test_where_jokers_are_not_wild_the_2s_still_are_and_a_contract_with_a_joker_is_not_made():
    from scorekeeper.rules.melds import check_contract
    house = _jokers_for_points_only()
    assert check_meld(house, parse_cards("5H 5D 5S 2C".split())).legal
    verdict = check_contract(house, 1, [parse_cards("5H 5D 5S 2C".split()), parse_cards("9H 9D 9S JK".split())])
    assert not verdict.legal
    assert [strip(r, verdict) for r in verdict.reasons] == [
        "The second meld (9H 9D 9S JK) is not legal: Jokers are not wild in Jokers for points: a set or a run "
        "cannot hold one (JK)."]


def test_a_card_given_by_its_rank_alone_is_refused_in_a_meld_naming_its_place():
    # a rank alone is a card only where its points are all that count (rules/cards.py, rank_alone)
    from scorekeeper.rules.cards import Card
    from scorekeeper.rules.errors import RulesInputError
    with pytest.raises(RulesInputError) as err:
        check_meld(JOY, [Card("8", "H"), Card("8", None), Card("8", "S"), Card("8", "D")])
    assert (err.value.field, err.value.value) == ("cards[1]", "8")
    assert err.value.message.startswith("'8' needs a suit here: the suit matters (")


@pytest.mark.parametrize("given, field, message", [
    pytest.param("8H 8S 8D", "cards", "'8H 8S 8D' is not a list of cards", id="the cards typed as one string"),
    pytest.param(["8H", "8S", "8D"], "cards[0]", "'8H' is not a card", id="card codes not read as cards"),
])
def test_a_meld_that_is_not_a_list_of_cards_is_refused_saying_what_was_given(given, field, message):
    from scorekeeper.rules.errors import RulesInputError
    with pytest.raises(RulesInputError) as err:
        check_meld(JOY, given)
    assert (err.value.field, err.value.value, err.value.message) == (field, given if field == "cards" else "8H", message)
