"""The variants of the May I family (and ROY), as data.

Each built-in variant is one readable TOML file in ``variants/``; a sixth variant is one more
file (or :func:`load_variant` on a TOML string), with no code. Every parameter settled in
docs/rulings.md is a field here, and ``sources`` says where each rule comes from.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import asdict, dataclass, field, replace
from enum import StrEnum
from importlib import resources
from typing import Any, Mapping, TypeVar

from .cards import JOKER, RANKS, SUIT_NAMES, Card, CardError, parse_card
from .errors import RulesInputError
from .toml_depth import MAX_DEPTH, too_deep
from .words import N_, _, ngettext


class VariantError(RulesInputError):
    """An unknown variant, or a variant definition that does not make sense."""


class AceRule(StrEnum):
    """Where an ace may sit in a run."""

    LOW = "low"  # A-2-3-4 only (Joybells)
    LOW_OR_HIGH = "low-or-high"  # A-2-3-4 or J-Q-K-A, never K-A-2 (Continental, Le May I)
    AROUND_THE_CORNER = "around-the-corner"  # also Q-K-A-2 (Clenney)
    HIGH = "high"  # ROY play chains: Q-K-A, never A-2


class ContractKind(StrEnum):
    EXACT = "exact"  # exactly the contract's melds, all at once
    MINIMUM = "minimum"  # at least the contract; more or longer melds allowed


class GameKind(StrEnum):
    """The kind of game, as a variant's file says it (``kind``): what every "is it ROY?" asks."""

    CONTRACT = "contract"  # a May I rummy: contracts, melds, penalty points (the lowest total wins)
    SHEDDING = "shedding"  # ROY: hands, not rounds; the winner of a hand scores the cards the others hold


class RoundScore(StrEnum):
    PENALTY = "penalty"  # every player but the one out scores the cards left in hand
    CARDS_LEFT_TO_WINNER = "cards-left-to-winner"  # ROY: the winner scores opponents' cards


class Winner(StrEnum):
    LOWEST = "lowest"
    FIRST_TO_TARGET = "first-to-target"


class StockExhausted(StrEnum):
    TURN_OVER_ONCE_THEN_END = "turn-over-once-then-end"
    RESHUFFLE = "reshuffle"


# The rule sources, by the ids citations use. Their texts are other people's and not kept here: the tests
# check our words against fingerprints of them (tests/support/copy_check.py).
SOURCE_KEYS = ("000", "001", "002", "003", "004")
# What a player calls each source: the app never shows the rule texts' file names.
# Kept in English (stored rulings and the API cite them so); source_title() is the reader's language.
SOURCE_TITLES = {
    "000": N_("Joybells (a family's rules)"),
    "001": N_("Continental Rummy (encyclopedia article)"),
    "002": N_("ROY (newsgroup post, 1995)"),
    "003": N_("Le May I (French rules)"),
    "004": N_("Clenney family May I (a family's rules)"),
    "rulings": N_("scorekeeper's rulings"),
    "house": N_("house rule"),
    "choice": N_("scorekeeper's choice where the sources are silent"),
}

# The summary rules/house.py writes for a house variant ("Gran's: Joybells with a family's own changes.").
_HOUSE_SUMMARY = re.compile(r"(?P<name>.+): (?P<base>.+) with a family's own changes\.")


def shown_text(text: str) -> str:
    """A variant's summary or option label in the reader's language (as written when not in the catalogue)."""
    house = _HOUSE_SUMMARY.fullmatch(text or "")
    if house:
        return _("%(name)s: %(base)s with a family's own changes.", name=house["name"], base=house["base"])
    return _(text) if text else text


# Section names of the choices the rules package makes, shown in the reader's language through
# shown_section(). A section of docs/rulings.md is cited by its heading there, in every language,
# as the sources' own headings are: a reader looking it up finds it under that title.
TRANSLATED_SECTIONS = ("choice", "house")
_OWN_SECTIONS = (
    N_("a set of wild cards only"), N_("a run needs a natural card"),
    N_("no more copies of a card than the pack holds"), N_("no May I in the last rounds"),
)


