"""The house variant form: every rule the variant data holds, as phone inputs named after the
``changes`` keys (docs/api.md, "House variants"). The form only turns the inputs into a
``changes`` mapping; ``scorekeeper.rules.house.apply_changes`` checks it, exactly as it checks the
API's and an imported file's."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import StringField, SubmitField, TextAreaField
from wtforms.validators import Length

from scorekeeper.i18n import language
from scorekeeper.rules import card_letters
from scorekeeper.rules import house as rules_house
from scorekeeper.rules import house_settings
from scorekeeper.rules.cards import JOKER, RANKS, CardError
from scorekeeper.rules.house_settings import SettingKind
from scorekeeper.rules.variants import Variant
from scorekeeper.web.forms import PageForm

MAX_ROUNDS = house_settings.setting("rounds").bounds[1]
POINT_KEYS = (*RANKS, JOKER)
POINT_LABELS = {"A": _l("Ace"), "J": _l("Jack"), "Q": _l("Queen"), "K": _l("King"), JOKER: _l("Joker")}
EXAMPLE_CARD = "AH"  # the one card the wild cards' hint shows, in the page's letters


def hint_words() -> dict[str, str]:
    """The placeholders of the inputs' hints (rules/house_settings.py) on this page: the example
    card in the page's letters (``AC``, the ace of hearts, on a French page)."""
    return {"card": card_letters.typed(EXAMPLE_CARD, language())}


def label_of(name: str) -> str:
    """The label of the input called ``name``, in the reader's language (errors name it)."""
    if name.startswith("rounds-"):
        return _("Round %(n)s", n=name.split('-')[1])
    if name.startswith("card_points."):
        rank = name.split(".", 1)[1]
        return _("%(card)s points", card=POINT_LABELS.get(rank, rank))
    if name == "name":
        return _("Name")
    try:
        return _(house_settings.setting(name).label)
    except KeyError:
        return name


class HouseForm(PageForm):
    """The name and the CSRF token; the rules inputs are read by :func:`changes_from_form`."""

    name = StringField(_l("Name of your rules"), validators=[Length(max=200)])
    check = SubmitField(_l("Check"))
    save = SubmitField(_l("Save these rules"))


class ImportForm(PageForm):
    text = TextAreaField(_l("Or paste the file's text"))
    name = StringField(_l("Name (leave empty to keep the file's)"), validators=[Length(max=200)])
    submit = SubmitField(_l("Import"))


# ----- values shown -----------------------------------------------------------------------------------

def decks_text(v: Variant) -> str:
    """``2``, or ``4:2 6:3 8:4`` (up to 4 players: 2 decks...)."""
    if len(v.deck_steps) == 1:
        return str(v.deck_steps[0].decks)
    return " ".join(f"{s.up_to}:{s.decks}" for s in v.deck_steps)


def values_of(v: Variant) -> dict[str, str]:
    """Every input's value for variant ``v`` (text as the form shows it; checkboxes "on" or "")."""
    doc = rules_house.document(v)
    out: dict[str, str] = {}
    for s in house_settings.settings_for(v.kind):
        if s.kind is SettingKind.YES_NO:
            out[s.name] = "on" if house_settings.value_at(doc, s) else ""
        elif s.kind in house_settings.SIMPLE_KINDS:
            out[s.name] = str(house_settings.value_at(doc, s))
        else:
            out.update(_SHAPED_VALUES[s.kind](v))
    return out


def _rounds_values(v: Variant) -> dict[str, str]:
    out = {}
    for i in range(1, MAX_ROUNDS + 1):
        r = v.rounds[i - 1].contract if i <= len(v.rounds) else None
        out[f"rounds-{i}-sets"] = str(r.sets) if r else "0"
        out[f"rounds-{i}-runs"] = str(r.runs) if r else "0"
    return out


def _card_points_values(v: Variant) -> dict[str, str]:
    return {f"card_points.{rank}": str(v.points[rank]) if rank in v.points else "" for rank in POINT_KEYS}


_SHAPED_VALUES = {
    SettingKind.DECKS: lambda v: {"decks": decks_text(v)},
    SettingKind.WILD_CARDS: lambda v: {"wild_cards": " ".join(card_letters.typed(token, language())
                                                              for token in v.melds.wild.tokens) if v.melds else ""},
    SettingKind.ROUNDS: _rounds_values,
    SettingKind.CARD_POINTS: _card_points_values,
}


# ----- the inputs as changes --------------------------------------------------------------------------

@dataclass
class Parsed:
    changes: dict[str, Any]
    errors: dict[str, list[str]]


def _number(text: str) -> Any:
    """A whole number typed; anything else is passed on as typed, for the rules to refuse by name."""
    text = (text or "").strip()
    return int(text) if re.fullmatch(r"-?\d{1,6}", text) else text


