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
_language: ContextVar[str] = ContextVar("language", default="en")


def use(catalogue: gettext.NullTranslations, language: str = "en") -> None:
    """The catalogue the sentences of this request (or thread) are looked up in, and its language."""
    _catalogue.set(catalogue)
    _language.set(language)


@contextmanager
def in_english() -> Iterator[None]:
    """The sentences made inside are English, whoever reads this request (for what is stored)."""
    token, language = _catalogue.set(gettext.NullTranslations()), _language.set("en")
    try:
        yield
    finally:
        _catalogue.reset(token)
        _language.reset(language)


def catalogue() -> gettext.NullTranslations:
    """The catalogue of this request's language (English outside a request)."""
    return _catalogue.get()


# French drops the "e" of "de" before a vowel sound: "les cartes d’Élodie", never "de Élodie". A name
# filled into a French sentence decides it only once filled in, so the filled sentence is mended.
# The scripts' French sentences are mended by the same rule (scorekeeper/web/script_words.py).
VOWELS = "AEIOUYÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜaeiouyàâäæéèêëîïôöœùûü"
ELISIONS = (("de ", "d’"), ("De ", "D’"))


def elided(text: str, values: object) -> str:
    """``text`` (a French sentence filled with ``values``) with "de Élodie" made "d’Élodie" for
    each value that starts with a vowel; other words and other languages are left alone."""
    for value in values if isinstance(values, (list, tuple)) else (values,):
        if isinstance(value, str) and value[:1] and value[0] in VOWELS:
            for de, d in ELISIONS:
                text = text.replace(de + value, d + value)
    return text


def _(message: str, **params: object) -> str:
    """``message`` in the reader's language, its ``%(name)s`` placeholders filled from ``params``."""
    text = _catalogue.get().gettext(message)
    if not params:
        return text
    filled = text % params
    return elided(filled, list(params.values())) if _language.get() == "fr" else filled


def ngettext(singular: str, plural: str, n: int, **params: object) -> str:
    """The singular or plural sentence for ``n`` in the reader's language (``%(num)s`` is ``n``)."""
    text = _catalogue.get().ngettext(singular, plural, n)
    filled = text % {"num": n, **params}
    return elided(filled, list(params.values())) if _language.get() == "fr" else filled


def N_(message: str) -> str:
    """Marks a sentence kept in data for extraction; :func:`_` translates it where it is shown."""
    return message
