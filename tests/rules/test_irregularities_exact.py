"""The irregularity guide as data (scorekeeper.rules.irregularities): each topic's decision tree
(questions, answers and where they lead; rulings with their rules-page anchor, what to see next, the
calculator that helps), which variants' own sources are silent, and walking a tree. The wording and
the citation labels are not pinned here: they are the app's words."""
from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules import irregularities as ir
from scorekeeper.rules import reference
from scorekeeper.rules.blocks import HouseNote
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.irregularities import Question, Ruling
from scorekeeper.rules.variants import Citation, all_variants, get_variant

CONT = get_variant("continental")
JOY = get_variant("joybells")
ROY = get_variant("roy")
CLEN = get_variant("clenney")

TREES = {
    ('out-of-turn', ('joybells', 'continental', 'le-may-i', 'clenney')): [('start', (('yes', 'stands'), ('no', 'drew'))), ('drew', (('yes', 'too-late'), ('no', 'undo'))), ('stands', 'out-of-turn', (), None, 2), ('too-late', 'out-of-turn', (), None, 2), ('undo', 'out-of-turn', ('illegal-draw',), None, 3)],
    ('illegal-draw', ('joybells', 'continental', 'le-may-i')): [('start', (('yes', 'late'), ('no', 'how-many'))), ('how-many', (('one', 'one'), ('several', 'several'))), ('late', 'illegal-draw', ('incorrect-hand',), None, 2), ('one', 'illegal-draw', (), None, 3), ('several', 'illegal-draw', (), None, 2)],
    ('illegal-draw', ('clenney',)): [('start', (('yes', 'late'), ('no', 'how-many'))), ('how-many', (('one', 'one'), ('several', 'several'))), ('late', 'illegal-draw', ('incorrect-hand',), None, 2), ('one', 'illegal-draw', (), None, 2), ('several', 'illegal-draw', (), None, 2)],
    ('premature-discard', ('joybells', 'continental', 'le-may-i', 'clenney')): [('start', (('no-draw', 'next-drew'), ('two', 'next-took'))), ('next-drew', (('yes', 'short'), ('no', 'draw-now'))), ('next-took', (('yes', 'stays'), ('no', 'take-back'))), ('draw-now', 'premature-discard', (), None, 2), ('short', 'premature-discard', ('incorrect-hand',), None, 1), ('take-back', 'premature-discard', (), None, 1), ('stays', 'premature-discard', ('incorrect-hand',), None, 2)],
    ('incorrect-hand', ('joybells', 'continental', 'le-may-i', 'clenney')): [('start', (('during', 'during'), ('after', 'after'), ('out', 'went-out'))), ('during', (('many', 'many'), ('few', 'few'))), ('after', (('many', 'count-all'), ('few', 'charge'))), ('many', 'incorrect-hand', (), None, 2), ('few', 'incorrect-hand', (), None, 2), ('count-all', 'incorrect-hand', (), None, 1), ('charge', 'incorrect-hand', (), 'hand', 1), ('went-out', 'incorrect-hand', (), None, 2)],
    ('re-deal', ('roy',)): [('start', (('no', 'again'), ('yes', 'table'))), ('again', 're-deal', (), None, 1), ('table', 're-deal', (), None, 1)],
    ('re-deal', ('joybells', 'continental', 'le-may-i', 'clenney')): [('start', (('exposed', 'again'), ('one', 'one'), ('count', 'count'), ('pack', 'pack'))), ('count', (('no', 'demand'), ('yes', 'too-late'))), ('again', 're-deal', (), None, 1), ('one', 're-deal', (), None, 1), ('demand', 're-deal', (), None, 1), ('too-late', 're-deal', ('incorrect-hand',), None, 1), ('pack', 're-deal', (), None, 2)],
    ('laid-down-illegally', ('joybells', 'continental', 'le-may-i', 'clenney')): [('start', (('out', 'went-out'), ('not-out', 'meld'))), ('meld', (('yes', 'extra'), ('no', 'whole'))), ('went-out', (('no', 'out-before'), ('yes', 'out-after'))), ('out-before', 'laid-down-illegally', (), 'meld', 2), ('out-after', 'laid-down-illegally', ('scoring-errors',), None, 2), ('extra', 'laid-down-illegally', (), None, 3), ('whole', 'laid-down-illegally', (), 'meld', 2)],
    ('scoring-errors', ('joybells', 'continental', 'le-may-i', 'clenney', 'roy')): [('start', (('count', 'mixed'), ('sheet', 'sheet'))), ('mixed', (('yes', 'stands'), ('no', 'recount'))), ('stands', 'scoring-errors', (), None, 1), ('recount', 'scoring-errors', (), 'hand', 1), ('sheet', 'scoring-errors', (), None, 2)],
    ('stock', ('joybells', 'continental', 'clenney')): [('start', (('no', 'turn-over'), ('yes', 'end'))), ('turn-over', 'stock', (), None, 1), ('end', 'stock', (), 'hand', 2)],
    ('stock', ('le-may-i', 'roy')): [('reshuffle', 'stock', (), None, 1)],
    ('player-leaving', ('joybells', 'continental', 'le-may-i', 'clenney')): [('start', (('yes', 'suspend'), ('no', 'others'))), ('others', (('two', 'total'), ('fewer', 'void'))), ('suspend', 'player-leaving', (), None, 2), ('total', 'player-leaving', (), None, 3), ('void', 'player-leaving', (), None, 1)],
    ('player-leaving', ('roy',)): [('start', (('two', 'play-on'), ('one', 'ends'))), ('play-on', 'player-leaving', (), None, 1), ('ends', 'player-leaving', (), None, 1)],
    ('missing-score', ('joybells', 'continental', 'le-may-i', 'clenney')): [('start', (('yes', 'fill'), ('no', 'replay'))), ('fill', 'missing-score', (), None, 1), ('replay', 'missing-score', (), None, 1)],
}
SILENT = {
    'joybells': ['out-of-turn', 'illegal-draw', 'premature-discard', 'incorrect-hand', 're-deal', 'laid-down-illegally', 'scoring-errors', 'stock', 'player-leaving', 'missing-score'],
    'continental': [],
    'le-may-i': ['out-of-turn', 'illegal-draw', 'premature-discard', 'incorrect-hand', 're-deal', 'laid-down-illegally', 'scoring-errors', 'player-leaving', 'missing-score'],
    'clenney': ['out-of-turn', 'premature-discard', 'player-leaving', 'missing-score'],
    'roy': ['re-deal', 'scoring-errors', 'stock', 'player-leaving'],
}