def _put(changes: dict[str, Any], path: str, value: Any) -> None:
    head, _dot, tail = path.partition(".")
    if tail:
        changes.setdefault(head, {})[tail] = value
    else:
        changes[head] = value


def changes_from_form(data: Mapping[str, str], base: Variant) -> Parsed:
    """The full ``changes`` the inputs describe (every rule, not only what differs: the rules
    module works out the difference). Rounds: the rows up to the first empty one."""
    parsed = Parsed({}, {})
    for s in house_settings.settings_for(base.kind):
        if s.kind is SettingKind.NUMBER:
            value = _number(data.get(s.name, ""))
            _put(parsed.changes, s.name, s.off_value() if s.absent_when_off and value == "" else value)
        elif s.kind is SettingKind.YES_NO:
            _put(parsed.changes, s.name, bool(data.get(s.name)))
        elif s.kind is SettingKind.CHOICE:
            _put(parsed.changes, s.name, data.get(s.name, ""))
        else:
            _SHAPED_READERS[s.kind](data, parsed)
    for group in house_settings.NULLABLE_GROUPS:
        if group in parsed.changes and not any(parsed.changes[group].values()):
            parsed.changes[group] = None  # none of its rules on: the rule is off
    return parsed


def _wild_cards_typed(data: Mapping[str, str], parsed: Parsed) -> None:
    """The wild cards as the rules keep them (English codes), read in the page's letters as the
    box shows them (``AC`` is the ace of hearts on a French page: rules/card_letters.py); a rank
    alone stands for all four, ``JK`` for the jokers. A code that is no card is named in the
    page's words, with the letters it reads."""
    codes = []
    for typed in (data.get("wild_cards") or "").replace(",", " ").split():
        try:
            codes.append(card_letters.to_code(typed, language(), "wild_cards"))
        except CardError as err:
            parsed.errors.setdefault("wild_cards", []).append(
                _("%(field)s: %(error)s", field=label_of("wild_cards"), error=err.message))
    parsed.changes["wild_cards"] = codes


def _decks_typed(data: Mapping[str, str], parsed: Parsed) -> None:
    decks = (data.get("decks") or "").replace(",", " ").split()
    if len(decks) == 1 and ":" not in decks[0]:
        parsed.changes["decks"] = _number(decks[0])
        return
    steps = []
    for part in decks:
        up_to, _colon, n = part.partition(":")
        if not n:
            parsed.errors.setdefault("decks", []).append(
                _("Decks: %(value)s is not 'players:decks' (e.g. 4:2 6:3 8:4, or one number for every table)",
                  value=repr(part)))
            break
        steps.append({"up_to": _number(up_to), "decks": _number(n)})
    if not decks:
        parsed.errors.setdefault("decks", []).append(_("Decks: empty; give the number of decks (e.g. 2)"))
    parsed.changes["decks"] = steps


def _rounds_typed(data: Mapping[str, str], parsed: Parsed) -> None:
    rounds = []
    ended_at = None
    for i in range(1, MAX_ROUNDS + 1):
        sets, runs = _number(data.get(f"rounds-{i}-sets", "0") or "0"), _number(data.get(f"rounds-{i}-runs", "0") or "0")
        if sets in (0, "") and runs in (0, ""):
            ended_at = ended_at or i
            continue
        if ended_at is not None:
            parsed.errors.setdefault(f"rounds-{ended_at}", []).append(
                _("Round %(empty)s: no contract, but round %(n)s has one; the game ends at the first empty round",
                  empty=ended_at, n=i))
            break
        rounds.append({"contract": {"sets": sets, "runs": runs}})
    parsed.changes["rounds"] = rounds


def _card_points_typed(data: Mapping[str, str], parsed: Parsed) -> None:
    points = {}
    for rank in POINT_KEYS:
        text = (data.get(f"card_points.{rank}") or "").strip()
        if text or rank != JOKER:
            points[rank] = _number(text)
    parsed.changes["card_points"] = points


_SHAPED_READERS = {SettingKind.DECKS: _decks_typed, SettingKind.WILD_CARDS: _wild_cards_typed,
                   SettingKind.ROUNDS: _rounds_typed, SettingKind.CARD_POINTS: _card_points_typed}


def input_for(field: str | None, inputs: Mapping[str, str]) -> str:
    """The input to show a rules error beside (``rounds[3].contract`` → ``rounds-4``)."""
    if not field:
        return "_form"
    m = re.match(r"rounds\[(\d+)\]", field)
    if m:
        return f"rounds-{int(m.group(1)) + 1}"
    if field.startswith("decks"):
        return "decks"
    if field in inputs or field == "name":
        return field
    if field == "melds.wild":
        return "wild_cards"
    return "_form"
