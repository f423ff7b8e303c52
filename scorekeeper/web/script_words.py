"""The sentences of ``static/js/*.js`` in the reader's language.

How the scripts speak French (every file of ``static/js/`` follows it):

- In the script, a sentence is written in English, whole, inside ``say()``:
  ``say("Went out: 0 points.")``, with values ``say("Round %(number)s", {number: n})``.
  ``say`` comes from the module ``static/js/say.js``; it looks the English up in the page's words
  and fills the ``%(name)s`` placeholders. A sentence too long for a line (120 characters) is
  written in pieces joined by ``+``, one a line; it is read, listed and translated whole
  (:func:`joined_strings`).
- The same English is listed below in :data:`SENTENCES` (marked ``N_`` so that ``pybabel
  extract`` puts it in the catalogue; translate it in ``messages.po`` like any other sentence).
  ``tests/i18n/test_script_words.py`` fails when a ``say("...")`` of a script is not listed here, or
  when a listed sentence is used by no script.
- A page in another language than English names ``/words/<code>.js?v=<version>&for=<its modules>``
  after its scripts (``<script type="module" class="words">``, ``base.html``), a module whose
  default export is ``{english: translation}`` for the sentences of the modules the page runs and
  of every module they import (``scorekeeper/web/script_modules.py``): a page is sent the words it
  may say, not every script's. ``say.js`` imports it before any script speaks. It is cached for a
  year (the version changes with the words). The service worker (``static/sw.js``) stores
  ``/words/<code>.js`` with no ``for``, every sentence, which stands in for a page's words with no
  network. An English page loads nothing more: ``say`` gives back the English.
- Numbers, dates and times: ``Intl`` with ``document.documentElement.lang``.
- French says "le téléphone d’Anne", never "de Anne": the French words module exports the rule the
  Python side uses (``rules/words.py``, ``elided``; :func:`_elision`) and ``say`` (``static/js/say.js``)
  applies it to every filled sentence. The scripts that speak need not know it.
"""
from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from flask import Blueprint, Response, abort, request, url_for
from flask_babel import force_locale, gettext

from ..i18n import DEFAULT, LANGUAGES
from ..rules.words import ELISIONS, N_, VOWELS
from .script_modules import page_modules, reached, source

bp = Blueprint("script_words", __name__)

