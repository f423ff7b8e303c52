"""Server-rendered SVG charts (no JavaScript): a game's running totals, a player's rating over
time, wins per player. Colours and lines come from classes in static/css/tables.css (the strict
Content-Security-Policy allows no inline style; dark mode changes the classes' colours); series
also differ by dash pattern, so they tell apart without colour. Every chart carries the same
numbers as a table (``Chart.headers``/``rows``) for screen readers and for reading exact values.
Words, numbers and dates are in the reader's language (Flask-Babel).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from datetime import date, datetime
from fractions import Fraction

from babel import Locale, dates, numbers
from flask_babel import gettext as _
from flask_babel import pgettext
from markupsafe import Markup, escape

from ...i18n import language
from ...services.rounding import exact, half_up

WIDTH = 360  # the viewBox: drawn at the screen's width, so 1 unit is about 1 px on a 390 px phone
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 40, 12, 12, 28
SERIES = 8  # .series-0 .. .series-7 in tables.css


@dataclass
class Chart:
    title: str
    svg: Markup
    headers: list[str]
    rows: Sequence[Sequence[object]]
    legend: list[tuple[str, int]] = field(default_factory=list)  # (label, series class number)


def _ticks(low: float, high: float, count: int = 4) -> list[float]:
    if high == low:
        return [low]
    raw = (high - low) / count
    magnitude = 10 ** len(str(int(abs(raw)))) / 10 if raw >= 1 else 1
    step = max(1, round(raw / magnitude)) * magnitude
    start = (low // step) * step
    out, v = [], start
    while v <= high + step / 2:
        if v >= low - step / 2:
            out.append(v)
        v += step
    return out


def day(value: date | datetime) -> str:
    """A day in the reader's language: 24 Nov 2026, 24 nov. 2026 (English outside a request)."""
    return dates.format_date(value.date() if isinstance(value, datetime) else value, "d MMM y", locale=language())


def decimal(value: float, pattern: str = "0.00") -> str:
    """A number as the reader writes it (12.50, 12,50); ``pattern`` is Babel's, by default two
    decimals always, so that a column of averages reads alike (12.57 above 17.00, never 17.0).
    Rounded half up first (services/rounding.py): Babel alone rounds half to even."""
    places = len(pattern.split(".", 1)[1]) if "." in pattern else 0
    return numbers.format_decimal(half_up(value, places), pattern, locale=language())


def decimal_count(value: float, pattern: str = "0.00") -> int:
    """The count that makes ``ngettext`` choose the word the reader's language puts after ``value``
    as :func:`decimal` shows it (CLDR's rule for the decimal as written): 1 for "0,00 point" or
    "1,50 point" in French, 2 for "1.00 points" in English."""
    places = len(pattern.split(".", 1)[1]) if "." in pattern else 0
    return 1 if Locale.parse(language()).plural_form(half_up(value, places)) == "one" else 2


def percent(value: float | Fraction) -> str:
    """A share as a whole percentage (50%, 50 %), rounded half up (12.5% is 13%)."""
    return numbers.format_percent(half_up(exact(value) * 100, 0) / 100, locale=language())


def _fmt(v: float) -> str:
    """A whole number as it is, else one decimal, as the reader writes it (12.5, 12,5)."""
    return decimal(v, "0.#") if float(v).is_integer() else decimal(v, "0.0")


def _frame(height: int, title: str, body: list[str]) -> Markup:
    parts = [f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{escape(title)}" '
             f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>', *body, "</svg>"]
    return Markup("".join(parts))


def _labelled(n: int) -> list[int]:
    """The x positions that get a label: at most 8, evenly spaced, the last one always; a label
    that would sit closer to the last one than the spacing gives way to it (no "OctNov")."""
    every = max(1, (n + 7) // 8)
    shown = list(range(0, n, every))
    if shown and shown[-1] != n - 1:
        if n - 1 - shown[-1] < every:
            shown.pop()
        shown.append(n - 1)
    return shown


def line_chart(title: str, x_labels: Sequence[str], series: Sequence[tuple[str, Sequence[float]]],
               bands: Sequence[tuple[Sequence[float], Sequence[float]]] | None = None, height: int = 220) -> Chart:
    """Lines over x = 0..n-1; optional shaded bands (low, high) under the lines (uncertainty)."""
    n = len(x_labels)
    values = [v for _, vs in series for v in vs]
    for low, high in bands or []:
        values += [*low, *high]
    lo, hi = (min(values), max(values)) if values else (0, 1)
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    plot_w, plot_h = WIDTH - PAD_LEFT - PAD_RIGHT, height - PAD_TOP - PAD_BOTTOM

    def x(i: int) -> float:
        return PAD_LEFT + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)

    def y(v: float) -> float:
        return PAD_TOP + plot_h * (hi - v) / (hi - lo)

    body = []
    for t in [t for t in _ticks(lo, hi) if lo <= t <= hi]:
        body.append(f'<line class="grid" x1="{PAD_LEFT}" x2="{WIDTH - PAD_RIGHT}" y1="{y(t):.1f}" y2="{y(t):.1f}"/>'
                    f'<text class="tick" x="{PAD_LEFT - 4}" y="{y(t) + 4:.1f}" text-anchor="end">{_fmt(t)}</text>')
    for i in _labelled(n):
        anchor = "start" if i == 0 and n > 1 else "end" if i == n - 1 and n > 1 else "middle"
        body.append(f'<text class="tick" x="{x(i):.1f}" y="{height - 6}" text-anchor="{anchor}">{escape(x_labels[i])}</text>')
    for k, (low, high) in enumerate(bands or []):
        pts = [f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(high)] + \
              [f"{x(i):.1f},{y(v):.1f}" for i, v in reversed(list(enumerate(low)))]
        body.append(f'<polygon class="band series-{k % SERIES}" points="{" ".join(pts)}"/>')
    for k, (name, vs) in enumerate(series):
        line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(vs))
        body.append(f'<polyline class="line series-{k % SERIES}" points="{line}"><title>{escape(name)}</title></polyline>')
        if vs:
            body.append(f'<circle class="dot series-{k % SERIES}" cx="{x(len(vs) - 1):.1f}" cy="{y(vs[-1]):.1f}" r="3"/>')
    headers = [""] + [name for name, _ in series]
    rows = [[label] + [_fmt(vs[i]) if i < len(vs) else "" for _, vs in series] for i, label in enumerate(x_labels)]
    return Chart(title, _frame(height, title, body), headers, rows, [(name, k % SERIES) for k, (name, _) in enumerate(series)])


