"""Cards and card codes.

A card code is a rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` (``T`` also means 10) followed by a suit
``S H D C`` (or ``♠ ♥ ♦ ♣``), in any case; a joker is ``JK``. See docs/rulings.md, "Vocabulary".
Where only points are asked (the cards left in a hand), a rank alone (``K``, ``7``) is a card too:
a card's points never depend on its suit. Melds and ROY plays keep requiring the suit.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .errors import RulesInputError
from .words import N_, _

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
RANK_NAMES = {"A": N_("ace"), "J": N_("jack"), "Q": N_("queen"), "K": N_("king")}
RED_SUITS = frozenset({"H", "D"})
JOKER = "JK"

SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
# Text-presentation variants of the suit symbols and the "white" forms some keyboards produce.
SYMBOL_TO_SUIT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})

CARD_CODE_HELP = N_("rank A, 2-10, J, Q, K and suit S, H, D, C, or JK")


class CardError(RulesInputError):
    """A card code that is not a card, or a card that the variant's pack does not hold."""


@dataclass(frozen=True, order=True)
class Card:
    """One playing card. ``rank``/``suit`` are ``None`` for a joker; ``suit`` alone is ``None`` for a
    card given by its rank only, where only its points count (see :func:`parse_card`)."""

    rank: str | None
    suit: str | None

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def code(self) -> str:
        return JOKER if self.is_joker else f"{self.rank}{self.suit or ''}"

    @property
    def number(self) -> int:
        """The rank's position with aces low: A=1, 2..10, J=11, Q=12, K=13. A joker is 0."""
        return 0 if self.is_joker else RANKS.index(self.rank) + 1

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def name(self) -> str:
        """The card in words, in the reader's language ("ace of hearts", "as de cœur")."""
        if self.rank is None:  # a joker
            return _("joker")
        rank = _(RANK_NAMES[self.rank]) if self.rank in RANK_NAMES else self.rank
        return _("%(rank)s of %(suit)s", rank=rank, suit=_(SUIT_NAMES[self.suit])) if self.suit else rank

    @property
    def label(self) -> str:
        """Short display form with a suit symbol, e.g. ``10♥``."""
        return "Joker" if self.is_joker else f"{self.rank}{SUIT_SYMBOLS.get(self.suit or '', '')}"

    def __str__(self) -> str:
        return self.code


def joker() -> Card:
    return Card(None, None)


def parse_card(text: object, field: str | None = None, *, rank_alone: bool = False) -> Card:
    """Parse one card code; raise :class:`CardError` naming the code when it is not a card.
    With ``rank_alone`` (only the card's points are asked), a rank without a suit is a card too."""
    if not isinstance(text, str):
        raise CardError(_("%(value)r is not a card code (expected a string such as '10H' or 'JK')", value=text), field, text)
    return read_code(text, ENGLISH, field, rank_alone=rank_alone)


@dataclass(frozen=True)
class Letters:
    """The letters card codes are typed with in one language (the French ones: rules/card_letters.py)."""

    jokers: tuple[str, ...]  # the codes of a joker
    ranks: Mapping[str, str]  # a typed rank read as another ("T" is 10); any other rank is read as itself
    suits: Mapping[str, str]  # a typed suit letter or symbol, and the suit it is
    help: str  # the letters, as a refusal reminds the player of them


ENGLISH = Letters((JOKER, "JOKER"), {"T": "10"}, {**{suit: suit for suit in SUITS}, **SYMBOL_TO_SUIT}, CARD_CODE_HELP)


def read_code(text: str, letters: Letters, field: str | None = None, *, rank_alone: bool = False) -> Card:
    """The card ``text`` is in ``letters``, in any case (a rank alone with ``rank_alone``);
    :class:`CardError` naming ``text`` when it is not a card."""
    # Phones often send a suit symbol followed by an emoji/text presentation selector (U+FE0F/FE0E).
    code = text.strip().replace("\ufe0f", "").replace("\ufe0e", "").upper()
    if code in letters.jokers:
        return joker()
    if len(code) >= 2:
        rank, suit = letters.ranks.get(code[:-1], code[:-1]), letters.suits.get(code[-1])
        if rank in RANKS and suit is not None:
            return Card(rank, suit)
    rank = letters.ranks.get(code, code)
    if rank in RANKS:
        if rank_alone:
            return Card(rank, None)
        raise needs_a_suit(text, letters, field)
    raise CardError(_("%(value)r is not a card (%(help)s)", value=text, help=_(letters.help)), field, text)


def needs_a_suit(text: str, letters: Letters, field: str | None) -> CardError:
    """The refusal of a rank alone (``text``) where the card's suit matters."""
    return CardError(_("%(value)r needs a suit here: the suit matters (%(help)s)", value=text, help=_(letters.help)),
                     field, text)


def parse_cards(codes: object, field: str = "cards", *, rank_alone: bool = False) -> list[Card]:
    """Parse a list of card codes; errors name the position, e.g. ``cards[2]``."""
    if not isinstance(codes, (list, tuple)):
        raise CardError(_("%(value)r is not a list of card codes", value=codes), field, codes)
    return [parse_card(code, f"{field}[{i}]", rank_alone=rank_alone) for i, code in enumerate(codes)]


def standard_deck() -> list[Card]:
    """One 52-card deck, without jokers."""
    return [Card(rank, suit) for suit in SUITS for rank in RANKS]
