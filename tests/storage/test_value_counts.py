"""Hands entered by value through the API, stored in the database (the rules: tests/rules/test_value_counts.py)."""
from __future__ import annotations


# ----- through the API, stored in the database -------------------------------------------------------

def test_api_round_by_value_is_stored_and_read_back(client):
    r = client.post("/api/v1/games", json={"variant": "continental", "players": ["Ann", "Bob", "Cy", "Di"]})
    game = r.json
    headers = {"Authorization": f"Bearer {game['edit_token']}"}
    body = {"went_out": "Ann", "hands": {"Bob": {"values": {"5": 3, "10": 1}}, "Cy": {"values": {"50": 1}}, "Di": {"points": 0}}}
    r = client.post(f"/api/v1/games/{game['id']}/rounds", json=body, headers=headers)
    assert r.status_code == 201, r.json
    assert r.json["scores"] == {"Ann": 0, "Bob": 25, "Cy": 50, "Di": 0}
    state = client.get(f"/api/v1/games/{game['id']}").json
    bob = state["rounds"][0]["hands"]["Bob"]
    assert bob["entered_as"] == "values" and bob["values"] == {"10": 1, "5": 3} and bob["points"] == 25
    # The same submission again with the same key is a repeat, not a second round.
    again = client.post(f"/api/v1/games/{game['id']}/rounds", json=body,
                        headers={**headers, "Idempotency-Key": "k1"})
    assert again.status_code == 201
    repeat = client.post(f"/api/v1/games/{game['id']}/rounds", json=body,
                         headers={**headers, "Idempotency-Key": "k1"})
    assert repeat.status_code in (200, 201) and repeat.json["number"] == 2


def test_api_bad_value_is_a_422_naming_the_field(client):
    game = client.post("/api/v1/games", json={"variant": "continental", "players": ["Ann", "Bob", "Cy", "Di"]}).json
    r = client.post(f"/api/v1/games/{game['id']}/rounds", json={"went_out": "Ann", "hands": {"Bob": {"values": {"7": 2}}, "Cy": {"points": 5}, "Di": {"points": 5}}},
                    headers={"Authorization": f"Bearer {game['edit_token']}"})
    assert r.status_code in (400, 422)
    assert "hands.Bob.values.7" in str(r.json) and "'7' is not a card value in Continental" in str(r.json)
    assert client.get(f"/api/v1/games/{game['id']}").json["rounds"] == []
