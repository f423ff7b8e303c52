"""The round form (templates/games/_round_form.html): on a phone, as a player uses it (``RoundForm``,
the one place the browser tests know its selectors), and through the pages (``start``, ``round_data``,
``post_round``: the form posted as a browser posts it)."""
from __future__ import annotations

import html
import json
import re
import urllib.request

from support.browser_support import screenshot, submit


class RoundForm:
    """``RoundForm(page).open(game_url).went_out(0).points(1, 25).save()``."""

    def __init__(self, page):
        self.page = page

    def open(self, game_url: str) -> RoundForm:
        self.page.goto(game_url + "/round")
        return self

    def went_out(self, seat: int) -> RoundForm:
        self.page.check(f"input[name=went_out][value='{seat}']", force=True)
        return self

    def mode(self, seat: int, mode: str) -> RoundForm:
        """Switch the seat's hand to ``values``, ``cards``, ``points`` or ``missing``."""
        self.page.click(f"#hand-{seat} .modes input[value='{mode}'] + span")
        return self

    def points(self, seat: int, points: int) -> RoundForm:
        self.mode(seat, "points")
        self.page.fill(f"#hand-{seat} input[name$='-points']", str(points))
        return self

    def cards(self, seat: int, codes) -> RoundForm:
        """The seat's cards, tapped on the card picker (each tap writes the card into the typed box)."""
        self.mode(seat, "cards")
        for code in codes:
            self.page.click(f"#hand-{seat} .picker button[value='{code}']")
        return self

    def cards_held(self, seat: int, count: int) -> RoundForm:
        """ROY: how many cards the seat still holds."""
        self.page.fill(f"#hand-{seat} input.count", str(count))
        return self

    def save(self) -> None:
        submit(self.page, "button[name=save]")


LANGUAGES = {"en": "en-GB,en;q=0.9", "fr": "fr-FR,fr;q=0.9,en;q=0.5"}


def start_game(page, variant: str, names) -> str:
    page.goto(page.base_url + "/games/new")
    page.select_option("#variant", variant)
    for i, name in enumerate(names):
        page.fill(f"#players-{i}", name)
    submit(page, "main button[type=submit]")
    assert page.locator("html").get_attribute("lang") == page.lang
    return page.url


def shot(page, name: str) -> None:
    """A screenshot of the page as it stands (the box being typed in is left first: a full-page
    screenshot resizes the window, and the box's change would move the page under the next tap)."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    screenshot(page, name)


CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


def csrf_of(page: bytes) -> str:
    match = CSRF.search(page.decode())
    assert match, "no CSRF token in the form"
    return match.group(1)


def text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def start(client, variant, names, dealer=0, csrf=False, **extra):
    data = {"variant": variant, "dealer": str(dealer), **extra}
    for i, name in enumerate(names):
        data[f"players-{i}"] = name
    if csrf:
        data["csrf_token"] = csrf_of(client.get("/games/new").data)
    r = client.post("/games/new", data=data)
    assert r.status_code == 302, text(r)
    return r.headers["Location"].rsplit("/", 1)[1]


def round_data(players, went_out, hands, number=None, key=None, action="save"):
    """Form data for the round form: ``players`` are the seats in the form, in order;
    ``went_out`` a seat or "stock"; ``hands`` maps seat -> dict of HandForm fields."""
    data = {"went_out": str(went_out), action: "1"}
    if number is not None:
        data["round"] = str(number)
    if key is not None:
        data["key"] = key
    for i, seat in enumerate(players):
        data[f"hands-{i}-seat"] = str(seat)
        hand = hands.get(seat, {})
        if hand.get("mode") == "points" and "sure" not in hand:
            hand = {**hand, "sure": "y"}  # the table confirmed the points (tests pick any number)
        for field, value in hand.items():
            data[f"hands-{i}-{field}"] = value
    return data


def post_round(client, gid, data, csrf=False):
    if csrf:
        data = {**data, "csrf_token": csrf_of(client.get(f"/games/{gid}/round").data)}
    return client.post(f"/games/{gid}/round", data=data)


def api_state(client, gid):
    return client.get(f"/api/v1/games/{gid}").json


def rounds(page, game_url: str) -> list[dict]:
    gid = game_url.rstrip("/").rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{page.base_url}/api/v1/games/{gid}") as answer:
        return json.load(answer)["rounds"]
