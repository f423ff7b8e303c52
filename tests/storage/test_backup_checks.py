"""A backup is checked before anything is stored: each game with the same rules as the API
(``scorekeeper/backup/checks.py``). A file the API could not have made is refused, naming the
game and the field, and nothing is stored; a file that is accepted gives games whose every page
renders. The property test changes one thing at a time in a real backup (``tests/support/backup_data.py``)
and checks exactly that. On SQLite and on PostgreSQL (whichever the suite runs on)."""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from support import backup_data
from scorekeeper.backup import BackupError, import_document
from scorekeeper.db import db
from scorekeeper.models import (Correction, Game, HandRecord, IdempotencyKey, Player, Round, Ruling, ScoresheetPdf,
                                Seat)

MODELS = [ScoresheetPdf, IdempotencyKey, Ruling, Correction, HandRecord, Round, Seat, Game, Player]  # children first
EXAMPLES = int(os.environ.get("SCOREKEEPER_BACKUP_EXAMPLES", "120"))
# The property test's examples in parts of their own (each drawn independently), so that the suite's
# workers share them (docs/testing.md, "How the suite is split").
SHARDS = 4


def row_counts(app) -> dict[str, int]:
    with app.app_context():
        return {m.__tablename__: db.session.scalar(sa.select(sa.func.count()).select_from(m)) for m in MODELS}


def empty(app) -> None:
    with app.app_context():
        for model in MODELS:
            db.session.execute(sa.delete(model))
        db.session.commit()


def import_file(app, tmp_path, doc) -> tuple[int, str]:
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = app.test_cli_runner().invoke(args=["import", str(path)])
    return result.exit_code, result.output


def renders(client, game_id: str, pdf: bool = True) -> None:
    """Every page of the game answers, on a phone that keeps score for it (when the backup's
    edit token still matches): the API, the game page, the scoreboard, the share page, the
    downloads, the round form and each round's correction form, and the scoresheet PDF."""
    token = backup_data.expected().get(game_id, {}).get("edit_token")
    if token:
        assert client.get(f"/games/{game_id}/edit?token={token}").status_code in (302, 403)
    api = client.get(f"/api/v1/games/{game_id}")
    assert api.status_code == 200, api.get_data(as_text=True)[:500]
    state = api.get_json()
    must = [f"/games/{game_id}", f"/games/{game_id}/view", f"/games/{game_id}/share",
            f"/games/{game_id}/export.json", f"/games/{game_id}/export.csv"]
    may = [f"/games/{game_id}/round", f"/games/{game_id}/withdraw", f"/games/{game_id}/ruling"]
    may += [f"/games/{game_id}/rounds/{r['number']}/correct" for r in state["rounds"]]
    if pdf:
        must.append(f"/games/{game_id}/scoresheet.pdf")
    for path in must:
        r = client.get(path)
        assert r.status_code == 200, (path, r.status_code)
    for path in may:  # (a finished game has no round form, another phone may not edit: 3xx/4xx)
        r = client.get(path)
        assert r.status_code < 500, (path, r.status_code)
    if pdf:
        assert client.get(f"/games/{game_id}/scoresheet.pdf").data.startswith(b"%PDF")


# ----- the real backup imports as it is -----------------------------------------------------------

def test_the_real_backup_imports_and_shows_the_totals_it_was_made_with(app, client, tmp_path):
    code, output = import_file(app, tmp_path, backup_data.backup())
    assert code == 0, output
    assert "imported 6 games and 7 new players" in output
    for game_id, was in backup_data.expected().items():
        state = client.get(f"/api/v1/games/{game_id}").get_json()
        assert (state["status"], state["totals"], len(state["rounds"])) == (was["status"], was["totals"], was["rounds"])
        assert state["version"] == was["version"]
        renders(client, game_id, pdf=False)


# ----- what the attack found, and each kind of check, named -----------------------------------------

def _hand_points_as_text(doc):
    i = backup_data.game_index(doc, "continental")
    doc["games"][i]["rounds"][0]["hands"][1]["points"] = "25"
    return i, "rounds[0].hands[1].points: '25' is not a whole number"


def _rounds_without_seats(doc):
    i = backup_data.game_index(doc, "roy")
    doc["games"][i]["seats"] = []
    return i, "seats: 0 players is out of range: ROY is for"


def _hand_of_a_player_not_seated(doc):
    i = backup_data.game_index(doc, "continental")
    doc["games"][i]["rounds"][1]["hands"][2]["name"] = "Zed"
    return i, "rounds[1].hands: hands of"


