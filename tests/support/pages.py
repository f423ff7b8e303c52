"""Reading the pages the tests get: sections, the Content-Security-Policy, page weight."""
from __future__ import annotations

import re


def sections(html_text: str) -> dict[str, str]:
    """Each <section id=...> chunk up to the next section start."""
    parts = re.split(r'<section id="', html_text)[1:]
    return {p.split('"', 1)[0]: p for p in parts}


def assert_csp_clean(html_text: str) -> None:
    assert not re.search(r"<script(?![^>]*\bsrc=)", html_text), "inline script"
    assert "<style" not in html_text
    assert not re.search(r"\sstyle=", html_text)
    assert not re.search(r"\son[a-z]+=", html_text)


from support.browser_support import ROUND_FORM_WEIGHT_LIMIT as BUDGET  # noqa: E402, F401  (the round form's page budget)


LONG_NAMES = ["Margaret", "Christopher", "Elizabeth", "Alexander", "Josephine", "Frederick", "Catherine", "Benjamin"]


ASSET = re.compile(r'<(?:link rel="stylesheet" href|script src)="(/static/[^"]+)"')


def weight(client, response) -> int:
    """HTML plus every stylesheet and script it loads, as served (what the browser tests measure)."""
    body = response.get_data(as_text=True)
    assets = ASSET.findall(body)
    assert assets, "the page loads no CSS or JavaScript?"
    size = len(response.get_data())
    for path in assets:
        with client.get(path) as asset:
            size += len(asset.get_data())
    return size