SENTENCES = (
    # static/js/games.js: the round form
    N_("Yes, these points are right"),
    N_("%(points)s points: no hand adds up to %(points)s with these card values. Check it, or tick “Yes, these points are right”."),
    N_("%(points)s point: no hand adds up to %(points)s with these card values. Check it, or tick “Yes, these points are right”."),
    N_("Jokers"),
    N_("Joker"),
    N_("%(count)s × %(value)s points"),
    N_("How %(name)s's score is entered"),
    N_("%(name)s's cards by value"),
    N_("Went out: scores the cards left in the other hands."),
    N_("Went out: 0 points."),
    N_("Typed on a page in the other language, rewritten in this page's letters: %(cards)s."),
    N_("Not read as cards, check them: %(cards)s."),
    # static/js/cards.js: the cards of a hand, as the page understood them, and what is wrong with them
    N_("Read as %(cards)s"),
    N_("%(name)s: '%(value)s' is not a card; a card is A, 2–10, J, Q or K with S, H, D or C, or JK for a joker"),
    N_("%(name)s: '%(value)s' is not in the pack: this game is played without jokers"),
    N_("%(name)s: %(count)s jokers, but %(num)s deck holds only %(most)s"),
    N_("%(name)s: %(count)s jokers, but %(num)s decks hold only %(most)s"),
    N_("%(name)s: %(count)s %(card)s, but %(num)s deck holds only %(most)s"),
    N_("%(name)s: %(count)s %(card)s, but %(num)s decks hold only %(most)s"),
    N_("%(name)s: %(count)s cards worth %(value)s points, but %(num)s deck holds only %(most)s"),
    N_("%(name)s: %(count)s cards worth %(value)s points, but %(num)s decks hold only %(most)s"),
    # static/js/copy.js: the share pages' Copy buttons
    N_("Copy"),
    N_("Copied."),
    N_("Selected: copy it with your phone's menu."),
    # static/js/offline.js: rounds kept on the phone with no network
    N_("Round %(number)s"),
    N_("Hand %(number)s"),
    N_("%(what)s could not be saved: %(error)s It is still on this phone: enter it again, then dismiss this."),
    N_("%(what)s is being sent…"),
    N_("%(what)s is saved on this phone only: it will be sent when the network is back."),
    N_("Open the game"),
    N_("Dismiss"),
    N_("Dealer"),
    N_("Contract"),
    N_("(%(count)s cards)"),
    N_("the server answered %(status)s"),
    N_("Say who went out."),
    N_("How many cards does %(name)s still hold?"),
    N_("Type %(name)s's points, or tap the cards left."),
    N_("%(name)s's %(points)s points: no hand adds up to that; check it, or tick “Yes, these points are right”."),
    N_("%(name)s's %(points)s point: no hand adds up to that; check it, or tick “Yes, these points are right”."),
    N_("%(name)s holds no cards: count them by value or tap them, or type the points."),
    N_("No network, and this round is not complete: %(problems)s"),
    N_("No network: the preview needs it. Save keeps the round on this phone until the network is back."),
    N_("%(points)s so far"),
    N_("Rounds %(numbers)s are saved on this phone only: they will be sent when the network is back."),
    N_("Hands %(numbers)s are saved on this phone only: they will be sent when the network is back."),
    N_("%(what)s was recorded meanwhile on another phone, with other scores. Which one is right?"),
    N_("%(what)s waits on this phone until %(before)s is settled."),
    N_("Saved"),
    N_("This phone"),
    N_("Keep the saved one"),
    N_("Use this phone's"),
    N_("Entered on two phones: kept the one saved offline."),
    # static/js/hand.js: a player's "My hand" page
    N_("Sent: %(points)s points. Waiting for the scorekeeper."),
    N_("Sent: %(points)s point. Waiting for the scorekeeper."),
    N_("Sent: %(count)s cards left. Waiting for the scorekeeper."),
    N_("Sent: %(count)s card left. Waiting for the scorekeeper."),
    N_("This hand-in link no longer works: ask the scorekeeper for the new one."),
    N_("The hand was not accepted (the server answered %(status)s)."),
    N_("No network: your hand is kept on this phone and will be sent when the network is back."),
    N_("%(what)s was saved by the scorekeeper before your hand could be sent: it was not sent."),
    N_("This page needs the hand-in link: scan the QR code on the scorekeeper's phone."),
    N_("Enter your cards first."),
    N_("Sending…"),
    N_("Changed since it was sent: tap Send again."),
    # static/js/proposals.js: the hands that arrive on the scorekeeper's round form
    N_("Use it"),
    N_("%(name)s's phone sent %(points)s points at %(time)s; your entry is kept."),
    N_("%(name)s's phone sent %(points)s point at %(time)s; your entry is kept."),
    N_("Sent from %(name)s's phone at %(time)s: %(points)s points."),
    N_("Sent from %(name)s's phone at %(time)s: %(points)s point."),
    N_("%(name)s's phone sent %(count)s cards left at %(time)s; your entry is kept."),
    N_("%(name)s's phone sent %(count)s card left at %(time)s; your entry is kept."),
    N_("Sent from %(name)s's phone at %(time)s: %(count)s cards left."),
    N_("Sent from %(name)s's phone at %(time)s: %(count)s card left."),
    # static/js/tools.js: the hand calculator's steppers
    N_("one less %(card)s"),
    N_("one more %(card)s"),
    # static/js/live.js: the live scoreboard
    N_("Updated at %(time)s."),
    # static/js/awake.js: "Keep the screen on"
    N_("This browser cannot keep the screen on."),
    N_("Keeping the screen on needs a secure (HTTPS) connection, and this page was opened over plain HTTP."),
    N_("The screen stays on."),
    N_("The screen stays on while this page is shown."),
    N_("The phone did not allow it (battery saver?)."),
    # static/js/waiting.js: rounds waiting on the phone, drawn into the game page
    N_("Hand"),
    N_("Rd"),
    N_("Total"),
    N_("waiting"),
    N_("round %(number)s"),
    N_("hand %(number)s"),
    N_("† Totals include %(rounds)s, waiting on this phone to be sent."),
    N_("Record round %(number)s"),
    N_("Record hand %(number)s"),
    # static/js/games.js: why hands from the players' phones stopped arriving
    N_("Hands from the players' phones no longer arrive here: this phone can no longer change the game "
       "(its edit link was renewed, or it was never given)."),
    N_("Hands from the players' phones no longer arrive here: this round is not in the game."),
    N_("Hands from the players' phones no longer arrive here: round %(number)s was saved meanwhile (on another phone or tab), or the game is over."),
    # static/js/hand.js: the round this phone showed was saved; "I went out"
    N_("Sent: you went out. Waiting for the scorekeeper."),
    N_("%(what)s was saved by the scorekeeper."),
    N_("%(what)s was saved by the scorekeeper: %(points)s points recorded for you."),
    N_("%(what)s was saved by the scorekeeper: %(points)s point recorded for you."),
    N_("Go on to hand %(number)s"),
    N_("Go on to round %(number)s"),
    # static/js/proposals.js: a player's word that they went out, and disagreements before Save
    N_("Sent from %(name)s's phone at %(time)s: %(name)s went out."),
    N_("%(name)s's phone says %(name)s went out; this form says nobody went out."),
    N_("%(name)s's phone says %(name)s went out; this form says %(other)s went out."),
    N_("%(name)s's phone sent %(count)s cards left; this form says %(name)s went out."),
    N_("%(name)s's phone sent %(count)s card left; this form says %(name)s went out."),
    N_("%(name)s's phone sent %(points)s points; this form says %(name)s went out."),
    N_("%(name)s's phone sent %(points)s point; this form says %(name)s went out."),
    # static/js/pwa.js: a page served from the phone's copy
    N_("As of %(time)s, offline: this is the copy kept on this phone."),
    N_("Offline: this is the copy kept on this phone."),
    # static/js/games.js: a count cleared by a tap; a draft put back after a reload
    N_("Undo"),
    N_("%(count)s × %(value)s points cleared."),
    N_("Restored what you entered before the reload"),
    N_("Discard"),
    # static/js/waiting.js: who entered each version of a round recorded on two phones
    N_("Saved: entered on another phone. This phone: entered here at %(time)s."),
    # static/js/games.js: a count of cards worth one point each, on its button and when cleared
    N_("%(count)s × %(value)s point"),
    N_("%(count)s × %(value)s point cleared."),
)

