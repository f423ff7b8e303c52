"""Hands from the players' phones across a reload and a link made late: "My hand" shows again the hand
it sent (or the one still waiting to be sent) after a real reload, the scorekeeper's round form shows
again the hands that arrived, and a round form opened before the hand-in link was made shows the
hands sent through it without being reloaded."""
from __future__ import annotations

from playwright.sync_api import expect

from support.browser_support import AXE_JS, AXE_PATH, check_page, start_game
from support.hands import hand_in_link, table  # noqa: F401  (the phones at the table)

import pytest

pytestmark = pytest.mark.browser

BOB = [(10, 2), (5, 1)]  # 25 points in Joybells
CY = [(20, 1), (3, 2)]   # 26


def hand_of(page, name):
    return page.locator(f"fieldset.hand:has(legend .who:text-is('{name}'))")


def test_a_reload_shows_the_hand_sent_and_the_one_waiting(table, live_server):
    keeper = table("Ann")
    keeper.game_url = start_game(keeper.page, live_server, "joybells", ["Ann", "Bob", "Cy"])
    link = hand_in_link(keeper, "en")
    keeper.page.goto(keeper.game_url + "/round")
    bob, cy = table("Bob"), table("Cy", "fr")
    for p in (bob, cy):
        p.page.goto(link)
        p.pick_name()

    bob.by_value(BOB)
    bob.send()
    expect(bob.page.locator(".sent-note")).to_have_text("Sent: 25 points. Waiting for the scorekeeper.")
    bob.page.reload()
    expect(bob.page.locator("fieldset.hand output.running")).to_have_text("25")
    expect(bob.page.locator(".vrow:has(input[name$='-v10']) input")).to_have_value("2")
    expect(bob.page.locator(".sent-note")).to_have_text("Sent: 25 points. Waiting for the scorekeeper.")
    check_page(bob.page, "my hand sent after a reload en")

    # Cy's phone has no network: the hand waits on it, and a reload (the network still failing) shows it.
    cy.context.set_offline(True)
    cy.by_value(CY)
    cy.send()
    expect(cy.page.locator(".sent-note")).to_contain_text("Pas de réseau")
    cy.page.route("**/proposals/**", lambda route: route.abort())
    cy.context.set_offline(False)
    cy.page.reload()
    expect(cy.page.locator("fieldset.hand output.running")).to_have_text("26")
    expect(cy.page.locator(".sent-note")).to_contain_text("Pas de réseau")
    check_page(cy.page, "my hand waiting after a reload fr")
    cy.page.unroute("**/proposals/**")
    expect(cy.page.locator(".sent-note")).to_contain_text("Envoyé", timeout=5000)
    expect(cy.page.locator(".sent-note")).to_contain_text("26")

    # The scorekeeper's form: both hands filled in as sent; a reload shows them as sent again.
    expect(hand_of(keeper.page, "Bob").locator(".arrived")).to_contain_text("Sent from Bob's phone", timeout=4000)
    expect(hand_of(keeper.page, "Cy").locator(".arrived")).to_contain_text("Sent from Cy's phone", timeout=4000)
    keeper.page.reload()
    for name, total in (("Bob", "25"), ("Cy", "26")):
        expect(hand_of(keeper.page, name).locator("output.running")).to_have_text(total)
        expect(hand_of(keeper.page, name).locator(".arrived")).to_contain_text(f"Sent from {name}'s phone", timeout=4000)
        expect(hand_of(keeper.page, name).locator("button.take")).to_have_count(0)
    check_page(keeper.page, "hands round form after a reload en")


def test_a_form_opened_before_the_link_was_made_shows_the_hands(table, live_server):
    keeper = table("Ann")
    keeper.game_url = start_game(keeper.page, live_server, "joybells", ["Ann", "Bob", "Cy"])
    keeper.page.goto(keeper.game_url + "/round")
    assert "proposals.js" not in " ".join(keeper.page.requests)
    # the link is made in a second tab of the scorekeeper's phone; the first tab stays open
    first = keeper.page
    keeper.page = keeper.context.new_page()
    keeper.page.base_url, keeper.page.phone, keeper.page.seen, keeper.page.requests = first.base_url, first.phone, [], []
    keeper.page.route("**" + AXE_PATH, lambda route: route.fulfill(status=200, content_type="text/javascript",
                                                                   body=AXE_JS.read_bytes()))
    link = hand_in_link(keeper, "en")
    bob = table("Bob")
    bob.page.goto(link)
    bob.pick_name()
    bob.by_value(BOB)
    bob.send()
    expect(bob.page.locator(".sent-note")).to_contain_text("Sent: 25 points")
    expect(hand_of(first, "Bob").locator(".arrived")).to_contain_text("Sent from Bob's phone", timeout=3000)
    expect(hand_of(first, "Bob").locator("output.running")).to_have_text("25")
    first.bring_to_front()
    check_page(first, "hands round form opened before the link en")
