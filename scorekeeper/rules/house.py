"""House variants: a built-in variant with a family's own changes, as data.

A house variant is a base variant (one of ``variants/*.toml``) plus a ``changes`` mapping in the
names of the variant document (docs/api.md, "House variants"). :func:`apply_changes`
checks every change and refuses, naming the key, rules that cannot be played (a contract needing
more cards than a hand holds, a run minimum over the longest run, a pack too small for the table,
a wild limit with no wilds...). :func:`to_toml` writes the result in the format of
``variants/*.toml`` (with ``based_on``); :func:`from_toml` reads such a file back through the very
same checks, and the round trip is exact.
"""
from __future__ import annotations

import json
import tomllib
from dataclasses import asdict, dataclass
from typing import Any, Mapping

from .cards import JOKER, RANKS
from .errors import RulesInputError
from .toml_depth import MAX_DEPTH, too_deep
from . import house_settings
from .house_settings import SIMPLE_KINDS, HouseSetting, SettingKind
from .words import N_, _, ngettext
from .variants import (
    MeldRules,
    Variant,
    VariantError,
    get_variant,
    variant_from_dict,
    wild_tokens,
)


class HouseRulesError(VariantError):
    """A change that is not understood, or rules that cannot be played; ``field`` is the key."""


# Every setting a house variant may change, with its bounds, its place in a variant file, its
# source and its words, is described once in ``house_settings.py``; this module checks, applies,
# compares and reads them from that description. The settings with a shape of their own (decks,
# rounds, wild cards, card points) have their code here, keyed by the same name.


def change_keys(base: Variant) -> tuple[str, ...]:
    """The ``changes`` keys a house version of ``base`` may set."""
    return house_settings.change_keys(base.kind)


# Limits that keep a house variant a game people can sit down and play (and that the pages can
# seat: at most 8 players, as for the built-in variants); a setting's own are in its description.
LIMITS: dict[str, tuple[int, int]] = {
    "name": (1, 60), "contract": (0, 6), "players": house_settings.setting("players.min").bounds,
    "decks": house_settings.setting("decks").bounds, "rounds": house_settings.setting("rounds").bounds,
    "points": house_settings.setting("card_points").bounds,
}
HOUSE_ORDER = 100  # after the built-in variants


# ----- the document: a variant as the TOML files write it ------------------------------------

def document(v: Variant) -> dict[str, Any]:
    """The variant as the nested mapping that ``variants/*.toml`` hold (``variant_from_dict``'s input)."""
    if not v.is_contract_game or v.melds is None:
        return _shedding_document(v)
    m = v.melds
    doc = _document_start(v)
    doc.update({
        "melds": {**asdict(m), "aces": str(m.aces), "wild": list(m.wild.tokens)},
        "contracts": {"kind": str(v.contract_kind),
                      "rounds": [{"sets": r.contract.sets, "runs": r.contract.runs} for r in v.rounds]},
    })
    if v.last_round is not None:
        doc["last_round"] = asdict(v.last_round)
    doc["points"] = dict(v.points)
    doc["scoring"] = v.scoring.as_dict()
    doc["may_i"] = v.may_i.as_dict()
    doc["stock"] = {"exhausted": str(v.stock_exhausted)}
    options = {}
    for key, o in v.house_options.items():
        opt: dict[str, Any] = {"label": o.label}
        if o.adds_wild:
            opt["adds_wild"] = list(o.adds_wild)
        if o.no_may_i_in_last_rounds:
            opt["no_may_i_in_last_rounds"] = o.no_may_i_in_last_rounds
        opt["source"] = {"file": o.source.file, "section": o.source.section}
        options[key] = opt
    if options:
        doc["house_options"] = options
    doc["sources"] = {k: {"file": c.file, "section": c.section} for k, c in v.sources.items()}
    return doc


def _document_start(v: Variant) -> dict[str, Any]:
    """What every variant file starts with, in its order: the variant's id and name (and base), its
    kind, players, pack and deal."""
    doc: dict[str, Any] = {"id": v.id, "name": v.name}
    if v.based_on:
        doc["based_on"] = v.based_on
    doc.update({
        "kind": v.kind, "order": v.order, "summary": v.summary,
        "players": {"min": v.players.min, "max": v.players.max},
        "pack": {"decks": [{"up_to": s.up_to, "decks": s.decks} for s in v.deck_steps],
                 "jokers_per_deck": v.jokers_per_deck},
        "deal": {"cards": v.cards_dealt, "at_a_time": v.deal_at_a_time},
    })
    return doc


def _shedding_document(v: Variant) -> dict[str, Any]:
    """A shedding game (ROY) as ``variants/roy.toml`` writes it."""
    if v.roy is None:
        raise HouseRulesError(_("%(name)s has no rules a house version could change", name=v.name), "based_on", v.id)
    doc = _document_start(v)
    doc.update({
        "scoring": {**v.scoring.as_dict(), "target": v.scoring.target},
        "may_i": v.may_i.as_dict(),
        "stock": {"exhausted": str(v.stock_exhausted)},
        "roy": {**asdict(v.roy), "aces": str(v.roy.aces)},
        "sources": {k: {"file": c.file, "section": c.section} for k, c in v.sources.items()},
    })
    return doc