# A string written in a script: "..." (its escapes read as JSON reads them).
_LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
# Two string literals joined by "+": a sentence too long for a script's line is written in pieces,
# one a line ("... these card values. " +\n "Check it, ..."), and read as the one sentence it is.
_JOINED = re.compile(r'"((?:[^"\\\n]|\\.)*)"\s*\+\s*"((?:[^"\\\n]|\\.)*)"')


def joined_strings(code: str) -> str:
    """``code`` with every run of string literals joined by ``+`` written as one literal, so that a
    sentence written in pieces is found whole (here and by tests/i18n/test_script_words.py)."""
    while True:
        joined = _JOINED.sub(lambda m: f'"{m.group(1)}{m.group(2)}"', code)
        if joined == code:
            return code
        code = joined


# By language and the modules a page runs (None: every sentence): the script and its version.
_scripts: dict[tuple[str, tuple[str, ...] | None], tuple[bytes, str]] = {}
_SCRIPTS_KEPT = 256  # (the app's pages make a few dozen; an address made up by hand adds one more)


def _said_by(modules: tuple[str, ...]) -> set[str]:
    """The listed sentences written in ``modules`` (whatever surrounds them: ``say("...")``, a
    sentence chosen beside another)."""
    written: set[str] = set()
    for name in modules:
        for found in _LITERAL.finditer(joined_strings(source(name) or "")):
            try:
                written.add(json.loads(f'"{found.group(1)}"'))
            except ValueError:
                continue
    return written & set(SENTENCES)


def _script(code: str, modules: tuple[str, ...] | None = None) -> tuple[bytes, str]:
    """The words script of language ``code`` for a page running ``modules`` (all of them when None)
    and its version (made once per process)."""
    key = (code, modules)
    if key not in _scripts:
        sentences = SENTENCES if modules is None else [s for s in SENTENCES if s in _said_by(modules)]
        with force_locale(code):
            words = {english: gettext(english) for english in sentences}
        words = {english: text for english, text in words.items() if text != english}
        body = ("// The sentences of static/js/*.js in this language (scorekeeper/web/script_words.py).\n"
                "export default " + json.dumps(words, ensure_ascii=False, separators=(",", ":"))
                + ";\n" + _elision(code)).encode()
        if len(_scripts) >= _SCRIPTS_KEPT:
            _scripts.clear()
        _scripts[key] = body, hashlib.sha256(body).hexdigest()[:12]
    return _scripts[key]


def _elision(code: str) -> str:
    """For French, the rule ``static/js/say.js`` applies to a filled sentence: "de" loses its "e"
    before a name starting with a vowel, as ``rules/words.py`` ``elided`` does on the server ("Le
    téléphone d’Anne"). Exported as ``elision`` beside the words; other languages export none."""
    if code != "fr":
        return ""
    rule = json.dumps({"vowels": VOWELS, "pairs": ELISIONS}, ensure_ascii=False, separators=(",", ":"))
    return "export const elision = " + rule + ";\n"


def page_words_url(code: str) -> str | None:
    """The address of language ``code``'s words for the modules the page named (``module_url``),
    versioned; None for English (built in) or a page that runs no module."""
    entries = page_modules()
    if code == DEFAULT or code not in LANGUAGES or not entries:
        return None
    version = _script(code, reached(entries))[1]
    arguments: dict[str, Any] = {"code": code, "v": version, "for": ",".join(entries)}  # "for" is a keyword
    return url_for("script_words.script", **arguments)


@bp.get("/words/<code>.js")
def script(code: str):
    """Language ``code``'s words: for the modules named by ``for`` (and what they import), else
    every sentence (what the service worker stores)."""
    if code == DEFAULT or code not in LANGUAGES:
        abort(404)
    modules = None
    if "for" in request.args:
        entries = tuple(request.args["for"].split(","))
        if not all(source(name) is not None for name in entries):
            abort(404)
        modules = reached(entries)
    body, version = _script(code, modules)
    response = Response(body, mimetype="text/javascript")
    response.set_etag(version)
    # the versioned address never changes its content; the bare one is checked on each use
    response.headers["Cache-Control"] = ("public, max-age=31536000, immutable"
                                         if request.args.get("v") == version else "no-cache")
    return response.make_conditional(request)
