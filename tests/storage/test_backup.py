"""Backup and restore (`flask export` / `flask import`) and the per-game JSON and CSV downloads."""
from __future__ import annotations

import csv
import io
import json

import pytest

from support import games as gamedata
from scorekeeper.backup import FORMAT
from scorekeeper.db import db
from scorekeeper.models import Game, Player
from support.backup_data import export_with_cli, without_time_of_export  # noqa: F401


@pytest.fixture
def restored(app_factory, second_database_url):
    """A second app on another empty database, to restore into."""
    return app_factory(SQLALCHEMY_DATABASE_URI=second_database_url)


def states(app, ids) -> dict:
    client = app.test_client()
    out = {}
    for game_id in ids:
        r = client.get(f"/api/v1/games/{game_id}")
        assert r.status_code == 200
        out[game_id] = {k: v for k, v in r.get_json().items() if k not in ("url", "view_url")}
    return out


def test_round_trip_keeps_everything(app, client, restored, tmp_path):
    games = gamedata.populate(client)
    ids = [g["id"] for g in games]
    before = export_with_cli(app, tmp_path)
    assert before["format"] == FORMAT and before["version"] == 1
    assert [g["id"] for g in before["games"]] == ids
    assert {p["name"] for p in before["players"]} == {"Ann", "Bob", "Cy", "Di", "Ed", "Zoë", "Émile"}

    result = restored.test_cli_runner().invoke(args=["import", str(tmp_path / "backup.json")])
    assert result.exit_code == 0, result.output
    assert "imported 6 games and 7 new players" in result.output

    after = export_with_cli(restored, tmp_path, "again.json")
    assert without_time_of_export(after) == without_time_of_export(before)
    # Everything the API shows, field by field: rounds, hands, scores, totals, corrections,
    # rulings, notes, status, versions and all the times.
    assert states(restored, ids) == states(app, ids)

    # What the export holds, concretely.
    continental = before["games"][1]
    assert continental["corrections"][0]["reason"] == "Cy had 15, not 10"
    assert any(r["kind"] == "dispute" and r["points"] == 10 for r in continental["rulings"])
    assert [k["key"] for k in continental["idempotency_keys"]] == ["round-2-from-ann"]
    assert [len(r["hands"]) for r in continental["rounds"]] == [5, 5]
    assert before["games"][2]["status"] == "suspended" and before["games"][4]["status"] == "void"

    # The edit tokens (stored as hashes) still work, the rotated one's predecessor does not,
    # optimistic locking continues from the same version, and retries still replay.
    c2 = restored.test_client()
    roy = games[3]
    r = c2.post(f"/api/v1/games/{roy['id']}/rounds", headers=gamedata.auth(roy), json={
        "went_out": "Ann", "hands": {"Bob": {"card_count": 3}, "Cy": {"card_count": 4}}})
    assert r.status_code == 201, r.get_json()
    stale = c2.post(f"/api/v1/games/{roy['id']}/suspend", headers=gamedata.auth(roy),
                    json={"version": before["games"][3]["version"]})
    assert stale.status_code == 409
    cont = games[1]
    replay = c2.post(f"/api/v1/games/{cont['id']}/rounds", headers={**gamedata.auth(cont), "Idempotency-Key": "round-2-from-ann"},
                     json={"went_out": "Di", "hands": {"Ann": {"points": 5}, "Bob": {"missing": True},
                                                       "Cy": {"points": 5}, "Ed": {"points": 5}}})
    assert replay.status_code == 201 and replay.headers["Idempotent-Replayed"] == "true"


def test_export_to_standard_output(app, client, runner):
    gamedata.create(client, "clenney", ["Ann", "Bob", "Cy"])
    result = runner.invoke(args=["export"])
    assert result.exit_code == 0
    doc = json.loads(result.output)
    assert len(doc["games"]) == 1 and doc["games"][0]["variant"] == "clenney"


