"""A hand belongs to its round, and a player who went out says so, on real phones (Chromium at
390x844, one browser context per phone, English and French): when the round a player's phone shows
is saved, the phone says so with the points recorded for that player, clears what was entered and
only then offers the next round, so a late hand never becomes the next round's; "I went out" shows
on the scorekeeper's form, ticked, with any disagreement beside the player before Save."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from support.browser_support import SCREENSHOTS, capture
from support.browser_support import start_game, submit
from support.hands import api_rounds, hand_in_link, player_joins, table  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser

SHOTS = SCREENSHOTS  # test-artifacts/screenshots/, looked at by people
WORDS = {
    "en": {"went": "Sent: you went out.", "said": "Sent from Bob's phone at", "bob out": "Bob went out.",
           "disagree bob": "Bob's phone says Bob went out; this form says Cy went out.",
           "disagree cy": "Cy's phone sent 25 points; this form says Cy went out.",
           "saved": "Round 1 was saved by the scorekeeper: {} points recorded for you.",
           "saved nothing": "Round 1 was saved by the scorekeeper: 0 points recorded for you.", "next": "Go on to round 2",
           "round 2": "Round 2"},
    "fr": {"went": "Envoyé\u00a0: votre sortie.", "said": "Envoyé du téléphone de Bob à", "bob out": "Bob annonce sa sortie.",
           "disagree bob": "Le téléphone de Bob annonce sa sortie\u00a0; ce formulaire indique la sortie de Cy.",
           "disagree cy": "Le téléphone de Cy a envoyé 25 points\u00a0; ce formulaire indique la sortie de Cy.",
           "saved": "Manche 1 a été enregistrée par qui tient les scores\u00a0: {} points inscrits pour vous.",
           # French counts 0 in the singular ("0 point"), as the scripts' one() does.
           "saved nothing": "Manche 1 a été enregistrée par qui tient les scores\u00a0: 0 point inscrit pour vous.",
           "next": "Passer à la manche 2", "round 2": "Manche 2"},
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_i_went_out_shows_on_the_scorekeepers_form_with_disagreements(table, live_server, lang):
    words = WORDS[lang]
    keeper = table("Ann", lang)
    keeper.game_url = start_game(keeper.page, live_server, "joybells", ["Ann", "Bob", "Cy"])
    link = hand_in_link(keeper, lang)
    bob, cy = table("Bob", lang), table("Cy", lang)
    for p in (bob, cy):
        p.page.goto(link)
        p.pick_name()
    bob.tap("button.went-out-button")
    expect(bob.page.locator(".sent-note")).to_contain_text(words["went"], timeout=5000)
    cy.by_value([(10, 2), (5, 1)])
    cy.send()
    capture(bob.page, f"{SHOTS}/i-went-out-player-{lang}.png", full_page=True)

    keeper.page.goto(keeper.game_url + "/round")
    expect(keeper.page.locator("#hand-1 .arrived")).to_contain_text(words["said"], timeout=5000)
    expect(keeper.page.locator("#hand-1 .arrived")).to_contain_text(words["bob out"])
    expect(keeper.page.locator("input[name=went_out][value='1']")).to_be_checked()  # ticked: nobody was
    expect(keeper.page.locator(".disagree")).to_have_count(0)

    # The scorekeeper ticks Cy instead: both disagreements show beside the players, before Save.
    keeper.page.click("input[name=went_out][value='2'] + span")
    expect(keeper.page.locator("#hand-1 .disagree")).to_have_text(words["disagree bob"])
    expect(keeper.page.locator("#hand-2 .disagree")).to_have_text(words["disagree cy"])
    keeper.page.locator("#hand-1").scroll_into_view_if_needed()
    capture(keeper.page, f"{SHOTS}/i-went-out-keeper-disagree-{lang}.png")
    keeper.page.click("input[name=went_out][value='1'] + span")
    expect(keeper.page.locator(".disagree")).to_have_count(0)
    keeper.page.wait_for_timeout(1500)  # further polls leave the scorekeeper's choice alone
    expect(keeper.page.locator("input[name=went_out][value='1']")).to_be_checked()
    keeper.page.click("#hand-0 .modes input[value='points'] + span")
    keeper.page.fill("#hand-0 input[name$='-points']", "40")
    submit(keeper.page, "button[name=save]")
    assert api_rounds(live_server, keeper.game_url)[0]["scores"] == {"Ann": 40, "Bob": 0, "Cy": 25}
    expect(bob.page.locator(".round-over")).to_contain_text(words["saved nothing"], timeout=5000)
    for p in (keeper, bob, cy):
        assert not [m for m in p.page.seen if "Error" in m], p.page.seen


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_late_hand_never_lands_in_the_next_round(table, live_server, lang):
    """Cy enters her hand but the scorekeeper saves round 1 first (typing Cy's 30 points): Cy's
    phone says round 1 was saved with her 30 points, her entry is cleared, and nothing can be sent
    until she goes on to round 2; round 2 holds no hand from her."""
    words = WORDS[lang]
    keeper, cy, _ = player_joins(table, live_server, "joybells", ["Ann", "Bob", "Cy"], "Cy", lang)
    cy.by_value([(10, 2), (5, 1)])  # entered, not sent yet

    keeper.page.goto(keeper.game_url + "/round")
    keeper.page.click("input[name=went_out][value='1'] + span")
    for seat, pts in ((0, "15"), (2, "30")):
        keeper.page.click(f"#hand-{seat} .modes input[value='points'] + span")
        keeper.page.fill(f"#hand-{seat} input[name$='-points']", pts)
    submit(keeper.page, "button[name=save]")

    over = cy.page.locator(".round-over")
    expect(over).to_contain_text(words["saved"].format(30), timeout=5000)
    expect(cy.page.locator("form.hand-form")).to_be_hidden()  # no Send for a round that is saved
    expect(cy.page.locator("button.next-round")).to_have_text(words["next"])
    capture(cy.page, f"{SHOTS}/late-hand-notice-{lang}.png", full_page=True)
    cy.page.reload()  # a reload says it again
    expect(cy.page.locator(".round-over")).to_contain_text(words["saved"].format(30), timeout=5000)
    cy.tap("button.next-round")
    expect(cy.page.locator("form.hand-form")).to_be_visible()
    expect(cy.page.locator(".hand-now .now-round")).to_contain_text(words["round 2"])
    expect(cy.page.locator("fieldset.hand output.running")).to_have_text("")  # what was entered is gone
    assert cy.page.locator(".mode-values input").evaluate_all("boxes => boxes.every(b => b.value === '')")
    status = keeper.page.request.get(keeper.game_url + "/rounds/2/proposals.json")
    assert status.json()["proposals"] == {}
    assert api_rounds(live_server, keeper.game_url)[0]["scores"] == {"Ann": 15, "Bob": 0, "Cy": 30}


def test_a_phones_hand_is_still_the_phones_in_another_tab_and_after_a_reload(table, live_server):
    """The scorekeeper's form filled Bob's hand as his phone sent it; the same form opened again
    (a reload, or a second tab that restores the draft) says it came from Bob's phone, with no
    "your entry is kept" and no "Use it"."""
    keeper, bob, _ = player_joins(table, live_server, "joybells", ["Ann", "Bob", "Cy"], "Bob")
    keeper.page.goto(keeper.game_url + "/round")
    bob.by_value([(10, 2), (5, 1)])
    bob.send()
    expect(keeper.page.locator("#hand-1 .arrived")).to_contain_text("Sent from Bob's phone", timeout=5000)
    second = keeper.context.new_page()
    for page in (second, keeper.page):
        if page is second:
            page.goto(keeper.game_url + "/round")
        else:
            page.reload()
        expect(page.locator("#hand-1 output.running")).to_have_text("25")
        expect(page.locator("#hand-1 .arrived")).to_contain_text("Sent from Bob's phone", timeout=5000)
        expect(page.locator("#hand-1 .arrived")).not_to_contain_text("your entry is kept")
        expect(page.locator("#hand-1 button.take")).to_have_count(0)