# ----- checking one value ---------------------------------------------------------------------

def _shown(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)[:60]
    except (TypeError, ValueError):
        return repr(value)[:60]


def _int(value: Any, key: str, bounds: tuple[int, int]) -> int:
    lo, hi = bounds
    if not isinstance(value, int) or isinstance(value, bool):
        raise HouseRulesError(_("%(value)s is not a whole number", value=_shown(value)), key, value)
    if not lo <= value <= hi:
        raise HouseRulesError(_("%(value)s is out of range: from %(lo)s to %(hi)s", value=value, lo=lo, hi=hi), key, value)
    return value


def _bool(value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        raise HouseRulesError(_("%(value)s is not true or false", value=_shown(value)), key, value)
    return value


def _choice(value: Any, key: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise HouseRulesError(_("%(value)s is not one of %(allowed)s", value=_shown(value), allowed=", ".join(allowed)), key, value)
    return str(value)


def _mapping(value: Any, key: str, known: tuple[str, ...]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise HouseRulesError(_("%(value)s is not an object (keys: %(known)s)", value=_shown(value), known=", ".join(known)),
                              key, value)
    for k in value:
        if k not in known:
            raise HouseRulesError(_("%(name)s is not a key of %(key)s (known: %(known)s)", name=repr(k), key=key,
                                    known=", ".join(known)), f"{key}.{k}", k)
    return value


def _list(value: Any, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise HouseRulesError(_("%(value)s is not a list", value=_shown(value)), key, value)
    return value


def _rank_key(key: Any, where: str) -> str:
    text = str(key).strip().upper()
    text = "10" if text == "T" else text
    if text not in RANKS and text != JOKER:
        raise HouseRulesError(_("%(value)s is not a rank (A, 2-10, J, Q, K) or JK", value=repr(key)), f"{where}.{key}", key)
    return text


# ----- applying changes -----------------------------------------------------------------------

def check_name(name: Any, key: str = "name") -> str:
    if not isinstance(name, str):
        raise HouseRulesError(_("%(value)s is not a name (text)", value=_shown(name)), key, name)
    text = " ".join(name.split())
    lo, hi = LIMITS["name"]
    if not lo <= len(text) <= hi:
        raise HouseRulesError(_("%(value)s must be %(lo)s to %(hi)s characters", value=_shown(name), lo=lo, hi=hi), key, name)
    if any(not ch.isprintable() for ch in text):
        raise HouseRulesError(_("%(value)s holds a control character", value=_shown(name)), key, name)
    return text


def apply_changes(base: Variant, changes: Any, *, id: str, name: object) -> Variant:
    """``base`` with ``changes`` (docs/api.md, "House variants"): every key checked, then the
    whole checked for playability (:func:`check_playable`); ``name`` too, as sent. Raises
    :class:`HouseRulesError`."""
    named = check_name(name)
    changes = _mapping(changes if changes is not None else {}, "changes", change_keys(base))
    if base.based_on:
        raise HouseRulesError(_("%(name)s is itself a house variant: start from a built-in one", name=base.name),
                              "based_on", base.id)
    doc = _apply(base, changes)
    doc["id"], doc["name"], doc["based_on"], doc["order"] = id, named, base.id, HOUSE_ORDER
    doc["deal"]["turn_up"] = base.turn_up  # (dealt as the base is: not a house rule)
    doc["summary"] = f"{named}: {base.name} with a family's own changes."
    if base.is_contract_game:
        _check_jokers(doc, tuple(changes))
    for src in _sources_changed(base, changes):
        doc["sources"][src] = {"file": "house", "section": named}
    try:
        variant = variant_from_dict(doc)
    except VariantError as err:  # what the loader refuses that the checks above let through
        raise HouseRulesError(err.message, err.field, err.value) from None
    changed = tuple(changes) + tuple(f"{k}.{n}" for k, sub in changes.items() if isinstance(sub, Mapping) for n in sub)
    check_playable(variant, changed=changed)
    return variant


def _sources_changed(base: Variant, changes: Mapping[str, Any]) -> tuple[str, ...]:
    """The source citations the changes replace: those of each setting given (in a group, only
    the group's settings named, so that a change of the aces leaves the sets cited from the source)."""
    named = [s for s in house_settings.settings_for(base.kind) if s.group in changes
             and (s.name == s.group or not isinstance(changes[s.group], Mapping) or s.key in changes[s.group])]
    return tuple(dict.fromkeys(src for s in named for src in s.sources))


def apply_all_rules(base: Variant, changes: Any, *, id: str, name: object) -> Variant:
    """Like :func:`apply_changes`, for ``changes`` that state every rule (a file, a whole form):
    each value is checked, and what differs from the base is the house's change (named in errors,
    cited as the house's)."""
    named = check_name(name)
    changes = _mapping(changes if changes is not None else {}, "changes", change_keys(base))
    return apply_changes(base, _diff(document(base), _apply(base, changes)), id=id, name=named)


def _apply(base: Variant, changes: Mapping[str, Any]) -> dict[str, Any]:
    """The base's document with each change checked and written in (no playability check yet)."""
    doc = document(base)
    for key in change_keys(base):
        if key in changes:
            _apply_key(doc, base.kind, key, changes[key])
    _fit_decks(doc, "decks" in changes)
    if doc.get("last_round") is not None:
        doc["last_round"]["round"] = len(doc["contracts"]["rounds"])
    return doc


def _apply_key(doc: dict[str, Any], game_kind: str, key: str, value: Any) -> None:
    """One ``changes`` key: a setting, or a group of them (``melds``), checked and written in."""
    alone = next((s for s in house_settings.settings_for(game_kind) if s.name == key), None)
    if alone is None:
        _apply_group(doc, game_kind, key, value)
    elif alone.kind in SIMPLE_KINDS:
        _write(doc, alone, _checked(alone, value, key))
    else:
        _SHAPED[alone.kind](doc, value, key)


def _apply_group(doc: dict[str, Any], game_kind: str, group: str, value: Any) -> None:
    settings = house_settings.group_settings(group, game_kind)
    if value is None and group in house_settings.NULLABLE_GROUPS:
        doc.pop(settings[0].path[0], None)
        return
    value = _mapping(value, group, tuple(s.key for s in settings))
    for s in settings:
        if s.key in value:
            _write(doc, s, _checked(s, value[s.key], s.name))
    if group in _AFTER_GROUP:
        _AFTER_GROUP[group](doc, value)


def _checked(s: HouseSetting, value: Any, key: str) -> Any:
    """A setting's value checked against its description (``key`` is named in the refusal)."""
    if s.kind is SettingKind.NUMBER:
        return _int(value, key, s.bounds)
    if s.kind is SettingKind.YES_NO:
        return _bool(value, key)
    return _choice(value, key, tuple(c.value for c in s.choices))


def _write(doc: dict[str, Any], s: HouseSetting, value: Any) -> None:
    """Write a checked value where the setting sits in the document (a missing table is made
    with its settings off, as ``last_round`` is in a variant that has none)."""
    target = doc
    for depth, part in enumerate(s.path[:-1]):
        if part not in target:
            target[part] = {x.path[depth + 1]: x.off_value() for x in house_settings.SETTINGS
                            if x.path[:depth + 1] == s.path[:depth + 1] and len(x.path) == depth + 2}
        target = target[part]
    if s.absent_when_off and not value:
        target.pop(s.path[-1], None)
    else:
        target[s.path[-1]] = value


def _players_in_order(doc: dict[str, Any], value: Mapping[str, Any]) -> None:
    if doc["players"]["min"] > doc["players"]["max"]:
        which = "min" if "min" in value else "max"
        raise HouseRulesError(_("players.min (%(min)s) is over players.max (%(max)s)", min=doc["players"]["min"],
                                max=doc["players"]["max"]),
                              f"players.{which}", doc["players"][which])


def _last_round_kept_when_on(doc: dict[str, Any], value: Mapping[str, Any]) -> None:
    """A last round with none of its rules on is no special last round (one kept is numbered by
    :func:`_apply`, as the game's last)."""
    last = doc.get("last_round")
    if last is not None and not any(last.get(k) for k in house_settings.group_keys("last_round")):
        doc.pop("last_round")


# What a group checks once its settings are in.
_AFTER_GROUP = {"players": _players_in_order, "last_round": _last_round_kept_when_on}


def _decks(doc: dict[str, Any], value: Any, key: str) -> None:
    if isinstance(value, int) and not isinstance(value, bool):
        doc["pack"]["decks"] = [{"up_to": doc["players"]["max"], "decks": _int(value, key, LIMITS["decks"])}]
        return
    steps: list[dict[str, int]] = []
    for i, step in enumerate(_list(value, key)):
        step = _mapping(step, f"{key}[{i}]", ("up_to", "decks"))
        for k in ("up_to", "decks"):
            if k not in step:
                raise HouseRulesError(_("missing %(key)s", key=k), f"{key}[{i}].{k}")
        up_to = _int(step["up_to"], f"{key}[{i}].up_to", LIMITS["players"])
        if steps and up_to <= steps[-1]["up_to"]:
            raise HouseRulesError(_("%(n)s players must be more than the step before (%(before)s)", n=up_to,
                                    before=steps[-1]["up_to"]),
                                  f"{key}[{i}].up_to", up_to)
        steps.append({"up_to": up_to, "decks": _int(step["decks"], f"{key}[{i}].decks", LIMITS["decks"])})
    if not steps:
        raise HouseRulesError(_("give at least one number of decks"), key, value)
    doc["pack"]["decks"] = steps


def _fit_decks(doc: dict[str, Any], given: bool) -> None:
    """Deck steps cover exactly the player range: a wider range keeps the last step's decks."""
    steps, top = doc["pack"]["decks"], doc["players"]["max"]
    if steps[-1]["up_to"] < top:
        if given:
            raise HouseRulesError(_("the decks go up to %(n)s players, but up to %(top)s may play", n=steps[-1]["up_to"],
                                    top=top),
                                  f"decks[{len(steps) - 1}].up_to", steps[-1]["up_to"])
        steps[-1]["up_to"] = top
    kept = []
    for step in steps:
        kept.append(step)
        if step["up_to"] >= top:
            step["up_to"] = top
            break
    doc["pack"]["decks"] = kept


def _rounds(doc: dict[str, Any], value: Any, key: str) -> None:
    rounds = []
    value = _list(value, key)
    lo, hi = LIMITS["rounds"]
    if not lo <= len(value) <= hi:
        raise HouseRulesError(_("%(n)s rounds: a game has %(lo)s to %(hi)s", n=len(value), lo=lo, hi=hi), key, len(value))
    for i, r in enumerate(value):
        where = f"{key}[{i}]"
        r = _mapping(r, where, ("number", "contract", "min_cards"))
        if "number" in r and r["number"] != i + 1:
            raise HouseRulesError(_("%(value)s is not this round's number (%(n)s)", value=_shown(r["number"]), n=i + 1),
                                  f"{where}.number",
                                  r["number"])
        if "contract" not in r:
            raise HouseRulesError(_("missing contract (sets and runs)"), f"{where}.contract")
        c = _mapping(r["contract"], f"{where}.contract", ("sets", "runs"))
        sets = _int(c.get("sets", 0), f"{where}.contract.sets", LIMITS["contract"])
        runs = _int(c.get("runs", 0), f"{where}.contract.runs", LIMITS["contract"])
        if sets + runs == 0:
            raise HouseRulesError(_("a contract needs at least one set or run"), f"{where}.contract", c)
        rounds.append({"sets": sets, "runs": runs})
    doc["contracts"]["rounds"] = rounds


def _card_points(doc: dict[str, Any], value: Any, key: str) -> None:
    # (any key is read as a rank below, which names the one that is not; a value that is no
    # mapping is refused naming the ranks it could have)
    value = _mapping(value, key, tuple(value) if isinstance(value, Mapping) else (*RANKS, JOKER))
    for rank, points in value.items():
        r = _rank_key(rank, key)
        doc["points"][r] = _int(points, f"{key}.{rank}", LIMITS["points"])
    doc["points"] = {r: doc["points"][r] for r in (*RANKS, JOKER) if r in doc["points"]}


def _wild_cards(doc: dict[str, Any], value: Any, key: str) -> None:
    value = _list(value, key)
    try:
        tokens = wild_tokens(value, key)
    except RulesInputError as err:
        raise HouseRulesError(err.message, err.field or key, err.value) from None
    doc["melds"]["wild"] = list(dict.fromkeys(tokens))


# The settings with a shape of their own, by kind.
_SHAPED = {SettingKind.DECKS: _decks, SettingKind.ROUNDS: _rounds, SettingKind.WILD_CARDS: _wild_cards,
           SettingKind.CARD_POINTS: _card_points}


# ----- can it be played? ----------------------------------------------------------------------

def _check_jokers(doc: Mapping[str, Any], changed: tuple[str, ...]) -> None:
    """Jokers wild need jokers in the pack; jokers in the pack need points."""
    jokers = doc["pack"]["jokers_per_deck"]
    if JOKER in doc["melds"]["wild"] and not jokers:
        raise HouseRulesError(_("jokers are wild but the pack has none: add jokers or take JK off the wild cards"),
                              _blame(changed, "wild_cards", "jokers_per_deck"), JOKER)
    if jokers and JOKER not in doc["points"]:
        raise HouseRulesError(_("the pack has jokers: say how many points a joker left in hand counts"),
                              "card_points.JK")


def _blame(changed: tuple[str, ...], *candidates: str) -> str:
    """The key to name: the first candidate the family changed (else the first one)."""
    for c in candidates:
        if c in changed:
            return c
    for c in candidates:
        if c.split(".")[0].split("[")[0] in changed:
            return c
    return candidates[0]


def check_playable(v: Variant, changed: tuple[str, ...] = ()) -> None:
    """Refuse rules that cannot be played, naming the key (preferably one in ``changed``)."""
    m = v.melds
    if m is not None:
        _check_melds(v, m, changed)
    _check_pack(v, changed)


def _check_melds(v: Variant, m: MeldRules, changed: tuple[str, ...]) -> None:
    if m.run_min > m.run_max:
        raise HouseRulesError(_("a run of at least %(min)s cards is longer than the longest run (%(max)s)", min=m.run_min,
                                max=m.run_max),
                              _blame(changed, "melds.run_max", "melds.run_min") if "melds.run_min" not in changed
                              else "melds.run_min", m.run_min)
    hand = v.cards_dealt + 1  # a hand holds the cards dealt plus the card drawn
    for r in v.rounds:
        if r.min_cards > hand:
            need = _(" and ").join(p for p in (
                ngettext("%(num)s set of %(cards)s", "%(num)s sets of %(cards)s", r.contract.sets, cards=m.set_min)
                if r.contract.sets else "",
                ngettext("%(num)s run of %(cards)s", "%(num)s runs of %(cards)s", r.contract.runs, cards=m.run_min)
                if r.contract.runs else "",
            ) if p)
            raise HouseRulesError(
                _("round %(n)s (%(contract)s) needs %(cards)s cards (%(need)s), but a hand holds at most %(hand)s "
                  "(%(dealt)s dealt and 1 drawn)", n=r.number, contract=r.contract, cards=r.min_cards, need=need,
                  hand=hand, dealt=v.cards_dealt),
                _blame(changed, f"rounds[{r.number - 1}].contract", "melds.set_min" if r.contract.sets else
                       "melds.run_min", "melds.run_min", "cards_dealt"), r.min_cards)
    if not m.wild.tokens:
        for k, on, what in (("wilds_may_not_outnumber_naturals", m.wilds_may_not_outnumber_naturals,
                             _("wilds may not outnumber naturals")),
                            ("all_wild_set", m.all_wild_set, _("a set of wild cards only"))):
            if on:
                raise HouseRulesError(_("the limit \"%(limit)s\" needs wild cards, and there are none: turn it off or "
                                        "name the wild cards", limit=what),
                                      _blame(changed, "wild_cards", f"melds.{k}"), True)


def _check_pack(v: Variant, changed: tuple[str, ...]) -> None:
    for n in range(v.players.min, v.players.max + 1):
        pack = v.pack(n)
        need = n * v.cards_dealt + v.starter_cards + 1
        if need > pack.cards:
            raise HouseRulesError(
                ngettext("%(players)s players: %(num)s deck hold %(cards)s cards, too few to deal %(dealt)s to each "
                         "and leave a stock (%(need)s needed)",
                         "%(players)s players: %(num)s decks hold %(cards)s cards, too few to deal %(dealt)s to each "
                         "and leave a stock (%(need)s needed)", pack.decks, players=n, cards=pack.cards,
                         dealt=v.cards_dealt, need=need),
                _blame(changed, "players.max", "decks", "cards_dealt", "jokers_per_deck"), n)
    if v.may_i.none_in_last_rounds > len(v.rounds):
        raise HouseRulesError(_("no May I in the last %(n)s rounds, but the game has %(rounds)s",
                                n=v.may_i.none_in_last_rounds, rounds=len(v.rounds)),
                              "may_i.none_in_last_rounds", v.may_i.none_in_last_rounds)


# ----- the changes between two variants, and in words ------------------------------------------

def changes_between(base: Variant, v: Variant) -> dict[str, Any]:
    """The smallest ``changes`` mapping that turns ``base`` into ``v`` (same keys as the API's)."""
    return _diff(document(base), document(v))


def _diff(a: Mapping[str, Any], b: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for s in house_settings.settings_for(a["kind"]):
        if s.kind not in SIMPLE_KINDS:
            _SHAPED_DIFF[s.kind](a, b, out)
            continue
        old, new = house_settings.value_at(a, s), house_settings.value_at(b, s)
        if old != new:
            if s.name == s.group:
                out[s.name] = new
            else:
                out.setdefault(s.group, {})[s.key] = new
    if "last_round" in out:  # said whole, or null when the house has no special last round
        lb = b.get("last_round")
        out["last_round"] = None if lb is None else {k: lb[k] for k in house_settings.group_keys("last_round")}
    return out


def _diff_decks(a: Mapping[str, Any], b: Mapping[str, Any], out: dict[str, Any]) -> None:
    if a["pack"]["decks"] != b["pack"]["decks"]:
        # a wider or narrower player range alone moves the last step: only a real change is a change
        fitted = {**a, "players": b["players"], "pack": {**a["pack"], "decks": [dict(s) for s in a["pack"]["decks"]]}}
        _fit_decks(fitted, False)
        if fitted["pack"]["decks"] != b["pack"]["decks"]:
            out["decks"] = b["pack"]["decks"]


def _diff_rounds(a: Mapping[str, Any], b: Mapping[str, Any], out: dict[str, Any]) -> None:
    if a["contracts"]["rounds"] != b["contracts"]["rounds"]:
        out["rounds"] = [{"contract": dict(r)} for r in b["contracts"]["rounds"]]


def _diff_wild_cards(a: Mapping[str, Any], b: Mapping[str, Any], out: dict[str, Any]) -> None:
    if a["melds"]["wild"] != b["melds"]["wild"]:
        out["wild_cards"] = b["melds"]["wild"]


def _diff_card_points(a: Mapping[str, Any], b: Mapping[str, Any], out: dict[str, Any]) -> None:
    points = {r: p for r, p in b["points"].items() if a["points"].get(r) != p}
    if points:
        out["card_points"] = points


_SHAPED_DIFF = {SettingKind.DECKS: _diff_decks, SettingKind.ROUNDS: _diff_rounds,
                SettingKind.WILD_CARDS: _diff_wild_cards, SettingKind.CARD_POINTS: _diff_card_points}


@dataclass(frozen=True)
class Difference:
    """One way a house variant differs from its base: the ``changes`` key and the words."""

    key: str
    text: str
    part: str = ""  # the key inside ``key`` when it names one rule of several (ROY's ``roy``)


_RANK_WORDS = {"A": N_("aces %(points)s"), "J": N_("jacks %(points)s"), "Q": N_("queens %(points)s"),
               "K": N_("kings %(points)s"), JOKER: N_("jokers %(points)s")}


def differences(base: Variant, v: Variant) -> list[Difference]:
    """The differences from the base, in words a player uses ("jokers 50", "round 7 is 3 sets")."""
    ch = changes_between(base, v)
    out: list[Difference] = []
    for s in house_settings.settings_for(base.kind):
        if s.group not in ch:
            continue
        if s.group in _SAID_BY_GROUP:
            if s.name == house_settings.group_settings(s.group, base.kind)[0].name:  # once, for the group
                out.append(Difference(s.group, _SAID_BY_GROUP[s.group](v)))
        elif s.kind not in SIMPLE_KINDS:
            out.extend(Difference(s.name, text) for text in _SHAPED_WORDS[s.kind](base, v, ch[s.name]))
        elif s.name == s.group:
            out.append(Difference(s.name, s.words(ch[s.name])))
        elif s.key in ch[s.group]:
            if s.group == "may_i" and s.key != "allowed" and not v.may_i.allowed:
                continue  # without May I, its other rules say nothing
            out.append(Difference(s.group, s.words(ch[s.group][s.key]), s.key))
    return out


def _players_words(v: Variant) -> str:
    if v.players.min == v.players.max:  # one size of table: "4 to 4 players" would read oddly
        return ngettext("exactly %(num)s player", "exactly %(num)s players", v.players.min)
    return _("%(min)s to %(max)s players", min=v.players.min, max=v.players.max)


def _last_round_words(v: Variant) -> str:
    lr = v.last_round
    if lr is None:
        return _("no special last round")
    words = [w for w, on in ((_("no discard"), lr.no_discard), (_("every card in the contract"),
                                                                lr.all_cards_in_contract)) if on]
    return _("last round: %(rules)s", rules=_(" and ").join(words))


# The groups said in one sentence (the players' range, the last round's rules).
_SAID_BY_GROUP = {"players": _players_words, "last_round": _last_round_words}


def _decks_words(base: Variant, v: Variant, change: Any) -> list[str]:
    if len(v.deck_steps) == 1:
        n = v.deck_steps[0].decks
        return [ngettext("%(num)s deck at every table", "%(num)s decks at every table", n)]
    steps = [_("%(decks)s for up to %(players)s players", decks=s.decks, players=s.up_to) for s in v.deck_steps]
    return [_("decks: %(steps)s", steps=", ".join(steps))]


def _rounds_words(base: Variant, v: Variant, change: Any) -> list[str]:
    out = []
    if len(v.rounds) != len(base.rounds):
        out.append(ngettext("%(num)s round", "%(num)s rounds", len(v.rounds)))
    for r in v.rounds:
        old = base.rounds[r.number - 1].contract if r.number <= len(base.rounds) else None
        if old != r.contract:
            out.append(_("round %(n)s is %(contract)s", n=r.number, contract=r.contract))
    return out


def _wild_cards_words(base: Variant, v: Variant, change: Any) -> list[str]:
    m = v.melds
    return [_("wild: %(cards)s", cards=m.wild.describe()) if m is not None and m.wild.tokens else _("no wild cards")]


def _card_points_words(base: Variant, v: Variant, change: Any) -> list[str]:
    return [_(_RANK_WORDS[rank], points=points) if rank in _RANK_WORDS else _("%(rank)ss %(points)s", rank=rank, points=points)
            for rank, points in change.items()]


_SHAPED_WORDS = {SettingKind.DECKS: _decks_words, SettingKind.ROUNDS: _rounds_words,
                 SettingKind.WILD_CARDS: _wild_cards_words, SettingKind.CARD_POINTS: _card_points_words}


def describe_differences(base: Variant, v: Variant) -> str:
    """One line: "changed from Joybells: jokers 50, round 7 is 1 set + 2 runs"."""
    diffs = differences(base, v)
    if not diffs:
        return _("the same as %(name)s", name=base.name)
    return _("changed from %(name)s: %(changes)s", name=base.name, changes=", ".join(d.text for d in diffs))


# ----- TOML export and import --------------------------------------------------------------------

def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(x) for x in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in value.items()) + " }"
    raise TypeError(f"cannot write {value!r} as TOML")  # pragma: no cover (documents hold no other type)


def _key(key: str) -> str:
    bare = key and all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in key)
    return key if bare else json.dumps(key, ensure_ascii=False)


def _table(lines: list[str], name: str, table: Mapping[str, Any]) -> None:
    lines.append("")
    lines.append(f"[{name}]")
    for k, value in table.items():
        if k == "rounds" and name == "contracts":
            lines.append("rounds = [")
            lines.extend(f"  {_value(r)}," for r in value)
            lines.append("]")
        else:
            lines.append(f"{_key(k)} = {_value(value)}")


def to_toml(v: Variant) -> str:
    """The variant as a TOML file in the format of ``variants/*.toml``; :func:`from_toml` reads it back."""
    doc = document(v)
    base = f", based on {get_variant(v.based_on).name}" if v.based_on else ""
    lines = [f"# {v.name}: a house variant{base}. Made with scorekeeper; import it on its Import house rules page (/rules/import)."]
    for k in ("id", "name", "based_on", "kind", "order", "summary"):
        if k in doc:
            lines.append(f"{k} = {_value(doc[k])}")
    for k in ("players", "pack", "deal", "melds", "contracts", "last_round", "points", "scoring", "may_i", "stock",
              "roy"):
        if k in doc:
            _table(lines, k, doc[k])
    for key, opt in doc.get("house_options", {}).items():
        _table(lines, f"house_options.{_key(key)}", opt)
    _table(lines, "sources", doc["sources"])
    return "\n".join(lines) + "\n"


_FILE_KEYS = ("id", "name", "based_on", "kind", "order", "summary", "players", "pack", "deal", "melds",
              "contracts", "last_round", "points", "scoring", "may_i", "stock", "house_options", "sources",
              "notes", "roy")  # (a house variant's rules pages use its base's notes)


def changes_from_document(data: Mapping[str, Any]) -> tuple[Variant, dict[str, Any]]:
    """A house variant file's base and its ``changes`` (the file's rules, key by key, as changes)."""
    for k in data:
        if k not in _FILE_KEYS:
            raise HouseRulesError(_("%(key)s is not a key of a variant file (known: %(known)s)", key=repr(k),
                                    known=", ".join(_FILE_KEYS)), k, k)
    if "based_on" not in data:
        raise HouseRulesError(_("missing: a house variant file names the built-in variant it changes"), "based_on")
    try:
        base = get_variant(data["based_on"], "based_on")
    except VariantError as err:
        raise HouseRulesError(err.message, "based_on", data["based_on"]) from None
    if not base.is_contract_game:
        return base, _shedding_changes(data, base)
    for section, fixed in _FIXED_IN_FILE.items():
        _mapping(data.get(section, {}), section, _file_keys(base, section, fixed))
    changes = _settings_in_file(data, base)
    if "at_a_time" in data.get("deal", {}) and not _owned(base, ("deal", "at_a_time")) \
            and data["deal"]["at_a_time"] != base.deal_at_a_time:
        raise HouseRulesError(_("%(value)s: the deal follows %(name)s (%(n)s at a time)", value=_shown(data["deal"]["at_a_time"]),
                                name=base.name, n=base.deal_at_a_time), "deal.at_a_time", data["deal"]["at_a_time"])
    written = document(base)["scoring"]
    for k in ("round_score", "winner"):
        if k in data.get("scoring", {}) and not _owned(base, ("scoring", k)) and data["scoring"][k] != written[k]:
            raise HouseRulesError(_("the scoring follows %(name)s; only %(keys)s may change", name=base.name,
                                    keys=", ".join(house_settings.group_keys("scoring"))),
                                  f"scoring.{k}")
    if "last_round" not in data and base.last_round is not None:
        changes["last_round"] = None
    return base, changes


# A contract game file's tables: the keys a house file may hold beside its settings' (the deal as
# the base deals, the scoring's kind, the last round's number, written by the app).
_FIXED_IN_FILE: dict[str, tuple[str, ...]] = {
    "players": (), "pack": (), "deal": ("at_a_time",), "melds": (), "contracts": (), "last_round": ("round",),
    "scoring": ("round_score", "winner"), "may_i": (), "stock": ()}


def _owned(base: Variant, path: tuple[str, ...]) -> bool:
    """Whether a setting of ``base``'s kind of game sits at ``path`` of a variant file."""
    return any(s.path == path for s in house_settings.settings_for(base.kind))


def _file_keys(base: Variant, section: str, fixed: tuple[str, ...]) -> tuple[str, ...]:
    """The keys a table of a house variant file may hold: its settings' and ``fixed``."""
    mine = [s.path[1] for s in house_settings.settings_for(base.kind) if len(s.path) == 2 and s.path[0] == section]
    return tuple(dict.fromkeys([*fixed, *mine]))


def _settings_in_file(data: Mapping[str, Any], base: Variant) -> dict[str, Any]:
    """The changes a house variant file states: each setting found where the file writes it (a
    table that is there but leaves out a setting kept out when off means it is off)."""
    changes: dict[str, Any] = {}
    for s in house_settings.settings_for(base.kind):
        here: Any = data
        for part in s.path[:-1]:
            here = here.get(part) if isinstance(here, Mapping) else None
        if not isinstance(here, Mapping):
            continue
        if s.path[-1] in here:
            value = here[s.path[-1]]
        elif s.absent_when_off:
            value = s.off_value()
        else:
            continue
        if s.kind is SettingKind.ROUNDS:
            value = [{"contract": r} for r in _list(value, ".".join(s.path))]
        if s.name == s.group:
            changes[s.name] = value
        else:
            changes.setdefault(s.group, {})[s.key] = value
    return changes


def _shedding_changes(data: Mapping[str, Any], base: Variant) -> dict[str, Any]:
    """A ROY house file's changes: its settings (players, cards dealt, target, the ace's and king's
    draws); every other rule in the file must be the base's (a file cannot change what the form cannot)."""
    for key in ("melds", "contracts", "last_round", "points"):
        if key in data:
            raise HouseRulesError(_("%(key)s is not a rule of %(name)s (a shedding game)", key=key, name=base.name),
                                  key, key)
    written = document(base)
    for section in ("players", "deal", "scoring", "roy"):
        _mapping(data.get(section, {}), section, tuple(written[section]))
    changes = _settings_in_file(data, base)
    fixed = {f"{section}.{k}": (v, written[section][k]) for section in ("deal", "scoring", "roy")
             for k, v in data.get(section, {}).items() if not _owned(base, (section, k))}
    fixed.update({"pack": (data.get("pack"), written["pack"]), "may_i": (data.get("may_i"), written["may_i"]),
                  "stock": (data.get("stock"), written["stock"])})
    for key, (given, own) in fixed.items():
        if given is not None and given != own and not (key == "pack" and _same_pack(given, own)):
            raise HouseRulesError(_("%(value)s: this rule follows %(name)s; a house version of it may change only "
                                    "%(keys)s", value=_shown(given), name=base.name, keys=", ".join(change_keys(base))),
                                  key, given)
    return changes


def _same_pack(given: Any, own: Mapping[str, Any]) -> bool:
    """A wider player range moves the pack's last step: the same single deck is the same pack."""
    if not isinstance(given, Mapping) or given.get("jokers_per_deck", own["jokers_per_deck"]) != own["jokers_per_deck"]:
        return False
    steps = given.get("decks")
    return isinstance(steps, list) and all(isinstance(s, Mapping) and s.get("decks") == 1 for s in steps)


def from_toml(text: str, *, id: str | None = None, name: object = None) -> Variant:
    """Read a house variant file, checked exactly as :func:`apply_changes` checks a form or an API body.

    ``id`` and ``name`` replace the file's (an imported file becomes a new house variant).
    ``order``, ``summary`` and ``sources`` are written by the app from the name and the changes
    (a changed rule cites the house) and are read back that way; ``kind`` and ``house_options``
    are the base's and refused when a file changes them."""
    if not isinstance(text, str):
        raise HouseRulesError(_("a variant file is text"), "file")
    if too_deep(text):
        raise HouseRulesError(_("not a variant file: its lists or tables are nested more than %(max)s deep",
                                max=MAX_DEPTH), "file")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HouseRulesError(_("not a TOML file: %(error)s", error=exc), "file") from None
    base, changes = changes_from_document(data)
    vid = id if id is not None else data.get("id")
    if not isinstance(vid, str) or not vid:
        raise HouseRulesError(_("missing: the variant's id"), "id", vid)
    variant = apply_all_rules(base, changes, id=vid, name=check_name(name if name is not None else data.get("name")))
    written = document(variant)
    for k in ("kind", "house_options"):
        if k in data and data[k] != written.get(k):
            raise HouseRulesError(_("%(key)s is written by the app from the rules; it cannot be set in a file", key=k),
                                  k, data[k])
    return variant


# ----- shipped examples --------------------------------------------------------------------------

_EXAMPLES: dict[str, Variant] = {}
EXAMPLE_NOTES: dict[str, str] = {}  # what each example is, from the comment at the top of its file
# The same notes marked for translation (shown with ``_()``); a test keeps them equal to the files'.
EXAMPLE_NOTE_TEXTS = (
    N_("The Clenney family's challenge: \"challenge yourself by only using 3 decks\", whatever the table's size "
       "(May I, Clenney family rules: Objective)."),
    N_("Continental with 2s wild too (Continental Rummy, encyclopedia article: Rule Variations)."),
    N_("The six-hand list from Hoyle quoted in the Continental Rummy article (encyclopedia article, opening lines): "
       "2 sets; 2 runs; 2 sets + 1 run; [the 4th hand is missing in the article]; 2 runs + 1 set; 3 runs. "
       "scorekeeper assumes the 4th hand is 3 sets: the one three-meld contract the list leaves out. "
       "Everything else is Continental's."),
)


def examples() -> list[Variant]:
    """Ready house variants a family can start from (``house_examples/*.toml``), read through
    :func:`from_toml` like any imported file."""
    if not _EXAMPLES:
        from importlib import resources

        folder = resources.files(__package__).joinpath("house_examples")
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.name.endswith(".toml"):
                text = entry.read_text(encoding="utf-8")
                v = from_toml(text)
                _EXAMPLES[v.id] = v
                head = []
                for line in text.splitlines():
                    if not line.startswith("# ") or "a house variant, based on" in line:
                        break
                    head.append(line[2:].strip())
                EXAMPLE_NOTES[v.id] = " ".join(head)
    return list(_EXAMPLES.values())


def example(variant_id: str) -> Variant | None:
    return next((v for v in examples() if v.id == variant_id), None)