def own_source(v: Variant) -> str:
    """The file id of the source a variant's rules come from (the one its deal is cited from); for a
    house variant, its base's, even when the house changed the deal: a changed rule cites the house,
    the rest of the rules still come from the base's source."""
    file = v.cite("deal").file
    if file == "house" and v.based_on and v.based_on in VARIANTS:
        return VARIANTS[v.based_on].cite("deal").file
    return file


def shown_section(file: str, section: str) -> str:
    """A citation's section as the reader sees it: our choices translated, a heading (a source's or
    docs/rulings.md's) as written."""
    return _(section) if section and file in TRANSLATED_SECTIONS else section


def source_title(file: str) -> str:
    """What a player calls a source, in the reader's language."""
    return _(SOURCE_TITLES[file]) if file in SOURCE_TITLES else file


@dataclass(frozen=True)
class Citation:
    """Where a rule comes from: a source file id (``000``…``004``, or ``rulings``) and a section."""

    file: str
    section: str

    @property
    def title(self) -> str:
        return SOURCE_TITLES.get(self.file, self.file)

    @property
    def label(self) -> str:
        return f"{self.title}, {self.section}" if self.section else self.title

    @property
    def shown_label(self) -> str:
        """:attr:`label` in the reader's language (section names are the sources' own headings)."""
        title = source_title(self.file)
        return f"{title}, {shown_section(self.file, self.section)}" if self.section else title

    def as_dict(self) -> dict[str, Any]:
        return {"file": self.file, "section": self.section, "label": self.label}


@dataclass(frozen=True)
class PlayerRange:
    min: int
    max: int

    def __contains__(self, n: object) -> bool:
        return isinstance(n, int) and not isinstance(n, bool) and self.min <= n <= self.max

    def __str__(self) -> str:
        return f"{self.min}–{self.max}"


@dataclass(frozen=True)
class DeckStep:
    """``decks`` decks for up to ``up_to`` players."""

    up_to: int
    decks: int


@dataclass(frozen=True)
class Pack:
    """The pack for a number of players."""

    decks: int
    jokers: int
    cards: int

    def as_dict(self) -> dict[str, Any]:
        return {"decks": self.decks, "jokers": self.jokers, "cards": self.cards}


@dataclass(frozen=True)
class Contract:
    """A round's contract: the sets and runs needed to go down (``Objective`` in wickman/liverpool)."""

    sets: int
    runs: int

    def describe(self) -> str:
        """``2 sets + 1 run``, in the reader's language (``2 brelans + 1 séquence``)."""
        parts = []
        if self.sets:
            parts.append(ngettext("%(num)s set", "%(num)s sets", self.sets))
        if self.runs:
            parts.append(ngettext("%(num)s run", "%(num)s runs", self.runs))
        return " + ".join(parts) or _("nothing")

    def as_dict(self) -> dict[str, Any]:
        return {"sets": self.sets, "runs": self.runs}

    def __str__(self) -> str:
        return self.describe()


@dataclass(frozen=True)
class Round:
    number: int
    contract: Contract
    min_cards: int

    def as_dict(self) -> dict[str, Any]:
        return {"number": self.number, "contract": self.contract.as_dict(), "min_cards": self.min_cards}


@dataclass(frozen=True)
class WildSpec:
    """Which cards are wild: ``JK`` (jokers), a rank (``2``: every 2) or one card (``AH``)."""

    tokens: tuple[str, ...]

    def matches(self, card: Card) -> bool:
        for token in self.tokens:
            if token == JOKER:
                if card.is_joker:
                    return True
            elif token in RANKS:
                if card.rank == token:
                    return True
            elif not card.is_joker and card.code == token:
                return True
        return False

    def describe(self) -> str:
        """The wild cards in words ("jokers, every 2, the ace of hearts"), or "none"; the rules
        pages, the scoresheets and the house variants' differences all say them so."""
        if not self.tokens:
            return _("none")
        words = []
        for token in self.tokens:
            if token == JOKER:
                words.append(_("jokers"))
            elif token in RANKS:
                words.append(_("every %(rank)s", rank=token))
            else:
                words.append(_the_card(parse_card(token)))
        return ", ".join(words)


# One card named in full with its article: in French the article goes with the rank ("l'as", "la dame").
_THE_CARD = {"A": N_("the ace of %(suit)s"), "J": N_("the jack of %(suit)s"), "Q": N_("the queen of %(suit)s"),
             "K": N_("the king of %(suit)s")}


