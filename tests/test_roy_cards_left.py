"""A ROY hand ends as soon as the first player is out, so every other player still holds at least
one card (the ROY rules, rule 7): a round where an opponent holds none is refused, by the rules,
the API and the round form, in the players' words and in both languages. Otherwise a game could
be made to go on for ever with rounds worth nothing."""
from __future__ import annotations

import html
import re

import pytest

from scorekeeper.rules import game as g
from scorekeeper.rules.variants import get_variant

ROY = get_variant("roy")
FR = {"Accept-Language": "fr-FR,fr;q=0.9"}


def test_the_rules_refuse_an_opponent_with_no_cards():
    for counts in ({"Bob": 0, "Cy": 0}, {"Bob": 3, "Cy": 0}):
        with pytest.raises(g.GameRulesError) as err:
            g.score_round(ROY, 1, ["Ann", "Bob", "Cy"], "Ann", "went_out",
                          {n: g.Hand("card_count", card_count=c) for n, c in counts.items()})
        name = next(n for n, c in counts.items() if c == 0)
        assert (err.value.field, err.value.value) == (f"hands.{name}.card_count", 0)
        assert err.value.message == (
            f"{name} has no cards left, but only the player who went out can have none: in ROY the hand ends as "
            f"soon as one player is out, so each other player still holds at least one card. Count {name}'s "
            "cards again.")
    ok = g.score_round(ROY, 1, ["Ann", "Bob", "Cy"], "Ann", "went_out",
                       {"Bob": g.Hand("card_count", card_count=1), "Cy": g.Hand("card_count", card_count=1)})
    assert ok.scores == {"Ann": 2, "Bob": 0, "Cy": 0}


def _game(client, **headers):
    r = client.post("/api/v1/games", json={"variant": "roy", "players": ["Ann", "Bob", "Cy"]}, headers=headers)
    assert r.status_code == 201
    return r.get_json()


@pytest.mark.parametrize("hands", [{"Bob": {"card_count": 0}, "Cy": {"card_count": 0}},
                                   {"Bob": {"cards": []}, "Cy": {"card_count": 4}}])
def test_the_api_refuses_the_round_and_keeps_nothing(client, hands):
    game = _game(client)
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    r = client.post(f"/api/v1/games/{game['id']}/rounds", json={"went_out": "Ann", "hands": hands}, headers=auth)
    assert r.status_code == 400, r.get_json()
    assert r.get_json()["field"] == "hands.Bob.card_count"
    assert "Bob has no cards left, but only the player who went out can have none" in r.get_json()["error"]
    fr = client.post(f"/api/v1/games/{game['id']}/rounds", json={"went_out": "Ann", "hands": hands},
                     headers={**auth, **FR})
    assert fr.status_code == 400
    assert fr.get_json()["error"] == (
        "hands.Bob.card_count\u00a0: Bob n’a plus aucune carte, mais seul le joueur sorti peut n’en avoir "
        "aucune\u00a0: au ROY, la donne s’arrête dès qu’un joueur est sorti, donc chacun des autres tient encore "
        "au moins une carte. Recomptez les cartes de Bob.")
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["rounds"] == []


def test_the_round_form_shows_the_refusal_beside_the_player_in_french(client):
    start = client.post("/games/new", data={"variant": "roy", "dealer": "0", "players-0": "Ann", "players-1": "Bob"},
                        headers=FR)
    assert start.status_code == 302
    gid = start.headers["Location"].rsplit("/", 1)[1]
    data = {"went_out": "0", "save": "1", "hands-0-seat": "0", "hands-1-seat": "1", "hands-1-count": "0"}
    r = client.post(f"/games/{gid}/round", data=data, headers=FR)
    assert r.status_code == 400
    page = html.unescape(r.get_data(as_text=True))
    assert "Bob n’a plus aucune carte, mais seul le joueur sorti peut n’en avoir aucune" in page
    block = re.search(r'id="hand-1".*?</fieldset>', page, re.S)
    assert block and "Recomptez les cartes de Bob" in block.group(0)
    assert client.get(f"/api/v1/games/{gid}").get_json()["rounds"] == []
