"""What a printed scoresheet shows about a variant's rules: the dealer rotation, running totals and
a compact legend of the rules a table forgets (card points, wilds, aces, last round, May I…).

Pure data in, plain data out; the PDF templates only lay it out. The wording is the app's own;
each legend line cites where the rule comes from.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .card_letters import shown_face
from .cards import JOKER, RANKS
from .game import RoundTotals, dealers, round_total_points
from .scoring import points_classes
from .aces import describe_aces
from .variants import Citation, ContractKind, LastRound, MeldRules, StockExhausted, Variant, Winner
from .words import N_, _, ngettext


@dataclass(frozen=True)
class LegendItem:
    """One reminder on the sheet: a short label, the rule in a sentence, and its source."""

    label: str
    text: str
    citation: Citation
    key: str = ""  # which reminder this is ("points", "scoring"...), whatever the language


    @property
    def source(self) -> str:
        """Where the rule comes from, short enough for the sheet's legend and named as a player
        would ("Joybells rules, Wild Cards"; "rulings"; "house rule"): never a source's id."""
        file = self.citation.file
        if file == "rulings":
            return _("rulings")
        if file == "house":
            return _("house rule")
        name = _(SHORT_SOURCE_NAMES[file]) if file in SHORT_SOURCE_NAMES else file
        return f"{name}, {self.citation.section}".strip(", ")


# The sources as the legend names them (the rules pages give their full titles, rules/variants.py).
SHORT_SOURCE_NAMES = {"000": N_("Joybells rules"), "001": N_("Continental article"), "002": N_("ROY post"),
                      "003": N_("Le May I rules"), "004": N_("Clenney rules")}


def dealer_seats(players: int, first_dealer: int, rounds: int) -> list[int]:
    """The seat (0-based, in seating order) dealing each of ``rounds`` rounds when nobody has
    withdrawn: the deal passes to the left (``rules.game.dealers``; source 001, "The deal")."""
    return dealers(players, first_dealer, [None] * players, rounds)


def running_totals(rounds: Sequence[Mapping[str, Any]], names: Sequence[str]) -> list[dict[str, int | None]]:
    """Each player's total after each round, counted as the game's tally counts it: round scores
    plus bonuses and ruling adjustments (``rules.game.round_total_points``; Le May I: 20 off per
    round won). A player with no score in a round (withdrawn) has ``None`` from that round on;
    their game total follows the withdrawal rule instead (docs/rulings.md, "Incomplete games")."""
    seen: list[RoundTotals] = []
    gone: set[str] = set()
    out: list[dict[str, int | None]] = []
    for rnd in rounds:
        scores = {k: int(v) for k, v in (rnd.get("scores") or {}).items() if v is not None}
        seen.append(RoundTotals(int(rnd.get("number", len(seen) + 1)), scores, dict(rnd.get("bonus") or {})))
        row: dict[str, int | None] = {}
        for name in names:
            if name not in scores:
                gone.add(name)
            row[name] = None if name in gone else round_total_points(seen, name)
        out.append(row)
    return out


def _rank_label(key: str) -> str:
    return "Joker" if key == JOKER else shown_face(key)  # in the sheet's letters (V, D, R in French)


def _collapse(ranks: list[str]) -> str:
    """``['2', '3', …, '9']`` → ``2–9``; other ranks listed one by one, in rank order."""
    order = {r: i for i, r in enumerate(RANKS)}
    nums = sorted((r for r in ranks if r in order and r.isdigit()), key=order.__getitem__)
    rest = [r for r in ranks if r not in nums]
    rest.sort(key=lambda r: order.get(r, 99))
    runs: list[list[str]] = []
    for r in nums:
        if runs and order[r] == order[runs[-1][-1]] + 1:
            runs[-1].append(r)
        else:
            runs.append([r])
    parts = [part for run in runs for part in ([f"{run[0]}–{run[-1]}"] if len(run) >= 3 else run)]
    # A first, then the numbers, then J Q K and the joker.
    head = [r for r in rest if r == "A"]
    tail = [_rank_label(r) for r in rest if r != "A"]
    return ", ".join(head + parts + tail)


