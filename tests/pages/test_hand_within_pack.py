"""The round form's hands (docs/games.md, "One hand, typed or ticked"): a hand beyond the pack is
refused by Save and Preview with the sentence naming the player, the card and the pack, in the
page's language; every typing error of a hand is said at once, each naming the card as typed;
the typed box is the whole hand, kept as typed when the form comes back."""
from __future__ import annotations

import pytest
from support.round_form import api_state, round_data, start, text

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
EN = {"Accept-Language": "en"}


def continental_of_four(client) -> str:
    return start(client, "continental", ["Ann", "Bob", "Cy", "Dan"])


def four_tens(typed: str, action: str = "save") -> dict:
    return round_data([0, 1, 2, 3], 0, {1: {"mode": "points", "points": "5"}, 2: {"mode": "points", "points": "5"},
                                        3: {"mode": "cards", "extra": typed}}, action=action)


def test_four_ten_of_hearts_are_refused_by_save_and_preview_in_english(client):
    gid = continental_of_four(client)
    for action in ("save", "preview"):
        r = client.post(f"/games/{gid}/round", data=four_tens("10h 10h 10h 10h", action), headers=EN)
        assert r.status_code == 400, action
        assert "Dan: four 10♥, but 2 decks hold only two" in text(r), action
    assert api_state(client, gid)["rounds"] == []


def test_four_ten_of_hearts_are_refused_in_french_letters(client):
    gid = continental_of_four(client)
    r = client.post(f"/games/{gid}/round", data=four_tens("10C 10C 10C 10♥"), headers=FR)
    assert r.status_code == 400
    assert "Dan\u00a0: quatre 10♥, mais 2 jeux n’en contiennent que deux" in text(r)
    assert 'value="10C 10C 10C 10♥"' in text(r)  # the hand comes back as typed
    assert api_state(client, gid)["rounds"] == []


def test_two_copies_are_one_hand_of_two_cards(client):
    gid = continental_of_four(client)
    r = client.post(f"/games/{gid}/round", data=four_tens("10h 10h", "preview"), headers=EN)
    assert r.status_code == 200
    assert "Dan: <strong>20</strong> points" in r.get_data(as_text=True)


def test_more_cards_of_a_value_than_the_pack_holds_are_refused(client):
    gid = continental_of_four(client)
    data = round_data([0, 1, 2, 3], 0, {1: {"mode": "values", "v50": "5"}, 2: {"mode": "points", "points": "5"},
                                        3: {"mode": "values", "v20": "9"}})
    r = client.post(f"/games/{gid}/round", data=data, headers=EN)
    assert r.status_code == 400
    page = text(r)
    assert "Bob: five cards worth 50 points, but 2 decks hold only four" in page
    assert "Dan: nine cards worth 20 points, but 2 decks hold only eight" in page  # every player's at once
    assert api_state(client, gid)["rounds"] == []


TYPOS = {
    "en": ("10X Jk 7H 1O", EN, ["Bob: '10X' is not a card", "Bob: 'Jk' is not in the pack: this game is played without jokers",
                                "Bob: '1O' is not a card"]),
    "fr": ("10h Jk 7C 1O", FR, ["Bob\u00a0: '10h' n’est pas une carte",
                                "Bob\u00a0: 'Jk' n’est pas dans le paquet\u00a0: ce jeu se joue sans joker",
                                "Bob\u00a0: '1O' n’est pas une carte"]),
}


@pytest.mark.parametrize("language", list(TYPOS))
def test_three_typos_are_said_together(client, language):
    typed, headers, said = TYPOS[language]
    gid = start(client, "le-may-i", ["Ann", "Bob", "Cy"])
    data = round_data([0, 1, 2], 0, {1: {"mode": "cards", "extra": typed}, 2: {"mode": "points", "points": "5"}})
    page = text(client.post(f"/games/{gid}/round", data=data, headers=headers))
    assert all(sentence in page for sentence in said)
    assert api_state(client, gid)["rounds"] == []


def test_the_corrected_line_is_the_whole_hand(client):
    """The retyped line replaces the one with the typo: 42 for R♥ 7♠ V♦ A♠, never 69."""
    gid = start(client, "le-may-i", ["Ann", "Bob", "Cy"])
    data = round_data([0, 1, 2], 0, {1: {"mode": "cards", "extra": "RC 7P VK AS"}, 2: {"mode": "points", "points": "5"}},
                      action="preview")
    page = text(client.post(f"/games/{gid}/round", data=data, headers=FR))
    assert "Bob\u00a0: 'AS' n’est pas une carte" in page
    assert 'value="RC 7P VK AS"' in page  # nothing moved out of the line
    data = round_data([0, 1, 2], 0, {1: {"mode": "cards", "extra": "RC 7P VK AP"}, 2: {"mode": "points", "points": "5"}})
    assert client.post(f"/games/{gid}/round", data=data, headers=FR).status_code == 302
    assert api_state(client, gid)["rounds"][0]["scores"]["Bob"] == 42
