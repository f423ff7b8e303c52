"""Words on the pages a new user reads and prints: the numbers and plurals they carry."""
from __future__ import annotations

import html
import re

import pytest

from support.games import create, post_round

EN = {"Accept-Language": "en"}
FR = {"Accept-Language": "fr-FR,fr;q=0.9"}


def _le_may_i_won_on(client, total_of_ann: int) -> dict:
    """A Le May I game Ann wins: out in rounds 1 to 4 (20 off each), then caught with the rest."""
    g = create(client, "le-may-i", ["Ann", "Bob", "Cy"])
    for _ in range(4):
        post_round(client, g, {"went_out": "Ann", "hands": {"Bob": {"points": 30}, "Cy": {"points": 40}}})
    post_round(client, g, {"went_out": "Bob", "hands": {"Ann": {"points": total_of_ann + 80}, "Cy": {"points": 40}}})
    return g


@pytest.mark.parametrize("headers, said", [(EN, "with -1 point"), (FR, "avec -1\u00a0point")])
def test_a_winner_on_minus_one_reads_minus_one_point(client, headers, said):
    g = _le_may_i_won_on(client, -1)
    page = client.get(f"/games/{g['id']}", headers=headers).get_data(as_text=True)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert "Ann" in text and said.replace("\u00a0", " ") in text.replace("\u00a0", " ")
    assert "-1 points" not in text


def test_a_winner_on_more_points_reads_points(client):
    g = _le_may_i_won_on(client, -5)
    assert "with -5 points" in client.get(f"/games/{g['id']}", headers=EN).get_data(as_text=True)


def test_a_player_who_left_never_wins_though_the_rule_posts_the_lowest_total(client):
    """docs/rulings.md, "A player who leaves never wins": Di leaves after round 1; the two highest
    totals of the others (-12 and -32) post -44 for her, below Ann's -34; Ann wins, everywhere."""
    from support.tables import bearer, new_table, play, stats, table_game

    table = new_table(client)
    token = table["edit_token"]
    g = table_game(client, table, "le-may-i", ["Ann", "Bob", "Cy", "Di"])
    play(client, g, token, "Ann", Bob=2, Cy=2, Di=2)
    assert client.post(f"/api/v1/games/{g['id']}/withdraw", json={"player": "Di"},
                       headers=bearer(token)).status_code == 200
    for went_out, points in (("Ann", {"Bob": 2, "Cy": 2}), ("Bob", {"Ann": 2, "Cy": 2}), ("Bob", {"Ann": 2, "Cy": 2}),
                             ("Cy", {"Ann": 2, "Bob": 4})):
        state = play(client, g, token, went_out, **points)
    assert state["totals"] == {"Ann": -34, "Bob": -32, "Cy": -12, "Di": -44}
    assert (state["winner"], state["winners"]) == ("Ann", ["Ann"])
    wins = {p["name"]: p["wins"] for p in stats(client, table)["players"]}
    assert wins == {"Ann": 1, "Bob": 0, "Cy": 0, "Di": 0}
    year = client.get(f"/api/v1/tables/{table['id']}/years/{g['created_at'][:4]}").json
    assert [v["champions"] for v in year["variants"]] == [["Ann"]]
    assert "Di wins" not in client.get(f"/games/{g['id']}", headers=EN).get_data(as_text=True)


@pytest.mark.parametrize("months", range(1, 13))
@pytest.mark.no_database  # (the PostgreSQL job leaves it out: tests/conftest.py)
def test_the_month_labels_of_a_chart_never_run_together(app, months):
    """The yearbook's rating chart: "start" and the months so far; each label drawn at its place
    (about 6 units a letter at the charts' 11 px) keeps clear of the next, the last month always labelled."""
    from scorekeeper.web.tables import charts

    labels = ["start", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][:months + 1]
    with app.test_request_context():
        svg = str(charts.line_chart("t", labels, [("Ann", [float(i) for i in range(len(labels))])]).svg)
    drawn = re.findall(r'<text class="tick" x="([\d.]+)" y="\d+" text-anchor="(\w+)">(\w+)</text>', svg)
    spans = []
    for x, anchor, label in drawn:
        width, x = 6 * len(label), float(x)
        spans.append({"start": (x, x + width), "end": (x - width, x), "middle": (x - width / 2, x + width / 2)}[anchor])
    assert [label for *_, label in drawn][-1] == labels[-1]
    assert all(a[1] + 4 <= b[0] for a, b in zip(spans, spans[1:])), drawn


