"""The repository stands on its own: nothing in it cites a document or a file that is not in it, and
the suite reads nothing beside the clone (the rule sources' texts are only fingerprinted)."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve()

# What a reader could not follow from a clone: an issue number, the folder that used to sit beside
# the repository, the API description and the rule texts by their old names, one machine's own
# paths. Written in pieces so that this file does not match itself.
OUTSIDE = re.compile("|".join([
    r"\bissue #?[0-9]", r"\.\./" + "shared", r"\bshared" + "/", "api-" + "contract", "rules-" + "sources",
    r"\b00[0-4]_[0-9a-f]{16}", "/" + "work/",
]), re.IGNORECASE)
# The rulings by a bare file name (docs/api.md's link to its sibling aside): say docs/rulings.md. The
# frozen copy of a first-release database keeps the citations that release stored in its rulings.
BARE_RULINGS = re.compile(r"(?<![\w/(])rulings\.md")
FROZEN = ROOT / "tests" / "data" / "games_at_0001.json"
WHERE = ["scorekeeper", "templates", "static", "tests", "docs", "bench", "tools", "README.md", "Makefile",
         "pyproject.toml", "setup.py", ".ci"]


def tracked_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "-z", "--", *WHERE], cwd=ROOT, capture_output=True, check=True)
    return [ROOT / name for name in listed.stdout.decode().split("\0") if name]


def test_nothing_cites_what_is_not_in_the_repository():
    found = []
    for path in tracked_files():
        if path == HERE or path.suffix in {".png", ".ico", ".woff2", ".mo"}:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            hits = [*OUTSIDE.finditer(line), *(BARE_RULINGS.finditer(line) if path != FROZEN else ())]
            found += [f"{path.relative_to(ROOT)}:{number}: {hit.group()}" for hit in hits]
    assert len(tracked_files()) > 100
    assert found == []


def test_the_documents_cited_are_there():
    for name in ("docs/rulings.md", "docs/api.md"):
        assert (ROOT / name).is_file(), name
    assert "## Laying down and laying off" in (ROOT / "docs/rulings.md").read_text(encoding="utf-8")