def shape(topic, v):
    out = []
    for i, n in topic.nodes(v).items():
        if isinstance(n, Question):
            assert n.id == i and n.kind == "question" and n.text.strip()
            out.append((i, tuple((a.key, a.to) for a in n.answers)))
        else:
            assert n.id == i and n.kind == "ruling" and n.title.strip() and all(s.strip() for s in n.steps)
            out.append((i, n.anchor, n.see, n.tool, len(n.steps)))
    return out


@pytest.mark.parametrize("key, variant_ids", sorted(TREES))
def test_each_topic_tree_by_structure(key, variant_ids):
    topic = next(t for t in ir.TOPICS if t.key == key)
    for vid in variant_ids:
        assert shape(topic, get_variant(vid)) == TREES[(key, variant_ids)], vid


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.id)
def test_which_topics_each_variants_own_source_is_silent_on(variant):
    assert [t.key for t in ir.topics(variant, True) if t.is_silent(variant)] == SILENT[variant.id]


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.id)
def test_a_silent_source_gives_the_continental_ruling_or_a_house_rule_said_in_every_ruling(variant):
    own = variant.cite("deal").file
    for topic in ir.topics(variant, True):
        cite, silent_in = topic.citation(variant)
        assert silent_in in (None, own)
        for ruling in topic.rulings(variant):
            if ruling.id.startswith("out-"):  # going out on an illegal meld: our ruling, whatever the source
                assert (ruling.citation, ruling.silent_in, ruling.house_note) == (
                    Citation("rulings", "Going out on an illegal meld"), None, None)
                continue
            assert ruling.citation == cite and ruling.silent_in == silent_in
            assert (ruling.house_note is None) is (silent_in is None)
            if silent_in is not None:
                assert variant.name in ruling.house_note and cite.label in ruling.house_note
        if silent_in is not None and topic.key == "player-leaving" and not variant.is_contract_game:
            # ROY: our ruling (docs/rulings.md, "Laying down and laying off"), not Continental's
            assert (cite.file, cite.section) == ("rulings", "Laying down and laying off")
        elif silent_in is not None and topic.key == "re-deal" and not variant.is_contract_game:
            assert (cite.file, cite.section) == ("rulings", "ROY's gaps")  # docs/rulings.md, not Continental's
        elif silent_in is not None and topic.key != "stock":
            assert cite == topic.citation(CONT)[0]  # the Continental ruling
        if silent_in is None and topic.key != "stock":
            assert cite.file == own


