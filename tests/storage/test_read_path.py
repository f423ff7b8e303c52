"""The read path (scorekeeper/live.py, scorekeeper/models.py, scorekeeper/scoresheets): every game
URL renders from the database; polls, the API and the PDF answer If-None-Match with 304 after one
version query; the version moves with any change to a game's rows, however it is made; a change
from another process (another server worker) is seen on the next request; the games list reads
what it shows in three queries; PDFs are kept per game version and blank-sheet options, rendered
under a rate limit of their own and a bound on concurrent renders per worker.

Runs on SQLite and, with SCOREKEEPER_TEST_DB=postgresql, on PostgreSQL."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import event

from scorekeeper.db import db
from scorekeeper.models import Correction, Game, HandRecord, Round, Ruling, ScoresheetPdf, Seat

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Ann", "Bob", "Cy", "Di"]


# ----- helpers -------------------------------------------------------------------------------------

def new_game(client, variant="clenney", players=PLAYERS):
    response = client.post("/api/v1/games", json={"variant": variant, "players": players})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return body["id"], body["edit_token"], {"Authorization": f"Bearer {body['edit_token']}"}


def hands(out: str, points: int, players=PLAYERS) -> dict:
    return {p: {"points": points + i} for i, p in enumerate(players) if p != out}


def record(client, gid, auth, out="Ann", points=10):
    response = client.post(f"/api/v1/games/{gid}/rounds", json={"went_out": out, "hands": hands(out, points)},
                           headers=auth)
    assert response.status_code == 201, response.get_json()


def statements(app, fn):
    """``fn()``, and the SQL statements it sent."""
    seen = []
    with app.app_context():
        engine = db.engine
    listener = lambda *args: seen.append(args[2])  # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    try:
        return fn(), seen
    finally:
        event.remove(engine, "before_cursor_execute", listener)


def version_of(app, gid) -> int:
    with app.app_context():
        return db.session.get(Game, gid).version


# ----- 304 after one query ------------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/api/v1/games/{}", "/games/{}/view", "/games/{}", "/games/{}/scoresheet.pdf"])
def test_an_unchanged_game_answers_304_after_one_query(app, client, path):
    gid, _, auth = new_game(client)
    record(client, gid, auth)
    url = path.format(gid)
    first = client.get(url)
    assert first.status_code == 200 and first.headers["ETag"]
    again, sent = statements(app, lambda: client.get(url, headers={"If-None-Match": first.headers["ETag"]}))
    assert again.status_code == 304 and again.data == b""
    assert len(sent) == 1 and "games.version" in sent[0], sent
    record(client, gid, auth, "Bob", 20)
    changed = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and changed.headers["ETag"] != first.headers["ETag"]


def test_the_game_page_etag_differs_for_the_editor_and_a_follower(app, client):
    gid, token, _ = new_game(client)
    editor, follower = app.test_client(), app.test_client()
    assert editor.get(f"/games/{gid}/edit?token={token}").status_code == 302
    mine = editor.get(f"/games/{gid}")  # (shows the edit link's message: not a 304 while one waits)
    assert b"Suspend the game" in mine.data
    mine = editor.get(f"/games/{gid}")
    theirs = follower.get(f"/games/{gid}")
    assert b"Suspend the game" not in theirs.data
    assert mine.headers["ETag"] != theirs.headers["ETag"]
    assert editor.get(f"/games/{gid}", headers={"If-None-Match": mine.headers["ETag"]}).status_code == 304
    assert follower.get(f"/games/{gid}", headers={"If-None-Match": theirs.headers["ETag"]}).status_code == 304
    # A follower holding the editor's tag gets the follower's page, not a 304 to the editor's.
    other = follower.get(f"/games/{gid}", headers={"If-None-Match": mine.headers["ETag"]})
    assert other.status_code == 200 and b"Suspend the game" not in other.data


def test_a_waiting_message_is_shown_rather_than_answered_304(app, client):
    gid, token, _ = new_game(client)
    page = client.get(f"/games/{gid}")
    assert client.get(f"/games/{gid}/edit?token={token}").status_code == 302  # flashes a message
    shown = client.get(f"/games/{gid}", headers={"If-None-Match": page.headers["ETag"]})
    assert shown.status_code == 200 and b"This phone can now keep score" in shown.data


# ----- the version moves with every change, however it is made -----------------------------------------------

def test_a_change_made_without_the_service_changes_the_version(app, client):
    gid, _, auth = new_game(client)
    record(client, gid, auth)
    record(client, gid, auth, "Bob", 20)
    tag = client.get(f"/api/v1/games/{gid}").headers["ETag"]
    changes = {
        "a hand's points": lambda: setattr(db.session.execute(db.select(HandRecord).join(Round).where(
            Round.game_id == gid, HandRecord.name == "Bob", Round.number == 1)).scalar_one(), "points", 99),
        "a round's went_out": lambda: setattr(db.session.execute(db.select(Round).where(
            Round.game_id == gid, Round.number == 2)).scalar_one(), "went_out", "Cy"),
        "a new ruling": lambda: db.session.add(Ruling(game_id=gid, round_number=1, kind="dispute", summary="x",
                                                      automatic=False, player="Di", points=5)),
        "a new correction": lambda: db.session.add(Correction(game_id=gid, round_number=1, reason="typo",
                                                              old={"scores": {}}, new={"scores": {}})),
        "a seat's withdrawal": lambda: setattr(db.session.execute(db.select(Seat).where(
            Seat.game_id == gid, Seat.name == "Di")).scalar_one(), "withdrawn_after_round", 2),
        "a deleted round": lambda: db.session.delete(db.session.execute(db.select(Round).where(
            Round.game_id == gid, Round.number == 2)).scalar_one()),
        "the status": lambda: setattr(db.session.get(Game, gid), "status", "suspended"),
    }
    for what, change in changes.items():
        before = version_of(app, gid)
        with app.app_context():
            change()
            db.session.commit()
        assert version_of(app, gid) == before + 1, what
        answer = client.get(f"/api/v1/games/{gid}", headers={"If-None-Match": tag})
        assert answer.status_code == 200, f"{what}: the poll was answered 304"
        tag = answer.headers["ETag"]


def test_rows_of_other_games_and_untouched_games_keep_their_version(app, client):
    gid, _, auth = new_game(client)
    other, _, _ = new_game(client)
    record(client, gid, auth)
    before = version_of(app, other)
    with app.app_context():
        hand = db.session.execute(db.select(HandRecord).join(Round).where(Round.game_id == gid)).scalars().first()
        hand.note = "checked"
        db.session.commit()
    assert version_of(app, other) == before


# ----- another process (a second server worker) ---------------------------------------------------------------

class OtherProcess:
    """tests/support/other_process.py: its own app on this test's database, as a second worker."""

    def __init__(self, database_url: str, instance: Path):
        env = {"PATH": "/usr/bin:/bin", "SCOREKEEPER_INSTANCE_PATH": str(instance)}
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "support" / "other_process.py"), database_url],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env)
        assert json.loads(self.proc.stdout.readline()) == {"ready": True}

    def __call__(self, method: str, path: str, json_body=None, headers=None) -> tuple[int, object]:
        self.proc.stdin.write(json.dumps({"method": method, "path": path, "json": json_body, "data": None,
                                          "headers": headers}) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        return answer["status"], answer["body"]

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(30)
        self.proc.stdout.close()


@pytest.fixture
def other_process(database_url, tmp_path):
    process = OtherProcess(database_url, tmp_path / "other-instance")
    yield process
    process.close()


def test_a_change_from_another_process_is_seen_on_the_next_request(app, other_process):
    status, game = other_process("POST", "/api/v1/games", {"variant": "clenney", "players": PLAYERS})
    assert status == 201
    gid, token = game["id"], game["edit_token"]
    auth = {"Authorization": f"Bearer {token}"}
    editor, follower, poller = app.test_client(), app.test_client(), app.test_client()
    assert editor.get(f"/games/{gid}/edit?token={token}").status_code == 302
    editor.get(f"/games/{gid}")  # shows (and so uses up) the edit link's flashed message
    urls = {
        "scorekeeper's game page": (editor, f"/games/{gid}"),
        "follower's game page": (follower, f"/games/{gid}"),
        "read-only scoreboard": (poller, f"/games/{gid}/view"),
        "API": (poller, f"/api/v1/games/{gid}"),
    }
    writes = [
        ("round 1", "POST", f"/api/v1/games/{gid}/rounds", {"went_out": "Ann", "hands": hands("Ann", 10)}),
        ("round 2", "POST", f"/api/v1/games/{gid}/rounds", {"went_out": "Bob", "hands": hands("Bob", 20)}),
        ("correction", "PUT", f"/api/v1/games/{gid}/rounds/1",
         {"went_out": "Cy", "hands": hands("Cy", 5), "reason": "Cy went out, not Ann"}),
        ("ruling", "POST", f"/api/v1/games/{gid}/rulings",
         {"what_happened": "Di played out of turn", "ruling": "ten points", "player": "Di", "points": 10}),
        ("withdrawal", "POST", f"/api/v1/games/{gid}/withdraw", {"player": "Di"}),
        ("suspension", "POST", f"/api/v1/games/{gid}/suspend", {}),
        ("resumption", "POST", f"/api/v1/games/{gid}/resume", {}),
    ]
    tags = {name: client.get(url).headers["ETag"] for name, (client, url) in urls.items()}
    for what, method, path, body in writes:
        status, _ = other_process(method, path, body, headers=auth)
        assert status in (200, 201), (what, status)
        for name, (client, url) in urls.items():
            answer = client.get(url, headers={"If-None-Match": tags[name]})
            assert answer.status_code == 200, f"after the {what} (another process) the {name} answered 304"
            tags[name] = answer.headers["ETag"]
            assert client.get(url, headers={"If-None-Match": tags[name]}).status_code == 304
    api = poller.get(f"/api/v1/games/{gid}").get_json()
    assert api["status"] == "in_progress" and api["seats"][3]["withdrawn_after_round"] == 2
    page = editor.get(f"/games/{gid}").get_data(as_text=True)
    assert "Di played out of turn" in page and "Record round 3" in page
    assert "Record round" not in follower.get(f"/games/{gid}").get_data(as_text=True)


def test_a_new_edit_link_made_elsewhere_takes_the_edit_rights_away_at_once(app, other_process):
    status, game = other_process("POST", "/api/v1/games", {"variant": "joybells", "players": PLAYERS[:3]})
    gid, token = game["id"], game["edit_token"]
    editor = app.test_client()
    editor.get(f"/games/{gid}/edit?token={token}")
    page = editor.get(f"/games/{gid}")
    assert b"Suspend the game" in page.data
    status, _ = other_process("POST", f"/api/v1/games/{gid}/token", {}, headers={"Authorization": f"Bearer {token}"})
    assert status == 200
    after = editor.get(f"/games/{gid}", headers={"If-None-Match": page.headers["ETag"]})
    assert after.status_code == 200 and b"Suspend the game" not in after.data


# ----- the games list -------------------------------------------------------------------------------------------

def test_the_games_list_reads_what_it_shows_in_three_queries(app, client):
    small, _, auth = new_game(client, "joybells", PLAYERS[:3])
    client.get(f"/games/{small}")  # this browser has opened it: it is in its list
    _, seen = statements(app, lambda: client.get("/games"))
    one_game = len(seen)
    for i in range(11):
        gid, _, auth = new_game(client, "clenney", PLAYERS)
        for n in range(3):
            record(client, gid, auth, PLAYERS[n], 10 + n)
        client.get(f"/games/{gid}")
    page, seen = statements(app, lambda: client.get("/games"))
    assert page.status_code == 200
    assert len(seen) <= 3 and len(seen) == one_game, seen
    text = page.get_data(as_text=True)
    assert text.count("Ann, Bob, Cy, Di") == 11 and "Ann, Bob, Cy</span>" in text
    assert text.count("round 4 ·") == 11 and "round 1 ·" in text
    home, seen = statements(app, lambda: client.get("/"))
    assert home.status_code == 200 and len(seen) <= 3


def test_the_players_last_played_at_column_is_indexed(app):
    from sqlalchemy import inspect

    with app.app_context():
        indexes = inspect(db.engine).get_indexes("players")
    assert any(ix["column_names"] == ["last_played_at"] for ix in indexes)


# ----- PDFs kept, rate limited, bounded -------------------------------------------------------------------------

def _hold_every_render_place(app):
    """Take every render place of this app's worker: a PDF that would need rendering answers 503."""
    places = app.extensions["scorekeeper_pdf_renders"]
    for _ in range(app.config["PDF_RENDERS_PER_WORKER"]):
        assert places.acquire(timeout=0)
    return places


def test_a_second_download_of_an_unchanged_game_is_read_from_the_store_by_any_worker(app_factory):
    worker_a = app_factory(WTF_CSRF_ENABLED=False)
    worker_b = app_factory(WTF_CSRF_ENABLED=False, PDF_RENDER_WAIT=0)
    a, b = worker_a.test_client(), worker_b.test_client()
    gid, _, auth = new_game(a)
    record(a, gid, auth)
    first = a.get(f"/games/{gid}/scoresheet.pdf")
    assert first.status_code == 200 and first.data.startswith(b"%PDF")
    places = _hold_every_render_place(worker_b)  # worker b cannot render now
    second = b.get(f"/games/{gid}/scoresheet.pdf")
    assert second.status_code == 200 and second.data == first.data
    assert second.headers["ETag"] == first.headers["ETag"]
    landscape = b.get(f"/games/{gid}/scoresheet.pdf?orientation=landscape")  # not kept yet: needs a render
    assert landscape.status_code == 503 and landscape.headers["Retry-After"]
    record(a, gid, auth, "Bob", 20)
    changed = b.get(f"/games/{gid}/scoresheet.pdf")  # a new version: rendered again, not the kept one
    assert changed.status_code == 503
    for _ in range(worker_b.config["PDF_RENDERS_PER_WORKER"]):
        places.release()
    changed = b.get(f"/games/{gid}/scoresheet.pdf")
    assert changed.status_code == 200 and changed.data != first.data
    with worker_a.app_context():
        kept = db.session.execute(db.select(ScoresheetPdf).where(ScoresheetPdf.game_id == gid)).scalars().all()
    assert len(kept) == 1, "the sheet of the earlier version is dropped"


def test_blank_sheets_are_kept_per_options(app_factory):
    app = app_factory(WTF_CSRF_ENABLED=False, PDF_RENDER_WAIT=0)
    client = app.test_client()
    url = "/variants/joybells/scoresheet.pdf?players=Ann,Bob,Cy"
    first = client.get(url)
    assert first.status_code == 200 and first.data.startswith(b"%PDF")
    places = _hold_every_render_place(app)
    assert client.get(url).data == first.data
    assert client.get(url + "&paper=letter").status_code == 503  # other options: another sheet
    for _ in range(app.config["PDF_RENDERS_PER_WORKER"]):
        places.release()
    letter = client.get(url + "&paper=letter")
    assert letter.status_code == 200 and letter.data != first.data
    with app.app_context():
        assert db.session.execute(db.select(db.func.count()).select_from(ScoresheetPdf)).scalar_one() == 2


def test_pdf_renders_have_a_rate_limit_of_their_own(app_factory):
    app = app_factory(WTF_CSRF_ENABLED=False, RATELIMIT_PDF="2 per minute")
    client = app.test_client()
    assert client.get("/variants/joybells/scoresheet.pdf?players=Ann,Bob,Cy").status_code == 200
    assert client.get("/variants/joybells/scoresheet.pdf?players=Ann,Bob,Di").status_code == 200
    over = client.get("/variants/joybells/scoresheet.pdf?players=Ann,Cy,Di")
    assert over.status_code == 429 and "Too many printed scoresheets" in over.get_data(as_text=True)
    # A kept sheet needs no render: not limited; nor are pages and writes.
    assert client.get("/variants/joybells/scoresheet.pdf?players=Ann,Bob,Cy").status_code == 200
    gid, _, auth = new_game(client)
    record(client, gid, auth)
    assert client.get(f"/games/{gid}").status_code == 200


def test_concurrent_renders_per_worker_are_bounded(app_factory):
    app = app_factory(WTF_CSRF_ENABLED=False, PDF_RENDERS_PER_WORKER=1, PDF_RENDER_WAIT=0.2)
    client = app.test_client()
    gid, _, auth = new_game(client)
    places = _hold_every_render_place(app)  # a render in progress on this worker
    busy = client.get(f"/games/{gid}/scoresheet.pdf")
    assert busy.status_code == 503 and int(busy.headers["Retry-After"]) > 0
    assert "busy printing" in busy.get_data(as_text=True)
    assert client.get(f"/games/{gid}").status_code == 200  # other reads go on
    places.release()
    assert client.get(f"/games/{gid}/scoresheet.pdf").status_code == 200
