"""French card letters on French pages (docs/rulings.md, "Card codes on French pages"): typed and
shown, read in the page's language only, the suit symbols in both, and shown back before saving;
the JSON API keeps its English codes."""
from __future__ import annotations

import html
import re

import pytest

from scorekeeper.rules.card_letters import face, read_card, to_code, typed
from scorekeeper.rules.cards import Card, CardError

from support.round_form import api_state, round_data, start

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
EN = {"Accept-Language": "en"}


def words(r) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", r.get_data(as_text=True)))).replace("\u00a0", " ")


@pytest.mark.parametrize("typed_text, card", [
    ("3T", Card("3", "C")), ("3t", Card("3", "C")), ("RC", Card("K", "H")), ("DK", Card("Q", "D")),
    ("VP", Card("J", "S")), ("AT", Card("A", "C")), ("10C", Card("10", "H")), ("D♠", Card("Q", "S")),
    ("Jo", Card(None, None)), ("JK", Card(None, None)), ("R♥\ufe0f", Card("K", "H")),
])
def test_french_letters_are_read_on_a_french_page(typed_text, card):
    assert read_card(typed_text, "fr") == card


@pytest.mark.parametrize("typed_text", ["QS", "KD", "JH", "3S", "AS", "3X"])
def test_english_letters_are_not_french_ones(typed_text):
    with pytest.raises(CardError) as info:
        read_card(typed_text, "fr")
    assert repr(typed_text) in str(info.value) and "V, D, R" in str(info.value)


def test_the_clashing_letters_follow_the_pages_language():
    assert to_code("3C", "fr") == "3H" and to_code("3C", "en") == "3C"  # C: cœur / clubs
    assert to_code("QD", "en") == "QD" and to_code("DK", "fr") == "QD"  # D: dame / diamonds
    with pytest.raises(CardError):
        to_code("DD", "fr")
    assert to_code("3♣", "fr") == to_code("3♣", "en") == "3C"  # symbols in both
    assert face(Card("3", "C"), "fr") == "3♣" and face(Card("K", "H"), "fr") == "R♥" and face(Card("K", "H"), "en") == "K♥"
    assert typed("KH", "fr") == "RC" and typed("10C", "fr") == "10T" and typed("KH", "en") == "KH"


def test_a_french_round_form_takes_3T_as_the_three_of_clubs_and_shows_it_back(client):
    gid = start(client, "clenney", ["Ann", "Bob", "Cy"])
    data = round_data([0, 1, 2], 0, {1: {"mode": "cards", "extra": "3T RC"}, 2: {"mode": "points", "points": "6"}},
                      action="preview")
    r = client.post(f"/games/{gid}/round", data=data, headers=FR)
    assert r.status_code == 200
    page = words(r)
    assert "lu : 3♣ R♥" in page and "Bob : 15 points" in page.replace("\u202f", " ")  # 3 = 5, K = 10 in Clenney
    assert api_state(client, gid)["rounds"] == []  # a preview saves nothing
    r = client.post(f"/games/{gid}/round", data={k: v for k, v in {**data, "save": "1"}.items() if k != "preview"},
                    headers=FR)
    assert r.status_code == 302, words(r)
    rnd = api_state(client, gid)["rounds"][0]
    assert rnd["scores"]["Bob"] == 15
    # the JSON keeps the English codes
    hand = client.get(f"/api/v1/games/{gid}").json["rounds"][0]
    assert "3C" in str(hand) and "KH" in str(hand)
    # correcting the round in French fills the box in French letters
    form = client.get(f"/games/{gid}/rounds/1/correct", headers=FR).get_data(as_text=True)
    assert 'value="3T RC"' in form


def test_a_french_round_form_refuses_english_letters_naming_the_card(client):
    gid = start(client, "clenney", ["Ann", "Bob", "Cy"])
    data = round_data([0, 1, 2], 0, {1: {"mode": "cards", "extra": "QS"}, 2: {"mode": "points", "points": "6"}})
    r = client.post(f"/games/{gid}/round", data=data, headers=FR)
    assert r.status_code == 400
    assert "Bob : 'QS' n’est pas une carte ; une carte, c’est A, 2–10, V, D ou R avec P (pique)" in words(r)
    assert api_state(client, gid)["rounds"] == []
    # the same letters on an English page are the queen of spades
    r = client.post(f"/games/{gid}/round", data=data, headers=EN)
    assert r.status_code == 302 and api_state(client, gid)["rounds"][0]["scores"]["Bob"] == 10


def test_the_tools_read_and_show_french_letters(client):
    r = client.post("/tools/meld", data={"variant": "joybells", "meld1": "3T 4T 5T 6T"}, headers=FR)
    assert r.status_code == 200 and "3♣ 4♣ 5♣ 6♣" in words(r)
    r = client.post("/tools/meld", data={"variant": "joybells", "meld1": "RP RC RK RT"}, headers=FR)
    assert "R♠ R♥ R♦ R♣" in words(r)
    r = client.post("/tools/hand", data={"variant": "clenney", "codes": "3T RC"}, headers=FR)
    assert r.status_code == 200 and "1 × R" in words(r)
    page = client.get("/tools/meld", headers=FR).get_data(as_text=True)
    assert re.findall(r'name="rank" value="(\w+)"', page)[-3:] == ["V", "D", "R"]
    assert re.findall(r'name="add" value="(\w+)"', page)[:4] == ["P", "C", "K", "T"]
    # a keypad tap without JavaScript: R then ♥ adds "RC", read as the king of hearts
    r = client.post("/tools/meld", data={"variant": "joybells", "meld1": "", "rank": "R", "add": "C"}, headers=FR)
    assert 'value="RC"' in r.get_data(as_text=True)
    # English pages are unchanged
    page = client.get("/tools/meld", headers=EN).get_data(as_text=True)
    assert re.findall(r'name="rank" value="(\w+)"', page)[-3:] == ["J", "Q", "K"]


def test_the_api_keeps_english_codes(client):
    r = client.post("/api/v1/variants/clenney/hand-score", json={"cards": ["3T"]}, headers=FR)
    assert r.status_code == 400  # T is ten in English codes; the API reads English only
    r = client.post("/api/v1/variants/clenney/hand-score", json={"cards": ["3C", "KH"]}, headers=FR)
    assert r.status_code == 200 and [line["card"] for line in r.json["lines"]] == ["3C", "KH"]


def value_row_labels(r) -> list[str]:
    """The ranks named beside each card value of the round form's first hand, by value."""
    hand = r.get_data(as_text=True).split('id="hand-0"', 1)[1].split("</fieldset>", 1)[0]
    return [re.sub(r"\s+", " ", small) for small in re.findall(r"<small>([^<]*)</small>", hand.split('class="mode-values"', 1)[1])]


def test_the_rows_by_value_name_the_ranks_in_the_pages_letters(client):
    gid = start(client, "continental", ["Ann", "Bob", "Cy", "Di"])
    assert value_row_labels(client.get(f"/games/{gid}/round", headers=EN)) == ["Joker", "A", "10 J Q K", "2 3 4 5 6 7 8 9"]
    assert value_row_labels(client.get(f"/games/{gid}/round", headers=FR)) == ["Joker", "A", "10 V D R", "2 3 4 5 6 7 8 9"]
