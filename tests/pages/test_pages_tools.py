"""The dispute tools through the test client, for every variant, including bad input."""
from __future__ import annotations

import html
import re

import pytest

from scorekeeper.rules import irregularities
from scorekeeper.rules.variants import all_variants, get_variant
from support.pages import assert_csp_clean, sections

pytestmark = pytest.mark.no_database  # no SQL statement: the PostgreSQL job leaves these out (tests/conftest.py)

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
    cards = re.findall(r'<h3>([^<]+?) <span class="points">(\d+)</span></h3>', text)
    got = dict((name.strip(), int(points)) for name, points in cards)
    assert got == {"Joybells": 15 + 20 + 7 + 20, "Continental": 20 + 20 + 5 + 5, "Le May I": 15 + 20 + 7 + 2,
                   "Clenney May I": 15 + 20 + 5 + 5, "ROY": 5}
    links = applied_links(text)
    assert {vid for vid, _ in links} == set(VARIANTS)
    for vid, anchor in links:
        assert anchor in anchors(vid)
    assert "Continental Rummy (encyclopedia article), Scoring" in text


def test_hand_typed_codes_jokers_and_missing_cards(client):
    r = client.post("/tools/hand", data={"codes": "KS 7h jk", "missing": "2"})
    assert r.status_code == 200
    text = answer(r)
    assert re.search(r"Continental <span class=\"points\">85</span>", text)  # 10 + 5 + 50 + 2 x 10
    assert re.search(r"Joybells <span class=\"points\">57</span>", text)  # 10 + 7 + 20 + 20
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
        assert "Source: " in body and "source 0" not in body and ".txt" not in body
        topic = re.search(r"topic=([\w-]+)", url).group(1)
        silent = next(t for t in topics if t.key == topic).is_silent(v)
        if "step=out&" in url and topic == "laid-down-illegally":  # going out on an illegal meld: our own ruling
            silent = False
        assert ("say nothing" in body) == silent, url
        if silent and v.is_contract_game:
            assert "Continental ruling" in body
    assert rulings_seen == sum(len(t.rulings(v)) for t in topics)


def test_guide_uses_each_variants_own_source(client):
    body = answer(client.get("/tools/irregularities?variant=clenney&topic=illegal-draw&step=no&step=one"))
    assert "Clenney family May I (a family's rules)" in body and "say nothing" not in body
    body = answer(client.get("/tools/irregularities?variant=continental&topic=illegal-draw&step=no&step=one"))
    assert "middle of the stock" in body and "Continental Rummy (encyclopedia article)" in body
    body = answer(client.get("/tools/irregularities?variant=le-may-i&topic=stock"))
    assert "Le May I (French rules)" in body and "Shuffle" in body
    body = answer(client.get("/tools/irregularities?variant=joybells&topic=stock&step=yes"))
    assert "say nothing" in body and "Continental ruling (Continental Rummy (encyclopedia article), Stock pile depletion)" in body


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


# ----- meld and contract checker ------------------------------------------------------------

CONTRACT_VARIANTS = [v.id for v in all_variants() if v.is_contract_game]
SUITS4 = ["H", "S", "D", "C"]


def a_set(v, rank="8"):
    return " ".join(f"{rank}{SUITS4[i % 4]}" for i in range(v.melds.set_min))


def applied_list(text: str) -> list[tuple[str, str]]:
    block = text.split('class="applied-list"', 1)[1] if 'class="applied-list"' in text else ""
    return re.findall(r'class="rule-link" href="/rules/([\w-]+)#([\w-]+)"', block)


def test_meld_form_renders_with_a_keypad(client):
    r = client.get("/tools/meld?variant=joybells")
    text = r.get_data(as_text=True)
    assert r.status_code == 200
    assert '<option value="joybells" selected>' in text
    assert 'name="rank" value="10"' in text and 'name="add" value="H"' in text and 'name="add" value="JK"' in text
    assert 'name="add" value="JK"' not in client.get("/tools/meld?variant=clenney").get_data(as_text=True)
    assert_csp_clean(text)


