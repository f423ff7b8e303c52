"""A table with a long roster (anyone can make one): its pages, its statistics and its export
answer in parts whose size and number of SQL statements do not grow with the roster, and no page
keeps a transaction open while it is rendered (PostgreSQL would show it "idle in transaction").

The big table is made once for the module through the app's services (tests/support/big_table.py), on the
suite's database. Timings are measured in bench/bench_table_scale.py, not here."""
from __future__ import annotations

import html
import json
import re

import pytest
import sqlalchemy as sa
from flask import before_render_template, template_rendered

from support import big_table
from scorekeeper import create_app
from scorekeeper.db import db
from scorekeeper.backup import table_export
from scorekeeper.services import house, roster_pages, stats, stats_page
from scorekeeper.web.tables.charts import decimal
from support.served import call, serve

PLAYERS, GAMES = 70, 14
# One worker runs the whole module, so the big table is made once (make test: --dist loadgroup).
pytestmark = pytest.mark.xdist_group("table-scale")


@pytest.fixture(scope="module")
def world(db_backend, postgresql_cluster, tmp_path_factory):
    """The app on a database of its own holding the big table and a small one."""
    with big_table.app_of_its_own(db_backend, postgresql_cluster, tmp_path_factory.mktemp("scale")) as app:
        with app.app_context():
            big = big_table.seed(PLAYERS, GAMES)
            small = big_table.seed(6, 3, seed=3, table_name="Small family")
            for table in (big, small):  # (a house variant of its own shows on the table page)
                house.create("joybells", "Our jokers", {"card_points": {"JK": 50}}, table_id=table.id)
        yield app, big, small


def statements(app, path: str) -> tuple[int, int]:
    """(SQL statements, bytes) of one GET, after a first one (kept replays cost no query)."""
    client = app.test_client()
    assert client.get(path).status_code == 200
    with app.app_context():
        engine = db.engine
    seen = []
    listener = lambda *args: seen.append(1)  # noqa: E731
    sa.event.listen(engine, "before_cursor_execute", listener)
    try:
        r = client.get(path)
    finally:
        sa.event.remove(engine, "before_cursor_execute", listener)
    assert r.status_code == 200, path
    return len(seen), len(r.data)


def names_in(page: str, pattern: str) -> list[str]:
    return [html.unescape(n) for n in re.findall(pattern, page)]


PLAYER_ROWS = r'<tr><th scope="row"><a class="tap" href="/tables/[^/]+/players/\d+\?variant=continental">([^<]+)</a>'


def test_the_statistics_page_shows_a_page_of_players_and_every_player_on_some_page(world):
    app, big, _small = world
    client = app.test_client()
    whole = client.get(f"/api/v1/tables/{big.id}/stats?variant=continental&per_page=1000").get_json()
    everyone = [p["name"] for p in whole["players"]]
    assert len(everyone) > 2 * stats_page.PER_PAGE  # the roster takes three pages and more
    seen = []
    for page in range(1, 10):
        r = client.get(f"/tables/{big.id}/stats?variant=continental&page={page}")
        assert r.status_code == 200
        text = r.get_data(as_text=True)
        players_table = re.search(r'aria-label="Players"><table class="stats-table">.*?</table>', text, re.S).group(0)
        shown = names_in(players_table, PLAYER_ROWS)
        assert 1 <= len(shown) <= stats_page.PER_PAGE
        seen += shown
        # The rounds by contract: a column for each player of the page, no one else.
        head = re.search(r"<th scope=\"col\">Round</th>(.*?)</tr>", text, re.S).group(1)
        assert names_in(head, r'<th scope="col" class="num">([^<]+)</th>') == shown
        # Head to head: the page's players only, at most OPPONENTS each.
        # (each player's opponents in a group of rows under the player's name)
        h2h = re.search(r"Head to head</h2>.*?</table>", text, re.S).group(0)
        groups = h2h.split("<tbody>")[1:]
        firsts = [names_in(g, r'<th scope="rowgroup" colspan="4">([^<]+)</th>')[0] for g in groups]
        assert firsts and set(firsts) <= set(shown) and len(set(firsts)) == len(firsts)
        assert max(g.count('<th scope="row">') for g in groups) <= stats_page.OPPONENTS
        ratings = re.search(r"Ratings</h2>.*?<tbody>(.*?)</tbody>", text, re.S).group(1)
        assert ratings.count("<tr>") == stats_page.LEADERS
        if "Next players" not in text:
            break
    assert seen == everyone  # in name order, each once