def bar_chart(title: str, bars: Sequence[tuple[str, float]], unit: str, notes: list[str] | None = None) -> Chart:
    """Horizontal bars, one per label, the value (and its note, if any) written at the bar's end."""
    row_h = 30
    height = PAD_TOP + row_h * max(len(bars), 1) + 4
    top = max([v for _, v in bars] + [1])
    label_w = 96
    plot_w = WIDTH - label_w - (84 if notes else 44)
    body = []
    for i, (label, v) in enumerate(bars):
        y = PAD_TOP + i * row_h
        w = plot_w * v / top
        short = label if len(label) <= 12 else label[:11] + "…"
        text = _fmt(v) + (f" · {notes[i]}" if notes else "")
        body.append(f'<text class="label" x="{label_w - 6}" y="{y + 18}" text-anchor="end">{escape(short)}</text>'
                    f'<rect class="bar series-{i % SERIES}" x="{label_w}" y="{y + 4}" width="{w:.1f}" height="{row_h - 10}" rx="3"/>'
                    f'<text class="value" x="{label_w + w + 6:.1f}" y="{y + 18}">{escape(text)}</text>')
    headers = ["", unit] + ([_("Win rate")] if notes else [])
    rows = [[label, _fmt(v)] + ([notes[i]] if notes else []) for i, (label, v) in enumerate(bars)]
    return Chart(title, _frame(height, title, body), headers, rows)


def running_totals(state: dict) -> Chart:
    """A game's running totals after each round (with bonuses and score effects), one line a player."""
    names = list(state["players"])
    running = {n: [0] for n in names}
    for rnd in state["rounds"]:
        for n in names:
            step = rnd["scores"].get(n, 0) + rnd.get("bonus", {}).get(n, 0)
            running[n].append(running[n][-1] + step)
    labels = [_("start")] + [str(r["number"]) for r in state["rounds"]]
    return line_chart(_("Running totals, %(variant)s", variant=state["variant_name"]), labels,
                      [(n, running[n]) for n in names])


RATING_POINTS = 60


def rating_chart(history) -> Chart:
    """A player's rating after each counted game (the newest 60 when there are more: a picture and
    a table a phone can hold): mu as a line, mu ± sigma shaded."""
    first = max(0, len(history) - RATING_POINTS)
    history = history[first:]
    labels = [str(i) for i in range(first + 1, first + len(history) + 1)]
    mu = [float(half_up(p.rating.mu, 1)) for p in history]
    low = [float(half_up(p.rating.mu - p.rating.sigma, 1)) for p in history]
    high = [float(half_up(p.rating.mu + p.rating.sigma, 1)) for p in history]
    title = (_("Rating after each game, 1 to the newest (shaded: ± its uncertainty)") if not first else
             _("Rating after each of the newest %(count)s games (games %(first)s to %(last)s) (shaded: ± its uncertainty)",
               count=len(history), first=first + 1, last=first + len(history)))
    chart = line_chart(title, labels, [(_("Rating"), mu)], bands=[(low, high)])
    chart.headers = [pgettext("a game played", "Game"), _("Played"), _("Rating"), "±", _("Place")]
    chart.rows = [[label, day(p.played_at), decimal(p.rating.mu, "0.0"), decimal(p.rating.sigma, "0.0"), p.place]
                  for label, p in zip(labels, history)]
    return chart


def wins_chart(players: list[dict]) -> Chart:
    """Wins per player, most first, each with the win rate."""
    ranked = sorted(players, key=lambda p: (-p["wins"], p["name"].casefold()))
    return bar_chart(_("Wins per player (and the share of their games won)"), [(p["name"], p["wins"]) for p in ranked],
                     _("Wins"), [percent(Fraction(p["wins"], p["games"])) for p in ranked])
