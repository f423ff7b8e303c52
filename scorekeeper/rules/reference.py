"""The rules pages, in our own words, as data: one :class:`RulesPage` per variant.

Every section has a stable anchor (``setup``, ``turn``, ``may-i``, ...) and cites where its rule
comes from (``variant.cite(key)``, or a source file + section). Numbers and lists (players, decks,
contracts, card points, wilds, aces, May I options) are generated from the :class:`Variant`, so a
variant defined in TOML gets a rules page with no new code. Where a variant's own source is silent
the section says so and names the rule we apply instead (docs/rulings.md).

Pure module: no Flask. The sources are cited, never quoted (tests check no 8-word run of any
source appears in a rendered page).
"""
from __future__ import annotations

from itertools import groupby
from typing import Iterable, Sequence

from .card_letters import shown_face
from .cards import JOKER, RANKS
from .variants import (
    SOURCE_KEYS,
    VARIANTS,
    Citation,
    ContractKind,
    HouseOption,
    StockExhausted,
    Variant,
    own_source,
    shown_section,
    shown_text,
    source_title,
)
from .aces import ace_text
from .blocks import Block, Cases, HouseNote, Items, Para, RulesPage, Section, Table, block_text  # noqa: F401  (the page's parts)
from .irregularities import topics  # the guide is the one place the rulings are written down
from .words import _, ngettext

CONTRACT_ANCHORS: tuple[str, ...] = (
    "setup", "turn", "may-i", "contracts", "melds", "laying-off", "going-out", "last-round",
    "stock", "scoring", "irregularities",
)
ROY_ANCHORS: tuple[str, ...] = (
    "setup", "turn", "chains", "jacks", "aces", "king-of-spades", "starter-card", "stock", "scoring",
    "irregularities",
)
RULINGS = "rulings"


# ----- citations ---------------------------------------------------------------------------------

def _quoted(section: str) -> str:
    return _("“%(section)s”", section=section)


def source_line(c: Citation) -> str:
    """A citation as a reader sees it: file, what it is, section."""
    section = shown_section(c.file, c.section.strip('"'))
    where = source_title(c.file)
    return _("%(source)s, section %(section)s", source=where, section=_quoted(section)) if section else where


def source_lines(citations: Iterable[Citation]) -> list[str]:
    """Citations grouped by file: one line per source, its sections listed."""
    by_file: dict[str, list[str]] = {}
    for c in citations:
        sections = by_file.setdefault(c.file, [])
        section = shown_section(c.file, c.section.strip('"'))
        if section and section not in sections:
            sections.append(section)
    out = []
    for file, sections in by_file.items():
        where = source_line(Citation(file, ""))
        if sections:
            where = ngettext("%(source)s, section %(sections)s", "%(source)s, sections %(sections)s",
                             len(sections), source=where, sections=", ".join(_quoted(s) for s in sections))
        out.append(where)
    return out


def primary_source(v: Variant) -> str:
    """The variant's own source file id (the one its deal comes from; a house variant's base's)."""
    return own_source(v)


def _dedupe(cites: Iterable[Citation]) -> tuple[Citation, ...]:
    return tuple(dict.fromkeys(cites))


def _cite(v: Variant, *keys: str) -> tuple[Citation, ...]:
    return _dedupe(v.cite(k) for k in keys if k in v.sources) or (v.cite(keys[0]),)


def _cite_own(v: Variant, key: str, fallback: str) -> tuple[Citation, ...]:
    """``key``'s source when the variant names one (a house version's change), else ``fallback``'s."""
    return (v.cite(key if key in v.sources else fallback),)


# ----- small formatters shared with the comparison ----------------------------------------------

def _and(words: Sequence[str]) -> str:
    """``a, b and c`` in the reader's language."""
    if len(words) == 1:
        return words[0]
    return _("%(list)s and %(last)s", list=", ".join(words[:-1]), last=words[-1])


def players_text(v: Variant) -> str:
    return f"{v.players.min}–{v.players.max}"


