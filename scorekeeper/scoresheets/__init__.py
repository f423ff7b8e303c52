"""Printable PDFs: a blank sheet per variant and the filled sheet of a game, made and kept here;
the pages that serve them are in ``scorekeeper/web/`` (scoresheets.py, games/routes.py). A table's
yearbook (web/tables/yearbook.py) is made and kept by the same :func:`kept_pdf`.

    GET /variants/<id>/scoresheet.pdf?players=Ann,Bob&paper=a4&orientation=portrait&place=…&date=YYYY-MM-DD   (scorekeeper/web/scoresheets.py)
    GET /games/<id>/scoresheet.pdf?paper=letter&orientation=landscape   (scorekeeper/web/games/routes.py)

Bad query values are a 400 with a plain message naming the parameter and the value.

Rendering a PDF takes WeasyPrint a good part of a second, so each one is rendered once: the
bytes are kept in the database (``ScoresheetPdf``, any worker reuses them) under a key naming
the game and its version (or the blank sheet's options), the page set-up and the fingerprint of
the sheet templates and print stylesheet; a filled sheet also answers ``If-None-Match`` with 304.
A render that is needed counts against ``RATELIMIT_PDF`` (per client address, default
``30 per minute``; per worker unless the limits are kept in a shared store such as Redis)
and waits for one of ``PDF_RENDERS_PER_WORKER`` places (default 2) for at most
``PDF_RENDER_WAIT`` seconds (default 10), else answers 503: a burst of sheets cannot hold up
every other page. What the PDF shows is read once the place is taken, and WeasyPrint runs in a
process of its own (scoresheets/render.py), stopped after ``PDF_RENDER_TIMEOUT`` seconds (default
20) with a 503 and Retry-After: the worker's threads and its memory are never the render's (the
request's thread only waits on a pipe), and a render's memory is given back when its process ends.
"""
from __future__ import annotations

import hashlib
import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from flask import Flask, Response, abort, current_app, render_template
from flask.sansio.app import App
from flask_babel import gettext as _
from sqlalchemy import ColumnElement
from sqlalchemy.exc import IntegrityError

from ..db import db
from ..i18n import language
from ..models import ScoresheetPdf, utcnow
from ..rules.variants import Variant
from ..services.house import find_row
from .render import RenderTimedOut, html_to_pdf, html_to_pdf_in_child
from .sheets import BlankRequest, PageSetup, Sheet, filled_sheet, parse_filled_query

__all__ = ["PdfJob", "PageSetup", "filled_sheet", "game_sheets_before", "kept_pdf", "parse_filled_query",
           "pdf_response", "render_here", "render_sheet_pdf", "sheet_job", "sheet_key", "static_files", "templates_folder"]


KEPT_BLANK_SHEETS = 200  # blank sheets kept (the oldest go first): their options are the user's
YEARBOOK_PREFIX = "y:"  # the keys of the tables' yearbooks (scorekeeper/web/tables/yearbook.py)


PRINT_CSS = "css/print.css"
_BETWEEN_TAGS = re.compile(r">\s*\n\s*<")


def render_sheet_html(sheet: Sheet) -> str:
    """The sheet's HTML, without the template's indentation (less for WeasyPrint to parse)."""
    template = "scoresheets/filled.html" if sheet.kind == "filled" else "scoresheets/blank.html"
    return _BETWEEN_TAGS.sub("><", render_template(template, sheet=sheet))


def render_sheet_pdf(sheet: Sheet) -> bytes:
    """The sheet's PDF, rendered in this process (no limit, nothing kept: for benchmarks)."""
    return render_here(sheet_job(sheet))


def static_files(app: App) -> tuple[str, str]:
    """The app's static folder and its address, which a PDF's stylesheets and images are read
    from (``create_app`` always serves them; Flask's types allow an app without)."""
    folder, address = app.static_folder, app.static_url_path
    if folder is None or address is None:
        raise RuntimeError("a PDF needs the app's static files")
    return folder, address


def templates_folder(app: App) -> Path:
    if app.template_folder is None:
        raise RuntimeError("a PDF needs the app's templates")
    return Path(app.template_folder)


def render_here(job: PdfJob) -> bytes:
    """The job's PDF, rendered in this process (no limit, nothing kept: for tests and benchmarks)."""
    return html_to_pdf(job.html, *static_files(current_app), stylesheets=job.stylesheets, page_size=job.page_size)


@dataclass(frozen=True)
class PdfJob:
    """What a PDF is made of: its HTML, the static stylesheets it is printed with and its page size."""

    html: str
    stylesheets: tuple[str, ...]
    page_size: str


def sheet_job(sheet: Sheet) -> PdfJob:
    return PdfJob(render_sheet_html(sheet), (PRINT_CSS,), sheet.page.css_size)


def files_fingerprint(paths: Iterable[Path]) -> str:
    """What a kept PDF was made with: the names and contents of ``paths`` (templates, stylesheets,
    code), so that a PDF kept before any of them changed is never served again."""
    digest = hashlib.sha256()
    for path in paths:
        if path.is_file():
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def _sheet_files(app: App) -> list[Path]:
    """What every kept scoresheet is made with: the sheet templates and the print stylesheet."""
    templates = sorted((templates_folder(app) / "scoresheets").glob("*.html"))
    return [*templates, Path(static_files(app)[0]) / "css" / "print.css"]


