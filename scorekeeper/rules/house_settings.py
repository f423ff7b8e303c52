"""Every house-variant setting, each described once.

A house variant (``rules/house.py``) changes a built-in variant's rules through ``changes``, whose
keys are the settings below. Each :class:`HouseSetting` says everything the app needs to know about
one setting: its name (the ``changes`` key, dotted inside a group: ``melds.set_min``, also the
form input's name), where it sits in a variant file (``path``), which kind of game has it, its
kind and bounds, the form's label and hint, the page's fieldset, the source it replaces (the rules
page then cites the house), and the words that say a change of it ("sets of 4 or more").

From this one table come the form's inputs and the values they show (``web/house/forms.py``,
``templates/house/form.html``), each value's check and where it is written (``rules/house.py``),
reading a house variant file back, the differences in words, and the ``changes`` part of the API's
OpenAPI schema (:func:`changes_schema`, used by ``api/house.py``). A setting of an existing kind
(a number, a yes/no, a choice) is added here and in the French catalogue, nothing else; the
settings of kinds with a shape of their own (the decks, the rounds, the wild cards, the card
points) keep their own code, keyed by the same name, in those modules.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .words import N_, _, ngettext


class SettingKind(StrEnum):
    NUMBER = "number"  # a whole number within ``bounds``
    YES_NO = "yes-no"  # a checkbox: true or false
    CHOICE = "choice"  # one of ``choices``
    # kinds with a shape of their own, read, checked and shown by their own code
    DECKS = "decks"  # one number of decks, or steps of players:decks
    ROUNDS = "rounds"  # each round's contract
    WILD_CARDS = "wild-cards"  # a list of card tokens
    CARD_POINTS = "card-points"  # each rank's points


# The kinds the table alone makes everything of; the others have their own code.
SIMPLE_KINDS = (SettingKind.NUMBER, SettingKind.YES_NO, SettingKind.CHOICE)

CONTRACT = "contract"  # a May I rummy (``GameKind.CONTRACT``)
SHEDDING = "shedding"  # ROY (``GameKind.SHEDDING``)
BOTH = (CONTRACT, SHEDDING)


@dataclass(frozen=True)
class Choice:
    """One value a choice setting may take: the value, the form's option and the change in words."""

    value: str
    label: str
    said: str


@dataclass(frozen=True)
class Section:
    """A fieldset of the house form: its id (the page's anchor), its legend and a hint."""

    id: str
    legend: str
    hint: str = ""


@dataclass(frozen=True)
class HouseSetting:
    """One setting a house variant may change (the module's docstring says what is made of it)."""

    name: str  # the changes key; "group.key" inside a group (melds, may_i ...); the form input's name
    kind: SettingKind
    path: tuple[str, ...]  # where the value sits in a variant file (``house.document``)
    section: str  # the id of the form's fieldset it is shown in
    label: str  # the form's label
    sources: tuple[str, ...]  # the source citations a change replaces with the house's
    anchor: str = ""  # the rules page's section that states it (``rules/reference.py``)
    games: tuple[str, ...] = (CONTRACT,)  # the kinds of game that have it
    bounds: tuple[int, int] = (0, 0)  # a number's lowest and highest
    choices: tuple[Choice, ...] = ()
    hint: str = ""  # the form's hint under the input
    pair: bool = False  # shown beside the next setting of its section, two to a row
    said: str = ""  # a number's change ("%(n)s cards dealt"); a yes/no's when true
    said_count: Callable[[int], str] | None = None  # a number's change said with its count (ngettext)
    said_off: str = ""  # a number's change to 0, a yes/no's to false
    absent_when_off: bool = False  # left out of the variant file when 0 (``may_i.none_in_last_rounds``)

    @property
    def group(self) -> str:
        """The top-level ``changes`` key: ``melds`` for ``melds.set_min``, the name itself otherwise."""
        return self.name.partition(".")[0]

    @property
    def key(self) -> str:
        """The key inside its group (``set_min``), or the name of a setting outside any group."""
        return self.name.partition(".")[2] or self.name

    def is_for(self, game_kind: str) -> bool:
        return game_kind in self.games

    def off_value(self) -> Any:
        """The value a variant file leaves out (a number 0, a yes/no false)."""
        return False if self.kind is SettingKind.YES_NO else 0

    def words(self, value: Any) -> str:
        """The change to ``value`` in words, in the reader's language ("" for a setting said by its group)."""
        if self.kind is SettingKind.CHOICE:
            said = next((c.said for c in self.choices if c.value == str(value)), None)
            if said is None:  # a value the rules would refuse: said as it is
                return str(value)
            return _(said) if said else ""
        if self.said_off and not value:
            return _(self.said_off)
        if self.kind is SettingKind.YES_NO:
            return _(self.said) if self.said else ""
        if self.said_count is not None:
            return self.said_count(value)
        return _(self.said, n=value) if self.said else ""


