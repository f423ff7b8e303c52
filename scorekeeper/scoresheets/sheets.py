"""The data a scoresheet template lays out: query validation, the blank grid from a variant, the
filled grid from a game's view (``scorekeeper/services/view.py``).

Nothing here decides a rule: dealer rotation, running totals and the legend come from
``scorekeeper.rules.scoresheet``; scores, totals, standings and notes come from the game view.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, Mapping, Sequence

from flask_babel import format_date, format_datetime
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import pgettext

from ..rules.game import Standing, dealers
from ..rules.scoresheet import LegendItem, dealer_seats, legend, running_totals, winner_rule
from ..rules.variants import Contract, Variant, VariantError
from ..services.view import CorrectionView, GameView, RoundView, RulingView, SeatView, iso, status_word

PAPERS = {"a4": "A4", "letter": "letter"}
ORIENTATIONS = ("portrait", "landscape")
MAX_PLAYERS_ON_A_SHEET = 8
MAX_NAME = 40  # as on the new-game form
MAX_PLACE = 60

BLANK_PARAMS = ("players", "seats", "dealer", "paper", "orientation", "place", "date")
FILLED_PARAMS = ("paper", "orientation")


class SheetQueryError(ValueError):
    """A query value that cannot make a sheet; the message names the parameter and the value."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass(frozen=True)
class PageSetup:
    paper: str = "a4"
    orientation: str = "portrait"

    @property
    def css_size(self) -> str:
        return f"{PAPERS[self.paper]} {self.orientation}"


# ----- query validation -------------------------------------------------------------------------

def _single(args: Any, allowed: Sequence[str]) -> dict[str, str]:
    """One value per known parameter; unknown or repeated parameters are refused."""
    values: dict[str, str] = {}
    for key in args.keys():
        if key not in allowed:
            raise SheetQueryError(_("%(key)s: unknown parameter (known: %(known)s)", key=key, known=", ".join(allowed)))
        got = args.getlist(key)
        if len(got) > 1:
            raise SheetQueryError(_("%(key)s: given %(times)s times; give it once", key=key, times=len(got)))
        values[key] = got[0]
    return values


def _has_control(text: str) -> bool:
    return any(unicodedata.category(ch)[0] == "C" for ch in text)


def _page_setup(values: Mapping[str, str]) -> PageSetup:
    paper = values.get("paper", "a4").strip().lower()
    if paper not in PAPERS:
        raise SheetQueryError(_("paper: %(value)r is not a paper size (a4 or letter)", value=values["paper"]))
    orientation = values.get("orientation", "portrait").strip().lower()
    if orientation not in ORIENTATIONS:
        raise SheetQueryError(_("orientation: %(value)r is not an orientation (portrait or landscape)",
                                value=values["orientation"]))
    return PageSetup(paper, orientation)


def parse_filled_query(args: Any) -> PageSetup:
    return _page_setup(_single(args, FILLED_PARAMS))


def _check_name(name: str, i: int) -> str:
    clean = " ".join(name.split())
    if not clean:
        raise SheetQueryError(_("players[%(i)s]: %(value)r is an empty name", i=i, value=name))
    if len(clean) > MAX_NAME:
        raise SheetQueryError(_("players[%(i)s]: %(value)r is longer than %(most)s characters", i=i, value=clean,
                                most=MAX_NAME))
    if _has_control(clean):
        raise SheetQueryError(_("players[%(i)s]: %(value)r contains control characters", i=i, value=name))
    return clean


@dataclass(frozen=True)
class BlankRequest:
    names: tuple[str | None, ...]
    first_dealer: int
    page: PageSetup
    place: str | None
    date: date | None


def _named_players(variant: Variant, values: Mapping[str, str]) -> list[str]:
    """The players named in ``players=Ann,Bob``: as many as the variant and a sheet allow, no name
    twice, and ``seats`` (if given) the same count."""
    rng = variant.players
    raw = values["players"].split(",")
    if len(raw) > MAX_PLAYERS_ON_A_SHEET:
        raise SheetQueryError(
            _("players: %(count)s names is more than a sheet holds (%(most)s at most)", count=len(raw),
              most=MAX_PLAYERS_ON_A_SHEET)
        )
    checked = [_check_name(n, i) for i, n in enumerate(raw)]
    seen: dict[str, int] = {}
    for i, n in enumerate(checked):
        key = n.casefold()
        if key in seen:
            raise SheetQueryError(_("players[%(i)s]: %(value)r is already the name of player %(other)s", i=i, value=n,
                                    other=seen[key] + 1))
        seen[key] = i
    if len(checked) not in rng:
        raise SheetQueryError(
            _("players: %(count)s players is out of range: %(variant)s is for %(low)s to %(high)s players",
              count=len(checked), variant=variant.name, low=rng.min, high=rng.max)
        )
    if "seats" in values and values["seats"].strip() != str(len(checked)):
        raise SheetQueryError(_("seats: %(value)r does not match the %(count)s names in players", value=values["seats"],
                                count=len(checked)))
    return checked