def test_the_rounds_by_contract_are_each_players_own(world):
    app, big, _small = world
    client = app.test_client()
    text = client.get(f"/tables/{big.id}/stats?variant=continental&page=2").get_data(as_text=True)
    body = re.search(r"Rounds by contract</h2>.*?<tbody>(.*?)</tbody>", text, re.S).group(1)
    cells = [re.findall(r'<td class="num">(.*?)</td>', row) for row in re.findall(r"<tr>.*?</tr>", body, re.S)]
    shown = names_in(re.search(r"<th scope=\"col\">Round</th>(.*?)</tr>", text, re.S).group(1),
                     r'<th scope="col" class="num">([^<]+)</th>')
    with app.test_request_context():
        from scorekeeper.services import tables
        from scorekeeper.services import roster
        table = tables.get_table(big.id)
        ids = {p.name: p.id for p in roster.roster(table)}
        for column, name in enumerate(shown[:5]):
            mine = {c.number: c for c in stats.rounds_by_contract(table, "continental", player_id=ids[name])}
            worst = max(c.average for c in mine.values())
            for number, row in enumerate(cells, start=1):
                cell = row[column]
                if number not in mine:
                    assert cell == "–"
                    continue
                value = decimal(mine[number].average)  # as the page writes numbers
                assert cell == (f"<b>{value}</b>" if mine[number].average == worst else value), (name, number)


def test_the_pages_cost_the_same_statements_for_a_long_roster_as_for_a_family(world):
    app, big, small = world
    for path in ("/tables/{t}/stats?variant=continental", "/tables/{t}/stats", "/tables/{t}/stats?page=3",
                 "/tables/{t}", "/tables/{t}/players", "/api/v1/tables/{t}/stats?variant=continental",
                 "/api/v1/tables/{t}/export.json", "/api/v1/tables/{t}", "/api/v1/tables/{t}?per_page=25"):
        n_big, size_big = statements(app, path.format(t=big.id))
        n_small, _ = statements(app, path.format(t=small.id))
        assert n_big == n_small, path
    assert statements(app, f"/tables/{big.id}/stats?variant=continental")[1] < 60_000
    assert statements(app, f"/tables/{big.id}")[1] < 60_000


def test_the_table_page_folds_a_long_roster_and_the_roster_page_has_everyone(world):
    app, big, _small = world
    client = app.test_client()
    roster = [p["name"] for p in client.get(f"/api/v1/tables/{big.id}").get_json()["players"]]
    assert len(roster) > roster_pages.SHOWN
    text = html.unescape(client.get(f"/tables/{big.id}").get_data(as_text=True))
    listed = re.search(r'<ul class="roster">(.*?)</ul>', text, re.S).group(1)
    assert listed.count("<li>") == roster_pages.SHOWN
    assert f"see all {len(roster)} players" in text
    options = re.search(r'<select name="player">(.*?)</select>', text, re.S).group(1)
    assert options.count("<option") == roster_pages.SHOWN + 1  # and "Everyone"
    everyone = []
    for page in (1, 2, 3):
        part = client.get(f"/tables/{big.id}/players?page={page}&per_page=1").get_data(as_text=True)
        everyone += names_in(re.search(r'<ul class="roster">(.*?)</ul>', part, re.S).group(1), r'">([^<]+)</a>')
        if "Next players" not in part:
            break
    assert everyone == roster
    found = client.get(f"/tables/{big.id}/players?q=player%20006").get_data(as_text=True)
    assert names_in(found, r'class="tap" href="/tables/[^/]+/players/\d+">([^<]+)</a>') == [
        n for n in roster if n.startswith("Player 006")]
    # A player beyond the regulars can still be the filter, and is shown chosen.
    r = client.get(f"/tables/{big.id}/players?q={roster[-1].replace(' ', '%20')}").get_data(as_text=True)
    pid = re.search(r'/players/(\d+)"', r).group(1)
    chosen = client.get(f"/tables/{big.id}?player={pid}").get_data(as_text=True)
    assert f'<option value="{pid}" selected>' in chosen


