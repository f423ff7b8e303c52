"""The suite's own layout (docs/testing.md, "How the suite is split"): tests sit in feature folders,
what they share is in ``tests/support``, and no test file imports another."""
from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
FOLDERS = {"api", "app", "browser", "i18n", "pages", "rules", "scoresheets", "scripts", "security", "server",
           "storage", "support"}


def _imported(path: Path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)


def test_no_test_file_imports_another():
    wrong = [f"{path.relative_to(TESTS)} imports {module}" for path in TESTS.rglob("*.py")
             for module in _imported(path)
             if module.split(".")[-1].startswith("test_") or module.startswith("tests.")]
    assert wrong == []


def test_tests_sit_in_feature_folders_and_browser_tests_in_browser():
    loose = [p.name for p in TESTS.glob("test_*.py")]
    assert loose == []
    assert {p.name for p in TESTS.iterdir() if p.is_dir() and not p.name.startswith((".", "__"))} <= FOLDERS
    assert not list((TESTS / "support").glob("test_*.py"))
    # Every file under browser/ drives Chromium; a feature folder keeps at most one browser test
    # beside its others (the French rules pages on a phone), so `-m browser` finds them all.
    for path in (TESTS / "browser").glob("test_*.py"):
        assert "pytest.mark.browser" in path.read_text(), path.name
