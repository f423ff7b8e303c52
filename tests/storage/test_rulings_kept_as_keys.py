"""What the rules applied to a round is kept as its kind and values and worded when shown
(scorekeeper/rules/kept_sentences.py): a save scores the round once, a French reader's page scores
no round to translate, rows kept before the values (and backups made then) are read back, and a
backup's values that are not a sentence's are refused, naming the field."""
from __future__ import annotations

import json

import pytest

from scorekeeper.db import db
from scorekeeper.models import Ruling
from scorekeeper.rules import game as rules_game
from support import games as gamedata
from support.backup_data import export_with_cli

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
BONUS_FR = "Manche 1, sortie\u00a0: Bob, qui retire 20 points de son total."
MISSING_CARD_FR = ("Manche 2\u00a0: il manquait 1 carte à Bob, qui paie 10 (10 par carte manquante) en plus des "
                   "cartes tenues.")


@pytest.fixture
def restored(app_factory, second_database_url):
    return app_factory(SQLALCHEMY_DATABASE_URI=second_database_url)


def le_may_i(client) -> dict:
    """A Le May I game of two rounds: a round-win bonus in each, a missing card in the second."""
    game = gamedata.create(client, "le-may-i", ["Ann", "Bob", "Cy"])
    gamedata.post_round(client, game, {"went_out": "Bob", "hands": {"Ann": {"points": 10}, "Cy": {"points": 5}}})
    gamedata.post_round(client, game, {"went_out": "Ann",
                                       "hands": {"Bob": {"points": 10, "missing_cards": 1}, "Cy": {"points": 5}}})
    return game


def counting_score_round(monkeypatch) -> list[int]:
    """The rounds ``rules.game.score_round`` scores from now on (it still scores them)."""
    scored: list[int] = []
    real = rules_game.score_round

    def score_round(variant, number, *args, **kwargs):
        scored.append(number)
        return real(variant, number, *args, **kwargs)

    monkeypatch.setattr(rules_game, "score_round", score_round)
    return scored


def test_a_save_scores_the_round_once_and_a_french_page_scores_none(client, monkeypatch):
    game = gamedata.create(client, "le-may-i", ["Ann", "Bob", "Cy"])
    gamedata.post_round(client, game, {"went_out": "Bob", "hands": {"Ann": {"points": 10}, "Cy": {"points": 5}}})
    scored = counting_score_round(monkeypatch)
    r = client.post(f"/api/v1/games/{game['id']}/rounds", headers={**gamedata.auth(game), **FR},
                    json={"went_out": "Ann", "hands": {"Bob": {"points": 10, "missing_cards": 1}, "Cy": {"points": 5}}})
    assert r.status_code == 201, r.get_json()
    assert scored == [2]
    french = client.get(f"/api/v1/games/{game['id']}", headers=FR).get_json()
    page = client.get(f"/games/{game['id']}", headers=FR).get_data(as_text=True)
    assert scored == [2], "reading the game in French scored its rounds again"
    assert french["notes"][:2] == [BONUS_FR, MISSING_CARD_FR]
    assert MISSING_CARD_FR in page


def test_the_page_words_the_kept_values_and_a_row_without_them_keeps_its_english(app, client):
    game = le_may_i(client)
    with app.app_context():
        kept = db.session.execute(db.select(Ruling).where(Ruling.game_id == game["id"]).order_by(Ruling.id)).scalars().all()
        assert [(r.kind, r.summary_values) for r in kept] == [
            ("round_win_bonus", {"number": 1, "name": "Bob", "points": 20}),
            ("incorrect_hand", {"number": 2, "name": "Bob", "num": 1, "extra": 10, "penalty": 10}),
            ("round_win_bonus", {"number": 2, "name": "Ann", "points": 20})]
        kept[0].summary_values = {"number": 1, "name": "Bob", "points": 30}  # what is kept is what is said
        kept[1].summary_values = None  # a row kept before the values
        db.session.commit()
    french = client.get(f"/api/v1/games/{game['id']}", headers=FR).get_json()
    assert french["notes"][:3] == [
        "Manche 1, sortie\u00a0: Bob, qui retire 30 points de son total.",
        "Round 2: Bob held 1 card too few and is charged 10 (10 per missing card) on top of the cards held.",
        "Manche 2, sortie\u00a0: Ann, qui retire 20 points de son total."]
    # the API's rulings keep the English summary, whoever reads them
    assert [x["summary"] for x in french["rulings"]][0] == "Round 1: Bob went out and takes 20 points off the total."


def test_a_backup_made_before_the_values_gets_them_back_from_its_english(app, client, restored, tmp_path):
    game = le_may_i(client)
    doc = export_with_cli(app, tmp_path)
    kept = [r["summary_values"] for r in doc["games"][0]["rulings"]]
    assert kept == [{"number": 1, "name": "Bob", "points": 20},
                    {"number": 2, "name": "Bob", "num": 1, "extra": 10, "penalty": 10},
                    {"number": 2, "name": "Ann", "points": 20}]
    for r in doc["games"][0]["rulings"]:
        del r["summary_values"]  # as a backup made by an older version
    (tmp_path / "old.json").write_text(json.dumps(doc))
    result = restored.test_cli_runner().invoke(args=["import", str(tmp_path / "old.json")])
    assert result.exit_code == 0, result.output
    assert export_with_cli(restored, tmp_path, "again.json")["games"][0]["rulings"] == [
        {**r, "summary_values": values} for r, values in zip(doc["games"][0]["rulings"], kept)]
    french = restored.test_client().get(f"/api/v1/games/{game['id']}", headers=FR).get_json()
    assert french["notes"][:2] == [BONUS_FR, MISSING_CARD_FR]


@pytest.mark.parametrize("values", [{"number": 1, "name": "Bob"}, {"number": 1, "name": "Bob", "points": 20, "x": 1},
                                    ["Bob", 20]])
def test_a_backups_values_that_are_not_the_sentences_are_refused(app, client, restored, tmp_path, values):
    le_may_i(client)
    doc = export_with_cli(app, tmp_path)
    doc["games"][0]["rulings"][0]["summary_values"] = values
    (tmp_path / "bad.json").write_text(json.dumps(doc))
    result = restored.test_cli_runner().invoke(args=["import", str(tmp_path / "bad.json")])
    assert result.exit_code != 0
    assert "games[0].rulings[0].summary_values: " in result.output
    assert "are not the values of a 'round_win_bonus' ruling" in result.output
