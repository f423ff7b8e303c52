"""The round form on a phone (templates/games/_round_form.html), as a player uses it: the one
place the browser tests know its selectors."""
from __future__ import annotations

from support.browser_support import submit


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
        """The seat's cards, tapped on the card picker."""
        self.mode(seat, "cards")
        for code in codes:
            self.page.click(f"#hand-{seat} input[value='{code}'] + span")
        return self

    def cards_held(self, seat: int, count: int) -> RoundForm:
        """ROY: how many cards the seat still holds."""
        self.page.fill(f"#hand-{seat} input.count", str(count))
        return self

    def save(self) -> None:
        submit(self.page, "button[name=save]")
