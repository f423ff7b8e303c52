"""The app in French, in Debian's Chromium at 390x844: a complete walk through it with French chosen
by the switch, in parts that run side by side (a few pages by Accept-Language), and the phone
offline in French.

On every page of the walk (tests/support/french.py): no sentence of three words or more that the same
page shows in English (the same address read by an English browser with the same rights), no
English sentence of the catalogue, nothing sticking out of the viewport, at most 60 KB of HTML,
CSS and JS; a screenshot in test-artifacts/french/. Each part goes on after a page with English left and names every
such page in one failure at its end.
"""
from __future__ import annotations

import json
import re
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from support.browser_support import FIRST_VISIT_LIMIT, capture, page_weight, submit
from support.round_form import RoundForm
from support.french import catalogue_english, english_left, overflowing, visible_text

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "french"
PHONE = {"width": 390, "height": 844}
NAMES = ["Ann", "Bob", "Cy", "Di"]
PLAYERS = {"joybells": NAMES, "continental": NAMES, "le-may-i": NAMES, "clenney": NAMES, "roy": NAMES[:3]}
OTHER_NAMES = ["The Smiths", "Smith rules"]  # the table and its house variant
# What the walk types (a ruling, a correction's reason): shown as typed in both languages.
TYPED = ["Cy a défaussé avant de piocher", "Le roi de Bob compté deux fois"]


def api(base, method, path, body=None, token=None):
    request = urllib.request.Request(base + path, method=method,
                                     data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read() or b"null")


def pdf_text(data: bytes) -> str:
    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True,
                          check=True).stdout.decode()


