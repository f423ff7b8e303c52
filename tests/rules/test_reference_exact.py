"""The rules pages as data (scorekeeper.rules.reference), pinned by structure and by the numbers
derived from each variant: sections, titles, tools, block kinds, tables. The prose and the citation
wording are not pinned here (they are the app's words and change with them); that no source is
copied is tests/rules/test_reference.py's job. Search, snippets and highlighting are pinned exactly."""
from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules import reference as ref
from scorekeeper.rules import search as search_mod
from scorekeeper.rules.variants import SOURCE_TITLES, Citation, DeckStep, WildSpec, all_variants, get_variant

CONT = get_variant("continental")
ROY = get_variant("roy")

PAGES = {
    'joybells': [
        ('setup', 'Set-up and deal', 'decks', 'p table p p', '', 3, [('The pack for each number of players (stock: what is left after the deal and the first discard)', ('Players', 'Decks', 'Jokers', 'Cards', 'Dealt', 'Stock'), (('3', '2', '4', '108', '36', '71'), ('4', '2', '4', '108', '48', '59'), ('5', '2', '4', '108', '60', '47'), ('6', '2', '4', '108', '72', '35')), (True, True, True, True, True, True))]),
        ('turn', 'The turn', None, 'p list p', '', 2, []),
        ('may-i', 'May I', 'may-i', 'p list p p', '', 2, []),
        ('contracts', 'Contracts', 'meld', 'p table p p p p', '', 2, [('Contracts by round', ('Round', 'Contract', 'Fewest cards'), (('1', '2 sets', '8'), ('2', '2 runs', '8'), ('3', '1 set + 1 run', '8'), ('4', '2 sets + 1 run', '12'), ('5', '1 set + 2 runs', '12'), ('6', '3 sets', '12'), ('7', '3 runs', '12')), (True, False, True))]),
        ('melds', 'Melds and wilds', 'meld', 'list', '', 3, []),
        ('laying-off', 'Laying off', None, 'list', '', 2, []),
        ('going-out', 'Going out', None, 'list', '', 2, []),
        ('last-round', 'Last round', None, 'p p', '', 1, []),
        ('stock', 'When the stock runs out', 'irregularities', 'p p house', '', 2, []),
        ('scoring', 'Scoring', 'hand', 'table list', '', 3, [('What each card costs', ('Cards', 'Points'), (('2', '20'), ('3–10', 'face value'), ('J–K', '10'), ('A', '15'), ('Joker', '20')), (False, True))]),
        ('irregularities', 'Irregularities', 'irregularities', 'house p', 'out-of-turn illegal-draw premature-discard incorrect-hand re-deal laid-down-illegally scoring-errors player-leaving missing-score', 10, []),
    ],
    'continental': [
        ('setup', 'Set-up and deal', 'decks', 'p table p p p', '', 3, [('The pack for each number of players (stock: what is left after the deal and the first discard)', ('Players', 'Decks', 'Jokers', 'Cards', 'Dealt', 'Stock'), (('4', '2', '4', '108', '48', '59'), ('5', '3', '6', '162', '60', '101'), ('6', '3', '6', '162', '72', '89'), ('7', '4', '8', '216', '84', '131'), ('8', '4', '8', '216', '96', '119')), (True, True, True, True, True, True))]),
        ('turn', 'The turn', None, 'p list p', '', 2, []),
        ('may-i', 'May I', 'may-i', 'p list p p', '', 2, []),
        ('contracts', 'Contracts', 'meld', 'p table p p p p', '', 2, [('Contracts by round', ('Round', 'Contract', 'Fewest cards'), (('1', '2 sets', '6'), ('2', '1 set + 1 run', '7'), ('3', '2 runs', '8'), ('4', '3 sets', '9'), ('5', '2 sets + 1 run', '10'), ('6', '1 set + 2 runs', '11'), ('7', '3 runs', '12')), (True, False, True))]),
        ('melds', 'Melds and wilds', 'meld', 'list p p', '', 4, []),
        ('laying-off', 'Laying off', None, 'list', '', 2, []),
        ('going-out', 'Going out', None, 'list', '', 2, []),
        ('last-round', 'Last round', None, 'p p', '', 1, []),
        ('stock', 'When the stock runs out', 'irregularities', 'p p', '', 1, []),
        ('scoring', 'Scoring', 'hand', 'table list', '', 3, [('What each card costs', ('Cards', 'Points'), (('2–9', '5'), ('10–K', '10'), ('A', '20'), ('Joker', '50')), (False, True))]),
        ('irregularities', 'Irregularities', 'irregularities', 'p p', 'out-of-turn illegal-draw premature-discard incorrect-hand re-deal laid-down-illegally scoring-errors player-leaving missing-score', 10, []),
    ],
    'le-may-i': [
        ('setup', 'Set-up and deal', 'decks', 'p table p p', '', 1, [('The pack for each number of players (stock: what is left after the deal)', ('Players', 'Decks', 'Jokers', 'Cards', 'Dealt', 'Stock'), (('3', '2', '0', '104', '30', '74'), ('4', '2', '0', '104', '40', '64'), ('5', '2', '0', '104', '50', '54')), (True, True, True, True, True, True))]),
        ('turn', 'The turn', None, 'p list p', '', 2, []),
        ('may-i', 'May I', 'may-i', 'p list p p', '', 2, []),
        ('contracts', 'Contracts', 'meld', 'p table p p p', '', 2, [('Contracts by round', ('Round', 'Contract', 'Fewest cards'), (('1', '2 sets', '6'), ('2', '1 set + 1 run', '7'), ('3', '2 runs', '8'), ('4', '3 sets', '9'), ('5', '2 sets + 1 run', '10')), (True, False, True))]),
        ('melds', 'Melds and wilds', 'meld', 'list', '', 2, []),
        ('laying-off', 'Laying off', None, 'list', '', 2, []),
        ('going-out', 'Going out', None, 'list', '', 2, []),
        ('last-round', 'Last round', None, 'p p', '', 1, []),
        ('stock', 'When the stock runs out', 'irregularities', 'p', '', 1, []),
        ('scoring', 'Scoring', 'hand', 'table list', '', 3, [('What each card costs', ('Cards', 'Points'), (('2–10', 'face value'), ('J–K', '10'), ('A', '15')), (False, True))]),
        ('irregularities', 'Irregularities', 'irregularities', 'house p', 'out-of-turn illegal-draw premature-discard incorrect-hand re-deal laid-down-illegally scoring-errors player-leaving missing-score', 10, []),
    ],
    'clenney': [
        ('setup', 'Set-up and deal', 'decks', 'p table p p p', '', 3, [('The pack for each number of players (stock: what is left after the deal and the first discard)', ('Players', 'Decks', 'Jokers', 'Cards', 'Dealt', 'Stock'), (('3', '3', '0', '156', '33', '122'), ('4', '3', '0', '156', '44', '111'), ('5', '3', '0', '156', '55', '100'), ('6', '3', '0', '156', '66', '89'), ('7', '4', '0', '208', '77', '130'), ('8', '4', '0', '208', '88', '119')), (True, True, True, True, True, True))]),
        ('turn', 'The turn', None, 'p list p', '', 2, []),
        ('may-i', 'May I', 'may-i', 'p list p p', '', 2, []),
        ('contracts', 'Contracts', 'meld', 'p table p p p p', '', 2, [('Contracts by round', ('Round', 'Contract', 'Fewest cards'), (('1', '2 sets', '6'), ('2', '1 set + 1 run', '7'), ('3', '2 runs', '8'), ('4', '3 sets', '9'), ('5', '2 sets + 1 run', '10'), ('6', '1 set + 2 runs', '11'), ('7', '3 runs', '12')), (True, False, True))]),
        ('melds', 'Melds and wilds', 'meld', 'list', '', 3, []),
        ('laying-off', 'Laying off', None, 'list', '', 2, []),
        ('going-out', 'Going out', None, 'list', '', 2, []),
        ('last-round', 'Last round', None, 'p p', '', 1, []),
        ('stock', 'When the stock runs out', 'irregularities', 'p p', '', 1, []),
        ('scoring', 'Scoring', 'hand', 'table list', '', 3, [('What each card costs', ('Cards', 'Points'), (('2–9', '5'), ('10–K', '10'), ('A', '15')), (False, True))]),
        ('irregularities', 'Irregularities', 'irregularities', 'p house p', 'out-of-turn illegal-draw premature-discard incorrect-hand re-deal laid-down-illegally scoring-errors player-leaving missing-score', 10, []),
    ],
    'roy': [
        ('setup', 'Set-up and deal', 'decks', 'p p p', '', 2, []),
        ('turn', 'The turn', 'roy', 'list', '', 1, []),
        ('chains', 'Playing several cards', 'roy', 'p p p', '', 1, []),
        ('jacks', 'Jacks', 'roy', 'p p', '', 1, []),
        ('aces', 'Aces', 'roy', 'p p', '', 1, []),
        ('king-of-spades', 'King of spades', 'roy', 'p', '', 1, []),
        ('starter-card', 'The first card turned up', None, 'p', '', 1, []),
        ('stock', 'When the stock runs out', 'irregularities', 'p house', '', 1, []),
        ('scoring', 'Scoring', None, 'list', '', 1, []),
        ('irregularities', 'Irregularities', 'irregularities', 'house p', 're-deal scoring-errors player-leaving', 3, []),
    ],
}


