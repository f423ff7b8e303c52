"""Filled scoresheets: GET /games/<id>/scoresheet.pdf for games played through the real API."""
from __future__ import annotations

import re

import pytest

from support.pdfcheck import assert_printed_page, assert_size, pdf_text, render_pngs
from support.scoresheet_games import NAMES8, create, full_continental_8, post_round, short_game
from scorekeeper.rules.variants import all_variants


def _state(client, game):
    response = client.get(f"/api/v1/games/{game['id']}")
    assert response.status_code == 200
    return response.get_json()


def _sheet(client, game, query=""):
    response = client.get(f"/games/{game['id']}/scoresheet.pdf{query}")
    assert response.status_code == 200, response.data[:300]
    assert response.mimetype == "application/pdf"
    return response.data


def _row_pattern(state, rnd, running):
    """The text of one round's row as pypdf reads it: each player's points (with any marks) then
    the running total; '–' for a player who had withdrawn."""
    cells = []
    for name in state["players"]:
        if name in rnd["scores"]:
            cells.append(rf"{rnd['scores'][name]}(?: \S+)* {running[name]}")
        else:
            cells.append("–")
    return re.compile(r"\b" + " ".join(cells) + r"(?: |$)")


def _assert_every_score(state, text):
    running = {name: 0 for name in state["players"]}
    for rnd in state["rounds"]:
        for name, pts in rnd["scores"].items():
            running[name] += pts + rnd["bonus"].get(name, 0)
        assert _row_pattern(state, rnd, running).search(text), f"round {rnd['number']} row not found in: {text[:2000]}"
    for seat in state["seats"]:
        if seat["active"]:
            assert running[seat["name"]] == state["totals"][seat["name"]]
    final = " ".join(
        str(state["totals"][n]) + (" w" if not s["active"] else "")
        for n, s in zip(state["players"], state["seats"])
    )
    assert f"Final total {'first to 100 wins' if state['variant'] == 'roy' else 'lowest total wins'} {final}" in text


def test_full_8_player_continental_game_on_one_page(client, tmp_path):
    game = full_continental_8(client)
    state = _state(client, game)
    assert state["status"] == "complete"
    data = _sheet(client, game)
    pages, text = pdf_text(data)
    assert pages == 1
    assert_size(data, "a4", "portrait")
    for name in NAMES8:
        assert name in text
    _assert_every_score(state, text)
    # who went out, the stock round, the winner and the standings
    for rnd in state["rounds"]:
        if rnd["went_out"]:
            assert f"{rnd['went_out']} deals" in text or f"{rnd['went_out']} out" in text
            assert f"{rnd['went_out']} out" in text
    assert "8 cards · Cleo deals stock ran out" in text
    assert "Winner: Bob" in text
    standings = " · ".join(f"{s['place']}. {s['name']} {s['total']}{' (withdrew)' if not s['active'] else ''}"
                           for s in state["standings"])
    assert "Standings: " + standings in text
    assert "Standings: 1. Bob 105 · 2. Dmitri 125 · 3. Ann 135 · 3. Fred 135" in text
    # every note the rules produced: withdrawal, missing score, incorrect hand, stock, correction, ruling, house options
    assert len(state["notes"]) >= 8
    for note in state["notes"]:
        assert " ".join(note.split()) in text
    for words in ["Hattie withdrew after round 4", "no score was posted for Cleo", "Evangeline held 2 cards too few",
                  "stock ran out a second time", "Reason: Bob's 40 was counted twice", "Fred discarded before drawing",
                  "2s are wild too", "No May I in the last three rounds", "left after round 4"]:
        assert words in text
    # the marks on the cells, and their key
    assert "55 m 70" in text and "35 i 130" in text and "20 c 95" in text and "50 +10 130" in text
    assert "0 out 35" in text  # Bob went out in round 2
    assert "m = no score posted" in text and "i = incorrect hand, 10 per missing card" in text
    # the card points, to check the scores by
    assert "Card points (Continental article, Scoring): Joker = 50 · A = 20 · 10, J, Q, K = 10 · 2–9 = 5" in text
    # footer: game id and dates
    day = state["created_at"][:10]
    assert f"Game {state['id']} · started" in text and "· finished" in text
    assert re.search(r"started \d{1,2} \w{3} \d{4} \d{2}:\d{2} UTC · finished", text)
    assert day[:4] in text
    (png,) = render_pngs(data, tmp_path, "continental8")
    assert_printed_page(png, min_share=0.06)