def decks_text(v: Variant) -> str:
    parts = []
    low = v.players.min
    for step in v.deck_steps:
        if step.up_to < low:
            continue
        high = min(step.up_to, v.players.max)  # a step may reach past the largest table
        span = f"{low}" if low == high else f"{low}–{high}"
        parts.append(ngettext("%(num)s deck for %(span)s players", "%(num)s decks for %(span)s players",
                              step.decks, span=span))
        low = step.up_to + 1
        if low > v.players.max:
            break
    if len(parts) == 1:
        decks = v.deck_steps[0].decks if len(v.deck_steps) == 1 else v.decks_for(v.players.min)
        return ngettext("%(num)s deck", "%(num)s decks", decks)
    return _("; ").join(parts)


def jokers_text(v: Variant) -> str:
    return _("%(n)s per deck", n=v.jokers_per_deck) if v.jokers_per_deck else _("none")


def deal_text(v: Variant) -> str:
    if v.deal_at_a_time == 1:
        return _("%(cards)s each, one at a time", cards=v.cards_dealt)
    return _("%(cards)s each, %(n)s at a time", cards=v.cards_dealt, n=v.deal_at_a_time)


def wild_text(v: Variant) -> str:
    if v.melds is None:
        return _("none")
    if not v.melds.wild.tokens:
        return _("none")
    words = []
    tokens = list(v.melds.wild.tokens)
    reds = [t for t in tokens if t in ("AH", "AD")]
    for t in tokens:
        if t == JOKER:
            words.append(_("jokers"))
        elif t in RANKS:
            words.append(_("every %(rank)s", rank=shown_face(t)))
        elif t in reds:
            if t == reds[0]:
                words.append(_("red aces") if len(reds) == 2 else _("the %(card)s", card=shown_face(t)))
        else:
            words.append(shown_face(t))
    return _and(words)


def points_groups(v: Variant) -> list[tuple[str, int]]:
    """Card values grouped into readable ranges: ``("3–10", face value)`` etc.

    Returns (label, value) with value -1 meaning "face value" (the card's number)."""
    order = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    number = {r: i + 2 for i, r in enumerate(order[:9])}
    keyed = [(r, v.points[r]) for r in order if r in v.points]
    keys = [-1 if r in number and value == number[r] else value for r, value in keyed]
    # a lone "face value" card reads better as its number (Clenney's 10 joins J-K at 10)
    for i, k in enumerate(keys):
        if k == -1 and not (i > 0 and keys[i - 1] == -1) and not (i + 1 < len(keys) and keys[i + 1] == -1):
            keys[i] = keyed[i][1]
    out = []
    for key, group in groupby(zip(keyed, keys), key=lambda pair: pair[1]):  # neighbours of one value
        ranks = [shown_face(rank) for (rank, _value), _key in group]  # in the page's letters ("V–R")
        out.append((ranks[0] if len(ranks) == 1 else f"{ranks[0]}–{ranks[-1]}", key))
    if JOKER in v.points and v.has_jokers:
        out.append((_("Joker"), v.points[JOKER]))
    return out


def points_text(v: Variant) -> str:
    return _("; ").join(_("%(cards)s: face value", cards=label) if value == -1
                        else _("%(cards)s: %(points)s", cards=label, points=value) for label, value in points_groups(v))


def contract_text(v: Variant, number: int) -> str | None:
    if number > len(v.rounds):
        return None
    r = v.rounds[number - 1]
    return f"{r.contract.describe()} ({r.min_cards})"


def last_round_text(v: Variant) -> str:
    if v.last_round is None:
        return _("played like the others")
    lr = v.last_round
    bits = [_("round %(n)s", n=lr.round)]
    if lr.all_cards_in_contract:
        bits.append(_("every card in the contract"))
    else:
        bits.append(_("go out with every card"))
    if lr.no_discard:
        bits.append(_("no final discard"))
    return ", ".join(bits)


def stock_text(v: Variant) -> str:
    if v.stock_exhausted is StockExhausted.TURN_OVER_ONCE_THEN_END:
        return _("discards turned over once, unshuffled; next time the round ends")
    return _("discards shuffled into a new stock, as often as needed")


# ----- contract rummy sections ----------------------------------------------------------------

def _base(v: Variant) -> Variant:
    """The variant whose own words apply: a house variant's base (``family``), else itself."""
    return VARIANTS.get(v.family, v)