@pytest.mark.parametrize("variant_id", sorted(PAGES))
def test_each_rules_page_by_structure_and_tables(variant_id):
    v = get_variant(variant_id)
    page = ref.rules_page(v)
    got = [(s.anchor, s.title, s.tool, " ".join(b.kind for b in s.blocks), " ".join(x.anchor for x in s.subsections),
            len(s.citations), [(b.caption, b.head, b.rows, b.numeric) for b in s.blocks if b.kind == "table"])
           for s in page.sections]
    assert got == PAGES[variant_id]
    assert page.variant is v and page.intro.startswith(v.summary + " ")
    assert page.anchors[:len(ref.anchors_for(v))] == list(ref.anchors_for(v))


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.id)
def test_every_block_has_words_and_every_section_its_citations(variant):
    page = ref.rules_page(variant)
    for section in page.sections:
        for sec in (section, *section.subsections):
            assert sec.citations and all(isinstance(c, Citation) for c in sec.citations), sec.anchor
            assert len(set(sec.citations)) == len(sec.citations), sec.anchor
            for block in sec.blocks:
                words = ref.block_text(block)
                assert words and all(isinstance(w, str) and w.strip() for w in words), (sec.anchor, block)
                if block.kind == "house":
                    assert isinstance(block.citation, Citation)
            assert sec.text().startswith(sec.title + "\n")
            assert page.section(sec.anchor) is sec