def test_export_of_an_empty_database(runner):
    doc = json.loads(runner.invoke(args=["export"]).output)
    assert doc["games"] == [] and doc["players"] == []


def test_import_twice_skips_games_already_stored(app, client, restored, tmp_path):
    gamedata.create(client, "clenney", ["Ann", "Bob", "Cy"])
    export_with_cli(app, tmp_path)
    runner = restored.test_cli_runner()
    assert runner.invoke(args=["import", str(tmp_path / "backup.json")]).exit_code == 0
    again = runner.invoke(args=["import", str(tmp_path / "backup.json")])
    assert again.exit_code == 0
    assert "imported 0 games and 0 new players; skipped 1 games already stored" in again.output
    with restored.app_context():
        assert db.session.query(Game).count() == 1
        assert db.session.query(Player).count() == 3


def test_import_is_all_or_nothing(app, client, restored, tmp_path):
    gamedata.populate(client)
    doc = export_with_cli(app, tmp_path)
    doc["games"][3]["rounds"][0]["created_at"] = "yesterday"
    (tmp_path / "bad.json").write_text(json.dumps(doc))
    result = restored.test_cli_runner().invoke(args=["import", str(tmp_path / "bad.json")])
    assert result.exit_code == 1
    assert "games[3].rounds[0].created_at: 'yesterday' is not an ISO 8601 time" in result.output
    with restored.app_context():
        assert db.session.query(Game).count() == 0
        assert db.session.query(Player).count() == 0


@pytest.mark.parametrize(
    "content, words",
    [
        ("not json", "not JSON"),
        ('{"format": "something-else"}', "not a scorekeeper backup"),
        (json.dumps({"format": FORMAT, "version": 99, "players": [], "games": []}), "version: 99"),
        (json.dumps({"format": FORMAT, "version": 1, "players": {}, "games": []}), "must be lists"),
        (json.dumps({"format": FORMAT, "version": 1, "players": [], "games": [{"id": "x", "colour": 1}]}),
         "games[0]: unknown field 'colour'"),
        (json.dumps({"format": FORMAT, "version": 1, "players": [], "games": [{"id": "x"}]}),
         "games[0].variant: missing"),
    ],
)
def test_import_refuses_what_is_not_a_backup(runner, tmp_path, content, words):
    path = tmp_path / "in.json"
    path.write_text(content)
    result = runner.invoke(args=["import", str(path)])
    assert result.exit_code == 1
    assert words in result.output


def test_import_of_a_missing_file(runner, tmp_path):
    result = runner.invoke(args=["import", str(tmp_path / "nope.json")])
    assert result.exit_code == 1 and "No such file" in result.output


# ----- per-game downloads ---------------------------------------------------------------------------

def test_game_json_download_has_no_secrets_and_imports_with_a_new_token(app, client, restored, tmp_path):
    games = gamedata.populate(client)
    cont = games[1]
    r = client.get(f"/games/{cont['id']}/export.json")
    assert r.status_code == 200 and r.mimetype == "application/json"
    assert r.headers["Content-Disposition"] == f'attachment; filename="scorekeeper-{cont["id"]}.json"'
    assert r.headers["Referrer-Policy"] == "no-referrer"
    doc = r.get_json()
    assert [g["id"] for g in doc["games"]] == [cont["id"]]
    record = doc["games"][0]
    assert "edit_token_hash" not in record and "idempotency_keys" not in record
    assert cont["edit_token"] not in r.get_data(as_text=True)
    assert {p["name"] for p in doc["players"]} == {"Ann", "Bob", "Cy", "Di", "Ed"}
    assert len(record["rounds"]) == 2 and record["corrections"] and record["rulings"]

    (tmp_path / "one.json").write_text(r.get_data(as_text=True))
    result = restored.test_cli_runner().invoke(args=["import", str(tmp_path / "one.json")])
    assert result.exit_code == 0, result.output
    token = result.output.split("new edit token ")[1].split()[0]
    assert len(token) >= 43  # 256 bits, URL-safe base64
    assert states(restored, [cont["id"]]) == states(app, [cont["id"]])
    c2 = restored.test_client()
    old = c2.post(f"/api/v1/games/{cont['id']}/suspend", headers=gamedata.auth(cont))
    assert old.status_code == 403
    new = c2.post(f"/api/v1/games/{cont['id']}/suspend", headers={"Authorization": f"Bearer {token}"})
    assert new.status_code == 200


