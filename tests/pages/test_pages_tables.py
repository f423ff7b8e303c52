"""The table pages without a browser: who may change a table, the forms (every refusal names the
field and the value, nothing is lost), history filters, ratings and charts."""
from __future__ import annotations

import html
import re


from scorekeeper.services import ratings
from scorekeeper.web.tables import charts
from scorekeeper.web.tables.routes import game_from_link
from support.tables import bearer
from support.tables import api_game, roster_ids  # noqa: F401
from support.tables import start_table  # noqa: F401


def test_home_starts_a_table_in_one_step_and_lists_it(client):
    page = client.get("/").get_data(as_text=True)
    assert 'action="/tables"' in page and 'name="name"' in page
    table_id, _ = start_table(client)
    page = client.get("/").get_data(as_text=True)
    assert "The Smiths" in page and f"/tables/{table_id}" in page


def test_blank_table_name_is_refused_with_the_field_named(client):
    r = client.post("/tables", data={"name": "   "}, follow_redirects=True)
    assert "Name of the table:" in r.get_data(as_text=True)
    assert "Your table" in r.get_data(as_text=True)


def test_a_phone_without_the_token_reads_but_cannot_change(app, client):
    table_id, token = start_table(client)
    other = app.test_client()
    page = other.get(f"/tables/{table_id}").get_data(as_text=True)
    assert "The Smiths" in page and "Start a game" not in page
    assert other.get(f"/tables/{table_id}/games/new").status_code == 403
    assert other.post(f"/tables/{table_id}/token").status_code == 403
    assert other.get(f"/tables/{table_id}/edit?token=wrong").status_code == 403
    r = other.get(f"/tables/{table_id}/edit?token={token}")
    assert r.status_code == 302
    assert "Start a game" in other.get(f"/tables/{table_id}").get_data(as_text=True)
    assert other.get("/tables/nope").status_code == 404


def test_rotating_the_edit_link_locks_out_the_old_one(app, client):
    table_id, token = start_table(client)
    other = app.test_client()
    other.get(f"/tables/{table_id}/edit?token={token}")
    assert client.post(f"/tables/{table_id}/token").status_code == 302
    assert other.get(f"/tables/{table_id}/games/new").status_code == 403
    assert client.get(f"/tables/{table_id}/games/new").status_code == 200
    assert client.get(f"/tables/{table_id}/qr.svg").mimetype == "image/svg+xml"


def app_client_without_token(client):
    return client.application.test_client()


def test_start_a_game_from_the_table_new_names_join_the_roster(client):
    table_id, token = start_table(client)
    api_game(client, table_id, token, ["Ann", "Bob", "Cy"], [])
    page = client.get(f"/tables/{table_id}/games/new").get_data(as_text=True)
    assert 'value="Ann"' in page and '<option value="Cy">' in page  # last seating, roster offered
    r = client.post(f"/tables/{table_id}/games/new",
                    data={"variant": "joybells", "players-0": "ann", "players-1": "Di", "players-2": "CY", "dealer": "1"})
    assert r.status_code == 302 and r.headers["Location"].startswith("/games/")
    game_id = r.headers["Location"].rsplit("/", 1)[1]
    state = client.get(f"/api/v1/games/{game_id}").json
    assert state["players"] == ["Ann", "Di", "Cy"] and state["first_dealer"] == "Di"
    assert sorted(roster_ids(client, table_id)) == ["Ann", "Bob", "Cy", "Di"]
    # the game's page opens as the scorekeeper's (this phone got the game's token)
    assert client.get(f"/games/{game_id}/round").status_code == 200
    assert app_client_without_token(client).get(f"/games/{game_id}/round").status_code == 403


def test_start_a_game_refusals_sit_beside_the_seat(client):
    table_id, _ = start_table(client)
    r = client.post(f"/tables/{table_id}/games/new",
                    data={"variant": "joybells", "players-0": "Ann", "players-1": "ANN", "players-2": "Cy"})
    assert r.status_code == 400
    page = r.get_data(as_text=True)
    assert "seated twice" in page and 'value="ANN"' in page  # what was typed is kept


