"""The pages' side of hands from the players' phones (scorekeeper/web/games/hands.py): the share page's
hand-in link (made with the edit right, CSRF-protected, a new one ends the old), the "My hand" page
and what it polls (ETag, 304), and the proposals the scorekeeper's round form polls."""
from __future__ import annotations

import re

from support.round_form import csrf_of, post_round, round_data, start, text


def hand_link(client, gid) -> str:
    r = client.post(f"/games/{gid}/hand-link")
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/games/{gid}/share#hands")
    page = text(client.get(f"/games/{gid}/share"))
    found = re.search(r'value="(http://[^"]+/games/' + gid + r'/hand#token=([^"]+))"', page)
    assert found, page
    return found.group(2)


def propose(client, gid, number, name, hand, token):
    return client.put(f"/api/v1/games/{gid}/rounds/{number}/proposals/{name}", json=hand,
                      headers={"Authorization": f"Bearer {token}"})


def test_share_page_makes_the_hand_in_link_and_a_new_one_ends_the_old(client):
    gid = start(client, "joybells", ["Ann", "Bob", "Cy"])
    page = text(client.get(f"/games/{gid}/share"))
    assert "Hands from each phone" in page and "Make the hand-in link" in page and "/hand#token=" not in page
    assert client.get(f"/games/{gid}/hand-link/qr.svg").status_code == 404  # none made yet
    old = hand_link(client, gid)
    qr = client.get(f"/games/{gid}/hand-link/qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml" and qr.headers["Cache-Control"] == "no-store"
    assert propose(client, gid, 1, "Bob", {"points": 25}, old).status_code == 200
    new = hand_link(client, gid)
    assert new != old
    assert propose(client, gid, 1, "Bob", {"points": 25}, old).status_code == 403
    assert propose(client, gid, 1, "Bob", {"points": 20}, new).status_code == 200


def test_only_the_scorekeeper_makes_the_link(app, client):
    gid = start(client, "joybells", ["Ann", "Bob", "Cy"])
    other = app.test_client()
    assert other.post(f"/games/{gid}/hand-link").status_code == 403
    assert other.get(f"/games/{gid}/hand-link/qr.svg").status_code == 403
    assert other.get(f"/games/{gid}/rounds/1/proposals.json").status_code == 403
    assert "Make the hand-in link" not in text(other.get(f"/games/{gid}/share"))


def test_the_hand_in_link_needs_the_forms_csrf_token(app_factory):
    app = app_factory(WTF_CSRF_ENABLED=True, RATELIMIT_ENABLED=False)
    client = app.test_client()
    gid = start(client, "joybells", ["Ann", "Bob", "Cy"], csrf=True)
    assert client.post(f"/games/{gid}/hand-link").status_code == 400
    token = csrf_of(client.get(f"/games/{gid}/share").data)
    assert client.post(f"/games/{gid}/hand-link", data={"csrf_token": token}).status_code == 302


def test_my_hand_page_and_what_it_polls(client, app):
    gid = start(client, "joybells", ["Ann", "Bob", "Cy"])
    player = app.test_client()  # a player's phone: no edit right, no cookie
    page = text(player.get(f"/games/{gid}/hand"))
    assert "Who are you?" in page and 'value="Bob"' in page and "Round 1" in page and "2 sets" in page
    assert "No score" not in page  # only the scorekeeper may say no score was posted
    assert 'class="round-form hand-form"' in page and "js/hand.js" in page
    # the page's module brings the hand's keypad and card picker (static/js/games.js)
    assert '"./games.js?v=' in text(player.get("/static/js/hand.js"))
    now = player.get(f"/games/{gid}/hand/now")
    assert now.status_code == 200 and now.json["round"] == 1 and now.json["players"] == ["Ann", "Bob", "Cy"]
    again = player.get(f"/games/{gid}/hand/now", headers={"If-None-Match": now.headers["ETag"]})
    assert again.status_code == 304
    assert post_round(client, gid, round_data([0, 1, 2], 0, {1: {"mode": "points", "points": "25"},
                                                              2: {"mode": "points", "points": "30"}})).status_code == 302
    moved = player.get(f"/games/{gid}/hand/now", headers={"If-None-Match": now.headers["ETag"]})
    assert moved.status_code == 200 and moved.json["round"] == 2
    assert "Round 1 saved" in moved.json["now"] and "Round 2" in moved.json["now"]
    fr = player.get(f"/games/{gid}/hand", headers={"Accept-Language": "fr"})
    assert "Qui êtes-vous\u00a0?" in text(fr) and "Ma main" in text(fr)
    assert player.get("/games/nope/hand").status_code == 404


def test_the_round_form_polls_the_hands_that_arrived(client, app):
    gid = start(client, "joybells", ["Ann", "Bob", "Cy"])
    token = hand_link(client, gid)
    form = text(client.get(f"/games/{gid}/round"))
    # the form asks for the hands (static/js/games.js); the script that fills them in comes with the first
    assert f'data-proposals="/games/{gid}/rounds/1/proposals.json"' in form and "js/proposals.js" not in form
    first = client.get(f"/games/{gid}/rounds/1/proposals.json")
    assert first.status_code == 200 and first.json == {"round": 1, "proposals": {}}
    assert client.get(f"/games/{gid}/rounds/1/proposals.json",
                      headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    assert propose(client, gid, 1, "Bob", {"values": {"10": 2, "5": 1}}, token).status_code == 200
    got = client.get(f"/games/{gid}/rounds/1/proposals.json", headers={"If-None-Match": first.headers["ETag"]})
    assert got.status_code == 200 and got.json["proposals"]["Bob"]["points"] == 25
    assert got.json["proposals"]["Bob"]["hand"] == {"values": {"10": 2, "5": 1}}
    assert post_round(client, gid, round_data([0, 1, 2], 0, {1: {"v10": "2", "v5": "1"},
                                                              2: {"mode": "points", "points": "30"}})).status_code == 302
    ended = client.get(f"/games/{gid}/rounds/1/proposals.json")
    assert ended.status_code == 409 and "already recorded" in ended.json["error"]
    assert client.get(f"/games/{gid}/rounds/2/proposals.json").json == {"round": 2, "proposals": {}}


def test_roy_players_send_the_count_of_cards_they_hold(client, app):
    gid = start(client, "roy", ["Ann", "Bob", "Cy"])
    token = hand_link(client, gid)
    page = text(app.test_client().get(f"/games/{gid}/hand"))
    assert 'class="count"' in page and "Hand 1" in page and "By value" not in page
    assert propose(client, gid, 1, "Bob", {"card_count": 4}, token).status_code == 200
    assert client.get(f"/games/{gid}/rounds/1/proposals.json").json["proposals"]["Bob"]["hand"] == {"card_count": 4}


def test_my_hand_page_of_a_suspended_game_says_so(client, app):
    gid = start(client, "joybells", ["Ann", "Bob", "Cy"])
    client.post(f"/games/{gid}/suspend", data={"confirm": "yes", "version": ""})
    now = app.test_client().get(f"/games/{gid}/hand/now").json
    assert now["round"] is None and now["players"] == [] and "suspended" in now["now"]


def test_a_round_number_no_column_holds_is_a_404_not_a_500(client):
    gid = start(client, "joybells", ["Ann", "Bob", "Cy"])
    for number in ("0", "99999999999999999999999", "10001"):
        assert client.get(f"/games/{gid}/rounds/{number}/proposals.json").status_code == 404
    assert client.get(f"/games/{gid}/rounds/5/proposals.json").status_code == 409
