"""The rules pages as data (scorekeeper.rules.reference, irregularities, compare, calculators)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from scorekeeper.rules import calculators, compare, irregularities, reference, search
from scorekeeper.rules.cards import parse_cards
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.variants import (
    SOURCE_KEYS,
    Citation,
    Contract,
    Round,
    all_variants,
    get_variant,
    load_variant,
)
from support.sources import copied, source_runs  # noqa: F401  (fixture)

VARIANTS = [v.id for v in all_variants()]


def test_the_copy_detector_catches_a_pasted_sentence(source_runs):
    pasted = "Wild cards may be used to fill in missing cards in a set or a run, but the wilds can never outnumber"
    assert copied(pasted, source_runs)
    assert not copied("Within one meld there may never be more wild cards than natural ones.", source_runs)


@pytest.mark.parametrize("vid", VARIANTS)
def test_every_section_has_its_anchor_and_a_citation(vid):
    v = get_variant(vid)
    page = reference.rules_page(v)
    expected = reference.CONTRACT_ANCHORS if v.is_contract_game else reference.ROY_ANCHORS
    assert [s.anchor for s in page.sections] == list(expected)
    for section in page.sections:
        assert section.citations, section.anchor
        assert section.text().strip()
        for sub in section.subsections:
            assert sub.citations, sub.anchor
    assert len(page.anchors) == len(set(page.anchors)), "anchors are unique on a page"


@pytest.mark.parametrize("vid", VARIANTS)
def test_no_sentence_of_the_sources_in_the_rules_text(vid, source_runs):
    v = get_variant(vid)
    text = "\n".join(s.text() for s in reference.rules_page(v).sections)
    for topic in irregularities.topics(v, include_own_sections=True):
        for node in topic.nodes(v).values():
            if isinstance(node, irregularities.Question):
                text += "\n" + node.text + "\n" + "\n".join(a.label for a in node.answers)
            else:
                text += "\n" + node.title + "\n" + "\n".join(node.steps) + "\n" + (node.house_note or "")
    assert copied(text, source_runs) == []


def test_pages_are_built_from_the_variant_data():
    v = get_variant("continental")
    page = reference.rules_page(v)
    contracts = page.section("contracts")
    table = next(b for b in contracts.blocks if isinstance(b, reference.Table))
    assert table.rows[0] == ("1", "2 sets", "6")
    assert table.rows[-1] == ("7", "3 runs", "12")
    setup = next(b for b in page.section("setup").blocks if isinstance(b, reference.Table))
    assert ("5", "3", "6", "162", "60", "101") in setup.rows  # 3 decks + 6 jokers, 60 dealt, 1 turned up
    # change the data, the page follows
    changed = replace(v, rounds=v.rounds[:2] + (Round(3, Contract(1, 2), 11),), cards_dealt=13)
    page2 = reference.rules_page(changed)
    rows = next(b for b in page2.section("contracts").blocks if isinstance(b, reference.Table)).rows
    assert rows[-1] == ("3", "1 set + 2 runs", "11")
    assert "Everyone gets 13 cards" in page2.section("setup").text()
    twos = v.with_house_rules({"twos_wild": True})
    assert "every 2" in reference.wild_text(twos)
    assert "every 2" not in reference.wild_text(v)


def test_points_table_reads_like_a_player_would_say_it():
    assert reference.points_text(get_variant("joybells")) == "2: 20; 3–10: face value; J–K: 10; A: 15; Joker: 20"
    assert reference.points_text(get_variant("continental")) == "2–9: 5; 10–K: 10; A: 20; Joker: 50"
    assert reference.points_text(get_variant("clenney")) == "2–9: 5; 10–K: 10; A: 15"
    assert reference.points_text(get_variant("le-may-i")) == "2–10: face value; J–K: 10; A: 15"


def test_a_variant_from_toml_gets_a_rules_page_with_no_code():
    text = (Path(reference.__file__).parent / "variants" / "clenney.toml").read_text()
    text = text.replace('id = "clenney"', 'id = "club"').replace('name = "Clenney May I"', 'name = "Club rules"')
    club = load_variant(text)
    page = reference.rules_page(club)
    assert [s.anchor for s in page.sections] == list(reference.CONTRACT_ANCHORS)
    assert "Club rules is for 3 to 8 players" in page.section("setup").text()


def test_silent_sources_say_so_and_offer_the_continental_ruling():
    joy = reference.rules_page(get_variant("joybells"))
    stock = joy.section("stock")
    notes = [b for b in stock.blocks if isinstance(b, reference.HouseNote)]
    assert notes and "do not cover" in notes[0].text and notes[0].citation == Citation("001", "Stock pile depletion")
    cont = reference.rules_page(get_variant("continental"))
    assert not [b for b in cont.section("stock").blocks if isinstance(b, reference.HouseNote)]
    assert cont.section("out-of-turn").citations == (Citation("001", "Play out of turn"),)
    clen = reference.rules_page(get_variant("clenney"))
    assert clen.section("illegal-draw").citations == (Citation("004", "Illegal draw"),)
    assert clen.section("out-of-turn").citations == (Citation("001", "Play out of turn"),)
    # the "Irregularities" section names the topics Clenney's source is silent on, once
    note = next(b for b in clen.section("irregularities").blocks if isinstance(b, reference.HouseNote))
    assert "say nothing about play out of turn" in note.text and "illegal draw" not in note.text
    le = reference.rules_page(get_variant("le-may-i"))
    assert le.section("stock").citations == (Citation("003", "§5"),)
    assert "shuffle" in le.section("stock").text().lower()


def test_irregularity_walks_end_in_rulings_with_citations():
    for v in all_variants():
        for topic in irregularities.topics(v, include_own_sections=True):
            nodes = topic.nodes(v)
            targets = {a.to for n in nodes.values() if isinstance(n, irregularities.Question) for a in n.answers}
            assert targets <= set(nodes), (v.id, topic.key)
            assert set(nodes) - targets == {next(iter(nodes))}, "every node but the start is reachable"
            for r in topic.rulings(v):
                assert r.citation.file in SOURCE_KEYS or r.citation.file == "rulings"
                assert r.anchor in reference.rules_page(v).anchors
                assert (r.silent_in is None) == (r.house_note is None)


def test_walk_follows_answers_and_names_a_bad_one():
    v = get_variant("continental")
    w = irregularities.walk(v, "out-of-turn", ["no", "no"])
    assert isinstance(w.node, irregularities.Ruling) and w.node.id == "undo"
    assert [a.key for _, a in w.trail] == ["no", "no"]
    with pytest.raises(RulesInputError) as err:
        irregularities.walk(v, "out-of-turn", ["no", "maybe"])
    assert err.value.field == "step[1]" and "'maybe'" in err.value.message
    with pytest.raises(RulesInputError) as err:
        irregularities.walk(v, "out-of-turn", ["yes", "yes"])
    assert err.value.field == "step[1]"
    with pytest.raises(RulesInputError) as err:
        irregularities.walk(get_variant("roy"), "incorrect-hand")
    assert "'incorrect-hand'" in err.value.message


def test_incorrect_hand_fine_comes_from_the_variant():
    v = get_variant("joybells")
    w = irregularities.walk(v, "incorrect-hand", ["after", "few"])
    assert "10 more points" in " ".join(w.node.steps)
    v2 = replace(v, scoring=replace(v.scoring, missing_card_penalty=25))
    w2 = irregularities.walk(v2, "incorrect-hand", ["after", "few"])
    assert "25 more points" in " ".join(w2.node.steps)


def test_comparison_rows_come_from_the_data():
    table = compare.comparison()
    assert [v.id for v in table.variants] == VARIANTS
    assert table.row("players").values == ("3–6", "4–8", "3–5", "3–8", "2–3")
    assert table.row("run-min").differs is False  # ROY has no runs; every contract game says 4
    assert table.row("set-min").differs is True
    assert table.row("round-6").values[2] == "–"  # Le May I has five rounds
    changed = [replace(v, melds=replace(v.melds, run_min=5)) if v.id == "joybells" else v for v in all_variants()]
    assert compare.comparison(changed).row("run-min").differs is True
    twos = [v.with_house_rules({"twos_wild": True}) if v.id == "continental" else v for v in all_variants()]
    assert "every 2" in compare.comparison(twos).row("wild").values[1]


def test_search_finds_terms_in_every_variant():
    hits = search.search("joker")
    assert {h.variant_id for h in hits} >= {"joybells", "continental"}
    assert all(h.anchor in reference.rules_page(get_variant(h.variant_id)).anchors for h in hits)
    assert search.search("king spades")[0].variant_id == "roy"
    assert search.search("") == []
    assert search.search("zzzqqq") == []
    assert any(h.anchor == "re-deal" for h in search.search("re-deal"))


def test_hand_answers_side_by_side():
    answers = {a.variant.id: a for a in calculators.hand_answers(parse_cards(["AS", "KH", "7D"]), 1)}
    assert answers["joybells"].points == 15 + 10 + 7 + 10
    assert answers["continental"].points == 20 + 10 + 5 + 10
    assert answers["le-may-i"].points == 15 + 10 + 7 + 10
    assert answers["clenney"].points == 15 + 10 + 5 + 10
    assert answers["roy"].points == 3
    with_joker = {a.variant.id: a for a in calculators.hand_answers(parse_cards(["JK"]))}
    assert with_joker["continental"].points == 50
    assert with_joker["le-may-i"].points is None and "'JK'" in with_joker["le-may-i"].error


def test_deck_answers():
    answers = {a.variant.id: a for a in calculators.deck_answers(7)}
    assert answers["continental"].pack.decks == 4 and answers["continental"].pack.jokers == 8
    assert answers["clenney"].pack.cards == 208
    assert answers["joybells"].pack is None and "7 players" in answers["joybells"].error
    with pytest.raises(RulesInputError):
        calculators.check_players_count(9)


def test_search_snippets_mark_the_words_found():
    hit = search.search("wild")[0]
    pieces = search.marked(hit.snippet, "wild")
    assert any(is_hit and text.lower().startswith("wild") for text, is_hit in pieces)
    assert "".join(text for text, _ in pieces) == hit.snippet
    assert search.marked("no match here", "zzz") == [("no match here", False)]