def _notes(v: Variant, key: str) -> list[str]:
    """The variant's own sentences for one spot of its rules page (``[notes]`` in its TOML file),
    in the reader's language."""
    return [shown_text(t) for t in _base(v).notes.get(key, ())]


def _setup(v: Variant) -> Section:
    rows = []
    for n in range(v.players.min, v.players.max + 1):
        pack = v.pack(n)
        dealt = n * v.cards_dealt
        starter = 1 if _base(v).turn_up else 0
        rows.append((str(n), str(pack.decks), str(pack.jokers), str(pack.cards), str(dealt),
                     str(pack.cards - dealt - starter)))
    if v.has_jokers:
        pack_text = ngettext("%(name)s is for %(min)s to %(max)s players. Shuffle standard 52-card decks together "
                             "as the table below shows, with %(num)s joker for each deck.",
                             "%(name)s is for %(min)s to %(max)s players. Shuffle standard 52-card decks together as "
                             "the table below shows, with %(num)s jokers for each deck.",
                             v.jokers_per_deck, name=v.name, min=v.players.min, max=v.players.max)
    else:
        pack_text = _("%(name)s is for %(min)s to %(max)s players. Shuffle standard 52-card decks together as "
                      "the table below shows, with no jokers.", name=v.name, min=v.players.min, max=v.players.max)
    if v.deal_at_a_time == 1:
        deal = _("Everyone gets %(cards)s cards, face down, dealt singly, beginning with the player on the "
                 "dealer's left. The rest of the cards form the stock.", cards=v.cards_dealt)
    else:
        deal = _("Everyone gets %(cards)s cards, face down, dealt in twos (%(n)s at a time), beginning with the "
                 "player on the dealer's left. The rest of the cards form the stock.",
                 cards=v.cards_dealt, n=v.deal_at_a_time)
    blocks: list[Block] = [
        Para(pack_text),
        Table(_("The pack for each number of players (stock: what is left after the deal and the first discard)")
              if _base(v).turn_up else
              _("The pack for each number of players (stock: what is left after the deal)"),
              (_("Players"), _("Decks"), _("Jokers"), _("Cards"), _("Dealt"), _("Stock")),
              tuple(rows), (True,) * 6),
        Para(deal),
    ]
    extra = _notes(v, "setup") or [_("The dealer turns the top stock card face up to begin the discard pile; "
                                     "the deal moves one seat left each round.")]
    blocks += [Para(t) for t in extra]
    return Section("setup", _("Set-up and deal"), tuple(blocks),
                   _cite(v, "players", "players_min", "pack", "deal", "deal_order"), tool="decks")


def _turn(v: Variant) -> Section:
    steps = [
        _("Draw one card: either the top card of the stock or the top card of the discard pile."),
        *(_notes(v, "turn_laying_down") or [_("If you have not gone down yet and you hold this round's contract, you "
                                              "may lay it down, or keep it in your hand for now (see Contracts).")]),
        *(_notes(v, "turn_laying_off") or [_("Once you are down you may add cards to melds on the table (see Laying off).")]),
        _("Finish by putting one card face up on the discard pile."),
    ]
    blocks: list[Block] = [
        Para(_("Play moves clockwise, to the left, starting with the player on the dealer's left. A turn goes:")),
        Items(tuple(steps), ordered=True),
    ]
    if v.may_i.allowed:
        blocks.append(Para(_("Between turns, players may ask for the card just thrown away: see May I.")))
    return Section("turn", _("The turn"), tuple(blocks),
                   _cite_own(v, "turn", "deal") + (Citation(RULINGS, "Laying down and laying off"),))


def _option(opt: HouseOption) -> dict[str, str]:
    """A house option's label and source, for the sentences that name it."""
    return {"option": shown_text(opt.label), "source": opt.source.shown_label}