def test_section_text_holds_its_blocks_and_subsections():
    page = ref.rules_page(CONT)
    top = page.section("irregularities")
    assert all(sub.text() in top.text() for sub in top.subsections)
    with pytest.raises(KeyError):
        page.section("nowhere")


def test_block_text_of_each_kind():
    assert ref.block_text(ref.Para("a")) == ["a"]
    assert ref.block_text(ref.HouseNote("h", Citation("house", ""))) == ["h"]
    assert ref.block_text(ref.Items(("x", "y"))) == ["x", "y"]
    assert ref.block_text(ref.Cases((("c", "do"),))) == ["c: do"]
    assert ref.block_text(ref.Table("cap", ("A", "B"), (("1", "2"),))) == ["cap", "A B", "1 2"]
    assert ref.block_text(object()) == []


# ----- formatters derived from the data ---------------------------------------------------------------

def test_decks_text_for_each_table_size_and_never_past_the_largest_table():
    assert ref.decks_text(CONT) == "2 decks for 4 players; 3 decks for 5–6 players; 4 decks for 7–8 players"
    steps = (DeckStep(2, 1), DeckStep(4, 2), DeckStep(5, 3), DeckStep(9, 4))
    assert ref.decks_text(replace(CONT, deck_steps=steps)) == "2 decks for 4 players; 3 decks for 5 players; 4 decks for 6–8 players"
    assert ref.decks_text(replace(CONT, deck_steps=(DeckStep(3, 1), DeckStep(8, 2)))) == "2 decks"
    assert ref.decks_text(replace(CONT, deck_steps=(DeckStep(8, 1),))) == "1 deck"
    assert ref.decks_text(replace(CONT, deck_steps=(DeckStep(5, 2), DeckStep(8, 2), DeckStep(9, 3)))) == (
        "2 decks for 4–5 players; 2 decks for 6–8 players")


