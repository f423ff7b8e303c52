"""tools/source_fingerprints.py and tests/copy_check.py agree: what the tool fingerprints from a
folder of texts, the check finds again in a page that copies 8 words of one, and nothing else."""
from __future__ import annotations

import json

import pytest

from scorekeeper.rules.variants import SOURCE_KEYS
from tests import copy_check
from tools import source_fingerprints

TEXTS = {
    "000": "Each player is dealt twelve cards and the rest of the pack is put face down as a stock.",
    "001": "The wild cards in this game are the jokers and the red aces of every deck in play.",
    "002": "Play continues clockwise until somebody has played the very last card of their hand.",
    "003": "Le donneur distribue dix cartes à chaque joueur, deux par deux, puis retourne une carte.",
    "004": "Three decks are shuffled together when there are six players or fewer at the table.",
}


@pytest.fixture
def folder(tmp_path):
    for key, text in TEXTS.items():
        (tmp_path / f"{key}_{key * 5}0.txt").write_text(text, encoding="utf-8")
    return tmp_path


def test_the_tool_and_the_check_agree(folder, tmp_path):
    written = tmp_path / "fingerprints.json"
    written.write_text(source_fingerprints.document(folder), encoding="utf-8")
    data = json.loads(written.read_text(encoding="utf-8"))
    assert list(data["sources"]) == list(SOURCE_KEYS)
    assert "dealt twelve" not in written.read_text(encoding="utf-8")  # fingerprints, not words
    runs = copy_check.load(written)
    assert len(runs["001"]) == len(copy_check.words(TEXTS["001"])) - 7
    page = "<p>Remember: the <b>wild cards</b> in this game are the jokers and the red aces, always.</p>"
    shared = "the wild cards in this game are the jokers and the red aces".split()  # 13 words: 6 runs
    assert sorted(copy_check.copied(page, runs)) == sorted(("001", " ".join(shared[i:i + 8])) for i in range(6))
    assert copy_check.copied("Deux par deux, dix cartes à chaque joueur : le donneur les distribue.", runs) == []
    assert copy_check.copied("Le donneur distribue dix cartes à chaque joueur, deux par deux.", runs)


def test_a_missing_text_is_named(folder):
    (next(folder.glob("004_*.txt"))).unlink()
    with pytest.raises(SystemExit, match="004_"):
        source_fingerprints.document(folder)