@pytest.mark.parametrize("paper,orientation", [("letter", "landscape"), ("a4", "landscape"), ("letter", "portrait")])
def test_full_game_fits_other_papers(client, tmp_path, paper, orientation):
    game = full_continental_8(client)
    data = _sheet(client, game, f"?paper={paper}&orientation={orientation}")
    pages, text = pdf_text(data)
    assert pages == 1, f"{paper} {orientation}: {pages} pages"
    assert_size(data, paper, orientation)
    _assert_every_score(_state(client, game), text)
    (png,) = render_pngs(data, tmp_path, f"c8-{paper}-{orientation}")
    assert_printed_page(png, min_share=0.06)


@pytest.mark.parametrize("variant_id", [v.id for v in all_variants()])
def test_one_game_of_every_variant(client, tmp_path, variant_id):
    game = short_game(client, variant_id)
    state = _state(client, game)
    assert state["status"] == "complete"
    data = _sheet(client, game)
    pages, text = pdf_text(data)
    assert pages == 1
    _assert_every_score(state, text)
    if state["winner"]:
        assert f"Winner: {state['winner']}" in text
    else:
        assert "Shared win: " + ", ".join(state["winners"]) in text
    for note in state["notes"]:
        assert " ".join(note.split()) in text
    if variant_id == "le-may-i":
        assert "−20" in text and "−20 = off the total for the round won" in text
    (png,) = render_pngs(data, tmp_path, variant_id)
    assert_printed_page(png)


def test_game_in_progress_shows_rounds_to_come(client):
    game = create(client, "continental", NAMES8[:5], dealer="Cleo")
    post_round(client, game, {"went_out": "Ann", "hands": {n: {"points": 10} for n in NAMES8[1:5]}})
    client.post(f"/api/v1/games/{game['id']}/withdraw", json={"player": "Bob"},
                headers={"Authorization": f"Bearer {game['edit_token']}"})
    data = _sheet(client, game)
    pages, text = pdf_text(data)
    assert pages == 1
    assert "Game in progress: standings so far" in text
    # round 2 is dealt by Dmitri (after Cleo), round 3 by Evangeline, round 4 skips Bob: Ann, then Cleo
    assert "7 cards · Dmitri deals" in text and "8 cards · Evangeline deals" in text
    assert "9 cards · Ann deals" in text and "10 cards · Cleo deals" in text
    assert "3 runs 12 cards" in text
    assert "· last change" in text and "finished" not in text
    assert "provisional" in text


def test_void_game(client):
    game = create(client, "clenney", ["Ann", "Bob", "Cy"])
    for who in ("Bob", "Cy"):
        client.post(f"/api/v1/games/{game['id']}/withdraw", json={"player": who},
                    headers={"Authorization": f"Bearer {game['edit_token']}"})
    _, text = pdf_text(_sheet(client, game))
    assert "Game void" in text and "fewer than two other players are left" in text


def test_unknown_game_is_404_and_bad_paper_is_400(client):
    response = client.get("/games/no-such-game/scoresheet.pdf")
    assert response.status_code == 404 and "no-such-game" in response.get_data(as_text=True)
    game = create(client, "roy", ["Ann", "Bob"])
    response = client.get(f"/games/{game['id']}/scoresheet.pdf?paper=a3")
    assert response.status_code == 400 and "paper: 'a3'" in response.get_data(as_text=True)
    response = client.get(f"/games/{game['id']}/scoresheet.pdf?players=Ann")
    assert response.status_code == 400 and "players: unknown parameter" in response.get_data(as_text=True)
