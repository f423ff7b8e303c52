"""The page budget as a phone feels it: bytes transferred (docs/performance.md, "Page budget").

The app runs under gunicorn exactly as README.md documents it (its compression is the app's own,
scorekeeper/compression.py), on a SQLite file. Each page is opened by a fresh browser (an empty
cache, the cookies of a phone that opened the game's edit link), at 390x844, and what came over the
network for the page and every file it loaded is added up from the browser's Resource Timing
(``transferSize``: the body as sent, compressed, plus the 300 bytes the standard counts for each
answer's headers). The round form of 8 players is then opened again by the same browser, its
files cached: that visit costs its HTML alone.
"""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest

from scorekeeper.rules import get_variant
from scorekeeper.rules.variants import all_variants
from support.browser_support import CACHED_VISIT_LIMIT, FIRST_VISIT_LIMIT, PHONES, loaded_files
from support.offline import api
from support.pages import LONG_NAMES
from support.server import documented_server

# One worker runs the whole module, so its server starts once (make test: --dist loadgroup).
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("transfer")]

NAMES = LONG_NAMES


@pytest.fixture(scope="module")
def world():
    """gunicorn as documented on a fresh SQLite file, with a Continental game of 8 players (long
    names, 3 rounds played, a hand-in link) kept at a table; yields the base URL and the addresses."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-transfer-") as tmp:
        folder = Path(tmp)
        with documented_server(f"sqlite:///{folder}/transfer.db", folder) as port:
            base = f"http://127.0.0.1:{port}"
            game = api(base, "POST", "/api/v1/games", {"variant": "continental", "players": NAMES})[1]
            for n in range(3):
                out = NAMES[n]
                api(base, "POST", f"/api/v1/games/{game['id']}/rounds",
                    {"went_out": out, "hands": {p: {"points": 25 + 5 * i} for i, p in enumerate(NAMES) if p != out}},
                    game["edit_token"])
            api(base, "POST", f"/api/v1/games/{game['id']}/hand-link", {}, game["edit_token"])
            table = api(base, "POST", "/api/v1/tables", {"name": "Thursday club"})[1]
            api(base, "POST", f"/api/v1/tables/{table['id']}/games",
                {"game": game["id"], "game_token": game["edit_token"]}, table["edit_token"])
            yield {"base": base, "game": game, "table": table}


def _phone_cookies(browser, world, language: str) -> dict:
    """The cookies of a phone that chose ``language`` and opened the game's edit link."""
    context = browser.new_context(viewport=PHONES["390x844"], service_workers="block")
    try:
        page = context.new_page()
        page.goto(world["base"] + f"/language/{language}?next=/")
        with page.expect_navigation(url=f"**/games/{world['game']['id']}"):
            page.goto(world["game"]["edit_url"].replace("http://localhost", world["base"]))
        return context.storage_state()
    finally:
        context.close()


def _open(context, url: str) -> list[dict]:
    page = context.new_page()
    page.goto(url, wait_until="load")
    files = loaded_files(page)
    page.close()
    return files


def _transferred(files: list[dict]) -> int:
    return sum(f["transferred"] for f in files)


