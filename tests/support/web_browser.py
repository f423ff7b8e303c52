"""A browser as far as HTTP goes, for tests against a real server: it keeps the cookies each
answer sets, fills the forms of the pages it gets (their hidden fields, the CSRF token among
them) and posts them, and records every Set-Cookie header it was sent."""
from __future__ import annotations

import http.client
import urllib.parse
from dataclasses import dataclass, field
from html.parser import HTMLParser


class _Forms(HTMLParser):
    """Each form of a page: its action and the values its inputs, selects and checkboxes send."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[tuple[str, dict[str, str]]] = []
        self._select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.forms.append((a.get("action") or "", {}))
        elif not self.forms:
            return
        elif tag == "input" and a.get("name") and a.get("type") not in ("submit", "button", "checkbox", "radio"):
            self.forms[-1][1][a["name"]] = a.get("value") or ""
        elif tag == "input" and a.get("name") and "checked" in a:
            self.forms[-1][1][a["name"]] = a.get("value") or "y"
        elif tag == "select":
            self._select = a.get("name")
        elif tag == "option" and self._select and ("selected" in a or self._select not in self.forms[-1][1]):
            self.forms[-1][1][self._select] = a.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None


@dataclass
class Answer:
    status: int
    headers: list[tuple[str, str]]
    text: str

    def header(self, name: str) -> str | None:
        return next((v for k, v in self.headers if k.lower() == name.lower()), None)


@dataclass
class Browser:
    port: int
    cookies: dict[str, str] = field(default_factory=dict)
    set_cookies: list[str] = field(default_factory=list)  # every Set-Cookie header received

    def request(self, method: str, path: str, form: dict | None = None) -> Answer:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"Accept-Language": "en", "Accept": "text/html"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = headers["Referer"] = f"http://127.0.0.1:{self.port}"
        try:
            conn.request(method, path, body=body, headers=headers)
            r = conn.getresponse()
            answer = Answer(r.status, r.getheaders(), r.read().decode("utf-8", "replace"))
        finally:
            conn.close()
        for name, value in answer.headers:
            if name.lower() == "set-cookie":
                self.set_cookies.append(value)
                pair = value.split(";", 1)[0]
                key, _, val = pair.partition("=")
                if val and "max-age=0" not in value.lower() and "expires=thu, 01 jan 1970" not in value.lower():
                    self.cookies[key.strip()] = val
                else:
                    self.cookies.pop(key.strip(), None)
        return answer

    def get(self, path: str) -> Answer:
        return self.request("GET", path)

    def form(self, page: str, action: str) -> dict[str, str]:
        """The values the form posting to ``action`` on ``page`` would send as it is."""
        answer = self.get(page)
        assert answer.status == 200, (page, answer.status, answer.text[:300])
        parser = _Forms()
        parser.feed(answer.text)
        for form_action, values in parser.forms:
            if urllib.parse.urlsplit(form_action).path == action or (form_action == "" and page == action):
                return values
        raise AssertionError(f"no form posting to {action} on {page}: {[a for a, _ in parser.forms]}")

    def submit(self, page: str, action: str, **fields: str) -> Answer:
        """Open ``page``, fill its form for ``action`` with ``fields`` and post it."""
        values = self.form(page, action) | fields
        return self.request("POST", action, values)
