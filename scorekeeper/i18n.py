"""The interface's language: English or French, chosen by the browser and a switch on every page.

The language is, in order: the one this browser picked with the switch (the ``lang`` cookie), the
best match of its ``Accept-Language``, else English. Flask-Babel translates templates, forms and
messages; :mod:`scorekeeper.rules.words` gets the same catalogue for the rules' own sentences.

One way to mark a sentence in each layer (docs/architecture.md, "Sentences"): in ``rules/``,
``from .words import _, N_`` (no Flask there); in services, pages, forms and the API,
``from flask_babel import gettext as _`` and, for sentences kept at module level (form labels),
``lazy_gettext as _l``; in templates, ``{{ _("...") }}``.
Catalogues live in ``scorekeeper/translations/``: the ``.po`` files are edited, and building the
package (setup.py) or ``make`` compiles them into the ``.mo`` files read here; ``make translations``
extracts and updates, see the README.
"""
from __future__ import annotations

import gettext

from flask import Flask, g, has_app_context, has_request_context, request
from jinja2 import pass_context
from markupsafe import Markup, escape
from flask_babel import Babel, Domain, get_locale, get_translations

from .rules import card_letters, words

LANGUAGES = {"en": "English", "fr": "Français"}
DEFAULT = "en"
COOKIE = "lang"
COOKIE_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie

def select_language() -> str:
    if not has_request_context():  # a command or a test working in the app: English
        return DEFAULT
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES), default=DEFAULT)


def language() -> str:
    """The language of this request's answer ("en" or "fr")."""
    return str(get_locale() or DEFAULT)


def _catalogue():
    """Flask-Babel's catalogue for the locale in force (force_locale included), found once per
    request and locale: a game page has about forty sentences, and each lookup through
    ``get_translations`` walks Flask-Babel's context four times (docs/performance.md, "Server speed")."""
    locale = get_locale()
    if not has_app_context():
        return get_translations()
    found = g.setdefault("_catalogues", {})
    if locale not in found:
        found[locale] = get_translations()
    return found[locale]


def _rules_speak_the_language() -> None:
    words.use(get_translations(), language())
    # pages name cards with their language's letters; the JSON API keeps the English codes
    card_letters.use("en" if request.path.startswith("/api/") else language())


def _rules_back_to_english(_exc) -> None:
    words.use(gettext.NullTranslations())  # code run after the request (tests, CLI) reads English
    card_letters.use("en")


def _eliding(translate):
    """A template's translation function whose French sentences say "d’Élodie", not "de Élodie"
    (rules/words.py, ``elided``): the name is only known once the sentence is filled in."""
    @pass_context
    def filled(context, *args, **variables):
        text = translate(context, *args, **variables)
        if isinstance(text, Markup):  # what the page shows: the names as escaped in it
            names = {key: str(escape(v)) for key, v in variables.items() if isinstance(v, str)}
            return Markup(_elide_if_french(str(text), names)) if names else text
        return _elide_if_french(text, variables)
    return filled


class _ElidingDomain(Domain):
    """Flask-Babel's catalogue for the sentences made in Python (flashes, forms, services, the API),
    whose French sentences say "d’Élodie", not "de Élodie", as templates do (``_eliding``)."""

    def gettext(self, string, **variables):
        return _elide_if_french(super().gettext(string, **variables), variables)

    def ngettext(self, singular, plural, num, **variables):
        return _elide_if_french(super().ngettext(singular, plural, num, **variables), variables)

    def pgettext(self, context, string, **variables):
        return _elide_if_french(super().pgettext(context, string, **variables), variables)

    def npgettext(self, context, singular, plural, num, **variables):
        return _elide_if_french(super().npgettext(context, singular, plural, num, **variables), variables)


def _elide_if_french(text: str, variables: dict) -> str:
    if not variables or language() != "fr":
        return text
    return words.elided(text, list(variables.values()))


def _vary(response):
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    return response


def init_app(app: Flask) -> None:
    babel = Babel(app, locale_selector=select_language)
    babel.domain_instance = _ElidingDomain()  # Flask-Babel's "messages" catalogue, eliding
    # Templates translate through Flask-Babel's catalogue of the request (so force_locale reaches
    # them as it reaches flask_babel.gettext); Jinja's newstyle gettext fills the placeholders.
    # (install_gettext_callables is added to the environment by Jinja's i18n extension, which
    # Flask-Babel loads: the type checker cannot see it on the Environment class.)
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: _catalogue().gettext(s),
        ngettext=lambda s, p, n: _catalogue().ngettext(s, p, n),
        pgettext=lambda c, s: _catalogue().pgettext(c, s),
        npgettext=lambda c, s, p, n: _catalogue().npgettext(c, s, p, n),
        newstyle=True)
    for name in ("gettext", "_", "ngettext", "pgettext", "npgettext"):
        app.jinja_env.globals[name] = _eliding(app.jinja_env.globals[name])
    app.before_request(_rules_speak_the_language)
    app.teardown_request(_rules_back_to_english)
    app.after_request(_vary)

    @app.context_processor
    def languages() -> dict:
        return {"language": language(), "languages": LANGUAGES}