def _may_i(v: Variant) -> Section:
    m = v.may_i
    if not m.allowed:
        return Section("may-i", _("May I"), (Para(_("%(name)s has no May I.", name=v.name)),), _cite(v, "may_i"))
    pen = m.penalty_cards_per_discard
    items = [
        _("The current player is the one whose turn comes next, after the discarder. If they want the card, "
          "they just take it as their normal draw, with no penalty."),
        _("If other players want it too, it goes to the one nearest the current player in turn order, counting "
          "the current player first."),
        ngettext("Anyone else who gets it takes the card and also %(num)s penalty card from the top of the stock, "
                 "and does not discard.",
                 "Anyone else who gets it takes the card and also %(num)s penalty cards from the top of the "
                 "stock, and does not discard.", pen),
        _("The current player's turn then goes on as usual, but they must draw from the stock."),
    ]
    if m.multiple_discards:
        items.append(ngettext("A player may ask for more than one card from the discard pile: they take %(num)s "
                              "penalty card for each discard taken.",
                              "A player may ask for more than one card from the discard pile: they take %(num)s "
                              "penalty cards for each discard taken.", pen))
    else:
        items.append(_("Only the latest discard can be claimed."))
    if m.discard_pile_dead:
        items.append(_("After a May I the cards below it in the discard pile are dead: nobody may take them."))
    if m.no_lay_down_until_next_turn:
        items.append(_("Whoever took a May I may not put any cards on the table until their own next turn."))
    items += _notes(v, "may_i")
    blocks: list[Block] = [
        Para(_("A player whose turn it is not may ask for the card that was just discarded by saying “May I?”.")),
        Items(tuple(items)),
    ]
    for opt in v.house_options.values():
        if opt.no_may_i_in_last_rounds and v.rounds:
            last = len(v.rounds)
            first = last - opt.no_may_i_in_last_rounds + 1
            blocks.append(Para(_("House option “%(option)s” (%(source)s): with it on, nobody may call May I in "
                                 "rounds %(first)s to %(last)s.", first=first, last=last, **_option(opt))))
    if v.may_i.none_in_last_rounds and v.rounds:  # a house variant's own rule (rules/house.py)
        last = len(v.rounds)
        blocks.append(Para(_("Nobody may call May I in rounds %(first)s to %(last)s.",
                             first=last - v.may_i.none_in_last_rounds + 1, last=last)))
    blocks.append(Para(_("The discarder cannot claim their own discard.")))
    return Section("may-i", _("May I"), tuple(blocks), _cite(v, "may_i") + (Citation(RULINGS, "May I"),),
                   tool="may-i")


def _contracts(v: Variant) -> Section:
    assert v.melds is not None
    rows = tuple((str(r.number), r.contract.describe(), str(r.min_cards)) for r in v.rounds)
    if v.contract_kind is ContractKind.MINIMUM:
        how = _("The contract is the least you must lay down to go down. You may go down with more melds than "
                "it asks for, or with longer ones.")
    else:
        how = _("You go down once, with exactly the contract: all of it in the same turn, and no extra meld. "
                "With a two-set contract, for example, three sets is not allowed, nor one set now and one later.")
    blocks: list[Block] = [
        Para(ngettext("A game has %(num)s round. Each round has its own contract: the sets and runs a player must "
                      "hold to go down (lay cards on the table for the first time).",
                      "A game has %(num)s rounds. Each round has its own contract: the sets and runs a player must "
                      "hold to go down (lay cards on the table for the first time).", len(v.rounds))),
        Table(_("Contracts by round"), (_("Round"), _("Contract"), _("Fewest cards")), rows, (True, False, True)),
        Para(how),
        Para(_("“Fewest cards” counts %(set)s for each set and %(run)s for each run.",
               set=v.melds.set_min, run=v.melds.run_min)),
        Para(_("Everyone plays every round, whether or not they managed to go down in the one before.")),
    ]
    if v.contract_kind is ContractKind.EXACT:
        blocks.append(Para(_("After going down you can make no new sets or runs; your other cards can only "
                             "be laid off.")))
    return Section("contracts", _("Contracts"), tuple(blocks), _cite(v, "contracts", "every_round", "all_at_once"),
                   tool="meld")


