"""Security headers, cookies, CSRF, rate limits, the secret key and third-party assets."""
from __future__ import annotations

import io
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from flask import render_template_string, request, session
from werkzeug.routing.converters import NumberConverter

from scorekeeper import create_app
from scorekeeper.security import CONTENT_SECURITY_POLICY
from support.security import EXPECTED_HEADERS, crawl  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]


FORM_PAGE = """<!doctype html><form method="post" action="/_test/form">
<input type="hidden" name="csrf_token" value="{{ csrf_token() }}">
<input name="name"><button>Save</button></form>"""


@pytest.fixture
def make_app(app_factory):
    """An app with a plain form page and a JSON write route added (CSRF on unless told)."""
    return lambda **config: add_test_routes(app_factory(**config))


def add_test_routes(app):
    @app.route("/_test/form", methods=["GET", "POST"])
    def test_form():
        """A plain form page, as every page with a form has one."""
        if request.method == "POST":
            session["saved"] = True
            return "saved"
        return render_template_string(FORM_PAGE)

    @app.post("/api/v1/_test/echo")
    def test_api_write():
        """A JSON API write, as the API's are (rate-limited, CSRF-exempt)."""
        return {"echo": request.get_json()}

    return app


def csrf_token_from(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def directives(csp: str) -> dict[str, list[str]]:
    out = {}
    for part in csp.split(";"):
        name, *values = part.split()
        out[name] = values
    return out


# -- headers -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "path",
    ["/", "/static/icons/icon.svg", "/sw.js", "/no/such/page", "/static/css/nope.css", "/api/v1/variants",
     "/api/v1/variants/nope"],
)
@pytest.mark.no_database  # (the PostgreSQL job leaves it out: tests/conftest.py)
def test_security_headers_on_every_kind_of_response(client, path):
    with client.get(path) as response:
        _check_headers(response, path)


@pytest.mark.parametrize("path", ["/static/css/app.css", "/static/js/games.js", "/static/js/say.js?v=0",
                                  "/static/icons/icon-192.png", "/words/fr.js"])
@pytest.mark.no_database  # (the PostgreSQL job leaves it out: tests/conftest.py)
def test_a_stylesheet_script_or_image_carries_only_the_headers_it_needs(client, path):
    """Never shown as a page, so no page policy (each about 100 to 200 bytes a file): what it is,
    who may load it and the address it leaks, and nothing else."""
    with client.get(path) as response:
        assert response.status_code == 200
        for name in ("X-Content-Type-Options", "Referrer-Policy", "Cross-Origin-Resource-Policy"):
            assert response.headers.get(name) == EXPECTED_HEADERS[name], (path, name)
        for name in ("Content-Security-Policy", "X-Frame-Options", "Permissions-Policy", "Cross-Origin-Opener-Policy"):
            assert name not in response.headers, (path, name)


def _check_headers(response, path):
    for name, value in EXPECTED_HEADERS.items():
        assert response.headers.get(name) == value, (path, name)
    policy = response.headers["Permissions-Policy"]
    for feature in ("camera=()", "microphone=()", "geolocation=()", "payment=()"):
        assert feature in policy
    assert "Strict-Transport-Security" not in response.headers


def test_content_security_policy_is_strict():
    policy = directives(CONTENT_SECURITY_POLICY)
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["img-src"] == ["'self'", "data:"]
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["form-action"] == ["'self'"]
    assert "unsafe" not in CONTENT_SECURITY_POLICY and "http" not in CONTENT_SECURITY_POLICY


def test_security_headers_on_form_errors_and_posts(make_app):
    app = make_app()
    response = app.test_client().post("/_test/form", data={"name": "x"})
    assert response.status_code == 400
    for name, value in EXPECTED_HEADERS.items():
        assert response.headers.get(name) == value


def test_api_answers_are_not_cached(make_app):
    client = make_app().test_client()
    assert client.get("/api/v1/variants").headers["Cache-Control"] == "no-store"
    hand = client.post("/api/v1/_test/echo", json={"cards": ["KD"]})
    assert hand.status_code == 200
    assert hand.headers["Cache-Control"] == "no-store"


def test_headers_a_route_sets_itself_are_kept_once(make_app):
    app = make_app()

    @app.get("/_test/own-headers")
    def own_headers():
        return "x", {"X-Frame-Options": "SAMEORIGIN", "cache-control": "max-age=5"}

    response = app.test_client().get("/_test/own-headers")
    assert response.headers.getlist("X-Frame-Options") == ["SAMEORIGIN"]
    assert response.headers.getlist("Cache-Control") == ["max-age=5"]
    for name, value in EXPECTED_HEADERS.items():
        if name != "X-Frame-Options":
            assert response.headers.getlist(name) == [value]