_ACES = (
    Choice("low", N_("Low only: A-2-3-4"), N_("aces low")),
    Choice("low-or-high", N_("Low or high, not both"), N_("aces low or high (not both)")),
    Choice("around-the-corner", N_("Low, high or both: Q-K-A-2"), N_("aces low, high or both (round the corner)")),
    Choice("high", N_("High only: J-Q-K-A"), N_("aces high")),
)
_CONTRACT_KINDS = (
    Choice("exact", N_("Exact: just the contract, all at once"), N_("contracts are exact")),
    Choice("minimum", N_("A minimum: more or longer melds"), N_("contracts are minimums")),
)
_STOCK = (
    Choice("turn-over-once-then-end", N_("Turn the discards over once, then the round ends"),
           N_("when the stock runs out: turned over once, then the round ends")),
    Choice("reshuffle", N_("Shuffle the discards into a new stock"),
           N_("when the stock runs out: the discards are shuffled into a new stock")),
)

# The form's fieldsets, in the page's order (a kind of game shows those that hold its settings).
SECTIONS = (
    Section("setup", N_("Players and cards")),
    Section("f-rounds", N_("Rounds and contracts"),
            N_("Sets and runs to go down in each round. The game ends at the first round left at 0 and 0.")),
    Section("f-melds", N_("Sets, runs and wilds")),
    Section("f-points", N_("Card points (cards left in hand)")),
    Section("f-may-i", "May I"),
    Section("f-stock", N_("Stock")),
    Section("f-roy", N_("Special cards")),
    Section("f-winning", N_("Winning")),
)

NUMBER, YES_NO, CHOICE = SettingKind.NUMBER, SettingKind.YES_NO, SettingKind.CHOICE

