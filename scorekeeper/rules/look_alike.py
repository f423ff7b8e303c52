"""Names that look the same but are spelled with other letters ("Pаt" with a Cyrillic а, "Pat"):
a skeleton in the manner of Unicode's confusables (UTS #39, section 4), so that such names are
taken for one player.

``look_alike.json`` is built from Unicode's ``confusables.txt`` by ``tools/look_alike_table.py``:
each character that looks like another, and the one that stands for it.
"""
from __future__ import annotations

import json
import unicodedata
from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    doc = json.loads(resources.files(__package__).joinpath("look_alike.json").read_text("utf-8"))
    prototypes: dict[str, str] = doc["prototypes"]
    return prototypes


@lru_cache(maxsize=4096)
def skeleton(name: str) -> str:
    """What two names that look alike share: each character replaced by its look-alike, without
    regard to case ("Pаt", "PAT" and "pat" share "pat")."""
    table = _prototypes()
    text = unicodedata.normalize("NFD", name.casefold())
    text = "".join(table.get(ch, ch) for ch in text)
    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", text).casefold())