def test_history_filters_by_variant_player_and_year(client):
    table_id, token = start_table(client)
    api_game(client, table_id, token, ["Ann", "Bob", "Cy"], [("Ann", {"Bob": 5, "Cy": 5})] * 7)
    api_game(client, table_id, token, ["Ann", "Di"], [("Di", {"Ann": {"card_count": 10}})] * 3, variant="roy")
    ids = roster_ids(client, table_id)
    page = client.get(f"/tables/{table_id}").get_data(as_text=True)
    assert page.count('class="history-game') == 2 and "in progress" in page and "Won by Ann" in page
    page = client.get(f"/tables/{table_id}?variant=roy").get_data(as_text=True)
    assert page.count('class="history-game') == 1 and "ROY" in page
    page = client.get(f"/tables/{table_id}?player={ids['Bob']}").get_data(as_text=True)
    assert page.count('class="history-game') == 1 and "Joybells" in page
    page = client.get(f"/tables/{table_id}?year=1999").get_data(as_text=True)
    assert page.count('class="history-game') == 0 and "No games match" in page
    page = html.unescape(client.get(f"/tables/{table_id}?player=abc&year=soon&variant=poker").get_data(as_text=True))
    assert "Player: 'abc' is not on this table's roster" in page and "'soon' is not a year" in page
    assert "Game: 'poker' is not a game this table has played" in page
    assert page.count('class="history-game') == 2


def test_rename_and_merge_from_the_player_page(client):
    table_id, token = start_table(client)
    api_game(client, table_id, token, ["Ann", "Bob", "Cy"], [("Bob", {"Ann": 5, "Cy": 5})] * 7)
    api_game(client, table_id, token, ["Ann", "Bobby", "Cy"], [])
    ids = roster_ids(client, table_id)
    r = client.post(f"/tables/{table_id}/players/{ids['Bob']}/rename", data={"name": "ann"})
    assert r.status_code == 400 and "New name: &#39;Ann&#39; is already on this table" in r.get_data(as_text=True)
    r = client.post(f"/tables/{table_id}/players/{ids['Bob']}/rename", data={"name": "Robert"})
    assert r.status_code == 302
    assert "Robert" in client.get(f"/api/v1/tables/{table_id}").json["games"][1]["winners"]
    r = client.post(f"/tables/{table_id}/players/{ids['Ann']}/merge", data={"into": str(ids['Cy'])})
    assert r.status_code == 400 and "both sat in game" in r.get_data(as_text=True)
    r = client.post(f"/tables/{table_id}/players/{ids['Bobby']}/merge", data={"into": str(ids['Bob'])})
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/players/{ids['Bob']}")
    assert roster_ids(client, table_id) == {"Ann": ids["Ann"], "Cy": ids["Cy"], "Robert": ids["Bob"]}


def test_add_an_existing_game_with_its_edit_link(client):
    table_id, _ = start_table(client)
    g = client.post("/api/v1/games", json={"variant": "joybells", "players": ["Ann", "Bob", "Cy"]}).json
    r = client.post(f"/tables/{table_id}/games/add", data={"link": "hello"})
    assert r.status_code == 400 and "The game&#39;s edit link: &#39;hello&#39; is not an edit link" in r.get_data(as_text=True)
    r = client.post(f"/tables/{table_id}/games/add", data={"link": "http://[::1/games/x/edit#token=t"})  # no address
    assert r.status_code == 400 and "The game&#39;s edit link: &#39;http://[::1/games/x/edit#token=t&#39; is not an " \
                                    "edit link" in r.get_data(as_text=True)
    r = client.post(f"/tables/{table_id}/games/add", data={"link": f"http://x/games/{g['id']}/edit?token=nope"})
    assert r.status_code == 400 and "not valid" in r.get_data(as_text=True)
    r = client.post(f"/tables/{table_id}/games/add", data={"link": g["edit_url"]})
    assert r.status_code == 302
    assert [x["id"] for x in client.get(f"/api/v1/tables/{table_id}").json["games"]] == [g["id"]]