def _pages(world) -> dict[str, str]:
    game, table = f"/games/{world['game']['id']}", f"/tables/{world['table']['id']}"
    return {
        "home": "/", "games": "/games", "new game": "/games/new", "game page": game,
        "scoreboard": f"{game}/view", "round form, 8 players": f"{game}/round", "share": f"{game}/share",
        "correct a round": f"{game}/rounds/1/correct", "my hand": f"{game}/hand",
        "rules": "/rules", "rules page": "/rules/continental", "compare": "/rules/compare",
        "search": "/rules/search?q=joker", "tools": "/tools", "irregularities": "/tools/irregularities",
        "table": table, "statistics": f"{table}/stats", "players": f"{table}/players",
        "rulings": f"{table}/rulings", "offline": "/offline",
    }


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_page_transfers_at_most_30_kb_on_a_first_visit(browser, world, language):
    state = _phone_cookies(browser, world, language)
    measured, over = {}, []
    for name, path in _pages(world).items():
        context = browser.new_context(viewport=PHONES["390x844"], service_workers="block", storage_state=state)
        try:
            files = _open(context, world["base"] + path)
        finally:
            context.close()
        measured[name] = _transferred(files)
        assert all(f["transferred"] > 0 for f in files), (name, files)  # (nothing came from a cache)
        if language != "en":  # the page's words are counted: its load waits for them (base.html)
            assert any("/words/" in f["url"] for f in files), (name, files)
        if measured[name] > FIRST_VISIT_LIMIT:
            over.append(f"{name} ({path}): {measured[name]} bytes, over {FIRST_VISIT_LIMIT}")
    print(f"\nfirst visit, {language}:", json.dumps(measured, indent=1))
    assert not over, "over the first visit's budget:\n" + "\n".join(over)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_round_form_of_8_opened_again_transfers_its_html_alone(browser, world, language):
    """First visit at most 30 KB; opened again (the browser keeps its files a year under versioned
    addresses, static_files.py) at most 8 KB, of which nothing but the page itself."""
    state = _phone_cookies(browser, world, language)
    context = browser.new_context(viewport=PHONES["390x844"], service_workers="block", storage_state=state)
    try:
        url = world["base"] + f"/games/{world['game']['id']}/round"
        first = _open(context, url)
        again = _open(context, url)
    finally:
        context.close()
    print(f"\nround form of 8, {language}: first visit {_transferred(first)}, again {_transferred(again)}")
    for f in first:  # where the bytes go (docs/performance.md, "Page budget")
        print(f"  {f['transferred']:6} transferred, {f['compressed']:6} compressed, {f['decoded']:6} read: {f['url']}")
    assert len(first) >= 8, first  # the page, its stylesheets and its scripts
    assert _transferred(first) <= FIRST_VISIT_LIMIT, first
    assert _transferred(again) <= CACHED_VISIT_LIMIT, again
    assert [f["url"] for f in again if f["transferred"]] == [url], again


def _fill(page, went_out: int, players: int) -> None:
    """Seat ``went_out`` went out; the others hold 25 points (or, in ROY, 3 cards)."""
    page.check(f"input[name=went_out][value='{went_out}']", force=True)
    for seat in range(players):
        if seat == went_out:
            continue
        points = page.locator(f"#hand-{seat} .modes input[value='points'] + span")
        if points.count():
            points.click()
            page.fill(f"#hand-{seat} input[name$='-points']", "25")
        else:
            page.fill(f"#hand-{seat} input[name$='-count']", "3")


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("variant", [v.id for v in all_variants()])
def test_the_round_form_and_its_preview_at_each_variants_largest_table(browser, world, variant, language):
    """Long names, as many players as the variant allows, a hand-in link (the form polls for the
    players' hands): the form's first visit and its preview, each with every file it loads, sent
    compressed, within the first visit's budget."""
    base = world["base"]
    names = NAMES[:get_variant(variant).players.max]
    game = api(base, "POST", "/api/v1/games", {"variant": variant, "players": names})[1]
    api(base, "POST", f"/api/v1/games/{game['id']}/hand-link", {}, game["edit_token"])
    state = _phone_cookies(browser, {**world, "game": game}, language)
    context = browser.new_context(viewport=PHONES["390x844"], service_workers="block", storage_state=state)
    try:
        page = context.new_page()
        page.goto(base + f"/games/{game['id']}/round", wait_until="load")
        form = loaded_files(page)
        _fill(page, 0, len(names))
        with page.expect_navigation():
            page.click("button[name=preview]")
        page.wait_for_load_state("load")
        assert page.locator("section.preview").count() == 1
        preview = loaded_files(page)
    finally:
        context.close()
    print(f"\n{variant}, {len(names)} players, {language}: form {_transferred(form)} transferred,"
          f" preview {sum(f['compressed'] for f in preview)} compressed")
    assert _transferred(form) <= FIRST_VISIT_LIMIT, form
    assert sum(f["compressed"] for f in preview) <= FIRST_VISIT_LIMIT, preview
