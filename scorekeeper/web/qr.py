"""QR codes of the links a phone shares (a game's read-only scoreboard, a table, a house variant)."""
from __future__ import annotations

import io
import re

from flask import Response


def qr_svg(link: str) -> str:
    """The QR code of ``link`` as SVG markup: presentation attributes only (no ``style``), so it
    passes the strict Content-Security-Policy inline or as an image. Dark modules on a white
    square with a quiet zone, so it scans in dark mode too."""
    import segno  # small, pure Python

    code = segno.make(link, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", xmldecl=False, svgns=True, scale=6, border=4, dark="#000", light="#fff",
              svgclass="qr", lineclass=None, title="QR code of " + link, encoding="utf-8")
    svg = out.getvalue().decode("utf-8")
    # segno writes a fixed width/height; a viewBox lets CSS scale it to the screen.
    match = re.search(r'width="(\d+)" height="(\d+)"', svg)
    if match:
        w, h = match.groups()
        svg = svg.replace(match.group(0), f'viewBox="0 0 {w} {h}" {match.group(0)}', 1)
    return svg


def qr_response(link: str, cache_control: str | None = None) -> Response:
    """The QR code of ``link`` as an SVG image answer (the game, table and house variant pages)."""
    response = Response(qr_svg(link), mimetype="image/svg+xml")
    if cache_control:
        response.headers["Cache-Control"] = cache_control
    return response