def test_the_stock_cites_the_variants_own_rule_or_the_continental_one():
    stock = ir.get_topic(JOY, "stock")
    assert stock.citation(CONT) == (CONT.cite("stock"), None)
    assert stock.citation(JOY) == (ir.get_topic(CONT, "stock").citation(CONT)[0], JOY.cite("deal").file)
    assert stock.citation(ROY) == (ROY.cite("stock"), ROY.cite("deal").file)


def charge_for_a_missing_card(v):
    return next(r for r in ir.get_topic(v, "incorrect-hand").rulings(v) if r.id == "charge").steps[0]


def test_the_incorrect_hand_fine_is_the_variants_penalty():
    assert "pays 10 more points" in charge_for_a_missing_card(CONT)
    own = replace(CONT, scoring=replace(CONT.scoring, missing_card_penalty=5))
    assert "pays 5 more points" in charge_for_a_missing_card(own)


def test_a_variant_that_names_no_fine_charges_10_points_a_missing_card():
    unset = replace(CONT, scoring=replace(CONT.scoring, missing_card_penalty=0))
    assert charge_for_a_missing_card(unset) == (
        "The player counts the cards they hold and pays 10 more points for each card missing.")


@pytest.mark.parametrize("variant, keys", [
    (CONT, ["out-of-turn", "illegal-draw", "premature-discard", "incorrect-hand", "re-deal", "laid-down-illegally",
            "scoring-errors", "player-leaving", "missing-score"]),
    (ROY, ["re-deal", "scoring-errors", "player-leaving"]),
])
def test_topics_of_a_variant_and_the_stock_with_its_own_section(variant, keys):
    assert [t.key for t in ir.topics(variant)] == keys
    with_stock = [t.key for t in ir.topics(variant, include_own_sections=True)]
    assert with_stock == keys[:keys.index("scoring-errors") + 1] + ["stock"] + keys[keys.index("scoring-errors") + 1:]


def test_get_topic_names_the_topics_known_for_the_variant():
    assert ir.get_topic(ROY, "stock").key == "stock"
    with pytest.raises(RulesInputError) as err:
        ir.get_topic(ROY, "incorrect-hand", "t")
    assert (err.value.field, err.value.value) == ("t", "incorrect-hand")
    assert err.value.message == ("'incorrect-hand' is not an irregularity the guide covers for ROY (known: re-deal,"
                                 " scoring-errors, stock, player-leaving)")
    with pytest.raises(RulesInputError) as err:
        ir.get_topic(ROY, "incorrect-hand")
    assert err.value.field == "topic"  # the guide's own field when the caller names none


def test_a_walk_follows_the_answers_to_a_ruling():
    w = ir.walk(CONT, "incorrect-hand", ["after", "few"])
    assert isinstance(w.node, Ruling) and w.node.id == "charge" and w.node.tool == "hand"
    assert [(q.id, a.key, a.to) for q, a in w.trail] == [("start", "after", "after"), ("after", "few", "charge")]
    assert w.answers == ("after", "few") and w.topic.key == "incorrect-hand"
    start = ir.walk(CONT, "incorrect-hand")
    assert start.node.id == "start" and start.trail == () and start.answers == ()
    assert ir.get_topic(CONT, "incorrect-hand").start(CONT) == start.node


def test_a_walk_refuses_an_answer_that_does_not_fit_naming_the_step():
    with pytest.raises(RulesInputError) as err:
        ir.walk(CONT, "incorrect-hand", ["after", "lots"])
    assert (err.value.field, err.value.value) == ("step[1]", "lots")
    assert err.value.message == "'lots' is not an answer to “Too many cards or too few?” (answers: many, few)"
    with pytest.raises(RulesInputError) as err:
        ir.walk(CONT, "missing-score", ["yes", "yes"])
    assert (err.value.field, err.value.value) == ("step[1]", "yes")
    assert err.value.message == "'yes': the guide had already reached its ruling"


