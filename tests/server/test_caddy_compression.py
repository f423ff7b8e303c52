"""docs/Caddyfile compresses what the app sent as it is, for the kinds of file that never hold a
secret (CSS, JavaScript, SVG, the manifest), and never a page (docs/reliability.md, "Compression
and secrets"). Caddy runs with the file unchanged (tests/support/caddy.py) in front of a plain
server that compresses nothing, so that what comes back compressed was compressed by Caddy."""
from __future__ import annotations

import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

import pytest

from support.caddy import LAN, ROOT, running_caddy

pytestmark = pytest.mark.xdist_group("caddy")  # (needs Debian's caddy, as the browser test of it)

PAGE = ("<!doctype html><title>Share</title><p>" + "Edit link: https://family.lan/games/x/edit#token=abc " * 60).encode()
ANSWERS = {  # path: (Content-Type, Cache-Control, body), all well over Caddy's 512 bytes
    "/static/css/app.css": ("text/css; charset=utf-8", "public, max-age=31536000, immutable",
                            (ROOT / "static" / "css" / "app.css").read_bytes()),
    "/static/js/games.js": ("text/javascript; charset=utf-8", "public, max-age=31536000, immutable",
                            (ROOT / "static" / "js" / "games.js").read_bytes()),
    "/games/x/share": ("text/html; charset=utf-8", "no-store", PAGE),
    "/games/x": ("text/html; charset=utf-8", "no-cache", PAGE),
    "/api/v1/games/x": ("application/json", "no-store", b'{"edit_token": "abc", "names": "' + b"x" * 2000 + b'"}'),
}


class Plain(BaseHTTPRequestHandler):
    """An upstream that sends every answer as it is."""

    def do_GET(self):
        kind, cache, body = ANSWERS[urlsplit(self.path).path]
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Cache-Control", cache)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def through_caddy():
    upstream = ThreadingHTTPServer(("127.0.0.1", 0), Plain)
    thread = threading.Thread(target=upstream.serve_forever, daemon=True)
    thread.start()
    try:
        with running_caddy(f"127.0.0.1:{upstream.server_port}") as (base, _, root):
            yield base, root
    finally:
        upstream.shutdown()
        upstream.server_close()
        thread.join(10)


def _encoding(through_caddy, path: str) -> str | None:
    """The Content-Encoding of ``path`` fetched over HTTPS through Caddy by a client that accepts
    gzip and Zstandard."""
    base, root = through_caddy
    port = urlsplit(base).port
    done = subprocess.run(["curl", "--silent", "--show-error", "--fail", "--max-time", "20", "--cacert", str(root),
                           "--resolve", f"{LAN}:{port}:127.0.0.1", "-H", "Accept-Encoding: gzip, zstd",
                           "--dump-header", "-", "--output", "/dev/null", base + path],
                          capture_output=True, text=True, check=True)
    headers = dict(line.split(": ", 1) for line in done.stdout.splitlines()[1:] if ": " in line)
    return {name.lower(): value for name, value in headers.items()}.get("content-encoding")


@pytest.mark.parametrize("path", ["/static/css/app.css", "/static/js/games.js"])
def test_caddy_compresses_static_files(through_caddy, path):
    assert _encoding(through_caddy, path) in ("gzip", "zstd")


@pytest.mark.parametrize("path", ["/games/x/share", "/games/x", "/api/v1/games/x"])
def test_caddy_never_compresses_a_page_or_json(through_caddy, path):
    assert _encoding(through_caddy, path) is None