def test_game_from_link_reads_id_and_token(app):
    with app.app_context():  # the link is read against the app's routes
        assert game_from_link(" https://s.example/games/abc_-1/edit?token=T0k ") == ("abc_-1", "T0k")
        assert game_from_link("https://s.example/games/abc/edit#token=T0k") == ("abc", "T0k")
        assert game_from_link("/games/abc/edit") is None and game_from_link("/games/abc/view?token=x") is None


def test_rulings_page_collects_disputes_and_searches_them(client):
    table_id, token = start_table(client)
    g = api_game(client, table_id, token, ["Ann", "Bob", "Cy"], [])
    for what, ruled in (("Bob buys a joker with May I", "No joker buys"), ("Ann misdealt", "Redeal, same dealer")):
        r = client.post(f"/api/v1/games/{g['id']}/rulings", headers=bearer(token),
                        json={"what_happened": what, "ruling": ruled})
        assert r.status_code == 201
    page = client.get(f"/tables/{table_id}/rulings").get_data(as_text=True)
    assert "No joker buys" in page and "Redeal" in page
    page = client.get(f"/tables/{table_id}/rulings?q=JOKER").get_data(as_text=True)
    assert "No joker buys" in page and "Redeal" not in page
    page = client.get(f"/tables/{table_id}/rulings?q=100%25").get_data(as_text=True)
    assert "No ruling mentions" in page


def test_stats_page_shows_streaks_records_ratings_and_a_chart(client):
    table_id, token = start_table(client)
    for _ in range(3):
        api_game(client, table_id, token, ["Ann", "Bob", "Cy"], [("Ann", {"Bob": 5, "Cy": 9})] * 7)
    page = client.get(f"/tables/{table_id}/stats?variant=joybells").get_data(as_text=True)
    assert "Ann</strong>: 3 wins in a row" in page and "on a run of 3 now" in page
    assert "Best game</strong>: Ann, 0" in page and "Worst game</strong>: Cy, 63" in page
    assert '<svg class="chart"' in page and "<th scope=\"row\">Ann</th><td class=\"num\">3</td>" in page
    assert "Ratings" in page and "2 sets" in page


# ----- ratings -------------------------------------------------------------------------------------------

def test_game_ranks_share_ties_and_put_withdrawn_players_last():
    assert ratings.game_ranks([(1, 10, False), (2, 5, False), (3, 10, False), (4, None, True)], lowest_wins=True) == \
        {2: 1, 1: 2, 3: 2, 4: 4}
    assert ratings.game_ranks([(1, 100, False), (2, 40, False), (3, 0, True)], lowest_wins=False) == {1: 1, 2: 2, 3: 3}


def test_ratings_count_complete_games_in_order_and_never_void_ones(app, client):
    table_id, token = start_table(client)
    for _ in range(3):
        api_game(client, table_id, token, ["Ann", "Bob", "Cy"], [("Ann", {"Bob": 5, "Cy": 9})] * 7)
    void = api_game(client, table_id, token, ["Ann", "Bob", "Cy"], [("Bob", {"Ann": 50, "Cy": 50})])
    for who in ("Ann", "Cy"):
        assert client.post(f"/api/v1/games/{void['id']}/withdraw", json={"player": who},
                           headers=bearer(token)).status_code == 200
    assert client.get(f"/api/v1/games/{void['id']}").json["status"] == "void"
    with app.app_context():
        from scorekeeper.services import tables
        table = tables.get_table(table_id)
        rated = {r.name: r for r in ratings.table_ratings(table, "joybells")}
        assert [r.name for r in ratings.table_ratings(table, "joybells")] == ["Ann", "Bob", "Cy"]
        assert rated["Ann"].games == 3 and rated["Ann"].rating.mu > 25 > rated["Cy"].rating.mu
        history = ratings.player_history(table, rated["Ann"].player_id, "joybells")
        assert [p.place for p in history] == [1, 1, 1]
        assert history[0].rating.sigma > history[-1].rating.sigma  # uncertainty shrinks game by game
    page = client.get(f"/tables/{table_id}/players/{rated['Ann'].player_id}?variant=joybells").get_data(as_text=True)
    assert "after 3 games" in page and "Rating after each game" in page


