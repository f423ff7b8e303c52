"""The sentences the rules package shows to players, in the reader's language.

The rules stay pure (no Flask): a sentence is marked with :func:`_` (or :func:`ngettext`) where it
is written, ``pybabel extract`` collects it into ``scorekeeper/translations/``, and the web layer
hands this module the catalogue of the request's language (:func:`use`). Outside a request, as in
the rules tests, every sentence is the English it is written in.

Placeholders are named, ``%(player)s``, as Flask-Babel's are, so the French can put them in its own
order. Sentences kept in module-level data are marked with :func:`N_` and translated where shown.
"""
from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_ENGLISH = gettext.NullTranslations()  # (never changed: shared as the default of every context)
_catalogue: ContextVar[gettext.NullTranslations] = ContextVar("catalogue", default=_ENGLISH)


def use(catalogue: gettext.NullTranslations) -> None:
    """The catalogue the sentences of this request (or thread) are looked up in."""
    _catalogue.set(catalogue)


@contextmanager
def in_english() -> Iterator[None]:
    """The sentences made inside are English, whoever reads this request (for what is stored)."""
    token = _catalogue.set(gettext.NullTranslations())
    try:
        yield
    finally:
        _catalogue.reset(token)


def catalogue() -> gettext.NullTranslations:
    """The catalogue of this request's language (English outside a request)."""
    return _catalogue.get()


def _(message: str, **params: object) -> str:
    """``message`` in the reader's language, its ``%(name)s`` placeholders filled from ``params``."""
    text = _catalogue.get().gettext(message)
    return text % params if params else text


def ngettext(singular: str, plural: str, n: int, **params: object) -> str:
    """The singular or plural sentence for ``n`` in the reader's language (``%(num)s`` is ``n``)."""
    text = _catalogue.get().ngettext(singular, plural, n)
    return text % {"num": n, **params}


def N_(message: str) -> str:
    """Marks a sentence kept in data for extraction; :func:`_` translates it where it is shown."""
    return message