# -- cookies ---------------------------------------------------------------------------------
def _session_cookie(response) -> str:
    cookies = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")]
    assert len(cookies) == 1, response.headers.getlist("Set-Cookie")
    return cookies[0]


def test_session_cookie_is_httponly_and_samesite_lax(make_app):
    app = make_app()
    cookie = _session_cookie(app.test_client().get("/_test/form"))
    attributes = [a.strip().lower() for a in cookie.split(";")]
    assert "httponly" in attributes
    assert "samesite=lax" in attributes
    assert "secure" not in attributes


def test_session_cookie_secure_and_hsts_when_configured(make_app):
    app = make_app(SESSION_COOKIE_SECURE=True)
    client = app.test_client()
    response = client.get("/_test/form", base_url="https://localhost")
    attributes = [a.strip().lower() for a in _session_cookie(response).split(";")]
    assert {"secure", "httponly", "samesite=lax"} <= set(attributes)
    assert response.headers["Strict-Transport-Security"] == "max-age=31536000"


def test_session_follows_the_secret_key_and_its_fallbacks(make_app):
    """A new secret key (with the old one as a fallback) honours the cookies signed before at once."""
    app = make_app(WTF_CSRF_ENABLED=False)

    @app.get("/_test/session")
    def show_session():
        return {"saved": session.get("saved", False)}

    client = app.test_client()
    assert client.post("/_test/form", data={}).status_code == 200
    assert client.get("/_test/session").get_json() == {"saved": True}
    app.config["SECRET_KEY_FALLBACKS"] = [app.secret_key]
    app.secret_key = "a-new-secret"
    assert client.get("/_test/session").get_json() == {"saved": True}  # old cookie, fallback key
    app.config["SECRET_KEY_FALLBACKS"] = []
    other = app.test_client()
    assert other.post("/_test/form", data={}).status_code == 200  # signed with the new key
    assert other.get("/_test/session").get_json() == {"saved": True}
    assert client.get("/_test/session").get_json() == {"saved": False}  # old key gone: not trusted


def test_an_unchanged_permanent_session_is_not_signed_again_on_every_request(make_app):
    """Flask's own session interface, with SESSION_REFRESH_EACH_REQUEST off: a permanent session's
    cookie is sent when the session changes, not again on every page view or poll."""
    from flask.sessions import SecureCookieSessionInterface

    app = make_app(WTF_CSRF_ENABLED=False)
    assert isinstance(app.session_interface, SecureCookieSessionInterface)  # (sealed: web/sealed_session.py)

    @app.get("/_test/visit")
    def visit():
        if not session.permanent:  # (setting it marks the session changed)
            session.permanent = True
        if request.args.get("note"):
            session["note"] = request.args["note"]
        return {"note": session.get("note")}

    client = app.test_client()
    first = client.get("/_test/visit?note=a")
    assert "expires=" in _session_cookie(first).lower()
    again = client.get("/_test/visit")
    assert again.get_json() == {"note": "a"} and again.headers.getlist("Set-Cookie") == []
    assert "Cookie" in again.vary  # (and Accept-Language: every answer may be in French)
    assert _session_cookie(client.get("/_test/visit?note=b"))  # changed: sent at once
    assert client.get("/_test/visit").get_json() == {"note": "b"}


def test_cookie_secure_from_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv("SCOREKEEPER_SESSION_COOKIE_SECURE", "true")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'x.db'}")
    app = create_app()
    assert app.config["SESSION_COOKIE_SECURE"] is True


# -- CSRF --------------------------------------------------------------------------------------
def test_form_post_without_csrf_token_is_refused(make_app):
    app = make_app()
    client = app.test_client()
    client.get("/_test/form")
    response = client.post("/_test/form", data={"name": "Ann"})
    assert response.status_code == 400
    text = response.get_data(as_text=True)
    assert "The CSRF token is missing." in text
    assert "reload the page" in text
    wrong = client.post("/_test/form", data={"name": "Ann", "csrf_token": "forged"})
    assert wrong.status_code == 400
    assert "The CSRF token is invalid." in wrong.get_data(as_text=True)


