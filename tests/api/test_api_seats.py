"""A phone claims its seat (docs/api.md, "A phone claims its seat"): once a phone has said who it
is, that player's hands come only with its seat token (or the edit token) until the scorekeeper
frees the seat; a new hand-in link ends every seat token, and a new edit token of the game or of
its table ends the hand-in link with its seat tokens. Both databases."""
from __future__ import annotations

import pytest

from support.games import auth, create
from support.server import at_once, call, server  # noqa: F401  (server: the fixture, gunicorn as documented)
from support.tables import bearer, new_table, table_game


def hand_link(client, game, token=None) -> str:
    r = client.post(f"/api/v1/games/{game['id']}/hand-link", headers=bearer(token or game["edit_token"]))
    assert r.status_code == 201, r.get_json()
    return r.get_json()["token"]


def claim(client, game, name, token):
    return client.post(f"/api/v1/games/{game['id']}/seats/{name}/claim", headers=bearer(token) if token else {})


def free(client, game, name, token):
    return client.delete(f"/api/v1/games/{game['id']}/seats/{name}/claim", headers=bearer(token) if token else {})


def put(client, game, name, token, points=5):
    return client.put(f"/api/v1/games/{game['id']}/rounds/1/proposals/{name}", json={"points": points},
                      headers=bearer(token))


def test_a_claimed_seat_takes_only_its_own_token(client):
    g = create(client, "clenney", ["Ann", "Bob", "Zoë"])
    link = hand_link(client, g)
    r = claim(client, g, "bob", link)
    assert r.status_code == 201 and r.get_json()["player"] == "Bob"
    seat = r.get_json()["token"]
    assert len(seat) >= 40 and seat not in (link, g["edit_token"])
    # The hand-in link alone no longer sends (or takes back) Bob's hand: the sentence says why.
    r = put(client, g, "Bob", link, 99)
    assert r.status_code == 403
    assert r.get_json()["error"] == ("Bob's seat is claimed by another phone: only that phone (or the scorekeeper) "
                                     "can send Bob's hand")
    assert client.delete(f"/api/v1/games/{g['id']}/rounds/1/proposals/Bob", headers=bearer(link)).status_code == 403
    # Bob's phone does; the scorekeeper's edit token still does.
    assert put(client, g, "BOB", seat, 12).get_json()["points"] == 12
    assert put(client, g, "Bob", g["edit_token"], 13).get_json()["points"] == 13
    # Another seat's token is refused like the link; unclaimed seats take the link as before.
    ann = claim(client, g, "Ann", link).get_json()["token"]
    assert put(client, g, "Bob", ann).status_code == 403
    assert put(client, g, "Zoë", link).status_code == 200
    assert put(client, g, "Zoë", seat).status_code == 403  # (a seat token is not the hand-in link)


def test_a_second_claim_is_409_naming_the_player_and_the_keeper_frees_the_seat(client):
    g = create(client, "clenney", ["Ann", "Bob", "Cy"])
    link = hand_link(client, g)
    first = claim(client, g, "Ann", link).get_json()["token"]
    r = claim(client, g, "ann", link)
    assert r.status_code == 409 and "Ann" in r.get_json()["error"] and r.get_json()["player"] == "Ann"
    # Freeing needs the edit token (or the seat's own token): not the hand-in link, not another seat's.
    bob = claim(client, g, "Bob", link).get_json()["token"]
    assert free(client, g, "Ann", None).status_code == 401
    assert free(client, g, "Ann", link).status_code == 403
    assert free(client, g, "Ann", bob).status_code == 403
    assert free(client, g, "Ann", g["edit_token"]).status_code == 204
    assert put(client, g, "Ann", first).status_code == 403  # the old phone can no longer send
    second = claim(client, g, "Ann", link)
    assert second.status_code == 201 and put(client, g, "Ann", second.get_json()["token"]).status_code == 200
    # A phone gives its own seat back ("Not you?"), and a free seat frees again without harm.
    assert free(client, g, "Bob", bob).status_code == 204
    assert free(client, g, "Bob", g["edit_token"]).status_code == 204
    assert put(client, g, "Bob", link).status_code == 200


def test_claims_need_the_current_hand_in_link_and_a_player_of_the_game(client):
    g = create(client, "clenney", ["Ann", "Bob", "Cy"])
    link = hand_link(client, g)
    assert claim(client, g, "Ann", None).status_code == 401
    assert claim(client, g, "Ann", "x" * 43).status_code == 403
    r = claim(client, g, "Dan", link)
    assert r.status_code == 422 and "Dan" in r.get_json()["error"]
    assert client.post("/api/v1/games/nosuchgame/seats/Ann/claim", headers=bearer(link)).status_code == 404
    seat = claim(client, g, "Ann", link).get_json()["token"]
    assert claim(client, g, "Bob", seat).status_code == 403  # a seat token claims nothing


def test_a_new_hand_in_link_ends_every_seat_token(client):
    g = create(client, "clenney", ["Ann", "Bob", "Cy"])
    old = hand_link(client, g)
    seat = claim(client, g, "Ann", old).get_json()["token"]
    new = hand_link(client, g)
    assert put(client, g, "Ann", seat).status_code == 403
    assert claim(client, g, "Ann", old).status_code == 403
    assert claim(client, g, "Ann", new).status_code == 201


def test_a_new_edit_token_of_the_game_ends_the_hand_in_link_and_its_seats(client):
    g = create(client, "clenney", ["Ann", "Bob", "Cy"])
    link = hand_link(client, g)
    seat = claim(client, g, "Ann", link).get_json()["token"]
    r = client.post(f"/api/v1/games/{g['id']}/token", headers=auth(g))
    assert r.status_code == 200
    assert put(client, g, "Ann", seat).status_code == 403
    assert put(client, g, "Bob", link).status_code == 403
    assert claim(client, g, "Bob", link).status_code == 403
    newer = hand_link(client, g, r.get_json()["edit_token"])
    assert claim(client, g, "Ann", newer).status_code == 201


def test_a_new_edit_token_of_the_table_ends_its_games_hand_in_links_and_seats(client):
    table = new_table(client)
    g = table_game(client, table, "joybells", ["Ann", "Bob", "Cy"])
    link = hand_link(client, g, table["edit_token"])
    seat = claim(client, g, "Ann", link).get_json()["token"]
    r = client.post(f"/api/v1/tables/{table['id']}/token", headers=bearer(table["edit_token"]))
    assert r.status_code == 200
    assert put(client, g, "Ann", seat).status_code == 403
    assert put(client, g, "Bob", link).status_code == 403
    assert claim(client, g, "Cy", link).status_code == 403


@pytest.mark.slow
def test_two_phones_claiming_one_seat_at_the_same_moment_get_one_seat(server):  # noqa: F811
    """Six real requests at once against gunicorn as documented: exactly one 201, the others 409."""
    status, g = call(server, "POST", "/api/v1/games", {"variant": "clenney", "players": ["Ann", "Bob", "Cy"]})
    assert status == 201, g
    status, link = call(server, "POST", f"/api/v1/games/{g['id']}/hand-link", {}, g["edit_token"])
    answers = at_once([lambda: call(server, "POST", f"/api/v1/games/{g['id']}/seats/Ann/claim", None, link["token"])
                       for _ in range(6)])
    assert sorted(status for status, _body in answers) == [201, 409, 409, 409, 409, 409], answers
    winner = next(body["token"] for status, body in answers if status == 201)
    status, body = call(server, "PUT", f"/api/v1/games/{g['id']}/rounds/1/proposals/Ann", {"points": 4}, winner)
    assert status == 200, body