@pytest.mark.parametrize("vid", CONTRACT_VARIANTS)
def test_meld_checker_legal_set_and_contract(client, anchors, vid):
    v = get_variant(vid)
    r = client.post("/tools/meld", data={"variant": vid, "meld1": a_set(v)})
    assert r.status_code == 200
    body = answer(r)
    assert '<span class="verdict-tag">Legal</span>' in body and "Set of 8s" in body
    links = applied_list(body)
    assert links and all(x == vid and a in anchors(vid) for x, a in links)
    # round 1 is two sets everywhere
    r = client.post("/tools/meld", data={"variant": vid, "round": "1", "meld1": a_set(v), "meld2": a_set(v, "K")})
    body = answer(r)
    assert '<span class="verdict-tag">Legal</span>' in body and "Round 1: 2 sets" in body
    assert ("contracts" in {a for _, a in applied_list(body)})
    # one set short of the contract
    r = client.post("/tools/meld", data={"variant": vid, "round": "1", "meld1": a_set(v)})
    body = answer(r)
    assert '<span class="verdict-tag">Not legal</span>' in body and f"Round 1 of {v.name}" in body


@pytest.mark.parametrize("vid", CONTRACT_VARIANTS)
def test_meld_checker_illegal_meld_says_why(client, vid):
    r = client.post("/tools/meld", data={"variant": vid, "meld1": "8H 8S"})
    body = answer(r)
    assert '<span class="verdict-tag">Not legal</span>' in body
    assert f"at least {get_variant(vid).melds.set_min} cards of one rank in {get_variant(vid).name}" in body


def test_meld_checker_shows_what_each_wild_stands_for(client):
    body = answer(client.post("/tools/meld", data={"variant": "continental", "meld1": "4C 5C 6C AH"}))
    assert "Run in" in body and "stands for" in body and "7♣" in body
    body = answer(client.post("/tools/meld", data={"variant": "joybells", "meld1": "8H 8S 8D JK"}))
    assert 'Joker</span> stands for <span class="cardface">8</span>' in body
    # the Continental house option makes 2s wild
    body = answer(client.post("/tools/meld", data={"variant": "continental", "meld1": "8H 8S 2C"}))
    assert "Not legal" in body
    body = answer(client.post("/tools/meld", data={"variant": "continental", "meld1": "8H 8S 2C", "twos_wild": "y"}))
    assert '<span class="verdict-tag">Legal</span>' in body and 'stands for <span class="cardface">8</span>' in body


def test_meld_checker_clenney_two_runs_of_one_suit(client):
    body = answer(client.post("/tools/meld", data={"variant": "clenney", "round": "3",
                                                   "meld1": "AH 2H 3H 4H", "meld2": "6H 7H 8H 9H"}))
    assert "Not legal" in body and "Two runs of one suit" in body
    assert ("clenney", "melds") in applied_list(body)


def test_meld_keypad_works_without_javascript(client):
    r = client.post("/tools/meld", data={"variant": "continental", "meld1": "8H 8S", "target": "meld1",
                                         "rank": "8", "add": "D"})
    assert r.status_code == 200
    text = r.get_data(as_text=True)
    assert 'name="meld1" value="8H 8S 8D"' in text
    assert '<span class="verdict-tag">Legal</span>' in answer(r)
    r = client.post("/tools/meld", data={"variant": "continental", "meld1": "8H 8S 8D", "target": "meld2",
                                         "add": "JK"})
    assert 'name="meld2" value="JK"' in r.get_data(as_text=True)
    r = client.post("/tools/meld", data={"variant": "continental", "meld1": "8H 8S 8D", "target": "meld1", "undo": "1"})
    assert 'name="meld1" value="8H 8S"' in r.get_data(as_text=True)
    r = client.post("/tools/meld", data={"variant": "continental", "meld1": "8H 8S 8D", "target": "meld1", "clear": "1"})
    assert r.status_code == 200 and 'name="meld1" value=""' in r.get_data(as_text=True)