def _submission_the_api_refuses(doc):
    i = backup_data.game_index(doc, "continental")
    doc["games"][i]["rounds"][0]["submission"]["hands"]["Ann"] = {"cards": ["ZZ"]}
    return i, "rounds[0].submission.hands.Ann.cards[0]"


def _round_after_the_game_ended(doc):
    i = backup_data.game_index(doc, "joybells")
    game = doc["games"][i]
    extra = json.loads(json.dumps(game["rounds"][-1]))
    extra["number"] = extra["submission"]["round"] = len(game["rounds"]) + 1
    game["rounds"].append(extra)
    return i, "rounds: 8 rounds, but Joybells has 7"


def _round_numbers_with_a_gap(doc):
    i = backup_data.game_index(doc, "le-may-i")
    doc["games"][i]["rounds"][1]["number"] = 3
    return i, "rounds: round numbers [1, 3] are not 1, 2, 3, ..."


def _first_dealer_off_the_table(doc):
    i = backup_data.game_index(doc, "roy")
    doc["games"][i]["first_dealer_seat"] = 3
    return i, "first_dealer_seat: 3 is not a seat of this game (0 to 2)"


def _ruling_for_a_stranger(doc):
    i = backup_data.game_index(doc, "continental")
    ruling = next(r for r in doc["games"][i]["rulings"] if r["points"])
    ruling["player"] = "Zed"
    return i, "player: 'Zed' is not a player of this game"


def _correction_scores_as_a_list(doc):
    i = backup_data.game_index(doc, "continental")
    doc["games"][i]["corrections"][0]["old"]["scores"] = [50, 25]
    return i, "corrections[0].old.scores: [50, 25] is not an object of points by player"


def _unknown_house_option(doc):
    i = backup_data.game_index(doc, "continental")
    doc["games"][i]["house_rules"] = {"aces_are_zero": True}
    return i, "house_rules.aces_are_zero: 'aces_are_zero' is not a house option of Continental"


def _status_the_rounds_do_not_give(doc):
    i = backup_data.game_index(doc, "roy")
    doc["games"][i]["status"] = "complete"
    return i, "status: 'complete', but its rounds make the game 'in_progress'"


def _text_longer_than_postgresql_keeps(doc):
    i = backup_data.game_index(doc, "clenney")
    doc["games"][i]["seats"][0]["name"] = "A" * 41
    return i, "seats[0].name: 'AAAA"


def _number_larger_than_an_sql_integer(doc):
    i = backup_data.game_index(doc, "joybells")
    doc["games"][i]["rounds"][0]["hands"][1]["points"] = 2**31
    return i, "points: 2147483648 is out of range"


def _nul_in_a_reason(doc):
    i = backup_data.game_index(doc, "continental")
    doc["games"][i]["corrections"][0]["reason"] = "Cy\u0000"
    return i, "corrections[0].reason: text may not contain the NUL character"


def _game_id_twice(doc):
    doc["games"].append(json.loads(json.dumps(doc["games"][0])))
    return len(doc["games"]) - 1, f"id: '{doc['games'][0]['id']}' is also the id of games[0]"


@pytest.mark.parametrize("change", [
    _hand_points_as_text, _rounds_without_seats, _hand_of_a_player_not_seated, _submission_the_api_refuses,
    _round_after_the_game_ended, _round_numbers_with_a_gap, _first_dealer_off_the_table, _ruling_for_a_stranger,
    _correction_scores_as_a_list, _unknown_house_option, _status_the_rounds_do_not_give,
    _text_longer_than_postgresql_keeps, _number_larger_than_an_sql_integer, _nul_in_a_reason, _game_id_twice,
], ids=lambda f: f.__name__.strip("_"))
def test_a_backup_the_api_could_not_have_made_is_refused_naming_game_and_field(app, tmp_path, change):
    doc = backup_data.backup()
    index, words = change(doc)
    code, output = import_file(app, tmp_path, doc)
    assert code == 1, output
    game_id = doc["games"][index]["id"]
    assert f"games[{index}]." in output and words in output, output
    assert f"(game {game_id!r}); nothing was imported" in output
    assert set(row_counts(app).values()) == {0}


# ----- the property: refused, or every page renders ------------------------------------------------

PLAIN = st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats() | st.text(max_size=8)
ANY_JSON = st.recursive(PLAIN, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                        max_leaves=6)
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Zoë", "Émile", "ann", "Ann ", "Zed", ""]