def keep_fingerprint(app: App, kind: str, paths: Iterable[Path]) -> None:
    """Take, as the app starts, the fingerprint of what the kept PDFs of ``kind`` ("sheet",
    "yearbook") are made with; ``fingerprint(kind)`` reads it back."""
    app.extensions.setdefault("scorekeeper_pdf_fingerprints", {})[kind] = files_fingerprint(paths)


def fingerprint(kind: str) -> str:
    """The fingerprint taken by ``keep_fingerprint`` for the kept PDFs of ``kind``."""
    fingerprints: dict[str, str] = current_app.extensions["scorekeeper_pdf_fingerprints"]
    return fingerprints[kind]


def sheet_key(*parts: object) -> str:
    """The key a PDF is kept under: ``parts``, the language it is written in (a French sheet is never
    served to an English reader) and the fingerprint of the sheet templates."""
    text = "|".join(str(p) for p in (*parts, language(), fingerprint("sheet")))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _busy(message: str, retry_after: int) -> Response:
    return Response(message + "\n", status=503, mimetype="text/plain", headers={"Retry-After": str(retry_after)})


def _render_bounded(make: Callable[[], PdfJob]) -> bytes:
    """Make the PDF, counting against the PDF rate limit and holding one of this worker's places
    for renders (503 with Retry-After when none frees up within ``PDF_RENDER_WAIT``). What it is
    made of is read inside the place (``make``), and the render runs in a process of its own,
    stopped after ``PDF_RENDER_TIMEOUT`` seconds from the place taken (503 with Retry-After): a PDF
    too big for its time never holds a worker past the server's own timeout."""
    config = current_app.config
    limiter = current_app.extensions["scorekeeper_limiter"]
    with limiter.shared_limit(lambda: current_app.config["RATELIMIT_PDF"], scope="pdf-render"):
        places: threading.BoundedSemaphore = current_app.extensions["scorekeeper_pdf_renders"]
        if not places.acquire(timeout=config["PDF_RENDER_WAIT"]):
            abort(_busy(_("The server is busy printing other scoresheets; try again in a few seconds."), 5))
        try:
            deadline = time.monotonic() + float(config["PDF_RENDER_TIMEOUT"])
            job = make()
            return html_to_pdf_in_child(job.html, *static_files(current_app), stylesheets=job.stylesheets,
                                        page_size=job.page_size, timeout=deadline - time.monotonic())
        except RenderTimedOut:
            current_app.logger.warning("a PDF render was stopped after %s s", config["PDF_RENDER_TIMEOUT"])
            abort(_busy(_("The server could not finish printing this in time; try again in a minute."), 60))
        finally:
            places.release()


def kept_pdf(key: str, make: Callable[[], PdfJob], game_id: str | None = None,
             replaces: Callable[[], ColumnElement[bool]] | None = None,
             check: Callable[[], None] | None = None) -> bytes:
    """The PDF kept under ``key``, or made now (``make``, inside a render's place) and kept there,
    for every worker: the one way every PDF of the app is made and kept. ``check`` runs when none
    is kept, before a place is waited for (a refusal that costs no render). The new row replaces
    the rows ``replaces()`` names (a game's sheets of its earlier versions, a yearbook's older
    copies), in the same transaction; the blank sheets (no game) beyond the newest
    ``KEPT_BLANK_SHEETS`` go."""
    row = db.session.get(ScoresheetPdf, key)
    if row is not None:
        return row.pdf
    if check is not None:
        check()
    pdf = _render_bounded(make)
    try:
        if replaces is not None:
            db.session.execute(db.delete(ScoresheetPdf).where(replaces(), ScoresheetPdf.key != key))
        db.session.add(ScoresheetPdf(key=key, game_id=game_id, pdf=pdf, created_at=utcnow()))
        if game_id is None and not key.startswith(YEARBOOK_PREFIX):
            blanks = (ScoresheetPdf.game_id.is_(None), ScoresheetPdf.key.not_like(YEARBOOK_PREFIX + "%"))
            old = db.select(ScoresheetPdf.key).where(*blanks).order_by(
                ScoresheetPdf.created_at.desc()).offset(KEPT_BLANK_SHEETS)
            db.session.execute(db.delete(ScoresheetPdf).where(ScoresheetPdf.key.in_(old.scalar_subquery())))
        db.session.commit()
    except IntegrityError:
        db.session.rollback()  # another worker kept the same PDF a moment ago
    return pdf


def game_sheets_before(game_id: str, changed_at) -> Callable[[], ColumnElement[bool]]:
    """The sheets kept for a game's earlier versions (made before its last change)."""
    return lambda: (ScoresheetPdf.game_id == game_id) & (ScoresheetPdf.created_at < changed_at)


def pdf_response(pdf: bytes, filename: str, cache_control: str = "no-store") -> Response:
    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.headers["Cache-Control"] = cache_control
    return response


def blank_key(variant: Variant, req: BlankRequest) -> str:
    """The key a blank sheet is kept under: the variant (a house variant with the version of its
    rules, so that a sheet kept before an edit is never served after it), its rules and the options."""
    row = find_row(variant.id)
    version = f"house version {row.version}" if row is not None else "from a file"
    rules = hashlib.sha256(repr(variant.as_dict()).encode()).hexdigest()
    return sheet_key("blank", variant.id, version, rules, repr(req))


def init_app(app: Flask) -> None:
    app.extensions["scorekeeper_pdf_renders"] = threading.BoundedSemaphore(int(app.config["PDF_RENDERS_PER_WORKER"]))
    keep_fingerprint(app, "sheet", _sheet_files(app))