def card_point_groups(variant: Variant) -> list[tuple[str, str]]:
    """The variant's card values grouped for a legend, highest first: ``[("Joker", "50"),
    ("A", "20"), ("10 J Q K", "10"), ("2–9", "5")]``. Number cards worth their face value are
    grouped as ``("3–9", "face value")`` (docs/rulings.md, "card points")."""
    if not variant.points:
        return []
    face = [r for r in RANKS if r.isdigit() and variant.points.get(r) == int(r)]
    groups: list[tuple[str, str]] = []
    for value, keys in points_classes(variant):
        keys = [k for k in keys if k not in face or len(face) < 3]
        if keys:
            groups.append((_collapse(keys), str(value)))
    if len(face) >= 3:
        groups.append((_collapse(face), _("face value")))
    return groups


def _meld_legend(variant: Variant, m: MeldRules) -> list[LegendItem]:
    """The wilds, the aces and what makes a meld and a contract in a contract game."""
    cite = variant.cite
    wild = m.wild.describe()
    text = f"{wild[0].upper()}{wild[1:]}." if m.wild.tokens else _("No wild cards.")
    if m.wilds_may_not_outnumber_naturals:
        text += " " + _("Wilds may not outnumber natural cards in a meld.")
    melds = _("Sets of %(set)s+ cards of one rank; runs of %(run)s+ in one suit.", set=m.set_min, run=m.run_min)
    if variant.contract_kind is ContractKind.MINIMUM:
        melds += " " + _("A contract is a minimum: more or longer melds are allowed.")
    else:
        melds += " " + _("Lay down exactly the contract, all at once.")
    if not m.same_suit_runs:
        melds += " " + _("No two runs of one suit.")
    return [LegendItem(_("Wilds"), text, cite("wild"), "wild"),
            LegendItem(_("Aces"), describe_aces(m.aces), cite("aces"), "aces"),
            LegendItem(_("Melds"), melds, cite("melds"), "melds")]


def _last_round_legend(variant: Variant, last: LastRound) -> LegendItem:
    """How a player goes out in the variant's last round."""
    rnd = variant.rounds[last.round - 1]
    if last.all_cards_in_contract:
        how = _("go out with every card in the %(contract)s", contract=rnd.contract.describe())
    else:
        how = _("go out with no card left")
    if last.no_discard:
        text = _("Round %(number)s: %(how)s, no final discard.", number=last.round, how=how)
    else:
        text = _("Round %(number)s: %(how)s.", number=last.round, how=how)
    return LegendItem(_("Last round"), text, variant.cite("last_round"), "last_round")


def _may_i_legend(variant: Variant) -> LegendItem:
    """What a discard taken out of turn costs, and the house rules about it."""
    mi = variant.may_i
    cards = mi.penalty_cards_per_discard
    text = ngettext(
        "Out of turn, the discard costs %(num)s penalty card from the stock; the player whose turn it is takes it free.",
        "Out of turn, the discard costs %(num)s penalty cards from the stock; the player whose turn it is takes it free.",
        cards)
    if mi.multiple_discards:
        text += " " + ngettext("Several discards may be taken: %(num)s penalty card each.",
                               "Several discards may be taken: %(num)s penalty cards each.", cards)
    if mi.no_lay_down_until_next_turn:
        text += " " + _("No laying down until your next turn.")
    last_off = variant.no_may_i_in_last_rounds
    if last_off:
        text += " " + ngettext("House rule: no May I in the last round.",
                               "House rule: no May I in the last %(num)s rounds.", last_off)
    return LegendItem(_("May I"), text, variant.cite("may_i"), "may_i")


