"""Sentences kept as a key and its values, and worded when they are shown, in the reader's language.

What the rules applied to a round (a missing score, an incorrect hand...) and a hand's note are
worked out once, when the round is scored (``rules/game.py``), as a :class:`Said`; the game keeps its
key and values (``Ruling.kind`` and ``Ruling.summary_values``, ``scorekeeper/models.py``), so a page
in any language words them from the stored row and never scores the round again.

Pure module: no Flask.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .words import _, ngettext

Value = int | str


def _incorrect_hand(*, number: int, name: str, num: int, extra: int, penalty: int) -> str:
    return ngettext("Round %(number)s: %(name)s held %(num)s card too few and is charged %(extra)s "
                    "(%(penalty)s per missing card) on top of the cards held.",
                    "Round %(number)s: %(name)s held %(num)s cards too few and is charged %(extra)s "
                    "(%(penalty)s per missing card) on top of the cards held.",
                    num, number=number, name=name, extra=extra, penalty=penalty)


def _missing_score(*, number: int, name: str, points: int, first: int, second: int) -> str:
    return _("Round %(number)s: no score was posted for %(name)s, who gets %(points)s, the sum of the two highest "
             "scores the others posted this round (%(first)s and %(second)s).", number=number, name=name,
             points=points, first=first, second=second)


def _stock_exhausted(*, number: int) -> str:
    return _("Round %(number)s: the stock ran out a second time, so the round ended with nobody out and "
             "every player scored the cards in hand.", number=number)


def _round_win_bonus(*, number: int, name: str, points: int) -> str:
    return ngettext("Round %(number)s: %(name)s went out and takes %(points)s point off the total.",
                    "Round %(number)s: %(name)s went out and takes %(points)s points off the total.", abs(points),
                    number=number, name=name, points=points)


def _hand_missing_cards(*, num: int, extra: int, penalty: int) -> str:
    return ngettext("%(num)s missing card: +%(extra)s (%(penalty)s each)",
                    "%(num)s missing cards: +%(extra)s (%(penalty)s each)", num, extra=extra, penalty=penalty)


def _hand_went_out() -> str:
    return _("went out")


def _hand_cards_left(*, total: int) -> str:
    return ngettext("scores the %(total)s card left in the other hand", "scores the %(total)s cards left in the other hands",
                    total, total=total)


def _hand_missing_score(*, first: int, second: int) -> str:
    return _("no score posted: %(first)s + %(second)s, the two highest others", first=first, second=second)


#: Every key, with the function that words it from its values. The round's keys are the kinds of
#: ruling the app applies (``models.ROUND_RULING_KINDS``); ``hand.*`` are a hand's notes.
WORDING: Mapping[str, Callable[..., str]] = {
    "incorrect_hand": _incorrect_hand,
    "missing_score": _missing_score,
    "stock_exhausted": _stock_exhausted,
    "round_win_bonus": _round_win_bonus,
    "hand.missing_cards": _hand_missing_cards,
    "hand.went_out": _hand_went_out,
    "hand.cards_left": _hand_cards_left,
    "hand.missing_score": _hand_missing_score,
}


@dataclass(frozen=True)
class Said:
    """A sentence as its key (one of :data:`WORDING`) and the values it is worded with."""

    key: str
    values: Mapping[str, Value]

    def text(self) -> str:
        """The sentence in the reader's language (English outside a request)."""
        return WORDING[self.key](**self.values)


def worded(key: str, values: Mapping[str, Value] | None) -> str | None:
    """The sentence of a stored key and values, or None when they are not one this version words
    (a row kept from before the keys, or by a newer version): the caller shows the English it kept."""
    if values is None or key not in WORDING:
        return None
    try:
        return WORDING[key](**values)
    except TypeError:  # values missing or not the key's
        return None


# ----- rows kept before the keys ------------------------------------------------------------------------

_NAME = r"(?P<name>.+)"


def _int(name: str) -> str:
    return rf"(?P<{name}>-?\d+)"


#: The English summaries of the rules applied to a round as the app kept them before it kept their
#: values (up to November 2026), one per kind. Frozen: a later change to the sentences above must
#: not change how those rows are read (database migration 0010 and restoring an older backup).
ENGLISH_BEFORE_KEYS: Mapping[str, re.Pattern[str]] = {
    "incorrect_hand": re.compile(
        rf"Round {_int('number')}: {_NAME} held {_int('num')} cards? too few and is charged {_int('extra')} "
        rf"\({_int('penalty')} per missing card\) on top of the cards held\."),
    "missing_score": re.compile(
        rf"Round {_int('number')}: no score was posted for {_NAME}, who gets {_int('points')}, the sum of the two "
        rf"highest scores the others posted this round \({_int('first')} and {_int('second')}\)\."),
    "stock_exhausted": re.compile(
        rf"Round {_int('number')}: the stock ran out a second time, so the round ended with nobody out and "
        r"every player scored the cards in hand\."),
    "round_win_bonus": re.compile(
        rf"Round {_int('number')}: {_NAME} went out and takes {_int('points')} points off the total\."),
}


def values_from_english(kind: str, summary: str) -> dict[str, Value] | None:
    """The values an English summary kept before the keys was made with (None if it is not one)."""
    pattern = ENGLISH_BEFORE_KEYS.get(kind)
    match = pattern.fullmatch(summary) if pattern is not None else None
    if match is None:
        return None
    return {key: text if key == "name" else int(text) for key, text in match.groupdict().items()}
