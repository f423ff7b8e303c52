"""Reading the pages the tests get: sections, the Content-Security-Policy."""
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


LONG_NAMES = ["Margaret", "Christopher", "Elizabeth", "Alexander", "Josephine", "Frederick", "Catherine", "Benjamin"]
