"""Generated requests for every JSON API endpoint (hypothesis), and the checks made on each answer.

Used by ``tests/security/test_fuzz.py`` (a few hundred requests per suite run) and ``bench/fuzz_api.py``
(at least 10,000). Every route of the ``api`` blueprint is a target (read from the app's URL map,
so a new endpoint is fuzzed without touching this file). A request is a method the route takes (or
sometimes one it does not), path parameters that exist or not, a body that is a near-valid
document with fields swapped for random JSON, random JSON, or raw bytes, and random headers
(edit token right, wrong, malformed or missing; Idempotency-Key; If-Match; Content-Type).

The checks: never a 5xx; every error is JSON ``{"error": "<sentence>"}``; and a refused request
(4xx) leaves every stored row of every table exactly as it was.
"""
from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass, field

import sqlalchemy as sa
from hypothesis import strategies as st

from scorekeeper.db import db

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "ann", "BOB", "Zed", "", " ", "A" * 41, "Zoë", "=1+1", "Ann\u0000"]
CARDS = ["KD", "4S", "AH", "JK", "2H", "10S", "QC", "7D", "QX", "1S", "10", "", "jk", "AH ", 5, None]
VARIANTS = ["joybells", "continental", "le-may-i", "clenney", "roy", "nope", "", "ROY", "../etc"]
EDGE_INTS = [-1, 0, 1, 2, 3, 7, 8, 99, 100, 10_000, 2**31, 2**63, 10**30, -(2**63)]

printable = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=40)
json_scalars = (
    st.none() | st.booleans() | st.sampled_from(EDGE_INTS) | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=30)
)
any_json = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner, max_size=5),
    max_leaves=20,
)


def maybe(strategy):
    """Mostly the plausible value, sometimes anything at all."""
    return st.one_of(strategy, strategy, strategy, any_json)


names = maybe(st.sampled_from(NAMES))
cards = maybe(st.lists(maybe(st.sampled_from(CARDS)), max_size=12))
small_int = maybe(st.sampled_from(EDGE_INTS) | st.integers(0, 12))
hand = st.one_of(
    st.fixed_dictionaries({"cards": cards}, optional={"missing_cards": small_int}),
    st.fixed_dictionaries({"points": small_int}, optional={"missing_cards": small_int}),
    st.fixed_dictionaries({"missing": maybe(st.just(True))}),
    st.fixed_dictionaries({"card_count": small_int}),
    any_json,
)
round_body = st.fixed_dictionaries(
    {"hands": maybe(st.dictionaries(st.sampled_from(NAMES), hand, max_size=6))},
    optional={"round": small_int, "went_out": names, "end": maybe(st.sampled_from(["went_out", "stock_exhausted", "x"])),
              "reason": maybe(st.text(max_size=60)), "version": small_int},
)
BODIES = {
    "create_game": st.fixed_dictionaries(
        {"variant": maybe(st.sampled_from(VARIANTS)), "players": maybe(st.lists(names, max_size=10))},
        optional={"dealer": names, "house_rules": maybe(st.dictionaries(
            st.sampled_from(["twos_wild", "no_may_i_in_last_three_rounds", "other"]), any_json, max_size=3))}),
    "record_round": round_body,
    "preview_round": round_body,
    "correct_round": round_body,
    "withdraw": st.fixed_dictionaries({}, optional={"player": names, "version": small_int}),
    "suspend": st.fixed_dictionaries({}, optional={"version": small_int}),
    "resume": st.fixed_dictionaries({}, optional={"players": maybe(st.lists(names, max_size=6)), "version": small_int}),
    "log_ruling": st.fixed_dictionaries({}, optional={
        "what_happened": maybe(st.text(max_size=50)), "ruling": maybe(st.text(max_size=50)),
        "citation": maybe(st.text(max_size=20)), "round": small_int, "player": names, "points": small_int}),
    "rotate_token": st.fixed_dictionaries({}),
    "hand_score": st.fixed_dictionaries({"cards": cards}, optional={"missing_cards": small_int}),
    "meld_check": st.fixed_dictionaries({"melds": maybe(st.lists(cards, max_size=4))}, optional={"round": small_int}),
    "may_i": st.fixed_dictionaries(
        {"players": small_int, "current": small_int, "claimants": maybe(st.lists(small_int, max_size=4))},
        optional={"round": small_int, "cards": small_int,
                  "house_rules": maybe(st.fixed_dictionaries({"no_may_i_in_last_three_rounds": any_json}))}),
    "play_check": st.fixed_dictionaries(
        {"top": maybe(st.sampled_from(CARDS)), "cards": cards},
        optional={"announced_suit": maybe(st.sampled_from(["S", "H", "D", "C", None, "X"])),
                  "pending_draw": small_int, "announce": maybe(st.sampled_from(["S", "H", "X", None]))}),
}


