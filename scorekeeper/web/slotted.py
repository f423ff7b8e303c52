"""Pages rendered once per game version, with slots for what belongs to one request.

The game page and the read-only scoreboard depend on the game's version (and the game page on
whether this browser may change the game); only a few bits belong to the request: the messages
flashed to this browser and, on the scorekeeper's page, the form's CSRF token. Such a page is
rendered with a marker in place of each of those bits (``slot(name)``), stripped of its
indentation once, and kept split at the markers (``SlottedPage``); a request fills the slots in.
The pages are kept in ``scorekeeper.live``'s per-version caches.

A marker is a NUL character, the slot's name and a random number drawn when the process starts,
then a NUL: no stored text holds a NUL (every write refuses it, ``security._refuse_nul``), and a
marker is not guessable, so nothing a player typed can open a slot.
"""
from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Mapping

from flask import Response, current_app, render_template, session
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape

from . import strip_html

_NONCE = secrets.token_hex(8)
_MARKER = re.compile(rb"\x00slot:(\w+):" + _NONCE.encode() + rb"\x00")


def slot(name: str) -> Markup:
    """The marker of slot ``name``, to pass to the template in place of the request's own bit."""
    return Markup(f"\x00slot:{name}:{_NONCE}\x00")


class SlottedPage:
    """A rendered page (UTF-8, indentation stripped), cut at its slots."""

    __slots__ = ("_parts", "slots")

    def __init__(self, html: str):
        parts = _MARKER.split(strip_html(html.encode("utf-8")))
        for i in range(1, len(parts), 2):
            parts[i] = parts[i].decode("ascii")  # a slot's name; the text between stays bytes
        self._parts = parts
        self.slots = frozenset(parts[1::2])

    @classmethod
    def render(cls, template: str, **context) -> SlottedPage:
        return cls(render_template(template, **context))

    def fill(self, values: Mapping[str, Callable[[], bytes]]) -> bytes:
        """The page with each slot filled by calling ``values[name]`` (once per slot name)."""
        parts = list(self._parts)
        made: dict[str, bytes] = {}
        for i in range(1, len(parts), 2):
            name = parts[i]
            if name not in made:
                made[name] = values[name]()
            parts[i] = made[name]
        return b"".join(parts)

    def response(self, values: Mapping[str, Callable[[], bytes]]) -> Response:
        response = current_app.response_class(self.fill(values), mimetype="text/html")
        response.indentation_stripped = True  # (web.strip_indentation: nothing left to strip)
        return response


def flashes() -> bytes:
    """The messages flashed to this browser (``templates/_flashes.html``), taken from its session
    as a page rendered in full would; nothing to render when there are none. (The slot follows
    ``<main>`` directly, so each message comes after a newline: the bytes are those of the page
    rendered in full.)"""
    if "_flashes" not in session:
        return b""
    html = strip_html(render_template("_flashes.html").encode("utf-8")).strip(b"\n")
    return b"\n" + html if html else b""


def csrf_field() -> bytes:
    """The hidden CSRF field of a form, as Flask-WTF's form renders it (nothing when CSRF is off)."""
    config = current_app.config
    if not config["WTF_CSRF_ENABLED"]:
        return b""
    name = escape(config["WTF_CSRF_FIELD_NAME"])
    return f'<input id="{name}" name="{name}" type="hidden" value="{escape(generate_csrf())}">'.encode("utf-8")


REQUEST_SLOTS: Mapping[str, Callable[[], bytes]] = {"flashes": flashes, "csrf": csrf_field}