def _melds(v: Variant) -> Section:
    m = v.melds
    assert m is not None
    items = [
        _("A set is %(n)s or more cards of the same rank, in any suits. With several decks a set may hold "
          "two identical cards.", n=m.set_min),
        _("A run is %(n)s or more cards in sequence, all of one suit, and never more than %(max)s cards.",
          n=m.run_min, max=m.run_max),
        _("Aces in runs: %(aces)s.", aces=ace_text(m.aces)),
    ]
    if m.wild.tokens:
        items.append(_("Wild cards: %(wilds)s. Each wild in a meld stands for one particular card the meld "
                       "needs; a meld is legal when its wilds can be read so that it makes a set or a run.",
                       wilds=wild_text(v)))
    else:
        items.append(_("There are no wild cards: every meld is made of natural cards."))
    if m.wilds_may_not_outnumber_naturals:
        items.append(_("Within one meld there may never be more wild cards than natural ones. A wild used as "
                       "its own card (say a red ace sitting in a run as that ace) counts as natural."))
    if m.all_wild_set:
        items.append(_("A set made only of wild cards is allowed; only further wilds may be added to it."))
    if m.same_suit_runs and "same_suit_runs" in v.sources:
        items.append(_("Two runs in the same contract may be in the same suit, even if one carries on where the "
                       "other stops (5-8 and 9-Q of spades); they stay two runs and are built on separately."))
    elif m.same_suit_runs:
        items.append(_("Two runs in the same contract may be in the same suit."))
    else:
        items.append(_("Two runs of the same suit may not both be in one contract."))
    blocks: list[Block] = [Items(tuple(items))]
    for opt in v.house_options.values():
        if opt.adds_wild:
            ranks = [_("every %(rank)s", rank=shown_face(t)) for t in opt.adds_wild]
            joined = ranks[0]
            for more in ranks[1:]:
                joined = _("%(list)s and %(last)s", list=joined, last=more)
            blocks.append(Para(_("House option “%(option)s” (%(source)s): with it on, %(wilds)s is wild as well.",
                                 wilds=joined, **_option(opt))))
    blocks += [Para(t) for t in _notes(v, "melds")]
    keys = ["melds", "aces", "wild", "wild_limits", "same_suit_runs"]
    return Section("melds", _("Melds and wilds"), tuple(blocks),
                   _cite(v, *keys) + ((Citation(RULINGS, "Built-in variants"),) if m.wild.tokens else ()),
                   tool="meld")


def _laying_off(v: Variant) -> Section:
    m = v.melds
    assert m is not None
    items = []
    items += _notes(v, "laying_off_when") or [_("Once you are down you may add cards to any melds on the table, "
                                                "yours or anyone's, in the same turn and in later ones.")]
    items.append(_("A set takes more cards of its rank; a run grows at either end with the next cards of its suit."))
    if m.wild.tokens:
        items += _notes(v, "wild_swap") or [_("On your own turn, once down, you may take a wild card out of a run "
                                              "by putting in its place the natural card it stands for. The freed "
                                              "wild must go back on the table in a set or run during that same "
                                              "turn.")]
        items.append(_("Wild cards in sets are never swapped out."))
    items += _notes(v, "laying_off")
    if m.all_wild_set:
        items.append(_("A set of wilds only takes more wilds."))
    if m.same_suit_runs and "same_suit_runs" in v.sources:
        items.append(_("Runs of one suit that touch are still separate runs: each is added to on its own."))
    return Section("laying-off", _("Laying off"), (Items(tuple(items)),),
                   _cite(v, "laying_off") + (Citation(RULINGS, "Laying down and laying off"),))


def _going_out(v: Variant) -> Section:
    items = [
        _("A round ends the moment one player has no cards left. That player scores nothing for the round."),
    ]
    items += _notes(v, "going_out_how") or [_("You can go out by laying off your last cards or by making your last "
                                              "card your discard.")]
    if v.last_round is not None and v.last_round.no_discard:
        items.append(_("In round %(n)s you must go out without a discard (see Last round).", n=v.last_round.round))
    items.append(_("A player found to have gone out with too few cards takes back what they laid down in that "
                   "turn, and the round goes on (see Irregularities)."))
    return Section("going-out", _("Going out"), (Items(tuple(items)),),
                   _cite_own(v, "going_out", "scoring") + (Citation(RULINGS, "Irregularities"),))


