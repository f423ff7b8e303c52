"""The security headers every answer carries, and a crawl of the app's pages, for the security tests."""
from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit
from scorekeeper.security import CONTENT_SECURITY_POLICY


EXPECTED_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


# -- no third-party assets, no inline code -------------------------------------------------
class _PageScan(HTMLParser):
    def __init__(self):
        super().__init__()
        self.problems: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name, value in attrs.items():
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=...> inline handler")
            if name == "style":
                self.problems.append(f"<{tag} style=...> inline style")
            if name in ("src", "href", "action", "poster", "data", "srcset") and value and tag != "a":
                netloc = urlsplit(value).netloc
                if netloc and netloc != "localhost":  # (the test client's host: our own site)
                    self.problems.append(f"<{tag} {name}={value!r}> third-party address")
                if value.lower().startswith("javascript:"):
                    self.problems.append(f"<{tag} {name}={value!r}> javascript: URL")
        if tag == "script" and not attrs.get("src"):
            self.problems.append("<script> without src (inline script)")
        if tag == "style":
            self.problems.append("<style> block")
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])


def crawl(client, start: list[str], limit: int = 60) -> dict[str, list[str]]:
    """GET pages reachable from ``start`` on this site; the problems found in each HTML page."""
    seen, todo, found = set(), list(start), {}
    while todo and len(seen) < limit:
        path = todo.pop(0)
        if path in seen:
            continue
        seen.add(path)
        response = client.get(path)
        if response.mimetype != "text/html" or response.status_code >= 400:
            continue
        scan = _PageScan()
        scan.feed(response.get_data(as_text=True))
        found[path] = scan.problems
        for link in scan.links:
            parts = urlsplit(urljoin("http://localhost" + path, link))
            if parts.netloc == "localhost" and not parts.path.endswith(".pdf"):
                todo.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return found