def test_the_statistics_api_pages_its_players_and_keeps_its_shape(world):
    app, big, _small = world
    client = app.test_client()
    whole = client.get(f"/api/v1/tables/{big.id}/stats?variant=continental&per_page=1000")
    assert whole.headers["X-Total-Count"] == str(len(whole.get_json()["players"]))
    players, pairs, url = [], [], f"/api/v1/tables/{big.id}/stats?variant=continental&per_page=25"
    while url:
        r = client.get(url)
        body = r.get_json()
        assert set(body) == {"variant", "games_counted", "games_void", "games_unfinished", "players", "head_to_head"}
        assert len(body["players"]) <= 25
        assert {h["player"] for h in body["head_to_head"]} <= {p["name"] for p in body["players"]}
        players += body["players"]
        pairs += body["head_to_head"]
        nxt = re.search(r'<([^>]+)>; rel="next"', r.headers["Link"])
        url = nxt.group(1).split("localhost", 1)[1] if nxt else None
    assert players == whole.get_json()["players"] and pairs == whole.get_json()["head_to_head"]
    default = client.get(f"/api/v1/tables/{big.id}/stats").get_json()
    assert len(default["players"]) == len(whole.get_json()["players"])  # (fewer than one page of 200)
    past = client.get(f"/api/v1/tables/{big.id}/stats?page=99")
    assert past.status_code == 200 and past.get_json()["players"] == [] and 'rel="first"' in past.headers["Link"]
    for bad in ("per_page=0", "per_page=5000", "page=0", "page=1e3", "page=99999999999999999999"):
        r = client.get(f"/api/v1/tables/{big.id}/stats?{bad}")
        assert r.status_code == 400 and r.get_json()["field"] == bad.split("=")[0], bad