# ----- charts ------------------------------------------------------------------------------------------------

def test_running_totals_chart_has_a_line_per_player_and_the_numbers():
    state = {"variant_name": "Joybells", "players": ["Ann", "Bob"],
             "rounds": [{"number": 1, "scores": {"Ann": 0, "Bob": 30}, "bonus": {}},
                        {"number": 2, "scores": {"Ann": 15, "Bob": 0}, "bonus": {"Bob": -20}}]}
    chart = charts.running_totals(state)
    assert chart.svg.count("<polyline") == 2 and 'role="img"' in chart.svg and "style=" not in chart.svg
    assert chart.headers == ["", "Ann", "Bob"]
    assert chart.rows == [["start", "0", "0"], ["1", "0", "30"], ["2", "15", "10"]]


def test_bar_chart_escapes_names():
    chart = charts.bar_chart("Wins", [("<b>Ann</b>", 3), ("Bob", 0)], "Wins")
    assert "<b>Ann" not in chart.svg and "&lt;b&gt;Ann" in chart.svg and chart.rows[0] == ["<b>Ann</b>", "3"]


def test_ratings_follow_a_correction_of_the_newest_game(app, client):
    table_id, token = start_table(client)
    api_game(client, table_id, token, ["Ann", "Bob", "Cy"], [("Ann", {"Bob": 5, "Cy": 9})] * 7)
    g = api_game(client, table_id, token, ["Ann", "Bob", "Cy"], [("Ann", {"Bob": 5, "Cy": 9})] * 7)
    with app.app_context():
        from scorekeeper.services import tables
        before = {r.name: r.rating.mu for r in ratings.table_ratings(tables.get_table(table_id), "joybells")}
    r = client.put(f"/api/v1/games/{g['id']}/rounds/1", headers=bearer(token),
                   json={"went_out": "Cy", "hands": {"Ann": {"points": 200}, "Bob": {"points": 5}}, "reason": "misread"})
    assert r.status_code == 200
    with app.app_context():
        after = {r.name: r.rating.mu for r in ratings.table_ratings(tables.get_table(table_id), "joybells")}
    assert after["Ann"] < before["Ann"] and after["Cy"] > before["Cy"]


def test_rounds_by_contract_per_player_follow_corrections_and_merges(app, client):
    table_id, token = start_table(client)
    g = api_game(client, table_id, token, ["Ann", "Bob", "Cy"], [("Ann", {"Bob": 5, "Cy": 9})] * 7)
    api_game(client, table_id, token, ["Ann", "Bobby", "Cy"], [("Ann", {"Bobby": 15, "Cy": 9})] * 7)
    r = client.put(f"/api/v1/games/{g['id']}/rounds/3", headers=bearer(token),
                   json={"went_out": "Bob", "hands": {"Ann": {"points": 40}, "Cy": {"points": 9}}, "reason": "misread"})
    assert r.status_code == 200
    ids = roster_ids(client, table_id)
    from scorekeeper.services import stats, tables
    with app.app_context():
        table = tables.get_table(table_id)
        bob = {c.number: c for c in stats.rounds_by_contract(table, "joybells", player_id=ids["Bob"])}
        assert (bob[1].rounds, bob[1].average, bob[1].worst, bob[1].zero) == (1, 5.0, 5, 0)
        assert (bob[3].average, bob[3].zero) == (0.0, 1) and bob[3].contract == "1 set and 1 run"
    assert client.post(f"/tables/{table_id}/players/{ids['Bobby']}/merge", data={"into": str(ids['Bob'])}).status_code == 302
    with app.app_context():
        bob = {c.number: c for c in stats.rounds_by_contract(tables.get_table(table_id), "joybells", player_id=ids["Bob"])}
        assert (bob[1].rounds, bob[1].average, bob[1].worst) == (2, 10.0, 15)