def _the_card(card: Card) -> str:
    """"the ace of hearts", "the 7 of spades", in the reader's language."""
    suit = _(SUIT_NAMES[card.suit or ""])  # (a card named here has a suit)
    if card.rank in _THE_CARD:
        return _(_THE_CARD[card.rank], suit=suit)
    return _("the %(rank)s of %(suit)s", rank=card.rank, suit=suit)


@dataclass(frozen=True)
class MeldRules:
    set_min: int
    run_min: int
    run_max: int
    aces: AceRule
    wild: WildSpec
    wilds_may_not_outnumber_naturals: bool
    all_wild_set: bool  # a set made only of wild cards is legal (Continental)
    same_suit_runs: bool  # two runs of one suit may be laid down in one contract (not in Clenney)


@dataclass(frozen=True)
class LastRound:
    """The last round's special going-out rule (e.g. Joybells round 7: every card in 3 runs)."""

    round: int
    no_discard: bool
    all_cards_in_contract: bool


@dataclass(frozen=True)
class Scoring:
    round_score: RoundScore
    winner: Winner
    target: int | None
    round_win_bonus: int  # points taken off a player's total per round won (Le May I: 20)
    missing_card_penalty: int  # incorrect hand: points per missing card (001 "Incorrect hand")

    def as_dict(self) -> dict[str, Any]:
        """As the API and the variant files write it (the target is said apart: only ROY has one)."""
        return {"round_score": str(self.round_score), "winner": str(self.winner),
                "round_win_bonus": self.round_win_bonus, "missing_card_penalty": self.missing_card_penalty}


@dataclass(frozen=True)
class MayIRules:
    allowed: bool
    penalty_cards_per_discard: int = 1
    multiple_discards: bool = False
    discard_pile_dead: bool = False
    no_lay_down_until_next_turn: bool = False
    none_in_last_rounds: int = 0  # a house variant's own "no May I in the last N rounds"

    def as_dict(self) -> dict[str, Any]:
        """As the API and the variant files write it: ``none_in_last_rounds`` only when it is set."""
        data = asdict(self)
        if not self.none_in_last_rounds:
            del data["none_in_last_rounds"]
        return data


@dataclass(frozen=True)
class HouseOption:
    """A visible house rule with a stable key, stored with each game."""

    key: str
    label: str
    source: Citation
    adds_wild: tuple[str, ...] = ()
    no_may_i_in_last_rounds: int = 0


@dataclass(frozen=True)
class RoyRules:
    aces: AceRule
    suit_changer: str  # rank that changes suit when played alone (J)
    draw_card: str  # rank that makes the next player draw (A)
    draw_per_card: int  # 2, stacking: 2, 4, 6, 8
    skip_card: str  # card that makes the next player draw and lose the turn (KS)
    skip_draw: int  # 7