def test_the_table_api_pages_its_players_and_games_and_keeps_its_shape(world):
    """``GET /api/v1/tables/<tid>``: a page of the roster (by name) and of the games (newest
    first) at a time; the pages together are the whole table, and a table of up to a page is
    answered whole, as the contract has it."""
    app, big, small = world
    client = app.test_client()
    whole = client.get(f"/api/v1/tables/{big.id}?per_page=1000")
    body = whole.get_json()
    assert whole.headers["X-Total-Count"] == str(len(body["players"])) and len(body["players"]) > 50
    assert whole.headers["X-Total-Games"] == str(len(body["games"])) == str(len(big.games))
    assert [p["name"] for p in body["players"]] == sorted((p["name"] for p in body["players"]), key=str.casefold)
    players, games, url, pages = [], [], f"/api/v1/tables/{big.id}?per_page=25", 0
    while url:
        r = client.get(url)
        part = r.get_json()
        assert set(part) == set(body) and {k: part[k] for k in ("id", "name", "variants", "created_at")} == {
            k: body[k] for k in ("id", "name", "variants", "created_at")}
        assert len(part["players"]) <= 25 and len(part["games"]) <= 25
        players += part["players"]
        games += part["games"]
        pages += 1
        nxt = re.search(r'<([^>]+)>; rel="next"', r.headers["Link"])
        url = nxt.group(1).split("localhost", 1)[1] if nxt else None
    assert pages == -(-len(body["players"]) // 25) > 1
    assert players == body["players"] and games == body["games"]
    assert sum(p["games"] for p in players) == sum(
        len(client.get(f"/api/v1/games/{g['id']}").get_json()["players"]) for g in games)
    # A family's table: one page, no field missing, the headers say it is all.
    family = client.get(f"/api/v1/tables/{small.id}")
    assert family.headers["X-Total-Count"] == str(len(family.get_json()["players"])) == "6"
    assert 'rel="next"' not in family.headers["Link"] and len(family.get_json()["games"]) == 3
    past = client.get(f"/api/v1/tables/{big.id}?page=99")
    assert past.status_code == 200 and past.get_json()["players"] == past.get_json()["games"] == []
    for bad in ("per_page=0", "per_page=5000", "page=0", "page=1e3", "page=99999999999999999999"):
        r = client.get(f"/api/v1/tables/{big.id}?{bad}")
        assert r.status_code == 400 and r.get_json()["field"] == bad.split("=")[0], bad


def test_the_export_is_streamed_as_it_is_read_and_imports_as_the_table(world, monkeypatch, second_database_url):
    """A table's export.json is written a batch of games (and a part of the roster) at a time,
    each read in a transaction of its own, as the client takes it; the document it makes is the
    whole table and imports into another server as the same table."""
    app, big, _small = world
    monkeypatch.setattr(table_export, "BATCH", 4)  # (small batches, so a small table has several)
    monkeypatch.setattr(table_export, "PART", 16)
    with app.app_context():
        engine = db.engine
    seen = []
    listener = lambda *args: seen.append(1)  # noqa: E731
    sa.event.listen(engine, "before_cursor_execute", listener)
    try:
        response = app.test_client().get(f"/api/v1/tables/{big.id}/export.json", buffered=False)
        assert response.status_code == 200 and response.is_streamed
        assert "Content-Length" not in response.headers
        chunks, statements_then = [], []
        for chunk in response.response:
            chunks.append(chunk)
            statements_then.append(len(seen))
        response.close()
    finally:
        sa.event.remove(engine, "before_cursor_execute", listener)
    # The games and the roster were read while the answer was being sent, not all before it.
    assert len(set(statements_then)) >= -(-GAMES // 4) + -(-PLAYERS // 16), statements_then
    assert statements_then[0] < statements_then[-1] / 2, statements_then
    raw = b"".join(c if isinstance(c, bytes) else c.encode() for c in chunks)
    doc = json.loads(raw)
    client = app.test_client()
    table = client.get(f"/api/v1/tables/{big.id}?per_page=1000").get_json()
    assert [g["id"] for g in doc["games"]["games"]] == list(reversed([g["id"] for g in table["games"]]))
    assert [p["name"] for p in doc["players"]] == [p["name"] for p in table["players"]]
    seated = [p["name_key"] for p in doc["games"]["players"]]
    assert len(seated) == len(set(seated)) == len(table["players"])
    assert raw.endswith(b"}\n") and json.dumps(doc, sort_keys=True, separators=(",", ":")).encode() == raw.strip()
    # Imported into another server, it is the same table.
    other = create_app({"TESTING": True, "SECRET_KEY": "test-secret", "SQLALCHEMY_DATABASE_URI": second_database_url,
                        "RATELIMIT_ENABLED": False})
    try:
        theirs = other.test_client()
        r = theirs.post("/api/v1/tables/import", json=doc)
        assert r.status_code == 201 and len(r.get_json()["imported"]) == GAMES, r.get_json()
        copy = theirs.get(f"/api/v1/tables/{big.id}?per_page=1000").get_json()
        def same(t):  # (a roster player's id is the new server's own)
            return {**{k: v for k, v in t.items() if not k.endswith("url") and k != "variants"},
                    "players": [(p["name"], p["games"]) for p in t["players"]]}
        assert same(copy) == same(table)
        stats_url = f"/api/v1/tables/{big.id}/stats?variant=continental&per_page=1000"
        mine, copied = client.get(stats_url).get_json(), theirs.get(stats_url).get_json()
        for body in (mine, copied):
            body["players"] = [{k: v for k, v in p.items() if k != "id"} for p in body["players"]]
        assert copied == mine
    finally:
        with other.app_context():
            for engine in other.extensions["sqlalchemy"].engines.values():
                engine.dispose()
    # Through a real server the answer goes out in chunks, with no length known beforehand.
    with serve(app) as base:
        answer = call(f"{base}/api/v1/tables/{big.id}/export.json")
    assert answer.status == 200 and answer.headers.get("Transfer-Encoding") == "chunked"
    assert json.loads(answer.body)["games"]["games"] == doc["games"]["games"]


def test_the_new_game_page_of_a_table_offers_its_latest_names_only(world):
    app, big, _small = world
    client = app.test_client()
    r = client.post(f"/tables/{big.id}/edit", data={"token": big.edit_token})
    assert r.status_code in (200, 302)
    page = client.get(f"/tables/{big.id}/games/new").get_data(as_text=True)
    offered = re.search(r'<datalist id="roster-names">(.*?)</datalist>', page, re.S).group(1)
    assert offered.count("<option") == min(roster_pages.RECENT_NAMES, PLAYERS)


def test_no_page_is_rendered_inside_a_transaction(world, db_backend):
    """Through the real server: while each page is rendered, the request holds no transaction, and
    on PostgreSQL no connection of the database is "idle in transaction"."""
    app, big, _small = world
    checks = []
    with app.app_context():
        watcher = sa.create_engine(db.engine.url) if db_backend == "postgresql" else None

    def during(sender, template, context, **extra):
        idle = None
        if watcher is not None:
            with watcher.connect() as conn:
                idle = conn.execute(sa.text(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                    "AND state = 'idle in transaction' AND pid <> pg_backend_pid()")).scalar_one()
        checks.append((template.name, db.session().in_transaction(), idle))

    before_render_template.connect(during, app)
    template_rendered.connect(during, app)
    try:
        with serve(app) as base:
            for path in ("/tables/{t}/stats?variant=continental", "/tables/{t}/stats", "/tables/{t}",
                         "/tables/{t}/players"):
                assert call(base + path.format(t=big.id)).status == 200
    finally:
        before_render_template.disconnect(during, app)
        template_rendered.disconnect(during, app)
        if watcher is not None:
            watcher.dispose()
    assert len(checks) == 8
    assert all(not busy and idle in (None, 0) for _name, busy, idle in checks), checks


def test_same_person_as_offers_a_bounded_list_or_asks_for_the_name(world):
    """The editor's "Same person as" on a player's page: a list of the others on a small table; on a
    roster longer than roster_pages.MERGE_CHOICES, a box for the other entry's name (the page does not
    list the whole roster), and the typed name merges as the list would."""
    app, big, small = world
    with app.app_context():  # a table of its own, so the merge below leaves the module's tables as they are
        club = big_table.seed(roster_pages.MERGE_CHOICES + 5, 14, seed=11, table_name="Merging club")
    client = app.test_client()
    for table in (club, small):
        assert client.post(f"/tables/{table.id}/edit", data={"token": table.edit_token}).status_code in (200, 302)
    small_players = client.get(f"/api/v1/tables/{small.id}").get_json()["players"]
    page = client.get(f"/tables/{small.id}/players/{small_players[0]['id']}").get_data(as_text=True)
    listed = re.search(r'<select[^>]*id="merge-into"[^>]*>(.*?)</select>', page, re.S).group(1)
    assert listed.count("<option") == len(small_players) - 1

    players = client.get(f"/api/v1/tables/{club.id}?per_page=1000").get_json()["players"]
    assert len(players) > roster_pages.MERGE_CHOICES + 1  # more others than the list may hold
    # Two entries that never sat in one game: the first's games then count for the second.
    games_of = {}
    for g in client.get(f"/api/v1/tables/{club.id}?per_page=1000").get_json()["games"]:
        for name in client.get(f"/api/v1/games/{g['id']}").get_json()["players"]:
            games_of.setdefault(name, set()).add(g["id"])
    first, second = next((a, b) for a in players for b in players
                         if a["id"] != b["id"] and not games_of.get(a["name"], set()) & games_of.get(b["name"], set()))
    page = client.get(f"/tables/{club.id}/players/{first['id']}").get_data(as_text=True)
    assert 'id="merge-into"' in page and not re.search(r'<select[^>]*id="merge-into"', page)  # no list of 40 and more names
    assert page.count("<option") < 10
    assert re.search(r'<input[^>]*id="merge-into"[^>]*name="into_name"|<input[^>]*name="into_name"[^>]*id="merge-into"', page)
    assert "Type the other entry's name" in page
    # A name not on the roster: refused, named, nothing merged.
    r = client.post(f"/tables/{club.id}/players/{first['id']}/merge", data={"into_name": "Nobody Here"})
    assert r.status_code == 400
    assert "Same person as: &#39;Nobody Here&#39; is not a player of this table" in r.get_data(as_text=True)
    # The name typed in other capitals and spacing is the entry.
    typed = "  " + second["name"].upper() + " "
    r = client.post(f"/tables/{club.id}/players/{first['id']}/merge", data={"into_name": typed})
    assert r.status_code == 302
    after = {p["name"]: p for p in client.get(f"/api/v1/tables/{club.id}?per_page=1000").get_json()["players"]}
    assert first["name"] not in after
    assert after[second["name"]]["games"] == first["games"] + second["games"]
