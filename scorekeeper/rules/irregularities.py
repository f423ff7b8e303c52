"""The irregularity guide as data: for each irregularity a short decision tree of questions that ends
in a ruling, with its citation and the anchor of the rules page that states it.

The rulings are those of source 001 ("Rules of play") and source 004 ("Rules of play"), which
docs/rulings.md applies to every penalty-scoring variant. Where a variant's own source says
nothing, the ruling says so and offers the Continental one (source 001) as a house rule. The same
trees give the "Irregularities" section of each rules page, so the rulings are written once.

Every sentence is marked with ``_`` where the tree is built (per call), so it is in the reader's
language; topic titles and prompts are module data, marked ``N_`` and translated when read.

ROY's own source has no irregularity rules, and ROY has no discard draws, melds or hand sizes to get
wrong: its guide keeps only what fits any card game (a deal to do again, a scoring error, a
player leaving, the stock running out), as docs/rulings.md "ROY's gaps" decides.

Pure module: no Flask.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from .blocks import Block, Cases, Para, Section
from .errors import RulesInputError
from .variants import SOURCE_KEYS, VARIANTS, Citation, StockExhausted, Variant, own_source, source_title
from .words import N_, _, ngettext


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


# Which irregularities each source settles (file id -> topic -> section of that file, the source's own
# heading: cited as written in every language).
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
    return own_source(v)


def _base_name(v: Variant) -> str:
    """The name of the variant whose rules a source wrote: a house variant's base, else its own."""
    return VARIANTS[v.family].name if v.family in VARIANTS else v.name


@dataclass(frozen=True)
class Topic:
    key: str  # also the anchor on the rules page
    title_text: str  # marked with N_; :attr:`title` is it in the reader's language
    prompt_text: str  # what the players are arguing about, in one line
    build: Callable[[Variant, "Ctx"], dict[str, Node]]
    for_shedding: bool = True
    own_section: str | None = None  # a topic with its own rules-page section (the stock)

    @property
    def title(self) -> str:
        return _(self.title_text)

    @property
    def prompt(self) -> str:
        return _(self.prompt_text)

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
        if self.key == "player-leaving" and not v.is_contract_game:
            # ROY has no rule for it: our ruling (docs/rulings.md), not Continental's two-highest-totals rule
            return Citation("rulings", "Laying down and laying off"), own
        if self.key == "re-deal" and not v.is_contract_game:
            # the one rummy answer every card game shares (docs/rulings.md, "ROY's gaps")
            return Citation("rulings", "ROY's gaps"), own
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

    def reference(self, v: Variant) -> Section:
        """This topic as a subsection of the variant's rules page."""
        cite, silent_in = self.citation(v)
        rulings = self.rulings(v)
        cases = tuple((r.title, " ".join(r.steps)) for r in rulings)
        # (where the variant's source is silent, the "Irregularities" section's note names the topic;
        # the guide's ruling says it again, on its own page)
        blocks: list[Block] = [Para(self.prompt), Cases(cases)]
        cites = tuple(dict.fromkeys((cite,) + tuple(r.citation for r in rulings)))
        return Section(self.key, self.title, tuple(blocks), cites, tool="irregularities")


@dataclass(frozen=True)
class Ctx:
    v: Variant
    topic: Topic
    cite: Citation
    silent_in: str | None

    def R(self, id: str, title: str, *steps: str, see: tuple[str, ...] = (), tool: str | None = None) -> Ruling:
        """A ruling of this topic, anchored at the topic's section of the rules page."""
        note = None
        if self.silent_in is not None:
            own = source_title(self.silent_in)
            if self.cite.file == "001":
                note = _("The %(variant)s rules (%(source)s) say nothing about this. This is the Continental "
                         "ruling (%(citation)s), which scorekeeper applies as a house rule.",
                         variant=_base_name(self.v), source=own, citation=self.cite.shown_label)
            else:
                note = _("The %(variant)s rules (%(source)s) say nothing about this. This is scorekeeper's house "
                         "rule (%(citation)s).", variant=_base_name(self.v), source=own,
                         citation=self.cite.shown_label)
        return Ruling(id, title, tuple(steps), self.cite, self.topic.own_section or self.topic.key,
                      self.silent_in, note, see, tool)