@dataclass(frozen=True)
class Variant:
    """One variant's rules, entirely as data."""

    id: str
    name: str
    kind: GameKind
    order: int
    summary: str
    players: PlayerRange
    deck_steps: tuple[DeckStep, ...]
    jokers_per_deck: int
    cards_dealt: int
    deal_at_a_time: int
    scoring: Scoring
    may_i: MayIRules
    stock_exhausted: StockExhausted
    sources: Mapping[str, Citation]
    melds: MeldRules | None = None
    contract_kind: ContractKind | None = None
    rounds: tuple[Round, ...] = ()
    last_round: LastRound | None = None
    points: Mapping[str, int] = field(default_factory=dict)
    house_options: Mapping[str, HouseOption] = field(default_factory=dict)
    roy: RoyRules | None = None
    house_rules: Mapping[str, bool] = field(default_factory=dict)  # options in force
    based_on: str | None = None  # a house variant (rules/house.py): the built-in variant it changes
    # Its own sentences for the rules pages (``[notes]`` in its file: rules/reference.py reads them)
    # and whether the dealer turns up the first discard (``deal.turn_up``): a house variant deals as
    # its base (rules/house.py ``apply_changes``); neither is part of a house variant's rules nor of equality.
    notes: Mapping[str, tuple[str, ...]] = field(default_factory=dict, compare=False)
    turn_up: bool = field(default=True, compare=False)

    @property
    def family(self) -> str:
        """The built-in variant whose prose and citations apply: the base of a house variant."""
        return self.based_on or self.id

    # ----- the kind of game -----------------------------------------------------------------
    @property
    def is_roy(self) -> bool:
        """ROY (a shedding game): hands, not rounds; the winner of a hand scores the cards the others hold."""
        return self.kind is GameKind.SHEDDING

    @property
    def is_contract_game(self) -> bool:
        """A May I rummy: contracts, melds and penalty points."""
        return self.kind is GameKind.CONTRACT

    def meld_rules(self) -> MeldRules:
        """The rules of its sets and runs; a :class:`VariantError` for a game without them (ROY)."""
        if self.melds is None:
            raise VariantError(_("%(variant)s has no sets or runs (it is not a contract game)", variant=self.name),
                               "variant", self.id)
        return self.melds

    @property
    def lowest_wins(self) -> bool:
        """A May I rummy: each round's penalty points count against the player."""
        return self.scoring.round_score is RoundScore.PENALTY

    # ----- the pack -------------------------------------------------------------------------
    @property
    def starter_cards(self) -> int:
        """The cards turned up from the stock to start the discard pile: one, or none where the
        variant's file says ``deal.turn_up = false`` (Le May I, source 003, §2)."""
        return 1 if self.turn_up else 0

    @property
    def has_jokers(self) -> bool:
        return self.jokers_per_deck > 0

    def decks_for(self, players: int) -> int:
        self.check_players(players)
        for step in self.deck_steps:
            if players <= step.up_to:
                return step.decks
        raise VariantError(_("no deck rule for %(players)s players in %(name)s", players=players, name=self.name),
                           "players", players)

    @property
    def max_decks(self) -> int:
        """The most decks this variant ever uses (for the largest table)."""
        return max(step.decks for step in self.deck_steps)

    def pack(self, players: int) -> Pack:
        """Decks, jokers and cards for ``players`` players (docs/rulings.md, "decks" and "jokers")."""
        decks = self.decks_for(players)
        jokers = decks * self.jokers_per_deck
        return Pack(decks=decks, jokers=jokers, cards=decks * 52 + jokers)

    def check_players(self, players: object, field: str = "players") -> int:
        if not isinstance(players, int) or isinstance(players, bool):
            raise VariantError(_("%(value)s is not a whole number of players", value=repr(players)), field, players)
        if players not in self.players:
            raise VariantError(
                _("%(players)s players is out of range: %(name)s is for %(min)s to %(max)s players",
                  players=players, name=self.name, min=self.players.min, max=self.players.max),
                field,
                players,
            )
        return players

    def check_card(self, card: Card, field: str | None = None) -> Card:
        """A card code that cannot exist in this variant's pack (a joker without jokers) is an input error."""
        if card.is_joker and not self.has_jokers:
            raise CardError(_("'JK' cannot be used: %(name)s is played without jokers", name=self.name), field, "JK")
        return card

    def parse_cards(self, codes: object, field: str = "cards", *, rank_alone: bool = False) -> list[Card]:
        from .cards import parse_cards

        cards = parse_cards(codes, field, rank_alone=rank_alone)
        for i, card in enumerate(cards):
            self.check_card(card, f"{field}[{i}]")
        return cards

    # ----- rounds and contracts -------------------------------------------------------------
    @property
    def number_of_rounds(self) -> int | None:
        """Rounds in a game, or ``None`` when the game runs to a target score (ROY)."""
        return len(self.rounds) if self.rounds else None

    def round(self, number: object, field: str = "round") -> Round:
        if not self.rounds:
            raise VariantError(_("%(name)s has no numbered contract rounds", name=self.name), field, number)
        if not isinstance(number, int) or isinstance(number, bool):
            raise VariantError(_("%(value)s is not a round number", value=repr(number)), field, number)
        if not 1 <= number <= len(self.rounds):
            raise VariantError(
                _("round %(number)s is out of range: %(name)s has rounds 1 to %(last)s",
                  number=number, name=self.name, last=len(self.rounds)), field, number
            )
        return self.rounds[number - 1]

    def is_last_round(self, number: int) -> bool:
        return bool(self.rounds) and number == len(self.rounds)

    # ----- cards: wilds and points -----------------------------------------------------------
    def is_wild(self, card: Card) -> bool:
        return self.melds is not None and self.melds.wild.matches(card)

    @property
    def wild_cards(self) -> list[str]:
        return list(self.melds.wild.tokens) if self.melds else []

    def card_points(self, card: Card) -> int:
        return self.points[card.rank if card.rank is not None else JOKER]  # (no rank: a joker)

    # ----- May I -----------------------------------------------------------------------------
    def may_i_allowed_in(self, round_number: int | None) -> bool:
        """May I is off in the last N rounds when a house option says so (001 "Rule Variations")."""
        if not self.may_i.allowed:
            return False
        last = self.no_may_i_in_last_rounds
        if last and round_number is not None and self.rounds:
            return round_number <= len(self.rounds) - last
        return True

    @property
    def no_may_i_in_last_rounds(self) -> int:
        """The last rounds without May I: the house variant's own rule or a house option in force."""
        return max([self.may_i.none_in_last_rounds]
                   + [opt.no_may_i_in_last_rounds for key, opt in self.house_options.items() if self.house_rules.get(key)])

    # ----- house rules ------------------------------------------------------------------------
    def with_house_rules(self, options: object, field: str = "house_rules") -> "Variant":
        """This variant with the given house options in force; unknown keys are input errors."""
        if options is None:
            options = {}
        if not isinstance(options, Mapping):
            raise VariantError(_("%(value)s is not an object of house options", value=repr(options)), field, options)
        chosen: dict[str, bool] = {}
        for key, value in options.items():
            if key not in self.house_options:
                known = ", ".join(self.house_options) or _("none")
                raise VariantError(
                    _("%(key)s is not a house option of %(name)s (known: %(known)s)",
                      key=repr(key), name=self.name, known=known), f"{field}.{key}", key
                )
            if not isinstance(value, bool):
                raise VariantError(_("%(value)s is not true or false", value=repr(value)), f"{field}.{key}", value)
            chosen[key] = value
        variant = replace(self, house_rules=chosen)
        extra = tuple(t for key, on in chosen.items() if on for t in self.house_options[key].adds_wild)
        if extra and self.melds is not None:
            tokens = self.melds.wild.tokens + tuple(t for t in extra if t not in self.melds.wild.tokens)
            variant = replace(variant, melds=replace(self.melds, wild=WildSpec(tokens)))
        return variant

    def cite(self, rule: str) -> Citation:
        """The source of a rule of this variant (``rulings`` when the variant's source is silent)."""
        return self.sources.get(rule) or Citation("rulings", "Built-in variants")

    # ----- the API shape ----------------------------------------------------------------------
    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "summary": self.summary,
            "players": {"min": self.players.min, "max": self.players.max},
            "decks": [{"up_to": s.up_to, "decks": s.decks} for s in self.deck_steps],
            "jokers_per_deck": self.jokers_per_deck,
            "cards_dealt": self.cards_dealt,
            "deal_at_a_time": self.deal_at_a_time,
            "rounds": [r.as_dict() for r in self.rounds],
            "card_points": dict(self.points),
            "wild_cards": self.wild_cards,
            "scoring": self.scoring.as_dict(),
            "may_i": self.may_i.as_dict(),
            "stock_exhausted": str(self.stock_exhausted),
            "house_options": [
                {"key": o.key, "label": o.label, "source": o.source.as_dict()} for o in self.house_options.values()
            ],
            "sources": {k: c.as_dict() for k, c in self.sources.items()},
        }
        if self.based_on is not None:
            data["based_on"] = self.based_on
        if self.melds is not None:
            data["melds"] = {**asdict(self.melds), "aces": str(self.melds.aces)}
            del data["melds"]["wild"]  # said as "wild_cards"
            data["contract_kind"] = str(self.contract_kind)
        if self.last_round is not None:
            data["last_round"] = asdict(self.last_round)
        if self.scoring.target is not None:
            data["target"] = self.scoring.target
        if self.roy is not None:
            data["roy"] = {**asdict(self.roy), "aces": str(self.roy.aces)}
        return data