def test_points_a_round_read_with_one_format_in_a_column(client):
    """A column of averages: 12.57 above 17.00, never 17.0 (the statistics page and the yearbook)."""
    from support.tables import new_table, play, table_game

    table = new_table(client)
    g = table_game(client, table, "joybells", ["Ann", "Bob", "Cy"])
    for ann in (12, 12, 12, 13, 13, 13, 13):
        play(client, g, table["edit_token"], "Cy", Ann=ann, Bob=17)
    page = client.get(f"/tables/{table['id']}/stats", query_string={"variant": "joybells"}, headers=EN)
    text = page.get_data(as_text=True)
    assert '<td class="num">12.57</td>' in text and '<td class="num">17.00</td>' in text
    assert '<td class="num">17.0</td>' not in text


def test_a_french_page_says_d_elodie(client):
    from support.tables import new_table, play, table_game

    table = new_table(client)
    g = table_game(client, table, "joybells", ["Élodie", "Bob", "Cy"])
    play(client, g, table["edit_token"], "Bob", **{"Élodie": 12, "Cy": 8})
    players = client.get(f"/api/v1/tables/{table['id']}").json["players"]
    elodie = next(p["id"] for p in players if p["name"] == "Élodie")
    page = client.get(f"/tables/{table['id']}/players/{elodie}", headers=FR).get_data(as_text=True)
    assert "d’Élodie" in page and "de Élodie" not in page
    bob = next(p["id"] for p in players if p["name"] == "Bob")
    assert "de Bob" in client.get(f"/tables/{table['id']}/players/{bob}", headers=FR).get_data(as_text=True)
    assert "d’Élodie" not in client.get(f"/tables/{table['id']}/players/{elodie}", headers=EN).get_data(as_text=True)


def test_the_french_yearbook_header_keeps_its_words_whole(client, app):
    from support.pdfcheck import pdf_text
    from support.yearbook_data import two_years

    table, _games = two_years(client, app, names=("Élodie", "Bartholomew", "Christopher"))
    r = client.get(f"/tables/{table['id']}/years/2026.pdf", headers=FR)
    assert r.status_code == 200
    _pages, text = pdf_text(r.data)
    assert "Victoires" in text and "Victoire s" not in text


def test_a_new_table_gets_its_players_before_its_first_game(client):
    from support.tables import new_table
    from support.pages import sections  # noqa: F401  (the pages helpers stay importable here)

    table = new_table(client)
    client.post(f"/tables/{table['id']}/edit", data={"token": table["edit_token"]})
    roster = client.get(f"/tables/{table['id']}/players", headers=EN).get_data(as_text=True)
    assert 'name="names"' in roster
    r = client.post(f"/tables/{table['id']}/players", data={"names": "Élodie\nBob, Cy\n\n"}, headers=EN)
    assert r.status_code == 302
    roster = client.get(f"/tables/{table['id']}/players", headers=EN).get_data(as_text=True)
    assert all(f">{n}</a>" in roster for n in ("Élodie", "Bob", "Cy"))
    again = client.post(f"/tables/{table['id']}/players", data={"names": "bob"}, headers=EN, follow_redirects=True)
    assert "Everyone named is on the roster already." in again.get_data(as_text=True)
    new_game = client.get(f"/tables/{table['id']}/games/new", headers=EN).get_data(as_text=True)
    for i, name in enumerate(("Élodie", "Bob", "Cy")):  # the first game's seats, filled in
        assert re.search(rf"<input[^>]*\bid=\"players-{i}\"[^>]*>", new_game) and re.search(rf"<input(?=[^>]*\bid=\"players-{i}\")[^>]*value=\"{name}\"", new_game), name
    bad = client.post(f"/tables/{table['id']}/players", data={"names": "Ann\n" + "x" * 41}, headers=FR)
    assert bad.status_code == 400
    assert "noms, ligne 2" in bad.get_data(as_text=True)
    assert client.post(f"/tables/{table['id']}/players", data={"names": "Zed"},
                       headers=EN).status_code == 302


def test_only_the_tables_scorekeeper_adds_players(client):
    from support.tables import new_table

    table = new_table(client)
    other = client.application.test_client()
    assert 'name="names"' not in other.get(f"/tables/{table['id']}/players").get_data(as_text=True)
    assert other.post(f"/tables/{table['id']}/players", data={"names": "Eve"}).status_code in (403, 404)


