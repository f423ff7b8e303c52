"""A seeded random walk of the phones at a table (docs/testing.md, "The random walk of phones"): the
scorekeeper's phone with two tabs (its own clock, moved on past every retry and grace timer, and its
network cut now and then), a second scorekeeper's phone, and two players on the hand-in link (one
in French). Each step is a real tap or navigation chosen by the seed; what each person was told
about each Save is written down, and :meth:`Walk.check` holds the server and the pages to it.

Used by tests/browser/test_phone_walk.py (a few seeds in the suite, many with ``make monkey``)."""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field

from playwright.sync_api import Error as PlaywrightError

from support.offline import api

PHONE = {"width": 390, "height": 844}
PLAYERS = ("Ann", "Bob", "Cy")

# What this phone keeps to send (static/js/offline.js: IndexedDB on a secure page).
KEPT = """() => new Promise(done => { const req = indexedDB.open("scorekeeper-offline", 1);
  req.onupgradeneeded = () => { req.result.createObjectStore("rounds", { keyPath: "key" }); };
  req.onsuccess = () => { const all = req.result.transaction("rounds").objectStore("rounds").getAll();
    all.onsuccess = () => { req.result.close(); done(all.result.map(e => ({ round: e.body.round, state: e.state,
      scores: e.scores, saved_at: e.saved_at, now: Date.now() }))); }; }; })"""


@dataclass
class Told:
    """Versions of each round as the people were told about them: kept (saved, or saved on this
    phone) or refused."""
    kept: dict[int, list[dict]] = field(default_factory=dict)
    refused: dict[int, list[dict]] = field(default_factory=dict)

    def add(self, kind: str, number: int, scores: dict) -> None:
        getattr(self, kind).setdefault(number, []).append(scores)