def legend(variant: Variant) -> list[LegendItem]:
    """The reminders printed on a scoresheet, in the app's words, each with its source.

    ``variant`` may carry house options (``Variant.with_house_rules``): they are reflected
    (e.g. 2s wild, no May I in the last three rounds)."""
    if variant.roy is not None:
        return _roy_legend(variant)
    items: list[LegendItem] = []
    cite = variant.cite
    points = " · ".join(f"{ranks} = {value}" for ranks, value in card_point_groups(variant))
    items.append(LegendItem(_("Card points"), _("%(points)s; going out scores 0.", points=points), cite("points"),
                            "points"))
    if variant.melds is not None:
        items.extend(_meld_legend(variant, variant.melds))
    if variant.last_round is not None:
        items.append(_last_round_legend(variant, variant.last_round))
    if variant.may_i.allowed:
        items.append(_may_i_legend(variant))
    sc = variant.scoring
    win = _("Lowest total wins.")
    if sc.round_win_bonus:
        win = ngettext("Each round won takes %(points)s point off your total. Lowest total wins.",
                       "Each round won takes %(points)s points off your total. Lowest total wins.",
                       sc.round_win_bonus, points=sc.round_win_bonus)
    items.append(LegendItem(_("Winning"), win, cite("scoring"), "winning"))
    if variant.stock_exhausted is StockExhausted.TURN_OVER_ONCE_THEN_END:
        stock = _("Turn the discards over once as a new stock; if it runs out again, the round ends and everyone "
                  "scores their hand.")
    else:
        stock = _("Shuffle the discards into a new stock as often as needed.")
    items.append(LegendItem(_("Stock"), stock, cite("stock"), "stock"))
    if sc.missing_card_penalty:
        items.append(
            LegendItem(
                _("Irregular"),
                ngettext("Too few cards when someone goes out: %(points)s point per missing card."
                         " No score posted: the two highest scores of the others that round."
                         " Leaving: the two highest final totals of the others.",
                         "Too few cards when someone goes out: %(points)s points per missing card."
                         " No score posted: the two highest scores of the others that round."
                         " Leaving: the two highest final totals of the others.",
                         sc.missing_card_penalty, points=sc.missing_card_penalty),
                cite("incomplete_games"),
                "irregular",
            )
        )
    return items


def _roy_legend(variant: Variant) -> list[LegendItem]:
    r = variant.roy
    assert r is not None
    cite = variant.cite
    skip_label = shown_face(r.skip_card)  # K♠ (R♠ in French)
    per = r.draw_per_card
    stacks = ", ".join(str(per * k) for k in range(2, 5))
    target = variant.scoring.target
    scoring = _("The first out wins the hand and scores 1 point per card left in each opponent's hand.")
    own_target = "target" in variant.sources  # a house version's target: a line of its own, cited apart
    if target and not own_target:
        scoring += " " + _("First to %(target)s wins the game.", target=target)
    items = [
        LegendItem(
            _("Play"),
            _("Match the top card's suit or rank; then chain cards of the rank on top or the next card up in its suit.")
            + " " + describe_aces(r.aces),
            cite("play"),
            "play",
        ),
        LegendItem(
            f"{r.suit_changer}",
            _("A jack played alone, as the whole turn, changes the suit to the one announced."),
            cite("special_cards"),
            "suit_changer",
        ),
        LegendItem(
            f"{r.draw_card}",
            _("After an ace the next player plays an ace or draws %(per)s (%(stacks)s as aces stack).",
              per=per, stacks=stacks),
            cite("ace_draw" if "ace_draw" in variant.sources else "special_cards"),
            "draw_card",
        ),
        LegendItem(skip_label, _("The next player draws %(cards)s and loses the turn.", cards=r.skip_draw),
                   cite("king_draw" if "king_draw" in variant.sources else "special_cards"), "skip_card"),
        LegendItem(_("Scoring"), scoring, cite("scoring"), "scoring"),
    ]
    if target and own_target:
        items.append(LegendItem(_("Winning"), _("First to %(target)s wins the game.", target=target), cite("target"),
                                "target"))
    return items


def winner_rule(variant: Variant) -> str:
    """One line for the total row: how the game is won."""
    if variant.scoring.winner is Winner.FIRST_TO_TARGET:
        return _("first to %(target)s wins", target=variant.scoring.target)
    return _("lowest total wins")


__all__: Sequence[str] = (
    "LegendItem",
    "dealer_seats",
    "running_totals",
    "card_point_groups",
    "describe_aces",
    "legend",
    "winner_rule",
)