# ----- loading ------------------------------------------------------------------------------

_E = TypeVar("_E", bound=StrEnum)  # the enum a value of a variant file is read as

def _need(table: Mapping[str, Any], key: str, where: str, kind: type | tuple[type, ...] = object) -> Any:
    if key not in table:
        raise VariantError(_("missing %(field)s", field=f"{where}.{key}"), f"{where}.{key}")
    value = table[key]
    if kind is int and (not isinstance(value, int) or isinstance(value, bool)):
        raise VariantError(_("%(field)s must be a whole number, not %(value)s", field=f"{where}.{key}", value=repr(value)), f"{where}.{key}", value)
    if kind is not object and kind is not int and not isinstance(value, kind):
        raise VariantError(_("%(field)s has the wrong type: %(value)s", field=f"{where}.{key}", value=repr(value)), f"{where}.{key}", value)
    return value


def _enum(cls: type[_E], value: Any, where: str) -> _E:
    try:
        return cls(value)
    except ValueError:
        allowed = ", ".join(repr(str(e)) for e in cls)
        raise VariantError(_("%(field)s must be one of %(allowed)s, not %(value)s", field=where, allowed=allowed,
                             value=repr(value)), where, value) from None


def _citation(value: Any, where: str) -> Citation:
    if not isinstance(value, Mapping) or "file" not in value:
        raise VariantError(_("%(field)s must be { file = ..., section = ... }", field=where), where, value)
    return Citation(str(value["file"]), str(value.get("section", "")))