def _unnamed_seats(variant: Variant, values: Mapping[str, str]) -> int:
    """How many unnamed columns ``seats=N`` asks for: by default as many as the variant and a sheet allow."""
    rng = variant.players
    if "seats" not in values:
        return min(rng.max, MAX_PLAYERS_ON_A_SHEET)
    text = values["seats"].strip()
    if not re.fullmatch(r"[0-9]{1,2}", text):
        raise SheetQueryError(_("seats: %(value)r is not a whole number of players", value=values["seats"]))
    count = int(text)
    if count not in rng or count > MAX_PLAYERS_ON_A_SHEET:
        raise SheetQueryError(
            _("seats: %(count)s players is out of range: %(variant)s is for %(low)s to %(high)s players",
              count=count, variant=variant.name, low=rng.min, high=rng.max)
        )
    return count


def _place(values: Mapping[str, str]) -> str | None:
    """Where the game is played, as printed on the sheet, its spaces tidied."""
    if "place" not in values:
        return None
    place = " ".join(values["place"].split()) or None
    if place and len(place) > MAX_PLACE:
        raise SheetQueryError(_("place: %(value)r… is longer than %(most)s characters", value=place[:20], most=MAX_PLACE))
    if place and _has_control(place):
        raise SheetQueryError(_("place: %(value)r contains control characters", value=values["place"]))
    return place


def _day(values: Mapping[str, str]) -> date | None:
    """The day printed on the sheet, ``date=YYYY-MM-DD``."""
    if "date" not in values or not values["date"].strip():
        return None
    text = values["date"].strip()
    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            raise ValueError
        return date.fromisoformat(text)
    except ValueError:
        raise SheetQueryError(_("date: %(value)r is not a date (YYYY-MM-DD)", value=values["date"])) from None


def parse_blank_query(variant: Variant, args: Any) -> BlankRequest:
    """Validate ``players=Ann,Bob`` (or ``seats=N`` for unnamed columns), ``dealer``, ``paper``,
    ``orientation``, ``place`` and ``date`` (YYYY-MM-DD)."""
    values = _single(args, BLANK_PARAMS)
    page = _page_setup(values)
    names: list[str | None]
    if "players" in values and values["players"].strip():
        names = list(_named_players(variant, values))
    else:
        names = [None] * _unnamed_seats(variant, values)
    first = 0
    if "dealer" in values:
        wanted = " ".join(values["dealer"].split()).casefold()
        found = [i for i, n in enumerate(names) if n is not None and n.casefold() == wanted]
        if not found:
            raise SheetQueryError(_("dealer: %(value)r is not one of the players", value=values["dealer"]))
        first = found[0]
    return BlankRequest(tuple(names), first, page, _place(values), _day(values))


# ----- the sheets ---------------------------------------------------------------------------------

@dataclass
class Cell:
    """One player's cell in one round: the round's points and the running total."""

    score: int | None = None
    total: int | None = None
    tags: list[str] = field(default_factory=list)  # short marks explained in the key: out, m, i, c…
    dealer: bool = False
    absent: bool = False  # withdrawn before this round


@dataclass
class Row:
    number: int
    label: str  # "Round 3" / "Hand 3" (in the reader's language)
    contract: str | None
    min_cards: int | None
    dealer: str | None
    cells: list[Cell]
    went_out: str | None = None
    stock_exhausted: bool = False
    corrected: bool = False
    played: bool = False


@dataclass
class Column:
    name: str | None
    seat: int
    note: str | None = None  # e.g. "left after round 3"


