"""Shared browser fixtures (a pytest plugin loaded by conftest.py).

One live server per session (the real app, CSRF on as in production, on a temporary SQLite file,
served by a threaded werkzeug server on a free port) and one Debian Chromium per session. Each
test gets a fresh browser context; ``page`` runs every test at two phone sizes (390x844 and
360x800). ``check_page(page, name)`` is what every page a phone visits must pass: a screenshot in
test-artifacts/screenshots/, axe-core (zero serious/critical violations), no sideways scroll, tap
targets of at least 44px, at most 30 KB sent compressed for the page and its files (the first
visit's budget, docs/performance.md "Page budget") and no request to another site.
"""
from __future__ import annotations

import re
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from flask import render_template_string
from playwright.sync_api import Error as PlaywrightError
from werkzeug.serving import make_server

from scorekeeper import create_app

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PHONES = {"390x844": {"width": 390, "height": 844}, "360x800": {"width": 360, "height": 800}}
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
AXE_JS = Path(__file__).resolve().parent / "browser_vendor" / "axe.min.js"
AXE_PATH = "/__test-vendor/axe.min.js"  # served to the test browser only, by a Playwright route
# What opening a page may cost a phone on the wire (docs/performance.md, "Page budget"): the page
# and every file it loads, compressed as the server sends them, on a first visit (nothing cached);
# the round form opened again, its files kept by the browser, costs no more than its own HTML.
FIRST_VISIT_LIMIT = 30 * 1024  # every page, the round form of 8 players and "My hand" among them
CACHED_VISIT_LIMIT = 8 * 1024
TAP_TARGET = 44

# A test-only page with an inline script and style attribute, to prove Chromium enforces the CSP.
INLINE = """<!doctype html><title>inline</title>
<p id="out">untouched</p>
<script>document.getElementById('out').textContent = 'inline ran';</script>
<p style="color: red" id="styled">styled</p>"""


def _closes_its_answers(app):
    """Werkzeug's server closes an answer only if the browser is still connected after it (a
    dropped connection skips the close), so a static file cut off by a page moving on stayed open
    until garbage collection: a ResourceWarning in whichever test ran then. This wrapper's
    generator closes the answer when it is itself closed or collected."""

    def wsgi(environ, start_response):
        answer = app(environ, start_response)

        def chunks():
            try:
                yield from answer
            finally:
                if hasattr(answer, "close"):
                    answer.close()

        return chunks()

    return wsgi


@pytest.fixture(scope="session")
def live_server():
    """Base URL of the real app on a temporary SQLite file, for the whole session."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-live-") as tmp:
        app = create_app({
            "SECRET_KEY": "browser-test-secret",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/live.db",
            "RATELIMIT_ENABLED": False,  # many tests from one address; CSRF stays on
            "PDF_RENDER_TIMEOUT": 600,  # a render's time limit guards a server, not a loaded test machine
        })

        @app.get("/_test/inline")
        def _inline():
            return render_template_string(INLINE)

        @app.get(AXE_PATH)
        def _axe():
            return AXE_JS.read_bytes(), 200, {"Content-Type": "text/javascript"}

        server = make_server("127.0.0.1", 0, _closes_its_answers(app), threaded=True)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_port}"
        finally:
            server.shutdown()
            thread.join(10)
            server.server_close()
            with app.app_context():
                for engine in app.extensions["sqlalchemy"].engines.values():
                    engine.dispose()


@pytest.fixture(scope="session")
def browser():
    """One headless Debian Chromium for the session (never a downloaded browser)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                      args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def new_page(browser, live_server, viewport, javascript=True, color_scheme="light"):
    """A fresh browser context at ``viewport`` and its page, which notes what the page says (console,
    errors) and asks for; the caller closes the context."""
    context = browser.new_context(viewport=viewport, java_script_enabled=javascript,
                                  service_workers="block", color_scheme=color_scheme)
    page = context.new_page()
    page.base_url = live_server
    page.phone = f"{viewport['width']}x{viewport['height']}"
    page.seen = []  # console messages and page errors
    page.requests = []  # every URL the page asked for
    page.on("console", lambda msg: page.seen.append(msg.text))
    page.on("pageerror", lambda err: page.seen.append(str(err)))
    page.on("request", lambda req: page.requests.append(req.url))
    return context, page


@pytest.fixture(params=list(PHONES), ids=list(PHONES))
def viewport(request):
    return PHONES[request.param]


@pytest.fixture
def page(browser, live_server, viewport):
    """A fresh browser context at a phone size, JavaScript on."""
    context, page = new_page(browser, live_server, viewport)
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def dark_page(browser, live_server):
    """A fresh browser context at 390x844 whose system asks for dark mode."""
    context, page = new_page(browser, live_server, PHONES["390x844"], color_scheme="dark")
    page.phone += " dark"
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def page_without_js(browser, live_server):
    """A fresh browser context at 390x844 with JavaScript off (plain form posts)."""
    context, page = new_page(browser, live_server, PHONES["390x844"], javascript=False)
    try:
        yield page
    finally:
        context.close()


def csp_violations(page) -> list[str]:
    return [m for m in page.seen if "Content Security Policy" in m or "Refused to" in m]


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower() or "page"


