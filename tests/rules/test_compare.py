"""The variants side by side (scorekeeper.rules.compare): the whole table pinned, row by row, as the
comparison page shows it; each value is derived from the variant data (docs/rulings.md tables)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules.compare import Row, comparison
from scorekeeper.rules.variants import get_variant

VARIANTS = ["joybells", "continental", "le-may-i", "clenney", "roy"]

TABLE = [
    ('Table and deal', [
        ('players', 'Players', 'setup', ('3–6', '4–8', '3–5', '3–8', '2–3')),
        ('decks', 'Decks', 'setup', ('2 decks', '2 decks for 4 players; 3 decks for 5–6 players; 4 decks for 7–8 players', '2 decks', '3 decks for 3–6 players; 4 decks for 7–8 players', '1 deck')),
        ('jokers', 'Jokers', 'setup', ('2 per deck', '2 per deck', 'none', 'none', 'none')),
        ('deal', 'Cards dealt', 'setup', ('12 each, one at a time', '12 each, one at a time', '10 each, 2 at a time', '11 each, one at a time', '7 each, one at a time')),
        ('rounds', 'Rounds', 'contracts', ('7', '7', '5', '7', 'until someone reaches 100')),
    ]),
    ('Melds', [
        ('wild', 'Wild cards', 'melds', ('jokers and every 2', 'jokers and red aces', 'none', 'none', None)),
        ('set-min', 'Smallest set', 'melds', ('4', '3', '3', '3', None)),
        ('run-min', 'Smallest run', 'melds', ('4', '4', '4', '4', None)),
        ('run-max', 'Longest run', 'melds', ('13', '13', '13', '13', None)),
        ('aces', 'Aces in runs', 'melds', ('low only (A-2-3-4)', 'low or high, not both (no K-A-2)', 'low or high, not both (no K-A-2)', 'low, high or both (Q-K-A-2)', 'high (Q-K-A, never A-2) (play chains)')),
        ('wild-limit', 'Wilds may outnumber naturals', 'melds', ('yes', 'no', 'no wilds', 'no wilds', None)),
        ('all-wild-set', 'A set of wilds only', 'melds', ('not allowed', 'allowed', 'no wilds', 'no wilds', None)),
        ('same-suit-runs', 'Two runs of one suit in a contract', 'melds', ('allowed', 'allowed', 'allowed', 'not allowed', None)),
    ]),
    ('Contracts (fewest cards)', [
        ('contract-kind', 'The contract is', 'contracts', ('exact', 'exact', 'a minimum (more or longer melds allowed)', 'exact', None)),
        ('round-1', 'Round 1', 'contracts', ('2 sets (8)', '2 sets (6)', '2 sets (6)', '2 sets (6)', None)),
        ('round-2', 'Round 2', 'contracts', ('2 runs (8)', '1 set + 1 run (7)', '1 set + 1 run (7)', '1 set + 1 run (7)', None)),
        ('round-3', 'Round 3', 'contracts', ('1 set + 1 run (8)', '2 runs (8)', '2 runs (8)', '2 runs (8)', None)),
        ('round-4', 'Round 4', 'contracts', ('2 sets + 1 run (12)', '3 sets (9)', '3 sets (9)', '3 sets (9)', None)),
        ('round-5', 'Round 5', 'contracts', ('1 set + 2 runs (12)', '2 sets + 1 run (10)', '2 sets + 1 run (10)', '2 sets + 1 run (10)', None)),
        ('round-6', 'Round 6', 'contracts', ('3 sets (12)', '1 set + 2 runs (11)', '–', '1 set + 2 runs (11)', None)),
        ('round-7', 'Round 7', 'contracts', ('3 runs (12)', '3 runs (12)', '–', '3 runs (12)', None)),
        ('last-round', 'Last round', 'last-round', ('round 7, every card in the contract, no final discard', 'played like the others', 'round 5, go out with every card, no final discard', 'round 7, go out with every card, no final discard', None)),
    ]),
    ('May I', [
        ('may-i', 'May I', 'may-i', ('yes', 'yes', 'yes', 'yes', 'no')),
        ('may-i-penalty', 'Penalty cards per discard taken', 'may-i', ('1', '1', '1', '1', None)),
        ('may-i-several', 'Several discards at once', 'may-i', ('no', 'no', 'yes', 'no', None)),
        ('may-i-dead', 'Rest of the pile dead afterwards', 'may-i', ('no', 'yes', 'no', 'yes', None)),
        ('may-i-wait', 'Taker waits a turn to lay down', 'may-i', ('no', 'yes', 'no', 'yes', None)),
        ('house-options', 'House options', 'may-i', ('No May I in the last three rounds', 'No May I in the last three rounds, 2s are wild too', 'No May I in the last three rounds', 'No May I in the last three rounds', 'none')),
    ]),
    ('Scoring', [
        ('points', 'Card points', 'scoring', ('2: 20; 3–10: face value; J–K: 10; A: 15; Joker: 20', '2–9: 5; 10–K: 10; A: 20; Joker: 50', '2–10: face value; J–K: 10; A: 15', '2–9: 5; 10–K: 10; A: 15', None)),
        ('round-score', 'Each round', 'scoring', ('cards left in hand count against you; the player out scores 0', 'cards left in hand count against you; the player out scores 0', 'cards left in hand count against you; the player out scores 0', 'cards left in hand count against you; the player out scores 0', "the winner scores 1 point per card left in each opponent's hand")),
        ('bonus', 'Off your total per round won', 'scoring', ('–', '–', '20', '–', None)),
        ('missing-card', 'Per missing card (incorrect hand)', 'irregularities', ('10', '10', '10', '10', None)),
        ('winner', 'Winner', 'scoring', ('lowest total', 'lowest total', 'lowest total after bonuses', 'lowest total', 'first to 100')),
        ('stock', 'Stock runs out', 'stock', ('discards turned over once, unshuffled; next time the round ends', 'discards turned over once, unshuffled; next time the round ends', 'discards shuffled into a new stock, as often as needed', 'discards turned over once, unshuffled; next time the round ends', 'discards shuffled into a new stock, as often as needed')),
    ]),
]


def test_the_whole_comparison_row_by_row():
    c = comparison()
    assert [v.id for v in c.variants] == VARIANTS
    got = [(g.title, [(r.key, r.label, r.anchor, r.values) for r in g.rows]) for g in c.groups]
    assert got == TABLE


@pytest.mark.parametrize("key, differs", [
    ("players", True), ("run-min", False), ("run-max", False), ("may-i-penalty", False), ("missing-card", False),
    ("winner", True), ("may-i", True),
])
def test_a_row_differs_when_its_values_are_not_all_the_same(key, differs):
    assert comparison().row(key).differs is differs


def test_values_that_do_not_apply_are_not_a_difference():
    assert Row("k", "K", ("4", None, "4"), "melds").differs is False
    assert Row("k", "K", (None, None), "melds").differs is False
    assert Row("k", "K", ("4", None, "3"), "melds").differs is True


def test_rows_lists_every_row_of_every_group_in_order():
    c = comparison()
    assert [r.key for r in c.rows] == [row[0] for _, rows in TABLE for row in rows]
    with pytest.raises(StopIteration):
        c.row("nothing")


def test_only_the_variants_asked_for_and_only_their_rounds():
    c = comparison([get_variant("roy")])
    assert [r.key for r in c.rows if r.key.startswith("round-") and r.key[6:].isdigit()] == []
    assert c.row("rounds").values == ("until someone reaches 100",)
    c = comparison([get_variant("le-may-i")])
    assert [r.key for r in c.rows if r.key.startswith("round-") and r.key[6:].isdigit()] == ["round-1", "round-2", "round-3", "round-4", "round-5"]
    assert comparison([]).groups[2].rows[0].values == ()
    assert [r.key for r in comparison([]).rows if r.key.startswith("round-") and r.key[6:].isdigit()] == []


def test_a_variant_without_a_bonus_or_a_target_says_so():
    roy = get_variant("roy")
    no_target = replace(roy, scoring=replace(roy.scoring, target=None))
    assert comparison([no_target]).row("winner").values == ("lowest total",)