def test_form_post_with_csrf_token_is_accepted(make_app):
    app = make_app()
    client = app.test_client()
    token = csrf_token_from(client.get("/_test/form").get_data(as_text=True))
    response = client.post("/_test/form", data={"name": "Ann", "csrf_token": token})
    assert response.status_code == 200
    assert response.data == b"saved"


def test_csrf_over_https_needs_no_referer(make_app):
    """Referrer-Policy: no-referrer means browsers send no Referer; the token alone suffices."""
    app = make_app(SESSION_COOKIE_SECURE=True)
    client = app.test_client()
    page = client.get("/_test/form", base_url="https://localhost")
    token = csrf_token_from(page.get_data(as_text=True))
    response = client.post(
        "/_test/form", data={"csrf_token": token}, base_url="https://localhost"
    )
    assert response.status_code == 200


def test_csrf_token_does_not_expire_within_a_long_game(make_app):
    app = make_app()
    assert app.config["WTF_CSRF_TIME_LIMIT"] is None


def _fill(rule) -> str:
    values = {}
    for name, converter in rule._converters.items():
        values[name] = 1 if isinstance(converter, NumberConverter) else "x"  # (int: scorekeeper.security.BoundedInt)
    return rule.build(values)[1] if values else rule.rule


def test_every_form_route_requires_a_csrf_token(make_app):
    """Every non-API route that accepts a write refuses it without a token (CSRF, not 404/405)."""
    app = make_app()
    client = app.test_client()
    checked = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static" or rule.rule.startswith("/api/"):
            continue
        for method in sorted((rule.methods or set()) & {"POST", "PUT", "PATCH", "DELETE"}):
            response = client.open(_fill(rule), method=method, data={"x": "1"})
            assert response.status_code == 400, (rule.rule, method, response.status_code)
            assert "CSRF" in response.get_data(as_text=True), rule.rule
            checked.append((rule.rule, method))
    assert ("/_test/form", "POST") in checked


def test_api_is_exempt_from_csrf(make_app):
    app = make_app()
    assert app.config["WTF_CSRF_ENABLED"] is True
    response = app.test_client().post(
        "/api/v1/_test/echo", json={"cards": ["KD", "4S", "AH"]}
    )
    assert response.status_code == 200
    assert response.get_json() == {"echo": {"cards": ["KD", "4S", "AH"]}}


# -- rate limits -----------------------------------------------------------------------------
def test_writes_over_the_limit_get_429(make_app):
    app = make_app(RATELIMIT_WRITES="3 per minute")
    client = app.test_client()
    for _ in range(3):
        ok = client.post("/api/v1/_test/echo", json={"cards": ["KD"]})
        assert ok.status_code == 200
    over = client.post("/api/v1/_test/echo", json={"cards": ["KD"]})
    assert over.status_code == 429
    assert over.is_json
    assert over.get_json()["error"].startswith("Too many changes from this address")
    assert "3 per 1 minute" in over.get_json()["error"]
    assert int(over.headers["Retry-After"]) > 0
    assert over.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    # Reads are never limited; another address has its own allowance.
    assert client.get("/_test/form").status_code == 200
    other = client.post(
        "/api/v1/_test/echo",
        json={"cards": ["KD"]},
        environ_base={"REMOTE_ADDR": "192.0.2.7"},
    )
    assert other.status_code == 200


def test_reads_are_not_counted_and_writes_carry_the_limit_headers(make_app):
    app = make_app(RATELIMIT_WRITES="2 per minute")
    client = app.test_client()
    for _ in range(5):
        read = client.get("/api/v1/variants")
        assert read.status_code == 200 and "X-RateLimit-Remaining" not in read.headers
    first = client.post("/api/v1/_test/echo", json={"cards": []})
    assert first.status_code == 200
    assert first.headers["X-RateLimit-Limit"] == "2" and first.headers["X-RateLimit-Remaining"] == "1"
    assert client.post("/api/v1/_test/echo", json={"cards": []}).status_code == 200
    assert client.post("/api/v1/_test/echo", json={"cards": []}).status_code == 429
    assert client.get("/_test/form").status_code == 200


def test_form_writes_over_the_limit_get_a_page(make_app):
    app = make_app(RATELIMIT_WRITES="1 per minute", WTF_CSRF_ENABLED=False)
    client = app.test_client()
    assert client.post("/_test/form", data={"name": "a"}).status_code == 200
    over = client.post("/_test/form", data={"name": "a"})
    assert over.status_code == 429
    assert over.mimetype == "text/html"
    assert "Too many changes" in over.get_data(as_text=True)


