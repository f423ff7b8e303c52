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
from .words import N_, _, ngettext
from .variants import (
    AceRule,
    ContractKind,
    StockExhausted,
    Variant,
    VariantError,
    get_variant,
    variant_from_dict,
    wild_tokens,
)


class HouseRulesError(VariantError):
    """A change that is not understood, or rules that cannot be played; ``field`` is the key."""


# The keys of ``changes`` (docs/api.md, "House variants"), in the order the form shows them.
CHANGE_KEYS = ("players", "decks", "jokers_per_deck", "cards_dealt", "rounds", "contract_kind", "melds",
               "wild_cards", "last_round", "card_points", "scoring", "may_i", "stock_exhausted")
MELD_KEYS = ("set_min", "run_min", "run_max", "aces", "wilds_may_not_outnumber_naturals", "all_wild_set",
             "same_suit_runs")
SCORING_KEYS = ("round_win_bonus", "missing_card_penalty")
MAY_I_KEYS = ("allowed", "penalty_cards_per_discard", "multiple_discards", "none_in_last_rounds",
              "discard_pile_dead", "no_lay_down_until_next_turn")
LAST_ROUND_KEYS = ("no_discard", "all_cards_in_contract")
# A shedding game's (ROY's) own changes: how many play, the deal, the target score and what an ace
# and the king of spades make the next player draw.
ROY_CHANGE_KEYS = ("players", "cards_dealt", "target", "roy")
ROY_KEYS = ("draw_per_card", "skip_draw")


def change_keys(base: Variant) -> tuple[str, ...]:
    """The ``changes`` keys a house version of ``base`` may set."""
    return CHANGE_KEYS if base.is_contract_game else ROY_CHANGE_KEYS

# Which source citation a change replaces with the house's own (the rules page cites the house).
_SOURCE_KEYS = {
    "players": ("players",), "decks": ("pack",), "jokers_per_deck": ("pack",), "cards_dealt": ("deal",),
    "rounds": ("contracts",), "contract_kind": ("contracts",), "melds": ("melds", "aces", "wild_limits",
                                                                         "same_suit_runs"),
    "wild_cards": ("wild",), "last_round": ("last_round",), "card_points": ("points",),
    "scoring": ("scoring",), "may_i": ("may_i",), "stock_exhausted": ("stock",),
    "target": ("target",), "roy": ("ace_draw", "king_draw"),
}
# ROY: the ace's and the king of spades' draws each have a source key of their own (the rules page
# and the sheet fall back to ``special_cards``), so changing one leaves the jacks cited from the source.
_ROY_SOURCES = {"draw_per_card": "ace_draw", "skip_draw": "king_draw"}

# Which source citation each meld setting's change replaces (a change of the aces alone leaves the
# sets' and runs' minimums cited from the base's source).
_MELD_SOURCES = {"set_min": "melds", "run_min": "melds", "run_max": "melds", "aces": "aces",
                 "wilds_may_not_outnumber_naturals": "wild_limits", "all_wild_set": "wild_limits",
                 "same_suit_runs": "same_suit_runs"}

# Limits that keep a house variant a game people can sit down and play (and that the pages can
# seat: at most 8 players, as for the built-in variants).
LIMITS = {
    "players": (2, 8), "decks": (1, 10), "jokers_per_deck": (0, 4), "cards_dealt": (1, 20),
    "rounds": (1, 12), "contract": (0, 6), "set_min": (2, 8), "run_min": (2, 13), "run_max": (2, 13),
    "points": (0, 1000), "round_win_bonus": (0, 1000), "missing_card_penalty": (0, 1000),
    "penalty_cards_per_discard": (0, 5), "name": (1, 60),
    "target": (10, 1000), "draw_per_card": (1, 5), "skip_draw": (1, 10),
}
HOUSE_ORDER = 100  # after the built-in variants


# ----- the document: a variant as the TOML files write it ------------------------------------

