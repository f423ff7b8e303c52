"""The rule sources' word runs, for the tests that no page copies a source's sentence."""
from __future__ import annotations

import html
import re
from pathlib import Path
import pytest
from scorekeeper.rules.variants import SOURCE_KEYS


# shared/ sits beside the repository (README): the rule texts our own words must not copy
# ../shared/rules-sources beside the checkout (found from mutmut's copy in mutants/ too)
SOURCES_DIR = next(folder / "shared" / "rules-sources" for folder in Path(__file__).resolve().parents
                   if (folder / "shared" / "rules-sources").is_dir())


RUN = 8


def words(text: str) -> list[str]:
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    text = text.replace("’", "'").replace("‘", "'").lower()
    return re.findall(r"[a-z0-9àâçéèêëîïôûùüÿœ']+", text)


def ngrams(ws: list[str], n: int = RUN) -> set[tuple[str, ...]]:
    return {tuple(ws[i:i + n]) for i in range(len(ws) - n + 1)}


@pytest.fixture(scope="module")
def source_runs() -> dict[str, set[tuple[str, ...]]]:
    runs = {}
    for key in SOURCE_KEYS:
        (text,) = SOURCES_DIR.glob(f"{key}_*.txt")  # each source's text is named after its id
        runs[key] = ngrams(words(text.read_text(encoding="utf-8")))
    assert all(len(r) > 100 for r in runs.values())
    return runs


def copied(text: str, source_runs) -> list[tuple[str, str]]:
    mine = ngrams(words(text))
    return [(key, " ".join(run)) for key, runs in source_runs.items() for run in sorted(mine & runs)]