@pytest.mark.parametrize("data, message", [
    ({"variant": "continental", "meld1": "8H QX"}, "Meld 1: card 2: 'QX' is not a card"),
    ({"variant": "le-may-i", "meld1": "8H 8S JK"}, "Meld 1: 'JK' cannot be used: Le May I is played without jokers"),
    ({"variant": "clenney", "meld2": "JK 8H 8S"}, "Meld 2: 'JK' cannot be used: Clenney May I is played without jokers"),
    ({"variant": "le-may-i", "round": "6", "meld1": "8H 8S 8D"}, "Round: round 6 is out of range: Le May I has rounds 1 to 5"),
    ({"variant": "continental", "round": "x", "meld1": "8H 8S 8D"}, "Round: 'x' is not a whole number"),
    ({"variant": "canasta", "meld1": "8H 8S 8D"}, "Variant: 'canasta' is not a known variant"),
    ({"variant": "roy", "meld1": "8H 8S 8D"}, "Variant: ROY cannot be used here"),
    ({"variant": "continental"}, "Meld 1: no cards yet"),
])
def test_meld_checker_bad_input(client, data, message):
    r = client.post("/tools/meld", data=data)
    assert r.status_code == 400
    assert any(e.startswith(message) for e in errors(r)), errors(r)


# ----- May I resolver -----------------------------------------------------------------------

MAY_I_VARIANTS = [v.id for v in all_variants() if v.may_i.allowed]


@pytest.mark.parametrize("vid", MAY_I_VARIANTS)
def test_may_i_closest_claimant_to_the_current_player(client, anchors, vid):
    v = get_variant(vid)
    n = v.players.min
    # seat 1 discards; seat 2 is the current player; seats 3 and n claim: seat 3 is closest
    r = client.post("/tools/may-i", data={"variant": vid, "players": str(n), "discarder": "1",
                                          "claimants": ["3", str(n)]})
    assert r.status_code == 200
    body = answer(r)
    assert '<span class="verdict-tag">Seat 3</span> gets the card' in body
    assert "<dt>Penalty cards</dt><dd>1</dd>" in body
    assert "<dt>Seat 2 draws from</dt><dd>the stock</dd>" in body
    links = applied_list(body)
    assert ("%s" % vid, "may-i") in links and all(a in anchors(vid) for _, a in links)
    # the current player claims too: they take it as their draw, no penalty
    body = answer(client.post("/tools/may-i", data={"variant": vid, "players": str(n), "discarder": "1",
                                                    "claimants": ["2", "3"]}))
    assert '<span class="verdict-tag">Seat 2</span> gets the card' in body and "<dt>Penalty cards</dt><dd>0</dd>" in body


def test_may_i_wraps_around_the_table(client):
    body = answer(client.post("/tools/may-i", data={"variant": "continental", "players": "6", "discarder": "5",
                                                    "claimants": ["2", "4"]}))
    # seat 6 is current; after it come 1, 2, 3, 4: seat 2 is closest
    assert '<span class="verdict-tag">Seat 2</span> gets the card' in body
    assert "current player (seat 6)" in body


def test_may_i_house_option_and_several_discards(client):
    data = {"variant": "continental", "players": "4", "discarder": "1", "claimants": ["3"], "round": "6"}
    body = answer(client.post("/tools/may-i", data=data))
    assert "gets the card" in body
    body = answer(client.post("/tools/may-i", data={**data, "no_may_i_in_last_three_rounds": "y"}))
    assert "No May I" in body and "round 6 is one of them" in body and "Rule Variations" in body
    body = answer(client.post("/tools/may-i", data={**data, "round": "4", "no_may_i_in_last_three_rounds": "y"}))
    assert "gets the card" in body
    several = {"players": "4", "discarder": "1", "claimants": ["3"], "cards": "3"}
    body = answer(client.post("/tools/may-i", data={**several, "variant": "le-may-i"}))
    assert "<dt>Penalty cards</dt><dd>3</dd>" in body
    body = answer(client.post("/tools/may-i", data={**several, "variant": "clenney"}))
    assert "No May I" in body and "Only the most recent discard" in body


