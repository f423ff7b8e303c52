"""English left on a French page: the checks any test can use (tests/browser/test_french_browser.py walks
the whole app with them).

- :func:`english_left`: the sentences of three words or more that a French page shows exactly as
  its English twin (the same address read in English) does; names, numbers and variant names do
  not count as words, and text marked with another language (``<a lang="en">English</a>``, the
  language switch) is not the page's own.
- :func:`catalogue_english`: the English sentences of the catalogue (the msgids, with their
  placeholders; two words are enough) found on a page; it catches what has no English twin to
  compare with, such as a flashed message after a form post or a sentence written by a script.
- :func:`visible_text` (what a reader sees: the text, plus placeholders, ARIA labels, titles and
  alternative texts) and :func:`overflowing` (what sticks out of a phone's viewport), in a
  Playwright page.
"""
from __future__ import annotations

import html
import re
from functools import lru_cache
from pathlib import Path

from babel.messages.pofile import read_po

CATALOGUE = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations" / "fr" / "LC_MESSAGES" / "messages.po"
# Names stay as they are in every language: the variants', the app's, and the shipped house examples'.
VARIANTS = ("Le May I", "Joybells", "Continental", "Clenney", "ROY", "May I", "scorekeeper", *(
    re.search(r'^name = "([^"]+)"', example.read_text(), re.M).group(1)
    for example in (CATALOGUE.parents[3] / "rules" / "house_examples").glob("*.toml")))
# Identical in both languages on purpose (each says why).
ALLOWED = frozenset({
    "flask import",  # a command, typed as it is (the share page's whole-server backup hint)
})
# Not words of either language: card codes and runs ("KD 7H JK", "10 10 J Q K", "J, Q, K = 10",
# "Q-K-A-2") and addresses.
CARDS = re.compile(r"(?<![\w-])(?:10|[2-9JQKA])(?:[SHDC]|[♠♥♦♣])?(?:-(?:10|[2-9JQKA]))*(?![\w-])|(?<!\w)JK(?!\w)")
ADDRESS = re.compile(r"https?://\S+")


@lru_cache(maxsize=1)
def source_headings() -> tuple[str, ...]:
    """The section headings of the English rule sources, as the app cites them: a citation names a
    source's section by its own heading, in every language (scorekeeper/rules/variants.py,
    ``shown_section``), as a French book cites an English title; so are docs/rulings.md's."""
    from scorekeeper.rules import irregularities
    from scorekeeper.rules.variants import TRANSLATED_SECTIONS

    repo = Path(__file__).resolve().parents[2]
    rules = repo / "scorekeeper" / "rules"
    found = {heading for topics in irregularities.COVERAGE.values() for heading in topics.values()}
    for text in (rules / "variants").glob("*.toml"):  # every { file = "001", section = "..." }
        found |= {section for file, section in re.findall(r'file = "(\w+)", section = "([^"]+)"', text.read_text())
                  if file not in TRANSLATED_SECTIONS}
    # docs/rulings.md's sections are cited by their headings too, in every language
    found |= {re.sub(r" \([^)]*\)$", "", line[3:].strip())
              for line in (repo / "docs/rulings.md").read_text(encoding="utf-8").splitlines()
              if line.startswith("## ")}
    for code in rules.glob("*.py"):
        found |= set(re.findall(r'Citation\("\d{3}", "([^"]+)"\)', code.read_text()))
    return tuple(sorted(found, key=len, reverse=True))


def _not_words(text: str) -> str:
    """``text`` without what is the same in every language: addresses, card codes, source headings."""
    text = ADDRESS.sub(" ", text)
    for heading in source_headings():
        text = text.replace(heading, " ")
    return CARDS.sub(" ", text)
# Where a sentence ends or a new piece of text starts (French puts a space before : ; ? !).
BREAKS = re.compile(r"[.!?…](?=\s|$)|[:;](?=\s|$)|[·•|()\[\]«»“”\"—–]|\n| - ")
WORD = re.compile(r"[^\W\d_]{2,}|\b[^\W\d_]\b")

