"""The interface's language: English or French, chosen by the browser and a switch on every page.

The language is, in order: the one this browser picked with the switch (the ``lang`` cookie), the
best match of its ``Accept-Language``, else English. Flask-Babel translates templates, forms and
messages; :mod:`scorekeeper.rules.words` gets the same catalogue for the rules' own sentences.
Catalogues live in ``scorekeeper/translations/``: the ``.po`` files are edited, and building the
package (setup.py) or ``make`` compiles them into the ``.mo`` files read here; ``make translations``
extracts and updates, see the README.
"""
from __future__ import annotations

import gettext
from urllib.parse import urlsplit

from flask import Blueprint, Flask, has_request_context, redirect, request, url_for
from flask_babel import Babel, get_locale, get_translations

from .rules import card_letters, words

LANGUAGES = {"en": "English", "fr": "Français"}
DEFAULT = "en"
COOKIE = "lang"
COOKIE_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie

bp = Blueprint("language", __name__)


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


def _on_this_site(address: str) -> bool:
    """Whether ``address`` is a path on this site (not another site's, not a script, not unreadable)."""
    try:
        parts = urlsplit(address)
    except ValueError:  # no address at all ("http://[::1")
        return False
    return address.startswith("/") and not address.startswith("//") and not parts.scheme and not parts.netloc


@bp.get("/language/<code>")
def choose(code: str):
    """The switch: remember ``code`` for this browser and go back to the page it was on."""
    back = request.args.get("next", "")
    if not _on_this_site(back):
        back = url_for("web.home")
    response = redirect(back)
    if code in LANGUAGES:
        response.set_cookie(COOKIE, code, max_age=COOKIE_AGE, samesite="Lax", httponly=True,
                            secure=request.is_secure)
    return response


def _rules_speak_the_language() -> None:
    words.use(get_translations())
    # pages name cards with their language's letters; the JSON API keeps the English codes
    card_letters.use("en" if request.path.startswith("/api/") else language())


def _rules_back_to_english(_exc) -> None:
    words.use(gettext.NullTranslations())  # code run after the request (tests, CLI) reads English
    card_letters.use("en")


def _vary(response):
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    return response


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", "translations")
    # WTForms' own messages are translated by the pages' base form (web/forms.py).
    app.config.setdefault("WTF_I18N_ENABLED", False)
    Babel(app, locale_selector=select_language)
    # Templates look their sentences up in the catalogue the request already chose for the rules
    # (rules/words.py), one dictionary lookup each, rather than through Flask-Babel's per-call
    # locale and domain lookups (about forty sentences on a game page: docs/performance.md).
    app.jinja_env.install_gettext_callables(
        gettext=lambda s: words.catalogue().gettext(s),
        ngettext=lambda s, p, n: words.catalogue().ngettext(s, p, n),
        pgettext=lambda c, s: words.catalogue().pgettext(c, s),
        npgettext=lambda c, s, p, n: words.catalogue().npgettext(c, s, p, n),
        newstyle=True)
    app.register_blueprint(bp)
    app.before_request(_rules_speak_the_language)
    app.teardown_request(_rules_back_to_english)
    app.after_request(_vary)

    @app.context_processor
    def languages() -> dict:
        return {"language": language(), "languages": LANGUAGES}