def _last_round(v: Variant) -> Section:
    n = len(v.rounds)
    blocks: list[Block] = []
    contract = v.rounds[-1].contract.describe()
    if v.last_round is None:
        blocks.append(Para(_("Round %(n)s (%(contract)s) is played like the others: the %(name)s rules set no "
                             "extra condition on going out in it.", n=n, contract=contract, name=v.name)))
        cites: tuple[Citation, ...] = (Citation(RULINGS, "Built-in variants"),)
    else:
        lr = v.last_round
        sentences = [_("Round %(n)s (%(contract)s) is the last.", n=lr.round, contract=contract)]
        if lr.all_cards_in_contract:
            sentences.append(_("To go down you must place every card you hold, the drawn one included, into the "
                               "contract's melds. Going down is therefore going out, in one move."))
        else:
            sentences.append(_("To win it you must play every card to the table."))
        if lr.no_discard:
            sentences.append(_("There is no final discard."))
        blocks.append(Para(" ".join(sentences)))
        cites = _cite(v, "last_round")
    for opt in v.house_options.values() if v.may_i.allowed else ():  # no May I: no option about it
        if opt.no_may_i_in_last_rounds:
            first = n - opt.no_may_i_in_last_rounds + 1
            blocks.append(Para(_("With the house option “%(option)s”, May I is off from round %(first)s on.",
                                 option=shown_text(opt.label), first=first)))
    return Section("last-round", _("Last round"), tuple(blocks), cites)


def _silent_note(v: Variant, topic: str, applied: Citation) -> HouseNote:
    return HouseNote(
        _("The %(name)s rules (%(source)s) do not cover %(topic)s. scorekeeper applies the Continental ruling "
          "(%(ruling)s) as a house rule.", name=_base(v).name, source=source_title(primary_source(v)), topic=topic,
          ruling=applied.shown_label),
        applied,
    )


def _stock(v: Variant) -> Section:
    if v.stock_exhausted is StockExhausted.TURN_OVER_ONCE_THEN_END:
        text = [
            _("If the stock is used up before anyone has gone out, turn the discard pile over, without "
              "shuffling it, and carry on with it as the stock."),
            _("That happens only once. If the new stock runs out too, the round stops with nobody out, and "
              "every player scores what they hold, exactly as if someone had gone out."),
        ]
    elif v.is_contract_game:
        text = [_("Whenever the stock is used up, shuffle the discard pile and use it as a fresh stock, as many "
                  "times as the round needs.")]
    else:
        text = [_("When the stock is used up, keep the top card of the discard pile where it is, shuffle the rest "
                  "and use them as a fresh stock.")]
    blocks: list[Block] = [Para(t) for t in text]
    cite = v.cite("stock")
    cites = [cite]
    if cite.file not in SOURCE_KEYS:  # the variant's own source says nothing
        if v.is_contract_game:
            applied = Citation("001", "Stock pile depletion")
            blocks.append(_silent_note(v, _("a stock that runs out"), applied))
            cites.append(applied)
        else:
            blocks.append(HouseNote(_("The %(name)s rules (%(source)s) do not cover a stock that runs out: "
                                      "reshuffling is scorekeeper's house rule.",
                                      name=_base(v).name, source=source_title(primary_source(v))), cite))
    return Section("stock", _("When the stock runs out"), tuple(blocks), tuple(cites), tool="irregularities")


