"""One way to mark a sentence in each layer (docs/architecture.md, "Sentences"), and templates that
translate through Flask-Babel, so ``force_locale`` reaches them as it reaches ``gettext``."""
from __future__ import annotations

import ast
from pathlib import Path

from flask import render_template_string
from flask_babel import force_locale, gettext

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"


def test_force_locale_reaches_templates(app):
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert render_template_string('{{ _("New game") }}') == "New game"
        with force_locale("fr"):
            assert render_template_string('{{ _("New game") }}') == gettext("New game") == "Nouvelle partie"
            assert render_template_string('{{ _("Seat %(number)s", number=2) }}') == gettext("Seat %(number)s", number=2)
        assert render_template_string('{{ _("New game") }}') == "New game"


def _imports(path: Path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            yield (node.module or ""), [a.name for a in node.names], node.level
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, [], 0


def test_each_layer_marks_its_sentences_one_way():
    """rules/ marks with ``words._``/``N_`` and never imports Flask-Babel; every other layer marks
    with Flask-Babel (``gettext as _``, ``lazy_gettext as _l``) and takes from ``rules.words`` only
    its tools (``N_`` for data, ``in_english``, the catalogue hand-over), never its ``_``."""
    wrong = []
    for path in PACKAGE.rglob("*.py"):
        in_rules = path.relative_to(PACKAGE).parts[0] == "rules"
        for module, names, _level in _imports(path):
            if in_rules and module.startswith(("flask", "flask_babel")):
                wrong.append(f"{path.relative_to(PACKAGE)} imports {module}")
            if not in_rules and module.endswith("words") and {"_", "ngettext"} & set(names):
                wrong.append(f"{path.relative_to(PACKAGE)} takes {names} from {module}")
            if module == "flask_babel" and {"_"} & set(names):
                wrong.append(f"{path.relative_to(PACKAGE)} imports flask_babel._")
    assert wrong == []