def document(v: Variant) -> dict[str, Any]:
    """The variant as the nested mapping that ``variants/*.toml`` hold (``variant_from_dict``'s input)."""
    if not v.is_contract_game or v.melds is None:
        return _shedding_document(v)
    m = v.melds
    doc: dict[str, Any] = {"id": v.id, "name": v.name}
    if v.based_on:
        doc["based_on"] = v.based_on
    doc.update({
        "kind": v.kind, "order": v.order, "summary": v.summary,
        "players": {"min": v.players.min, "max": v.players.max},
        "pack": {"decks": [{"up_to": s.up_to, "decks": s.decks} for s in v.deck_steps],
                 "jokers_per_deck": v.jokers_per_deck},
        "deal": {"cards": v.cards_dealt, "at_a_time": v.deal_at_a_time},
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


def _shedding_document(v: Variant) -> dict[str, Any]:
    """A shedding game (ROY) as ``variants/roy.toml`` writes it."""
    if v.roy is None:
        raise HouseRulesError(_("%(name)s has no rules a house version could change", name=v.name), "based_on", v.id)
    doc: dict[str, Any] = {"id": v.id, "name": v.name}
    if v.based_on:
        doc["based_on"] = v.based_on
    doc.update({
        "kind": v.kind, "order": v.order, "summary": v.summary,
        "players": {"min": v.players.min, "max": v.players.max},
        "pack": {"decks": [{"up_to": s.up_to, "decks": s.decks} for s in v.deck_steps],
                 "jokers_per_deck": v.jokers_per_deck},
        "deal": {"cards": v.cards_dealt, "at_a_time": v.deal_at_a_time},
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


def _int(value: Any, key: str, limit: str) -> int:
    lo, hi = LIMITS[limit]
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
    return value


def _mapping(value: Any, key: str, known: tuple[str, ...]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise HouseRulesError(_("%(value)s is not an object (keys: %(known)s)", value=_shown(value), known=", ".join(known)),
                              key, value)
    for k in value:
        if k not in known:
            raise HouseRulesError(_("%(name)s is not a key of %(key)s (known: %(known)s)", name=repr(k), key=key,
                                    known=", ".join(known)), f"{key}.{k}", k)
    return value


def _list(value: Any, key: str) -> list:
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


def apply_changes(base: Variant, changes: Any, *, id: str, name: str) -> Variant:
    """``base`` with ``changes`` (docs/api.md, "House variants"): every key checked, then the
    whole checked for playability (:func:`check_playable`). Raises :class:`HouseRulesError`."""
    name = check_name(name)
    changes = _mapping(changes if changes is not None else {}, "changes", change_keys(base))
    if base.based_on:
        raise HouseRulesError(_("%(name)s is itself a house variant: start from a built-in one", name=base.name),
                              "based_on", base.id)
    doc = _apply(base, changes)
    doc["id"], doc["name"], doc["based_on"], doc["order"] = id, name, base.id, HOUSE_ORDER
    doc["deal"]["turn_up"] = base.turn_up  # (dealt as the base is: not a house rule)
    doc["summary"] = f"{name}: {base.name} with a family's own changes."
    if base.is_contract_game:
        _check_jokers(doc, tuple(changes))
    for key in changes:
        sources = _SOURCE_KEYS[key]
        if key == "melds" and isinstance(changes[key], Mapping):  # only the meld rules that changed
            sources = tuple(dict.fromkeys(_MELD_SOURCES.get(k, "melds") for k in changes[key])) or sources
        if key == "roy" and isinstance(changes[key], Mapping):
            sources = tuple(_ROY_SOURCES[k] for k in changes[key])
        for src in sources:
            doc["sources"][src] = {"file": "house", "section": name}
    try:
        variant = variant_from_dict(doc)
    except VariantError as err:  # what the loader refuses that the checks above let through
        raise HouseRulesError(err.message, err.field, err.value) from None
    changed = tuple(changes) + tuple(f"{k}.{n}" for k, sub in changes.items() if isinstance(sub, Mapping) for n in sub)
    check_playable(variant, changed=changed)
    return variant


def apply_all_rules(base: Variant, changes: Any, *, id: str, name: str) -> Variant:
    """Like :func:`apply_changes`, for ``changes`` that state every rule (a file, a whole form):
    each value is checked, and what differs from the base is the house's change (named in errors,
    cited as the house's)."""
    name = check_name(name)
    changes = _mapping(changes if changes is not None else {}, "changes", change_keys(base))
    return apply_changes(base, _diff(document(base), _apply(base, changes)), id=id, name=name)


def _apply(base: Variant, changes: Mapping[str, Any]) -> dict[str, Any]:
    """The base's document with each change checked and written in (no playability check yet)."""
    doc = document(base)
    for key in change_keys(base):
        if key in changes:
            _APPLY[key](doc, changes[key], key)
    _fit_decks(doc, "decks" in changes)
    if doc.get("last_round") is not None:
        doc["last_round"]["round"] = len(doc["contracts"]["rounds"])
    return doc


def _players(doc, value, key):
    value = _mapping(value, key, ("min", "max"))
    for k in ("min", "max"):
        if k in value:
            doc["players"][k] = _int(value[k], f"{key}.{k}", "players")
    if doc["players"]["min"] > doc["players"]["max"]:
        which = "min" if "min" in value else "max"
        raise HouseRulesError(_("players.min (%(min)s) is over players.max (%(max)s)", min=doc["players"]["min"],
                                max=doc["players"]["max"]),
                              f"{key}.{which}", doc["players"][which])


def _decks(doc, value, key):
    if isinstance(value, int) and not isinstance(value, bool):
        doc["pack"]["decks"] = [{"up_to": doc["players"]["max"], "decks": _int(value, key, "decks")}]
        return
    steps = []
    for i, step in enumerate(_list(value, key)):
        step = _mapping(step, f"{key}[{i}]", ("up_to", "decks"))
        for k in ("up_to", "decks"):
            if k not in step:
                raise HouseRulesError(_("missing %(key)s", key=k), f"{key}[{i}].{k}")
        up_to = _int(step["up_to"], f"{key}[{i}].up_to", "players")
        if steps and up_to <= steps[-1]["up_to"]:
            raise HouseRulesError(_("%(n)s players must be more than the step before (%(before)s)", n=up_to,
                                    before=steps[-1]["up_to"]),
                                  f"{key}[{i}].up_to", up_to)
        steps.append({"up_to": up_to, "decks": _int(step["decks"], f"{key}[{i}].decks", "decks")})
    if not steps:
        raise HouseRulesError(_("give at least one number of decks"), key, value)
    doc["pack"]["decks"] = steps


def _fit_decks(doc, given: bool) -> None:
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


def _set(path: tuple[str, ...], limit: str | None = None, choices: tuple[str, ...] | None = None):
    def apply(doc, value, key):
        if choices is not None:
            value = _choice(value, key, choices)
        else:
            value = _int(value, key, limit)
        target = doc
        for p in path[:-1]:
            target = target[p]
        target[path[-1]] = value
    return apply


def _rounds(doc, value, key):
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
        sets = _int(c.get("sets", 0), f"{where}.contract.sets", "contract")
        runs = _int(c.get("runs", 0), f"{where}.contract.runs", "contract")
        if sets + runs == 0:
            raise HouseRulesError(_("a contract needs at least one set or run"), f"{where}.contract", c)
        rounds.append({"sets": sets, "runs": runs})
    doc["contracts"]["rounds"] = rounds


def _card_points(doc, value, key):
    value = _mapping(value, key, tuple(value) if isinstance(value, Mapping) else ())
    for rank, points in value.items():
        r = _rank_key(rank, key)
        doc["points"][r] = _int(points, f"{key}.{rank}", "points")
    doc["points"] = {r: doc["points"][r] for r in (*RANKS, JOKER) if r in doc["points"]}


def _wild_cards(doc, value, key):
    value = _list(value, key)
    try:
        tokens = wild_tokens(value, key)
    except RulesInputError as err:
        raise HouseRulesError(err.message, err.field or key, err.value) from None
    doc["melds"]["wild"] = list(dict.fromkeys(tokens))


def _melds(doc, value, key):
    value = _mapping(value, key, MELD_KEYS)
    m = doc["melds"]
    for k in ("set_min", "run_min", "run_max"):
        if k in value:
            m[k] = _int(value[k], f"{key}.{k}", k)
    if "aces" in value:
        m["aces"] = _choice(value["aces"], f"{key}.aces", tuple(str(a) for a in AceRule))
    for k in ("wilds_may_not_outnumber_naturals", "all_wild_set", "same_suit_runs"):
        if k in value:
            m[k] = _bool(value[k], f"{key}.{k}")


def _last_round(doc, value, key):
    if value is None:
        doc.pop("last_round", None)
        return
    value = _mapping(value, key, LAST_ROUND_KEYS)
    last = doc.get("last_round") or {"round": 0, "no_discard": False, "all_cards_in_contract": False}
    for k in LAST_ROUND_KEYS:
        if k in value:
            last[k] = _bool(value[k], f"{key}.{k}")
    if last["no_discard"] or last["all_cards_in_contract"]:
        doc["last_round"] = last
    else:
        doc.pop("last_round", None)


def _scoring(doc, value, key):
    value = _mapping(value, key, SCORING_KEYS)
    for k in SCORING_KEYS:
        if k in value:
            doc["scoring"][k] = _int(value[k], f"{key}.{k}", k)


def _may_i(doc, value, key):
    value = _mapping(value, key, MAY_I_KEYS)
    m = doc["may_i"]
    for k in ("allowed", "multiple_discards", "discard_pile_dead", "no_lay_down_until_next_turn"):
        if k in value:
            m[k] = _bool(value[k], f"{key}.{k}")
    if "penalty_cards_per_discard" in value:
        m["penalty_cards_per_discard"] = _int(value["penalty_cards_per_discard"],
                                              f"{key}.penalty_cards_per_discard", "penalty_cards_per_discard")
    if "none_in_last_rounds" in value:
        n = value["none_in_last_rounds"]
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise HouseRulesError(_("%(value)s is not a whole number of rounds", value=_shown(n)), f"{key}.none_in_last_rounds", n)
        if n:
            m["none_in_last_rounds"] = n
        else:
            m.pop("none_in_last_rounds", None)


def _roy(doc, value, key):
    value = _mapping(value, key, ROY_KEYS)
    for k in ROY_KEYS:
        if k in value:
            doc["roy"][k] = _int(value[k], f"{key}.{k}", k)


_APPLY = {
    "target": _set(("scoring", "target"), "target"),
    "roy": _roy,
    "players": _players,
    "decks": _decks,
    "jokers_per_deck": _set(("pack", "jokers_per_deck"), "jokers_per_deck"),
    "cards_dealt": _set(("deal", "cards"), "cards_dealt"),
    "rounds": _rounds,
    "contract_kind": _set(("contracts", "kind"), choices=tuple(str(k) for k in ContractKind)),
    "melds": _melds,
    "wild_cards": _wild_cards,
    "last_round": _last_round,
    "card_points": _card_points,
    "scoring": _scoring,
    "may_i": _may_i,
    "stock_exhausted": _set(("stock", "exhausted"), choices=tuple(str(s) for s in StockExhausted)),
}


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


def _check_melds(v: Variant, m, changed: tuple[str, ...]) -> None:
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
    if a["kind"] != "contract":
        return _diff_shedding(a, b)
    out: dict[str, Any] = {}
    if a["players"] != b["players"]:
        out["players"] = {k: b["players"][k] for k in ("min", "max") if a["players"][k] != b["players"][k]}
    if a["pack"]["decks"] != b["pack"]["decks"]:
        # a wider or narrower player range alone moves the last step: only a real change is a change
        fitted = {**a, "players": b["players"], "pack": {**a["pack"], "decks": [dict(s) for s in a["pack"]["decks"]]}}
        _fit_decks(fitted, False)
        if fitted["pack"]["decks"] != b["pack"]["decks"]:
            out["decks"] = b["pack"]["decks"]
    if a["pack"]["jokers_per_deck"] != b["pack"]["jokers_per_deck"]:
        out["jokers_per_deck"] = b["pack"]["jokers_per_deck"]
    if a["deal"]["cards"] != b["deal"]["cards"]:
        out["cards_dealt"] = b["deal"]["cards"]
    if a["contracts"]["rounds"] != b["contracts"]["rounds"]:
        out["rounds"] = [{"contract": dict(r)} for r in b["contracts"]["rounds"]]
    if a["contracts"]["kind"] != b["contracts"]["kind"]:
        out["contract_kind"] = b["contracts"]["kind"]
    melds = {k: b["melds"][k] for k in MELD_KEYS if a["melds"][k] != b["melds"][k]}
    if melds:
        out["melds"] = melds
    if a["melds"]["wild"] != b["melds"]["wild"]:
        out["wild_cards"] = b["melds"]["wild"]
    la, lb = a.get("last_round"), b.get("last_round")
    if lb is None and la is not None:
        out["last_round"] = None
    elif lb is not None and (la is None or any(la[k] != lb[k] for k in LAST_ROUND_KEYS)):
        out["last_round"] = {k: lb[k] for k in LAST_ROUND_KEYS}
    points = {r: p for r, p in b["points"].items() if a["points"].get(r) != p}
    if points:
        out["card_points"] = points
    scoring = {k: b["scoring"][k] for k in SCORING_KEYS if a["scoring"][k] != b["scoring"][k]}
    if scoring:
        out["scoring"] = scoring
    may_i = {k: b["may_i"].get(k, 0) for k in MAY_I_KEYS if a["may_i"].get(k, 0) != b["may_i"].get(k, 0)}
    if may_i:
        out["may_i"] = may_i
    if a["stock"] != b["stock"]:
        out["stock_exhausted"] = b["stock"]["exhausted"]
    return out


def _diff_shedding(a: Mapping[str, Any], b: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if a["players"] != b["players"]:
        out["players"] = {k: b["players"][k] for k in ("min", "max") if a["players"][k] != b["players"][k]}
    if a["deal"]["cards"] != b["deal"]["cards"]:
        out["cards_dealt"] = b["deal"]["cards"]
    if a["scoring"]["target"] != b["scoring"]["target"]:
        out["target"] = b["scoring"]["target"]
    roy = {k: b["roy"][k] for k in ROY_KEYS if a["roy"][k] != b["roy"][k]}
    if roy:
        out["roy"] = roy
    return out


@dataclass(frozen=True)
class Difference:
    """One way a house variant differs from its base: the ``changes`` key and the words."""

    key: str
    text: str
    part: str = ""  # the key inside ``key`` when it names one rule of several (ROY's ``roy``)


_RANK_WORDS = {"A": N_("aces %(points)s"), "J": N_("jacks %(points)s"), "Q": N_("queens %(points)s"),
               "K": N_("kings %(points)s"), JOKER: N_("jokers %(points)s")}
_ACE_WORDS = {"low": N_("aces low"), "high": N_("aces high"), "low-or-high": N_("aces low or high (not both)"),
              "around-the-corner": N_("aces low, high or both (round the corner)")}


def differences(base: Variant, v: Variant) -> list[Difference]:
    """The differences from the base, in words a player uses ("jokers 50", "round 7 is 3 sets")."""
    ch = changes_between(base, v)
    out: list[Difference] = []

    def add(key: str, text: str) -> None:
        out.append(Difference(key, text))

    if "players" in ch:
        add("players", _("%(min)s to %(max)s players", min=v.players.min, max=v.players.max))
    if "target" in ch:
        add("target", _("first to %(n)s points wins", n=ch["target"]))
    for k, value in ch.get("roy", {}).items():
        out.append(Difference("roy", ngettext("an ace makes the next player draw %(num)s",
                                              "an ace makes the next player draw %(num)s", value)
                              if k == "draw_per_card" else
                              ngettext("the king of spades makes the next player draw %(num)s",
                                       "the king of spades makes the next player draw %(num)s", value), k))
    if "decks" in ch:
        if len(v.deck_steps) == 1:
            n = v.deck_steps[0].decks
            add("decks", ngettext("%(num)s deck at every table", "%(num)s decks at every table", n))
        else:
            steps = [_("%(decks)s for up to %(players)s players", decks=s.decks, players=s.up_to) for s in v.deck_steps]
            add("decks", _("decks: %(steps)s", steps=", ".join(steps)))
    if "jokers_per_deck" in ch:
        add("jokers_per_deck", ngettext("%(num)s joker per deck", "%(num)s jokers per deck", v.jokers_per_deck)
            if v.jokers_per_deck else _("no jokers"))
    if "cards_dealt" in ch:
        add("cards_dealt", ngettext("%(num)s card dealt", "%(num)s cards dealt", v.cards_dealt))
    if "rounds" in ch:
        if len(v.rounds) != len(base.rounds):
            add("rounds", ngettext("%(num)s round", "%(num)s rounds", len(v.rounds)))
        for r in v.rounds:
            old = base.rounds[r.number - 1].contract if r.number <= len(base.rounds) else None
            if old != r.contract:
                add("rounds", _("round %(n)s is %(contract)s", n=r.number, contract=r.contract))
    if "contract_kind" in ch:
        add("contract_kind", _("contracts are minimums") if v.contract_kind is ContractKind.MINIMUM
            else _("contracts are exact"))
    m = v.melds
    for k, value in ch.get("melds", {}).items():
        text = {"set_min": _("sets of %(n)s or more", n=value),
                "run_min": _("runs of %(n)s or more", n=value),
                "run_max": _("runs of at most %(n)s", n=value),
                "aces": _(_ACE_WORDS[str(value)]) if str(value) in _ACE_WORDS else str(value),
                "wilds_may_not_outnumber_naturals": (_("wilds may not outnumber naturals") if value
                                                     else _("wilds may outnumber naturals")),
                "all_wild_set": _("a set of wilds only is allowed") if value else _("no set of wilds only"),
                "same_suit_runs": _("two runs of one suit allowed") if value else _("no two runs of one suit")}[k]
        add("melds", text)
    if "wild_cards" in ch:
        add("wild_cards", _("wild: %(cards)s", cards=m.wild.describe()) if m.wild.tokens else _("no wild cards"))
    if "last_round" in ch:
        lr = v.last_round
        if lr is None:
            add("last_round", _("no special last round"))
        else:
            words = [w for w, on in ((_("no discard"), lr.no_discard), (_("every card in the contract"),
                                                                        lr.all_cards_in_contract)) if on]
            add("last_round", _("last round: %(rules)s", rules=_(" and ").join(words)))
    for rank, points in ch.get("card_points", {}).items():
        add("card_points", _(_RANK_WORDS[rank], points=points) if rank in _RANK_WORDS
            else _("%(rank)ss %(points)s", rank=rank, points=points))
    for k, value in ch.get("scoring", {}).items():
        add("scoring", ngettext("%(num)s point off per round won", "%(num)s points off per round won", value)
            if k == "round_win_bonus" else
            ngettext("%(num)s point per missing card (incorrect hand)", "%(num)s points per missing card (incorrect hand)",
                     value))
    for k, value in ch.get("may_i", {}).items():
        if k != "allowed" and not v.may_i.allowed:
            continue  # without May I, its other rules say nothing
        text = {"allowed": _("May I allowed") if value else _("no May I"),
                "penalty_cards_per_discard": ngettext("May I: %(num)s penalty card per discard",
                                                      "May I: %(num)s penalty cards per discard", value),
                "multiple_discards": _("May I may take several discards") if value else _("May I takes one discard"),
                "none_in_last_rounds": (ngettext("no May I in the last round", "no May I in the last %(num)s rounds",
                                                 value) if value
                                        else _("May I in every round")),
                "discard_pile_dead": _("discard pile dead after a May I") if value else _("discard pile stays live"),
                "no_lay_down_until_next_turn": (_("no laying down until the next turn after a May I") if value
                                                else _("may lay down at once after a May I"))}[k]
        add("may_i", text)
    if "stock_exhausted" in ch:
        add("stock_exhausted", _("when the stock runs out: the discards are shuffled into a new stock")
            if v.stock_exhausted is StockExhausted.RESHUFFLE else
            _("when the stock runs out: turned over once, then the round ends"))
    return out


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
    changes: dict[str, Any] = {}

    def section(name: str, known: tuple[str, ...]) -> Mapping[str, Any]:
        return _mapping(data.get(name, {}), name, known)

    players = section("players", ("min", "max"))
    if players:
        changes["players"] = dict(players)
    pack = section("pack", ("decks", "jokers_per_deck"))
    if "decks" in pack:
        changes["decks"] = pack["decks"]
    if "jokers_per_deck" in pack:
        changes["jokers_per_deck"] = pack["jokers_per_deck"]
    deal = section("deal", ("cards", "at_a_time"))
    if "cards" in deal:
        changes["cards_dealt"] = deal["cards"]
    if "at_a_time" in deal and deal["at_a_time"] != base.deal_at_a_time:
        raise HouseRulesError(_("%(value)s: the deal follows %(name)s (%(n)s at a time)", value=_shown(deal["at_a_time"]),
                                name=base.name, n=base.deal_at_a_time), "deal.at_a_time", deal["at_a_time"])
    melds = dict(section("melds", (*MELD_KEYS, "wild")))
    if "wild" in melds:
        changes["wild_cards"] = melds.pop("wild")
    if melds:
        changes["melds"] = melds
    contracts = section("contracts", ("kind", "rounds"))
    if "kind" in contracts:
        changes["contract_kind"] = contracts["kind"]
    if "rounds" in contracts:
        rounds = _list(contracts["rounds"], "contracts.rounds")
        changes["rounds"] = [{"contract": r} for r in rounds]
    if "last_round" in data:
        last = dict(_mapping(data["last_round"], "last_round", ("round", *LAST_ROUND_KEYS)))
        last.pop("round", None)  # always the schedule's last round
        changes["last_round"] = last
    elif base.last_round is not None:
        changes["last_round"] = None
    if "points" in data:
        changes["card_points"] = data["points"]
    scoring = dict(section("scoring", ("round_score", "winner", *SCORING_KEYS)))
    for k in ("round_score", "winner"):
        if k in scoring and scoring.pop(k) != document(base)["scoring"][k]:
            raise HouseRulesError(_("the scoring follows %(name)s; only %(keys)s may change", name=base.name,
                                    keys=", ".join(SCORING_KEYS)),
                                  f"scoring.{k}")
    if scoring:
        changes["scoring"] = scoring
    if "may_i" in data:
        changes["may_i"] = {"none_in_last_rounds": 0, **section("may_i", MAY_I_KEYS)}
    stock = section("stock", ("exhausted",))
    if "exhausted" in stock:
        changes["stock_exhausted"] = stock["exhausted"]
    return base, changes


def _shedding_changes(data: Mapping[str, Any], base: Variant) -> dict[str, Any]:
    """A ROY house file's changes: players, cards dealt, target, the ace's and king's draws; every
    other rule in the file must be the base's (a file cannot change what the form cannot)."""
    for key in ("melds", "contracts", "last_round", "points"):
        if key in data:
            raise HouseRulesError(_("%(key)s is not a rule of %(name)s (a shedding game)", key=key, name=base.name),
                                  key, key)
    written = document(base)
    changes: dict[str, Any] = {}
    players = _mapping(data.get("players", {}), "players", ("min", "max"))
    if players:
        changes["players"] = dict(players)
    deal = _mapping(data.get("deal", {}), "deal", ("cards", "at_a_time"))
    if "cards" in deal:
        changes["cards_dealt"] = deal["cards"]
    scoring = dict(_mapping(data.get("scoring", {}), "scoring", (*written["scoring"],)))
    if "target" in scoring:
        changes["target"] = scoring.pop("target")
    roy = dict(_mapping(data.get("roy", {}), "roy", tuple(written["roy"])))
    mine = {k: roy.pop(k) for k in ROY_KEYS if k in roy}
    if mine:
        changes["roy"] = mine
    fixed = {"deal.at_a_time": (deal.get("at_a_time"), written["deal"]["at_a_time"]),
             **{f"scoring.{k}": (v, written["scoring"][k]) for k, v in scoring.items()},
             **{f"roy.{k}": (v, written["roy"][k]) for k, v in roy.items()},
             "pack": (data.get("pack"), written["pack"]), "may_i": (data.get("may_i"), written["may_i"]),
             "stock": (data.get("stock"), written["stock"])}
    for key, (given, own) in fixed.items():
        if given is not None and given != own and not (key == "pack" and _same_pack(given, own)):
            raise HouseRulesError(_("%(value)s: this rule follows %(name)s; a house version of it may change only "
                                    "%(keys)s", value=_shown(given), name=base.name, keys=", ".join(ROY_CHANGE_KEYS)),
                                  key, given)
    return changes


def _same_pack(given: Any, own: Mapping[str, Any]) -> bool:
    """A wider player range moves the pack's last step: the same single deck is the same pack."""
    if not isinstance(given, Mapping) or given.get("jokers_per_deck", own["jokers_per_deck"]) != own["jokers_per_deck"]:
        return False
    steps = given.get("decks")
    return isinstance(steps, list) and all(isinstance(s, Mapping) and s.get("decks") == 1 for s in steps)


def from_toml(text: str, *, id: str | None = None, name: str | None = None) -> Variant:
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
    name = name if name is not None else data.get("name")
    variant = apply_all_rules(base, changes, id=vid, name=name)
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
