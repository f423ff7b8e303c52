"""Security for every response: headers, CSRF on forms, rate limits on writes, cookie flags.

Registered with ``security.init_app(app)`` in ``create_app``. What it does and why:

- A strict Content-Security-Policy (no inline scripts or styles, nothing from other sites) and the
  usual companion headers on every response; ``Referrer-Policy: no-referrer`` everywhere, so a game
  page's address (which may carry an edit link) never leaks through the Referer header.
- CSRF tokens (Flask-WTF) on every form post. The JSON API under ``/api/v1`` is exempt: its writes
  are authorised by an ``Authorization: Bearer`` edit token, which a cross-site form cannot send.
  The Referer check Flask-WTF does over HTTPS is off (``WTF_CSRF_SSL_STRICT``), because
  ``no-referrer`` means browsers send no Referer; and tokens do not expire after an hour
  (``WTF_CSRF_TIME_LIMIT``), because a card game easily lasts longer than that.
- Rate limits (Flask-Limiter) on writes (POST/PUT/PATCH/DELETE), per client address, shared by all
  routes: ``RATELIMIT_WRITES`` (default ``300 per minute``), stored in ``RATELIMIT_STORAGE_URI``
  (default in memory: each worker counts on its own; ``redis://...`` counts once across all
  workers and servers, README.md "Running on several machines").
  ``RATELIMIT_ENABLED=False`` turns them off. Behind a reverse proxy set ``PROXY_FIX_X_FOR=1`` so
  the client's address comes from ``X-Forwarded-For``.
- Rate limits on PDF renders of their own (``RATELIMIT_PDF``, see ``scorekeeper/scoresheets``).
- Session cookies (Flask's own signed-cookie session) are HttpOnly and SameSite=Lax; Secure (and
  HSTS sent) when ``SESSION_COOKIE_SECURE`` is true, i.e. when the server is reached over HTTPS.
  A permanent session's cookie is signed again (and its expiry, ``PERMANENT_SESSION_LIFETIME``,
  pushed back) when the session changes, which is whenever the browser opens another game; not on
  every request (``SESSION_REFRESH_EACH_REQUEST`` is off in ``create_app``): the polls need no new cookie.
"""
from __future__ import annotations

import json
import time

from flask import Flask, Response, current_app, jsonify, request
from flask_babel import gettext as _, lazy_gettext as _l
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import IntegerConverter

from .config import Defaults
from .errors import is_api, refusal
from .masked_csrf import MaskedCSRFProtect

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)
PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), "
    "microphone=(), payment=(), usb=()"
)
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
# Flask-WTF's reasons for refusing a form (in English only there), and what to do (_csrf_failed).
CSRF_RELOAD = _l("The form has expired or did not come from this site: go back, reload the page and send it again.")
CSRF_REASONS = {
    "The CSRF token is missing.": _l("The CSRF token is missing."),
    "The CSRF session token is missing.": _l("The CSRF session token is missing."),
    "The CSRF token has expired.": _l("The CSRF token has expired."),
    "The CSRF token is invalid.": _l("The CSRF token is invalid."),
    "The CSRF tokens do not match.": _l("The CSRF tokens do not match."),
    "The referrer header is missing.": _l("The referrer header is missing."),
    "The referrer does not match the host.": _l("The referrer does not match the host."),
}
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})

csrf = MaskedCSRFProtect()  # the token masked afresh on every page (scorekeeper/masked_csrf.py)


def _not_a_write() -> bool:
    return request.method not in WRITE_METHODS


# Reads that render a PDF (scoresheets, yearbooks): limited on their own (``RATELIMIT_PDF``, scorekeeper/scoresheets).
PDF_ENDPOINTS = frozenset({"games.scoresheet", "scoresheets.blank", "tables.yearbook_pdf"})


def _not_limited() -> bool:
    """Flask-Limiter's request filter: the limiter need not look at a read that cannot render a PDF
    (most requests: pages, polls), which saves its per-request work on them."""
    return request.method not in WRITE_METHODS and request.endpoint not in PDF_ENDPOINTS


