"""The rules pages and the irregularity guide say what the rulings say (docs/rulings.md): ROY's
gaps, going out on an illegal meld, a player who leaves never wins, the duties and citations of
each variant, and the checks that keep them so for every variant and house variant: every guide
link leads to a topic the guide has, every rulings section cited is a heading of docs/rulings.md,
and a house variant's page marks exactly the sections whose words changed."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.rules import house, irregularities, reference, scoresheet, search
from scorekeeper.rules.blocks import block_text
from scorekeeper.rules.irregularities import Question, Ruling
from scorekeeper.rules.variants import Citation, all_variants, get_variant

RULINGS_DOC = Path(__file__).resolve().parents[2] / "docs/rulings.md"
JOY, CONT, LMI, CLEN, ROY = (get_variant(v) for v in ("joybells", "continental", "le-may-i", "clenney", "roy"))


def _house(base, changes, name="Gran's"):
    return house.apply_changes(base, changes, id=f"h-{base.id}", name=name)


# Every kind of variant a page can be about: the built-ins, the shipped examples, and house variants
# that change each kind of rule (fewer rounds, no May I, other ROY draws, other points).
HOUSE = [
    _house(JOY, {"rounds": [{"contract": {"sets": 2, "runs": 0}}, {"contract": {"sets": 0, "runs": 2}},
                            {"contract": {"sets": 1, "runs": 1}}]}),
    _house(LMI, {"may_i": {"allowed": False}}),
    _house(LMI, {"may_i": {"allowed": False, "none_in_last_rounds": 3}}, name="Sans May I"),
    _house(ROY, {"roy": {"draw_per_card": 3, "skip_draw": 5}}, name="My roy"),
    _house(CONT, {"card_points": {"A": 15}}),
    _house(CLEN, {"stock_exhausted": "reshuffle"}),
]
EVERY = list(all_variants()) + house.examples() + HOUSE


def _texts(v) -> dict[str, str]:
    return {s.anchor: " ".join(t for b in s.blocks for t in block_text(b)) for s in reference.rules_page(v).all_sections}


def _nodes(v):
    for topic in irregularities.topics(v, include_own_sections=True):
        for node in topic.nodes(v).values():
            yield topic, node


def _headings() -> set[str]:
    """docs/rulings.md's section titles, without their "(added …)", "(source …)" or other bracketed tails."""
    return {re.sub(r" \([^)]*\)$", "", line[3:].strip())
            for line in RULINGS_DOC.read_text(encoding="utf-8").splitlines() if line.startswith("## ")}


# ----- ROY's gaps ---------------------------------------------------------------------------------

def test_no_roy_sentence_offers_a_draw_from_the_discard_pile():
    offers = re.compile(r"\b(draws?|take|takes)\b[^.]*\b(last discard|discard pile|previous player's discard)",
                        re.IGNORECASE)
    sentences = [t for text in _texts(ROY).values() for t in re.split(r"(?<=[.;:])\s", text)]
    sentences += [s for _topic, n in _nodes(ROY) for s in (n.steps if isinstance(n, Ruling) else (n.text,))]
    drawn = [s for s in sentences if offers.search(s) and not re.search(r"\b(nobody|never)\b", s)]
    assert drawn == []
    assert any("nobody ever draws from the discard pile" in s for s in sentences)


def test_the_roy_guide_borrows_no_rummy_answer_and_redeals_by_the_same_dealer():
    assert [t.key for t in irregularities.topics(ROY, include_own_sections=True)] == [
        "re-deal", "scoring-errors", "stock", "player-leaving"]
    start = irregularities.walk(ROY, "re-deal").node
    assert isinstance(start, Question) and [a.to for a in start.answers] == ["again", "table"]
    again = irregularities.walk(ROY, "re-deal", ["no"]).node
    assert again.steps == ("The same dealer gathers the cards, shuffles and deals again.",)
    assert again.citation == Citation("rulings", "ROY's gaps")


def test_roys_stock_cites_roys_gaps():
    assert ROY.cite("stock") == Citation("rulings", "ROY's gaps")
    assert Citation("rulings", "ROY's gaps") in reference.rules_page(ROY).section("stock").citations


@pytest.mark.parametrize("v", EVERY, ids=lambda v: v.id)
def test_every_guide_link_leads_to_a_topic_the_guide_has_for_that_variant(v):
    have = {t.key for t in irregularities.topics(v, include_own_sections=True)}
    for topic, node in _nodes(v):
        if isinstance(node, Ruling):
            assert set(node.see) <= have, (topic.key, node.id, node.see)
            assert node.anchor in reference.rules_page(v).anchors, (topic.key, node.id)
        else:
            nodes = topic.nodes(v)
            assert all(a.to in nodes for a in node.answers), (topic.key, node.id)