def wild_tokens(tokens: Any, where: str) -> tuple[str, ...]:
    if not isinstance(tokens, list):
        raise VariantError(_("%(field)s must be a list", field=where), where, tokens)
    out = []
    for token in tokens:
        token = str(token).upper()
        if token != JOKER and token not in RANKS:
            token = parse_card(token, where).code
        out.append(token)
    return tuple(out)


def _notes(table: Any) -> dict[str, tuple[str, ...]]:
    """``[notes]``: each key a sentence or a list of sentences (the rules pages' own words)."""
    if not isinstance(table, Mapping):
        raise VariantError(_("notes: %(value)r is not a table of sentences", value=table), "notes", table)
    out = {}
    for key, value in table.items():
        sentences = [value] if isinstance(value, str) else value
        if not isinstance(sentences, list) or not all(isinstance(t, str) for t in sentences):
            raise VariantError(_("notes.%(key)s: %(value)r is not a sentence or a list of sentences", key=key,
                                 value=value), f"notes.{key}", value)
        out[str(key)] = tuple(sentences)
    return out


# How each kind of game scores a round: the kind and the scoring never disagree.
_ROUND_SCORE_OF = {GameKind.CONTRACT: RoundScore.PENALTY, GameKind.SHEDDING: RoundScore.CARDS_LEFT_TO_WINNER}


def variant_from_dict(data: Mapping[str, Any]) -> Variant:
    """Build and check a :class:`Variant` from its parsed definition."""
    vid = _need(data, "id", "variant", str)
    kind_text = _need(data, "kind", vid, str)
    if kind_text not in tuple(GameKind):
        raise VariantError(_("%(field)s must be 'contract' or 'shedding', not %(value)s", field=f"{vid}.kind",
                             value=repr(kind_text)), "kind", kind_text)
    kind = GameKind(kind_text)
    players = _need(data, "players", vid, dict)
    prange = PlayerRange(_need(players, "min", "players", int), _need(players, "max", "players", int))
    if not 1 <= prange.min <= prange.max:
        raise VariantError(_("%(id)s: players.min must be at most players.max", id=vid), "players", players)
    pack = _need(data, "pack", vid, dict)
    steps = tuple(
        DeckStep(_need(s, "up_to", "pack.decks", int), _need(s, "decks", "pack.decks", int))
        for s in _need(pack, "decks", "pack", list)
    )
    if not steps or steps[-1].up_to < prange.max:
        raise VariantError(_("%(id)s: pack.decks must cover up to %(max)s players", id=vid, max=prange.max), "pack.decks", steps)
    deal = _need(data, "deal", vid, dict)
    scoring = _scoring_from(vid, _need(data, "scoring", vid, dict))
    may_i = _may_i_from(data.get("may_i", {"allowed": False}))
    sources = {k: _citation(v, f"sources.{k}") for k, v in data.get("sources", {}).items()}
    house = _house_options_from(data.get("house_options", {}))
    jokers_per_deck = _need(pack, "jokers_per_deck", "pack", int)
    variant = Variant(
        id=vid,
        name=_need(data, "name", vid, str),
        kind=kind,
        order=int(data.get("order", 99)),
        summary=str(data.get("summary", "")),
        players=prange,
        deck_steps=steps,
        jokers_per_deck=jokers_per_deck,
        cards_dealt=_need(deal, "cards", "deal", int),
        deal_at_a_time=int(deal.get("at_a_time", 1)),
        scoring=scoring,
        may_i=may_i,
        stock_exhausted=_enum(StockExhausted, data.get("stock", {}).get("exhausted", "reshuffle"), "stock.exhausted"),
        sources=sources,
        house_options=house,
        based_on=data.get("based_on"),
        notes=_notes(data.get("notes", {})),
        turn_up=bool(deal.get("turn_up", True)),
    )
    if scoring.round_score is not _ROUND_SCORE_OF[kind]:
        raise VariantError(_("%(id)s: a %(kind)s game scores with scoring.round_score = %(expected)r, not %(value)r",
                             id=vid, kind=kind, expected=str(_ROUND_SCORE_OF[kind]), value=str(scoring.round_score)),
                           "scoring.round_score", str(scoring.round_score))
    if kind is GameKind.CONTRACT:
        return _contract_game(variant, data)
    return _shedding_game(variant, data)