def _csrf_protect():
    config = current_app.config
    if not config["WTF_CSRF_ENABLED"] or request.method not in config["WTF_CSRF_METHODS"]:
        return  # (Flask-WTF's own check for a read, made first: reads are most requests)
    if is_api():
        return
    try:
        csrf.protect(apply_exemptions=True)
    except CSRFError as err:
        err.reload = True  # the refusal tells what to do (_csrf_failed)
        raise


def _csrf_failed(err: CSRFError):
    """Flask-WTF's reason in the reader's language and, for a form refused by this app's check, what
    to do about it."""
    reason = err.description or ""
    said = str(CSRF_REASONS.get(reason, reason))
    if getattr(err, "reload", False):
        said += " " + str(CSRF_RELOAD)
    return refusal(400, _("Form expired"), said)


def _strings(value, where: str):
    """Every string in a parsed JSON document, with where it is (``hands.Bob.cards[0]``)."""
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key, f"{where} (a key)")
            yield from _strings(item, f"{where}.{key}" if where else str(key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _strings(item, f"{where}[{i}]")


def _refuse_oversized_chunks():
    """A body sent in chunks (no Content-Length) is cut off by Werkzeug at ``MAX_CONTENT_LENGTH``
    bytes without an error, so a body over the limit would reach the route truncated (and be
    refused as "not valid JSON"). One more byte read past the limit says it was too large: 413,
    as for a body whose Content-Length is over the limit."""
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    if request.method not in WRITE_METHODS or limit is None or request.content_length is not None:
        return None
    if len(request.get_data(cache=True)) >= limit and request.environ["wsgi.input"].read(1):
        raise RequestEntityTooLarge(f"the body is over {limit} bytes")
    return None


REFUSED_BODY_READ = 64 * 1024 * 1024  # at most this much of a refused body is read and dropped ...
REFUSED_BODY_SECONDS = 5.0  # ... for at most this long


def _drain_refused_body(response: Response) -> Response:
    """A body refused as too large (413) was not read; left on the connection, it would be taken for
    the next request, and gunicorn reads only 64 KiB of it before closing a connection its answer
    called keep-alive. So the rest is read here and dropped (up to ``REFUSED_BODY_READ`` bytes
    within ``REFUSED_BODY_SECONDS``): the connection stays usable. A larger or slower body is
    left to the server, which closes the connection after the answer."""
    if response.status_code != 413 or request.method not in WRITE_METHODS:
        return response
    stream = request.environ.get("wsgi.input")
    length = request.content_length
    if length is not None:
        budget = length  # refused by its Content-Length: none of it was read
    elif request.environ.get("wsgi.input_terminated"):
        budget = REFUSED_BODY_READ  # chunked: the server ends the stream where the body ends
    else:
        return response
    if stream is None or budget > REFUSED_BODY_READ:
        return response
    deadline = time.monotonic() + REFUSED_BODY_SECONDS
    try:
        while budget > 0 and time.monotonic() < deadline:
            chunk = stream.read(min(64 * 1024, budget))
            if not chunk:
                break
            budget -= len(chunk)
    except OSError:  # the client went away: nothing more to keep usable
        pass
    return response


def _refuse_nul():
    """Text that is stored never holds the NUL character (PostgreSQL cannot store it, and no name
    or reason needs it): a write whose form or JSON body holds one is refused, naming where.
    Bodies without a NUL (the rule) are not parsed here at all; one that does not parse is left
    for the route to refuse in its own words."""
    if request.method not in WRITE_METHODS:
        return None
    raw = request.get_data(cache=True)  # (first: the form is then parsed from this copy)
    places = [(k, v) for k, v in request.form.items(multi=True)]
    if b"\\u0000" in raw or b"\x00" in raw:
        try:
            places += list(_strings(json.loads(raw), ""))
        except (ValueError, RecursionError):
            pass
    for where, text in places:
        if "\x00" in text or "\x00" in where:
            return refusal(400, "Not accepted", f"{where or 'body'}: text may not contain the NUL character (\\u0000)")
    return None


def _refuse_nul_in_query():
    """A NUL character in the query string (``?variant=%00``, ``?q=``) is refused as bad input on
    every request: no id, name or search needs it, and PostgreSQL refuses it in a query."""
    query = request.query_string
    if b"%00" not in query and b"\x00" not in query:
        return None
    places = [k for k, v in request.args.items(multi=True) if "\x00" in k or "\x00" in v]
    if not places:
        return None
    if request.endpoint in PDF_ENDPOINTS:  # a PDF's refusals are plain text naming the value, as its own are
        value = request.args.get(places[0], "")
        return Response(_("%(field)s: %(value)s is not accepted: text may not contain the NUL character (%%00)",
                          field=places[0], value=repr(value)[:60]), 400, mimetype="text/plain")
    response, status = refusal(400, _("Bad Request"), _("%(field)s: text may not contain the NUL character (%%00)",
                                                         field=places[0]))
    if is_api():
        response = jsonify({**response.get_json(), "field": places[0]})
    return response, status


class BoundedInt(IntegerConverter):
    """``<int:...>`` in every route: a number outside an SQL INTEGER column's range (1 to 2**31 - 1
    for an id, a round's number) is no address here (404), rather than a database error."""

    def __init__(self, map, fixed_digits=0, min=None, max=None, signed=False):
        super().__init__(map, fixed_digits, min, 2**31 - 1 if max is None else max, signed)


_HEADERS = [(name.lower(), name, value) for name, value in HEADERS.items()]
# A stylesheet, a script or an image other than SVG is never shown as a page: of the headers above
# it needs only these (what it is, who may load it, the address it leaks). The others say what a
# page may load, be framed by or use, and would cost a phone about 600 bytes a file for nothing.
# An SVG can be opened as a page and run a script, so it keeps them all, as does the service worker
# (its Content-Security-Policy is the worker's own).
SUBRESOURCE_HEADERS = ("X-Content-Type-Options", "Referrer-Policy", "Cross-Origin-Resource-Policy")
_SUBRESOURCE = [entry for entry in _HEADERS if entry[1] in SUBRESOURCE_HEADERS]
_SUBRESOURCE_ENDPOINTS = ("static", "script_words.script")


def _is_subresource(response) -> bool:
    kind = response.mimetype or ""
    return request.endpoint in _SUBRESOURCE_ENDPOINTS and (
        kind in ("text/css", "text/javascript") or (kind.startswith("image/") and kind != "image/svg+xml"))
_HSTS = ("Strict-Transport-Security", "max-age=31536000")
_NO_STORE = ("Cache-Control", "no-store")


def _security_headers(response):
    """Add each header the response does not set itself. (One pass over the response's headers:
    ``Headers.setdefault`` would scan them all again for each of the eight names.)"""
    headers = response.headers
    present = {name.lower() for name in headers.keys()}
    for lower, name, value in _SUBRESOURCE if _is_subresource(response) else _HEADERS:
        if lower not in present:
            headers.add(name, value)
    if current_app.config.get("SESSION_COOKIE_SECURE") and "strict-transport-security" not in present:
        headers.add(*_HSTS)
    if "cache-control" not in present and is_api():
        # API answers may carry an edit token (game creation) and change with every round.
        headers.add(*_NO_STORE)
    return response


def init_app(app: Flask) -> None:
    config = app.config
    if config.get("MAX_CONTENT_LENGTH") is None:  # (a test's or a deployment's None: the default, not unlimited)
        config["MAX_CONTENT_LENGTH"] = Defaults.MAX_CONTENT_LENGTH
    if config.get("PROXY_FIX_X_FOR"):
        hops = int(config["PROXY_FIX_X_FOR"])
        # (Flask's documented way to wrap its WSGI app; Flask types wsgi_app as a method)
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)  # type: ignore[method-assign]

    # Flask-WTF's own hook would exempt only the `api` blueprint itself, not blueprints nested
    # in it; this one exempts the whole API (Bearer tokens, see the docstring).
    config["WTF_CSRF_CHECK_DEFAULT"] = False
    csrf.init_app(app)
    app.before_request(_refuse_oversized_chunks)
    app.before_request(_refuse_nul)
    app.before_request(_refuse_nul_in_query)
    app.before_request(_csrf_protect)
    app.register_error_handler(CSRFError, _csrf_failed)

    limiter = app.extensions["scorekeeper_limiter"] = Limiter(
        get_remote_address,
        app=app,
        application_limits=[config["RATELIMIT_WRITES"]],
        application_limits_exempt_when=_not_a_write,
    )
    limiter.request_filter(_not_limited)
    app.after_request(_security_headers)
    app.after_request(_drain_refused_body)