# ----- the trees -----------------------------------------------------------------------------------

def _out_of_turn(v: Variant, c: Ctx) -> dict[str, Node]:
    return {n.id: n for n in (
        Q("start", _("Had the player who went out of turn already discarded before anyone stopped them?"),
          ("yes", _("Yes, they had discarded"), "stands"), ("no", _("No, they were stopped first"), "drew")),
        Q("drew", _("Had they drawn the top card of the stock and put it into their hand?"),
          ("yes", _("Yes, it is in their hand"), "too-late"), ("no", _("No"), "undo")),
        c.R("stands", _("Not stopped before the discard"),
            _("The play counts as if it had been their turn."),
            _("Every player who was jumped over loses that turn; play continues from the offender's left.")),
        c.R("too-late", _("Stock card already taken into the hand"),
            _("It is too late to put right: the play counts as if it had been their turn."),
            _("The players who were jumped over lose their turn.")),
        c.R("undo", _("Caught in time"),
            _("The offender puts back the card they drew and picks up any cards they put on the table."),
            _("The turn goes back to the player it belonged to."),
            _("If the offender saw a card they had no right to see, the illegal draw ruling applies as well."),
            see=("illegal-draw",)),
    )}


def _illegal_draw(v: Variant, c: Ctx) -> dict[str, Node]:
    if c.cite.file == "004":
        one = c.R("one", _("One card seen"),
                  _("The card that was seen is turned face up on top of the stock."),
                  _("Play goes on normally; the next player may draw it. (The Clenney rules do not offer "
                  "pushing it back into the stock.)"))
    else:
        one = c.R("one", _("One card seen"),
                  _("The card that was seen is turned face up on top of the stock."),
                  _("The next player in turn decides: draw it, or have it slid face down into the middle "
                  "of the stock."),
                  _("Then play goes on as if nothing had happened."))
    return {n.id: n for n in (
        Q("start", _("Has the player who drew wrongly (out of turn, or more than one stock card) "
                   "discarded already?"),
          ("yes", _("Yes, they have discarded"), "late"), ("no", _("No"), "how-many")),
        Q("how-many", _("How many cards did they see that they should not have?"),
          ("one", _("One card"), "one"), ("several", _("More than one"), "several")),
        c.R("late", _("Found after their discard"),
            _("The draw itself can no longer be put right."),
            _("If their hand now holds the wrong number of cards, use the incorrect hand ruling."),
            see=("incorrect-hand",)),
        one,
        c.R("several", _("Several cards seen"),
            _("The cards that were seen go face up on top of the stock."),
            _("As long as any of them remain there, each player chooses among three draws instead of two: "
            "the top face-up card, the first face-down card of the stock, or the last discard.")),
    )}


def _premature_discard(v: Variant, c: Ctx) -> dict[str, Node]:
    return {n.id: n for n in (
        Q("start", _("What went wrong?"),
          ("no-draw", _("They discarded without drawing first"), "next-drew"),
          ("two", _("They discarded two or more cards"), "next-took")),
        Q("next-drew", _("Has the next player already drawn?"),
          ("yes", _("Yes"), "short"), ("no", _("No"), "draw-now")),
        Q("next-took", _("Has the next player drawn the extra discard, or already finished their turn?"),
          ("yes", _("Yes"), "stays"), ("no", _("No"), "take-back")),
        c.R("draw-now", _("Caught before the next player drew"),
            _("The player now draws from the stock to bring their hand back to the right size."),
            _("They may lay no cards on the table after that discard.")),
        c.R("short", _("Next player had already drawn"),
            _("Too late to draw now: the hand is short, and the incorrect hand ruling applies."),
            see=("incorrect-hand",)),
        c.R("take-back", _("Extra discard still on top"),
            _("The player may take back either of the cards they discarded.")),
        c.R("stays", _("Extra discard already drawn or played past"),
            _("The discards stay where they are."),
            _("If the player's hand is now short, the incorrect hand ruling applies."),
            see=("incorrect-hand",)),
    )}


