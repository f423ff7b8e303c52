"""Several phones writing to one game at the same moment (threads through the real app, on the
suite's database: SQLite or PostgreSQL): no update is ever lost or half-stored."""
from __future__ import annotations

import threading

import pytest
import sqlalchemy as sa

from support import games as gamedata
from scorekeeper.db import db

THREE = ["Ann", "Bob", "Cy"]


@pytest.fixture
def app(app_factory):
    return app_factory(RATELIMIT_ENABLED=False)


def at_once(app, calls):
    """Run each ``call(client)`` in its own thread, all released together; their answers in order."""
    barrier = threading.Barrier(len(calls))
    answers = [None] * len(calls)

    def run(i, call):
        client = app.test_client()
        barrier.wait()
        r = call(client)
        answers[i] = (r.status_code, r.get_json(), dict(r.headers))

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert all(a is not None for a in answers)
    return answers


def state(client, game):
    return client.get(f"/api/v1/games/{game['id']}").get_json()


def round_body(bob, cy=1, went_out="Ann"):
    return {"went_out": went_out, "hands": {"Bob": {"points": bob}, "Cy": {"points": cy}}}


def test_two_phones_submit_different_scores_for_the_same_round(app):
    client = app.test_client()
    for attempt in range(5):
        g = gamedata.create(client, "clenney", THREE)
        answers = at_once(app, [
            lambda c, p=p: c.post(f"/api/v1/games/{g['id']}/rounds", headers=gamedata.auth(g),
                                  json={"round": 1, **round_body(p)})
            for p in (10, 20)
        ])
        codes = sorted(code for code, _, _ in answers)
        assert codes == [201, 409], answers
        loser = next(body for code, body, _ in answers if code == 409)
        assert "round 1" in loser["error"]  # a sentence the page shows as it is
        winner = next(body for code, body, _ in answers if code == 201)
        s = state(client, g)
        assert len(s["rounds"]) == 1 and s["rounds"][0]["scores"] == winner["scores"]


def test_retries_with_one_idempotency_key_store_one_round(app):
    client = app.test_client()
    g = gamedata.create(client, "clenney", THREE)
    answers = at_once(app, [
        lambda c: c.post(f"/api/v1/games/{g['id']}/rounds", json=round_body(5),
                         headers={**gamedata.auth(g), "Idempotency-Key": "tap-1"})
        for _ in range(4)
    ])
    assert [code for code, _, _ in answers] == [201] * 4, answers
    assert all(body == answers[0][1] for _, body, _ in answers)
    assert sum(1 for _, _, h in answers if h.get("Idempotent-Replayed") == "true") == 3
    assert len(state(client, g)["rounds"]) == 1
    with app.app_context():
        assert db.session.execute(sa.text("SELECT COUNT(*) FROM idempotency_keys")).scalar_one() == 1


def test_corrections_from_a_stale_page_are_refused(app):
    """Both phones opened the game at version v and correct round 1: one wins, one is told."""
    client = app.test_client()
    g = gamedata.create(client, "clenney", THREE)
    gamedata.post_round(client, g, round_body(5))
    version = state(client, g)["version"]
    answers = at_once(app, [
        lambda c, p=p: c.put(f"/api/v1/games/{g['id']}/rounds/1", headers={**gamedata.auth(g), "If-Match": str(version)},
                             json={**round_body(p), "reason": f"Bob had {p}"})
        for p in (6, 7, 8)
    ])
    codes = sorted(code for code, _, _ in answers)
    assert codes == [200, 409, 409], answers
    s = state(client, g)
    winner = next(body for code, body, _ in answers if code == 200)
    assert s["rounds"][0]["scores"]["Bob"] == winner["scores"]["Bob"]
    assert len(s["corrections"]) == 1 and s["version"] == version + 1


def test_concurrent_corrections_never_lose_an_update(app):
    """Without a version, every accepted correction is applied in turn and kept in the history:
    each one's "old" is the previous one's "new", and the round shows the last."""
    client = app.test_client()
    g = gamedata.create(client, "clenney", THREE)
    gamedata.post_round(client, g, round_body(5))
    points = list(range(11, 21))  # ten phones at once
    answers = at_once(app, [
        lambda c, p=p: c.put(f"/api/v1/games/{g['id']}/rounds/1", headers=gamedata.auth(g),
                             json={**round_body(p), "reason": f"Bob had {p}"})
        for p in points
    ])
    accepted = [body for code, body, _ in answers if code == 200]
    assert [code for code, _, _ in answers] == [200] * len(points), answers  # none refused, none lost
    s = state(client, g)
    chain = s["corrections"]
    assert len(chain) == len(accepted)
    assert chain[0]["old"]["Bob"] == 5
    for before, after in zip(chain, chain[1:]):
        assert after["old"] == before["new"]
    assert s["rounds"][0]["scores"] == chain[-1]["new"]
    assert sorted(c["new"]["Bob"] for c in chain) == sorted(b["scores"]["Bob"] for b in accepted)
    assert s["totals"]["Bob"] == chain[-1]["new"]["Bob"]


