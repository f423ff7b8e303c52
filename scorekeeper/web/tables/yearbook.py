"""The printed yearbook of a table: ``GET /tables/<tid>/years/<year>.pdf?paper=a4|letter``
(docs/api.md, "A table's year"), in the reader's language.

The figures come from scorekeeper/services/yearbook.py; the charts are the table pages' SVG charts
(charts.py), each with its numbers as a table. The PDF is made as the scoresheets are
(scorekeeper/scoresheets): WeasyPrint imported lazily, static files fetched in-process, the render
counted against their rate limit and holding one of their per-worker places, and the bytes kept in
the database under a key naming everything the booklet is made of (services/yearbook.py,
``fingerprint``: a change to any game of the year, or before it, makes a new one), which is also
its ETag (304 to ``If-None-Match``).
"""
from __future__ import annotations

import hashlib
import re
import threading
from dataclasses import dataclass
from pathlib import Path

from babel import dates
from flask import Response, abort, current_app, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from markupsafe import Markup
from sqlalchemy.exc import IntegrityError

from ... import live
from ...db import db
from ...i18n import language
from ...models import ScoresheetPdf, utcnow
from ...scoresheets import pdf_response
from ...scoresheets.render import html_to_pdf
from ...scoresheets.sheets import PageSetup, SheetQueryError, parse_filled_query
from ...services.errors import ServiceError
from ...services import yearbook as yearbook_svc
from . import charts
from ..table_access import load
from .routes import bp

STYLESHEET = "css/yearbook.css"

# The records' titles and how each is reckoned, as the booklet says them.
RECORD_WORDS = {
    "best_game_total": (_l("Best game"), _l("the best final total of a finished game, by the game's own rule")),
    "worst_game_total": (_l("Worst game"), _l("the worst final total of a finished game")),
    "longest_win_streak": (_l("Longest winning streak"),
                           _l("the most games won in a row: a player's own games of this variant, in the order they finished")),
    "most_rounds_out": (_l("Most rounds gone out in a game"), _l("rounds in which the player went out, in one game")),
    "best_round": (_l("Best single round"),
                   _l("going out while the others at the table were caught with the most points, added up")),
    "biggest_comeback": (_l("Biggest comeback"),
                         _l("the most points a game's winner was behind the leader after any round before the last "
                            "(the round scores as the sheet shows them, bonuses left out)")),
}
HIGHEST_WINS_WORDS = {
    "best_round": _l("the highest score in a single round"),
}


def _printable(svg: Markup) -> Markup:
    """A chart's SVG with its colours and dashes inside it: WeasyPrint draws an inline SVG with its
    own stylesheet only."""
    style = ("<style>.grid{stroke:#ccc;stroke-width:1}.tick,.label,.value{fill:#111;font-size:12px;"
             "font-family:'DejaVu Sans Condensed',sans-serif}.tick{fill:#555;font-size:11px}"
             ".line{fill:none;stroke-width:2.5;stroke-linejoin:round;stroke-linecap:round}.band{opacity:.22}"
             + "".join(f".series-{k}{{fill:{c};stroke:{c}}}.line.series-{k}{{fill:none}}" for k, c in enumerate(COLOURS))
             + ".line.series-1{stroke-dasharray:8 4}.line.series-2{stroke-dasharray:2 4}"
             ".line.series-3{stroke-dasharray:10 3 2 3}.line.series-5{stroke-dasharray:5 5}</style>")
    text = str(svg)
    end = text.index(">") + 1
    return Markup(text[:end] + style + text[end:])


COLOURS = ("#0b5d3b", "#b3541e", "#2756a8", "#8a2a8a", "#6b6b00", "#a4161a", "#00777a", "#5a5a5a")  # as tables.css


def month_names() -> list[str]:
    names = dates.get_month_names("abbreviated", locale=language())
    return [names[m] for m in range(1, 13)]


@dataclass
class PrintedChart:
    """A chart of the booklet: its title, the SVG, its legend, its numbers (rows of cells)."""

    title: str
    svg: Markup
    legend: list[tuple[str, int]]
    headers: list[str]
    rows: list[list[object]]


def _months_chart(title: str, months: int, series: list[tuple[str, list[float]]], first: str | None = None,
                  fmt=str) -> PrintedChart:
    """One line per player over the months played so far (with a starting point when given); the
    numbers as a table of one row per player (so the table's width does not grow with the roster)."""
    labels = ([first] if first else []) + month_names()[:months]
    chart = charts.line_chart(title, labels, [(name, values[:len(labels)]) for name, values in series])
    rows = [[name] + [fmt(v) for v in values[:len(labels)]] for name, values in series]
    return PrintedChart(title, _printable(chart.svg), chart.legend, [""] + labels, rows)


@dataclass
class PrintedVariant:
    v: yearbook_svc.VariantYear
    standings: list[dict]
    wins: PrintedChart
    ratings: PrintedChart | None
    matrix: list[tuple[str, list[object]]]  # (player, cells by opponent: HeadToHead, None (never met), "self")


@dataclass
class PrintedPlayer:
    p: yearbook_svc.PlayerYear
    form: PrintedChart


def _variant_view(v: yearbook_svc.VariantYear, months: int) -> PrintedVariant:
    standings = v.standings
    wins = _months_chart(_("Wins so far, month by month: %(variant)s", variant=v.name), months,
                         [(p["name"], v.wins_by_month[p["id"]]) for p in standings])
    ratings = None
    if v.ratings:
        ratings = _months_chart(_("Rating at the start of the year and at the end of each month: %(variant)s",
                                  variant=v.name), months, [(r.name, list(r.by_month)) for r in v.ratings],
                                first=_("start"), fmt=lambda x: charts.decimal(x, "0.0"))
    pairs = {(h.player, h.opponent): h for h in v.head_to_head}
    names = [p["name"] for p in standings]
    matrix = [(a, ["self" if a == b else pairs.get((a, b)) for b in names]) for a in names]
    return PrintedVariant(v, standings, wins, ratings, matrix)