@pytest.mark.parametrize("tokens, text", [
    ((), "none"), (("JK",), "jokers"), (("AH",), "the A♥"), (("AD", "AH"), "red aces"),
    (("JK", "2"), "jokers and every 2"), (("JK", "2", "AH", "AD"), "jokers, every 2 and red aces"),
    (("QS",), "Q♠"), (("JK", "QS", "5"), "jokers, Q♠ and every 5"),  # a card as pages show it (rules/card_letters.py)
])
def test_wild_text(tokens, text):
    assert ref.wild_text(replace(CONT, melds=replace(CONT.melds, wild=WildSpec(tokens)))) == text
    assert ref.wild_text(ROY) == "none"


def test_points_groups_write_a_lone_face_value_card_as_its_number():
    clen = get_variant("clenney")
    assert ref.points_groups(clen) == [("2–9", 5), ("10–K", 10), ("A", 15)]
    assert ref.points_groups(get_variant("le-may-i")) == [("2–10", -1), ("J–K", 10), ("A", 15)]
    v = replace(CONT, points={**CONT.points, "7": 7, "9": 9, "10": 10})
    assert ref.points_groups(v) == [("2–6", 5), ("7", 7), ("8", 5), ("9–10", -1), ("J–K", 10), ("A", 20), ("Joker", 50)]
    no_jokers = replace(CONT, jokers_per_deck=0)
    assert ref.points_groups(no_jokers)[-1] == ("A", 20)


def test_points_text_and_contract_text_and_last_round_text():
    assert ref.points_text(get_variant("joybells")) == "2: 20; 3–10: face value; J–K: 10; A: 15; Joker: 20"
    assert ref.contract_text(CONT, 7) == "3 runs (12)" and ref.contract_text(CONT, 8) is None
    lmi = get_variant("le-may-i")
    assert ref.last_round_text(replace(lmi, last_round=replace(lmi.last_round, no_discard=False))) == (
        "round 5, go out with every card")
    assert ref.last_round_text(CONT) == "played like the others"
    assert ref.deal_text(get_variant("le-may-i")) == "10 each, 2 at a time"
    assert (ref.jokers_text(CONT), ref.jokers_text(ROY), ref.players_text(ROY)) == ("2 per deck", "none", "2–3")


# ----- citations --------------------------------------------------------------------------------------

def test_source_lines_group_sections_by_file_in_order_once_each():
    a1, a2, b1 = Citation("001", "One"), Citation("001", '"Two"'), Citation("rulings", "Ties")
    lines = ref.source_lines([a1, b1, a2, a1, Citation("001", "")])
    assert len(lines) == 2
    assert lines[0].startswith(ref.source_line(Citation("001", "")))
    assert lines[0].index("One") < lines[0].index("Two") and lines[0].count("One") == 1 and '"' not in lines[0]
    assert lines[1].startswith(ref.source_line(Citation("rulings", ""))) and "Ties" in lines[1]
    assert ref.source_lines([Citation("002", "")]) == [ref.source_line(Citation("002", ""))]
    assert ref.source_lines([a1]) == [ref.source_line(Citation("001", "")) + ", section “One”"]
    assert ref.source_lines([a1, a2]) == [ref.source_line(Citation("001", "")) + ", sections “One”, “Two”"]
    assert ref.source_lines([]) == []


