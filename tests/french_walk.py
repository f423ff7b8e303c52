"""A full walk through the game pages (Le May I and ROY), the same in any language: every page a
scorekeeper sees, with its forms' errors and the messages flashed. Used by tests/test_french_games.py
to compare a French walk with an English one."""
from __future__ import annotations

import re

EDIT = re.compile(r'value="http://localhost(/games/[^"]+/edit)#token=([^"]+)"')


def _start(client, pages: dict, variant: str, names: list[str]) -> str:
    data = {"variant": variant, "dealer": "0", **{f"players-{i}": n for i, n in enumerate(names)}}
    r = client.post("/games/new", data=data)
    assert r.status_code == 302, r.get_data(as_text=True)
    return r.headers["Location"].rsplit("/", 1)[1]


def _round(seats: list[int], went_out, hands: dict, action: str = "save") -> dict:
    data = {"went_out": str(went_out), action: "1"}
    for i, seat in enumerate(seats):
        data[f"hands-{i}-seat"] = str(seat)
        for field, value in hands.get(seat, {}).items():
            data[f"hands-{i}-{field}"] = value
    return data


def walk(app, headers: dict) -> dict[str, str]:
    """Every page of the walk, by name: the HTML as the browser with ``headers`` gets it. The cards
    are typed in the page's letters (docs/rulings.md, "Card codes on French pages")."""
    french = "fr" in headers.get("Accept-Language", "")[:2]
    ace_king, ace_king_queen = ("AP RK", "AP RK DC") if french else ("AS KD", "AS KD QH")
    client = app.test_client()
    client.environ_base.update({"HTTP_" + k.upper().replace("-", "_"): v for k, v in headers.items()})
    pages: dict[str, str] = {}

    def get(name, url, status=200):
        r = client.get(url)
        assert r.status_code == status, (name, r.status_code, r.get_data(as_text=True)[:500])
        pages[name] = r.get_data(as_text=True)
        return pages[name]

    def post(name, url, data, status):
        r = client.post(url, data=data)
        assert r.status_code == status, (name, r.status_code, r.get_data(as_text=True)[:2000])
        if status != 302:
            pages[name] = r.get_data(as_text=True)
        return r

    get("home-empty", "/")
    get("games-empty", "/games")
    get("new", "/games/new")
    post("new-errors", "/games/new", {"variant": "le-may-i", "dealer": "4", "players-0": "Ann",
                                      "players-1": "x" * 41}, 200)
    post("new-no-variant", "/games/new", {"variant": "", "dealer": "0"}, 200)
    post("new-seating", "/games/new", {"variant": "le-may-i", "dealer": "4", "players-0": "Ann", "players-1": "Bob",
                                        "players-2": "ann"}, 400)

    # ----- Le May I, three players: every page and action ---------------------------------------------
    gid = _start(client, pages, "le-may-i", ["Ann", "Bob", "Cy"])
    game = f"/games/{gid}"
    get("game-started", game)  # with its flashed message
    get("round-1", f"{game}/round")
    post("round-errors", f"{game}/round", _round([0, 1, 2], "", {
        0: {"mode": "points", "points": "x"}, 1: {"mode": "values", "v5": "999"},
        2: {"mode": "points", "points": "7", "missing_cards": "-3"}}), 400)
    post("round-unlikely", f"{game}/round", _round([0, 1, 2], 0, {
        1: {"mode": "points", "points": "1"}, 2: {"mode": "cards"}}), 400)
    post("round-preview", f"{game}/round", _round([0, 1, 2], 0, {
        1: {"mode": "cards", "extra": ace_king, "missing_cards": "1"}, 2: {"mode": "missing"}}, "preview"), 200)
    post("round-save", f"{game}/round", _round([0, 1, 2], 0, {
        1: {"mode": "cards", "extra": ace_king}, 2: {"mode": "points", "points": "25"}}), 302)
    get("round-2", f"{game}/round")  # "Round 1 saved"
    post("round-2-save", f"{game}/round", _round([0, 1, 2], 1, {
        0: {"mode": "points", "points": "10"}, 2: {"mode": "values", "v5": "2"}}), 302)
    get("game", game)
    get("view", f"{game}/view")
    get("share", f"{game}/share")
    edit_path, token = EDIT.search(pages["share"]).groups()
    get("correct", f"{game}/rounds/1/correct")
    correction = _round([0, 1, 2], 0, {1: {"mode": "cards", "extra": ace_king_queen},
                                       2: {"mode": "points", "points": "25"}})
    post("correct-errors", f"{game}/rounds/1/correct", correction, 400)
    post("correct-preview", f"{game}/rounds/1/correct", {**correction, "save": "", "preview": "1"}, 200)
    post("correct-save", f"{game}/rounds/1/correct", {**correction, "reason": "Recompté"}, 302)
    get("game-corrected", game)
    get("ruling", f"{game}/ruling")
    post("ruling-errors", f"{game}/ruling", {"what_happened": "", "ruling": "", "round": "zz", "points": "5000"}, 400)
    post("ruling-save", f"{game}/ruling", {"what_happened": "Défausse", "ruling": "Pioche", "round": "2",
                                           "player": "Bob", "points": "-5"}, 302)
    get("game-ruled", game)
    get("withdraw", f"{game}/withdraw")
    post("withdraw-errors", f"{game}/withdraw", {"player": ""}, 400)
    post("withdraw-confirm", f"{game}/withdraw", {"player": "Cy"}, 200)
    post("withdraw-save", f"{game}/withdraw", {"player": "Cy", "confirm": "yes"}, 302)
    get("game-withdrawn", game)
    get("suspend", f"{game}/suspend")
    post("suspend-save", f"{game}/suspend", {"confirm": "yes"}, 302)
    get("game-suspended", game)
    client.get(f"{game}/round")  # refused: suspended (a message for the game page)
    get("game-refused", game)
    get("resume", f"{game}/resume")
    post("resume-errors", f"{game}/resume", {}, 400)
    post("resume-save", f"{game}/resume", {"confirm": "y"}, 302)
    get("game-resumed", game)
    post("rotate", f"{game}/token", {}, 302)
    get("share-rotated", f"{game}/share")
    edit_path, token = EDIT.search(pages["share-rotated"]).groups()
    for n in range(3, 6):
        post(f"round-{n}-save", f"{game}/round", _round([0, 1], n % 2, {
            (n + 1) % 2: {"mode": "points", "points": "15"}}), 302)
    get("game-over", game)
    get("view-over", f"{game}/view")
    get("home", "/")

    # ----- another phone: the edit link, a follower's pages, refusals ------------------------------------
    phone = app.test_client()
    phone.environ_base.update(client.environ_base)
    pages["edit-link"] = phone.get(edit_path).get_data(as_text=True)
    r = phone.post(edit_path, data={"token": "wrong"})
    assert r.status_code == 403
    pages["edit-link-wrong"] = r.get_data(as_text=True)
    r = phone.post(edit_path, data={"token": ""})
    assert r.status_code == 403
    pages["edit-link-empty"] = r.get_data(as_text=True)
    r = phone.get(f"{game}/ruling")
    assert r.status_code == 403
    pages["forbidden"] = r.get_data(as_text=True)
    r = phone.post(edit_path, data={"token": token})
    assert r.status_code == 302
    pages["game-joined"] = phone.get(game).get_data(as_text=True)
    r = client.get("/games/nosuchgame")
    assert r.status_code == 404
    pages["not-found"] = r.get_data(as_text=True)
    r = client.get(f"{game}/rounds/9/correct")
    assert r.status_code == 404
    pages["no-such-round"] = r.get_data(as_text=True)

    # ----- ROY, two players: hands instead of rounds ----------------------------------------------------
    rid = _start(client, pages, "roy", ["Ann", "Bob"])
    roy = f"/games/{rid}"
    get("roy-round", f"{roy}/round")
    post("roy-errors", f"{roy}/round", _round([0, 1], 0, {1: {"count": "99"}}), 400)
    post("roy-missing", f"{roy}/round", _round([0, 1], "", {}), 400)
    post("roy-preview", f"{roy}/round", _round([0, 1], 0, {1: {"count": "20"}}, "preview"), 200)
    post("roy-save", f"{roy}/round", _round([0, 1], 0, {1: {"count": "20"}}), 302)
    get("roy-round-2", f"{roy}/round")
    get("roy-game", roy)
    get("roy-correct", f"{roy}/rounds/1/correct")
    post("roy-correct-save", f"{roy}/rounds/1/correct", {**_round([0, 1], 0, {1: {"count": "21"}}),
                                                        "reason": "Recompté"}, 302)
    get("roy-ruling", f"{roy}/ruling")
    get("roy-withdraw", f"{roy}/withdraw")
    post("roy-withdraw-confirm", f"{roy}/withdraw", {"player": "Bob"}, 200)
    get("roy-suspend", f"{roy}/suspend")
    for n in range(2, 6):
        post(f"roy-{n}-save", f"{roy}/round", _round([0, 1], 0, {1: {"count": "20"}}), 302)
    get("roy-over", roy)
    get("roy-view", f"{roy}/view")
    return pages