VISIBLE_TEXT_JS = """() => {
    const own = document.documentElement.lang;
    const other = [];
    for (const e of document.body.querySelectorAll('[lang]'))
        if (e.lang && e.lang !== own && e.innerText) other.push(e.innerText.trim());
    const shown = e => e.checkVisibility ? e.checkVisibility() : e.offsetParent !== null;
    const extra = [document.title];
    for (const e of document.body.querySelectorAll('[placeholder], [aria-label], [title], img[alt], input[type=submit][value]')) {
        if (e.closest('[lang]') && e.closest('[lang]').lang !== own) continue;
        if (!shown(e) && !e.getAttribute('aria-label')) continue;
        for (const a of ['placeholder', 'aria-label', 'title', 'alt'])
            if (e.getAttribute(a)) extra.push(e.getAttribute(a));
        if (e.type === 'submit' && e.value) extra.push(e.value);
    }
    return {text: document.body.innerText, other: other, extra: extra};
}"""

OVERFLOW_JS = """() => {
    const width = document.documentElement.clientWidth;
    const clipped = e => {
        for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
            const s = getComputedStyle(a);
            if (s.overflowX !== 'visible') return true;
        }
        return false;
    };
    const out = [];
    for (const e of document.body.querySelectorAll('*')) {
        const r = e.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1) continue;
        if ((r.right > width + 1 || r.left < -1) && !clipped(e))
            out.push(Math.round(r.left) + '..' + Math.round(r.right) + 'px ' + e.outerHTML.slice(0, 100));
    }
    const sideways = document.scrollingElement.scrollWidth - window.innerWidth;
    return (sideways > 0 ? ['the page scrolls sideways by ' + sideways + 'px'] : []).concat(out.slice(0, 8));
}"""


def visible_text(page) -> str:
    """What a reader of ``page`` sees, a piece of text a line, without text marked as in another language."""
    seen = page.evaluate(VISIBLE_TEXT_JS)
    other = set(seen["other"])
    lines = [line for line in seen["text"].splitlines() if line.strip() not in other]
    return "\n".join(lines + seen["extra"])


def overflowing(page) -> list[str]:
    """The elements sticking out of the viewport (none inside a box that scrolls or clips)."""
    return page.evaluate(OVERFLOW_JS)


def _without_names(sentence: str, names) -> str:
    for name in sorted((*VARIANTS, *names), key=len, reverse=True):  # "Clenney with three decks" before "Clenney"
        sentence = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", sentence)
    return sentence


def sentences(text: str, names=(), least: int = 3) -> set[str]:
    """The pieces of ``text`` (split at sentence marks, colons, brackets, line ends) that hold
    ``least`` words or more once names, numbers and variant names are set aside."""
    found = set()
    for piece in BREAKS.split(text):
        piece = " ".join(piece.split()).strip(" ,")
        if len(WORD.findall(_without_names(piece, names))) >= least:
            found.add(piece)
    return found


def english_left(english: str, french: str, names=()) -> list[str]:
    """The sentences of the French text also in the English one (see :func:`sentences`), once
    addresses, card codes and the sources' own headings are set aside."""
    return sorted((sentences(_not_words(french), names) & sentences(_not_words(english), names)) - ALLOWED)


@lru_cache(maxsize=1)
def _catalogue_pieces() -> tuple[str, ...]:
    """The English of the catalogue: each msgid cut at its placeholders and sentence marks, the
    pieces of two words or more (HTML tags taken out, entities read). Two: a marked phrase shown
    untranslated is English left however short (a button, a heading)."""
    with CATALOGUE.open("rb") as f:
        ids = [m.id for m in read_po(f) if m.id]
    pieces = set()
    for msgid in ids:
        for text in (msgid if isinstance(msgid, tuple) else (msgid,)):
            text = _not_words(html.unescape(re.sub(r"<[^>]+>", " ", text)))
            for part in re.split(r"%\(\w+\)[sd]|%[sd]", text):
                pieces |= sentences(part, least=2)
    return tuple(sorted(pieces - ALLOWED, key=len, reverse=True))


def catalogue_english(french: str, names=()) -> list[str]:
    """The catalogue's English sentences (or sentence parts) that the French text shows."""
    text = " ".join(_not_words(french).split())
    found = []
    for piece in _catalogue_pieces():
        if piece in text and re.search(rf"(?<!\w){re.escape(piece)}(?!\w)", text) \
                and not any(piece in f for f in found):
            found.append(piece)
    return found
