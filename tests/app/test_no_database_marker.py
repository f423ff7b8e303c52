"""The ``no_database`` marker (tests/conftest.py): the PostgreSQL job leaves the marked tests out,
and on SQLite a marked test that runs an SQL statement fails, so the promise the PostgreSQL job
relies on is checked on every run. The suite's own hooks run here on tests written for the purpose
(pytester)."""
from __future__ import annotations

import os
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]

EXAMPLES = '''
import pytest
from sqlalchemy import text

from scorekeeper.db import db


@pytest.mark.no_database
def test_marked_and_quiet(client):
    assert client.get("/api/v1/variants/joybells").status_code == 200


@pytest.mark.no_database
def test_marked_but_asks_the_database(app):
    with app.app_context():
        db.session.execute(text("SELECT 1"))


def test_unmarked_and_asks_the_database(app):
    with app.app_context():
        assert db.session.execute(text("SELECT 1")).scalar() == 1
'''


def _suite(pytester, monkeypatch):
    """A folder of its own holding the suite's conftest and the examples, run in a new interpreter
    (the app's modules imported once, as in a real run) on the suite's database of the given kind."""
    monkeypatch.delenv("SCOREKEEPER_TEST_DB", raising=False)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(TESTS), str(TESTS.parent), os.environ.get("PYTHONPATH", "")]))
    pytester.makeconftest((TESTS / "conftest.py").read_text(encoding="utf-8"))
    pytester.makeini("[pytest]\nmarkers =\n    no_database: (tests/conftest.py)\n    slow: slow\n    browser: browser\n")
    pytester.makepyfile(test_examples=EXAMPLES)


def test_a_marked_test_that_runs_a_statement_fails_naming_it(pytester, monkeypatch):
    _suite(pytester, monkeypatch)
    result = pytester.runpytest_subprocess("-p", "no:randomly", "-p", "no:xdist", "--db=sqlite")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(["*test_marked_but_asks_the_database*",
                                 "*marked no_database, but ran 1 SQL statement(s), the first: SELECT 1*"])


def test_the_postgresql_job_leaves_the_marked_tests_out(pytester, monkeypatch):
    _suite(pytester, monkeypatch)
    result = pytester.runpytest_subprocess("-p", "no:randomly", "-p", "no:xdist", "--db=postgresql", "--collect-only", "-q")
    result.stdout.fnmatch_lines(["test_examples.py::test_unmarked_and_asks_the_database", "*1/3 tests collected (2 deselected)*"])
