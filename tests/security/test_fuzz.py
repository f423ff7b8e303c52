"""Property test: generated requests to every JSON API endpoint, through the test client, on the
suite's database. Never a 5xx; every error is JSON with a sentence; a refused request changes no
stored row. (``bench/fuzz_api.py`` runs the same with at least 10,000 requests.)"""
from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings

from support import fuzzing
from support import games as gamedata

EXAMPLES = int(os.environ.get("SCOREKEEPER_FUZZ_EXAMPLES", "300"))


@pytest.mark.slow
def test_generated_api_requests_never_fail_and_refusals_change_nothing(app_factory):
    app = app_factory(RATELIMIT_ENABLED=False)
    client = app.test_client()
    targets = fuzzing.api_targets(app)
    assert {t.endpoint for t in targets} >= {
        "api.create_game", "api.get_game", "api.record_round", "api.correct_round", "api.withdraw",
        "api.suspend", "api.resume", "api.log_ruling", "api.rotate_token"}
    world = fuzzing.World(games=gamedata.populate(client))

    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(fuzzing.requests(targets, world))
    def check(request):
        fuzzing.send(app, client, world, request)

    check()
    assert world.requests >= EXAMPLES
    assert world.refused_checked > EXAMPLES // 3
    assert any(200 <= s < 300 for s in world.statuses)  # some requests get through too
    assert len(world.by_endpoint) >= len(targets) * 3 // 4, world.by_endpoint