def test_sentences_made_in_python_elide_de_before_a_vowel_in_french(client):
    """A form error written by the server (not by a template) says "d’Élodie" in French."""
    from support.round_form import round_data, start, text

    gid = start(client, "clenney", ["Bob", "Élodie", "Cy"])
    data = round_data([0, 1, 2], 0, {1: {"mode": "points"}, 2: {"mode": "points", "points": "3"}})
    french = text(client.post(f"/games/{gid}/round", data=data, headers=FR))
    assert "tapez les points d’Élodie" in french and "de Élodie" not in french
    english = text(client.post(f"/games/{gid}/round", data=data, headers=EN))
    assert "type Élodie's points" in english


@pytest.mark.parametrize("headers, said, wrong", [(EN, "Score: -1 point for Ann", "-1 points"),
                                                  (FR, "Score\u00a0: -1 point pour Ann", "-1 points")])
def test_the_yearbook_scores_a_ruling_of_minus_one_as_one_point(client, app, headers, said, wrong):
    from support.pdfcheck import pdf_text
    from support.yearbook_data import two_years

    table, games = two_years(client, app)
    r = client.post(f"/api/v1/games/{games['g26a']['id']}/rulings",
                    json={"what_happened": "Ann showed a card", "ruling": "one off", "player": "Ann", "points": -1},
                    headers={"Authorization": f"Bearer {table['edit_token']}"})
    assert r.status_code == 201, r.json
    _pages, text = pdf_text(client.get(f"/tables/{table['id']}/years/2026.pdf", headers=headers).data)
    assert said.replace("\u00a0", " ") in text.replace("\u00a0", " ") and wrong not in text


@pytest.mark.parametrize("headers, said", [(EN, "Bob: 1 point"), (FR, "Bob : 1 point")])
def test_a_previewed_hand_of_one_reads_one_point(client, headers, said):
    from support.round_form import round_data, start, text

    gid = start(client, "clenney", ["Ann", "Bob", "Cy"])
    data = round_data([0, 1, 2], 0, {1: {"mode": "points", "points": "1"}, 2: {"mode": "points", "points": "5"}},
                      action="preview")
    page = re.sub(r"<[^>]+>", "", text(client.post(f"/games/{gid}/round", data=data, headers=headers)))
    assert said in page.replace("\u00a0", " ") and "1 points" not in page


@pytest.mark.parametrize("headers, said", [(EN, "1 point: no Joybells hand adds up to 1"),
                                           (FR, "1 point : aucune main de Joybells ne fait 1")])
def test_unlikely_points_of_one_read_one_point(client, headers, said):
    from support.round_form import round_data, start, text

    gid = start(client, "joybells", ["Ann", "Bob", "Cy"])
    data = round_data([0, 1, 2], 0, {1: {"mode": "points", "points": "1", "sure": ""},
                                     2: {"mode": "points", "points": "5"}})
    page = text(client.post(f"/games/{gid}/round", data=data, headers=headers))
    assert said in page.replace("\u00a0", " ") and "1 points" not in page


@pytest.mark.parametrize("headers, said", [
    (EN, ("1 point off per round won", "1 point per missing card (incorrect hand)")),
    (FR, ("1 point retiré par manche gagnée", "1 point par carte manquante (main incorrecte)"))])
def test_a_house_rule_of_one_point_reads_one_point(client, headers, said):
    """A house variant whose scoring is one point: its changes, rules page and score sheet say "point"."""
    from support.house import form_data
    from support.pdfcheck import pdf_text
    from support.round_form import text

    data = form_data("le-may-i", **{"scoring.round_win_bonus": "1", "scoring.missing_card_penalty": "1", "save": "1"})
    saved = client.post("/rules/le-may-i/house", data=data, headers=headers)
    assert saved.status_code == 302, text(saved)
    page = text(client.get(saved.headers["Location"], headers=headers))
    flat = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).replace("\u00a0", " ")
    assert all(s in flat for s in said), flat[:3000]
    assert "1 points" not in flat and "1 more points" not in flat, re.findall(r".{80}1 (?:more )?points.{40}", flat)
    sheet = re.search(r'href="([^"]*\.pdf)"', page)
    assert sheet, "the house variant's page links its printable sheet"
    _pages, printed = pdf_text(client.get(html.unescape(sheet.group(1)), headers=headers).data)
    printed = printed.replace("\u00a0", " ")
    assert "1 points" not in printed
    assert said[1].split(" (")[0] in printed  # "1 point per missing card", on the printed sheet too