def test_game_csv_download(client):
    g = gamedata.create(client, "le-may-i", ["Ann", "Bob", "Cy"])
    gamedata.post_round(client, g, {"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"cards": ["AS"]}}})
    gamedata.post_round(client, g, {"went_out": "Cy", "hands": {"Ann": {"points": 3}, "Bob": {"points": 4}}})
    r = client.get(f"/games/{g['id']}/export.csv")
    assert r.status_code == 200 and r.mimetype == "text/csv"
    assert r.headers["Content-Disposition"] == f'attachment; filename="scorekeeper-{g["id"]}.csv"'
    rows = list(csv.reader(io.StringIO(r.get_data(as_text=True))))
    assert rows[0] == ["Round", "Dealer", "Contract", "Who went out", "How it ended", "Ann", "Bob", "Cy"]
    assert rows[1][0] == "1" and rows[1][3] == "Ann" and rows[1][4] == "went out"
    assert (rows[1][2], rows[2][2]) == ("2 sets", "1 set + 1 run")  # the contract in words, plurals right
    assert rows[1][5:] == ["-20", "5", "15"]  # Le May I: -20 for going out
    assert rows[2][5:] == ["3", "4", "-20"]
    state = client.get(f"/api/v1/games/{g['id']}").get_json()
    assert rows[3] == ["Total", "", "", "", "", *[str(state["totals"][n]) for n in ("Ann", "Bob", "Cy")]]
    assert [int(x) for x in rows[3][5:]] == [int(a) + int(b) for a, b in zip(rows[1][5:], rows[2][5:])]


def test_game_csv_download_from_a_french_browser_is_in_french(client):
    g = gamedata.create(client, "le-may-i", ["Ann", "Bob", "Cy"])
    gamedata.post_round(client, g, {"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 15}}})
    gamedata.post_round(client, g, {"went_out": "Cy", "hands": {"Ann": {"points": 3}, "Bob": {"points": 4}}})
    text = client.get(f"/games/{g['id']}/export.csv", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:5] == ["Manche", "Donneur", "Contrat", "Qui est sorti", "Fin de la manche"]
    assert [r[2] for r in rows[1:3]] == ["2 brelans", "1 brelan + 1 séquence"]
    assert rows[1][4] == "sortie" and rows[3][0] == "Total"
    assert "sets" not in text and "runs" not in text


def test_csv_cells_never_start_a_formula(client):
    g = gamedata.create(client, "clenney", ["=SUM(A1)", "+Bob", "@Cy"])
    gamedata.post_round(client, g, {"went_out": "=SUM(A1)", "hands": {"+Bob": {"points": 5}, "@Cy": {"points": 1}}})
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{g['id']}/export.csv").get_data(as_text=True))))
    assert rows[0][5:] == ["'=SUM(A1)", "'+Bob", "'@Cy"]
    assert rows[1][3] == "'=SUM(A1)"


def test_downloads_of_an_unknown_game_are_404(client):
    assert client.get("/games/nosuchgame/export.json").status_code == 404
    assert client.get("/games/nosuchgame/export.csv").status_code == 404
    assert client.get("/games/" + "x" * 300 + "/export.csv").status_code == 404


def test_share_page_links_the_downloads(client):
    g = gamedata.create(client, "clenney", ["Ann", "Bob", "Cy"])
    page = client.get(f"/games/{g['id']}/share").get_data(as_text=True)
    for suffix in ("export.json", "export.csv"):
        assert f'href="/games/{g["id"]}/{suffix}"' in page
        assert client.get(f"/games/{g['id']}/{suffix}").status_code == 200
