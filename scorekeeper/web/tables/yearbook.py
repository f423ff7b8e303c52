"""The printed yearbook of a table: ``GET /tables/<tid>/years/<year>.pdf?paper=a4|letter``
(docs/api.md, "A table's year"), in the reader's language.

The figures come from scorekeeper/services/yearbook.py; the charts are the table pages' SVG charts
(charts.py), each with its numbers as a table. The PDF is made and kept by the scoresheets' one
path (scorekeeper/scoresheets, ``kept_pdf``): counted against their rate limit, the year's figures
read only once one of their per-worker places is taken, the render stopped when it runs out of
time, and the bytes kept in the database under a key naming everything the booklet is made of
(services/yearbook.py, ``fingerprint``: a change to a finished game of the year, or before it,
makes a new one; a round of a game still being played does not), which is also its ETag (304 to
``If-None-Match``).

The booklet stays a book whatever the table's size (docs/tables.md, "The yearbook of a large
table"): the most active players get a page each and the top of each standings, the others one
line each in a compact table at the back, and every list is cut at a length that keeps the booklet
within ``MAX_PAGES`` (``tests/scoresheets/test_yearbook_scale.py`` prints the largest tables).
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from babel import dates
from flask import abort, render_template, request
from flask.blueprints import BlueprintSetupState
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from markupsafe import Markup

from ... import live
from ...i18n import language
from ...models import ScoresheetPdf
from ...scoresheets import (YEARBOOK_PREFIX, PdfJob, fingerprint, keep_fingerprint, kept_pdf, pdf_response, render_here,
                            static_files, templates_folder)
from ...scoresheets.sheets import PageSetup, SheetQueryError, parse_filled_query
from ...services.errors import ServiceError
from ...services import yearbook as yearbook_svc
from . import charts
from .. import access
from .routes import bp

STYLESHEET = "css/yearbook.css"

# How much of a large table the booklet shows in full (the rest: one line per player at the back).
MAX_PAGES = 40
PLAYER_PAGES = 10  # the most active players (most games, then wins), a page each
VARIANTS_IN_FULL = 4  # the games played most; the others: one line each (games, champions)
STANDINGS_ROWS = 12  # the top of each standings
RATING_ROWS = 8  # the top of each ratings table (the players its chart draws)
HEAD_TO_HEAD = 8  # the top of the standings, face to face
CHAMPIONS_NAMED = 6  # champions of a variant named (the others counted)
CHART_LINES = 8  # lines of the wins chart (its colours)
COMPACT_ROWS = 480  # lines of the compact table (two columns of about 60 a page)
OTHER_VARIANTS_SHOWN = 30  # one line each
RULINGS_SHOWN = 12
HOUSE_VARIANTS_SHOWN = 6

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


def _months_chart(title: str, months: int, series: Sequence[tuple[str, Sequence[float]]], first: str | None = None,
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
    standings: list[dict]  # the top of the standings
    wins: PrintedChart
    ratings: PrintedChart | None
    matrix: list[tuple[str, Sequence[object]]]  # (player, cells by opponent: HeadToHead, None (never met), "self")
    rating_lines: list[yearbook_svc.RatingLine] = field(default_factory=list)  # the top of the ratings
    players_left_out: int = 0  # players of the variant below the standings shown
    ratings_left_out: int = 0


@dataclass
class PrintedPlayer:
    p: yearbook_svc.PlayerYear
    form: PrintedChart


def _variant_view(v: yearbook_svc.VariantYear, months: int) -> PrintedVariant:
    standings = v.standings
    wins = _months_chart(_("Wins so far, month by month: %(variant)s", variant=v.name), months,
                         [(p["name"], v.wins_by_month[p["id"]]) for p in standings[:CHART_LINES]])
    ratings = None
    if v.ratings:
        ratings = _months_chart(_("Rating at the start of the year and at the end of each month: %(variant)s",
                                  variant=v.name), months,
                                [(r.name, list(r.by_month)) for r in v.ratings[:RATING_ROWS]],
                                first=_("start"), fmt=lambda x: charts.decimal(x, "0.0"))
    pairs = {(h.player, h.opponent): h for h in v.head_to_head}
    names = [p["name"] for p in standings[:HEAD_TO_HEAD]]
    matrix: list[tuple[str, Sequence[object]]] = [(a, ["self" if a == b else pairs.get((a, b)) for b in names])
                                                  for a in names]
    return PrintedVariant(v, standings[:STANDINGS_ROWS], wins, ratings, matrix, v.ratings[:RATING_ROWS],
                          max(0, len(standings) - STANDINGS_ROWS), max(0, len(v.ratings) - RATING_ROWS))


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


def most_active(players: list[yearbook_svc.PlayerYear]) -> list[yearbook_svc.PlayerYear]:
    """The players by how much they played: most games, then most wins, then name."""
    return sorted(players, key=lambda p: (-p.games, -p.wins, p.name.casefold(), p.name))


@dataclass
class Cut:
    """A list as the booklet prints it: the items shown and how many were left out."""

    shown: list
    left_out: int


def cut(items: list, length: int) -> Cut:
    return Cut(items[:length], max(0, len(items) - length))


def booklet_html(book: yearbook_svc.Yearbook, page: PageSetup) -> str:
    months = max(book.months_played) if book.months_played else 12
    active = most_active(book.players)
    in_full = sorted(active[:PLAYER_PAGES], key=lambda p: (p.name.casefold(), p.name))
    compact = cut(active[PLAYER_PAGES:], COMPACT_ROWS)
    return re.sub(r">\s*\n\s*<", "><", render_template(
        "yearbook/book.html", book=book, page=page, months=months,
        variants=[_variant_view(v, months) for v in book.variants[:VARIANTS_IN_FULL]],
        other_variants=cut(book.variants[VARIANTS_IN_FULL:], OTHER_VARIANTS_SHOWN),
        players=[_player_view(p, months) for p in in_full], compact=compact,
        rulings=cut(book.rulings, RULINGS_SHOWN), house_variants=cut(book.house_variants, HOUSE_VARIANTS_SHOWN),
        champions_named=CHAMPIONS_NAMED, record_words=RECORD_WORDS, highest_wins_words=HIGHEST_WINS_WORDS,
        lowest_wins={v.variant: v.lowest_wins for v in book.variants}, share=share,
    ))


def booklet_job(book: yearbook_svc.Yearbook, page: PageSetup) -> PdfJob:
    return PdfJob(booklet_html(book, page), (STYLESHEET,), page.css_size)


def render_pdf(book: yearbook_svc.Yearbook, page: PageSetup) -> bytes:
    """The booklet rendered in this process (no limit, nothing kept: for tests and benchmarks)."""
    return render_here(booklet_job(book, page))


@bp.record_once
def _keep_templates_fingerprint(state: BlueprintSetupState) -> None:
    """What every kept booklet is made with: the booklet's templates and stylesheet, this module
    and the chart code."""
    app = state.app
    paths = sorted((templates_folder(app) / "yearbook").glob("*.html")) + [
        Path(static_files(app)[0]) / STYLESHEET, Path(__file__), Path(charts.__file__)]
    keep_fingerprint(app, "yearbook", paths)


@bp.get("/tables/<table_id>/years/<year>.pdf")
def yearbook_pdf(table_id: str, year: str):
    table = access.load("table", table_id)
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
        yearbook_svc.fingerprint(table, number), fingerprint("yearbook"))).encode()).hexdigest()[:41]
    key = f"{YEARBOOK_PREFIX}{which}:{made_of}"
    etag = f"yearbook-{which}-{made_of[:16]}"
    unchanged = live.not_modified(etag)
    if unchanged is not None:
        return unchanged

    def some_game_finished() -> None:
        if not yearbook_svc.has_counted_games(table, number):
            abort(404, _("%(table)s finished no game in %(year)s (a game counts in the year of its last round): "
                         "there is no yearbook to print.", table=table.name, year=number))

    pdf = kept_pdf(key, lambda: booklet_job(yearbook_svc.yearbook(table, number), page),
                   replaces=lambda: ScoresheetPdf.key.startswith(f"{YEARBOOK_PREFIX}{which}:"),
                   check=some_game_finished)
    return live.tag(pdf_response(pdf, f"yearbook-{number}.pdf", "no-cache"), etag)