@dataclass
class Sheet:
    kind: str  # "blank" / "filled"
    variant: Variant
    page: PageSetup
    columns: list[Column]
    rows: list[Row]
    legend: list[LegendItem]
    title: str
    winner_rule: str
    date_text: str | None = None
    place: str | None = None
    totals: list[Cell] = field(default_factory=list)
    standings: list[Standing] = field(default_factory=list)
    standings_text: list[str] = field(default_factory=list)
    result: str | None = None
    notes: list[str] = field(default_factory=list)
    corrections: list[CorrectionView] = field(default_factory=list)
    rulings: list[RulingView] = field(default_factory=list)
    house_rules: list[str] = field(default_factory=list)
    key: list[tuple[str, str]] = field(default_factory=list)
    footer: str = ""
    game_id: str | None = None
    status: str | None = None
    created: str | None = None
    modified: str | None = None

    @property
    def players(self) -> int:
        return len(self.columns)

    @property
    def is_roy(self) -> bool:
        return self.variant.is_roy

    @staticmethod
    def mark(tag: str) -> str:
        """A cell's mark as printed: "out" in the reader's language, the letters and numbers as they are."""
        return pgettext("scoresheet mark", "out") if tag == "out" else tag

    @property
    def page_numbers(self) -> str:
        """The CSS content of the page numbers in the corner ("page 1 of 2"), in the reader's language."""
        return '"' + _("page %(page)s of %(pages)s", page='" counter(page) "', pages='" counter(pages) "') + '"'


SHORT_NAME = 18


def short_name(name: str | None) -> str | None:
    """A name short enough for a round's cell (the column heading carries it in full): the first
    word of a long name, cut with "…" if that is still too long."""
    if name is None or len(name) <= SHORT_NAME:
        return name
    first = name.split()[0]
    return first if len(first) <= SHORT_NAME else first[: SHORT_NAME - 1] + "…"


def _contract_text(variant: Variant, number: int) -> tuple[str | None, int | None]:
    if not variant.rounds or number > len(variant.rounds):
        return None, None
    rnd = variant.rounds[number - 1]
    return rnd.contract.describe(), rnd.min_cards


def roy_hand_rows(page: PageSetup, players: int) -> int:
    """How many hand rows fit one page of a ROY tally."""
    if page.orientation == "landscape":
        return 16 if page.paper == "letter" else 15
    return 22 if page.paper == "letter" else 24


def blank_sheet(variant: Variant, req: BlankRequest) -> Sheet:
    names = list(req.names)
    n = len(names)
    columns = [Column(name, i) for i, name in enumerate(names)]

    def who(seat: int) -> str:
        return names[seat] or _("player %(seat)s", seat=seat + 1)

    rows: list[Row] = []
    count = variant.number_of_rounds or roy_hand_rows(req.page, n)
    for number, seat in enumerate(dealer_seats(n, req.first_dealer, count), start=1):
        contract, min_cards = _contract_text(variant, number)
        cells = [Cell(dealer=(i == seat)) for i in range(n)]
        rows.append(
            Row(number, _row_label(variant, number), contract, min_cards, short_name(who(seat)), cells)
        )
    day = format_date(req.date, LONG_DAY) if req.date else None
    return Sheet(
        kind="blank",
        variant=variant,
        page=req.page,
        columns=columns,
        rows=rows,
        legend=legend(variant),
        title=_("%(variant)s scoresheet", variant=variant.name),
        winner_rule=winner_rule(variant),
        date_text=day,
        place=req.place,
        totals=[Cell() for _ in range(n)],
        footer=_("%(variant)s · blank scoresheet · %(page)s", variant=variant.name, page=_page_label(req.page)),
    )


#: Dates in the reader's language (Babel patterns): "Tuesday 24 November 2026" / "mardi 24 novembre 2026".
LONG_DAY = "EEEE d MMMM y"
SHORT_TIME = "d MMM y HH:mm 'UTC'"  # the stored times are UTC, and the sheet says so


def _row_label(variant: Variant, number: int) -> str:
    return _("Hand %(number)s", number=number) if variant.roy else _("Round %(number)s", number=number)


PAGE_LABELS = {("a4", "portrait"): _l("A4 portrait"), ("a4", "landscape"): _l("A4 landscape"),
               ("letter", "portrait"): _l("letter portrait"), ("letter", "landscape"): _l("letter landscape")}


def _page_label(page: PageSetup) -> str:
    return str(PAGE_LABELS[page.paper, page.orientation])


def _short_time(when: datetime) -> str:
    return format_datetime(when, SHORT_TIME, rebase=False)


def _standing_text(s: Standing) -> str:
    total = "–" if s.total is None else str(s.total)
    text = f"{s.place}. {s.name} {total}"
    marks = [str(w) for w, on in ((_("provisional"), s.provisional), (_("withdrew"), not s.active)) if on]
    return text + (f" ({', '.join(marks)})" if marks else "")


#: A game's sheet keeps only the reminder needed to check its scores (house options in force are
#: in its notes).
FILLED_LEGEND = ("points", "scoring")