def test_rating_chart_shows_the_newest_games_when_there_are_many():
    from datetime import datetime, timedelta
    history = [ratings.RatingPoint(f"g{i}", datetime(2026, 1, 1) + timedelta(days=i), ratings.Rating(25 + i / 100, 8 - i / 100), 1)
               for i in range(150)]
    chart = charts.rating_chart(history)
    assert len(chart.rows) == charts.RATING_POINTS and chart.rows[0][0] == "91" and chart.rows[-1][0] == "150"
    assert "games 91 to 150" in chart.title and chart.svg.count("<polyline") == 1


def test_table_edit_links_keep_the_token_out_of_request_lines_and_caches(app_factory):
    """A table's edit link carries the token after "#" like a game's: the page posts it (CSRF
    checked), pages that hold or take the token are no-store, old ``?token=`` links still work."""
    app = app_factory(WTF_CSRF_ENABLED=True)
    creator = app.test_client()
    created = creator.post("/api/v1/tables", json={"name": "The Smiths"}).json
    table_id, token = created["id"], created["edit_token"]
    assert created["edit_url"] == f"http://localhost/tables/{table_id}/edit#token={token}"
    rotated = creator.post(f"/api/v1/tables/{table_id}/token", headers=bearer(token)).json
    token = rotated["edit_token"]
    assert rotated["edit_url"] == f"http://localhost/tables/{table_id}/edit#token={token}"
    old = creator.get(f"/tables/{table_id}/edit?token={token}")
    assert old.status_code == 302 and old.headers["Location"] == f"/tables/{table_id}"
    assert old.headers["Cache-Control"] == "no-store"
    share = creator.get(f"/tables/{table_id}/share")
    assert f"/tables/{table_id}/edit#token={token}" in share.get_data(as_text=True)
    assert "?token=" not in share.get_data(as_text=True) and share.headers["Cache-Control"] == "no-store"

    phone = app.test_client()
    page = phone.get(f"/tables/{table_id}/edit")  # all a server ever sees of the new link
    text = page.get_data(as_text=True)
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    assert token not in text and 'src="/static/js/edit_link.js?v=' in text and "data-edit-link" in text
    csrf = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', text).group(1)
    assert phone.post(f"/tables/{table_id}/edit", data={"token": token}).status_code == 400  # no CSRF token
    wrong = phone.post(f"/tables/{table_id}/edit", data={"csrf_token": csrf, "token": "not-the-token"})
    assert wrong.status_code == 403 and "not valid" in wrong.get_data(as_text=True)
    assert "not-the-token" not in wrong.get_data(as_text=True) and wrong.headers["Cache-Control"] == "no-store"
    assert phone.get(f"/tables/{table_id}/games/new").status_code == 403
    joined = phone.post(f"/tables/{table_id}/edit",
                        data={"csrf_token": csrf, "token": f"http://localhost/tables/{table_id}/edit#token={token}"})
    assert joined.status_code == 302 and joined.headers["Location"] == f"/tables/{table_id}"
    assert joined.headers["Cache-Control"] == "no-store"
    assert phone.get(f"/tables/{table_id}/games/new").status_code == 200


def test_a_game_of_a_table_links_back_to_it_on_its_page_and_scoreboard(client):
    table_id, token = start_table(client, "The Smiths & co")
    g = api_game(client, table_id, token, ["Ann", "Bob", "Cy"], [])
    crumb = f'<p class="crumb"><a href="/tables/{table_id}">← The Smiths &amp; co</a></p>'
    for path in (f"/games/{g['id']}", f"/games/{g['id']}/view"):
        assert crumb in client.get(path).get_data(as_text=True), path
    lone = client.post("/api/v1/games", json={"variant": "joybells", "players": ["Ann", "Bob", "Cy"]}).json
    for path in (f"/games/{lone['id']}", f"/games/{lone['id']}/view"):
        assert "/tables/" not in client.get(path).get_data(as_text=True), path


