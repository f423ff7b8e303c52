"""What the pages say: no gendered guess about a named player in French ("Sortie : Anne"), the
paper sizes and the dealer's seat said in French, a game in progress is "in progress" on the
table's history (not "unfinished"), and a correction is listed once on the game page."""
from __future__ import annotations

import html
import re

from test_pages_games import post_round, round_data, start

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
EN = {"Accept-Language": "en"}


def words(r) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", r.get_data(as_text=True)))).replace("\u00a0", " ")


def test_no_gender_is_guessed_for_the_player_who_went_out(client):
    gid = start(client, "le-may-i", ["Anne", "Bob", "Cy"])
    data = round_data([0, 1, 2], 0, {1: {"mode": "points", "points": "10"}, 2: {"mode": "points", "points": "12"}},
                      action="preview")
    page = words(client.post(f"/games/{gid}/round", data=data, headers=FR))
    assert "Anne est sorti" not in page and "Anne sortie" in page  # the preview's tag: "sortie" (a noun)
    assert post_round(client, gid, round_data([0, 1, 2], 0, {1: {"mode": "points", "points": "10"},
                                                             2: {"mode": "points", "points": "12"}})).status_code == 302
    page = words(client.get(f"/games/{gid}", headers=FR))
    assert "est sorti" not in page
    assert "Manche 1, sortie : Anne, qui retire 20 points de son total." in page
    assert "Round 1: Anne went out and takes 20 points off the total." in words(client.get(f"/games/{gid}", headers=EN))


def test_letter_paper_and_the_first_dealer_are_said_in_french(client):
    page = words(client.get("/rules/joybells", headers=FR))
    assert "Lettre US" in page and " Letter " not in page
    page = words(client.get("/games/new", headers=FR))
    assert "donne en premier" in page and "Touchez « donne en premier »" in page


def test_a_game_in_progress_is_in_progress_on_the_tables_history(client):
    t = client.post("/api/v1/tables", json={"name": "Les Martin"}).json
    auth = {"Authorization": f"Bearer {t['edit_token']}"}
    g = client.post("/api/v1/games", json={"variant": "joybells", "players": ["Anne", "Bob", "Cy"], "table": t["id"]},
                    headers=auth).json
    client.post(f"/api/v1/games/{g['id']}/rounds", headers=auth,
                json={"went_out": "Anne", "hands": {"Bob": {"points": 5}, "Cy": {"points": 3}}})
    en, fr = (words(client.get(f"/tables/{t['id']}", headers=h)) for h in (EN, FR))
    assert "in progress" in en and "unfinished" not in en
    assert "en cours" in fr and "inachevée" not in fr


def test_a_correction_is_listed_once_on_the_game_page(client):
    gid = start(client, "clenney", ["Ann", "Bob", "Cy"])
    post_round(client, gid, round_data([0, 1, 2], 0, {1: {"mode": "points", "points": "10"},
                                                      2: {"mode": "points", "points": "6"}}))
    data = round_data([0, 1, 2], 0, {1: {"mode": "points", "points": "15"}, 2: {"mode": "points", "points": "6"}})
    r = client.post(f"/games/{gid}/rounds/1/correct", data={**data, "reason": "Bob recounted his hand"})
    assert r.status_code == 302
    for headers, why in ((EN, "Bob recounted his hand"), (FR, "Bob recounted his hand")):
        page = words(client.get(f"/games/{gid}", headers=headers))
        assert page.count(why) == 1, page
    # the API's notes still say it (they are the game's whole record)
    assert any("Bob recounted his hand" in n for n in client.get(f"/api/v1/games/{gid}").json["notes"])