class Walk:
    def __init__(self, browser, base: str, seed: int):
        self.base, self.seed, self.rng = base, seed, random.Random(seed)
        self.log: list[str] = []
        self.errors: list[str] = []
        self.told = Told()
        self.conflicts: list[int] = []
        self.contexts = []
        _, game = api(base, "POST", "/api/v1/games", {"variant": "joybells", "players": list(PLAYERS), "dealer": "Ann"})
        self.game = game
        self.game_url = f"{base}/games/{game['id']}"
        _, link = api(base, "POST", f"/api/v1/games/{game['id']}/hand-link", {}, token=game["edit_token"])
        # the scorekeeper's phone: two tabs, a worker, its own clock
        self.keeper = self._context(browser, "en-GB", workers=True)
        self.keeper.clock.install()
        self.tabs = [self._page(self.keeper, "keeper tab 1"), self._page(self.keeper, "keeper tab 2")]
        self.tabs[0].goto(game["edit_url"])
        self.tabs[0].wait_for_url(self.game_url)
        self.tabs[0].wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'", timeout=15000)
        self.tabs[1].goto(self.game_url + "/round")
        self.offline = False
        # a second scorekeeper (the edit link on another phone)
        self.other = self._context(browser, "en-GB", workers=False)
        self.second = self._page(self.other, "second keeper")
        self.second.goto(game["edit_url"])
        self.second.wait_for_url(self.game_url)
        # the players on the hand-in link, one in French
        self.players = []
        for name, locale in (("Bob", "fr-FR"), ("Cy", "en-GB")):
            page = self._page(self._context(browser, locale, workers=False), f"player {name}")
            page.goto(link["url"])
            page.click(f".who-buttons button[value='{name}']")
            self.players.append(page)

    def _context(self, browser, locale, workers):
        context = browser.new_context(viewport=PHONE, locale=locale, service_workers="allow" if workers else "block",
                                      extra_http_headers={"Accept-Language": locale})
        self.contexts.append(context)
        return context

    def _page(self, context, label):
        page = context.new_page()
        page.on("pageerror", lambda err: self.errors.append(f"{label}: {err}"))
        page.label = label
        return page

    def close(self):
        for context in self.contexts:
            try:
                context.set_offline(False)
                for page in context.pages:
                    page.goto("about:blank")
                context.close()
            except PlaywrightError:
                pass

    # ----- the steps -----------------------------------------------------------------------------

    def step(self) -> None:
        actions = [self.keeper_saves, self.keeper_saves, self.second_saves, self.stale_tab_saves,
                   self.network_flips, self.time_passes, self.reload_or_back, self.language_switch,
                   self.player_acts, self.player_acts]
        action = self.rng.choice(actions)
        action()

    def _round_scores(self, page) -> dict | None:
        """Fill the open round form at random: who went out, the others' hands typed as points
        (multiples of 5: always a possible hand) or tapped by value. The scores are the ones the
        form shows (a hand sent from a phone may have been there first). None when the page holds
        no round form."""
        if page.locator("form.round-form button[name=save]").count() == 0:
            return None
        out = self.rng.randrange(len(PLAYERS))
        page.click(f"input[name=went_out][value='{out}'] + span")
        scores = {}
        for seat, name in enumerate(PLAYERS):
            if seat == out:
                scores[name] = 0
                continue
            hand = f"#hand-{seat}"
            if self.rng.random() < 0.5:
                page.click(f"{hand} .modes input[value='points'] + span")
                page.fill(f"{hand} input[name$='-points']", str(self.rng.randrange(1, 30) * 5))
            else:
                page.click(f"{hand} .modes input[value='values'] + span")
                for value in self.rng.sample([3, 5, 10], self.rng.randint(1, 2)):
                    page.click(f"{hand} .vrow:has(input[name$='-v{value}']) button.vp[value='{self.rng.randint(1, 3)}']")
            shown = page.locator(f"{hand} output.running").inner_text().strip()
            if not shown:  # a tap cleared a count a phone had filled: type points instead
                page.click(f"{hand} .modes input[value='points'] + span")
                page.fill(f"{hand} input[name$='-points']", "15")
                shown = page.locator(f"{hand} output.running").inner_text().strip()
            scores[name] = int(re.sub(r"[^\d-]", "", shown))
        return scores

    def _save(self, page, who: str, offline: bool) -> None:
        scores = self._round_scores(page)
        if scores is None:
            self.log.append(f"{who}: no round form")
            return
        number = int(page.input_value("input[name=round]"))
        with page.expect_navigation(timeout=20000):
            page.click("button[name=save]")
        page.wait_for_load_state()
        if page.locator("p.round-saved").count() or page.locator("#error-summary").count():
            self.told.add("refused", number, scores)
            self.log.append(f"{who}: Save of round {number} {scores} refused")
            return
        kept = self._kept_now(page) if page.context is self.keeper else []
        mine = [e for e in kept if e["scores"] == scores and e["state"] != "posting"]
        stored = [r["number"] for r in self.server_rounds() if {n: r["scores"][n] for n in PLAYERS} == scores]
        if mine:  # kept on this phone: its number is the one it waits under
            number = mine[0]["round"]
            self.log.append(f"{who}: round {number} {scores} kept on this phone (offline={offline})")
        else:
            number = stored[-1] if stored else number
            self.log.append(f"{who}: round {number} {scores} saved")
        self.told.add("kept", number, scores)

    def _kept_now(self, page):
        try:
            return page.evaluate(KEPT)
        except PlaywrightError:
            return []

    def keeper_saves(self):
        page = self.tabs[0]
        self._open(page, self.game_url + "/round")
        self._save(page, "keeper tab 1", self.offline)

    def stale_tab_saves(self):
        page = self.tabs[1]
        if page.locator("form.round-form button[name=save]").count() == 0:
            self._open(page, self.game_url + "/round")
        self._save(page, "keeper tab 2 (as it was)", self.offline)

    def second_saves(self):
        self._open(self.second, self.game_url + "/round")
        self._save(self.second, "second keeper", False)

    def network_flips(self):
        self.offline = not self.offline
        self.keeper.set_offline(self.offline)
        if not self.offline:
            for page in self.tabs:
                try:
                    page.evaluate("window.dispatchEvent(new Event('online'))")
                except PlaywrightError:  # the page is reloading itself (another tab sent its rounds)
                    page.wait_for_load_state()
        self.log.append(f"keeper's phone {'offline' if self.offline else 'online'}")

    def time_passes(self):
        self.keeper.clock.run_for(self.rng.choice([5_000, 21_000, 40_000]))
        self.tabs[0].wait_for_timeout(300)
        self.log.append("time passes on the keeper's phone")

    def reload_or_back(self):
        page = self.rng.choice(self.tabs + [self.second])
        try:
            if self.rng.random() < 0.5:
                page.reload()
                self.log.append(f"{page.label}: reload")
            else:
                page.go_back()
                self.log.append(f"{page.label}: Back")
        except PlaywrightError as err:  # offline, a page never stored: the browser's own error page
            self.log.append(f"{page.label}: {str(err).splitlines()[0]}")

    def language_switch(self):
        page = self.rng.choice(self.tabs + [self.second] + self.players)
        switch = page.locator("header a.lang, a.lang").first
        if not switch.count():
            return
        try:
            with page.expect_navigation(timeout=15000):
                switch.click()
            self.log.append(f"{page.label}: language switched to {page.evaluate('document.documentElement.lang')}")
        except PlaywrightError as err:  # offline: the switch needs the network
            self.log.append(f"{page.label}: language switch failed: {str(err).splitlines()[0]}")

    def player_acts(self):
        page = self.rng.choice(self.players)
        if page.locator(".round-over").is_visible():
            assert not page.locator("form.hand-form").is_visible(), "Send offered for a round that is saved"
        if page.locator("button.next-round").is_visible():
            page.click("button.next-round")
            self.log.append(f"{page.label}: goes on to the next round")
            return
        if not page.locator("form.hand-form").is_visible():
            return
        choice = self.rng.random()
        try:
            if choice < 0.2:
                page.click("button.went-out-button", timeout=5000)
                self.log.append(f"{page.label}: I went out")
            elif choice < 0.8:
                value = self.rng.choice([3, 5, 10])
                page.click(f".hand .vrow:has(input[name$='-v{value}']) button.vp[value='1']", timeout=5000)
                page.click("button.send", timeout=5000)
                self.log.append(f"{page.label}: sends a card worth {value}")
            else:
                page.reload()
                self.log.append(f"{page.label}: reload")
        except PlaywrightError:
            # the round was saved under the player's fingers: the page says so and hides the form
            assert page.locator(".round-over").is_visible(), f"{page.label}: the hand form went away unsaid"
            assert not page.locator("form.hand-form").is_visible()
            self.log.append(f"{page.label}: the round was saved while tapping; the phone says so")

    # ----- the end: settle, then check --------------------------------------------------------------

    def settle(self) -> None:
        """Back online, time moved past every timer, each conflict question answered at random."""
        if self.offline:
            self.network_flips()
        page = self.tabs[0]
        self._open(page, self.game_url)
        for _ in range(15):  # bounded: each turn moves the clock past every retry
            page.wait_for_function("() => document.documentElement.dataset.offlineReady !== undefined", timeout=15000)
            self.keeper.clock.run_for(40_000)
            page.wait_for_timeout(800)
            conflict = page.locator(".offline-queue li.conflict")
            if conflict.count():
                text = conflict.first.inner_text()
                number = int(text.split()[1])  # "Round N was recorded meanwhile …"
                self.conflicts.append(number)
                keep = self.rng.random() < 0.5
                self.log.append(f"conflict on round {number}: {'keep the saved one' if keep else 'use this phone'}")
                with page.expect_navigation(timeout=20000):
                    conflict.first.locator(".choices button").nth(0 if keep else 1).click()
                continue
            # What is on its way gets its answer before the page is reloaded: a reload aborts the
            # sending, and on a loaded machine an answer can take seconds (seed 255).
            for _ in range(20):
                waiting = [e for e in self._kept_now(page) if e["state"] != "refused"]
                if not waiting:
                    return
                page.wait_for_timeout(500)
            # (the log says what stayed and in which state, should a seed fail here)
            states = [f"round {e['round']} {e['state']} (saved at {e['saved_at']}, now {e['now']})" for e in waiting]
            self.log.append("settling: still on this phone " + ", ".join(states))
            page.reload()

    def _open(self, page, url: str) -> None:
        """Open ``url`` in the keeper's tab, again if the page's own reload interrupted it: a round
        form reloads itself once the rounds it kept arrive, and the browser then drops the navigation
        it was making (seed 345: back online, the round kept offline sent as the form was opened)."""
        for _ in range(3):
            try:
                page.goto(url)
            except PlaywrightError:
                page.wait_for_load_state()
            if page.url == url:
                return
        raise AssertionError(f"{page.label}: {url} never opened (still on {page.url})")

    def server_rounds(self) -> list[dict]:
        return api(self.base, "GET", f"/api/v1/games/{self.game['id']}")[1]["rounds"]

    def check(self) -> None:
        _, state = api(self.base, "GET", f"/api/v1/games/{self.game['id']}")
        numbers = [r["number"] for r in state["rounds"]]
        assert numbers == list(range(1, len(numbers) + 1)), f"rounds with a gap or a copy: {numbers}"
        for r in state["rounds"]:
            scores = {n: r["scores"][n] for n in PLAYERS}
            kept = self.told.kept.get(r["number"], [])
            assert scores in kept, f"round {r['number']} holds {scores}, never told as saved or kept: {kept}"
        for number in self.conflicts:
            versions = {json.dumps(v, sort_keys=True) for v in self.told.kept.get(number, [])}
            assert len(versions) >= 2, f"a conflict on round {number} with one version told as kept"
        still = self._kept_now(self.tabs[0])
        left = [e for e in still if e["state"] != "refused"]
        assert left == [], f"still waiting on the phone after settling: {left}"
        refusals = {(e["round"], json.dumps(e["scores"], sort_keys=True)) for e in still}
        for number, versions in self.told.kept.items():
            held = [{n: r["scores"][n] for n in PLAYERS} for r in state["rounds"] if r["number"] == number]
            for version in versions:
                arrived = (version in held or number in self.conflicts
                           or (number, json.dumps(version, sort_keys=True)) in refusals)  # shown as refused
                # a round saved when the same number was already kept under another version: only
                # through the conflict question
                assert arrived, f"round {number} {version} was told as kept but neither arrived nor was asked about"
        page = self.tabs[0]
        page.goto(self.game_url)
        shown = page.locator("table.standings tbody td.total").all_text_contents()
        totals = [int(re.sub(r"[^\d-]", "", t)) for t in shown if re.search(r"\d", t)]
        assert totals == sorted(totals), f"the standings are not in the order of their totals: {totals}"
        assert self.errors == [], f"page errors: {self.errors}"