@dataclass
class Target:
    """One API route: its URL rule, methods and endpoint name."""

    rule: str
    endpoint: str
    methods: tuple[str, ...]
    arguments: tuple[str, ...]


def api_targets(app) -> list[Target]:
    out = []
    for rule in app.url_map.iter_rules():
        if not rule.endpoint.startswith("api."):
            continue
        methods = tuple(sorted(m for m in rule.methods if m not in ("HEAD", "OPTIONS")))
        out.append(Target(rule.rule, rule.endpoint, methods, tuple(sorted(rule.arguments))))
    return sorted(out, key=lambda t: t.rule)


@dataclass
class World:
    """The games the requests aim at, and what happened so far."""

    games: list[dict]
    statuses: Counter = field(default_factory=Counter)
    by_endpoint: Counter = field(default_factory=Counter)
    requests: int = 0
    refused_checked: int = 0
    failures: list = field(default_factory=list)
    last_fingerprint: str | None = None  # after the previous request = before the next one

    def token(self, game_id: str) -> str:
        for g in self.games:
            if g["id"] == game_id:
                return g["edit_token"]
        return "no-such-token"


# Written once when a game is created and never changed by any route: left out of the hash
# (they are large: hashing them for every request of a long run would dominate its time).
WRITTEN_ONCE = {("games", "rules_toml"), ("games", "rules_snapshot")}


def fingerprint(app) -> str:
    """A hash of every row of every table: equal before and after means nothing was stored."""
    digest = hashlib.sha256()
    with app.app_context(), db.engine.connect() as conn:
        for table in db.metadata.sorted_tables:
            order = list(table.primary_key.columns) or list(table.columns)
            columns = [c for c in table.columns if (table.name, c.name) not in WRITTEN_ONCE]
            digest.update(f"{table.name}:{conn.execute(sa.select(sa.func.count()).select_from(table)).scalar_one()}".encode())
            for row in conn.execute(sa.select(*columns).order_by(*order)):
                digest.update(repr(tuple(row)).encode())
    return digest.hexdigest()