KEY = {
    "out": _l("went out"),
    "m": _l("no score posted, two-highest rule"),
    "i": _l("incorrect hand, %(penalty)s per missing card"),
    "c": _l("corrected"),
    "w": _l("withdrew, two-highest totals rule"),
    "p": _l("provisional"),
}


def _player_columns(names: Sequence[str], seats: Mapping[str, SeatView]) -> list[Column]:
    """One column per player, noting a player who left the game and after which round."""
    columns = []
    for i, name in enumerate(names):
        seat = seats.get(name)
        note = None
        if seat is not None and seat.withdrawn_after_round is not None:
            note = _("left after round %(number)s", number=seat.withdrawn_after_round)
        elif seat is not None and not seat.active:
            note = _("left")
        columns.append(Column(name, i, note))
    return columns


def _corrected_cells(corrections: Sequence[CorrectionView]) -> set[tuple[int, str]]:
    """The (round, player) scores a correction changed, each marked "c" on the sheet."""
    return {
        (c.round, name)
        for c in corrections
        for name in c.old.keys() | c.new.keys()
        if c.old.get(name) != c.new.get(name)
    }


def _played_cell(rnd: RoundView, name: str, total: int | None, corrected_cells: set[tuple[int, str]]) -> Cell:
    """A player's score in a round played, marked: went out, score missing, incorrect hand, a bonus
    or adjustment, corrected; or absent when the player did not play the round."""
    cell = Cell(dealer=(name == rnd.dealer))
    scores, hands, bonus = rnd.scores, rnd.hands, rnd.bonus
    if name in scores and scores[name] is not None:
        cell.score = int(scores[name])
        cell.total = total
        hand = hands.get(name)
        if name == rnd.went_out:
            cell.tags.append("out")
        if hand is not None and hand.entered_as == "missing":
            cell.tags.append("m")
        if hand is not None and hand.missing_cards:
            cell.tags.append("i")
        if bonus.get(name):
            cell.tags.append(f"{int(bonus[name]):+d}".replace("-", "−"))
        if (rnd.number, name) in corrected_cells:
            cell.tags.append("c")
    else:
        cell.absent = True
    return cell


def _played_row(variant: Variant, rnd: RoundView, totals: Mapping[str, int | None], names: Sequence[str],
                corrected_cells: set[tuple[int, str]], corrected: bool, used_tags: set[str]) -> Row:
    """The row of a round played: its contract, dealer, each player's score and running total;
    the marks used are added to ``used_tags`` for the key."""
    contract = None
    if rnd.contract:
        contract = Contract(int(rnd.contract.get("sets", 0)), int(rnd.contract.get("runs", 0))).describe()
    cells = []
    for name in names:
        cell = _played_cell(rnd, name, totals.get(name), corrected_cells)
        used_tags.update(t for t in cell.tags if t in KEY)
        cells.append(cell)
    return Row(
        number=rnd.number,
        label=_row_label(variant, rnd.number),
        contract=contract,
        min_cards=rnd.min_cards,
        dealer=short_name(rnd.dealer),
        cells=cells,
        went_out=short_name(rnd.went_out),
        stock_exhausted=rnd.stock_exhausted,
        corrected=corrected,
        played=True,
    )


def _rows_to_play(variant: Variant, state: GameView, names: Sequence[str], seats: Mapping[str, SeatView],
                  played: int) -> list[Row]:
    """Rounds still to play in an open game: their contracts and dealers (the deal skips players
    who withdrew)."""
    if not (variant.rounds and state.status.is_open and played < len(variant.rounds)):
        return []
    withdrawn = [seats[name].withdrawn_after_round for name in names]
    first = names.index(state.first_dealer) if state.first_dealer in names else 0
    order = dealers(len(names), first, withdrawn, len(variant.rounds))
    rows = []
    for number in range(played + 1, len(variant.rounds) + 1):
        contract, min_cards = _contract_text(variant, number)
        dealer = names[order[number - 1]]
        cells = [
            Cell(dealer=(name == dealer), absent=after is not None and after < number)
            for name, after in zip(names, withdrawn)
        ]
        rows.append(Row(number, _("Round %(number)s", number=number), contract, min_cards, short_name(dealer), cells))
    return rows


