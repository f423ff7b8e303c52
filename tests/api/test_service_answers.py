"""The services answer in types and leave HTTP to their callers (docs/architecture.md, "What a
service answers"): a saved round is a ``SavedRound`` the pages read by its fields, a retry with an
Idempotency-Key carries the answer kept the first time, and every kind of refusal has its status in
one place, ``scorekeeper/errors.py``."""
from __future__ import annotations

import inspect

import pytest

from scorekeeper import errors as app_errors
from scorekeeper.models import GameStatus
from scorekeeper.services import errors as service_errors
from scorekeeper.services import games as games_svc
from scorekeeper.services import proposals, seats

ROUND = {"went_out": "Ann", "hands": {"Bob": {"points": 20}, "Cy": {"cards": ["KD", "5S"]}}}


def test_every_kind_of_refusal_has_its_status_in_one_place():
    kinds = [k for _, k in inspect.getmembers(service_errors, inspect.isclass)
             if issubclass(k, service_errors.ServiceError) and k is not service_errors.ServiceError]
    assert {k.__name__ for k in kinds} == {"NotFound", "Unauthorized", "Forbidden", "Conflict", "Unprocessable"}
    assert {k: app_errors.service_status(k("x")) for k in kinds} == {
        service_errors.NotFound: 404, service_errors.Unauthorized: 401, service_errors.Forbidden: 403,
        service_errors.Conflict: 409, service_errors.Unprocessable: 422}
    assert app_errors.service_status(service_errors.ServiceError("x")) == 400
    refused = service_errors.Conflict("round 2 is already recorded", "round", round=2)
    assert not hasattr(refused, "status")  # (a refusal says what is wrong, not how to answer it)
    assert refused.as_json() == {"error": "round 2 is already recorded", "field": "round", "round": 2}


def test_a_saved_round_is_read_by_its_fields(app):
    with app.test_request_context():
        game = games_svc.create_game("joybells", ["Ann", "Bob", "Cy"]).game
        saved = games_svc.record_round(game, ROUND, "key-1")
        assert isinstance(saved, games_svc.SavedRound) and saved.created and saved.first_answer is None
        assert saved.number == 1 and saved.round.scores == {"Ann": 0, "Bob": 20, "Cy": 15}
        assert saved.game.status == GameStatus.IN_PROGRESS and saved.game.next_round.number == 2
        again = games_svc.record_round(game, {**ROUND, "round": 1})  # the same round again, no key: the stored one
        assert not again.created and again.first_answer is None and again.round.scores == saved.round.scores
        retried = games_svc.record_round(game, ROUND, "key-1")  # the same key: the answer kept for it
        assert retried.created and retried.first_answer["scores"] == {"Ann": 0, "Bob": 20, "Cy": 15}
        assert retried.first_answer["number"] == 1 and retried.round.scores == saved.round.scores
        preview = games_svc.preview_round(game, {"went_out": "Bob", "hands": {"Ann": {"points": 5}, "Cy": {"points": 7}}})
        assert preview.number == 2 and preview.scores == {"Ann": 5, "Bob": 0, "Cy": 7}
        with pytest.raises(service_errors.Conflict):
            games_svc.record_round(game, {**ROUND, "round": 1, "hands": {"Bob": {"points": 30}, "Cy": {"points": 1}}})


def test_a_phones_hand_and_a_claimed_seat_are_typed(app):
    with app.test_request_context():
        game = games_svc.create_game("joybells", ["Ann", "Bob", "Cy"]).game
        kept = proposals.propose(game, 1, "bob", {"points": 12})
        assert (kept.player, kept.round, kept.points, kept.went_out) == ("Bob", 1, 12, False)
        assert kept.as_json() == {"player": "Bob", "round": 1, "points": 12, "hand": {"points": 12}}
        out = proposals.propose(game, 1, "Ann", {"went_out": True})
        assert out.as_json() == {"player": "Ann", "round": 1, "went_out": True}
        sent = proposals.proposals(game, 1)
        assert sent.round == 1 and list(sent.proposals) == ["Ann", "Bob"] and sent.stamp.startswith("hands-")
        assert sent.as_json()["proposals"]["Bob"]["points"] == 12 and "stamp" not in sent.as_json()
        assert set(sent.as_json()["proposals"]["Ann"]) == {"went_out", "at"}
        claimed = seats.claim(game, "Cy")
        assert claimed.player == "Cy" and claimed.as_json() == {"player": "Cy", "token": claimed.token}


def test_the_api_answers_the_typed_results_as_before(client):
    created = client.post("/api/v1/games", json={"variant": "joybells", "players": ["Ann", "Bob", "Cy"]}).json
    auth = {"Authorization": f"Bearer {created['edit_token']}", "Idempotency-Key": "k1"}
    first = client.post(f"/api/v1/games/{created['id']}/rounds", json=ROUND, headers=auth)
    assert first.status_code == 201 and "Idempotent-Replayed" not in first.headers
    retried = client.post(f"/api/v1/games/{created['id']}/rounds", json=ROUND, headers=auth)
    assert retried.status_code == 201 and retried.headers["Idempotent-Replayed"] == "true" and retried.json == first.json
    del auth["Idempotency-Key"]
    again = client.post(f"/api/v1/games/{created['id']}/rounds", json={**ROUND, "round": 1}, headers=auth)
    assert again.status_code == 200 and again.json == first.json
    ruling = client.post(f"/api/v1/games/{created['id']}/rulings", json={"what_happened": "A card fell",
                                                                         "ruling": "Play on"}, headers=auth)
    assert ruling.status_code == 201 and set(ruling.json) == {"ruling", "game"} and ruling.json["game"]["id"] == created["id"]
    conflict = client.post(f"/api/v1/games/{created['id']}/rounds",
                           json={**ROUND, "round": 1, "hands": {"Bob": {"points": 30}, "Cy": {"points": 1}}}, headers=auth)
    assert conflict.status_code == 409 and conflict.json["field"] == "round" and conflict.json["round"] == 1
