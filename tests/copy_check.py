"""Our own words copy no run of 8 words of any rule source: the check, from fingerprints.

The rule sources are other people's texts and are not kept in this repository. What is kept is a
fingerprint of every run of 8 consecutive words of each (``tests/data/source_fingerprints.json``,
made by ``tools/source_fingerprints.py`` where the texts are at hand): a text of ours copies a
source when one of its own runs has the same fingerprint.
"""
from __future__ import annotations

import hashlib
import html
import json
import re
from pathlib import Path

RUN = 8
FINGERPRINTS = Path(__file__).parent / "data" / "source_fingerprints.json"


def words(text: str) -> list[str]:
    """The words of a text (HTML tags dropped, entities read, lower case, one kind of apostrophe)."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    text = text.replace("’", "'").replace("‘", "'").lower()
    return re.findall(r"[a-z0-9àâçéèêëîïôûùüÿœ']+", text)


def ngrams(ws: list[str], n: int = RUN) -> set[tuple[str, ...]]:
    return {tuple(ws[i:i + n]) for i in range(len(ws) - n + 1)}


def fingerprint(run: tuple[str, ...]) -> str:
    """8 bytes of BLAKE2b of the run's words joined by single spaces, in hex."""
    return hashlib.blake2b(" ".join(run).encode("utf-8"), digest_size=8).hexdigest()


def fingerprints(text: str) -> set[str]:
    return {fingerprint(run) for run in ngrams(words(text))}


def load(path: Path = FINGERPRINTS) -> dict[str, frozenset[str]]:
    """Each source's id and the fingerprints of its runs, as the checked-in file holds them."""
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["words_per_run"] == RUN
    return {key: frozenset(source["runs"]) for key, source in data["sources"].items()}


def copied(text: str, source_runs: dict[str, frozenset[str]]) -> list[tuple[str, str]]:
    """Each (source id, our run of 8 words) that the source holds too; empty when nothing is copied."""
    mine = {fingerprint(run): run for run in ngrams(words(text))}
    return [(key, " ".join(mine[fp])) for key, runs in source_runs.items() for fp in sorted(mine.keys() & runs)]