def _incorrect_hand(v: Variant, c: Ctx) -> dict[str, Node]:
    fine = v.scoring.missing_card_penalty or 10
    return {n.id: n for n in (
        Q("start", _("When was the wrong number of cards found?"),
          ("during", _("During the round"), "during"),
          ("after", _("When someone went out"), "after"),
          ("out", _("It is the player who went out who had too few"), "went-out")),
        Q("during", _("Too many cards or too few?"),
          ("many", _("Too many"), "many"), ("few", _("Too few"), "few")),
        Q("after", _("Too many cards or too few?"),
          ("many", _("Too many"), "count-all"), ("few", _("Too few"), "charge")),
        c.R("many", _("Too many, found during the round"),
            _("On each of their turns the player discards without drawing, until the hand is the right size."),
            _("While the hand is wrong they may not lay any cards down.")),
        c.R("few", _("Too few, found during the round"),
            _("On each of their turns the player draws without discarding, one card a turn, until the hand is "
            "the right size."),
            _("While the hand is wrong they may not lay any cards down.")),
        c.R("count-all", _("Too many, when someone went out"),
            _("The player simply counts every card they hold.")),
        c.R("charge", _("Too few, when someone went out"),
            ngettext("The player counts the cards they hold and pays %(fine)s more point for each card missing.",
                     "The player counts the cards they hold and pays %(fine)s more points for each card missing.",
                     fine, fine=fine),
            tool="hand"),
        c.R("went-out", _("The player who went out had too few"),
            _("They take back every card they laid on the table in that turn."),
            _("The round is not over: play goes on.")),
    )}


def _re_deal(v: Variant, c: Ctx) -> dict[str, Node]:
    if not v.is_contract_game:
        return {n.id: n for n in (
            Q("start", _("Has anyone played a card yet in this hand?"),
              ("no", _("Not yet"), "again"), ("yes", _("Yes, play has begun"), "table")),
            c.R("again", _("Caught before the first play"),
                _("The same dealer gathers the cards, shuffles and deals again.")),
            c.R("table", _("Found once play has begun"),
                _("The %(name)s rules say nothing about it: the players agree among themselves how to go on.",
                  name=_base_name(v))),
        )}
    return {n.id: n for n in (
        Q("start", _("What went wrong with the deal?"),
          ("exposed", _("More than one card was shown while dealing, or turned up face up in the pack"), "again"),
          ("one", _("Exactly one card was shown"), "one"),
          ("count", _("A player was dealt the wrong number of cards"), "count"),
          ("pack", _("The pack is wrong (cards missing or too many)"), "pack")),
        Q("count", _("Has that player already drawn in their first turn?"),
          ("no", _("Not yet"), "demand"), ("yes", _("Yes"), "too-late")),
        c.R("again", _("More than one card shown"), _("The same dealer shuffles and deals again.")),
        c.R("one", _("A single card shown"),
            _("No re-deal: the rule asks for one only when more than one card is shown. Play on.")),
        c.R("demand", _("Wrong count, noticed before their first draw"),
            _("That player may insist on a new deal, by the same dealer.")),
        c.R("too-late", _("Wrong count, noticed after their first draw"),
            _("It is too late to ask for a new deal; the incorrect hand ruling applies."),
            see=("incorrect-hand",)),
        c.R("pack", _("The pack is wrong"),
            _("Deal again with a correct pack as soon as it is noticed, at whatever point of the game."),
            _("Scores of the rounds already finished stand.")),
    )}


