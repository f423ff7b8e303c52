"""Players sending hands over and over never hold up the scorekeeper's save of the round (gunicorn
as README.md documents it, on the suite's database: SQLite or PostgreSQL).

A hand sent from a phone takes no lock on the game's row (services/proposals.py): the round's save,
which moves the game's version on, never waits behind the proposals of a dozen phones. The bound
is generous (the save alone takes a few hundredths of a second; the proposals' lock on the row once
held it for tens of seconds), so a loaded machine does not make the test fail."""
from __future__ import annotations

import threading
import time

import pytest

from support.server import call, server  # noqa: F401  (the fixture)

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
SENDERS = 40
SAVE_BOUND = 10.0  # seconds: far above a save's own time; with the lock on the row, it waited over a minute


@pytest.fixture
def no_rate_limit(monkeypatch):
    """The senders send far more than a phone would: the write limit is off for this server."""
    monkeypatch.setenv("SCOREKEEPER_RATELIMIT_ENABLED", "false")


def test_looping_senders_do_not_delay_the_rounds_save(no_rate_limit, server):  # noqa: F811
    status, game = call(server, "POST", "/api/v1/games", {"variant": "clenney", "players": PLAYERS})
    assert status == 201, game
    status, link = call(server, "POST", f"/api/v1/games/{game['id']}/hand-link", token=game["edit_token"])
    assert status == 201, link
    stop = threading.Event()
    sent = [0] * SENDERS
    refused = []

    def sender(k: int) -> None:
        name = PLAYERS[1 + k % (len(PLAYERS) - 1)]
        while not stop.is_set():
            status, body = call(server, "PUT", f"/api/v1/games/{game['id']}/rounds/1/proposals/{name}",
                                {"points": 5 + k}, token=link["token"])
            if status not in (200, 409):  # 409: the round was saved while the hand was on its way
                refused.append((status, body))
            sent[k] += 1

    threads = [threading.Thread(target=sender, args=(k,), daemon=True) for k in range(SENDERS)]
    for t in threads:
        t.start()
    try:
        while min(sent) < 3:  # every phone is sending
            time.sleep(0.05)
        started = time.monotonic()
        try:
            status, saved = call(server, "POST", f"/api/v1/games/{game['id']}/rounds",
                                 {"went_out": "Ann", "hands": {n: {"points": 10} for n in PLAYERS[1:]}},
                                 token=game["edit_token"])
        except TimeoutError:  # (the client gives up after a minute)
            status, saved = None, "no answer within a minute"
        took = time.monotonic() - started
    finally:
        stop.set()
        for t in threads:
            t.join(60)
    assert took < SAVE_BOUND, f"the save waited {took:.1f} s behind {SENDERS} phones sending hands ({sum(sent)} sent)"
    assert status == 201, saved
    assert not refused, refused[:3]
    # The saved round ended its proposals, and round 1 takes no more.
    status, body = call(server, "PUT", f"/api/v1/games/{game['id']}/rounds/1/proposals/Bob", {"points": 5},
                        token=link["token"])
    assert status == 409, body