def _scoring(v: Variant) -> Section:
    rows = tuple((label, _("face value") if value == -1 else str(value)) for label, value in points_groups(v))
    items = [
        _("When a player goes out, everyone else adds up the cards left in their hand: that is their score for "
          "the round. The player who went out scores 0."),
        _("Lower is better: after the last round the lowest total wins, and players tied on it share the win."),
    ]
    items += _notes(v, "scoring")
    if v.scoring.round_win_bonus:
        items.append(ngettext("Each round you win takes %(points)s point off your total; scorekeeper applies it as "
                              "the round is recorded.",
                              "Each round you win takes %(points)s points off your total; scorekeeper applies it as the "
                              "round is recorded.", v.scoring.round_win_bonus, points=v.scoring.round_win_bonus))
    if v.scoring.missing_card_penalty:
        items.append(ngettext("A player caught with too few cards when someone goes out pays %(points)s point for "
                              "each missing card on top of the cards they hold (see Irregularities).",
                              "A player caught with too few cards when someone goes out pays %(points)s points for each "
                              "missing card on top of the cards they hold (see Irregularities).",
                              v.scoring.missing_card_penalty, points=v.scoring.missing_card_penalty))
    blocks: list[Block] = [
        Table(_("What each card costs"), (_("Cards"), _("Points")), rows, (False, True)),
        Items(tuple(items)),
    ]
    cites = _cite(v, "points", "scoring")
    if v.scoring.missing_card_penalty:
        cites = cites + (Citation(RULINGS, "Irregularities"),)
    return Section("scoring", _("Scoring"), tuple(blocks), _dedupe(cites), tool="hand")


def _irregularities(v: Variant) -> Section:
    subs = []
    covered: list[str] = []
    silent: list[str] = []
    for topic in topics(v):
        ruling = topic.reference(v)
        subs.append(ruling)
        (silent if topic.is_silent(v) else covered).append(topic.title.lower())
    own = source_title(primary_source(v))
    blocks: list[Block] = []
    if covered:
        blocks.append(Para(_("The %(name)s rules (%(source)s) settle: %(topics)s.",
                             name=_base(v).name, source=own, topics=", ".join(covered))))
    if silent:
        if v.is_contract_game:
            blocks.append(HouseNote(
                _("The %(name)s rules (%(source)s) say nothing about %(topics)s. For those, scorekeeper applies "
                  "the Continental rulings (Continental Rummy, encyclopedia article) as house rules, as set out "
                  "below.", name=_base(v).name, source=own, topics=", ".join(silent)),
                Citation("001", "Rules of play")))
        else:
            blocks.append(HouseNote(
                _("The %(name)s rules (%(source)s) say nothing about irregularities. Mistakes in play (a turn "
                  "out of turn, a card that does not fit) are for the players to settle among themselves; "
                  "nobody ever draws from the discard pile. What scorekeeper adds is below: a wrong deal is "
                  "dealt again by the same dealer, and its own rulings for a scoring error and a player "
                  "leaving.", name=_base(v).name, source=own),
                Citation(RULINGS, "ROY's gaps")))
    blocks.append(Para(_("The irregularity guide walks you to the ruling one question at a time.")))
    cites: tuple[Citation, ...] = (v.cite("irregularities"),) if "irregularities" in v.sources else ()
    cites = _dedupe(cites + tuple(c for s in subs for c in s.citations))
    return Section("irregularities", _("Irregularities"), tuple(blocks), cites, tool="irregularities",
                   subsections=tuple(subs))


# ----- ROY --------------------------------------------------------------------------------------