# Every setting, in the order the form shows them (and the differences are said).
SETTINGS: tuple[HouseSetting, ...] = (
    HouseSetting("players.min", NUMBER, ("players", "min"), "setup", N_("Fewest players"), ("players",),
                 games=BOTH, bounds=(2, 8), pair=True, anchor="setup"),
    HouseSetting("players.max", NUMBER, ("players", "max"), "setup", N_("Most players"), ("players",),
                 games=BOTH, bounds=(2, 8), anchor="setup"),
    HouseSetting("decks", SettingKind.DECKS, ("pack", "decks"), "setup", N_("Decks"), ("pack",), bounds=(1, 10),
                 hint=N_("One number for every table, or players:decks steps such as <code>4:2 6:3 8:4</code> "
                         "(up to 4 players 2 decks…)."), anchor="setup"),
    HouseSetting("jokers_per_deck", NUMBER, ("pack", "jokers_per_deck"), "setup", N_("Jokers per deck"), ("pack",),
                 bounds=(0, 4), pair=True, said_count=lambda n: ngettext("%(num)s joker per deck", "%(num)s jokers per deck", n),
                 said_off=N_("no jokers"), anchor="setup"),
    HouseSetting("cards_dealt", NUMBER, ("deal", "cards"), "setup", N_("Cards dealt to each player"), ("deal",),
                 games=BOTH, bounds=(1, 20), said_count=lambda n: ngettext("%(num)s card dealt", "%(num)s cards dealt", n), anchor="setup"),
    HouseSetting("rounds", SettingKind.ROUNDS, ("contracts", "rounds"), "f-rounds", N_("Rounds and contracts"),
                 ("contracts",), bounds=(1, 12), anchor="contracts"),
    HouseSetting("contract_kind", CHOICE, ("contracts", "kind"), "f-rounds", N_("Contracts are"), ("contracts",),
                 choices=_CONTRACT_KINDS, anchor="contracts"),
    HouseSetting("last_round.no_discard", YES_NO, ("last_round", "no_discard"), "f-rounds",
                 N_("Last round: go out with no discard"), ("last_round",), anchor="last-round"),
    HouseSetting("last_round.all_cards_in_contract", YES_NO, ("last_round", "all_cards_in_contract"), "f-rounds",
                 N_("Last round: every card goes into the contract"), ("last_round",), anchor="last-round"),
    HouseSetting("melds.set_min", NUMBER, ("melds", "set_min"), "f-melds", N_("Cards in a set, at least"), ("melds",),
                 bounds=(2, 8), pair=True, said=N_("sets of %(n)s or more"), anchor="melds"),
    HouseSetting("melds.run_min", NUMBER, ("melds", "run_min"), "f-melds", N_("Cards in a run, at least"), ("melds",),
                 bounds=(2, 13), said=N_("runs of %(n)s or more"), anchor="melds"),
    HouseSetting("melds.run_max", NUMBER, ("melds", "run_max"), "f-melds", N_("Longest run"), ("melds",),
                 bounds=(2, 13), said=N_("runs of at most %(n)s"), anchor="melds"),
    HouseSetting("melds.aces", CHOICE, ("melds", "aces"), "f-melds", N_("Aces in runs"), ("aces",), choices=_ACES, anchor="melds"),
    HouseSetting("wild_cards", SettingKind.WILD_CARDS, ("melds", "wild"), "f-melds", N_("Wild cards"), ("wild",),
                 # (%(card)s: the ace of hearts in the page's letters, web/house/forms.py HINT_WORDS)
                 hint=N_("JK for jokers, a rank for all four (2), or one card (%(card)s). Empty: no wilds."),
                 anchor="melds"),
    HouseSetting("melds.wilds_may_not_outnumber_naturals", YES_NO, ("melds", "wilds_may_not_outnumber_naturals"),
                 "f-melds", N_("Wilds may not outnumber natural cards in a meld"), ("wild_limits",),
                 said=N_("wilds may not outnumber naturals"), said_off=N_("wilds may outnumber naturals"), anchor="melds"),
    HouseSetting("melds.all_wild_set", YES_NO, ("melds", "all_wild_set"), "f-melds",
                 N_("A set made only of wild cards is allowed"), ("wild_limits",),
                 said=N_("a set of wilds only is allowed"), said_off=N_("no set of wilds only"), anchor="melds"),
    HouseSetting("melds.same_suit_runs", YES_NO, ("melds", "same_suit_runs"), "f-melds",
                 N_("Two runs of one suit may be in one contract"), ("same_suit_runs",),
                 said=N_("two runs of one suit allowed"), said_off=N_("no two runs of one suit"), anchor="melds"),
    HouseSetting("card_points", SettingKind.CARD_POINTS, ("points",), "f-points", N_("Card points (cards left in hand)"),
                 ("points",), bounds=(0, 1000), anchor="scoring"),
    HouseSetting("scoring.missing_card_penalty", NUMBER, ("scoring", "missing_card_penalty"), "f-points",
                 N_("Incorrect hand: points per missing card"), ("scoring",), bounds=(0, 1000),
                 said_count=lambda n: ngettext("%(num)s point per missing card (incorrect hand)",
                                                  "%(num)s points per missing card (incorrect hand)", n), anchor="scoring"),
    HouseSetting("scoring.round_win_bonus", NUMBER, ("scoring", "round_win_bonus"), "f-points",
                 N_("Points off your total per round won"), ("scoring",), bounds=(0, 1000),
                 said_count=lambda n: ngettext("%(num)s point off per round won", "%(num)s points off per round won", n), anchor="scoring"),
    HouseSetting("may_i.allowed", YES_NO, ("may_i", "allowed"), "f-may-i", N_("May I is played"), ("may_i",),
                 said=N_("May I allowed"), said_off=N_("no May I"), anchor="may-i"),
    HouseSetting("may_i.penalty_cards_per_discard", NUMBER, ("may_i", "penalty_cards_per_discard"), "f-may-i",
                 N_("May I: penalty cards per discard taken"), ("may_i",), bounds=(0, 5),
                 said_count=lambda n: ngettext("May I: %(num)s penalty card per discard",
                                                  "May I: %(num)s penalty cards per discard", n), anchor="may-i"),
    HouseSetting("may_i.none_in_last_rounds", NUMBER, ("may_i", "none_in_last_rounds"), "f-may-i",
                 N_("No May I in the last … rounds (0: every round)"), ("may_i",), bounds=(0, 12), absent_when_off=True,
                 said_count=lambda n: ngettext("no May I in the last round", "no May I in the last %(num)s rounds", n),
                 said_off=N_("May I in every round"), anchor="may-i"),
    HouseSetting("may_i.multiple_discards", YES_NO, ("may_i", "multiple_discards"), "f-may-i",
                 N_("May I: several discards may be taken at once"), ("may_i",),
                 said=N_("May I may take several discards"), said_off=N_("May I takes one discard"), anchor="may-i"),
    HouseSetting("may_i.discard_pile_dead", YES_NO, ("may_i", "discard_pile_dead"), "f-may-i",
                 N_("May I: the rest of the discard pile is dead after one"), ("may_i",),
                 said=N_("discard pile dead after a May I"), said_off=N_("discard pile stays live"), anchor="may-i"),
    HouseSetting("may_i.no_lay_down_until_next_turn", YES_NO, ("may_i", "no_lay_down_until_next_turn"), "f-may-i",
                 N_("May I: no laying down until your next turn"), ("may_i",),
                 said=N_("no laying down until the next turn after a May I"),
                 said_off=N_("may lay down at once after a May I"), anchor="may-i"),
    HouseSetting("stock_exhausted", CHOICE, ("stock", "exhausted"), "f-stock", N_("When the stock runs out"), ("stock",),
                 choices=_STOCK, anchor="stock"),
    # ROY's own (a shedding game: no melds, contracts or card points; the target first, as the API lists it)
    HouseSetting("target", NUMBER, ("scoring", "target"), "f-winning", N_("Points that win the game"), ("target",),
                 games=(SHEDDING,), bounds=(10, 1000), said=N_("first to %(n)s points wins"), anchor="scoring"),
    HouseSetting("roy.draw_per_card", NUMBER, ("roy", "draw_per_card"), "f-roy", N_("An ace: cards the next player draws"),
                 ("ace_draw",), games=(SHEDDING,), bounds=(1, 5),
                 said_count=lambda n: ngettext("an ace makes the next player draw %(num)s",
                                                  "an ace makes the next player draw %(num)s", n), anchor="aces"),
    HouseSetting("roy.skip_draw", NUMBER, ("roy", "skip_draw"), "f-roy", N_("King of spades: cards the next player draws"),
                 ("king_draw",), games=(SHEDDING,), bounds=(1, 10),
                 said_count=lambda n: ngettext("the king of spades makes the next player draw %(num)s",
                                                  "the king of spades makes the next player draw %(num)s", n), anchor="king-of-spades"),
)
# (A group's settings said together, in their group's own words: ``players`` and ``last_round``,
# in rules/house.py ``differences``.)

