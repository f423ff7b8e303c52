"""A round is entered once: a round form carries the number of the round it is for, and a form
posted for another round (Back after Save, a double tap, a stale tab, a second phone) stores
nothing and says which round is saved, with its scores, in both languages."""
from __future__ import annotations

import re

from test_pages_games import api_state, post_round, round_data, start, text

FR = "fr-FR,fr;q=0.9,en;q=0.5"


def _points(a, b):
    return {1: {"mode": "points", "points": str(a)}, 2: {"mode": "points", "points": str(b)}}


def test_the_round_form_says_which_round_it_is_for(client):
    gid = start(client, "clenney", ["Ann", "Bob", "Cy"])
    page = text(client.get(f"/games/{gid}/round"))
    assert re.search(r'<input[^>]*name="round"[^>]*value="1"', page) or \
        re.search(r'<input[^>]*value="1"[^>]*name="round"', page)
    assert post_round(client, gid, round_data([0, 1, 2], 0, _points(5, 6), number=1)).status_code == 302
    page = text(client.get(f"/games/{gid}/round"))
    assert re.search(r'<input[^>]*name="round"[^>]*value="2"', page) or \
        re.search(r'<input[^>]*value="2"[^>]*name="round"', page)


def test_a_form_for_a_saved_round_stores_nothing_and_says_it_is_saved(client):
    gid = start(client, "clenney", ["Ann", "Bob", "Cy"])
    first = round_data([0, 1, 2], 0, _points(5, 6), number=1, key="k1")
    assert post_round(client, gid, first).status_code == 302
    # Back after Save then Save: round 1's form again, or its entries under another key
    for again in (first, round_data([0, 1, 2], 1, {0: {"mode": "points", "points": "9"},
                                                     2: {"mode": "points", "points": "7"}}, number=1, key="k2")):
        r = post_round(client, gid, again)
        assert r.status_code == 409
        page = text(r)
        assert "Round 1 is saved: Ann 0 · Bob 5 · Cy 6." in page
        assert f'href="/games/{gid}/round"' in page and "Record round 2" in page
        assert "Correct round 1" in page
    state = api_state(client, gid)
    assert len(state["rounds"]) == 1 and state["totals"] == {"Ann": 0, "Bob": 5, "Cy": 6}


def test_a_form_for_a_later_round_stores_nothing(client):
    gid = start(client, "clenney", ["Ann", "Bob", "Cy"])
    r = post_round(client, gid, round_data([0, 1, 2], 0, _points(5, 6), number=3))
    assert r.status_code == 409
    assert "Round 3 cannot be recorded yet" in text(r) and "round 1" in text(r)
    assert api_state(client, gid)["rounds"] == []


def test_a_form_without_a_round_number_is_recorded_as_before(client):
    gid = start(client, "clenney", ["Ann", "Bob", "Cy"])
    assert post_round(client, gid, round_data([0, 1, 2], 0, _points(5, 6))).status_code == 302
    assert post_round(client, gid, round_data([0, 1, 2], 0, _points(1, 2))).status_code == 302
    assert len(api_state(client, gid)["rounds"]) == 2


def test_in_french_and_for_roy_and_after_the_last_round(client):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = FR
    gid = start(client, "clenney", ["Ann", "Bob", "Cy"])
    assert post_round(client, gid, round_data([0, 1, 2], 0, _points(5, 6), number=1)).status_code == 302
    r = post_round(client, gid, round_data([0, 1, 2], 0, _points(5, 6), number=1))
    assert r.status_code == 409
    assert "La manche 1 est enregistrée\u00a0: Ann 0 · Bob 5 · Cy 6." in text(r)
    assert "Enregistrer la manche 2" in text(r)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    roy = start(client, "roy", ["Ann", "Bob"])
    hand = {"went_out": "0", "save": "1", "round": "1", "hands-0-seat": "0", "hands-1-seat": "1", "hands-1-count": "3"}
    assert client.post(f"/games/{roy}/round", data=hand).status_code == 302
    r = client.post(f"/games/{roy}/round", data=hand)
    assert r.status_code == 409 and "Hand 1 is saved" in text(r) and "Record hand 2" in text(r)
    assert len(api_state(client, roy)["rounds"]) == 1


def test_after_the_last_round_a_stale_form_still_says_it_is_saved(client):
    gid = start(client, "joybells", ["Ann", "Bob", "Cy"])
    for n in range(1, 8):
        assert post_round(client, gid, round_data([0, 1, 2], 0, _points(5, 5), number=n)).status_code == 302
    assert api_state(client, gid)["status"] == "complete"
    r = post_round(client, gid, round_data([0, 1, 2], 0, _points(9, 9), number=7))
    assert r.status_code == 409 and "Round 7 is saved" in text(r) and "Record round" not in text(r)
    assert len(api_state(client, gid)["rounds"]) == 7


def test_the_browser_finds_an_icon_at_favicon_ico(client):
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.mimetype == "image/vnd.microsoft.icon"
    assert r.data[:4] == b"\x00\x00\x01\x00" and len(r.data) > 1000  # an ICO file, with its images
    assert "max-age" in r.headers["Cache-Control"]
