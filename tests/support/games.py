"""Games made through the real API: the one way the tests make a game and post its rounds (the
reliability tests' club of games, ``populate``, too)."""
from __future__ import annotations

from urllib.parse import urlsplit


def auth(game: dict) -> dict:
    return {"Authorization": f"Bearer {game['edit_token']}"}


def create(client, variant, players, dealer=None, house_rules=None, **extra) -> dict:
    """A new game (``POST /api/v1/games``), as the API answers it (with its edit token)."""
    body = {"variant": variant, "players": players, "dealer": dealer, "house_rules": house_rules, **extra}
    r = client.post("/api/v1/games", json={k: v for k, v in body.items() if v is not None})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def open_edit_link(client, game: dict):
    """What a phone does with the game's edit link (``/games/<id>/edit#token=...``): the page
    posts the token it reads after ``#``, and this browser may then change the game."""
    link = urlsplit(game["edit_url"])
    assert link.fragment.startswith("token=") and not link.query
    return client.post(link.path, data={"token": link.fragment[len("token="):]})


def send_round(client, game, body, **headers):
    """``POST .../rounds`` with the game's edit token: the answer, whatever it is."""
    return client.post(f"/api/v1/games/{game['id']}/rounds", json=body, headers={**auth(game), **headers})


def post_round(client, game, body, **headers):
    r = client.post(f"/api/v1/games/{game['id']}/rounds", json=body, headers={**auth(game), **headers})
    assert r.status_code in (200, 201), r.get_json()
    return r.get_json()


def populate(client) -> list[dict]:
    """A club's worth of variety: every variant, cards/points/missing/card-count hands, the
    stock running out, an incorrect hand, a correction, rulings with and without points, a
    withdrawal, a suspended game, a finished game, a void game, an idempotency key, a rotated
    edit token. Returns the games as created (with their current edit tokens)."""
    games = []

    g = create(client, "joybells", ["Ann", "Bob", "Cy"], dealer="Cy")
    for n in range(1, 8):
        post_round(client, g, {"round": n, "went_out": "Ann",
                               "hands": {"Bob": {"cards": ["JK", "2H", "3S"]}, "Cy": {"points": n}}})
    games.append(g)  # complete

    g = create(client, "continental", ["Ann", "Bob", "Cy", "Di", "Ed"], house_rules={"twos_wild": True})
    post_round(client, g, {"end": "stock_exhausted", "hands": {
        "Ann": {"cards": ["JK"]}, "Bob": {"cards": ["AH", "5C"]}, "Cy": {"points": 10},
        "Di": {"points": 0}, "Ed": {"cards": ["10S"], "missing_cards": 2}}})
    post_round(client, g, {"went_out": "Di", "hands": {
        "Ann": {"points": 5}, "Bob": {"missing": True}, "Cy": {"points": 5}, "Ed": {"points": 5}}},
        **{"Idempotency-Key": "round-2-from-ann"})
    r = client.put(f"/api/v1/games/{g['id']}/rounds/1", headers=auth(g), json={
        "end": "stock_exhausted", "reason": "Cy had 15, not 10", "hands": {
            "Ann": {"cards": ["JK"]}, "Bob": {"cards": ["AH", "5C"]}, "Cy": {"points": 15},
            "Di": {"points": 0}, "Ed": {"cards": ["10S"], "missing_cards": 2}}})
    assert r.status_code == 200, r.get_json()
    r = client.post(f"/api/v1/games/{g['id']}/rulings", headers=auth(g), json={
        "round": 2, "what_happened": "Cy discarded before drawing", "ruling": "Cy draws now",
        "citation": "source 001, Premature discard", "player": "Cy", "points": 10})
    assert r.status_code == 201, r.get_json()
    r = client.post(f"/api/v1/games/{g['id']}/withdraw", json={"player": "Ed"}, headers=auth(g))
    assert r.status_code == 200, r.get_json()
    games.append(g)  # in progress, with correction, ruling, withdrawal, idempotency key

    g = create(client, "le-may-i", ["Ann", "Bob", "Cy"])
    for winner in ["Ann", "Bob"]:
        post_round(client, g, {"went_out": winner, "hands": {
            p: {"cards": ["AS", "10D"]} for p in ["Ann", "Bob", "Cy"] if p != winner}})
    r = client.post(f"/api/v1/games/{g['id']}/suspend", json={}, headers=auth(g))
    assert r.status_code == 200
    games.append(g)  # suspended, with round-win bonuses

    g = create(client, "roy", ["Ann", "Bob", "Cy"])
    post_round(client, g, {"went_out": "Bob", "hands": {"Ann": {"card_count": 12}, "Cy": {"card_count": 9}}})
    r = client.post(f"/api/v1/games/{g['id']}/token", headers=auth(g))
    assert r.status_code == 200
    g["edit_token"] = r.get_json()["edit_token"]
    games.append(g)  # rotated token

    g = create(client, "clenney", ["Ann", "Bob", "Cy"])
    client.post(f"/api/v1/games/{g['id']}/withdraw", json={"player": "Bob"}, headers=auth(g))
    client.post(f"/api/v1/games/{g['id']}/withdraw", json={"player": "Cy"}, headers=auth(g))
    games.append(g)  # void

    g = create(client, "clenney", ["Zoë", "Ann", "Émile", "Bob"])
    games.append(g)  # no rounds yet; non-ASCII names
    return games