@st.composite
def requests(draw, targets: list[Target], world: World):
    """(method, path, headers, body bytes, endpoint) for one generated request."""
    target = draw(st.sampled_from(targets))
    method = draw(st.sampled_from(target.methods) if draw(st.integers(0, 19)) else
                  st.sampled_from(["GET", "POST", "PUT", "PATCH", "DELETE"]))
    game_ids = [g["id"] for g in world.games]
    values = {}
    for arg in target.arguments:
        if arg == "game_id":
            # (choices that depend on the growing list of games are made by index, so that the
            # shape of what is drawn stays the same from one example to the next)
            values[arg] = (game_ids[draw(st.integers(0, 10**6)) % len(game_ids)] if draw(st.integers(0, 9)) else
                           draw(st.sampled_from(["nope", "x" * 40, "%00", "..", "g" * 16])))
        elif arg == "number":
            values[arg] = draw(st.integers(0, 12) | st.sampled_from(EDGE_INTS[:-1]).filter(lambda n: n >= 0))
        elif arg == "variant_id":
            values[arg] = draw(st.sampled_from(VARIANTS[:-1]))
        elif arg == "name":  # a player's name (a proposal's address)
            values[arg] = draw(st.sampled_from([n for n in NAMES if n.strip() and "\u0000" not in n]) | printable.filter(
                lambda s: s.strip() and "/" not in s and "?" not in s and "#" not in s))
        else:
            values[arg] = draw(printable.filter(lambda s: s and "/" not in s and "?" not in s and "#" not in s))
    path = target.rule
    for arg, value in values.items():
        path = path.replace(f"<int:{arg}>", str(value)).replace(f"<path:{arg}>", str(value)).replace(f"<{arg}>", str(value))
    if target.endpoint == "api.get_variant_decks" or "decks" in target.rule:
        path += "?players=" + draw(st.sampled_from(["2", "3", "8", "0", "x", "", "99999999999"]))

    headers = {}
    auth = draw(st.integers(0, 9))
    if auth <= 5 and "game_id" in values:
        headers["Authorization"] = f"Bearer {world.token(values['game_id'])}"
    elif auth == 6:
        headers["Authorization"] = "Bearer " + draw(printable)
    elif auth == 7:
        headers["Authorization"] = draw(printable)
    if draw(st.booleans()):
        headers["Idempotency-Key"] = draw(printable | st.sampled_from(["k1", "k2"]))
    if not draw(st.integers(0, 4)):
        headers["If-Match"] = draw(printable | st.sampled_from(["1", "2", '"3"']))
    content_type = draw(st.sampled_from(["application/json"] * 6 + [
        "text/plain", "application/x-www-form-urlencoded", "multipart/form-data", None,
        "application/json; charset=latin-1"]))
    if content_type:
        headers["Content-Type"] = content_type

    kind = draw(st.integers(0, 9))
    short = target.endpoint.split(".")[-1].replace("-", "_")
    game = next((g for g in world.games if g["id"] == values.get("game_id")), None)
    if kind <= 3 and short in ("record_round", "preview_round", "correct_round") and game:
        # A well-formed round for this game's players: many of these are stored (201/200).
        players = game["players"]
        out = players[draw(st.integers(0, 10**6)) % len(players)]
        points = st.integers(0, 60).map(lambda n: {"points": n}) | st.lists(
            st.sampled_from([c for c in CARDS if isinstance(c, str) and len(c) >= 2 and c != "QX"]),
            max_size=4).map(lambda c: {"cards": c}) | st.integers(0, 12).map(lambda n: {"card_count": n})
        hands = [draw(points) for _ in range(8)]
        body_obj = {"went_out": out, "hands": {p: h for p, h in zip([p for p in players if p != out], hands)}}
        if draw(st.booleans()):
            body_obj["reason"] = draw(st.sampled_from(["miscounted", "wrong winner", ""]))
        body = json.dumps(body_obj).encode()
    elif kind <= 3 and short == "create_game":
        players = draw(st.lists(st.sampled_from(["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]), min_size=2, max_size=6,
                                unique=True))
        body = json.dumps({"variant": draw(st.sampled_from(VARIANTS[:5])), "players": players}).encode()
    elif kind <= 6 and short in BODIES:
        body = json.dumps(draw(BODIES[short])).encode()
    elif kind <= 8:
        body = json.dumps(draw(any_json)).encode()
    else:
        body = draw(st.binary(max_size=60) | st.sampled_from(
            [b"[" * 100_000, b'{"a":' * 50_000, b"9" * 5000, b"\xff\xfe\x00", b" " * (1024 * 1024 + 1)]))
    return method, path, headers, body, target.endpoint


def send(app, client, world: World, request, strict: bool = True) -> int:
    """Send one request and check its answer; returns the status code. ``strict``: a failed check
    raises (for hypothesis to shrink); otherwise it is recorded in ``world.failures``."""
    try:
        return _send(app, client, world, request)
    except AssertionError as err:
        if strict:
            raise
        world.failures.append(err.args)
        return -1


def _send(app, client, world: World, request) -> int:
    method, path, headers, body, endpoint = request
    before = world.last_fingerprint or fingerprint(app)
    world.last_fingerprint = None
    response = client.open(path, method=method, headers=headers, data=body)
    status = response.status_code
    world.requests += 1
    world.statuses[status] += 1
    world.by_endpoint[endpoint] += 1
    assert status < 500, (method, path, headers, body, response.get_data(as_text=True)[:500])
    if status >= 400:
        answer = response.get_json(silent=True)
        assert isinstance(answer, dict) and isinstance(answer.get("error"), str) and answer["error"], (
            method, path, status, response.get_data(as_text=True)[:300])
        after = fingerprint(app)
        assert after == before, ("a refused request changed the database", method, path, body)
        world.refused_checked += 1
        world.last_fingerprint = after
    elif method == "POST" and path.endswith("/token") and status == 200:
        game_id = path.split("/")[4]
        for g in world.games:
            if g["id"] == game_id:
                g["edit_token"] = response.get_json()["edit_token"]
    elif method == "POST" and path == "/api/v1/games" and status == 201:
        world.games.append(response.get_json())
    return status