def test_different_changes_at_once_all_land_or_are_refused_whole(app):
    """A round, a ruling and a withdrawal sent together: each is stored whole or answered 409."""
    client = app.test_client()
    g = gamedata.create(client, "continental", ["Ann", "Bob", "Cy", "Di"])
    base = f"/api/v1/games/{g['id']}"
    answers = at_once(app, [
        lambda c: c.post(f"{base}/rounds", headers=gamedata.auth(g),
                         json={"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 5}, "Di": {"points": 5}}}),
        lambda c: c.post(f"{base}/rulings", headers=gamedata.auth(g),
                         json={"what_happened": "Bob drew two", "ruling": "Bob discards one", "player": "Bob", "points": 10}),
        lambda c: c.post(f"{base}/suspend", headers=gamedata.auth(g), json={}),
    ])
    codes = [code for code, _, _ in answers]
    assert all(code in (200, 201, 409) for code in codes), answers
    s = state(client, g)
    round_ok, ruling_ok, suspend_ok = (code in (200, 201) for code in codes)
    if round_ok:
        assert len(s["rounds"]) == 1 and len(s["rounds"][0]["hands"]) == 4
    else:
        assert s["rounds"] == [] or s["status"] == "suspended"
    assert any(r["kind"] == "dispute" for r in s["rulings"]) == ruling_ok
    assert (s["status"] == "suspended") == suspend_ok
    expected_bob = (5 if round_ok and s["rounds"] else 0) + (10 if ruling_ok else 0)
    if s["rounds"]:
        assert s["totals"]["Bob"] == expected_bob


def test_many_phones_many_games_totals_add_up(app):
    """Twelve writers on three games, rounds and corrections mixed: every game's totals are the sum
    of its rounds, every round has all its hands."""
    client = app.test_client()
    games = [gamedata.create(client, "roy", THREE) for _ in range(3)]

    def writer(i):
        def call(c):
            g = games[i % 3]
            last = None
            for n in range(4):
                s = state(c, g)
                nxt = len(s["rounds"]) + 1
                if n % 2 and s["rounds"]:
                    last = c.put(f"/api/v1/games/{g['id']}/rounds/{len(s['rounds'])}", headers=gamedata.auth(g),
                                 json={"went_out": "Ann", "hands": {"Bob": {"card_count": i + 1}, "Cy": {"card_count": n}},
                                       "reason": f"writer {i}"})
                else:
                    last = c.post(f"/api/v1/games/{g['id']}/rounds", headers=gamedata.auth(g),
                                  json={"round": nxt, "went_out": "Bob", "hands": {"Ann": {"card_count": 1}, "Cy": {"card_count": i + 1}}})
                assert last.status_code in (200, 201, 409, 422), last.get_json()
            return last
        return call

    at_once(app, [writer(i) for i in range(12)])
    for g in games:
        s = state(client, g)
        assert s["rounds"]
        for rnd in s["rounds"]:
            assert set(rnd["hands"]) == set(THREE)
        for name in THREE:
            assert s["totals"][name] == sum(r["scores"][name] + r.get("bonus", {}).get(name, 0) for r in s["rounds"])


def test_a_retry_reaching_another_worker_replays_the_first_answer(app_factory):
    """Two app instances on one database stand for two server workers: the key is in the
    database, so whichever worker a retry reaches answers it the same, storing nothing."""
    worker_a = app_factory(RATELIMIT_ENABLED=False)
    worker_b = app_factory(RATELIMIT_ENABLED=False)
    g = gamedata.create(worker_a.test_client(), "clenney", THREE)
    body, headers = round_body(9), {**gamedata.auth(g), "Idempotency-Key": "phone-1-round-1"}
    first = worker_a.test_client().post(f"/api/v1/games/{g['id']}/rounds", json=body, headers=headers)
    retry = worker_b.test_client().post(f"/api/v1/games/{g['id']}/rounds", json=body, headers=headers)
    assert first.status_code == retry.status_code == 201
    assert retry.get_json() == first.get_json() and retry.headers["Idempotent-Replayed"] == "true"
    # And at the same moment, through both workers at once:
    g2 = gamedata.create(worker_a.test_client(), "clenney", THREE)
    barrier = threading.Barrier(2)
    answers = []

    def send(worker):
        c = worker.test_client()
        barrier.wait()
        r = c.post(f"/api/v1/games/{g2['id']}/rounds", json=body, headers={**gamedata.auth(g2), "Idempotency-Key": "k"})
        answers.append((r.status_code, r.get_json()))

    threads = [threading.Thread(target=send, args=(w,)) for w in (worker_a, worker_b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert [code for code, _ in answers] == [201, 201] and answers[0][1] == answers[1][1]
    assert len(state(worker_b.test_client(), g2)["rounds"]) == 1