@pytest.mark.parametrize("v", EVERY, ids=lambda v: v.id)
def test_every_rulings_section_cited_is_a_heading_of_docs_rulings(v):
    headings = _headings()
    cited = [c for s in reference.rules_page(v).all_sections for c in s.citations]
    cited += [n.citation for _t, n in _nodes(v) if isinstance(n, Ruling)]
    cited += [item.citation for item in scoresheet.legend(v)]
    cited += list(v.sources.values())
    missing = {c.section for c in cited if c.file == "rulings"} - headings
    assert missing == set()


def test_the_headings_reader_finds_the_rulings_of_this_pass():
    assert {"ROY's gaps", "Going out on an illegal meld", "A player who leaves never wins", "Built-in variants",
            "Irregularities", "Laying down and laying off", "Stock depletion", "May I"} <= _headings()


# ----- going out on an illegal meld; a player who leaves never wins -------------------------------

@pytest.mark.parametrize("v", [JOY, CONT, LMI, CLEN], ids=lambda v: v.id)
def test_the_guide_asks_whether_the_player_went_out_on_the_illegal_meld(v):
    before = irregularities.walk(v, "laid-down-illegally", ["out", "no"]).node
    after = irregularities.walk(v, "laid-down-illegally", ["out", "yes"]).node
    assert before.citation == after.citation == Citation("rulings", "Going out on an illegal meld")
    assert "does not count" in before.steps[0] and "picks up every card" in before.steps[0]
    assert after.steps[0] == "The round stands as recorded." and after.see == ("scoring-errors",)
    assert irregularities.walk(v, "laid-down-illegally", ["not-out", "yes"]).node.id == "extra"
    section = reference.rules_page(v).section("laid-down-illegally")
    assert Citation("rulings", "Going out on an illegal meld") in section.citations


@pytest.mark.parametrize("query", ["went out wrong meld", "going out illegal", "went out illegal meld"])
def test_the_rules_search_finds_going_out_on_an_illegal_meld(query):
    hits = {(h.variant_id, h.anchor) for h in search.search(query, [JOY, CONT, LMI, CLEN, ROY])}
    assert {(v, "laid-down-illegally") for v in ("joybells", "continental", "le-may-i", "clenney")} <= hits


def test_the_player_leaving_ruling_says_the_leaver_never_wins():
    total = irregularities.walk(CONT, "player-leaving", ["no", "two"]).node
    assert any("never wins nor shares the win" in s for s in total.steps)


# ----- duties and citations -----------------------------------------------------------------------

def test_joybells_may_i_says_who_refuses_takes_the_card():
    assert "A player who says no to someone's May I must take the card themselves" in _texts(JOY)["may-i"]


def test_roy_turn_says_a_jack_may_be_played_first_on_any_card():
    assert "A jack may be played first on any card" in _texts(ROY)["turn"]


def test_joybells_freed_wild_goes_to_another_set_or_run():
    laying_off = _texts(JOY)["laying-off"]
    assert "must be played on another set or run" in laying_off and "back on the table in a set" not in laying_off
    assert "back on the table in a set or run" in _texts(CONT)["laying-off"]


@pytest.mark.parametrize("v, anchor, must_cite", [
    (JOY, "setup", Citation("001", "The deal")),  # dealt singly: the Continental article says it
    (JOY, "contracts", Citation("001", "Hands")),  # everyone plays every round
    (LMI, "contracts", Citation("001", "Hands")),  # Le May I §6 does not say it
    (CONT, "contracts", Citation("rulings", "Built-in variants")),  # all at once: our ruling
    (CLEN, "contracts", Citation("rulings", "Built-in variants")),
    (CLEN, "setup", Citation("rulings", "Built-in variants")),  # 3 players: ours (the source lists 4-8)
    (JOY, "turn", Citation("000", "Playing")), (LMI, "going-out", Citation("003", "§8")),
])
def test_each_sentence_cites_a_source_that_says_it(v, anchor, must_cite):
    assert must_cite in reference.rules_page(v).section(anchor).citations


# ----- house variants: what is marked, and whose gaps are whose ------------------------------------

def test_fewer_rounds_marks_every_section_whose_words_moved():
    v = HOUSE[0]
    assert reference.changed_sections(JOY, v) == ("may-i", "contracts", "going-out", "last-round")