def test_source_line_names_the_section_only_when_there_is_one():
    bare = ref.source_line(Citation("001", ""))
    with_section = ref.source_line(Citation("001", '"Scoring"'))
    assert with_section.startswith(bare) and with_section.endswith("“Scoring”") and '"' not in with_section
    assert ref.source_line(Citation("zzz", "")) == "zzz"
    assert ref.source_line(Citation("001", "Xmas rule")).endswith("“Xmas rule”")
    assert ref.source_lines([Citation("001", '"Xmas"')])[0].endswith("“Xmas”")
    assert ref.source_line(Citation("house", "")) == SOURCE_TITLES["house"]


def test_cite_uses_the_variants_sources_or_falls_back_to_the_first_key():
    assert ref._cite(CONT, "deal", "nothing") == (CONT.cite("deal"),)
    assert ref._cite(CONT, "points", "points") == (CONT.cite("points"),)
    assert ref._cite(ROY, "wild", "melds") == (ROY.cite("wild"),)
    assert ref.primary_source(CONT) == CONT.cite("deal").file
    assert ref.anchors_for(CONT) == ref.CONTRACT_ANCHORS and ref.anchors_for(ROY) == ref.ROY_ANCHORS


# ----- search -----------------------------------------------------------------------------------------

def expected_score(section, terms):
    words = search_mod._words("\n".join([section.title] + [t for b in section.blocks for t in ref.block_text(b)]))
    title = search_mod._words(section.title)
    total = 0
    for term in terms:
        n = sum(1 for w in words if w.startswith(term))
        if not n:
            return None
        total += n + (5 if any(w.startswith(term) for w in title) else 0)
    return total


@pytest.mark.parametrize("query", ["wild", "Stock RUNS", "ace king", "jokers"])
def test_search_finds_every_section_holding_every_word_best_first(query):
    terms = search_mod._words(query)
    hits = search_mod.search(query, [CONT, ROY], limit=100)
    expected = []
    for v in (CONT, ROY):
        for s in ref.rules_page(v).sections:
            for sec in (s, *s.subsections):
                score = expected_score(sec, terms)
                if score is not None:
                    expected.append((v.id, sec.anchor, sec.title, score))
    assert sorted((h.variant_id, h.anchor, h.title, h.score) for h in hits) == sorted(expected)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert all(h.variant_name == get_variant(h.variant_id).name for h in hits)
    assert search_mod.search(query, [CONT, ROY], limit=2) == hits[:2]


def test_search_of_nothing_finds_nothing():
    assert search_mod.search("") == [] and search_mod.search("  ,. ") == [] and search_mod.search(None) == []
    assert search_mod.search("zzzqqq") == []
    assert len(search_mod.search("the")) == 40 and len(search_mod.search("the", limit=3)) == 3


def test_words_are_lowercased_and_keep_suits_and_hyphens():
    assert search_mod._words("Q-K-A, 10♥ Wild!") == ["q-k-a", "10♥", "wild"]


def test_a_snippet_starts_on_a_word_a_third_of_the_width_before_the_match():
    text = "Alpha beta gamma delta. " * 20 + "The wild cards are jokers. " + "Omega psi chi. " * 20
    snippet = search_mod._snippet(text, ["wild"])
    assert snippet == ("…Alpha beta gamma delta. Alpha beta gamma delta. The wild cards are jokers. Omega psi chi."
                       " Omega psi chi. Omega psi chi. Omega psi chi. Omega psi chi. Omega psi chi.…")
    assert search_mod._snippet("short  wild\ntext", ["wild"]) == "short wild text"
    assert search_mod._snippet("nothing here", ["zzz"]) == "nothing here"
    assert search_mod._snippet("a" * 300, ["zzz"]) == "a" * 170 + "…"
    assert search_mod._snippet("x " * 20 + "mild wild", ["wild"], width=12) == "…wild"


def test_a_snippet_centres_on_the_first_term_found_at_a_word_start():
    text = "wilder " + "pad " * 60 + "stock here " + "pad " * 60
    assert search_mod._snippet(text, ["stock", "wild"]).startswith("…pad ")
    assert "stock here" in search_mod._snippet(text, ["stock", "wild"])
    assert search_mod._snippet("xwild " + "pad " * 80 + "wild", ["wild"]).endswith("wild")


