"""Search the rules pages: the sections of every variant's page that hold the words asked for."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Sequence

from .blocks import block_text
from .reference import rules_page
from .variants import Variant, all_variants


@dataclass(frozen=True)
class SearchHit:
    variant_id: str
    variant_name: str
    anchor: str
    title: str
    snippet: str
    score: int


_WORD = re.compile(r"[\w♠♥♦♣-]+", re.UNICODE)


def _fold(text: str) -> str:
    """Lower case without accents, one character for one ("Séquence" -> "sequence"), so that a
    French word is found typed with or without its accents and matches keep their places."""
    return "".join(unicodedata.normalize("NFD", c)[0].lower()[0] for c in text)


def _words(text: str) -> list[str]:
    return [_fold(w) for w in _WORD.findall(text)]


def search(query: str, variants: Sequence[Variant] | None = None, limit: int = 40) -> list[SearchHit]:
    """Sections of the rules pages that hold every word of ``query`` (case-insensitive; a word matches
    the start of a word, so "wild" finds "wilds")."""
    terms = [t for t in _words(query or "") if t]
    if not terms:
        return []
    hits: list[SearchHit] = []
    for v in variants if variants is not None else all_variants():
        for sec in rules_page(v).all_sections:
            own_text = "\n".join([sec.title] + [t for b in sec.blocks for t in block_text(b)])
            words = _words(own_text)
            score = 0
            for term in terms:
                n = sum(1 for w in words if w.startswith(term))
                if not n:
                    break
                score += n + (5 if any(w.startswith(term) for w in _words(sec.title)) else 0)
            else:
                hits.append(SearchHit(v.id, v.name, sec.anchor, sec.title, _snippet(own_text, terms), score))
    hits.sort(key=lambda h: -h.score)
    return hits[:limit]


def _snippet(text: str, terms: list[str], width: int = 170) -> str:
    flat = " ".join(text.split())
    low = _fold(flat)
    # centre on the first word searched for (in the query's order), matched at a word start
    pos = next((m.start() for t in terms for m in [re.search(r"\b" + re.escape(t), low)] if m), 0)
    start = max(0, pos - width // 3)
    if start:  # start on a word
        space = flat.find(" ", start)
        start = space + 1 if 0 <= space < pos else start
    end = min(len(flat), start + width)
    if end < len(flat):
        space = flat.rfind(" ", start, end)
        end = space if space > pos else end
    return ("…" if start else "") + flat[start:end] + ("…" if end < len(flat) else "")


def marked(snippet: str, query: str) -> list[tuple[str, bool]]:
    """The snippet cut into (text, is_a_match) pieces, for highlighting the words searched for."""
    terms = sorted({t for t in _words(query)}, key=len, reverse=True)
    if not terms:
        return [(snippet, False)]
    pattern = re.compile(r"\b(" + "|".join(re.escape(t) for t in terms) + r")[\w-]*", re.IGNORECASE)
    out: list[tuple[str, bool]] = []
    last = 0
    for m in pattern.finditer(_fold(snippet)):  # same length as the snippet: its places hold
        if m.start() > last:
            out.append((snippet[last:m.start()], False))
        out.append((snippet[m.start():m.end()], True))
        last = m.end()
    if last < len(snippet):
        out.append((snippet[last:], False))
    return out