def test_may_i_nobody_claims(client):
    body = answer(client.post("/tools/may-i", data={"variant": "joybells", "players": "4", "discarder": "4"}))
    assert "No May I" in body and "seat 1 draws as usual" in body


@pytest.mark.parametrize("data, message", [
    ({"variant": "continental", "players": "4", "discarder": "2", "claimants": ["2"]},
     "Claimant: seat 2 discarded the card and cannot claim their own discard"),
    ({"variant": "joybells", "players": "7", "discarder": "2"}, "Players: 7 players is out of range: Joybells is for 3 to 6"),
    ({"variant": "continental", "players": "lots", "discarder": "2"}, "Players: 'lots' is not a whole number"),
    ({"variant": "continental", "players": "4", "discarder": "6"}, "Discarder: seat 6 is out of range: with 4 players"),
    ({"variant": "continental", "players": "4"}, "Who discarded? Tap the seat"),
    ({"variant": "continental", "players": "4", "discarder": "1", "claimants": ["5"]}, "Claimant: seat 5 is out of range"),
    ({"variant": "le-may-i", "players": "4", "discarder": "1", "claimants": ["3"], "round": "7"},
     "Round: round 7 is out of range: Le May I has rounds 1 to 5"),
    ({"variant": "continental", "players": "4", "discarder": "1", "cards": "0"}, "Discards asked for: 0 is out of range"),
    ({"variant": "roy", "players": "5", "discarder": "1"}, "Players: 5 players is out of range"),
    ({"variant": "gin", "players": "3", "discarder": "1"}, "Variant: 'gin' is not a known variant"),
])
def test_may_i_bad_input(client, data, message):
    r = client.post("/tools/may-i", data=data)
    assert r.status_code == 400
    assert any(e.startswith(message) for e in errors(r)), errors(r)


def test_may_i_seats_follow_the_player_count(client):
    text = client.post("/tools/may-i", data={"variant": "continental", "players": "6", "seats": "1"}).get_data(as_text=True)
    assert '<tr data-seat="6" class' in text and '<tr data-seat="7" hidden' in text


# ----- ROY play checker ---------------------------------------------------------------------

@pytest.mark.parametrize("data, legal, expect, anchor", [
    ({"top": "9H", "cards": "9S 10S 10D"}, True, "<dt>Next player draws</dt><dd>0</dd>", "chains"),
    ({"top": "9H", "cards": "2C"}, False, "must match the top card 9H", "turn"),
    ({"top": "QH", "cards": "KH AH"}, True, "must play an ace or draw 2", "aces"),
    ({"top": "KH", "cards": "AH 2H"}, False, "A-2 is not a chain", "chains"),
    ({"top": "9H", "cards": "JC", "announce": "D"}, True, "the suit is now diamonds", "jacks"),
    ({"top": "JH", "announced_suit": "S", "cards": "4S"}, True, "Legal", "turn"),
    ({"top": "JH", "announced_suit": "S", "cards": "4H"}, False, "suit was changed to spades", "jacks"),
    ({"top": "AH", "pending": "2", "cards": "AS"}, True, "draw 4", "aces"),
    ({"top": "AH", "pending": "2", "cards": "5H"}, False, "must start with an ace or draw 2", "aces"),
    ({"top": "AH", "pending": "4", "cards": ""}, True, "<dt>This player draws</dt><dd>4</dd>", "aces"),
    ({"top": "9H", "cards": "KS"}, False, "must match", "turn"),
    ({"top": "QS", "cards": "KS"}, True, "<dt>Next player's turn</dt><dd>lost</dd>", "king-of-spades"),
])
def test_roy_play_checker(client, anchors, data, legal, expect, anchor):
    r = client.post("/tools/roy", data=data)
    assert r.status_code == 200
    raw = r.get_data(as_text=True)
    body = re.search(r'<section id="answer".*?</section>', raw, re.S).group(0)
    assert ('<span class="verdict-tag">Legal</span>' in body) == legal
    assert expect in body or expect in html.unescape(body), body
    links = applied_list(body)
    assert ("roy", anchor) in links, links
    assert all(a in anchors("roy") for _, a in links)


