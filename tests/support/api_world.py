"""A world of real rows for Schemathesis to aim at (a table with its edit token, games of it with
rounds, a game of no table, house variants, roster players), made through the API of a running
server, and how a drawn case is pointed at it: used by tests/security/test_schemathesis.py and
bench/fuzz_api.py --schemathesis."""
from __future__ import annotations

import json


def world(base: str) -> dict:
    """Real rows to aim at: ids and the edit token that changes each."""
    import requests

    def post(path, body, token=None):
        r = requests.post(base + "/api/v1" + path, json=body, timeout=30,
                          headers={"Authorization": f"Bearer {token}"} if token else {})
        assert r.status_code in (200, 201), (path, r.status_code, r.text)
        return r.json()

    table = post("/tables", {"name": "The Smiths"})
    tt = table["edit_token"]
    games = [post("/games", {"variant": v, "players": p, "table": table["id"]}, tt)
             for v, p in (("joybells", ["Ann", "Bob", "Cy"]), ("continental", ["Ann", "Bob", "Cy", "Di"]),
                          ("roy", ["Ann", "Bob"]))]
    for g in games[:2]:
        post(f"/games/{g['id']}/rounds", {"went_out": "Ann", "hands": {n: {"points": 5} for n in g["players"][1:]}}, tt)
    alone = post("/games", {"variant": "clenney", "players": ["Eve", "Fay", "Gus"]})
    house = post("/variants", {"based_on": "joybells", "name": "Our rules", "changes": {"card_points": {"JK": 50}},
                               "table": table["id"]}, tt)
    loose = post("/variants", {"based_on": "continental", "name": "Loose", "changes": {}})
    players = [p["id"] for p in requests.get(f"{base}/api/v1/tables/{table['id']}", timeout=30).json()["players"]]
    world = {"table": table["id"], "table_token": tt, "games": [g["id"] for g in games], "alone": alone["id"],
            "alone_token": alone["edit_token"], "variants": [house["id"], loose["id"], "joybells", "roy"],
            "variant_tokens": {house["id"]: tt, loose["id"]: loose["edit_token"]}, "players": players}
    world["templates"] = _templates(world)
    return world


def _templates(world: dict) -> dict:
    """A body each write takes, by (method, path): an aimed case starts from it and has one of its
    fields replaced by what Schemathesis drew, so that most such requests pass the first checks
    and reach the code behind them."""
    round_ = {"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"cards": ["KD", "4S"]}}}
    toml = ('based_on = "joybells"\nname = "Fuzzed"\n[card_points]\nJK = 40\n')
    return {
        ("POST", "/games"): {"variant": "joybells", "players": ["Ann", "Bob", "Cy"], "table": world["table"]},
        ("POST", "/games/{game_id}/rounds"): round_,
        ("POST", "/games/{game_id}/rounds/preview"): round_,
        ("PUT", "/games/{game_id}/rounds/{number}"): {**round_, "reason": "typo"},
        ("POST", "/games/{game_id}/rulings"): {"what_happened": "a joker was bought", "ruling": "no", "player": "Ann",
                                                "points": 10},
        ("POST", "/games/{game_id}/withdraw"): {"player": "Cy", "reason": "went home"},
        ("POST", "/games/{game_id}/suspend"): {},
        ("POST", "/games/{game_id}/resume"): {"players": ["Ann", "Bob", "Cy"]},
        ("POST", "/tables"): {"name": "The Joneses"},
        ("PATCH", "/tables/{table_id}"): {"name": "The Smiths"},
        ("PATCH", "/tables/{table_id}/players/{player_id}"): {"name": "Ann"},
        ("POST", "/tables/{table_id}/players/{player_id}/merge"): {"into": world["players"][0]},
        ("POST", "/variants"): {"based_on": "joybells", "name": "Fuzzed", "changes": {"card_points": {"JK": 40}},
                                "table": world["table"]},
        ("PUT", "/variants/{variant_id}"): {"changes": {"card_points": {"JK": 45}}},
        ("POST", "/variants/import"): {"toml": toml, "table": world["table"]},
        ("POST", "/variants/{variant_id}/hand-score"): {"cards": ["KD", "4S", "JK"]},
        ("POST", "/variants/{variant_id}/meld-check"): {"melds": [["KD", "KS", "KH"]], "round": 1},
        ("POST", "/variants/{variant_id}/may-i"): {"players": 4, "current": 0, "claimants": [2], "round": 1},
        ("POST", "/variants/{variant_id}/play-check"): {"card": "KD", "top": "KS"},
    }


EDGE_INTEGERS = (0, -1, 2**31 - 1, 2**31, 2**63, 10**20)


def _is_json(value) -> bool:
    try:
        json.dumps(value)
        return True
    except (TypeError, ValueError):
        return False


def aim(case, world: dict, rnd) -> None:
    """Point a drawn case at the world's real rows, with the token that may change them, and now
    and then give it a body made from the operation's template or an edge of a column."""
    token = aim_rows(case, world, rnd)
    template = world["templates"].get((case.method.upper(), case.path))
    if template is not None and rnd.random() < 0.6:
        body = dict(template)
        drawn = case.body if isinstance(case.body, dict) else {"": case.body}
        values = [v for v in drawn.values() if _is_json(v)]
        if body and values:  # one field of the template gets what was drawn
            body[rnd.choice(sorted(body))] = rnd.choice(values)
        case.body = body
    if isinstance(case.body, dict):
        body = dict(case.body)
        if "table" in body or (case.path == "/games" and rnd.random() < 0.5):
            body["table"], token = world["table"], world["table_token"]
        if "into" in body:
            body["into"] = rnd.choice(world["players"])
        if "game" in body:
            body["game"], body["game_token"] = world["alone"], world["alone_token"]
        case.body = body
    if isinstance(case.body, dict):
        for key in ("into", "number", "round", "players", "current"):
            if key in case.body and rnd.random() < 0.1:
                case.body = {**case.body, key: rnd.choice(EDGE_INTEGERS)}
    if case.query and rnd.random() < 0.1:  # a NUL in a query parameter
        key = rnd.choice(sorted(case.query))
        case.query = {**case.query, key: f"{case.query[key]}\x00"}
    if token:
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}


