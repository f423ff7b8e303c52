"""The dispute tools through the test client, for every variant, including bad input."""
from __future__ import annotations

import html
import re

import pytest

from scorekeeper.rules import irregularities
from scorekeeper.rules.variants import all_variants, get_variant
from tests.test_pages_rules import assert_csp_clean, sections

VARIANTS = [v.id for v in all_variants()]


def errors(r) -> list[str]:
    return [html.unescape(e) for e in re.findall(r'class="field-error"[^>]*>([^<]*)<', r.get_data(as_text=True))]


def answer(r) -> str:
    text = r.get_data(as_text=True)
    m = re.search(r'<section id="answer".*?</section>', text, re.S)
    assert m, "no answer section"
    return html.unescape(m.group(0))


def applied_links(text: str) -> list[tuple[str, str]]:
    return re.findall(r'class="applied">Rule applied: <a class="rule-link" href="/rules/([\w-]+)#([\w-]+)"', text)


@pytest.fixture
def anchors(client):
    cache = {}

    def get(vid):
        if vid not in cache:
            cache[vid] = set(sections(client.get(f"/rules/{vid}").get_data(as_text=True)))
        return cache[vid]
    return get


# ----- hand calculator ------------------------------------------------------------------------

def test_hand_form_renders(client):
    r = client.get("/tools/hand")
    assert r.status_code == 200
    text = r.get_data(as_text=True)
    for key in ("A", "K", "10", "2", "JK"):
        assert f'name="n_{key}"' in text
    assert_csp_clean(text)


def test_hand_penalty_under_every_variant(client, anchors):
    r = client.post("/tools/hand", data={"n_A": "1", "n_K": "2", "n_7": "1", "n_2": "1", "missing": "0"})
    assert r.status_code == 200
    text = answer(r)
    cards = re.findall(r'<h3>([^<]+?) <span class="big">(\d+)</span></h3>', text)
    got = dict((name.strip(), int(points)) for name, points in cards)
    assert got == {"Joybells": 15 + 20 + 7 + 20, "Continental": 20 + 20 + 5 + 5, "Le May I": 15 + 20 + 7 + 2,
                   "Clenney May I": 15 + 20 + 5 + 5, "ROY": 5}
    links = applied_links(text)
    assert {vid for vid, _ in links} == set(VARIANTS)
    for vid, anchor in links:
        assert anchor in anchors(vid)
    assert "source 001, Scoring" in text


def test_hand_typed_codes_jokers_and_missing_cards(client):
    r = client.post("/tools/hand", data={"codes": "KS 7h jk", "missing": "2"})
    assert r.status_code == 200
    text = answer(r)
    assert re.search(r"Continental <span class=\"big\">85</span>", text)  # 10 + 5 + 50 + 2 x 10
    assert re.search(r"Joybells <span class=\"big\">57</span>", text)  # 10 + 7 + 20 + 20
    assert "'JK' cannot be used: Le May I is played without jokers" in text
    assert "'JK' cannot be used: Clenney May I is played without jokers" in text


@pytest.mark.parametrize("data, message", [
    ({"codes": "QX"}, "card 1: 'QX' is not a card"),
    ({"codes": "KS 11H"}, "card 2: '11H' is not a card"),
    ({"n_A": "x"}, "A: 'x' is not a whole number from 0 to 24"),
    ({"n_K": "99"}, "K: 99 is out of range (0 to 24)"),
    ({"n_K": "1", "missing": "-1"}, "Missing cards: '-1' is not a whole number from 0 to 60"),
    ({}, "No cards: tap the cards left in the hand, or type them."),
])
def test_hand_bad_input_is_named_beside_the_field(client, data, message):
    r = client.post("/tools/hand", data=data)
    assert r.status_code == 400
    assert any(e.startswith(message) for e in errors(r)), errors(r)
    assert 'id="answer"' in r.get_data(as_text=True) and "Penalty under every variant" not in r.get_data(as_text=True)


def test_hand_highlights_the_variant_it_was_opened_for(client):
    r = client.post("/tools/hand?variant=clenney", data={"n_A": "1"})
    assert re.search(r'class="answer-card highlight">\s*<h3>Clenney May I', r.get_data(as_text=True))


# ----- deck calculator ------------------------------------------------------------------------

@pytest.mark.parametrize("players", range(2, 9))
def test_decks_for_every_table_size(client, anchors, players):
    r = client.post("/tools/decks", data={"players": str(players)})
    assert r.status_code == 200
    text = answer(r)
    for v in all_variants():
        if players in v.players:
            pack = v.pack(players)
            assert re.search(rf"<h3>{re.escape(v.name)}</h3>\s*<dl class=\"facts\">\s*<div><dt>Decks</dt><dd>{pack.decks}</dd>",
                             text), (v.id, players)
        else:
            assert f"{players} players is out of range: {v.name} is for" in text
    for vid, anchor in applied_links(text):
        assert anchor == "setup" and anchor in anchors(vid)