def test_question_answer_lookup():
    q = ir.Q("q", "Which?", ("a", "A", "x"), ("b", "B", "y"))
    assert q.answer("b") == ir.Answer("b", "B", "y") and q.answer("c") is None


@pytest.mark.parametrize("variant", [CONT, JOY], ids=lambda v: v.id)
def test_a_topic_as_a_rules_page_subsection(variant):
    topic = ir.get_topic(variant, "missing-score")
    section = topic.reference(variant)
    cite, silent_in = topic.citation(variant)
    assert (section.anchor, section.title, section.tool, section.citations) == (
        "missing-score", topic.title, "irregularities", (cite,))
    kinds = [b.kind for b in section.blocks]
    assert kinds == ["p", "cases"]  # a silent source is said once, in the "Irregularities" section's note
    assert section.blocks[0].text == topic.prompt
    assert [case for case, _ in section.blocks[1].items] == [r.title for r in topic.rulings(variant)]
    assert section.blocks[1].items[0][1] == " ".join(topic.rulings(variant)[0].steps)
    if silent_in is not None:
        note = reference.rules_page(variant).section("irregularities").blocks[0]
        assert isinstance(note, HouseNote) and topic.title.lower() in note.text


def test_a_house_version_s_silent_source_is_named_by_its_base_variant():
    from scorekeeper.rules.house import apply_changes
    smiths = apply_changes(JOY, {"players": {"min": 3, "max": 5}}, id="s", name="Smiths")
    stands = next(r for r in ir.get_topic(smiths, "out-of-turn").rulings(smiths) if r.id == "stands")
    assert stands.house_note == (
        "The Joybells rules (Joybells (a family's rules)) say nothing about this. This is the Continental ruling "
        "(Continental Rummy (encyclopedia article), Play out of turn), which scorekeeper applies as a house rule.")
    smiths_roy = apply_changes(ROY, {"target": 150}, id="s", name="Smiths")
    again = next(r for r in ir.get_topic(smiths_roy, "re-deal").rulings(smiths_roy) if r.id == "again")
    assert again.house_note == ("The ROY rules (ROY (newsgroup post, 1995)) say nothing about this. This is "
                                "scorekeeper's house rule (scorekeeper's rulings, ROY's gaps).")


def test_a_fine_of_one_point_a_missing_card_in_the_singular():
    one = replace(CONT, scoring=replace(CONT.scoring, missing_card_penalty=1))
    assert charge_for_a_missing_card(one) == (
        "The player counts the cards they hold and pays 1 more point for each card missing.")


def _house_roy():
    from scorekeeper.rules.house import apply_changes
    return apply_changes(ROY, {"target": 150}, id="friday", name="Friday nights")


@pytest.mark.parametrize("variant", [
    pytest.param(ROY, id="ROY's own rules"),
    pytest.param(_house_roy(), id="a house ROY called Friday nights names ROY's rules, not its own name"),
])
def test_a_roy_deal_gone_wrong_once_play_has_begun_names_the_roy_rules_as_silent(variant):
    walked = ir.walk(variant, "re-deal", ["yes"])
    assert walked.node.steps == (
        "The ROY rules say nothing about it: the players agree among themselves how to go on.",)


def test_a_topic_the_continental_rules_have_no_heading_for_is_cited_to_their_rules_of_play():
    # a topic added to the guide later (no entry in COVERAGE): the Joybells rules are silent on it, so
    # the ruling rests on the Continental rules' general "Rules of play"
    peeking = ir.Topic("dealer-peeked", "Dealer saw the bottom card", "The dealer saw the bottom card of the pack.",
                       lambda v, c: {"shuffle": c.R("shuffle", "Shuffle again", "The dealer shuffles again.")})
    assert peeking.citation(JOY) == (Citation("001", "Rules of play"), JOY.cite("deal").file)
    ruling = peeking.start(JOY)
    assert (ruling.citation, ruling.anchor, ruling.silent_in) == (
        Citation("001", "Rules of play"), "dealer-peeked", JOY.cite("deal").file)