def aim_rows(case, world: dict, rnd) -> str | None:
    """Point a drawn case's path at the world's real rows and send the token that may change them
    (returned), leaving what was drawn for the body and the query as it is."""
    params = dict(case.path_parameters or {})
    token = None
    if "table_id" in params:
        params["table_id"], token = world["table"], world["table_token"]
    if "player_id" in params:
        params["player_id"] = rnd.choice(world["players"])
    for name in ("player_id", "number"):  # now and then the edges of an SQL INTEGER column and past them
        if name in params and rnd.random() < 0.1:
            params[name] = rnd.choice(EDGE_INTEGERS)
    if "game_id" in params:
        if rnd.random() < 0.5:
            params["game_id"], token = rnd.choice(world["games"]), world["table_token"]
        else:
            params["game_id"], token = world["alone"], world["alone_token"]
    if "number" in params:
        params["number"] = rnd.choice([1, 2, params["number"]])
    if "variant_id" in params:
        params["variant_id"] = rnd.choice(world["variants"])
        token = world["variant_tokens"].get(params["variant_id"])
    case.path_parameters = params
    if token:
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
    return token


def follow(world: dict, case, response) -> None:
    """A token the fuzzing replaced is the world's from now on."""
    if response.status_code != 200 or not case.path.endswith("/token"):
        return
    token = response.json().get("edit_token")
    if case.path.startswith("/tables/"):
        world["table_token"] = token
        world["variant_tokens"][world["variants"][0]] = token
    elif case.path_parameters.get("game_id") == world["alone"]:
        world["alone_token"] = token


def each_case(schema, examples: int, world: dict, rnd, visit) -> None:
    """Every operation of the OpenAPI document ``schema``, ``examples`` valid and as many invalid
    cases each (drawn the same way every run), four in five aimed at the world's rows (half of
    those only addressed to them, the other half also given a body made for them):
    ``visit(operation_label, case, as_drawn)`` sends and judges each; ``as_drawn`` says the case's
    body, query and headers are still the ones drawn, valid or invalid as Schemathesis meant."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st
    from hypothesis.errors import Unsatisfiable
    from schemathesis import GenerationMode

    for result in schema.get_all_operations():
        operation = result.ok()
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

            @settings(max_examples=examples, deadline=None, database=None, phases=[Phase.generate],
                      suppress_health_check=list(HealthCheck), derandomize=True)
            @given(case=operation.as_strategy(generation_mode=mode), aimed=st.floats(0, 1))
            def check(case, aimed):
                if aimed < 0.4:
                    aim(case, world, rnd)
                elif aimed < 0.8:
                    aim_rows(case, world, rnd)
                visit(operation.label, case, aimed >= 0.4)

            try:
                check()
            except Unsatisfiable:
                pass  # (no invalid case can be made for an operation without inputs)