def _scoring_from(vid: str, scoring_t: Mapping[str, Any]) -> Scoring:
    """The ``[scoring]`` table: how a round scores, who wins, and the bonus and penalty points."""
    scoring = Scoring(
        round_score=_enum(RoundScore, _need(scoring_t, "round_score", "scoring", str), "scoring.round_score"),
        winner=_enum(Winner, _need(scoring_t, "winner", "scoring", str), "scoring.winner"),
        target=scoring_t.get("target"),
        round_win_bonus=int(scoring_t.get("round_win_bonus", 0)),
        missing_card_penalty=int(scoring_t.get("missing_card_penalty", 0)),
    )
    if scoring.winner is Winner.FIRST_TO_TARGET and not isinstance(scoring.target, int):
        raise VariantError(_("%(id)s: a first-to-target game needs scoring.target", id=vid), "scoring.target")
    return scoring


def _may_i_from(may_i_t: Mapping[str, Any]) -> MayIRules:
    """The ``[may_i]`` table: whether a discard may be claimed out of turn, and at what cost."""
    return MayIRules(
        allowed=bool(may_i_t.get("allowed", False)),
        penalty_cards_per_discard=int(may_i_t.get("penalty_cards_per_discard", 1)),
        multiple_discards=bool(may_i_t.get("multiple_discards", False)),
        discard_pile_dead=bool(may_i_t.get("discard_pile_dead", False)),
        no_lay_down_until_next_turn=bool(may_i_t.get("no_lay_down_until_next_turn", False)),
        none_in_last_rounds=int(may_i_t.get("none_in_last_rounds", 0)),
    )


def _house_options_from(options: Mapping[str, Any]) -> dict[str, HouseOption]:
    """The ``[house_options]`` tables: the options a table may switch on, each with its source."""
    house = {}
    for key, opt in options.items():
        house[key] = HouseOption(
            key=key,
            label=str(_need(opt, "label", f"house_options.{key}", str)),
            source=_citation(opt.get("source", {"file": "house", "section": ""}), f"house_options.{key}.source"),
            adds_wild=wild_tokens(opt.get("adds_wild", []), f"house_options.{key}.adds_wild"),
            no_may_i_in_last_rounds=int(opt.get("no_may_i_in_last_rounds", 0)),
        )
    return house


