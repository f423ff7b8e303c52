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
  (default in memory, per worker; e.g. ``redis://...`` to share between workers).
  ``RATELIMIT_ENABLED=False`` turns them off. Behind a reverse proxy set ``PROXY_FIX_X_FOR=1`` so
  the client's address comes from ``X-Forwarded-For``.
- Session cookies are HttpOnly and SameSite=Lax; Secure (and HSTS sent) when
  ``SESSION_COOKIE_SECURE`` is true, i.e. when the server is reached over HTTPS. A permanent
  session's cookie is signed again (and its expiry pushed back) when the session changes, and
  otherwise at most once every ``SESSION_REFRESH_INTERVAL`` seconds (default 3600) rather than on
  every request: re-signing an unchanged cookie on each page view costs more than the page.
"""
from __future__ import annotations

import functools
import hashlib
import json
import time
from datetime import datetime, timezone

from flask import Flask, current_app, jsonify, render_template, request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import BadSignature
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge
from werkzeug.middleware.proxy_fix import ProxyFix

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
RELOAD = "The form has expired or did not come from this site: go back, reload the page and send it again."
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})

csrf = CSRFProtect()


def _is_api() -> bool:
    """The JSON API: the ``api`` blueprint (and any nested in it), everything under /api/."""
    return request.path.startswith("/api/") or (request.blueprint or "").split(".")[0] == "api"


def _not_a_write() -> bool:
    return request.method not in WRITE_METHODS


def _csrf_protect():
    config = current_app.config
    if not config["WTF_CSRF_ENABLED"] or request.method not in config["WTF_CSRF_METHODS"]:
        return  # (Flask-WTF's own check for a read, made first: reads are most requests)
    if _is_api():
        return
    try:
        csrf.protect(apply_exemptions=True)
    except CSRFError as err:
        # Said so that whichever error page shows it (a blueprint's own or ours), it helps.
        raise CSRFError(f"{err.description} {RELOAD}") from None


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
            return _error(400, "Not accepted", f"{where or 'body'}: text may not contain the NUL character (\\u0000)")
    return None


_HEADERS = [(name.lower(), name, value) for name, value in HEADERS.items()]
_HSTS = ("Strict-Transport-Security", "max-age=31536000")
_NO_STORE = ("Cache-Control", "no-store")


class _Session(SecureCookieSession):
    signed_at: datetime | None = None  # when the browser's cookie was signed (None: no cookie)


def _fresh(value):
    """A copy of decoded session data that shares nothing mutable with ``value``."""
    if isinstance(value, dict):
        return {key: _fresh(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_fresh(item) for item in value]
    if isinstance(value, tuple):
        return tuple(_fresh(item) for item in value)
    return value  # str, numbers, bool, None, bytes, datetime, Markup, UUID: immutable


class _SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session, with three savings:

    - the signing serializer is made once per secret key instead of twice per request (Flask
      builds a new one to open and to save the session, and building one serializes a test value);
    - an unchanged permanent session is signed again only when its cookie is older than
      ``SESSION_REFRESH_INTERVAL`` seconds (Flask's ``SESSION_REFRESH_EACH_REQUEST`` does it on
      every request);
    - so a phone sends the very same cookie for a while (every page and every poll of the game),
      and a cookie whose signature was checked once is not decoded again: the exact cookie text is
      looked up among the ones this process has verified (with the current keys), its age checked
      as itsdangerous checks it, and its data copied afresh. A cookie that was never verified
      (anything forged or tampered with) is never found there.
    """

    session_class = _Session
    # HMAC-SHA1 as Flask's default, given as hashlib's own function: Flask's lazy wrapper makes
    # the hmac module take its slow pure-Python path. Same signatures.
    digest_method = staticmethod(hashlib.sha1)
    VERIFIED = 1024  # cookies kept verified per process (emptied when full or when the keys change)

    def __init__(self):
        self._serializer = (None, None)
        self._verified: dict[str, tuple[object, int]] = {}

    def open_session(self, app, request):
        serializer = self.get_signing_serializer(app)
        if serializer is None:
            return None
        value = request.cookies.get(self.get_cookie_name(app))
        if not value:
            return self.session_class()
        max_age = int(app.permanent_session_lifetime.total_seconds())
        known = self._verified.get(value)
        if known is not None:
            data, timestamp = known
            if not 0 <= int(time.time()) - timestamp <= max_age:  # (TimestampSigner's own check)
                return self.session_class()
            data = _fresh(data)
        else:
            try:
                data, signed_at = serializer.loads(value, max_age=max_age, return_timestamp=True)
            except BadSignature:
                return self.session_class()
            timestamp = int(signed_at.timestamp())
            if len(self._verified) >= self.VERIFIED:
                self._verified.clear()
            self._verified[value] = (_fresh(data), timestamp)
        session = self.session_class(data)
        session.signed_at = datetime.fromtimestamp(timestamp, timezone.utc)
        return session

    def save_session(self, app, session, response):
        if session and not self.should_set_cookie(app, session):
            # Flask's own steps for a session that stays as it is, without first working out
            # every attribute of a cookie that is not sent.
            if session.accessed:
                response.vary.add("Cookie")
            return
        super().save_session(app, session, response)

    def should_set_cookie(self, app, session):
        if session.modified:
            return True
        if not (session.permanent and app.config["SESSION_REFRESH_EACH_REQUEST"]):
            return False
        signed_at = getattr(session, "signed_at", None)
        if signed_at is None:
            return True
        age = (datetime.now(timezone.utc) - signed_at).total_seconds()
        return not 0 <= age < app.config["SESSION_REFRESH_INTERVAL"]

    def get_signing_serializer(self, app):
        if not app.secret_key:
            return None
        keys = (app.secret_key, tuple(app.config["SECRET_KEY_FALLBACKS"] or ()))
        made_for, serializer = self._serializer
        if made_for != keys:
            serializer = super().get_signing_serializer(app)
            self._serializer = (keys, serializer)
            self._verified = {}  # verified with keys that are no longer the ones
        return serializer


class _WriteLimiter(Limiter):
    """Flask-Limiter, skipped at once for reads: its check runs before every request and, even
    with every limit exempt, costs about as much as a small page's own work; only writes are
    limited here (``application_limits_exempt_when`` below says the same to Flask-Limiter)."""

    def _check_request_limit(self, callable_name=None, in_middleware=True):
        if request.method not in WRITE_METHODS:
            return None
        return super()._check_request_limit(callable_name, in_middleware)


def _limiter_hooks_for_writes_only(app: Flask, limiter: Limiter) -> None:
    """Flask-Limiter also registers an after-request hook (rate-limit headers) and a teardown
    (its per-request state). On a read there is nothing for them to do (``_WriteLimiter`` never
    looks at a read), yet each builds the limiter's per-request state again: together about as
    much as everything else a kept game page costs besides. Run them for writes only. (Hooks are
    recognised as bound to this limiter; should a version of Flask-Limiter register them otherwise,
    they are left as they are.)"""

    def owned(hook) -> bool:
        return getattr(hook, "__self__", None) is limiter or (
            isinstance(hook, functools.partial) and limiter in hook.args)

    def after(hook):
        def for_writes(response):
            return hook(response) if request.method in WRITE_METHODS else response
        return for_writes

    def teardown(hook):
        def for_writes(error=None):
            if request.method in WRITE_METHODS:
                hook(error)
        return for_writes

    for hooks, wrap in ((app.after_request_funcs, after), (app.teardown_request_funcs, teardown)):
        hooks[None] = [wrap(hook) if owned(hook) else hook for hook in hooks.get(None, [])]


def _security_headers(response):
    """Add each header the response does not set itself. (One pass over the response's headers:
    ``Headers.setdefault`` would scan them all again for each of the eight names.)"""
    headers = response.headers
    present = {name.lower() for name in headers.keys()}
    for lower, name, value in _HEADERS:
        if lower not in present:
            headers.add(name, value)
    if current_app.config.get("SESSION_COOKIE_SECURE") and "strict-transport-security" not in present:
        headers.add(*_HSTS)
    if "cache-control" not in present and _is_api():
        # API answers may carry an edit token (game creation) and change with every round.
        headers.add(*_NO_STORE)
    return response


def _error(status: int, title: str, message: str):
    if _is_api():
        return jsonify({"error": message}), status
    return render_template("security_error.html", title=title, message=message), status


def _too_many_writes(err: RateLimitExceeded):
    response = _error(
        429,
        "Too many changes",
        f"Too many changes from this address (limit: {err.limit.limit}); "
        "wait a minute and try again.",
    )
    return response


def _csrf_failed(err: CSRFError):
    return _error(400, "Form expired", err.description)


def _api_http_error(err: HTTPException):
    """Errors raised before a request reaches the API blueprint (an unknown /api/ address, a
    method the address does not take) are answered in the API's JSON shape too."""
    if request.path.startswith("/api/"):
        response = jsonify({"error": f"{request.method} {request.path[:200]}: {err.description or err.name}"})
        response.status_code = err.code or 500
        if err.code == 405 and hasattr(err, "valid_methods") and err.valid_methods:
            response.headers["Allow"] = ", ".join(err.valid_methods)
        return response
    return err


def init_app(app: Flask) -> None:
    config = app.config
    config.setdefault("SESSION_COOKIE_SECURE", False)
    config.setdefault("SESSION_REFRESH_INTERVAL", 3600)
    config.setdefault("WTF_CSRF_SSL_STRICT", False)
    config.setdefault("WTF_CSRF_TIME_LIMIT", None)
    if config.get("MAX_CONTENT_LENGTH") is None:
        config["MAX_CONTENT_LENGTH"] = 1024 * 1024  # no form or API body comes near 1 MiB
    config.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    config.setdefault("RATELIMIT_WRITES", "300 per minute")
    config.setdefault("RATELIMIT_HEADERS_ENABLED", True)

    app.session_interface = _SessionInterface()

    if config.get("PROXY_FIX_X_FOR"):
        hops = int(config["PROXY_FIX_X_FOR"])
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)

    # Flask-WTF's own hook would exempt only the `api` blueprint itself, not blueprints nested
    # in it; this one exempts the whole API (Bearer tokens, see the docstring).
    config["WTF_CSRF_CHECK_DEFAULT"] = False
    csrf.init_app(app)
    app.before_request(_refuse_oversized_chunks)
    app.before_request(_refuse_nul)
    app.before_request(_csrf_protect)

    limiter = _WriteLimiter(
        get_remote_address,
        app=app,
        application_limits=[config["RATELIMIT_WRITES"]],
        application_limits_exempt_when=_not_a_write,
    )
    app.extensions["scorekeeper_limiter"] = limiter
    _limiter_hooks_for_writes_only(app, limiter)

    app.after_request(_security_headers)
    app.register_error_handler(RateLimitExceeded, _too_many_writes)
    app.register_error_handler(CSRFError, _csrf_failed)
    app.register_error_handler(HTTPException, _api_http_error)
