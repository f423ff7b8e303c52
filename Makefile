# Two commands for a fresh machine:
#   make run    set up .venv with what the app needs and start it on the SQLite default in instance/
#   make test   set up .venv with the test tools too, run ruff and mypy (make lint), then the whole
#               suite (SQLite, the browser tests, then PostgreSQL)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# .installed-app: the app and its dependencies only; .installed: the test tools and server extras too.
APP_STAMP := $(VENV)/.installed-app
STAMP := $(VENV)/.installed

.PHONY: run lint test test-scripts test-sqlite test-browser test-postgresql test-rules mutation translations monkey

# The compiled French catalogue (not kept in git): made from its .po whenever that changes.
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard scorekeeper/translations/*/LC_MESSAGES/messages.po))

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# `pip install -e .` compiles the catalogue too (setup.py); the rule below recompiles it after edits.
$(APP_STAMP): pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $(APP_STAMP)

$(STAMP): pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,server]'
	touch $(APP_STAMP) $(STAMP)

%.mo: %.po | $(APP_STAMP)
	$(BIN)/pybabel compile --statistics -i $< -o $@

# After changing the sentences users see: collect them into messages.pot and add the new ones to
# each language's messages.po (then translate them there; the tests say which are missing).
translations: $(APP_STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k _l -k lazy_gettext --no-wrap --sort-by-file \
		--project scorekeeper --copyright-holder "scorekeeper" -o scorekeeper/translations/messages.pot .
	$(BIN)/pybabel update --no-wrap --no-fuzzy-matching --ignore-obsolete -i scorekeeper/translations/messages.pot \
		-d scorekeeper/translations

run: $(APP_STAMP) $(CATALOGUES)
	$(BIN)/flask --app scorekeeper run --host $${HOST:-127.0.0.1} --port $${PORT:-5000}

test: lint test-scripts test-sqlite test-browser test-postgresql

# The scripts' pure parts (static/js/outbox.js, static/js/card_letters.js) driven by Node's own test runner, no browser and no
# npm packages (tests/scripts/, docs/testing.md).
test-scripts:
	node --test tests/scripts/

# The linter and the type checker (config in pyproject.toml; docs/testing.md, "Lint"), run first by
# `make test`.
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

# The suite in three jobs that may run apart (docs/testing.md, "How the suite is split"): SQLite
# without the browser tests, the browser tests (Chromium, on SQLite), PostgreSQL without them and
# without the tests that never touch the suite's database (tests/conftest.py). Each job spreads its
# tests over one pytest-xdist worker per core (TEST_JOBS=N to choose; TEST_JOBS=0 runs them in one
# process). The 20 slowest tests of each job are listed at its end.
TEST_JOBS ?= auto
PYTEST := $(BIN)/python -m pytest -n $(TEST_JOBS) --dist loadgroup --durations=20

test-sqlite: $(STAMP) $(CATALOGUES)
	$(PYTEST) -m "not browser"

test-browser: $(STAMP) $(CATALOGUES)
	$(PYTEST) -m browser

test-postgresql: $(STAMP) $(CATALOGUES)
	SCOREKEEPER_TEST_DB=postgresql $(PYTEST) -m "not browser"

# The random walk of phones (tests/browser/test_phone_walk.py, docs/testing.md): SEQS seeds from
# MONKEY_FIRST (default 1); a failure prints its seed and steps.
SEQS ?= 20
MONKEY_FIRST ?= 1
monkey: $(STAMP) $(CATALOGUES)
	MONKEY_SEQS=$(SEQS) MONKEY_FIRST=$(MONKEY_FIRST) MONKEY_STEPS=$${MONKEY_STEPS:-12} $(BIN)/python -m pytest -n 0 -q -p no:randomly tests/browser/test_phone_walk.py

# The fast rules tests alone (pure scorekeeper/rules/, no app, no database).
test-rules: $(STAMP) $(CATALOGUES)
	$(BIN)/python -m pytest tests/rules -q

# Mutation testing of scorekeeper/rules/ with tests/rules/ (mutmut, config in pyproject.toml):
# a fresh run in mutants/, then the score as docs/testing.md counts it. One module or function at a
# time: make mutation MUTANTS='scorekeeper.rules.pack_limits.*' (mutmut's mutant names, * as wildcard).
mutation: $(STAMP) $(CATALOGUES)
	rm -rf mutants
	$(BIN)/mutmut run --max-children $${MUTATION_JOBS:-2} $(MUTANTS)
	$(BIN)/python tools/mutation_report.py
