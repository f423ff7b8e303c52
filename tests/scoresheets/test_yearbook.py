"""A table's year (docs/api.md, "A table's year"): the JSON figures against the statistics API
restricted to the year, the printed yearbook's text against the JSON, paper sizes, languages, the
kept PDF and its ETag, bad input, and the SQL statements a year costs."""
from __future__ import annotations

from datetime import datetime, timedelta
from fractions import Fraction

import pytest
from sqlalchemy import event

from scorekeeper.db import db
from scorekeeper.models import Ruling, ScoresheetPdf
from scorekeeper.services.yearbook import round_half_up

from support.pdfcheck import assert_size, ink, pdf_text, render_pngs
from support.yearbook_data import joybells, move_game, new_table, play_out, play_round, two_years

NO_LIMIT = {"RATELIMIT_PDF": "1000 per minute"}


def year(client, table, y):
    r = client.get(f"/api/v1/tables/{table['id']}/years/{y}")
    assert r.status_code == 200, r.json
    return r.json


def stats(client, table, **query):
    r = client.get(f"/api/v1/tables/{table['id']}/stats", query_string=query)
    assert r.status_code == 200, r.json
    return r.json


# ----- the JSON --------------------------------------------------------------------------------------

def test_each_year_matches_the_statistics_restricted_to_that_year(client, app):
    t, g = two_years(client, app)
    for y, games, nights, champions in ((2025, 3, 2, ["Bob"]), (2026, 3, 3, ["Bob"])):
        body = year(client, t, y)
        s = stats(client, t, year=str(y), variant="joybells")
        assert body["table"] == t["id"] and body["year"] == y
        assert body["games_counted"] == s["games_counted"] == games
        assert body["rounds"] == 7 * games and body["nights"] == nights
        [v] = body["variants"]
        assert v["variant"] == "joybells" and v["name"] == "Joybells" and v["games_counted"] == games
        assert v["players"] == s["players"]  # same fields, same definitions, same figures
        assert v["champions"] == champions
        assert [{k: h[k] for k in ("player", "opponent", "games", "ahead", "behind", "tied")}
                for h in v["head_to_head"]] == s["head_to_head"]
    # The two years split the table's games: their wins add up to all time's.
    both = {p["name"]: p["wins"] for p in stats(client, t, variant="joybells")["players"]}
    per_year = {}
    for y in (2025, 2026):
        for p in year(client, t, y)["variants"][0]["players"]:
            per_year[p["name"]] = per_year.get(p["name"], 0) + p["wins"]
    assert per_year == both


def test_the_json_answers_304_while_the_year_is_unchanged(client, app):
    t, g = two_years(client, app)
    url = f"/api/v1/tables/{t['id']}/years/2026"
    first = client.get(url)
    tag = first.headers["ETag"]
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 304
    r = client.put(f"/api/v1/games/{g['g26c']['id']}/rounds/7",
                   json={"went_out": "Cy", "hands": {"Ann": {"points": 100}, "Bob": {"points": 100}},
                         "reason": "misread"}, headers={"Authorization": f"Bearer {t['edit_token']}"})
    assert r.status_code == 200, r.json
    again = client.get(url, headers={"If-None-Match": tag})
    assert again.status_code == 200 and again.headers["ETag"] != tag
    assert again.json["variants"][0]["champions"] == ["Ann", "Bob", "Cy"]


def test_records_name_holder_value_game_and_date(client, app):
    t, g = two_years(client, app)
    records = {r["kind"]: r for r in year(client, t, 2026)["records"]}
    assert {"best_game_total", "worst_game_total", "longest_win_streak", "most_rounds_out", "best_round",
            "biggest_comeback"} <= set(records)
    assert records["best_game_total"] == {**records["best_game_total"], "player": "Bob", "value": 0,
                                          "game": g["g26b"]["id"], "date": "2026-02-14"}
    assert records["worst_game_total"]["player"] == "Cy" and records["worst_game_total"]["value"] == 120
    assert records["worst_game_total"]["game"] == g["g26a"]["id"]
    streak = records["longest_win_streak"]
    assert streak["player"] == "Bob" and streak["value"] == 2 and streak["game"] is None
    assert streak["games"] == [g["g26b"]["id"], g["g26c"]["id"]] and streak["date"] == "2026-02-21"
    assert records["most_rounds_out"]["player"] == "Bob" and records["most_rounds_out"]["value"] == 7
    # Ann went out in round 7 of g26a while Bob held 95 and Cy 90.
    assert records["best_round"] == {**records["best_round"], "player": "Ann", "value": 185,
                                     "game": g["g26a"]["id"], "round": 7}
    # After round 6 of g26a Ann had 90, Bob 0: she won from 90 behind.
    assert records["biggest_comeback"] == {**records["biggest_comeback"], "player": "Ann", "value": 90,
                                           "game": g["g26a"]["id"], "round": 6}