def _roy_sections(v: Variant) -> tuple[Section, ...]:
    r = v.roy
    assert r is not None
    play = _cite(v, "play")
    special = _cite(v, "special_cards")
    pack = v.pack(v.players.min)
    setup = Section("setup", _("Set-up and deal"), (
        Para(_("%(name)s is for %(min)s or %(max)s players, with one %(cards)s-card deck and no jokers.",
               name=v.name, min=v.players.min, max=v.players.max, cards=pack.cards)
             if v.players.max - v.players.min == 1 else
             _("%(name)s is for %(min)s to %(max)s players, with one %(cards)s-card deck and no jokers.",
               name=v.name, min=v.players.min, max=v.players.max, cards=pack.cards)),
        Para(_("The dealer gives everyone %(cards)s cards, puts the rest face down as the stock, and turns its top "
               "card face up: the start of the discard pile.", cards=v.cards_dealt)),
        Para(_("The player on the dealer's left goes first; play moves to the left.")),
    ), _cite(v, "players", "deal"), tool="decks")
    turn = Section("turn", _("The turn"), (
        Items((
            _("On your turn you play one or more cards face up onto the discard pile."),
            _("Your first card must share the suit or the rank of the top card (or follow the suit just named "
              "with a jack)."),
            _("A jack may be played first on any card, as the only card of your turn, to name a new suit (see "
              "Jacks)."),
            _("If you cannot play a single card, take one card from the stock and your turn is over."),
            _("When you have played all you want to, the player on your left goes."),
        )),
    ), play, tool="roy")
    chains = Section("chains", _("Playing several cards"), (
        Para(_("After your first card, every further card must either be the same rank as the card now on top, "
               "or the card one step higher in the same suit.")),
        Para(_("For example, on the 6♦ you could play 6♠, 7♠, 7♥, 8♥ in one turn.")),
        Para(_("Aces are %(aces)s.", aces=ace_text(r.aces))),
    ), play, tool="roy")
    jacks = Section("jacks", _("Jacks"), (
        Para(_("A jack played as the first and only card of your turn changes the suit: you name a suit, and the "
               "next player must play that suit or another jack.")),
        Para(_("A jack played together with other cards has no special power; it is an ordinary card in the "
               "chain.")),
    ), special, tool="roy")
    n = r.draw_per_card
    aces = Section("aces", _("Aces"), (
        Para(ngettext("An ace forces the following player to answer with an ace of their own or to take %(num)s "
                      "card from the stock.",
                      "An ace forces the following player to answer with an ace of their own or to take %(num)s "
                      "cards from the stock.", n)),
        Para(_("Aces stack: each ace played on an ace adds %(n)s more, so the draw grows %(steps)s as the four "
               "aces of a deck come down.", n=n, steps=", ".join(str(n * k) for k in range(1, 5)))),
    ), _cite_own(v, "ace_draw", "special_cards"), tool="roy")
    ks = shown_face(r.skip_card)
    king = Section("king-of-spades", _("King of spades"), (
        Para(ngettext("After the %(card)s, the next player draws %(num)s card and misses their turn.",
                      "After the %(card)s, the next player draws %(num)s cards and misses their turn.",
                      r.skip_draw, card=ks)),
    ), _cite_own(v, "king_draw", "special_cards"), tool="roy")
    starter = Section("starter-card", _("The first card turned up"), (
        Para(_("If the dealer's first card is a jack, an ace or the %(card)s, nothing special happens: the first "
               "player just matches its suit or rank (or plays a jack).", card=ks)),
    ), special)
    scoring = Section("scoring", _("Scoring"), (
        Items((
            _("The first player to get rid of every card wins the hand."),
            _("The winner scores one point for each card still held by each opponent; nobody else scores."),
            _("The game ends when a player reaches %(target)s points or more; that player wins.",
              target=v.scoring.target),
        )),
    ), _cite(v, "scoring", "target"))
    return (setup, turn, chains, jacks, aces, king, starter, _stock(v), scoring, _irregularities(v))


# ----- pages ----------------------------------------------------------------------------------

def rules_page(v: Variant) -> RulesPage:
    """The rules page of one variant (built fresh from its data, in the reader's language)."""
    sections: tuple[Section, ...]
    if v.is_contract_game:
        sections = (_setup(v), _turn(v), _may_i(v), _contracts(v), _melds(v), _laying_off(v), _going_out(v),
                    _last_round(v), _stock(v), _scoring(v), _irregularities(v))
    else:
        sections = _roy_sections(v)
    own = primary_source(v)
    intro = _("%(summary)s Written in our own words from %(source)s and scorekeeper's rulings; every section "
              "names its source.", summary=shown_text(v.summary), source=source_title(own))
    return RulesPage(v, intro, sections)


def anchors_for(v: Variant) -> tuple[str, ...]:
    return CONTRACT_ANCHORS if v.is_contract_game else ROY_ANCHORS


def changed_sections(base: Variant, v: Variant) -> tuple[str, ...]:
    """The anchors of ``v``'s rules page whose words mean something else than on ``base``'s page:
    a house variant's page marks exactly these. Sentences naming the house variant are read with
    the base's name, so a new name alone changes nothing."""
    def texts(page: RulesPage, name: str) -> dict[str, list[str]]:
        return {s.anchor: [t.replace(name, base.name) for b in s.blocks for t in block_text(b)]
                for s in page.all_sections}

    before = texts(rules_page(base), base.name)
    after = texts(rules_page(v), v.name)
    return tuple(a for a in after if after[a] != before.get(a))
