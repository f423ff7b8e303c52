"""The rules' sentences read in French without the app: the real French catalogue, and a call made
in a thread of its own, since the reader's language is kept per context as each request has its own
(scorekeeper/rules/words.py, ``use``)."""
from __future__ import annotations

import gettext
import threading
from pathlib import Path
from typing import Callable, TypeVar

import scorekeeper
from scorekeeper.rules import words

FRENCH = gettext.translation("messages", Path(scorekeeper.__file__).parent / "translations", languages=["fr"])

Said = TypeVar("Said")


def in_french(fn: Callable[[], Said]) -> Said:
    """``fn()`` with the French catalogue, as a French reader's request has it."""
    out: list[Said] = []

    def run() -> None:
        words.use(FRENCH, "fr")
        out.append(fn())

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    return out[0]