def _summary(page: str) -> str:
    """The error summary at the top of a page's form (templates/_error_summary.html), as text."""
    found = re.search(r'<div class="error-summary".*?</div>', page, re.S)
    assert found, "no error summary"
    return html.unescape(re.sub(r"<[^>]+>", " ", found.group(0)))


def test_every_table_form_shows_its_errors_at_the_top_and_keeps_what_was_typed(client):
    r = client.post("/tables", data={"name": "x" * 81})
    page = r.get_data(as_text=True)
    assert r.status_code == 400 and "Name of the table:" in _summary(page)
    assert page.index("error-summary") < page.index('id="table-name"') and f'value="{"x" * 81}"' in page
    assert 'href="#table-name"' in page

    table_id, token = start_table(client)
    api_game(client, table_id, token, ["Ann", "Bob", "Cy"], [("Bob", {"Ann": 5, "Cy": 5})] * 2)
    ids = roster_ids(client, table_id)
    r = client.post(f"/tables/{table_id}/games/add", data={"link": "hello"})
    page = r.get_data(as_text=True)
    assert r.status_code == 400 and "The game's edit link: 'hello' is not an edit link" in _summary(page)
    assert page.index("error-summary") < page.index("<form") and 'value="hello"' in page and 'href="#link"' in page

    r = client.post(f"/tables/{table_id}/players/{ids['Bob']}/rename", data={"name": "ann"})
    page = r.get_data(as_text=True)
    assert r.status_code == 400 and "New name: 'Ann' is already on this table" in _summary(page)
    assert page.index("error-summary") < page.index("<form") and 'value="ann"' in page
    assert 'href="#rename-name"' in page
    r = client.post(f"/tables/{table_id}/players/{ids['Bob']}/merge", data={"into": "abc"})
    page = r.get_data(as_text=True)
    assert r.status_code == 400 and "Same person as: 'abc' is not a player" in _summary(page)
    assert 'href="#merge-into"' in page

    for path in (f"/tables/{table_id}", f"/tables/{table_id}/stats"):
        page = client.get(path, query_string={"year": "soon", "variant": "poker"}).get_data(as_text=True)
        summary = _summary(page)
        assert "'soon' is not a year" in summary and "'poker' is not a game this table has played" in summary
        assert page.index("error-summary") < page.index('class="filters"'), path


# ----- the table's house variants --------------------------------------------------------------------------

def test_the_tables_page_makes_a_house_version_saved_under_the_table(app, client):
    from support.house import JOYBELLS_SMITH, form_data

    table_id, token = start_table(client)
    page = client.get(f"/tables/{table_id}").get_data(as_text=True)
    link = f"/rules/joybells/house?table={table_id}"
    assert "Make a house version" in page and html.escape(link) in page
    viewer = app.test_client()
    assert "Make a house version" not in viewer.get(f"/tables/{table_id}").get_data(as_text=True)
    assert viewer.get(link).status_code == 403
    assert viewer.post(link, data={**form_data(**JOYBELLS_SMITH), "save": "1"}).status_code == 403
    assert client.get("/rules/joybells/house?table=nope").status_code == 404
    form = client.get(link).get_data(as_text=True)
    assert "house variant of <strong>The Smiths</strong>" in form
    r = client.post(link, data={**form_data(**JOYBELLS_SMITH), "save": "1"})
    assert r.status_code == 302, r.get_data(as_text=True)[:500]
    hid = r.headers["Location"].rsplit("/", 1)[1]
    assert client.get(f"/api/v1/variants/{hid}").json["table"] == table_id
    assert client.get(f"/api/v1/tables/{table_id}").json["variants"] == [
        {"id": hid, "name": "Smith rules", "based_on": "joybells"}]
    page = client.get(f"/tables/{table_id}").get_data(as_text=True)
    assert f'href="/rules/{hid}">Smith rules</a>' in page and "from Joybells · version 1" in page
    # A phone given the table's edit link may change the table's rules; a viewer may not.
    assert viewer.get(f"/rules/{hid}/edit").status_code == 403
    keeper = app.test_client()
    keeper.get(f"/tables/{table_id}/edit?token={token}")
    assert keeper.get(f"/rules/{hid}/edit").status_code == 200
    r = keeper.post(f"/rules/{hid}/edit", data={**form_data(**{**JOYBELLS_SMITH, "card_points.JK": "5"}),
                                                "version": "1", "save": "1"})
    assert r.status_code == 302 and client.get(f"/api/v1/variants/{hid}").json["card_points"]["JK"] == 5