def test_limit_is_shared_by_all_write_routes(make_app):
    app = make_app(RATELIMIT_WRITES="2 per minute", WTF_CSRF_ENABLED=False)
    client = app.test_client()
    assert client.post("/_test/form", data={}).status_code == 200
    assert client.post("/api/v1/_test/echo", json={"cards": []}).status_code == 200
    assert client.post("/api/v1/_test/echo", json={"cards": []}).status_code == 429


def test_rate_limits_can_be_disabled(make_app):
    app = make_app(RATELIMIT_WRITES="1 per minute", RATELIMIT_ENABLED=False)
    client = app.test_client()
    for _ in range(5):
        assert client.post("/api/v1/_test/echo", json={"cards": []}).status_code == 200


def test_rate_limit_storage_is_configurable(make_app):
    from limits.errors import ConfigurationError

    app = make_app(RATELIMIT_STORAGE_URI="memory://")
    assert type(app.extensions["scorekeeper_limiter"].limiter.storage).__name__ == "MemoryStorage"
    with pytest.raises(ConfigurationError):
        # (not migrating: an app that fails to start leaves no pooled connection behind)
        make_app(RATELIMIT_STORAGE_URI="nosuchstore://here", SCOREKEEPER_AUTO_MIGRATE=False)


def test_behind_a_proxy_each_client_has_its_own_allowance(make_app):
    app = make_app(RATELIMIT_WRITES="1 per minute", PROXY_FIX_X_FOR=1)
    client = app.test_client()

    def post(address):
        return client.post(
            "/api/v1/_test/echo",
            json={"cards": []},
            headers={"X-Forwarded-For": address},
        ).status_code

    assert post("198.51.100.1") == 200
    assert post("198.51.100.2") == 200
    assert post("198.51.100.1") == 429


# -- secret key ------------------------------------------------------------------------------
def _app_in(instance, monkeypatch, **env):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(instance))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{instance / 'x.db'}")
    monkeypatch.delenv("SCOREKEEPER_SECRET_KEY", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return create_app()


def test_secret_key_generated_on_first_run_is_kept_in_the_database(tmp_path, monkeypatch):
    instance = tmp_path / "instance"
    app = _app_in(instance, monkeypatch)
    assert app.instance_path == str(instance)
    assert re.fullmatch(r"[0-9a-f]{64}", app.secret_key)  # 256 bits
    with sqlite3.connect(instance / "x.db") as conn:
        kept = conn.execute("SELECT value FROM shared_settings WHERE name = 'secret_key'").fetchone()[0]
    conn.close()
    assert kept == app.secret_key
    again = _app_in(instance, monkeypatch)
    assert again.secret_key == app.secret_key
    assert [p.name for p in instance.iterdir() if "secret" in p.name] == []  # (no file: servers share the database's)


def test_configured_secret_key_wins_and_nothing_is_written(tmp_path, monkeypatch):
    instance = tmp_path / "instance"
    app = _app_in(instance, monkeypatch, SCOREKEEPER_SECRET_KEY="from-the-environment")
    assert app.secret_key == "from-the-environment"
    assert not (instance / "secret_key").exists()


def test_workers_starting_together_share_one_secret_key(tmp_path):
    instance = tmp_path / "instance"
    env = dict(os.environ, SCOREKEEPER_INSTANCE_PATH=str(instance),
               DATABASE_URL=f"sqlite:///{tmp_path / 'x.db'}", PYTHONPATH=str(ROOT))
    env.pop("SCOREKEEPER_SECRET_KEY", None)
    code = "from scorekeeper import create_app; print(create_app().secret_key)"
    procs = [
        subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, text=True)
        for _ in range(6)
    ]
    keys = {p.communicate(timeout=120)[0].strip() for p in procs}
    assert all(p.returncode == 0 for p in procs)
    assert len(keys) == 1 and re.fullmatch(r"[0-9a-f]{64}", keys.pop())


def test_served_pages_have_no_inline_code_and_no_third_party_assets(client):
    found = crawl(client, ["/"])
    assert "/" in found
    assert {path: problems for path, problems in found.items() if problems} == {}


URL_IN_ASSET = re.compile(r"""(?:url\(\s*['"]?|(?:src|href)\s*=\s*['"]|@import\s+['"])\s*(https?:)?//""", re.I)