def _contract_game(variant: Variant, data: Mapping[str, Any]) -> Variant:
    """A contract game's own rules: its melds, its rounds' contracts, the card points and the
    last round's conditions."""
    vid, jokers_per_deck = variant.id, variant.jokers_per_deck
    m = _need(data, "melds", vid, dict)
    melds = MeldRules(
        set_min=_need(m, "set_min", "melds", int),
        run_min=_need(m, "run_min", "melds", int),
        run_max=int(m.get("run_max", 13)),
        aces=_enum(AceRule, _need(m, "aces", "melds", str), "melds.aces"),
        wild=WildSpec(wild_tokens(m.get("wild", []), "melds.wild")),
        wilds_may_not_outnumber_naturals=bool(m.get("wilds_may_not_outnumber_naturals", False)),
        all_wild_set=bool(m.get("all_wild_set", False)),
        same_suit_runs=bool(m.get("same_suit_runs", True)),
    )
    if JOKER in melds.wild.tokens and not jokers_per_deck:
        raise VariantError(_("%(id)s: jokers are wild but the pack has none", id=vid), "melds.wild")
    c = _need(data, "contracts", vid, dict)
    rounds = tuple(
        Round(
            number=i,
            contract=Contract(int(r.get("sets", 0)), int(r.get("runs", 0))),
            min_cards=int(r.get("sets", 0)) * melds.set_min + int(r.get("runs", 0)) * melds.run_min,
        )
        for i, r in enumerate(_need(c, "rounds", "contracts", list), start=1)
    )
    if not rounds:
        raise VariantError(_("%(id)s: a contract game needs at least one round", id=vid), "contracts.rounds")
    points = {str(k).upper(): int(v) for k, v in _need(data, "points", vid, dict).items()}
    missing = [r for r in RANKS if r not in points] + ([JOKER] if jokers_per_deck and JOKER not in points else [])
    if missing:
        raise VariantError(_("%(id)s: points has no value for %(cards)s", id=vid, cards=", ".join(missing)), "points", missing)
    last = data.get("last_round")
    last_round = None
    if last is not None:
        last_round = LastRound(
            round=_need(last, "round", "last_round", int),
            no_discard=bool(last.get("no_discard", True)),
            all_cards_in_contract=bool(last.get("all_cards_in_contract", False)),
        )
        if last_round.round != len(rounds):
            raise VariantError(_("%(id)s: last_round.round must be the last round (%(last)s)", id=vid, last=len(rounds)), "last_round")
    return replace(
        variant,
        melds=melds,
        contract_kind=_enum(ContractKind, _need(c, "kind", "contracts", str), "contracts.kind"),
        rounds=rounds,
        last_round=last_round,
        points=points,
    )


def _shedding_game(variant: Variant, data: Mapping[str, Any]) -> Variant:
    """A shedding game's own rules (ROY): which cards change the suit, make the next player draw or
    skip their turn, and how aces rank."""
    r = _need(data, "roy", variant.id, dict)
    return replace(
        variant,
        roy=RoyRules(
            aces=_enum(AceRule, r.get("aces", "high"), "roy.aces"),
            suit_changer=str(r.get("suit_changer", "J")),
            draw_card=str(r.get("draw_card", "A")),
            draw_per_card=int(r.get("draw_per_card", 2)),
            skip_card=str(r.get("skip_card", "KS")),
            skip_draw=int(r.get("skip_draw", 7)),
        ),
    )


def load_variant(text: str) -> Variant:
    """Load a variant from its TOML definition."""
    if too_deep(text):
        raise VariantError(_("not a variant file: its lists or tables are nested more than %(max)s deep",
                             max=MAX_DEPTH))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(_("not a valid variant definition: %(error)s", error=exc)) from None
    return variant_from_dict(data)


def _load_builtins() -> dict[str, Variant]:
    found = {}
    for entry in resources.files(__package__).joinpath("variants").iterdir():
        if entry.name.endswith(".toml"):
            variant = load_variant(entry.read_text(encoding="utf-8"))
            found[variant.id] = variant
    return dict(sorted(found.items(), key=lambda kv: (kv[1].order, kv[0])))


VARIANTS: dict[str, Variant] = _load_builtins()


def all_variants() -> list[Variant]:
    return list(VARIANTS.values())


def get_variant(variant_id: object, field: str = "variant") -> Variant:
    """The built-in variant with this id; :class:`VariantError` naming the id otherwise."""
    if isinstance(variant_id, str) and variant_id in VARIANTS:
        return VARIANTS[variant_id]
    known = ", ".join(VARIANTS)
    raise VariantError(_("%(value)s is not a known variant (known: %(known)s)", value=repr(variant_id), known=known),
                       field, variant_id)


def register_variant(variant: Variant) -> None:
    """Add a variant (e.g. a club's own, loaded with :func:`load_variant`)."""
    VARIANTS[variant.id] = variant