def _laid_down(v: Variant, c: Ctx) -> dict[str, Node]:
    went_out = Ctx(v, c.topic, Citation("rulings", "Going out on an illegal meld"), None)
    return {n.id: n for n in (
        Q("start", _("Did the player go out with those cards (the wrong meld was their last play)?"),
          ("out", _("Yes, they went out with them"), "went-out"),
          ("not-out", _("No, they still hold cards"), "meld")),
        Q("meld", _("Is the set or run correct apart from some cards that do not belong in it?"),
          ("yes", _("Yes, only some extra cards are wrong"), "extra"),
          ("no", _("No, the meld itself is wrong"), "whole")),
        Q("went-out", _("Has the round already been recorded?"),
          ("no", _("No, not yet"), "out-before"), ("yes", _("Yes, it is on the score sheet"), "out-after")),
        went_out.R("out-before", _("Went out on an illegal meld, round not recorded"),
                   _("The going out does not count: the player picks up every card they laid down or laid off "
                     "in that turn."),
                   _("Play goes on with the next player; the round ends only when someone goes out properly "
                     "(or the stock runs out)."), tool="meld"),
        went_out.R("out-after", _("Went out on an illegal meld, round already recorded"),
                   _("The round stands as recorded."),
                   _("The players may change it by agreement, like any scoring error: scorekeeper keeps the old "
                     "score, the new one and the reason."), see=("scoring-errors",)),
        c.R("extra", _("Extra cards in a good meld"),
            _("Whatever does not belong goes back into the hand of the player who put it there, as soon as "
            "someone notices."),
            _("Cards other players have added to that meld since then stay on the table."),
            _("Then play carries on normally.")),
        c.R("whole", _("A meld that is wrong in itself"),
            _("Check it with the meld checker first."),
            _("The rule only covers extra cards in a meld that is otherwise good. While it is still the same "
            "turn the player may pick up the cards laid down this turn and lay them down properly; cards "
            "put down in earlier turns cannot be moved (Continental Rummy, encyclopedia article: The play). Anything beyond that is for "
            "the table to agree."),
            tool="meld"),
    )}


def _scoring_errors(v: Variant, c: Ctx) -> dict[str, Node]:
    return {n.id: n for n in (
        Q("start", _("What is wrong?"),
          ("count", _("A hand was counted wrongly"), "mixed"),
          ("sheet", _("A score on the sheet is wrong (adding up, wrong round or column)"), "sheet")),
        Q("mixed", _("Have that hand's cards already been mixed with other cards (gathered for the next deal)?"),
          ("yes", _("Yes"), "stands"), ("no", _("No, the hand is still there"), "recount")),
        c.R("stands", _("Hand already mixed in"),
            _("The count can no longer be corrected: the score stands.")),
        c.R("recount", _("Hand still on the table"),
            _("Count the hand again (the hand calculator helps) and put the right score down."),
            tool="hand"),
        c.R("sheet", _("Mistake on the score sheet"),
            _("If nobody disputed that score when it was written, the players may agree to correct it at any "
            "time."),
            _("scorekeeper keeps every correction with the old score, the new one and the reason given.")),
    )}


def _stock(v: Variant, c: Ctx) -> dict[str, Node]:
    if v.stock_exhausted is StockExhausted.TURN_OVER_ONCE_THEN_END:
        return {n.id: n for n in (
            Q("start", _("Has the stock already run out once in this round?"),
              ("no", _("No, this is the first time"), "turn-over"), ("yes", _("Yes, for the second time"), "end")),
            c.R("turn-over", _("First time"),
                _("Turn the discard pile over without shuffling; it is the new stock. Play on.")),
            c.R("end", _("Second time"),
                _("The round ends with nobody out."),
                _("Every player scores the cards they hold, as if someone had gone out."),
                tool="hand"),
        )}
    if v.is_contract_game:
        return {"reshuffle": c.R("reshuffle", _("Stock used up"),
                                 _("Shuffle the discard pile and use it as a new stock; do it again whenever needed."))}
    return {"reshuffle": c.R("reshuffle", _("Stock used up"),
                             _("Leave the top card of the discard pile in place; shuffle the rest and use them as a "
                             "new stock."))}