# The groups whose ``changes`` value may be null: the whole rule turned off (no special last round).
NULLABLE_GROUPS = ("last_round",)


def settings_for(game_kind: str) -> tuple[HouseSetting, ...]:
    """The settings a house version of a game of ``game_kind`` may change, in the form's order."""
    return tuple(s for s in SETTINGS if s.is_for(game_kind))


def change_keys(game_kind: str) -> tuple[str, ...]:
    """The top-level ``changes`` keys of a game of ``game_kind`` (``players``, ``melds``...), in order."""
    return tuple(dict.fromkeys(s.group for s in settings_for(game_kind)))


def group_settings(group: str, game_kind: str) -> tuple[HouseSetting, ...]:
    """The settings inside a group of ``changes`` (``melds``: ``melds.set_min``...)."""
    return tuple(s for s in settings_for(game_kind) if s.group == group and s.name != group)


def group_keys(group: str, game_kind: str = CONTRACT) -> tuple[str, ...]:
    """The keys inside a group of ``changes`` (``melds``: ``set_min``, ``run_min``...)."""
    return tuple(s.key for s in group_settings(group, game_kind))


def setting(name: str) -> HouseSetting:
    """The setting called ``name`` (``melds.set_min``)."""
    for s in SETTINGS:
        if s.name == name:
            return s
    raise KeyError(name)