def test_without_may_i_nothing_is_said_about_may_i_in_the_last_rounds():
    v = HOUSE[2]
    texts = " ".join(_texts(v).values())
    assert "last three rounds" not in texts and "May I is off" not in texts
    assert [d.text for d in house.differences(LMI, v)] == ["no May I"]
    assert reference.changed_sections(LMI, v) == ("turn", "may-i", "last-round")  # the option's line went


@pytest.mark.parametrize("v", EVERY, ids=lambda v: v.id)
def test_a_variant_is_never_named_as_the_author_of_its_bases_source(v):
    base = get_variant(v.based_on) if v.based_on else v
    named = 0
    for text in _texts(v).values():
        for said in re.findall(r"\bThe ([^.:;()]+?) rules \((?:[^()]|\([^()]*\))*\) (?:say nothing|do not cover|settle)", text):
            assert said == base.name, text
            named += 1
    assert named, "every page says which of the base's rules settle something or say nothing"


@pytest.mark.parametrize("v", EVERY, ids=lambda v: v.id)
def test_a_page_is_marked_exactly_where_its_words_differ_from_its_base(v):
    if not v.based_on:
        assert reference.changed_sections(v, v) == ()
        return
    base = get_variant(v.based_on)
    mine, theirs = _texts(v), _texts(base)
    differ = tuple(a for a in mine if mine[a].replace(v.name, base.name) != theirs.get(a))
    assert reference.changed_sections(base, v) == differ
    assert differ, "a house variant changes something"


# ----- French: "d’Élodie", never "de Élodie" -------------------------------------------------------------

@pytest.mark.parametrize("text, values, mended", [
    ("Les cartes de Élodie", ["Élodie"], "Les cartes d’Élodie"),
    ("De Ann et de Bob", ["Ann", "Bob"], "D’Ann et de Bob"),
    ("Règles de Ugo, de Ugo", "Ugo", "Règles d’Ugo, d’Ugo"),  # one value alone, every place
    ("Les cartes de Hugo", ["Hugo"], "Les cartes de Hugo"),  # an h is left as it is
    ("Les cartes de Bob", ["Bob"], "Les cartes de Bob"),
    ("5 de 7", [7, None, ""], "5 de 7"),  # not a name: left alone
    ("Le jeu de Yann", ["yann"], "Le jeu de Yann"),  # only the value as filled in
    ("le défi de œuvre", ["œuvre"], "le défi d’œuvre"),
])
def test_a_french_sentence_elides_de_before_a_name_starting_with_a_vowel(text, values, mended):
    from scorekeeper.rules.words import elided

    assert elided(text, values) == mended


def test_the_rules_sentences_elide_only_in_french():
    from gettext import NullTranslations

    from scorekeeper.rules import words

    try:
        words.use(NullTranslations(), "fr")
        assert words._("Recount de %(name)s", name="Élodie") == "Recount d’Élodie"
        with words.in_english():
            assert words._("Recount de %(name)s", name="Élodie") == "Recount de Élodie"
        assert words._("Recount de %(name)s", name="Élodie") == "Recount d’Élodie"
        assert words.ngettext("%(num)s card de %(name)s", "%(num)s cards de %(name)s", 2, name="Élodie") \
            == "2 cards d’Élodie"  # the plural sentences too
        words.use(NullTranslations(), "en")
        assert words._("Recount de %(name)s", name="Élodie") == "Recount de Élodie"
        assert words.ngettext("%(num)s card de %(name)s", "%(num)s cards de %(name)s", 1, name="Élodie") \
            == "1 card de Élodie"
        words.use(NullTranslations())
        assert words._("Recount de %(name)s", name="Élodie") == "Recount de Élodie"
    finally:
        words.use(NullTranslations())


def test_the_rules_name_cards_in_the_pages_letters():
    """A French page's sentences name ranks V, D, R (docs/rulings.md, "Card codes on French pages")."""
    from scorekeeper.rules import card_letters

    try:
        card_letters.use("fr")
        assert [label for label, _v in reference.points_groups(CONT)][:3] == ["2–9", "10–R", "A"]
        assert "Après" not in reference.rules_page(ROY).section("king-of-spades").blocks[0].text  # (English words)
        assert "R♠" in reference.rules_page(ROY).section("king-of-spades").blocks[0].text
        assert scoresheet.card_point_groups(LMI)[1][0] == "V, D, R"
    finally:
        card_letters.use("en")
    assert "K♠" in reference.rules_page(ROY).section("king-of-spades").blocks[0].text
    assert scoresheet.card_point_groups(LMI)[1][0] == "J, Q, K"