class Walk:
    """A French phone and its English twin (same rights: the French one's cookies but ``lang=en``)."""

    def __init__(self, browser, base):
        self.base = base
        self.fr_context = browser.new_context(viewport=PHONE, service_workers="block")
        self.en_context = browser.new_context(viewport=PHONE, service_workers="block")
        self.fr, self.en = self.fr_context.new_page(), self.en_context.new_page()
        self.errors = []
        self.fr.on("pageerror", lambda err: self.errors.append(str(err)))
        self.problems: dict[str, list[str]] = {}
        self.looked = 0

    def close(self):
        self.fr_context.close()
        self.en_context.close()

    def twin_cookies(self):
        cookies = [c for c in self.fr_context.cookies() if c["name"] != "lang"]
        self.en_context.clear_cookies()
        self.en_context.add_cookies(cookies + [{"name": "lang", "value": "en", "url": self.base}])

    def english(self, act=None):
        """The English twin of the French page now shown: the same address, or ``act`` done again."""
        self.twin_cookies()
        if act is None:
            self.en.goto(self.fr.url.split("#")[0])
        else:
            act(self.en)
        self.en.wait_for_load_state("load")

    def look(self, name: str, act=None):
        """Check the French page now shown against its English twin; ``act(page)`` makes the twin
        when it is not a plain GET of the same address (a form sent with errors, a preview)."""
        fr = self.fr
        fr.wait_for_load_state("load")
        self.looked += 1
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        shot = ARTIFACTS / (re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") + ".png")
        capture(fr, str(shot), full_page=True)
        found = []
        if fr.evaluate("document.documentElement.lang") != "fr":
            found.append("<html lang> is not fr")
        french = visible_text(fr)
        self.english(act)
        if self.en.evaluate("document.documentElement.lang") != "en":
            found.append("the English twin is not in English")
        english = visible_text(self.en)
        names = NAMES + OTHER_NAMES + TYPED
        left = english_left(english, french, names)
        left += [s for s in catalogue_english(french, names) if s not in left]
        if left:
            found.append("English left: " + " | ".join(left))
        out = overflowing(fr)
        if out:
            found.append("sticks out of 390px: " + " ; ".join(out))
        weight, limit = page_weight(fr), FIRST_VISIT_LIMIT
        if weight > limit:
            found.append(f"{weight} bytes sent compressed (at most {limit})")
        if found:
            self.problems[f"{name} ({fr.url.replace(self.base, '')})"] = found

    def look_pdf(self, name: str, path: str):
        french = self.fr_context.request.get(self.base + path)
        self.twin_cookies()
        english = self.en_context.request.get(self.base + path)
        assert french.status == english.status == 200, (path, french.status, english.status)
        fr_text, en_text = pdf_text(french.body()), pdf_text(english.body())
        left = english_left(en_text, fr_text, NAMES + OTHER_NAMES + TYPED)
        left += [s for s in catalogue_english(fr_text, NAMES + TYPED) if s not in left]
        self.looked += 1
        if left:
            self.problems[f"{name} ({path})"] = ["English left: " + " | ".join(left)]

    def report(self) -> str:
        return f"{len(self.problems)} of {self.looked} French pages have problems:\n\n" + "\n\n".join(
            f"{page}:\n  " + "\n  ".join(found) for page, found in self.problems.items())


def fill_round(page, roy: bool):
    """Round 1 on the round form: Ann went out; the others by the card picker (ROY: cards held)."""
    form = RoundForm(page).went_out(0)
    if roy:
        form.cards_held(1, 4).cards_held(2, 6)
        return
    for seat, codes in ((1, ("KD", "3S")), (2, ("AH",)), (3, ("9C", "9D", "5S"))):
        form.cards(seat, codes)


def edit_token(page) -> str:
    """The edit token, read from the game's share page's edit link."""
    links = page.eval_on_selector_all("input.copy", "boxes => boxes.map(b => b.value)")
    return next(link.split("#token=", 1)[1] for link in links if "#token=" in link)


def finish(base, game_id, token, roy):
    """The rounds left, through the API, until the game is over."""
    for _ in range(40):
        state = api(base, "GET", f"/api/v1/games/{game_id}")
        if state["status"] != "in_progress":
            return state
        players = [s["name"] for s in state["seats"] if s["active"]]
        hands = {p: ({"card_count": 3} if roy else {"points": 15}) for p in players[1:]}
        api(base, "POST", f"/api/v1/games/{game_id}/rounds", {"went_out": players[0], "hands": hands}, token)
    raise AssertionError(f"{game_id} did not end")


def play(walk: Walk, variant: str):
    """A whole game of ``variant`` in French, looking at every page on the way."""
    fr, base, roy = walk.fr, walk.base, variant == "roy"
    fr.goto(base + "/games/new")
    fr.select_option("#variant", variant)
    for i, name in enumerate(PLAYERS[variant]):
        fr.fill(f"#players-{i}", name)
    submit(fr, "main button[type=submit]")
    game = fr.url
    game_id = game.rsplit("/", 1)[1]
    walk.look(f"{variant} game")

    fr.goto(game + "/round")
    walk.look(f"{variant} round form")

    def save_empty(page):
        page.goto(game + "/round")
        submit(page, "button[name=save]")
    save_empty(fr)
    walk.look(f"{variant} round form with errors", save_empty)

    def preview(page):
        page.goto(game + "/round")
        fill_round(page, roy)
        submit(page, "button[name=preview]")
    preview(fr)
    walk.look(f"{variant} round preview", preview)
    submit(fr, "button[name=save]")
    walk.look(f"{variant} round form after a save")

    fr.goto(game + "/share")
    token = edit_token(fr)
    walk.look(f"{variant} share")

    fr.goto(game + "/ruling")
    walk.look(f"{variant} ruling form")
    fr.fill("textarea[name=what_happened]", TYPED[0])
    fr.fill("textarea[name=ruling]", "Cy pioche maintenant")
    submit(fr, "main button[type=submit]")
    walk.look(f"{variant} game with a ruling")

    def withdraw(page):
        page.goto(game + "/withdraw")
        page.select_option("select[name=player]", PLAYERS[variant][-1])
        submit(page, "main button[type=submit]")
    fr.goto(game + "/withdraw")
    walk.look(f"{variant} withdraw")
    withdraw(fr)
    walk.look(f"{variant} withdraw confirm", withdraw)

    fr.goto(game + "/suspend")
    walk.look(f"{variant} suspend")
    submit(fr, "button[name=confirm]")
    walk.look(f"{variant} suspended")
    fr.goto(game + "/resume")
    walk.look(f"{variant} resume")
    fr.check("input[name=confirm]")
    submit(fr, "main button[type=submit]")
    walk.look(f"{variant} resumed")

    fr.goto(game + "/rounds/1/correct")
    walk.look(f"{variant} correction")
    if roy:
        fr.fill("#hand-1 input.count", "5")
    else:
        fr.click("#hand-1 .modes input[value='points'] + span")
        fr.fill("#hand-1 input[name$='-points']", "15")
    fr.fill("textarea[name=reason]", TYPED[1])
    submit(fr, "button[name=save]")
    walk.look(f"{variant} game after a correction")

    finish(base, game_id, token, roy)
    fr.goto(game)
    walk.look(f"{variant} finished game")
    fr.goto(game + "/view")
    walk.look(f"{variant} scoreboard")
    walk.look_pdf(f"{variant} scoresheet PDF", f"/games/{game_id}/scoresheet.pdf")
    walk.look_pdf(f"{variant} blank scoresheet PDF", f"/variants/{variant}/scoresheet.pdf")
    return game


def visit_table(walk: Walk):
    fr, base = walk.fr, walk.base
    fr.goto(base + "/")
    fr.fill("#table-name", "The Smiths")
    submit(fr, ".home-tables button[type=submit]")
    table = fr.url
    walk.look("table")
    fr.goto(table + "/games/new")
    walk.look("table new game")
    fr.select_option("#variant", "joybells")
    for i, name in enumerate(NAMES[:3]):
        fr.fill(f"#players-{i}", name)
    submit(fr, "main button[type=submit]")
    game_id = fr.url.rsplit("/", 1)[1]
    fr.goto(base + f"/games/{game_id}/share")
    finish(base, game_id, edit_token(fr), roy=False)
    for page in ("", "/stats", "/stats?variant=joybells", "/rulings", "/share", f"/games/{game_id}/chart", "/games/add"):
        fr.goto(table + page)
        walk.look("table " + (page.replace(game_id, "game") or "after a game"))
    fr.goto(table)
    fr.goto(base + fr.get_attribute("main a[href*='/players/']", "href"))
    walk.look("table player")

    def refused(page):
        page.goto(table + "/games/add")
        page.fill("#link", "not a link")
        submit(page, "main button[type=submit]")
    refused(fr)
    walk.look("table add game refused", refused)

    # a house variant of the table
    fr.goto(table)
    fr.click(".make-house summary")
    submit(fr, ".make-house >> text=Joybells")
    walk.look("house variant form")
    fr.fill("#f-name", "Smith rules")
    fr.fill("#f-card_points\\.JK", "50")
    submit(fr, "button[name=save]")
    house = fr.url
    walk.look("house variant page")
    for page in ("/share", "/edit"):
        fr.goto(house + page)
        walk.look("house variant " + page.strip("/"))
    fr.goto(base + "/rules/import")
    walk.look("house variant import")
    fr.goto(table + "/games/new")
    fr.select_option("#variant", house.rsplit("/", 1)[1])
    for i, name in enumerate(NAMES[:3]):
        fr.fill(f"#players-{i}", name)
    submit(fr, "main button[type=submit]")
    walk.look("game under the house variant")


def start(walk: Walk):
    """The home page and the new-game page, with its errors."""
    fr, base = walk.fr, walk.base
    walk.look("home")
    fr.goto(base + "/games/new")
    walk.look("new game")

    def no_players(page):
        page.goto(base + "/games/new")
        submit(page, "main button[type=submit]")
    no_players(fr)
    walk.look("new game with errors", no_players)


def rules_and_tools(walk: Walk):
    """The rules pages, every dispute tool and two of their answers, the offline page."""
    fr, base = walk.fr, walk.base
    for page in ("/rules", *(f"/rules/{v}" for v in PLAYERS), "/rules/compare", "/rules/search?q=joker"):
        fr.goto(base + page)
        walk.look("rules " + page)
    for page in ("/tools", "/tools/decks", "/tools/hand", "/tools/irregularities", "/tools/may-i",
                 "/tools/meld", "/tools/roy", "/tools/meld?variant=clenney", "/tools/irregularities?variant=le-may-i"):
        fr.goto(base + page)
        walk.look("tool " + page)
    for tool, field, value in (("/tools/hand", "#codes", "K 7 7 JK"), ("/tools/meld?variant=continental", "#meld1", "7H 7D 7S")):
        def answer(page, tool=tool, field=field, value=value):
            page.goto(base + tool)
            page.fill(field, value)
            with page.expect_navigation():
                page.press(field, "Enter")
        answer(fr)
        walk.look("tool answer " + tool, answer)
    fr.goto(base + "/offline")
    walk.look("offline")


def a_whole_game(variant: str):
    def walk_through(walk: Walk):
        play(walk, variant)
        walk.fr.goto(walk.base + "/games")
        walk.look(f"your games after {variant}")
    return walk_through


# The walk in parts that run side by side (each on a phone of its own), with the fewest pages each
# part must have looked at: 3 to start, 21 for a game (20 of them the game's), 17 at the table,
# 20 rules pages and tools.
PARTS = {"start": (start, 3), **{v: (a_whole_game(v), 21) for v in PLAYERS},
         "table": (visit_table, 17), "rules-and-tools": (rules_and_tools, 20)}


@pytest.mark.slow
@pytest.mark.parametrize("part", list(PARTS))
def test_the_whole_app_in_french(browser, live_server, part):
    walk = Walk(browser, live_server)
    walk_part, fewest = PARTS[part]
    try:
        fr = walk.fr
        fr.goto(live_server + "/")
        assert fr.evaluate("document.documentElement.lang") == "en"
        with fr.expect_navigation():
            fr.click("header a.lang[hreflang=fr]")  # the switch
        assert fr.url == live_server + "/"
        walk_part(walk)
        assert walk.looked >= fewest, walk.looked
        assert not walk.errors, walk.errors
        assert not walk.problems, walk.report()
    finally:
        walk.close()


def test_french_from_accept_language_alone(browser, live_server):
    """A phone whose browser asks for French gets French with no switch used."""
    context = browser.new_context(viewport=PHONE, locale="fr-FR", service_workers="block")
    twin = browser.new_context(viewport=PHONE, locale="en-US", service_workers="block")
    try:
        fr, en = context.new_page(), twin.new_page()
        problems = {}
        for path in ("/", "/games/new", "/rules/le-may-i", "/tools", "/offline"):
            fr.goto(live_server + path)
            en.goto(live_server + path)
            assert fr.evaluate("document.documentElement.lang") == "fr", path
            assert "lang" not in {c["name"] for c in context.cookies()}, "no switch used"
            left = english_left(visible_text(en), visible_text(fr), NAMES)
            out = overflowing(fr)
            if left or out:
                problems[path] = left + out
        assert not problems, problems
    finally:
        context.close()
        twin.close()


def test_the_switch_names_each_language_in_that_language(browser, live_server):
    context = browser.new_context(viewport=PHONE, service_workers="block")
    try:
        page = context.new_page()
        page.goto(live_server + "/rules")
        switch = page.locator("header a.lang")
        assert switch.count() == 1 and switch.inner_text() == "Français"
        assert switch.get_attribute("lang") == "fr" and switch.get_attribute("hreflang") == "fr"
        with page.expect_navigation():
            switch.click()
        assert page.url == live_server + "/rules" and page.evaluate("document.documentElement.lang") == "fr"
        switch = page.locator("header a.lang")
        assert switch.inner_text() == "English" and switch.get_attribute("lang") == "en"
        # the switch's English is marked as English: not English left on the French page
        assert "English" not in visible_text(page).splitlines()
        assert overflowing(page) == []
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        capture(page, str(ARTIFACTS / "switch-on-rules.png"))
        # the overflow check sees a box too wide for a phone
        page.evaluate("document.querySelector('main h1').style.width = '500px'")
        assert any("<h1" in e for e in overflowing(page))
    finally:
        context.close()


@pytest.fixture
def worker_context(browser):
    """A phone at 390x844 with service workers allowed (the walk blocks them)."""
    context = browser.new_context(viewport=PHONE, service_workers="allow")
    try:
        yield context
    finally:
        for page in context.pages:
            page.goto("about:blank")
        time.sleep(1.5)  # let the worker finish its refreshes
        context.close()


def test_offline_in_french(live_server, worker_context):
    """The worker installed in English; French chosen afterwards: its offline page and the round
    form's scripts speak French with no network."""
    game = api(live_server, "POST", "/api/v1/games",
               {"variant": "joybells", "players": ["Ann", "Bob", "Cy"], "dealer": "Ann"})
    page = worker_context.new_page()
    page.goto(game["edit_url"])
    page.wait_for_url(game["edit_url"].split("/edit#")[0])
    game_url = page.url
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=10000)
    page.goto(live_server + "/language/fr?next=" + game_url.replace(live_server, ""))
    assert page.evaluate("document.documentElement.lang") == "fr"
    started = page.locator("time[data-local=date]")  # the day the game started, as French writes it
    assert started.inner_text() == page.evaluate("""(at) => new Date(at).toLocaleDateString('fr',
        {year: 'numeric', month: 'short', day: 'numeric'})""", started.get_attribute("datetime"))
    assert re.fullmatch(r"\d{1,2} \w+\.? \d{4}", started.inner_text())
    page.goto(game_url + "/round")  # stored for use offline, in French
    # the worker fetches its offline page again, now in French
    page.wait_for_function("""() => caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k)
        .then(c => c.match('/offline'))))).then(rs => rs.some(r => r && r.headers.get('Content-Language') === 'fr'))""",
                           timeout=10000)
    worker_context.set_offline(True)
    try:
        page.reload()
        assert page.text_content("#hand-0 .if-out") == "Sortie : 0 point."
        page.check("input[name=went_out][value='1']", force=True)
        page.click("#hand-0 .modes input[value='cards'] + span")
        page.click("#hand-0 .picker button[value='KD']")
        page.click("#hand-2 .modes input[value='points'] + span")
        page.fill("#hand-2 input[name$='-points']", "1")  # no Joybells hand scores 1
        assert "Aucune main ne fait 1" in page.text_content("#hand-2 .points-doubt")
        page.check("#hand-2 label.sure input")
        with page.expect_navigation():
            page.click("button[name=save]")
        message = page.text_content(".offline-queue li")
        assert message == ("Manche 1 est enregistrée sur ce téléphone seulement : "
                           "elle sera envoyée au retour du réseau.")
        assert "† Les totaux comprennent : manche 1" in page.text_content("main")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        capture(page, str(ARTIFACTS / "offline-round-waiting.png"), full_page=True)
        page.goto(live_server + "/rules/never-opened")
        assert page.text_content("h1") == "Pas de réseau"
        assert "This page was not opened" not in page.text_content("main")
        capture(page, str(ARTIFACTS / "offline-page.png"), full_page=True)
    finally:
        worker_context.set_offline(False)