def test_the_tables_new_game_form_offers_its_house_variants_and_the_stats_filter_them(client):
    table_id, token = start_table(client)
    other_id, other_token = start_table(client, "The Joneses")
    made = client.post("/api/v1/variants", headers=bearer(token), json={
        "based_on": "joybells", "name": "Smith rules", "table": table_id,
        "changes": {"rounds": [{"contract": {"sets": 2, "runs": 0}}, {"contract": {"sets": 1, "runs": 1}}]}}).json
    hid = made["id"]
    form = client.get(f"/tables/{table_id}/games/new?variant={hid}").get_data(as_text=True)
    assert f'<option selected value="{hid}">Smith rules · house rules</option>' in form
    assert hid not in client.get(f"/tables/{other_id}/games/new").get_data(as_text=True)
    r = client.post(f"/tables/{table_id}/games/new",
                    data={"variant": hid, "players-0": "Ann", "players-1": "Bob", "players-2": "Cy", "dealer": "0"})
    assert r.status_code == 302, r.get_data(as_text=True)[:500]
    game_id = r.headers["Location"].rsplit("/", 1)[1]
    state = client.get(f"/api/v1/games/{game_id}").json
    assert state["variant"] == hid and state["house_version"] == 1
    for went_out, hands in (("Ann", {"Bob": 20, "Cy": 5}), ("Bob", {"Ann": 30, "Cy": 5})):
        r = client.post(f"/api/v1/games/{game_id}/rounds", headers=bearer(token),
                        json={"went_out": went_out, "hands": {n: {"points": p} for n, p in hands.items()}})
        assert r.status_code == 201, r.json
    api_game(client, table_id, token, ["Ann", "Bob", "Cy"], [("Ann", {"Bob": 5, "Cy": 9})] * 7)
    page = client.get(f"/tables/{table_id}").get_data(as_text=True)
    assert f'<option value="{hid}">Smith rules</option>' in page  # the history's variant filter
    filtered = client.get(f"/tables/{table_id}?variant={hid}").get_data(as_text=True)
    assert filtered.count('class="history-game') == 1
    stats = client.get(f"/tables/{table_id}/stats?variant={hid}").get_data(as_text=True)
    # Lowest wins: Cy's 10 is the best game; the round by contract is named from the house rules.
    assert "Best game</strong>: Cy, 10" in stats and "Worst game</strong>: Ann, 30" in stats
    assert "1 set and 1 run" in stats


def test_renaming_the_table_moves_its_games_pages_on(client):
    """A game page kept by a phone (ETag) names the table: after a rename it is not answered 304."""
    table_id, token = start_table(client)
    g = api_game(client, table_id, token, ["Ann", "Bob", "Cy"], [("Ann", {"Bob": 10, "Cy": 5})])
    page = client.get(f"/games/{g['id']}/view")
    assert "The Smiths" in page.get_data(as_text=True)
    kept = page.headers["ETag"]
    assert client.get(f"/games/{g['id']}/view", headers={"If-None-Match": kept}).status_code == 304
    r = client.patch(f"/api/v1/tables/{table_id}", json={"name": "The Joneses"}, headers=bearer(token))
    assert r.status_code == 200, r.json
    again = client.get(f"/games/{g['id']}/view", headers={"If-None-Match": kept})
    assert again.status_code == 200 and "The Joneses" in again.get_data(as_text=True)