def _paths(value, path=()):
    """Every place in the document: (path, value)."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, path + (i,))


def _neighbours(value) -> st.SearchStrategy:
    """Values near the one found there: what a hand edit or a bad program would write."""
    if isinstance(value, bool):
        return st.sampled_from([not value, int(value), str(value).lower()])
    if isinstance(value, int):
        return st.sampled_from([value + 1, value - 1, -value, 0, -1, 2**31, 99, str(value), float(value), None])
    if isinstance(value, str):
        return st.sampled_from([*NAMES, value.upper(), value + "!", "", "1", "went_out", "stock_exhausted", "complete",
                                "void", "suspended", "cards", "missing", None, 0])
    if isinstance(value, list):
        return st.sampled_from([[], value[:1], value + value[-1:], list(reversed(value)), None, {}])
    if isinstance(value, dict):
        return st.sampled_from([{}, None, [], {**value, "extra": 1}])
    return ANY_JSON


@dataclass(frozen=True)
class Change:
    """One change to the real backup: at ``path``, ``action`` (replace, remove, repeat, move)
    with ``value`` (the new value, or where to move the item)."""

    path: tuple
    action: str
    value: object = None

    def applied(self) -> dict:
        doc = backup_data.backup()
        parent = doc
        for key in self.path[:-1]:
            parent = parent[key]
        last = self.path[-1]
        if self.action == "replace":
            parent[last] = self.value
        elif self.action == "remove":
            del parent[last]
        elif self.action == "repeat":
            parent.insert(last, json.loads(json.dumps(parent[last])))
        else:
            parent.insert(self.value, parent.pop(last))
        return doc

    def game(self) -> int | None:
        """The index of the game changed (None: the players, or the list of games itself)."""
        return self.path[1] if self.path[0] == "games" and len(self.path) > 1 else None


PLACES = [(p, v) for p, v in _paths({"players": backup_data.backup()["players"], "games": backup_data.backup()["games"]}) if p]


@st.composite
def changes(draw) -> Change:
    """A value replaced (by a near one or by any JSON), a field removed, or a list item removed,
    repeated or moved."""
    path, value = draw(st.sampled_from(PLACES))
    in_list = isinstance(path[-1], int)
    action = draw(st.sampled_from(["near", "near", "any", "remove"] + (["repeat", "move"] if in_list else [])))
    if action == "near":
        return Change(path, "replace", draw(_neighbours(value)))
    if action == "any":
        return Change(path, "replace", draw(ANY_JSON))
    if action == "move":
        siblings = len([p for p, _ in PLACES if p[:-1] == path[:-1] and len(p) == len(path)])
        return Change(path, "move", draw(st.integers(0, siblings - 1)))
    return Change(path, action)


@pytest.mark.slow
@pytest.mark.parametrize("part", [f"part{k + 1}" for k in range(SHARDS)])
@settings(max_examples=-(-EXAMPLES // SHARDS), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(change=changes())
# found by this test: a token hash that is not ASCII made the edit-token check raise (a 500)
@example(change=Change(path=("games", 0, "edit_token_hash"), action="replace", value="Zoë"))
def test_every_import_of_a_changed_backup_refuses_or_gives_games_that_all_render(app, change, part):
    # one app renders the PDFs of every example: its own PDF rate limit is not what is tested here
    app.config["RATELIMIT_PDF"] = "100000 per minute"
    doc = change.applied()
    empty(app)
    try:
        with app.app_context():
            report = import_document(doc)
    except BackupError as err:
        message = str(err)
        event("refused: " + re.sub(r"\[\d+\]", "[]", message.split(":")[0]))
        assert set(row_counts(app).values()) == {0}, message
        assert message.endswith("nothing was imported") or message.startswith(
            "the backup could not be stored, nothing was imported"), message
        assert re.match(r"(players|games)\[\d+\]|players and games|the backup could not be stored", message), message
        if message.startswith("games["):
            index = int(message[len("games["):].split("]")[0])
            game = doc["games"][index]
            game_id = game.get("id") if isinstance(game, dict) else None
            if isinstance(game_id, str):
                assert f"(game {game_id!r})" in message, message
        return
    event("imported")
    client = app.test_client()
    for game_id in report["imported"]:
        assert client.get(f"/api/v1/games/{game_id}").status_code == 200, game_id
    index = change.game()
    if index is not None and index < len(doc["games"]) and isinstance(doc["games"][index], dict):
        if doc["games"][index].get("id") in report["imported"]:
            renders(client, doc["games"][index]["id"])