def _totals_row(state: GameView, names: Sequence[str], seats: Mapping[str, SeatView], used_tags: set[str]) -> list[Cell]:
    """Each player's total, marked when the player withdrew or the total is provisional; the marks
    used are added to ``used_tags`` for the key."""
    totals_row = []
    for name in names:
        seat = seats[name]
        cell = Cell(score=None, total=state.totals.get(name, seat.total))
        if seat.withdrawn_after_round is not None or not seat.active:
            cell.tags.append("w")
        if seat.provisional:
            cell.tags.append("p")
        used_tags.update(cell.tags)
        totals_row.append(cell)
    return totals_row


def _result_text(state: GameView) -> str:
    """The game's outcome under the totals: its winner or shared win, or how far it got."""
    status = state.status
    winners = list(state.winners or ([state.winner] if state.winner else []))
    if status == "void":
        return _("Game void: fewer than two players completed it; kept on record, left out of statistics.")
    if winners and status == "complete":
        return (_("Winner: %(name)s", name=winners[0]) if len(winners) == 1
                else _("Shared win: %(names)s", names=", ".join(winners)))
    if status == "complete":
        return _("Game complete.")
    if status == "suspended":
        return _("Game suspended: standings so far.")
    return _("Game in progress: standings so far.")


def _footer(state: GameView) -> str:
    """The game's id, when it started and when it finished or last changed."""
    footer = _("Game %(id)s · started %(day)s", id=state.id, day=_short_time(state.created_at))
    if state.completed_at:
        footer += " · " + _("finished %(day)s", day=_short_time(state.completed_at))
    else:
        footer += " · " + _("last change %(day)s", day=_short_time(state.updated_at))
    return footer


def _marks_key(variant: Variant, rows: Sequence[Row], used_tags: set[str]) -> list[tuple[str, str]]:
    """What each mark used on the sheet means: the marks of ``KEY``, a round where the stock ran
    out, the round-win bonus and ruling adjustments."""
    missing_penalty = variant.scoring.missing_card_penalty
    key = [(Sheet.mark(t), str(KEY[t]) % {"penalty": missing_penalty} if t == "i" else str(KEY[t]))
           for t in KEY if t in used_tags]
    if any(r.stock_exhausted for r in rows):
        key.append(("stock", _("stock ran out, nobody out")))
    signed = {t for r in rows for c in r.cells for t in c.tags if t[0] in "+−"}
    win_bonus = f"−{variant.scoring.round_win_bonus}" if variant.scoring.round_win_bonus else None
    if win_bonus in signed:
        key.append((win_bonus, _("off the total for the round won")))
    if signed - {win_bonus}:
        key.append(("±n", _("ruling adjustment")))
    return key


def filled_sheet(variant: Variant, state: GameView, page: PageSetup) -> Sheet:
    """The filled sheet of a game from its view (``scorekeeper/services/view.py``)."""
    house = {k: v for k, v in state.house_rules.items() if v}
    try:
        shown = variant.with_house_rules(house)
    except VariantError:
        shown = variant
    names: list[str] = list(state.players)
    seats = {s.name: s for s in state.seats}
    columns = _player_columns(names, seats)
    rounds = state.rounds
    running = running_totals([{"number": r.number, "scores": r.scores, "bonus": r.bonus} for r in rounds], names)
    corrected_rounds = {c.round for c in state.corrections} | {r.number for r in rounds if r.corrected}
    corrected_cells = _corrected_cells(state.corrections)
    used_tags: set[str] = set()
    rows = [_played_row(variant, rnd, totals, names, corrected_cells, rnd.number in corrected_rounds, used_tags)
            for rnd, totals in zip(rounds, running)]
    rows += _rows_to_play(variant, state, names, seats, len(rows))
    totals_row = _totals_row(state, names, seats, used_tags)
    status = state.status
    house_labels = [variant.house_options[k].label for k in house if k in variant.house_options]
    gid = state.id
    return Sheet(
        kind="filled",
        variant=variant,
        page=page,
        columns=columns,
        rows=rows,
        legend=[item for item in legend(shown) if item.key in FILLED_LEGEND],
        title=_("%(variant)s scoresheet", variant=state.variant_name or variant.name),
        winner_rule=winner_rule(variant),
        date_text=format_date(state.created_at, LONG_DAY),
        totals=totals_row,
        standings=list(state.standings),
        standings_text=[_standing_text(s) for s in state.standings],
        result=_result_text(state),
        notes=list(state.notes),
        corrections=list(state.corrections),
        rulings=list(state.rulings),
        house_rules=house_labels,
        key=_marks_key(variant, rows, used_tags),
        footer=_footer(state),
        game_id=gid,
        status=status_word(status),
        created=iso(state.created_at),
        modified=iso(state.completed_at or state.updated_at),
    )