def sections_for(game_kind: str) -> tuple[tuple[Section, tuple[HouseSetting, ...]], ...]:
    """The form's fieldsets for a game of ``game_kind``, each with its settings in order."""
    mine = settings_for(game_kind)
    return tuple((sec, shown) for sec in SECTIONS if (shown := tuple(s for s in mine if s.section == sec.id)))


def rows(settings: Iterable[HouseSetting]) -> list[tuple[HouseSetting, ...]]:
    """The settings two to a row where ``pair`` asks for it, one to a row otherwise."""
    out: list[tuple[HouseSetting, ...]] = []
    waiting: HouseSetting | None = None
    for s in settings:
        if waiting is not None:
            out.append((waiting, s))
            waiting = None
        elif s.pair:
            waiting = s
        else:
            out.append((s,))
    if waiting is not None:
        out.append((waiting,))
    return out


def anchor_of(key: str, part: str = "") -> str:
    """The rules page section of a difference (``Difference.key`` and ``part``, rules/house.py)."""
    for s in SETTINGS:
        if s.group == key and (not part or s.key == part):
            return s.anchor
    raise KeyError(f"{key}.{part}" if part else key)


def value_at(document: Mapping[str, Any], s: HouseSetting) -> Any:
    """The setting's value in a variant file's mapping (a value left out is the setting's off value)."""
    here: Any = document
    for part in s.path:
        if not isinstance(here, Mapping) or part not in here:
            return s.off_value()
        here = here[part]
    return here


def _value_schema(s: HouseSetting) -> dict[str, Any]:
    if s.kind is SettingKind.NUMBER:
        low, high = s.bounds
        return {"type": "integer", "minimum": low, "maximum": high}
    if s.kind is SettingKind.YES_NO:
        return {"type": "boolean"}
    if s.kind is SettingKind.CHOICE:
        return {"type": "string", "enum": [c.value for c in s.choices]}
    return {"description": f"{s.name}: see docs/house-variants.md"}  # a shape of its own, checked by the rules


def changes_schema() -> dict[str, Any]:
    """The OpenAPI schema of ``changes``: each key, a group as an object of its settings (of
    every kind of game: which ones a base variant takes is checked beyond the schema)."""
    properties: dict[str, Any] = {}
    for s in SETTINGS:
        if s.group == s.name:
            properties[s.name] = _value_schema(s)
        else:
            group = properties.setdefault(s.group, {"type": "object", "additionalProperties": False, "properties": {}})
            group["properties"][s.key] = _value_schema(s)
    for group in NULLABLE_GROUPS:
        if group in properties:
            properties[group] = {"oneOf": [properties[group], {"type": "null"}]}
    return {"type": "object", "additionalProperties": False, "properties": properties,
            "description": "Changes to the base variant, in the names of the variant document: "
                           f"{', '.join(properties)} (docs/house-variants.md)"}