def _player_view(p: yearbook_svc.PlayerYear, months: int) -> PrintedPlayer:
    labels = month_names()[:months]
    bars = [(labels[m], p.wins_by_month[m]) for m in range(months)]
    notes = [share(p.wins_by_month[m] / p.games_by_month[m]) if p.games_by_month[m] else "–"
             for m in range(months)]
    chart = charts.bar_chart(_("Wins each month (and the share of the month's games won)"), bars, _("Wins"), notes)
    rows = [[_("Games")] + [p.games_by_month[m] for m in range(months)],
            [_("Wins")] + [p.wins_by_month[m] for m in range(months)]]
    return PrintedPlayer(p, PrintedChart(chart.title, _printable(chart.svg), [], [""] + labels, rows))


def share(value: float) -> str:
    """A win rate as a whole percentage rounded half up, as the figures are (0.125: 13%)."""
    from fractions import Fraction
    return charts.percent(yearbook_svc.round_half_up(Fraction(str(value)), 2))


def booklet_html(book: yearbook_svc.Yearbook, page: PageSetup) -> str:
    months = max(book.months_played) if book.months_played else 12
    return re.sub(r">\s*\n\s*<", "><", render_template(
        "yearbook/book.html", book=book, page=page, months=months,
        variants=[_variant_view(v, months) for v in book.variants],
        players=[_player_view(p, months) for p in book.players],
        record_words=RECORD_WORDS, highest_wins_words=HIGHEST_WINS_WORDS,
        lowest_wins={v.variant: v.lowest_wins for v in book.variants}, share=share,
    ))


def render_pdf(book: yearbook_svc.Yearbook, page: PageSetup) -> bytes:
    app = current_app
    return html_to_pdf(booklet_html(book, page), app.static_folder, app.static_url_path,
                       stylesheets=(STYLESHEET,), page_size=page.css_size)


def _templates_fingerprint() -> str:
    """What every kept booklet was made with: the booklet's templates and stylesheet (and the
    chart code), read once per process."""
    app = current_app
    found = app.extensions.get("scorekeeper_yearbook_fingerprint")
    if found is None:
        digest = hashlib.sha256()
        paths = sorted((Path(app.template_folder) / "yearbook").glob("*.html")) + [
            Path(app.static_folder) / STYLESHEET, Path(__file__), Path(charts.__file__)]
        for path in paths:
            if path.is_file():
                digest.update(path.name.encode() + b"\0" + path.read_bytes())
        found = app.extensions["scorekeeper_yearbook_fingerprint"] = digest.hexdigest()[:16]
    return found


def _render_bounded(book: yearbook_svc.Yearbook, page: PageSetup) -> bytes:
    """Render, counting against the scoresheets' PDF rate limit and holding one of this worker's
    places for renders (503 with Retry-After when none frees up in time), as they do."""
    limiter = current_app.extensions["scorekeeper_limiter"]
    with limiter.shared_limit(lambda: current_app.config["RATELIMIT_PDF"], scope="pdf-render"):
        places: threading.BoundedSemaphore = current_app.extensions["scorekeeper_pdf_renders"]
        if not places.acquire(timeout=current_app.config["PDF_RENDER_WAIT"]):
            abort(Response(_("The server is busy printing other scoresheets; try again in a few seconds.") + "\n",
                           status=503, mimetype="text/plain", headers={"Retry-After": "5"}))
        try:
            return render_pdf(book, page)
        finally:
            places.release()


@bp.get("/tables/<table_id>/years/<year>.pdf")
def yearbook_pdf(table_id: str, year: str):
    table = load(table_id)
    try:
        number = yearbook_svc.check_year(year)
    except ServiceError as err:  # a 400 page naming the value
        abort(400, err.message[:1].upper() + err.message[1:])
    for key in request.args:
        if key != "paper":
            raise SheetQueryError(_("%(key)s: unknown parameter (known: %(known)s)", key=key, known="paper"))
    page = PageSetup(parse_filled_query(request.args).paper, "portrait")
    # Kept as "y:<which booklet>:<what it is made of>": a new booklet replaces the older ones of
    # the same table, year, paper and language.
    which = hashlib.sha256(f"{table.id}|{number}|{page.paper}|{language()}".encode()).hexdigest()[:20]
    made_of = hashlib.sha256("|".join((
        yearbook_svc.fingerprint(table, number), _templates_fingerprint())).encode()).hexdigest()[:41]
    key = f"y:{which}:{made_of}"
    etag = f"yearbook-{which}-{made_of[:16]}"
    unchanged = live.not_modified(etag)
    if unchanged is not None:
        return unchanged
    row = db.session.get(ScoresheetPdf, key)
    if row is not None:
        pdf = row.pdf
    else:
        book = yearbook_svc.yearbook(table, number)
        if not book.games_counted:
            abort(404, _("%(table)s finished no game in %(year)s (a game counts in the year of its last round): "
                         "there is no yearbook to print.", table=table.name, year=number))
        pdf = _render_bounded(book, page)
        try:
            db.session.execute(db.delete(ScoresheetPdf).where(ScoresheetPdf.key.startswith(f"y:{which}:"),
                                                              ScoresheetPdf.key != key))
            db.session.add(ScoresheetPdf(key=key, game_id=None, pdf=pdf, created_at=utcnow()))
            db.session.commit()
        except IntegrityError:
            db.session.rollback()  # another worker kept the same booklet a moment ago
    return live.tag(pdf_response(pdf, f"yearbook-{number}.pdf", "no-cache"), etag)
