"""Two imports of one table at the same moment, against gunicorn started as README.md documents it
(threaded workers) on the suite's database: the owner's import without a token and another one
without a token of the same new table. One of them makes the table; the other is refused (409) and
none of its players or games joins. Two imports of the same games into one table at once: the
loser's refusal holds none of the database's words."""
from __future__ import annotations

import json
import secrets

import pytest

from support.server import at_once, call, documented_server

TRIALS = 10
pytestmark = pytest.mark.slow


@pytest.fixture
def server(database_url, tmp_path, monkeypatch):
    """gunicorn as documented, with room for this test's 20 imports without a token from one address
    (the default limit, ``RATELIMIT_ANONYMOUS_IMPORT`` in scorekeeper/config.py, allows 10 an hour)."""
    monkeypatch.setenv("SCOREKEEPER_RATELIMIT_ANONYMOUS_IMPORT", f"{4 * TRIALS} per hour")
    with documented_server(database_url, tmp_path) as port:
        yield port


def game_export(port, players):
    """The backup document of a new game of ``players`` (not in a table), under a fresh id."""
    status, g = call(port, "POST", "/api/v1/games", {"variant": "clenney", "players": players})
    assert status == 201, g
    status, doc = call(port, "GET", f"/games/{g['id']}/export.json")
    assert status == 200
    doc["games"][0]["id"] = secrets.token_urlsafe(12)
    return doc


def table_doc(table_id, players, games):
    return {"format": "scorekeeper-table", "version": 1,
            "table": {"id": table_id, "name": "The Smiths", "created_at": "2026-01-01T12:00:00"},
            "players": [{"name": n, "created_at": "2026-01-01T12:00:00"} for n in players], "games": games}


def test_two_imports_of_one_new_table_at_once_never_merge(server):
    outcomes = []
    for trial in range(TRIALS):
        table_id = secrets.token_urlsafe(12)
        owner = table_doc(table_id, ["Ann", "Bob", "Cy"], game_export(server, ["Ann", "Bob", "Cy"]))
        other = table_doc(table_id, ["Eve", "Mal", "Zed"], game_export(server, ["Eve", "Mal", "Zed"]))
        answers = at_once([lambda d=d: call(server, "POST", "/api/v1/tables/import", d) for d in (owner, other)])
        codes = sorted(status for status, _ in answers)
        # The other import is refused: 409 when both were inside the server together, 401 when it
        # came after the first had made the table (it then needs the table's edit token).
        assert codes in ([201, 409], [201, 401]), answers
        (won_doc, (_, won)), (lost_doc, (_, lost)) = sorted(zip((owner, other), answers), key=lambda a: a[1][0])
        assert won["created"] is True and won["edit_token"]
        assert ("imported at the same moment" if codes[1] == 409 else "needs the table's edit token") in lost["error"]
        assert "edit_token" not in lost
        status, table = call(server, "GET", f"/api/v1/tables/{table_id}")
        assert status == 200
        assert sorted(p["name"] for p in table["players"]) == sorted(p["name"] for p in won_doc["players"])
        assert [g["id"] for g in table["games"]] == [won_doc["games"]["games"][0]["id"]]
        assert call(server, "GET", f"/api/v1/games/{lost_doc['games']['games'][0]['id']}")[0] == 404
        outcomes.append(codes)
    print(f"\n{TRIALS} races of two imports of one new table: one table and one refusal each time "
          f"({sum(c == [201, 409] for c in outcomes)} refused as simultaneous, the others as needing the token)")


def test_two_imports_of_the_same_games_at_once_say_nothing_of_the_database(server):  # noqa: F811
    status, table = call(server, "POST", "/api/v1/tables", {"name": "The Joneses"})
    assert status == 201
    leaks = ("INSERT", "SELECT", "edit_token_hash", "UNIQUE", "duplicate", "psycopg", "sqlite", "[SQL")
    refused = 0
    for trial in range(TRIALS):
        doc = table_doc(table["id"], ["Ann", "Bob", "Cy"], game_export(server, ["Ann", "Bob", "Cy"]))
        answers = at_once([lambda: call(server, "POST", "/api/v1/tables/import", doc, table["edit_token"])
                           for _ in range(2)])
        assert all(status in (200, 409) for status, _ in answers), answers
        assert any(status == 200 and body["imported"] for status, body in answers), answers
        for status, body in answers:
            text = json.dumps(body)
            assert not any(leak in text for leak in leaks), text
            if status == 409:
                refused += 1
                assert "at the same moment" in body["error"] and "nothing was imported" in body["error"], body
    print(f"\n{TRIALS} races of two imports of the same games: {refused} refused by the database (409, in words)")