def test_marked_cuts_the_snippet_into_matches_and_the_rest():
    assert search_mod.marked("Wilds and wild-cards, Wildly", "wild cards") == [
        ("Wilds", True), (" and ", False), ("wild-cards", True), (", ", False), ("Wildly", True)]
    assert search_mod.marked("no match", "zzz") == [("no match", False)]
    assert search_mod.marked("text", "") == [("text", False)]
    assert search_mod.marked("a wild", "wild") == [("a ", False), ("wild", True)]
    assert search_mod.marked("unwild wild", "wild") == [("unwild ", False), ("wild", True)]


def test_marked_prefers_the_longer_of_two_words_searched_for():
    # "10♥" and "10" both start at the ten of hearts; the ♥ is no letter, so only "10♥" marks it whole
    assert search_mod.marked("two 10♥ and a 10♠", "10 10♥") == [
        ("two ", False), ("10♥", True), (" and a ", False), ("10", True), ("♠", False)]


def test_a_snippet_with_no_word_found_starts_at_the_top_and_ends_on_a_space():
    # nothing at a word start: the snippet starts at the text's first character, cut at the last space in reach
    assert search_mod._snippet("A " + "x" * 300, ["zzz"]) == "A…"


def test_a_section_the_page_does_not_have_is_a_key_error_naming_it():
    with pytest.raises(KeyError) as info:
        ref.rules_page(CONT).section("no-such-section")
    assert info.value.args == ("no-such-section",)


def test_a_snippet_starts_mid_word_when_no_space_comes_before_the_match():
    # a long run of letters joined to the word by a hyphen: no space to start on, so the snippet starts mid-run
    assert search_mod._snippet("x" * 100 + "-wild", ["wild"]) == "…" + "x" * 55 + "-wild"


def section(v, anchor):
    return next(s for s in ref.rules_page(v).all_sections if s.anchor == anchor)


def test_the_page_opens_naming_the_variants_own_source():
    assert ref.rules_page(get_variant("joybells")).intro.endswith(
        "Written in our own words from Joybells (a family's rules) and scorekeeper's rulings; every section names "
        "its source.")


def test_a_variants_own_laying_off_sentence_replaces_the_usual_one():
    text = section(get_variant("clenney"), "turn").text()
    assert "Once you are down you may add cards to melds on the table (see Laying off), from the turn after you " \
           "went down." in text.splitlines()


def test_the_turn_cites_the_variants_rule_of_play_not_its_deal():
    assert section(CONT, "turn").citations[0] == CONT.cite("turn") != CONT.cite("deal")


def test_a_source_silent_on_the_stock_says_what_it_does_not_cover():
    assert ("The Joybells rules (Joybells (a family's rules)) do not cover a stock that runs out. scorekeeper "
            "applies the Continental ruling (Continental Rummy (encyclopedia article), Stock pile depletion) as a "
            "house rule.") in section(get_variant("joybells"), "stock").text()


def test_the_melds_section_states_the_run_length_and_the_aces_and_cites_the_ace_rule():
    from scorekeeper.rules.house import apply_changes
    lines = section(get_variant("joybells"), "melds").text().splitlines()
    assert "A run is 4 or more cards in sequence, all of one suit, and never more than 13 cards." in lines
    assert "Aces in runs: low only: A-2-3-4, never Q-K-A." in lines
    # A house version that changes only where aces sit: its own ace rule is cited with the melds.
    low = apply_changes(CONT, {"melds": {"aces": "low"}}, id="h", name="H")
    assert low.cite("aces").file == "house" and low.cite("melds").file == "001"
    assert low.cite("aces") in section(low, "melds").citations


def test_a_house_version_without_may_i_cites_the_house_for_it():
    from scorekeeper.rules.house import apply_changes
    h = apply_changes(CONT, {"may_i": {"allowed": False}}, id="h", name="H")
    assert section(h, "may-i").citations == (h.cite("may_i"),) and h.cite("may_i").file == "house"