def capture(target, path, **options) -> None:
    """The picture of a page or an element, saved at ``path`` to be looked at. Chromium now and then
    refuses one capture ("Unable to capture screenshot") and takes the same picture when asked again
    a moment later: asked once more then, and only for that refusal."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    try:
        target.screenshot(path=str(path), **options)
    except PlaywrightError as refused:
        if "Unable to capture screenshot" not in str(refused):
            raise
        time.sleep(0.25)
        target.screenshot(path=str(path), **options)


def screenshot(page, name: str) -> Path:
    path = SCREENSHOTS / f"{_slug(name)}-{page.phone}.png"
    capture(page, path, full_page=True)
    return path


def axe_violations(page, impacts=("serious", "critical")) -> list[dict]:
    """Run axe-core in the page (loaded from the page's own origin, so the CSP allows it)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(url=page.base_url + AXE_PATH)
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' :: ' + n.failureSummary)}));
    }""")
    return [v for v in result if v["impact"] in impacts]


def sideways_scroll(page) -> int:
    """How many pixels the page is wider than the viewport (0 when it does not scroll sideways)."""
    return page.evaluate(
        "() => Math.max(0, document.scrollingElement.scrollWidth - window.innerWidth)")


SMALL_TARGETS_JS = """(min) => {
    const seen = new Set(), small = [];
    const visible = e => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
        return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
    const inlineText = a => { const p = a.closest('p, li, dd, td, th, figcaption, small, summary');
        return p && getComputedStyle(a).display === 'inline'
            && p.textContent.trim().length > a.textContent.trim().length; };
    for (let e of document.querySelectorAll(
            'main a[href], main button, main input:not([type=hidden]), main select, main textarea, main summary')) {
        if (e.tagName === 'A' && inlineText(e)) continue;
        if (e.tagName === 'INPUT' && (e.type === 'radio' || e.type === 'checkbox')) {
            const label = e.closest('label') || (e.id && document.querySelector(`label[for="${e.id}"]`));
            if (label) e = label;
        }
        if (seen.has(e) || !visible(e)) continue;
        seen.add(e);
        const r = e.getBoundingClientRect();
        if (r.height < min || r.width < min)
            small.push(`${Math.round(r.width)}x${Math.round(r.height)} ${e.outerHTML.slice(0, 90)}`);
    }
    return small;
}"""


def small_tap_targets(page, minimum: int = TAP_TARGET) -> list[str]:
    return page.evaluate(SMALL_TARGETS_JS, minimum)


# Every file opening the page asked for, from the browser's Resource Timing: the page itself and
# its stylesheets, scripts, images and the language's words; not what its scripts fetch afterwards
# (the polls: fetch), nor the test's own axe-core.
LOADED_FILES_JS = """(axe) => {
    const nav = performance.getEntriesByType('navigation')[0];
    return [nav, ...performance.getEntriesByType('resource')]
        .filter(e => e && !e.name.includes(axe) && !['fetch', 'xmlhttprequest', 'beacon'].includes(e.initiatorType))
        .map(e => ({url: e.name, transferred: e.transferSize, compressed: e.encodedBodySize,
                    decoded: e.decodedBodySize}));
}"""


def loaded_files(page) -> list[dict]:
    """Each file of the current page: its address, the bytes that came over the network for it
    (``transferred``: headers included, 0 when the browser had it cached), its body as sent
    (``compressed``, cached or not) and as read (``decoded``)."""
    return page.evaluate(LOADED_FILES_JS, AXE_PATH)


def page_weight(page) -> int:
    """Bytes of the current page and every file it loaded, as the server sends them (compressed),
    whether this browser had them cached or not: what a first visit costs, less the headers."""
    return sum(f["compressed"] for f in loaded_files(page))


def third_party_requests(page) -> list[str]:
    own = urlsplit(page.base_url).netloc
    return [u for u in page.requests
            if urlsplit(u).scheme in ("http", "https", "ws", "wss") and urlsplit(u).netloc != own]


def check_page(page, name: str, *, weight_limit: int | None = None) -> dict:
    """Everything a page shown on a phone must pass; returns the measurements."""
    page.wait_for_load_state("load")
    if weight_limit is None:
        weight_limit = FIRST_VISIT_LIMIT
    shot = screenshot(page, name)
    weight = page_weight(page)
    found = [
        ("axe", axe_violations(page)),
        ("scrolls sideways by (px)", sideways_scroll(page)),
        (f"tap targets under {TAP_TARGET}px", small_tap_targets(page)),
        (f"bytes sent compressed, over {weight_limit}", weight if weight > weight_limit else 0),
        ("requests to other sites", third_party_requests(page)),
        ("CSP", csp_violations(page)),
    ]
    problems = [f"{what}: {value}" for what, value in found if value]
    assert not problems, f"{name} at {page.phone} ({page.url}, {shot}):\n" + "\n".join(problems)
    return {"weight": weight}


def submit(page, selector: str) -> None:
    """Click a button that posts a form and wait for the next page."""
    with page.expect_navigation():
        page.click(selector)


def start_game(page, base: str, variant: str, names) -> str:
    """Start a game through the new-game page; returns the game page's URL."""
    page.goto(base + "/games/new")
    page.select_option("#variant", variant)
    for i, name in enumerate(names):
        page.fill(f"#players-{i}", name)
    submit(page, "main button[type=submit]")
    return page.url


@pytest.fixture(params=["en", "fr"], name="phone")
def phone_in_each_language(request, browser, live_server):
    """A phone (390x844) whose reader chose English, then French, on the language switch."""
    context, page = new_page(browser, live_server, PHONES["390x844"])
    page.phone += "-" + request.param
    page.language = request.param
    page.goto(live_server + f"/language/{request.param}?next=/")
    try:
        yield page
    finally:
        context.close()
