"""Games played through the real JSON API for the scoresheet tests and the benchmark."""
from __future__ import annotations

from support.games import auth as _auth, create, post_round  # noqa: F401  (the one way to make a game)

NAMES8 = ["Ann", "Bob", "Cleo", "Dmitri", "Evangeline", "Fred", "Gus", "Hattie"]


def _ok(response, status=201):
    assert response.status_code == status, response.get_json()
    return response.get_json()


def full_continental_8(client) -> dict:
    """An 8-player Continental game with everything the rules can change: house options, a stock
    that ran out, a missing score, an incorrect hand, a withdrawal, a correction and a ruling."""
    g = create(client, "continental", NAMES8, dealer="Ann",
               house_rules={"twos_wild": True, "no_may_i_in_last_three_rounds": True})
    post_round(client, g, {"round": 1, "went_out": "Ann", "hands": {
        "Bob": {"cards": ["KD", "4S", "AH"]}, "Cleo": {"points": 15}, "Dmitri": {"cards": ["JK"]},
        "Evangeline": {"points": 5}, "Fred": {"cards": ["10S", "JS"]}, "Gus": {"points": 35},
        "Hattie": {"points": 40}}})
    post_round(client, g, {"round": 2, "went_out": "Bob", "hands": {
        "Ann": {"points": 10}, "Cleo": {"missing": True}, "Dmitri": {"points": 25},
        "Evangeline": {"points": 30}, "Fred": {"points": 5}, "Gus": {"points": 20}, "Hattie": {"points": 15}}})
    post_round(client, g, {"round": 3, "end": "stock_exhausted", "hands": {
        "Ann": {"points": 45}, "Bob": {"points": 20}, "Cleo": {"points": 10}, "Dmitri": {"points": 5},
        "Evangeline": {"points": 60}, "Fred": {"points": 35}, "Gus": {"points": 15}, "Hattie": {"points": 25}}})
    post_round(client, g, {"round": 4, "went_out": "Dmitri", "hands": {
        "Ann": {"points": 5}, "Bob": {"points": 15}, "Cleo": {"points": 20},
        "Evangeline": {"cards": ["QH", "5C"], "missing_cards": 2}, "Fred": {"points": 10}, "Gus": {"points": 45},
        "Hattie": {"points": 30}}})
    _ok(client.post(f"/api/v1/games/{g['id']}/withdraw", json={"player": "Hattie"}, headers=_auth(g)), 200)
    post_round(client, g, {"round": 5, "went_out": "Evangeline", "hands": {
        "Ann": {"points": 25}, "Bob": {"points": 5}, "Cleo": {"points": 30}, "Dmitri": {"points": 10},
        "Fred": {"points": 50}, "Gus": {"points": 15}}})
    _ok(client.post(f"/api/v1/games/{g['id']}/rulings", headers=_auth(g), json={
        "round": 5, "what_happened": "Fred discarded before drawing.", "ruling": "Fred keeps the discard and scores 10 more.",
        "citation": "source 001, Premature discard", "player": "Fred", "points": 10}))
    post_round(client, g, {"round": 6, "went_out": "Fred", "hands": {
        "Ann": {"points": 20}, "Bob": {"points": 40}, "Cleo": {"points": 5}, "Dmitri": {"points": 15},
        "Evangeline": {"points": 10}, "Gus": {"points": 25}}})
    post_round(client, g, {"round": 7, "went_out": "Gus", "hands": {
        "Ann": {"points": 30}, "Bob": {"points": 10}, "Cleo": {"points": 45}, "Dmitri": {"points": 20},
        "Evangeline": {"points": 15}, "Fred": {"points": 5}}})
    _ok(client.put(f"/api/v1/games/{g['id']}/rounds/6", headers=_auth(g), json={
        "went_out": "Fred", "reason": "Bob's 40 was counted twice; his hand was 20.", "hands": {
            "Ann": {"points": 20}, "Bob": {"points": 20}, "Cleo": {"points": 5}, "Dmitri": {"points": 15},
            "Evangeline": {"points": 10}, "Gus": {"points": 25}}}), 200)
    return g


def short_game(client, variant_id: str) -> dict:
    """A complete game of a variant with its fewest players, every round scored from cards or points."""
    from scorekeeper.rules.variants import get_variant

    v = get_variant(variant_id)
    names = NAMES8[: v.players.min]
    g = create(client, variant_id, names)
    if v.roy is not None:
        for n in range(1, 100):
            winner = names[n % len(names)] if n % 3 else names[0]
            others = {p: {"card_count": 3 + (n + i) % 6} for i, p in enumerate(names) if p != winner}
            state = post_round(client, g, {"went_out": winner, "hands": others})
            if state.get("status") == "complete":
                break
        return g
    for n in range(1, len(v.rounds) + 1):
        winner = names[n % len(names)]
        hands = {p: {"points": 5 * ((n + i) % 4) + 5} for i, p in enumerate(names) if p != winner}
        post_round(client, g, {"round": n, "went_out": winner, "hands": hands})
    return g