def test_decks_quick_pick_button_posts_the_count(client):
    text = client.get("/tools/decks").get_data(as_text=True)
    assert '<button type="submit" name="players" value="7"' in text
    text = answer(client.post("/tools/decks", data={"players": "7"}))
    assert "<dt>Cards</dt><dd>216</dd>" in text  # Continental: 4 decks + 8 jokers


@pytest.mark.parametrize("value, message", [
    ("9", "Players: 9 players is out of range: the variants are for 2 to 8 players"),
    ("1", "Players: 1 players is out of range"),
    ("four", "Players: 'four' is not a whole number"),
    ("", "Players: '' is not a whole number"),
])
def test_decks_bad_input(client, value, message):
    r = client.post("/tools/decks", data={"players": value})
    assert r.status_code == 400
    assert any(e.startswith(message) for e in errors(r)), errors(r)


# ----- irregularity guide ---------------------------------------------------------------------

def test_guide_starts_with_the_variant(client):
    text = client.get("/tools/irregularities").get_data(as_text=True)
    for vid in VARIANTS:
        assert f'href="/tools/irregularities?variant={vid}"' in text


@pytest.mark.parametrize("vid", VARIANTS)
def test_guide_every_path_ends_in_a_cited_ruling(client, anchors, vid):
    v = get_variant(vid)
    topics = irregularities.topics(v, include_own_sections=True)
    text = client.get(f"/tools/irregularities?variant={vid}").get_data(as_text=True)
    for t in topics:
        assert f"topic={t.key}" in text
    rulings_seen = 0
    queue = [f"/tools/irregularities?variant={vid}&topic={t.key}" for t in topics]
    seen = set()
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        r = client.get(url)
        assert r.status_code == 200, url
        page = r.get_data(as_text=True)
        assert_csp_clean(page)
        choices = [html.unescape(h) for h in re.findall(r'class="button choice" href="([^"]+)"', page)]
        if choices:
            assert 'class="question"' in page
            queue.extend(choices)
            continue
        rulings_seen += 1
        body = answer(r)
        assert "Ruling:" in body
        links = applied_links(body)
        assert len(links) == 1 and links[0][0] == vid and links[0][1] in anchors(vid), (url, links)
        assert "Source: source 0" in body or "Source: scorekeeper rulings" in body
        topic = re.search(r"topic=([\w-]+)", url).group(1)
        silent = next(t for t in topics if t.key == topic).is_silent(v)
        assert ("say nothing" in body) == silent, url
        if silent and v.is_contract_game:
            assert "Continental ruling" in body
    assert rulings_seen == sum(len(t.rulings(v)) for t in topics)


def test_guide_uses_each_variants_own_source(client):
    body = answer(client.get("/tools/irregularities?variant=clenney&topic=illegal-draw&step=no&step=one"))
    assert "source 004 (Clenney family May I" in body and "say nothing" not in body
    body = answer(client.get("/tools/irregularities?variant=continental&topic=illegal-draw&step=no&step=one"))
    assert "middle of the stock" in body and "source 001" in body
    body = answer(client.get("/tools/irregularities?variant=le-may-i&topic=stock"))
    assert "source 003" in body and "Shuffle" in body
    body = answer(client.get("/tools/irregularities?variant=joybells&topic=stock&step=yes"))
    assert "say nothing" in body and "Continental ruling (source 001, Stock pile depletion)" in body


def test_guide_trail_can_be_changed(client):
    text = client.get("/tools/irregularities?variant=continental&topic=out-of-turn&step=no&step=no").get_data(as_text=True)
    assert 'href="/tools/irregularities?variant=continental&amp;topic=out-of-turn&amp;step=no">change</a>' in text


@pytest.mark.parametrize("query, message", [
    ("variant=gin", "Variant: 'gin' is not a known variant"),
    ("variant=joybells&topic=cheating", "Irregularity: 'cheating' is not an irregularity the guide covers for Joybells"),
    ("variant=roy&topic=missing-score", "Irregularity: 'missing-score' is not an irregularity the guide covers for ROY"),
    ("variant=continental&topic=out-of-turn&step=perhaps", "Answer 1: 'perhaps' is not an answer to"),
    ("variant=continental&topic=out-of-turn&step=yes&step=no", "Answer 2: 'no': the guide had already reached its ruling"),
])
def test_guide_bad_input(client, query, message):
    r = client.get(f"/tools/irregularities?{query}")
    assert r.status_code == 400
    assert any(e.startswith(message) for e in errors(r)), errors(r)