def test_a_game_counts_in_the_year_of_its_last_round(client, app):
    t = new_table(client)
    game = joybells(client, t, ("Ann", "Bob", "Cy"), [("Ann", {"Bob": 10, "Cy": 20})] * 7)
    # Started on New Year's Eve, its last round recorded after midnight (UTC).
    move_game(app, game["id"], datetime(2025, 12, 31, 23, 0))
    assert year(client, t, 2025)["games_counted"] == 0
    body = year(client, t, 2026)
    assert body["games_counted"] == 1 and body["nights"] == 2 and body["rounds"] == 7
    assert body["variants"][0]["champions"] == ["Ann"]


def test_void_and_unfinished_games_are_not_counted(client, app):
    t, g = two_years(client, app)
    r = client.post("/api/v1/games", json={"variant": "joybells", "players": ["Ann", "Bob", "Cy"], "table": t["id"]},
                    headers={"Authorization": f"Bearer {t['edit_token']}"})
    unfinished = r.json
    client.post(f"/api/v1/games/{unfinished['id']}/rounds", json={"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 5}}},
                headers={"Authorization": f"Bearer {t['edit_token']}"})
    move_game(app, unfinished["id"], datetime(2026, 3, 1, 19))
    assert year(client, t, 2026)["games_counted"] == 3 and year(client, t, 2026)["rounds"] == 21


def test_a_year_without_games_and_bad_years(client, app):
    t, g = two_years(client, app)
    body = year(client, t, 2024)
    assert body["games_counted"] == 0 and body["variants"] == [] and body["records"] == []
    assert body["rounds"] == 0 and body["nights"] == 0
    for bad in ("abc", "1899", "10000", "20x6", "-2026", "2026.5", "٢٠٢٦"):
        r = client.get(f"/api/v1/tables/{t['id']}/years/{bad}")
        assert r.status_code == 400, bad
        assert r.json["field"] == "year" and repr(bad) in r.json["error"] and "1900" in r.json["error"]
        page = client.get(f"/tables/{t['id']}/years/{bad}.pdf")
        assert page.status_code == 400 and page.mimetype == "text/html"
        assert bad in page.get_data(as_text=True)
    for query in ("paper=a3", "orientation=landscape", "paper=a4&paper=letter"):
        r = client.get(f"/tables/{t['id']}/years/2026.pdf?{query}")
        assert r.status_code == 400 and query.split("=")[0] in r.get_data(as_text=True), query
    assert client.get("/api/v1/tables/nosuchtable00000/years/2026").status_code == 404
    assert client.get("/tables/nosuchtable00000/years/2026.pdf").status_code == 404


def test_rounding_is_half_up_on_the_exact_fraction():
    assert round_half_up(Fraction(1, 8), 2) == 0.13
    assert round_half_up(Fraction(1, 16), 3) == 0.063
    assert round_half_up(Fraction(2, 3), 3) == 0.667
    assert round_half_up(Fraction(5, 2), 0) == 3.0
    assert round_half_up(Fraction(-5, 2), 0) == -3.0
    assert round_half_up(Fraction(1, 1000) * 5, 2) == 0.01


def test_statements_do_not_grow_with_the_games(client, app):
    t, g = two_years(client, app)
    with app.app_context():
        engine = db.engine

    def count(url):
        seen = []

        def before(*args):
            seen.append(1)
        client.get(url)  # warm: the rating replay is kept per process, as in use
        event.listen(engine, "before_cursor_execute", before)
        try:
            assert client.get(url).status_code == 200
        finally:
            event.remove(engine, "before_cursor_execute", before)
        return len(seen)

    url = f"/api/v1/tables/{t['id']}/years/2026"
    few = count(url)
    pdf = f"/tables/{t['id']}/years/2026.pdf"
    assert count(pdf) == 3  # kept: the table, the booklet's fingerprint, the kept PDF
    for i in range(6):
        extra = joybells(client, t, ("Ann", "Bob", "Cy"), [("Cy", {"Ann": i, "Bob": 4})] * 7)
        move_game(app, extra["id"], datetime(2026, 4, 1 + i, 19))
    assert year(client, t, 2026)["games_counted"] == 9
    assert count(url) == few <= 12
    assert count(pdf) == 3


# ----- the booklet --------------------------------------------------------------------------------------

def test_booklet_text_matches_the_json(client, app, app_factory):
    app = app_factory(**NO_LIMIT)
    client = app.test_client()
    t, g = two_years(client, app)
    body = year(client, t, 2026)
    r = client.get(f"/tables/{t['id']}/years/2026.pdf")
    assert r.status_code == 200 and r.mimetype == "application/pdf"
    assert_size(r.data, "a4", "portrait")
    pages, text = pdf_text(r.data)
    assert pages >= 7
    assert "The Smiths" in text and "2026" in text
    assert "3 games · 3 nights · 21 rounds" in text
    assert "Champion of the year: Bob" in text
    for p in body["variants"][0]["players"]:
        # The standings line: rank, name, games, wins, win rate, per round, best, worst, out.
        line = f"{p['name']} {p['games']} {p['wins']} {round(p['win_rate'] * 100)}% {p['average_round_points']} " \
               f"{p['best_total']} {p['worst_total']} {p['went_out']}"
        assert line in text, line
    for rec in body["records"]:
        assert rec["player"] in text and str(rec["value"]) in text
    assert "Best game Bob 0 14 Feb 2026" in text
    assert "Biggest comeback Ann 90 10 Jan 2026" in text
    assert "the most points a game's winner was behind the leader" in text
    for ruling_free in ("No disputes were logged this year.", "no house variant"):
        assert ruling_free in text
    assert f"1 / {pages}" in text and f"{pages} / {pages}" in text  # page numbers
    for r in body["variants"][0]["ratings"]:
        assert f"{r['player']} {r['start']['mu']:.1f} ± {r['start']['sigma']:.1f} " \
               f"{r['end']['mu']:.1f} ± {r['end']['sigma']:.1f}" in text, r
    # In French: the same figures, written the French way.
    _, french = pdf_text(client.get(f"/tables/{t['id']}/years/2026.pdf", headers={"Accept-Language": "fr"}).data)
    assert "3 parties · 3 soirées · 21 manches" in french and "Champion de l’année\u00a0: Bob" in french
    for p in body["variants"][0]["players"]:
        avg = f"{p['average_round_points']:.2f}".replace(".", ",")
        line = f"{p['name']} {p['games']} {p['wins']} {round(p['win_rate'] * 100)}\u00a0% {avg} "
        assert line in french, line


def test_booklet_lists_the_years_rulings_and_house_variants(client, app, app_factory):
    app = app_factory(**NO_LIMIT)
    client = app.test_client()
    t, g = two_years(client, app)
    hv = client.post("/api/v1/variants", json={"based_on": "joybells", "name": "Grandma's Joybells", "table": t["id"],
                                               "changes": {"card_points": {"JK": 50}}},
                     headers={"Authorization": f"Bearer {t['edit_token']}"})
    assert hv.status_code == 201, hv.json
    house_game = joybells_under(client, t, hv.json["id"])
    move_game(app, house_game["id"], datetime(2026, 6, 6, 19))
    for game, what, said, cited in ((g["g26a"], "Cy discarded before drawing", "Cy draws from the stock",
                                     "Joybells, house rules: Order of play"),
                                    (g["g25a"], "An old quarrel", "Settled long ago", None)):
        r = client.post(f"/api/v1/games/{game['id']}/rulings",
                        json={"what_happened": what, "ruling": said, "citation": cited, "round": 2},
                        headers={"Authorization": f"Bearer {t['edit_token']}"})
        assert r.status_code == 201, r.json
    with app.app_context():
        db.session.execute(db.update(Ruling).where(Ruling.what_happened == "An old quarrel")
                           .values(at=datetime(2025, 3, 1, 20)))
        db.session.commit()
    body = year(client, t, 2026)
    assert [r["what_happened"] for r in body["rulings"]] == ["Cy discarded before drawing"]
    assert body["house_variants"][0]["name"] == "Grandma's Joybells"
    assert body["house_variants"][0]["changes"] == ["jokers 50"]
    _, text = pdf_text(client.get(f"/tables/{t['id']}/years/2026.pdf").data)
    assert "What happened: Cy discarded before drawing" in text
    assert "Rule cited: Joybells, house rules: Order of play" in text
    assert "An old quarrel" not in text
    assert "Grandma's Joybells" in text and "Based on Joybells" in text and "jokers 50" in text


def joybells_under(client, table, variant_id):
    return play_out(client, table, variant_id, ("Ann", "Bob", "Cy"), lambda r: ("Ann", {"Bob": 5, "Cy": 7}))


def test_a_year_without_games_is_a_page_that_says_so(client, app):
    t, g = two_years(client, app)
    r = client.get(f"/tables/{t['id']}/years/2024.pdf")
    assert r.status_code == 404 and r.mimetype == "text/html"
    assert "finished no game in 2024" in r.get_data(as_text=True)


def test_second_download_is_kept_and_a_change_makes_a_new_one(client, app, app_factory):
    app = app_factory(**NO_LIMIT)
    client = app.test_client()
    t, g = two_years(client, app)
    url = f"/tables/{t['id']}/years/2026.pdf"
    first = client.get(url)
    assert first.status_code == 200 and first.headers["ETag"]
    with app.app_context():
        kept = db.session.query(ScoresheetPdf).count()
    again = client.get(url)
    assert again.data == first.data and again.headers["ETag"] == first.headers["ETag"]
    assert client.get(url, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    with app.app_context():
        assert db.session.query(ScoresheetPdf).count() == kept  # answered from what was kept
    # A correction to a game of 2026 makes a new booklet with the new figures.
    r = client.put(f"/api/v1/games/{g['g26c']['id']}/rounds/7",
                   json={"went_out": "Cy", "hands": {"Ann": {"points": 100}, "Bob": {"points": 100}},
                         "reason": "misread"}, headers={"Authorization": f"Bearer {t['edit_token']}"})
    assert r.status_code == 200, r.json
    changed = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and changed.headers["ETag"] != first.headers["ETag"]
    assert changed.data != first.data
    with app.app_context():
        assert db.session.query(ScoresheetPdf).count() == kept  # the new booklet replaced the old one
    # A French reader gets a French booklet, not the English one kept.
    fr = client.get(url, headers={"Accept-Language": "fr"})
    assert fr.headers["ETag"] != changed.headers["ETag"] and "Champions de l’année\u00a0: Ann, Bob, Cy" in pdf_text(fr.data)[1]


def test_renders_are_bounded_like_the_scoresheets(client, app, app_factory):
    app = app_factory(RATELIMIT_PDF="1 per minute")
    client = app.test_client()
    t, g = two_years(client, app)
    assert client.get(f"/tables/{t['id']}/years/2026.pdf").status_code == 200
    assert client.get(f"/tables/{t['id']}/years/2026.pdf").status_code == 200  # kept: no render
    assert client.get(f"/tables/{t['id']}/years/2025.pdf").status_code == 429


LONG = ("Annabelle-Marguerite de la Fontaine", "Bartholomew Fitzgerald-Worthington", "Cyprien Étienne Beaumarchais",
        "Dorothea Wilhelmina Vanderbilt", "Ezekiel Montgomery Abernathy", "Françoise-Éléonore Delacroix",
        "Gwendolyn Anastasia Pemberton", "Hieronymus Bartholomäus Grünewald")


@pytest.mark.slow
@pytest.mark.parametrize("lang,paper", [("en", "a4"), ("fr", "letter"), ("en", "letter"), ("fr", "a4")])
def test_eight_long_names_fit_on_every_page(client, app, app_factory, tmp_path, lang, paper):
    app = app_factory(**NO_LIMIT)
    client = app.test_client()
    t = new_table(client, "The Grand Old Family Card Club of Saint-Rémy-de-Provence")
    for k in range(8):
        order = LONG[k:] + LONG[:k]
        game = play_out(client, t, "clenney", order,
                        lambda r: (order[0], {n: 5 + 5 * ((i + r) % 7) for i, n in enumerate(order[1:])}))
        move_game(app, game["id"], datetime(2026, 1 + k, 3, 19))
    r = client.get(f"/tables/{t['id']}/years/2026.pdf?paper={paper}", headers={"Accept-Language": lang})
    assert r.status_code == 200
    assert_size(r.data, paper, "portrait")
    pages, text = pdf_text(r.data)
    assert pages >= 12  # cover, standings, records, ratings, 8 players, rulings, house rules
    compact = text.replace(" ", "").replace("\u00a0", "")  # (a long name may wrap onto two lines)
    for name in LONG:
        assert compact.count(name.replace(" ", "")) >= 8, name  # shown whole wherever it is named
    pngs = render_pngs(r.data, tmp_path, f"book-{lang}-{paper}", dpi=40)
    (tmp_path / "keep").mkdir(exist_ok=True)
    for png in pngs:
        seen = ink(png)
        left, top, right, bottom = seen["bbox"]
        margin = 0.03 * seen["width"]  # the page's margins (14 mm) stay white: nothing runs off the sheet
        assert left > margin and right < seen["width"] - margin, (png.name, seen["bbox"])
        assert top > margin and bottom < seen["height"] - 0.5 * margin, (png.name, seen["bbox"])


# ----- the pages' buttons ------------------------------------------------------------------------------------

def test_print_the_year_buttons_newest_first(client, app):
    t, g = two_years(client, app)
    for page in (f"/tables/{t['id']}", f"/tables/{t['id']}/stats"):
        html = client.get(page).get_data(as_text=True)
        new, old = html.find(f"/tables/{t['id']}/years/2026.pdf"), html.find(f"/tables/{t['id']}/years/2025.pdf")
        assert 0 < new < old, page
        assert "Print the year 2026" in html
    # A game started on New Year's Eve 2026 and finished in 2027 offers 2027 too.
    late = joybells(client, t, ("Ann", "Bob", "Cy"), [("Ann", {"Bob": 10, "Cy": 20})] * 7)
    move_game(app, late["id"], datetime(2026, 12, 31, 23, 30))
    html = client.get(f"/tables/{t['id']}").get_data(as_text=True)
    assert 0 < html.find("/years/2027.pdf") < html.find("/years/2026.pdf") < html.find("/years/2025.pdf")


def test_renders_wait_for_a_place_like_the_scoresheets(app_factory):
    app = app_factory(PDF_RENDERS_PER_WORKER=0, PDF_RENDER_WAIT=0.1, **NO_LIMIT)
    client = app.test_client()
    t, g = two_years(client, app)
    with app.app_context():
        engine = db.engine
    seen = []
    listener = lambda conn, cursor, statement, *rest: seen.append(statement)  # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    try:
        r = client.get(f"/tables/{t['id']}/years/2026.pdf")
    finally:
        event.remove(engine, "before_cursor_execute", listener)
    assert r.status_code == 503 and r.headers["Retry-After"] and "busy" in r.get_data(as_text=True)
    # The year's figures are read once a place is taken, not before waiting for one.
    assert not [s for s in seen if "game_results" in s or "round_results" in s], seen
    assert year(client, t, 2026)["games_counted"] == 3  # the figures are still there


def test_a_round_of_a_game_in_progress_keeps_the_booklet(client, app, app_factory):
    """The kept booklet is made again when a finished game of its year changes, not for each round
    of a game still being played (nor for a game of another year)."""
    app = app_factory(**NO_LIMIT)
    client = app.test_client()
    t, g = two_years(client, app)
    url = f"/tables/{t['id']}/years/2026.pdf"
    first = client.get(url)
    assert first.status_code == 200
    with app.app_context():
        kept = db.session.scalars(db.select(ScoresheetPdf.key)).all()
    playing = joybells(client, t, ("Ann", "Bob", "Cy"), [("Ann", {"Bob": 10, "Cy": 20})] * 3)  # 3 rounds of 7
    r = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert r.status_code == 304
    assert client.get(url).data == first.data
    with app.app_context():
        assert db.session.scalars(db.select(ScoresheetPdf.key)).all() == kept  # nothing rendered again
    # Once that game is finished, it counts in 2026: a new booklet.
    for n in range(4, 8):
        play_round(client, t, playing, "Ann", {"Bob": 10, "Cy": 20})
    assert client.get(url, headers={"If-None-Match": first.headers["ETag"]}).status_code == 200


def test_roy_is_counted_by_its_own_rule(client, app):
    """ROY: the highest total wins; its records and standings follow that rule."""
    t = new_table(client)
    r = client.post("/api/v1/games", json={"variant": "roy", "players": ["Ann", "Bob"], "table": t["id"]},
                    headers={"Authorization": f"Bearer {t['edit_token']}"})
    game = r.json
    for n in range(1, 60):
        out, other = ("Ann", "Bob") if n % 3 else ("Bob", "Ann")
        rr = client.post(f"/api/v1/games/{game['id']}/rounds", json={"went_out": out, "hands": {other: {"card_count": 5}}},
                         headers={"Authorization": f"Bearer {t['edit_token']}"})
        assert rr.status_code == 201, rr.json
        if client.get(f"/api/v1/games/{game['id']}").json["status"] == "complete":
            break
    move_game(app, game["id"], datetime(2026, 5, 5, 19), round_gap=timedelta(minutes=1))
    state = client.get(f"/api/v1/games/{game['id']}").json
    body = year(client, t, 2026)
    [v] = body["variants"]
    assert v["variant"] == "roy" and v["champions"] == state["winners"] == ["Ann"]
    assert v["players"] == stats(client, t, year="2026", variant="roy")["players"]
    records = {r["kind"]: r for r in body["records"]}
    assert records["best_game_total"]["value"] == max(state["totals"].values())
    assert records["worst_game_total"]["value"] == min(state["totals"].values())