def test_roy_keypad_sets_the_top_card_and_adds_plays(client):
    r = client.post("/tools/roy", data={"top": "9H", "cards": "", "target": "top", "rank": "Q", "add": "S"})
    assert 'name="top" value="QS"' in r.get_data(as_text=True)
    r = client.post("/tools/roy", data={"top": "QS", "cards": "QH", "target": "cards", "rank": "K", "add": "H"})
    text = r.get_data(as_text=True)
    assert 'name="cards" value="QH KH"' in text and '<span class="verdict-tag">Legal</span>' in text


@pytest.mark.parametrize("data, message", [
    ({"top": "9X", "cards": "9S"}, "Top card: top card 1: '9X' is not a card"),
    ({"top": "", "cards": "9S"}, "Top card: '' should be exactly one card"),
    ({"top": "9H 9S", "cards": "9D"}, "Top card: '9H 9S' should be exactly one card"),
    ({"top": "9H", "cards": "9S ZZ"}, "Cards played: card 2: 'ZZ' is not a card"),
    ({"top": "9H", "cards": "JK"}, "Cards played: 'JK' cannot be used: ROY is played without jokers"),
    ({"top": "9H", "cards": "9S 9S"}, "Cards played: '9S' appears twice"),
    ({"top": "9H", "cards": "JC"}, "Suit named: a jack played alone changes the suit"),
    ({"top": "9H", "announced_suit": "S", "cards": "9S"}, "Suit named with the jack on top: 'S' was announced, but the top card 9H is not a J"),
    ({"top": "9H", "pending": "2", "cards": "9S"}, "Cards owed: 2 cards are pending, but the top card 9H is not an ace"),
    ({"top": "AH", "pending": "3", "cards": ""}, "Cards owed: 3 cannot be pending"),
    ({"top": "AH", "pending": "x", "cards": ""}, "Cards waiting: 'x' is not a whole number"),
    ({"top": "9H", "cards": "9S", "announce": "Z"}, "Suit named: 'Z' is not a suit"),
])
def test_roy_bad_input(client, data, message):
    r = client.post("/tools/roy", data=data)
    assert r.status_code == 400
    assert any(e.startswith(message) for e in errors(r)), errors(r)


def test_every_tool_page_is_csp_clean_and_links_back(client):
    for path in ("/tools/hand", "/tools/decks", "/tools/irregularities", "/tools/meld", "/tools/may-i", "/tools/roy"):
        r = client.get(path)
        assert r.status_code == 200, path
        text = r.get_data(as_text=True)
        assert_csp_clean(text)
        assert 'src="/static/js/tools.js?v=' in text or path == "/tools/irregularities"


@pytest.fixture
def csrf_client(app_factory):
    """A client of an app with CSRF on, as in production (made before the test: no_database)."""
    return app_factory(RATELIMIT_ENABLED=False).test_client()


def test_tools_post_with_csrf_on(csrf_client):
    """CSRF is on in production: the forms carry the token; a post without it is refused."""
    client = csrf_client
    for path, data in (("/tools/hand", {"n_A": "1"}), ("/tools/decks", {"players": "4"}),
                       ("/tools/meld", {"variant": "continental", "meld1": "8H 8S 8D"}),
                       ("/tools/may-i", {"variant": "continental", "players": "4", "discarder": "1"}),
                       ("/tools/roy", {"top": "9H", "cards": "9S"})):
        text = client.get(path).get_data(as_text=True)
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', text).group(1)
        assert client.post(path, data={**data, "csrf_token": token}).status_code == 200, path
        assert client.post(path, data=data).status_code == 400, path
