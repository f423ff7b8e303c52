"""Migrations (Flask-Migrate/Alembic): an empty database upgrades to head and matches the models
exactly; a database left at the FIRST migration, holding games, upgrades to head without losing any
of them. Both run on SQLite and on PostgreSQL (whichever the suite runs on).

``tests/support/data/games_at_0001.json`` is a frozen copy of every row of a database at revision 0001
holding the games of ``gamedata.populate`` (every variant, a correction, rulings, a withdrawal, a
suspended, a finished and a void game, an idempotency key, a rotated token), with the totals the
API showed then. It must never be regenerated once a second migration exists: it stands for a
club's database made by the first release.
"""
from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask_migrate import Config

from scorekeeper import create_app
from scorekeeper.db import MIGRATIONS, db

FIXTURE = Path(__file__).resolve().parents[1] / "support" / "data" / "games_at_0001.json"
TABLE_ORDER = ["players", "games", "seats", "rounds", "hands", "corrections", "rulings", "idempotency_keys"]


def scripts() -> ScriptDirectory:
    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    return ScriptDirectory.from_config(config)


def revision_of(app) -> str | None:
    with app.app_context(), db.engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


@pytest.fixture
def unmigrated(empty_database_url):
    """An app on an empty database that does not migrate on start (the CLI does it)."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": empty_database_url, "SCOREKEEPER_AUTO_MIGRATE": False})
    yield app
    with app.app_context():
        db.engine.dispose()  # so that the database can be dropped


def test_history_is_linear_and_starts_at_0001():
    script = scripts()
    assert len(script.get_heads()) == 1
    assert script.get_base() == "0001"


def test_empty_database_upgrades_to_head_and_matches_the_models(unmigrated):
    with unmigrated.app_context():
        assert sa.inspect(db.engine).get_table_names() == []
    result = unmigrated.test_cli_runner().invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    assert revision_of(unmigrated) == scripts().get_current_head()
    with unmigrated.app_context(), db.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), db.metadata)
        assert diff == []
        tables = set(sa.inspect(conn).get_table_names())
    assert set(TABLE_ORDER) | {"alembic_version"} <= tables
    # And the app works on it.
    client = unmigrated.test_client()
    created = client.post("/api/v1/games", json={"variant": "clenney", "players": ["Ann", "Bob", "Cy"]})
    assert created.status_code == 201


def test_downgrade_to_nothing_and_up_again(unmigrated):
    runner = unmigrated.test_cli_runner()
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    result = runner.invoke(args=["db", "downgrade", "base"])
    assert result.exit_code == 0, result.output
    with unmigrated.app_context():
        assert set(sa.inspect(db.engine).get_table_names()) <= {"alembic_version"}
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    assert revision_of(unmigrated) == scripts().get_current_head()


def _value(column, value):
    if isinstance(value, dict) and set(value) == {"json"}:
        return value["json"]
    if value is None:
        return None
    if isinstance(column.type, sa.DateTime):
        return datetime.fromisoformat(value)
    if isinstance(column.type, sa.Boolean):
        return bool(value)
    return value


def _load_fixture_rows(app, fixture) -> None:
    with app.app_context(), db.engine.begin() as conn:
        meta = sa.MetaData()
        meta.reflect(conn)
        for name in TABLE_ORDER:
            table = meta.tables[name]
            rows = [{k: _value(table.c[k], v) for k, v in row.items()} for row in fixture["tables"][name]]
            if rows:
                conn.execute(sa.insert(table), rows)
            if conn.dialect.name == "postgresql" and "id" in table.c and isinstance(table.c.id.type, sa.Integer):
                # Rows restored with their ids: move the id sequence past them, as pg_restore does.
                conn.execute(sa.text(
                    f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), (SELECT MAX(id) FROM {name}))"))


def test_database_at_the_first_migration_holding_games_upgrades_without_loss(unmigrated):
    fixture = json.loads(FIXTURE.read_text(encoding="utf-8"))
    first = scripts().get_base()
    assert fixture["revision"] == first
    runner = unmigrated.test_cli_runner()
    result = runner.invoke(args=["db", "upgrade", first])
    assert result.exit_code == 0, result.output
    _load_fixture_rows(unmigrated, fixture)

    result = runner.invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    assert revision_of(unmigrated) == scripts().get_current_head()

    client = unmigrated.test_client()
    for game_id, expected in fixture["games"].items():
        r = client.get(f"/api/v1/games/{game_id}")
        assert r.status_code == 200, (game_id, r.get_json())
        state = r.get_json()
        assert state["status"] == expected["status"], game_id
        assert state["totals"] == expected["totals"], game_id
        assert len(state["rounds"]) == expected["rounds"]
        assert len(state["corrections"]) == expected["corrections"]
        assert len(state["rulings"]) == expected["rulings"]
    with unmigrated.app_context(), db.engine.connect() as conn:
        for name in TABLE_ORDER:
            count = conn.execute(sa.text(f"SELECT COUNT(*) FROM {name}")).scalar_one()
            assert count == len(fixture["tables"][name]), name

    # The migrated games take new rounds, with the edit tokens of the first release.
    in_progress = next(gid for gid, g in fixture["games"].items() if g["status"] == "in_progress" and g["rounds"])
    token = fixture["games"][in_progress]["edit_token"]
    state = client.get(f"/api/v1/games/{in_progress}").get_json()
    active = [s["name"] for s in state["seats"] if s["active"]]
    r = client.post(f"/api/v1/games/{in_progress}/rounds", headers={"Authorization": f"Bearer {token}"},
                    json={"went_out": active[0], "hands": {n: {"points": 5} for n in active[1:]}})
    assert r.status_code == 201, r.get_json()
    created = client.post("/api/v1/games", json={"variant": "roy", "players": ["Ann", "New", "Cy"]})
    assert created.status_code == 201


def test_house_variants_get_a_reference_to_their_table_without_touching_the_games(unmigrated):
    """0006 adds the reference from house_variants.table_id to tables: the variants are kept (a
    table id naming no table is cleared), the games and their rows too, and the reference holds."""
    runner = unmigrated.test_cli_runner()
    # The game is made by today's app (which may use later tables), then the database is taken
    # back to 0005 with it.
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    client = unmigrated.test_client()
    table = client.post("/api/v1/tables", json={"name": "The Smiths"}).get_json()
    game = client.post("/api/v1/games", json={"variant": "joybells", "players": ["Ann", "Bob", "Cy"],
                                              "table": table["id"]},
                       headers={"Authorization": f"Bearer {table['edit_token']}"}).get_json()
    assert client.post(f"/api/v1/games/{game['id']}/rounds", headers={"Authorization": f"Bearer {game['edit_token']}"},
                       json={"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 7}}}).status_code == 201
    with unmigrated.app_context():
        db.session.remove()
        db.engine.dispose()  # (PostgreSQL: no pooled connection holds a table the downgrade drops)
    assert runner.invoke(args=["db", "downgrade", "0005_house_variants"]).exit_code == 0
    now = datetime(2026, 11, 24)
    with unmigrated.app_context(), db.engine.begin() as conn:
        for vid, tid in (("h-oftable", table["id"]), ("h-orphan", "no-such-table"), ("h-free", None)):
            conn.execute(sa.text(
                "INSERT INTO house_variants (id, name, based_on, changes, rules_toml, version, edit_token_hash, "
                "table_id, created_at, updated_at) VALUES (:id, 'x', 'joybells', '{}', '', 1, 'h', :tid, :now, :now)"),
                {"id": vid, "tid": tid, "now": now})
        counts = {n: conn.execute(sa.text(f"SELECT COUNT(*) FROM {n}")).scalar_one()
                  for n in ("games", "seats", "rounds", "hands", "game_results")}
    result = runner.invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    assert revision_of(unmigrated) == scripts().get_current_head()
    with unmigrated.app_context(), db.engine.connect() as conn:
        kept = dict(conn.execute(sa.text("SELECT id, table_id FROM house_variants")).all())
        assert kept == {"h-oftable": table["id"], "h-orphan": None, "h-free": None}
        assert {n: conn.execute(sa.text(f"SELECT COUNT(*) FROM {n}")).scalar_one() for n in counts} == counts
        refs = sa.inspect(conn).get_foreign_keys("house_variants")
        assert [(r["constrained_columns"], r["referred_table"]) for r in refs] == [(["table_id"], "tables")]
    with pytest.raises(sa.exc.IntegrityError), unmigrated.app_context(), db.engine.begin() as conn:
        conn.execute(sa.text("UPDATE house_variants SET table_id = 'no-such-table' WHERE id = 'h-free'"))
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["totals"] == {"Ann": 0, "Bob": 5, "Cy": 7}
    assert runner.invoke(args=["db", "downgrade", "0005_house_variants"]).exit_code == 0
    with unmigrated.app_context(), db.engine.connect() as conn:
        assert sa.inspect(conn).get_foreign_keys("house_variants") == []
        assert conn.execute(sa.text("SELECT COUNT(*) FROM house_variants")).scalar_one() == 3


def test_the_rules_applied_before_0010_get_their_values_and_are_said_in_french(unmigrated):
    """0010 keeps what the rules applied as a kind and values: the rows of the first release get their
    values back from their English summaries, so a French reader reads them without a round being
    scored again (scorekeeper/rules/kept_sentences.py); the downgrade drops the values only."""
    fixture = json.loads(FIXTURE.read_text(encoding="utf-8"))
    runner = unmigrated.test_cli_runner()
    assert runner.invoke(args=["db", "upgrade", scripts().get_base()]).exit_code == 0
    _load_fixture_rows(unmigrated, fixture)
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    with unmigrated.app_context(), db.engine.connect() as conn:
        kept = conn.execute(sa.text("SELECT id, summary_values FROM rulings ORDER BY id")).all()
    values = {row_id: json.loads(v) if isinstance(v, str) else v for row_id, v in kept}
    assert {k: v for k, v in values.items() if v is not None} == {
        3: {"number": 2, "name": "Bob", "points": 10, "first": 5, "second": 5},
        4: {"number": 1, "name": "Ed", "num": 2, "extra": 20, "penalty": 10},
        5: {"number": 1},
        8: {"number": 1, "name": "Ann", "points": 20},
        9: {"number": 2, "name": "Bob", "points": 20},
    }
    french = unmigrated.test_client().get("/api/v1/games/XBPjYySfflbJ2UH4",
                                          headers={"Accept-Language": "fr"}).get_json()
    assert french["notes"][:2] == ["Manche 1, sortie\u00a0: Ann, qui retire 20 points de son total.",
                                   "Manche 2, sortie\u00a0: Bob, qui retire 20 points de son total."]
    with unmigrated.app_context():
        db.session.remove()
        db.engine.dispose()
    assert runner.invoke(args=["db", "downgrade", "0008_hand_proposals"]).exit_code == 0
    with unmigrated.app_context(), db.engine.connect() as conn:
        assert "summary_values" not in {c["name"] for c in sa.inspect(conn).get_columns("rulings")}
        assert conn.execute(sa.text("SELECT COUNT(*) FROM rulings")).scalar_one() == len(fixture["tables"]["rulings"])
