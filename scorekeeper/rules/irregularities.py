"""The irregularity guide as data: for each irregularity a short decision tree of questions that ends
in a ruling, with its citation and the anchor of the rules page that states it.

The rulings are those of source 001 ("Rules of play") and source 004 ("Rules of play"), which
shared/rulings.md applies to every penalty-scoring variant. Where a variant's own source says
nothing, the ruling says so and offers the Continental one (source 001) as a house rule. The same
trees give the "Irregularities" section of each rules page, so the rulings are written once.

Pure module: no Flask.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from .errors import RulesInputError
from .variants import SOURCE_KEYS, SOURCE_TITLES, Citation, StockExhausted, Variant


@dataclass(frozen=True)
class Answer:
    key: str
    label: str
    to: str  # the id of the next node


@dataclass(frozen=True)
class Question:
    id: str
    text: str
    answers: tuple[Answer, ...]
    kind: str = "question"

    def answer(self, key: str) -> Answer | None:
        return next((a for a in self.answers if a.key == key), None)


@dataclass(frozen=True)
class Ruling:
    id: str
    title: str  # the case, e.g. "Caught before the discard"
    steps: tuple[str, ...]
    citation: Citation
    anchor: str
    silent_in: str | None = None  # the variant's own source when it says nothing (a house rule)
    house_note: str | None = None
    see: tuple[str, ...] = ()  # other topics that may apply next
    tool: str | None = None  # a calculator that helps ("hand", "meld")
    kind: str = "ruling"


Node = Question | Ruling


def Q(id: str, text: str, *answers: tuple[str, str, str]) -> Question:
    return Question(id, text, tuple(Answer(*a) for a in answers))


# Which irregularities each source settles (file id -> topic -> section of that file).
COVERAGE: dict[str, dict[str, str]] = {
    "001": {
        "out-of-turn": "Play out of turn",
        "illegal-draw": "Illegal Draw",
        "premature-discard": "Premature discard",
        "incorrect-hand": "Incorrect hand",
        "re-deal": "Re-deal",
        "laid-down-illegally": "Cards laid down illegally",
        "scoring-errors": "Scoring errors",
        "player-leaving": "Incomplete hands and games",
        "missing-score": "Incomplete hands and games",
    },
    "004": {
        "illegal-draw": "Illegal draw",
        "incorrect-hand": "Incorrect hand",
        "re-deal": "Re-deal",
        "laid-down-illegally": "Cards laid down illegally",
        "scoring-errors": "Scoring errors",
    },
}


def _own(v: Variant) -> str:
    return v.cite("deal").file


@dataclass(frozen=True)
class Topic:
    key: str  # also the anchor on the rules page
    title: str
    prompt: str  # what the players are arguing about, in one line
    build: Callable[[Variant, "Ctx"], dict[str, Node]]
    for_shedding: bool = True
    own_section: str | None = None  # a topic with its own rules-page section (the stock)

    def citation(self, v: Variant) -> tuple[Citation, str | None]:
        """(the citation of the ruling, the variant's own source when that source is silent)."""
        if self.key == "stock":
            c = v.cite("stock")
            if c.file in SOURCE_KEYS:
                return c, None
            if v.is_contract_game:
                return Citation("001", "Stock pile depletion"), _own(v)
            return c, _own(v)
        own = _own(v)
        if self.key in COVERAGE.get(own, {}):
            return Citation(own, COVERAGE[own][self.key]), None
        return Citation("001", COVERAGE["001"].get(self.key, "Rules of play")), own

    def is_silent(self, v: Variant) -> bool:
        return self.citation(v)[1] is not None

    def nodes(self, v: Variant) -> dict[str, Node]:
        cite, silent_in = self.citation(v)
        return self.build(v, Ctx(v, self, cite, silent_in))

    def start(self, v: Variant) -> Node:
        return next(iter(self.nodes(v).values()))

    def rulings(self, v: Variant) -> list[Ruling]:
        return [n for n in self.nodes(v).values() if isinstance(n, Ruling)]

    def reference(self, v: Variant):
        """This topic as a subsection of the variant's rules page."""
        from .reference import Cases, HouseNote, Para, Section

        cite, silent_in = self.citation(v)
        rulings = self.rulings(v)
        cases = tuple((r.title, " ".join(r.steps)) for r in rulings)
        blocks: list = [Para(self.prompt), Cases(cases)]
        if silent_in is not None:
            blocks.append(HouseNote(rulings[0].house_note or "", cite))
        return Section(self.key, self.title, tuple(blocks), (cite,), tool="irregularities")


@dataclass(frozen=True)
class Ctx:
    v: Variant
    topic: Topic
    cite: Citation
    silent_in: str | None

    def R(self, id: str, title: str, *steps: str, see: tuple[str, ...] = (), tool: str | None = None,
          anchor: str | None = None) -> Ruling:
        note = None
        if self.silent_in is not None:
            own = SOURCE_TITLES.get(self.silent_in, self.silent_in)
            if self.cite.file == "001":
                note = (f"The {self.v.name} rules ({own}) say nothing about this. This is the Continental "
                        f"ruling ({self.cite.label}), which scorekeeper applies as a house rule.")
            else:
                note = (f"The {self.v.name} rules ({own}) say nothing about this. This is scorekeeper's house "
                        f"rule ({self.cite.label}).")
        return Ruling(id, title, tuple(steps), self.cite, anchor or self.topic.own_section or self.topic.key,
                      self.silent_in, note, see, tool)


# ----- the trees -----------------------------------------------------------------------------------

def _out_of_turn(v: Variant, c: Ctx) -> dict[str, Node]:
    return {n.id: n for n in (
        Q("start", "Had the player who went out of turn already discarded before anyone stopped them?",
          ("yes", "Yes, they had discarded", "stands"), ("no", "No, they were stopped first", "drew")),
        Q("drew", "Had they drawn the top card of the stock and put it into their hand?",
          ("yes", "Yes, it is in their hand", "too-late"), ("no", "No", "undo")),
        c.R("stands", "Not stopped before the discard",
            "The play counts as if it had been their turn.",
            "Every player who was jumped over loses that turn; play continues from the offender's left."),
        c.R("too-late", "Stock card already taken into the hand",
            "It is too late to put right: the play counts as if it had been their turn.",
            "The players who were jumped over lose their turn."),
        c.R("undo", "Caught in time",
            "The offender puts back the card they drew and picks up any cards they put on the table.",
            "The turn goes back to the player it belonged to.",
            "If the offender saw a card they had no right to see, the illegal draw ruling applies as well.",
            see=("illegal-draw",)),
    )}


def _illegal_draw(v: Variant, c: Ctx) -> dict[str, Node]:
    if c.cite.file == "004":
        one = c.R("one", "One card seen",
                  "The card that was seen is turned face up on top of the stock.",
                  "Play goes on normally; the next player may draw it. (The Clenney rules do not offer "
                  "pushing it back into the stock.)")
    else:
        one = c.R("one", "One card seen",
                  "The card that was seen is turned face up on top of the stock.",
                  "The next player in turn decides: draw it, or have it slid face down into the middle "
                  "of the stock.",
                  "Then play goes on as if nothing had happened.")
    return {n.id: n for n in (
        Q("start", "Has the player who drew wrongly (out of turn, or more than one stock card) "
                   "discarded already?",
          ("yes", "Yes, they have discarded", "late"), ("no", "No", "how-many")),
        Q("how-many", "How many cards did they see that they should not have?",
          ("one", "One card", "one"), ("several", "More than one", "several")),
        c.R("late", "Found after their discard",
            "The draw itself can no longer be put right.",
            "If their hand now holds the wrong number of cards, use the incorrect hand ruling.",
            see=("incorrect-hand",)),
        one,
        c.R("several", "Several cards seen",
            "The cards that were seen go face up on top of the stock.",
            "As long as any of them remain there, each player chooses among three draws instead of two: "
            "the top face-up card, the first face-down card of the stock, or the last discard."),
    )}


def _premature_discard(v: Variant, c: Ctx) -> dict[str, Node]:
    return {n.id: n for n in (
        Q("start", "What went wrong?",
          ("no-draw", "They discarded without drawing first", "next-drew"),
          ("two", "They discarded two or more cards", "next-took")),
        Q("next-drew", "Has the next player already drawn?",
          ("yes", "Yes", "short"), ("no", "No", "draw-now")),
        Q("next-took", "Has the next player drawn the extra discard, or already finished their turn?",
          ("yes", "Yes", "stays"), ("no", "No", "take-back")),
        c.R("draw-now", "Caught before the next player drew",
            "The player now draws from the stock to bring their hand back to the right size.",
            "They may lay no cards on the table after that discard."),
        c.R("short", "Next player had already drawn",
            "Too late to draw now: the hand is short, and the incorrect hand ruling applies.",
            see=("incorrect-hand",)),
        c.R("take-back", "Extra discard still on top",
            "The player may take back either of the cards they discarded."),
        c.R("stays", "Extra discard already drawn or played past",
            "The discards stay where they are.",
            "If the player's hand is now short, the incorrect hand ruling applies.",
            see=("incorrect-hand",)),
    )}


def _incorrect_hand(v: Variant, c: Ctx) -> dict[str, Node]:
    fine = v.scoring.missing_card_penalty or 10
    return {n.id: n for n in (
        Q("start", "When was the wrong number of cards found?",
          ("during", "During the round", "during"),
          ("after", "When someone went out", "after"),
          ("out", "It is the player who went out who had too few", "went-out")),
        Q("during", "Too many cards or too few?",
          ("many", "Too many", "many"), ("few", "Too few", "few")),
        Q("after", "Too many cards or too few?",
          ("many", "Too many", "count-all"), ("few", "Too few", "charge")),
        c.R("many", "Too many, found during the round",
            "On each of their turns the player discards without drawing, until the hand is the right size.",
            "While the hand is wrong they may not lay any cards down."),
        c.R("few", "Too few, found during the round",
            "On each of their turns the player draws without discarding, one card a turn, until the hand is "
            "the right size.",
            "While the hand is wrong they may not lay any cards down."),
        c.R("count-all", "Too many, when someone went out",
            "The player simply counts every card they hold."),
        c.R("charge", "Too few, when someone went out",
            f"The player counts the cards they hold and pays {fine} more points for each card missing.",
            tool="hand"),
        c.R("went-out", "The player who went out had too few",
            "They take back every card they laid on the table in that turn.",
            "The round is not over: play goes on."),
    )}


def _re_deal(v: Variant, c: Ctx) -> dict[str, Node]:
    return {n.id: n for n in (
        Q("start", "What went wrong with the deal?",
          ("exposed", "More than one card was shown while dealing, or turned up face up in the pack", "again"),
          ("one", "Exactly one card was shown", "one"),
          ("count", "A player was dealt the wrong number of cards", "count"),
          ("pack", "The pack is wrong (cards missing or too many)", "pack")),
        Q("count", "Has that player already drawn in their first turn?",
          ("no", "Not yet", "demand"), ("yes", "Yes", "too-late")),
        c.R("again", "More than one card shown", "The same dealer shuffles and deals again."),
        c.R("one", "A single card shown",
            "No re-deal: the rule asks for one only when more than one card is shown. Play on."),
        c.R("demand", "Wrong count, noticed before their first draw",
            "That player may insist on a new deal, by the same dealer."),
        c.R("too-late", "Wrong count, noticed after their first draw",
            "It is too late to ask for a new deal; the incorrect hand ruling applies.",
            see=("incorrect-hand",)),
        c.R("pack", "The pack is wrong",
            "Deal again with a correct pack as soon as it is noticed, at whatever point of the game.",
            "Scores of the rounds already finished stand."),
    )}


def _laid_down(v: Variant, c: Ctx) -> dict[str, Node]:
    return {n.id: n for n in (
        Q("start", "Is the set or run correct apart from some cards that do not belong in it?",
          ("yes", "Yes, only some extra cards are wrong", "extra"),
          ("no", "No, the meld itself is wrong", "whole")),
        c.R("extra", "Extra cards in a good meld",
            "Whatever does not belong goes back into the hand of the player who put it there, as soon as "
            "someone notices.",
            "Cards other players have added to that meld since then stay on the table.",
            "Then play carries on normally."),
        c.R("whole", "A meld that is wrong in itself",
            "Check it with the meld checker first.",
            "The rule only covers extra cards in a meld that is otherwise good. While it is still the same "
            "turn the player may pick up the cards laid down this turn and lay them down properly; cards "
            "put down in earlier turns cannot be moved (Continental Rummy, encyclopedia article: The play). Anything beyond that is for "
            "the table to agree.",
            tool="meld"),
    )}


def _scoring_errors(v: Variant, c: Ctx) -> dict[str, Node]:
    return {n.id: n for n in (
        Q("start", "What is wrong?",
          ("count", "A hand was counted wrongly", "mixed"),
          ("sheet", "A score on the sheet is wrong (adding up, wrong round or column)", "sheet")),
        Q("mixed", "Have that hand's cards already been mixed with other cards (gathered for the next deal)?",
          ("yes", "Yes", "stands"), ("no", "No, the hand is still there", "recount")),
        c.R("stands", "Hand already mixed in",
            "The count can no longer be corrected: the score stands."),
        c.R("recount", "Hand still on the table",
            "Count the hand again (the hand calculator helps) and put the right score down.",
            tool="hand"),
        c.R("sheet", "Mistake on the score sheet",
            "If nobody disputed that score when it was written, the players may agree to correct it at any "
            "time.",
            "scorekeeper keeps every correction with the old score, the new one and the reason given."),
    )}


def _stock(v: Variant, c: Ctx) -> dict[str, Node]:
    if v.stock_exhausted is StockExhausted.TURN_OVER_ONCE_THEN_END:
        return {n.id: n for n in (
            Q("start", "Has the stock already run out once in this round?",
              ("no", "No, this is the first time", "turn-over"), ("yes", "Yes, for the second time", "end")),
            c.R("turn-over", "First time",
                "Turn the discard pile over without shuffling; it is the new stock. Play on."),
            c.R("end", "Second time",
                "The round ends with nobody out.",
                "Every player scores the cards they hold, as if someone had gone out.",
                tool="hand"),
        )}
    if v.is_contract_game:
        return {"reshuffle": c.R("reshuffle", "Stock used up",
                                 "Shuffle the discard pile and use it as a new stock; do it again whenever needed.")}
    return {"reshuffle": c.R("reshuffle", "Stock used up",
                             "Leave the top card of the discard pile in place; shuffle the rest and use them as a "
                             "new stock.")}


def _player_leaving(v: Variant, c: Ctx) -> dict[str, Node]:
    if not v.is_contract_game:
        return {n.id: n for n in (
            Q("start", "How many players are left to carry on?",
              ("two", "Two or more", "play-on"), ("one", "Only one", "ends")),
            c.R("play-on", "Two or more remain",
                "The others play on to the target; the player who left keeps the points they had and cannot win."),
            c.R("ends", "One remains", "The game ends there, unfinished."),
        )}
    return {n.id: n for n in (
        Q("start", "Is everyone stopping, to finish the game another day?",
          ("yes", "Yes, the whole table", "suspend"), ("no", "No, one player is leaving", "others")),
        Q("others", "How many of the other players will play the game to the end?",
          ("two", "Two or more", "total"), ("fewer", "Fewer than two", "void")),
        c.R("suspend", "Stopping to finish later",
            "A game may be stopped between rounds if everyone agrees.",
            "It may go on again only with all the same players, sitting in the same order, in the same "
            "calendar year as it began."),
        c.R("total", "One player leaves, two or more finish",
            "The player who left gets, as their game total, the two highest final totals of the others added "
            "together.",
            "Until the game ends scorekeeper shows that total as provisional."),
        c.R("void", "Fewer than two finish",
            "The game is void: its results count in no statistics. scorekeeper keeps it on record, marked void."),
    )}


def _missing_score(v: Variant, c: Ctx) -> dict[str, Node]:
    return {n.id: n for n in (
        Q("start", "In that round, do at least two other players have a score written down? "
                   "(The 0 of whoever went out counts.)",
          ("yes", "Yes", "fill"), ("no", "No", "replay")),
        c.R("fill", "Two or more other scores",
            "The player with no score gets the two highest scores of the others in that round, added together."),
        c.R("replay", "Fewer than two other scores", "That round is played again."),
    )}


TOPICS: tuple[Topic, ...] = (
    Topic("out-of-turn", "Play out of turn", "Someone took a turn that was not theirs.", _out_of_turn),
    Topic("illegal-draw", "Illegal draw",
          "Someone saw or drew a card they were not entitled to.", _illegal_draw),
    Topic("premature-discard", "Premature discard",
          "Someone discarded before drawing, or threw away more than one card.", _premature_discard,
          for_shedding=False),
    Topic("incorrect-hand", "Incorrect hand", "Someone holds too many or too few cards.", _incorrect_hand,
          for_shedding=False),
    Topic("re-deal", "Re-deal", "Something went wrong with the deal.", _re_deal),
    Topic("laid-down-illegally", "Cards laid down illegally", "Cards on the table do not make a proper meld.",
          _laid_down, for_shedding=False),
    Topic("scoring-errors", "Scoring errors", "A score was counted or written down wrongly.", _scoring_errors),
    Topic("stock", "Stock running out", "The stock is used up before anyone has gone out.", _stock,
          own_section="stock"),
    Topic("player-leaving", "A player leaving", "A player cannot finish the game.", _player_leaving),
    Topic("missing-score", "A missing score", "A player has no score for a round they played.", _missing_score,
          for_shedding=False),
)


def topics(v: Variant, include_own_sections: bool = False) -> list[Topic]:
    """The irregularities the guide covers for ``v`` (the stock has its own rules-page section)."""
    return [t for t in TOPICS
            if (v.is_contract_game or t.for_shedding) and (include_own_sections or t.own_section is None)]


def get_topic(v: Variant, key: object, field: str = "topic") -> Topic:
    for t in topics(v, include_own_sections=True):
        if t.key == key:
            return t
    known = ", ".join(t.key for t in topics(v, include_own_sections=True))
    raise RulesInputError(f"{key!r} is not an irregularity the guide covers for {v.name} (known: {known})",
                          field, key)


@dataclass(frozen=True)
class Walk:
    """Where the players are in a topic's tree after their answers so far."""

    topic: Topic
    trail: tuple[tuple[Question, Answer], ...]
    node: Node
    answers: tuple[str, ...] = field(default=())


def walk(v: Variant, topic_key: object, answers: Sequence[str] = ()) -> Walk:
    """Follow ``answers`` (answer keys) from the start of a topic's tree. An answer that does not fit
    the question reached is a :class:`RulesInputError` naming the step and the value."""
    topic = get_topic(v, topic_key)
    nodes = topic.nodes(v)
    node = next(iter(nodes.values()))
    trail = []
    for i, key in enumerate(answers):
        if not isinstance(node, Question):
            raise RulesInputError(f"{key!r}: the guide had already reached its ruling", f"step[{i}]", key)
        answer = node.answer(key)
        if answer is None:
            known = ", ".join(a.key for a in node.answers)
            raise RulesInputError(f"{key!r} is not an answer to “{node.text}” (answers: {known})", f"step[{i}]", key)
        trail.append((node, answer))
        node = nodes[answer.to]
    return Walk(topic, tuple(trail), node, tuple(answers))