def test_no_third_party_assets_in_templates_or_static_files():
    files = [p for p in (ROOT / "templates").rglob("*") if p.is_file()]
    files += [p for p in (ROOT / "static").rglob("*") if p.suffix in (".css", ".js", ".html", ".svg")]
    assert files
    offenders = [str(p.relative_to(ROOT)) for p in files if URL_IN_ASSET.search(p.read_text(errors="replace"))]
    js_fetches = [
        str(p.relative_to(ROOT))
        for p in (ROOT / "static").rglob("*.js")
        if re.search(r"""(fetch|import)\s*\(\s*['"`](https?:)?//""", p.read_text())
    ]
    assert offenders == [] and js_fetches == []


@pytest.mark.parametrize(
    "method, path, status",
    [("get", "/api/v1/nope", 404), ("delete", "/api/v1/games", 405), ("patch", "/api/v1/variants", 405),
     ("get", "/api/v1/games/x/rounds/abc", 404)],
)
@pytest.mark.no_database  # (the PostgreSQL job leaves it out: tests/conftest.py)
def test_api_errors_outside_any_route_are_json_too(client, method, path, status):
    r = getattr(client, method)(path)
    assert r.status_code == status and r.is_json
    assert r.get_json()["error"].startswith(f"{method.upper()} {path}: ")
    if status == 405:
        assert "OPTIONS" in r.headers["Allow"]


def test_page_errors_stay_pages(client):
    r = client.get("/no/such/page")
    assert r.status_code == 404 and r.mimetype == "text/html"


def test_nul_characters_are_refused_in_what_is_stored(client):
    """PostgreSQL cannot store NUL in text: a write holding one is refused with a 4xx naming the
    place, on both databases alike, before anything is looked up or stored."""
    r = client.get("/api/v1/games/%00")
    assert r.status_code == 404 and r.is_json
    r = client.post("/api/v1/games", json={"variant": "clenney", "players": ["Ann\u0000", "Bob", "Cy"]})
    assert r.status_code == 400
    assert "players[0]: text may not contain the NUL character" in r.get_json()["error"]
    r = client.post("/api/v1/games", json={"variant": "clenney", "players": ["Ann", "Bob", "Cy"], "x\u0000": 1})
    assert r.status_code == 400 and "(a key)" in r.get_json()["error"]
    r = client.post("/games/new", data={"variant": "clenney", "players-0": "A\u0000"})
    assert r.status_code == 400 and "players-0: text may not contain" in r.get_data(as_text=True)
    r = client.post("/api/v1/games", data=b"[" * 100000, content_type="application/json")
    assert r.status_code == 400 and "not valid JSON" in r.get_json()["error"]
    assert client.get("/api/v1/variants").status_code == 200


def test_bodies_over_a_mebibyte_are_refused(client):
    r = client.post("/api/v1/games", data=b" " * (1024 * 1024 + 1), content_type="application/json")
    assert r.status_code == 413 and r.is_json


def _chunked(client, path, body: bytes, content_type="application/json"):
    """A body sent as a WSGI server passes a chunked one on: a stream with no Content-Length,
    marked as ended by the server (``wsgi.input_terminated``, as gunicorn sets it)."""
    return client.post(path, input_stream=io.BytesIO(body),
                       headers={"Content-Type": content_type, "Transfer-Encoding": "chunked"},
                       environ_overrides={"wsgi.input_terminated": True})


def test_chunked_bodies_over_a_mebibyte_are_refused_as_too_large(client):
    """Werkzeug cuts a chunked body off at the limit without an error: the app must still answer
    413, not "not valid JSON" about the first mebibyte."""
    big = b'{"variant": "clenney", "players": ["Ann", "Bob", "Cy"], "x": "' + b"a" * (1024 * 1024) + b'"}'
    r = _chunked(client, "/api/v1/games", big)
    assert r.status_code == 413 and r.is_json, r.get_data(as_text=True)[:200]
    assert "too large" in r.get_json()["error"].lower() or "over" in r.get_json()["error"]
    r = _chunked(client, "/games/new", b"variant=clenney&players-0=" + b"a" * (1024 * 1024),
                 "application/x-www-form-urlencoded")
    assert r.status_code == 413
    # A chunked body within the limit, even one of exactly the limit, is read whole.
    small = b'{"variant": "clenney", "players": ["Ann", "Bob", "Cy"]}'
    assert _chunked(client, "/api/v1/games", small).status_code == 201
    exact = small[:-1] + b', "x": "' + b"a" * (1024 * 1024 - len(small) - 9) + b'"}'
    assert len(exact) == 1024 * 1024
    assert _chunked(client, "/api/v1/games", exact).status_code == 201