def _player_leaving(v: Variant, c: Ctx) -> dict[str, Node]:
    if not v.is_contract_game:
        return {n.id: n for n in (
            Q("start", _("How many players are left to carry on?"),
              ("two", _("Two or more"), "play-on"), ("one", _("Only one"), "ends")),
            c.R("play-on", _("Two or more remain"),
                _("The others play on to the target; the player who left keeps the points they had and cannot win.")),
            c.R("ends", _("One remains"), _("The game is void: its results count in no statistics. scorekeeper "
                                            "keeps it on record, marked void.")),
        )}
    return {n.id: n for n in (
        Q("start", _("Is everyone stopping, to finish the game another day?"),
          ("yes", _("Yes, the whole table"), "suspend"), ("no", _("No, one player is leaving"), "others")),
        Q("others", _("How many of the other players will play the game to the end?"),
          ("two", _("Two or more"), "total"), ("fewer", _("Fewer than two"), "void")),
        c.R("suspend", _("Stopping to finish later"),
            _("A game may be stopped between rounds if everyone agrees."),
            _("It may go on again only with all the same players, sitting in the same order, in the same "
            "calendar year as it began.")),
        c.R("total", _("One player leaves, two or more finish"),
            _("The player who left gets, as their game total, the two highest final totals of the others added "
            "together."),
            _("Until the game ends scorekeeper shows that total as provisional."),
            _("Whatever that total is, the player who left never wins nor shares the win: it goes to the best "
              "total among those who finished (scorekeeper's rulings, A player who leaves never wins).")),
        c.R("void", _("Fewer than two finish"),
            _("The game is void: its results count in no statistics. scorekeeper keeps it on record, marked void.")),
    )}


def _missing_score(v: Variant, c: Ctx) -> dict[str, Node]:
    return {n.id: n for n in (
        Q("start", _("In that round, do at least two other players have a score written down? "
                   "(The 0 of whoever went out counts.)"),
          ("yes", _("Yes"), "fill"), ("no", _("No"), "replay")),
        c.R("fill", _("Two or more other scores"),
            _("The player with no score gets the two highest scores of the others in that round, added together.")),
        c.R("replay", _("Fewer than two other scores"), _("That round is played again.")),
    )}


TOPICS: tuple[Topic, ...] = (
    Topic("out-of-turn", N_("Play out of turn"), N_("Someone took a turn that was not theirs."), _out_of_turn,
          for_shedding=False),
    Topic("illegal-draw", N_("Illegal draw"),
          N_("Someone saw or drew a card they were not entitled to."), _illegal_draw, for_shedding=False),
    Topic("premature-discard", N_("Premature discard"),
          N_("Someone discarded before drawing, or threw away more than one card."), _premature_discard,
          for_shedding=False),
    Topic("incorrect-hand", N_("Incorrect hand"), N_("Someone holds too many or too few cards."), _incorrect_hand,
          for_shedding=False),
    Topic("re-deal", N_("Re-deal"), N_("Something went wrong with the deal."), _re_deal),
    Topic("laid-down-illegally", N_("Cards laid down illegally"), N_("Cards on the table do not make a proper meld."),
          _laid_down, for_shedding=False),
    Topic("scoring-errors", N_("Scoring errors"), N_("A score was counted or written down wrongly."), _scoring_errors),
    Topic("stock", N_("Stock running out"), N_("The stock is used up before anyone has gone out."), _stock,
          own_section="stock"),
    Topic("player-leaving", N_("A player leaving"), N_("A player cannot finish the game."), _player_leaving),
    Topic("missing-score", N_("A missing score"), N_("A player has no score for a round they played."), _missing_score,
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
    raise RulesInputError(_("%(key)r is not an irregularity the guide covers for %(variant)s (known: %(known)s)",
                            key=key, variant=v.name, known=known), field, key)


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
            raise RulesInputError(_("%(key)r: the guide had already reached its ruling", key=key), f"step[{i}]", key)
        answer = node.answer(key)
        if answer is None:
            known = ", ".join(a.key for a in node.answers)
            raise RulesInputError(_("%(key)r is not an answer to “%(question)s” (answers: %(known)s)",
                                    key=key, question=node.text, known=known), f"step[{i}]", key)
        trail.append((node, answer))
        node = nodes[answer.to]
    return Walk(topic, tuple(trail), node, tuple(answers))
