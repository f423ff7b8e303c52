"""A round recorded offline that another phone recorded meanwhile, in Debian's Chromium at 390x844
with real navigations, in English and in French: back online, the phone shows both versions and
the person chooses; the rounds after it wait, then go in order; nothing is dropped and nothing is
stored twice (docs/offline.md)."""
from __future__ import annotations

from pathlib import Path

import pytest

from support.offline import api, csp_violations, new_game
from support.offline import fill_round, grid_totals, phone  # noqa: F401 (fixture)
from support.browser_support import capture

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
WORDS = {
    "en-US": {"conflict": "Round 1 was recorded meanwhile on another phone, with other scores. Which one is right?",
              "held": "Round 2 waits on this phone until round 1 is settled.",
              "keep": "Keep the saved one", "mine": "Use this phone's", "headers": ["", "Saved", "This phone"],
              "who": "Saved: entered on another phone. This phone: entered here at "},
    "fr-FR": {"conflict": "Manche 1 a été enregistrée entre-temps sur un autre téléphone, avec d’autres scores. Laquelle est la bonne\u00a0?",
              "held": "Manche 2 attend sur ce téléphone que la manche 1 soit réglée.",
              "keep": "Garder celle enregistrée", "mine": "Prendre celle de ce téléphone",
              "headers": ["", "Enregistrée", "Ce téléphone"],
              "who": "Enregistrée\u00a0: saisie sur un autre téléphone. Ce téléphone\u00a0: saisie ici à "},
}
THEIRS = {"round": 1, "went_out": "Bob", "hands": {"Ann": {"points": 30}, "Cy": {"points": 45}}}


def save_offline(page, game_url, went_out, points):
    with page.expect_navigation():
        page.click("nav.actions a.button")
    fill_round(page, went_out, points)
    with page.expect_navigation(url=game_url, timeout=15000):
        page.click("button[name=save]")


@pytest.mark.parametrize("choice", ["keep", "mine"])
def test_a_round_recorded_on_two_phones_shows_both_and_loses_nothing(live_server, phone, choice):
    words = WORDS[phone.locale]
    game = new_game(live_server)
    page = phone.new_page()
    page.goto(game["edit_url"])
    game_url = page.url
    page.wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'", timeout=15000)

    phone.set_offline(True)
    save_offline(page, game_url, 0, {1: 10, 2: 25})  # this phone's round 1: Ann went out
    save_offline(page, game_url, 1, {0: 5, 2: 40})   # and round 2
    page.wait_for_function("() => document.querySelectorAll('tr.waiting-row').length === 2")
    # Meanwhile another phone, online, records round 1 otherwise.
    status, _ = api(live_server, "POST", f"/api/v1/games/{game['id']}/rounds", THEIRS, token=game["edit_token"])
    assert status == 201

    phone.set_offline(False)
    conflict = page.locator(".offline-queue li.conflict")
    conflict.wait_for(timeout=20000)
    assert words["conflict"] in conflict.inner_text()
    assert [h.strip() for h in conflict.locator("thead th").all_text_contents()] == words["headers"]
    rows = {r.locator("th").inner_text(): [c.strip() for c in r.locator("td").all_text_contents()]
            for r in conflict.locator("tbody tr").all()}
    assert rows == {"Ann": ["30", "0"], "Bob": ["0", "10"], "Cy": ["45", "25"]}
    page.wait_for_function(f"() => [...document.querySelectorAll('.offline-queue li')].some(li => li.textContent === {words['held']!r})")
    page.wait_for_timeout(1000)
    status, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert len(state["rounds"]) == 1  # round 2 waits behind the choice
    # who entered each version and when; two choices of the same weight, neither pre-selected
    assert words["who"] in conflict.locator("p.versions-who").inner_text()
    assert conflict.locator(".choices button").evaluate_all("bs => bs.map(b => b.className)") == ["secondary", "secondary"]
    conflict.scroll_into_view_if_needed()
    capture(page, str(SHOTS / f"offline-conflict-{phone.locale[:2]}-390x844.png"), full_page=True)

    with page.expect_navigation(timeout=20000):  # chosen: round 2 goes, and the page shows the server's game
        page.click(f"text={words[choice]}")
    page.wait_for_function("() => !document.querySelector('.offline-queue li')", timeout=20000)
    status, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert [r["number"] for r in state["rounds"]] == [1, 2]
    first = {"Ann": 30, "Bob": 0, "Cy": 45} if choice == "keep" else {"Ann": 0, "Bob": 10, "Cy": 25}
    assert {n: state["rounds"][0]["scores"][n] for n in first} == first
    assert {n: state["rounds"][1]["scores"][n] for n in first} == {"Ann": 5, "Bob": 0, "Cy": 40}
    assert state["totals"] == {n: first[n] + {"Ann": 5, "Bob": 0, "Cy": 40}[n] for n in first}
    assert grid_totals(page) == [str(state["totals"][n]) for n in ("Ann", "Bob", "Cy")]
    if choice == "mine":
        assert state["rounds"][0]["corrected"] is True  # kept as a correction, with its reason
    page.wait_for_timeout(1500)
    status, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert len(state["rounds"]) == 2
    assert csp_violations(phone) == []


@pytest.mark.slow
@pytest.mark.parametrize("phone", ["en-US"], indirect=True)
def test_a_form_saved_online_for_a_round_another_phone_recorded(live_server, phone):
    """The round form was open while another phone recorded that round: Save stores nothing and
    says so ("Round 1 is saved: …", 409). That answer is definitive (docs/offline.md, "The
    outbox"): the phone keeps nothing of this Save, so no conflict question comes later, however
    long the game page stays open."""
    game = new_game(live_server)
    page = phone.new_page()
    page.clock.install()  # the phone's clock: moved on below instead of waited for
    page.goto(game["edit_url"])
    page.wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'", timeout=15000)
    with page.expect_navigation():
        page.click("nav.actions a.button")
    fill_round(page, 0, {1: 10, 2: 25})
    status, _ = api(live_server, "POST", f"/api/v1/games/{game['id']}/rounds", THEIRS, token=game["edit_token"])
    assert status == 201
    with page.expect_navigation():
        page.click("button[name=save]")
    assert "Round 1 is saved: Ann 30 · Bob 0 · Cy 45." in page.text_content("main")
    with page.expect_navigation():
        page.click("main nav.actions a.button.secondary[href$='" + game["id"] + "']")
    page.wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'", timeout=15000)
    page.clock.run_for(60_000)  # past the Save's grace and several retries
    page.wait_for_timeout(1500)
    assert page.locator(".offline-queue li").count() == 0
    status, state = api(live_server, "GET", f"/api/v1/games/{game['id']}")
    assert len(state["rounds"]) == 1 and state["totals"] == {"Ann": 30, "Bob": 0, "Cy": 45}
    assert state["rounds"][0]["corrected"] is False
    assert csp_violations(phone) == []
