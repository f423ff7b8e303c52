"""Static files by version through the service worker (static/sw.js, ``fromShell``): a page names
each file with its version (``?v=``, scorekeeper/static_files.py); the worker serves the copy
stored at that address, fetches a version it has not stored yet rather than serve an older copy,
and lets an older copy stand in only when there is no network."""
from __future__ import annotations

from pathlib import Path

import pytest

from support.offline import browser_context  # noqa: F401

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
OLDER = "/* app.css as an older version had it */"

# The worker's store of static files keeps only an older copy of app.css, at its unversioned
# address: what a phone holds after the app was updated (the copy stored at install).
KEEP_ONLY_AN_OLDER_COPY = """async (older) => {
    const name = (await caches.keys()).find(n => n.startsWith('shell-'));
    const shell = await caches.open(name);
    for (const request of await shell.keys())
        if (new URL(request.url).pathname === '/static/css/app.css') await shell.delete(request);
    await shell.put('/static/css/app.css', new Response(older, {headers: {'Content-Type': 'text/css'}}));
}"""


def test_the_worker_serves_each_static_file_at_the_version_the_page_names(live_server, browser_context):
    page = browser_context.new_page()
    page.goto(live_server + "/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=10000)
    address = page.get_attribute("link[rel=stylesheet][href*='css/app.css']", "href")
    assert "?v=" in address
    current = (ROOT / "static" / "css" / "app.css").read_text()

    page.evaluate(KEEP_ONLY_AN_OLDER_COPY, OLDER)
    assert page.evaluate("a => fetch(a).then(r => r.text())", address) == current
    # (and the worker keeps it at that address: it is served again with no network)
    browser_context.set_offline(True)
    try:
        assert page.evaluate("a => fetch(a).then(r => r.text())", address) == current
    finally:
        browser_context.set_offline(False)

    # a version this phone never fetched (not in the browser's own cache either), with no network
    page.evaluate(KEEP_ONLY_AN_OLDER_COPY, OLDER)
    browser_context.set_offline(True)
    try:
        assert page.evaluate("a => fetch(a).then(r => r.text())", "/static/css/app.css?v=0123456789ab") == OLDER
    finally:
        browser_context.set_offline(False)
