"""Lighthouse (mobile) on five pages, as docs/performance.md ("Lighthouse (mobile)") reports them:
the home page, a scoreboard, a table's statistics, a rules page and the round form of 8 players,
served by gunicorn exactly as README.md runs it (its compression included), on a SQLite file with
the world of tests/browser/test_transfer_budget.py (a Continental game of 8 players, long names, 3
rounds, a hand-in link, kept at a table). Prints each run's scores and metrics; the numbers go in
docs/performance.md by hand.

Lighthouse drives a Chromium of this script's own through its debugging port; that Chromium opened
the game's edit link first, so its profile holds the editor's cookie as a phone's would (Lighthouse
clears the cache and the site's storage before each run, not the cookies). A Cookie header given
with ``--extra-headers`` instead is not the same: the page's own requests then carry it beside the
browser's, and the round form's hands poll was refused (403), which drew a note above the form.

Needs Lighthouse (``npm i -g lighthouse``) and Debian's Chromium:

    .venv/bin/python bench/bench_lighthouse.py            # three runs of each page
    .venv/bin/python bench/bench_lighthouse.py --runs 1 round
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from benchkit import ROOT  # noqa: F401  (puts the repository and tests/ on sys.path)

from playwright.sync_api import sync_playwright  # noqa: E402

from support.offline import api  # noqa: E402
from support.pages import LONG_NAMES  # noqa: E402
from support.server import documented_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"


def _world(base: str) -> dict[str, str]:
    """The game and table of the transfer test; the five pages' addresses."""
    game = api(base, "POST", "/api/v1/games", {"variant": "continental", "players": LONG_NAMES})[1]
    for n in range(3):
        hands = {p: {"points": 25 + 5 * i} for i, p in enumerate(LONG_NAMES) if p != LONG_NAMES[n]}
        api(base, "POST", f"/api/v1/games/{game['id']}/rounds", {"went_out": LONG_NAMES[n], "hands": hands},
            game["edit_token"])
    api(base, "POST", f"/api/v1/games/{game['id']}/hand-link", {}, game["edit_token"])
    table = api(base, "POST", "/api/v1/tables", {"name": "Thursday club"})[1]
    api(base, "POST", f"/api/v1/tables/{table['id']}/games", {"game": game["id"], "game_token": game["edit_token"]},
        table["edit_token"])
    return {"edit_url": game["edit_url"].replace("http://localhost", base), "game": f"/games/{game['id']}",
            "home": "/", "scoreboard": f"/games/{game['id']}/view", "statistics": f"/tables/{table['id']}/stats",
            "rules": "/rules/continental", "round": f"/games/{game['id']}/round"}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _summary(report: dict) -> str:
    categories, audits = report["categories"], report["audits"]
    scores = " ".join(f"{name} {round(categories[key]['score'] * 100)}" for name, key in (
        ("performance", "performance"), ("accessibility", "accessibility"),
        ("best-practices", "best-practices"), ("SEO", "seo")))
    metrics = (f"CLS {audits['cumulative-layout-shift']['numericValue']:.3f}"
               f" TBT {audits['total-blocking-time']['numericValue']:.0f} ms"
               f" FCP {audits['first-contentful-paint']['numericValue']:.0f} ms"
               f" LCP {audits['largest-contentful-paint']['numericValue']:.0f} ms"
               f" bytes {audits['total-byte-weight']['numericValue']:.0f}")
    return f"{scores} | {metrics}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("pages", nargs="*", help="home, scoreboard, statistics, rules, round (all by default)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="scorekeeper-lighthouse-") as tmp, sync_playwright() as pw:
        folder = Path(tmp)
        with documented_server(f"sqlite:///{folder}/lighthouse.db", folder) as port:
            base = f"http://127.0.0.1:{port}"
            world = _world(base)
            debugging = _free_port()
            chromium = subprocess.Popen(
                [CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 f"--remote-debugging-port={debugging}", f"--user-data-dir={folder}/profile", "about:blank"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                browser = None
                for _ in range(50):  # (until its debugging port answers)
                    try:
                        browser = pw.chromium.connect_over_cdp(f"http://127.0.0.1:{debugging}")
                        break
                    except Exception:  # noqa: BLE001  (not listening yet)
                        time.sleep(0.2)
                assert browser is not None, "Chromium's debugging port never answered"
                page = browser.contexts[0].new_page()
                page.goto(base + "/language/en?next=/")
                with page.expect_navigation(url=f"**{world['game']}"):
                    page.goto(world["edit_url"])
                page.close()
                for name in args.pages or ["home", "scoreboard", "statistics", "rules", "round"]:
                    for run in range(args.runs):
                        report = folder / f"{name}-{run}.json"
                        subprocess.run(["lighthouse", base + world[name], "--quiet", "--output=json",
                                        f"--output-path={report}", f"--port={debugging}"],
                                       env=dict(os.environ, CHROME_PATH=CHROMIUM), check=True,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)
                        print(f"{name} run {run + 1}: {_summary(json.loads(report.read_text()))}", flush=True)
            finally:
                chromium.terminate()
                chromium.wait(timeout=30)


if __name__ == "__main__":
    main()
