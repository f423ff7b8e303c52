"""The rules pages through the test client: /rules, /rules/<variant>, /rules/compare, /rules/search."""
from __future__ import annotations

import html
import re
from dataclasses import replace

import pytest

from scorekeeper.rules import reference, variants
from scorekeeper.rules.variants import SOURCE_TITLES, all_variants, get_variant
from support.sources import copied, source_runs  # noqa: F401  (fixture)
from support.pages import assert_csp_clean, sections  # noqa: F401

pytestmark = pytest.mark.no_database  # no SQL statement: the PostgreSQL job leaves these out (tests/conftest.py)

VARIANTS = [v.id for v in all_variants()]


def test_index_lists_variants_tools_and_sources(client):
    r = client.get("/rules")
    assert r.status_code == 200
    text = r.get_data(as_text=True)
    for v in all_variants():
        assert f'href="/rules/{v.id}"' in text
    for path in ("/tools/hand", "/tools/decks", "/tools/irregularities", "/rules/compare"):
        assert f'href="{path}"' in text
    assert "Continental Rummy (encyclopedia article)" in text and "Clenney family May I" in text
    assert ".txt" not in text and "source 0" not in text  # sources by name, never by file
    assert_csp_clean(text)


def test_home_and_navigation_link_the_rules(client):
    text = client.get("/").get_data(as_text=True)
    assert 'href="/rules"' in text


@pytest.mark.parametrize("vid", VARIANTS)
def test_variant_page_has_every_anchor_and_a_citation_per_section(client, vid):
    v = get_variant(vid)
    r = client.get(f"/rules/{vid}")
    assert r.status_code == 200
    text = r.get_data(as_text=True)
    found = sections(text)
    page = reference.rules_page(v)
    expected = reference.CONTRACT_ANCHORS if v.is_contract_game else reference.ROY_ANCHORS
    for anchor in expected:
        assert anchor in found, anchor
        assert f'href="#{anchor}"' in text  # in the table of contents
    for anchor in page.anchors:
        assert 'class="cite"' in found[anchor], f"{anchor} has no citation"
        assert any(title in html.unescape(found[anchor]) for title in SOURCE_TITLES.values()), anchor
        assert "source 0" not in found[anchor] and ".txt" not in found[anchor] and ".md" not in found[anchor]
    assert_csp_clean(text)


@pytest.mark.parametrize("vid", VARIANTS)
def test_rendered_rules_pages_paste_no_source_sentence(client, vid, source_runs):  # noqa: F811
    text = client.get(f"/rules/{vid}").get_data(as_text=True)
    assert copied(text, source_runs) == []


def test_other_pages_paste_no_source_sentence(client, source_runs):  # noqa: F811
    for url in ("/rules", "/rules/compare", "/rules/search?q=card", "/tools/hand", "/tools/decks", "/tools/meld",
                "/tools/may-i", "/tools/roy", "/tools/irregularities?variant=continental"):
        assert copied(client.get(url).get_data(as_text=True), source_runs) == [], url


def test_contract_table_and_points_come_from_the_variant(client):
    text = client.get("/rules/continental").get_data(as_text=True)
    contracts = sections(text)["contracts"]
    assert re.search(r"<td class=\"num\">6</td><td>1 set \+ 2 runs</td><td class=\"num\">11</td>", contracts)
    scoring = sections(text)["scoring"]
    assert "<td>Joker</td><td class=\"num\">50</td>" in scoring


def test_silent_sources_are_flagged_on_the_page(client):
    joy = sections(client.get("/rules/joybells").get_data(as_text=True))
    # a gap in the variant's own source is not one of a table's changes: it has its own mark
    assert "Where the rules are silent:" in joy["stock"] and "Continental Rummy (encyclopedia article)" in joy["stock"]
    assert "House rule" not in joy["stock"]
    # the "Irregularities" section names the topics the source is silent on (its subsections follow it)
    assert "say nothing about play out of turn" in joy["irregularities"].split('<section id="out-of-turn"')[0]
    cont = sections(client.get("/rules/continental").get_data(as_text=True))
    assert "Where the rules are silent" not in cont["out-of-turn"]


def test_unknown_variant_is_a_404_naming_it(client):
    r = client.get("/rules/canasta")
    assert r.status_code == 404
    assert "&#39;canasta&#39; is not a known variant" in r.get_data(as_text=True)


def test_comparison_page_is_rendered_from_the_data(client, monkeypatch):
    text = client.get("/rules/compare").get_data(as_text=True)
    for v in all_variants():
        assert f'href="/rules/{v.id}"' in text
    row = re.search(r'<tr id="row-deal" class="(\w+)">(.*?)</tr>', text, re.S)
    assert row.group(1) == "differs" and "12 each, one at a time" in row.group(2)
    row = re.search(r'<tr id="row-run-min" class="(\w+)">', text)
    assert row.group(1) == "same"
    # change a variant: the page changes with it
    joy = get_variant("joybells")
    monkeypatch.setitem(variants.VARIANTS, "joybells", replace(joy, cards_dealt=13,
                                                               melds=replace(joy.melds, run_min=5)))
    text = client.get("/rules/compare").get_data(as_text=True)
    assert "13 each, one at a time" in text
    assert re.search(r'<tr id="row-run-min" class="differs">', text)
    cont = get_variant("continental")
    monkeypatch.setitem(variants.VARIANTS, "continental", cont.with_house_rules({"twos_wild": True}))
    text = client.get("/rules/compare").get_data(as_text=True)
    assert "jokers, red aces and every 2" in text


def test_comparison_choose_variants_and_only_differences(client):
    text = client.get("/rules/compare?v=continental&v=clenney&diff=1").get_data(as_text=True)
    assert 'href="/rules/joybells"' not in text.split("<table", 1)[1]
    assert 'id="row-deal"' in text  # 12 vs 11 cards
    assert 'id="row-run-min"' not in text  # same: hidden
    r = client.get("/rules/compare?v=continental&v=gin")
    assert r.status_code == 400
    assert "&#39;gin&#39; is not a known variant" in r.get_data(as_text=True)


def test_search_finds_terms_and_links_to_anchors(client):
    r = client.get("/rules/search?q=joker")
    text = r.get_data(as_text=True)
    assert r.status_code == 200
    assert 'href="/rules/continental#' in text and 'href="/rules/joybells#' in text
    text = client.get("/rules/search?q=king+of+spades").get_data(as_text=True)
    assert 'href="/rules/roy#king-of-spades"' in text
    text = client.get("/rules/search?q=qwertyuiop").get_data(as_text=True)
    assert "0 sections found" in text
    r = client.get("/rules/search?q=" + "x" * 300)
    assert r.status_code == 400 and "too long" in r.get_data(as_text=True)


def test_rules_css_and_js_are_served(client):
    for path in ("/static/css/rules.css", "/static/js/tools.js"):
        r = client.get(path)
        assert r.status_code == 200 and r.data
        r.close()
