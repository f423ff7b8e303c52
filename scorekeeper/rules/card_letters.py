"""Card letters as the page's language writes them (docs/rulings.md, "Card codes on French pages").

The API and stored games keep the English codes (``KH``, ``10C``, ``JK``: rules/cards.py). A
French page also reads and shows the French letters: ranks ``R`` (roi) ``D`` (dame) ``V`` (valet)
``A`` (as), suits ``P`` (pique) ``C`` (cœur) ``K`` (carreau) ``T`` (trèfle), the joker ``JK`` or
``Jo``. The letters clash (``D`` is a queen in French and diamonds in English, ``C`` hearts in
French and clubs in English), so a typed code is read in the page's language only; the suit
symbols ``♠ ♥ ♦ ♣`` are read in both. The page shows back what it understood ("3♣") before saving.
"""
from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from .cards import JOKER, SUIT_SYMBOLS, SYMBOL_TO_SUIT, Card, CardError, Letters, parse_card, read_code
from .words import N_

FRENCH_RANKS = {"R": "K", "D": "Q", "V": "J", "A": "A"}
FRENCH_SUITS = {"P": "S", "C": "H", "K": "D", "T": "C"}
FRENCH_JOKERS = ("JK", "JO", "JOKER")
_SHOWN_FRENCH = {english: french for french, english in FRENCH_RANKS.items()}
FRENCH_HELP = N_("rank A, 2-10, V, D, R and suit P, C, K, T (or ♠ ♥ ♦ ♣), or JK")
FRENCH = Letters(FRENCH_JOKERS, FRENCH_RANKS, {**FRENCH_SUITS, **SYMBOL_TO_SUIT}, FRENCH_HELP)


def letters(language: str) -> dict[str, Any]:
    """The letters a page in ``language`` reads and shows, for its scripts (static/js/card_letters.js)."""
    if language == "fr":
        return {"ranks": FRENCH_RANKS, "suits": FRENCH_SUITS, "jokers": list(FRENCH_JOKERS),
                "shown": _SHOWN_FRENCH, "joker": "Joker"}
    return {"ranks": {"J": "J", "Q": "Q", "K": "K", "A": "A", "T": "10"}, "suits": {s: s for s in SUIT_SYMBOLS},
            "jokers": ["JK", "JOKER"], "shown": {}, "joker": "Joker"}


def read_card(text: object, language: str, field: str | None = None, *, rank_alone: bool = False) -> Card:
    """A card typed on a page in ``language``; :class:`CardError` naming what was typed otherwise."""
    if language != "fr":
        return parse_card(text, field, rank_alone=rank_alone)
    if not isinstance(text, str):
        return parse_card(text, field, rank_alone=rank_alone)  # (its error names the value)
    return read_code(text, FRENCH, field, rank_alone=rank_alone)


def to_code(text: object, language: str, field: str | None = None, *, rank_alone: bool = True) -> str:
    """The English code (what the API and the stored games keep) of a card typed in ``language``."""
    return read_card(text, language, field, rank_alone=rank_alone).code


def face(card: Card, language: str) -> str:
    """A card as a page in ``language`` shows it: ``3♣``, ``R♥`` (French), ``K♥``, ``Joker``."""
    if card.rank is None:  # a joker
        return "Joker"
    rank = _SHOWN_FRENCH.get(card.rank, card.rank) if language == "fr" else card.rank
    return f"{rank}{SUIT_SYMBOLS.get(card.suit or '', '')}"


def typed(code: str, language: str) -> str:
    """An English code (as stored) written as a page in ``language`` reads it back: ``KH`` is
    ``RC`` on a French page (a round to correct is filled in with it)."""
    if language != "fr":
        return code
    try:
        card = parse_card(code, rank_alone=True)
    except CardError:
        return code
    if card.rank is None:  # a joker
        return JOKER
    suit = {english: french for french, english in FRENCH_SUITS.items()}.get(card.suit or "", "")
    return f"{_SHOWN_FRENCH.get(card.rank, card.rank)}{suit}"


# The letters the rules' sentences name cards with in this request: a French page's ("RC"), else
# the English codes (the API's, and outside a request). Set by scorekeeper/i18n.py.
_shown: ContextVar[str] = ContextVar("card_letters", default="en")


def use(language: str) -> None:
    _shown.set(language)


def shown(card: Card | str) -> str:
    """A card (or an English code, or a rank alone) as this request's sentences name it."""
    code = card.code if isinstance(card, Card) else card
    return typed(code, _shown.get())


def shown_face(code: str) -> str:
    """A card or a rank alone (an English code) as this request's pages show it: ``K♠`` is ``R♠``
    and ``J`` is ``V`` on a French page or PDF."""
    return code_face(code, _shown.get())


def code_face(code: str, language: str) -> str:
    """:func:`face` of an English code (as stored); the code itself if it is none."""
    try:
        return face(parse_card(code, rank_alone=True), language)
    except CardError:
        return code


__all__ = ["JOKER", "read_card", "to_code", "typed", "face", "code_face", "letters", "use", "shown", "shown_face"]
