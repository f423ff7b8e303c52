"""Hands from the players' phones, as a table uses them: the scorekeeper makes the hand-in link on the
share page, three players open it on their own phones (one of them in French), each says who they
are and sends a hand by value; the scorekeeper's round form shows the three hands within two
seconds, the scorekeeper taps who went out and Save, and the players' pages move to the next round
by themselves. A phone without network sends when it is back, or says the round was saved
meanwhile. Taps are counted (docs/performance.md, "Taps with hands from the players' phones").
"""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from support.browser_support import check_page, start_game, submit
from support.hands import api_rounds, hand_in_link, player_joins, points, table  # noqa: F401  (the phones at the table)

pytestmark = pytest.mark.browser

# Joybells: 10-point cards (10 J Q K), 5s, 3s... by value: (value, how many)
HANDS = {"Bob": [(10, 2), (5, 1)], "Cy": [(15, 1), (3, 2)], "Di": [(20, 1), (9, 1)]}
ROUND_TWO = {"Bob": [(8, 1), (4, 1)], "Cy": [(7, 2)], "Di": [(6, 1)]}


@pytest.mark.slow
def test_three_phones_send_their_hands_and_the_scorekeeper_saves(table, live_server):
    keeper = table("Ann")
    keeper.game_url = start_game(keeper.page, live_server, "joybells", ["Ann", "Bob", "Cy", "Di"])
    link = hand_in_link(keeper, "en")
    # the old link ends when a new one is made
    old = link
    submit(keeper.page, "#hands ~ form button")
    link = keeper.page.locator("input.copy[value*='/hand#token=']").input_value()
    assert link != old

    players = [table("Bob"), table("Cy", "fr"), table("Di")]
    for p in players:
        p.page.goto(link)
        expect(p.page.locator(".who-are-you")).to_be_visible()
        expect(p.page.locator(".hand-now .now-round")).to_contain_text("Manche 1" if p.page.lang == "fr" else "Round 1")
        expect(p.page.locator(".hand-now .now-contract")).to_contain_text("2 brelans" if p.page.lang == "fr" else "2 sets")
        check_page(p.page, f"my hand who are you {p.page.lang}")
        p.pick_name()
        expect(p.page.locator("form.hand-form legend .who")).to_have_text(p.name)
    cy = players[1].page
    expect(cy.locator("#who-title")).to_be_hidden()
    expect(cy.locator("h1")).to_contain_text("Ma main")
    assert "R♠" in cy.locator(".suit-row").first.inner_text()  # the French card letters of the round form

    # The scorekeeper's round form is open; the three phones send; all three show within 2 s.
    keeper.page.goto(keeper.game_url + "/round")
    keeper.taps = 0  # the form opened (one tap on the game page, counted below)
    sent_at = {}
    for p in players:
        p.by_value(HANDS[p.name])
        expect(p.page.locator("fieldset.hand output.running")).to_have_text(str(points(HANDS[p.name])))
        sent_at[p.name] = p.send()
    for p in players:
        word = "Envoyé" if p.page.lang == "fr" else "Sent"
        expect(p.page.locator(".sent-note")).to_contain_text(f"{word}")
        expect(p.page.locator(".sent-note")).to_contain_text(str(points(HANDS[p.name])))
    for seat, p in enumerate(players, start=1):
        expect(keeper.page.locator(f"#hand-{seat} output.running")).to_have_text(str(points(HANDS[p.name])), timeout=2000)
        expect(keeper.page.locator(f"#hand-{seat} .arrived")).to_contain_text("Sent from")
        # the time as the reader writes it: hours and minutes, no seconds
        assert not re.search(r"\d:\d\d:\d\d", keeper.page.locator(f"#hand-{seat} .arrived").inner_text())
    assert time.monotonic() - sent_at["Di"] < 2.5
    check_page(keeper.page, "hands round form arrived en")
    for p in players:
        check_page(p.page, f"my hand sent {p.page.lang}")
    player_taps = {p.name: p.taps for p in players}

    # Who went out, Save: the round holds exactly the hands sent.
    keeper.tap("input[name=went_out][value='0'] + span")
    keeper.taps += 1
    submit(keeper.page, "button[name=save]")
    assert keeper.taps + 1 <= 3  # + "Record round 1" on the game page
    saved = api_rounds(live_server, keeper.game_url)
    assert saved[0]["scores"] == {"Ann": 0, **{name: points(hand) for name, hand in HANDS.items()}}

    # The players' pages move on by themselves, with the round's scores.
    for p in players:
        expect(p.page.locator(".now-round")).to_contain_text("2", timeout=5000)
        expect(p.page.locator(".saved-round")).to_contain_text(str(points(HANDS[p.name])))
        expect(p.page.locator(".sent-note")).to_be_hidden()
        expect(p.page.locator("fieldset.hand output.running")).to_have_text("")
        # the phone says the round was saved, with the points recorded, before it offers the next
        expect(p.page.locator(".round-over")).to_contain_text(str(points(HANDS[p.name])))
        expect(p.page.locator("form.hand-form")).to_be_hidden()
        p.tap("button.next-round")
        expect(p.page.locator("form.hand-form")).to_be_visible()
    check_page(players[1].page, "my hand next round fr")

    # Round 2: Bob's phone is offline when he sends; it sends when the network is back.
    bob, cy, di = players
    bob.context.set_offline(True)
    bob.taps = 0
    bob.by_value(ROUND_TWO["Bob"])
    bob.send()
    expect(bob.page.locator(".sent-note")).to_contain_text("No network")
    bob.context.set_offline(False)
    bob.page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(bob.page.locator(".sent-note")).to_contain_text(f"Sent: {points(ROUND_TWO['Bob'])} points", timeout=5000)
    player_taps["Bob, round 2"] = bob.taps
    expect(keeper.page.locator("#hand-1 output.running")).to_have_text(str(points(ROUND_TWO["Bob"])), timeout=2000)

    # Di sends; Cy is offline when she sends, and the scorekeeper saves round 2 meanwhile with the
    # hand Cy said across the table: Cy's phone says so instead of sending.
    di.by_value(ROUND_TWO["Di"])
    di.send()
    expect(keeper.page.locator("#hand-3 output.running")).to_have_text(str(points(ROUND_TWO["Di"])), timeout=2000)
    cy.context.set_offline(True)
    cy.by_value(ROUND_TWO["Cy"])
    cy.send()
    expect(cy.page.locator(".sent-note")).to_contain_text("Pas de réseau")
    keeper.page.click("#hand-2 .vrow:has(input[name$='-v7']) button.vp[value='2']")
    keeper.page.click("input[name=went_out][value='0'] + span")
    submit(keeper.page, "button[name=save]")
    cy.context.set_offline(False)
    cy.page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(cy.page.locator(".hand-problem")).to_contain_text("Manche 2", timeout=5000)
    expect(cy.page.locator(".hand-problem")).to_contain_text("pas été envoyée")
    check_page(cy.page, "my hand saved meanwhile fr")
    saved = api_rounds(live_server, keeper.game_url)
    assert saved[1]["scores"] == {"Ann": 0, **{name: points(hand) for name, hand in ROUND_TWO.items()}}
    assert all(taps <= 4 for taps in player_taps.values()), player_taps
    for p in [keeper, *players]:
        assert not [m for m in p.page.seen if "Error" in m or "Refused" in m], p.page.seen
    print("taps:", {"scorekeeper": keeper.taps + 1, **player_taps})


def test_a_hand_after_the_scorekeeper_typed_is_shown_beside_it(table, live_server):
    """In French: the scorekeeper already typed Bob's hand; Bob's phone's hand does not overwrite it,
    it is shown beside it, taken with one tap."""
    keeper, bob, _ = player_joins(table, live_server, "joybells", ["Ann", "Bob", "Cy"], "Bob", "fr")
    keeper.page.goto(keeper.game_url + "/round")
    keeper.page.click("#hand-1 .vrow:has(input[name$='-v10']) button.vp[value='1']")
    bob.by_value([(10, 2), (5, 1)])
    bob.send()
    note = keeper.page.locator("#hand-1 .arrived")
    expect(note).to_contain_text("25", timeout=2000)
    expect(keeper.page.locator("#hand-1 output.running")).to_have_text("10")
    check_page(keeper.page, "hands round form kept fr")
    note.locator("button.take").click()
    expect(keeper.page.locator("#hand-1 output.running")).to_have_text("25")
    expect(note.locator("button.take")).to_have_count(0)
    check_page(bob.page, "my hand sent fr")
    # Bob changes his hand before the round is saved: the form takes the new one (the one taken
    # from his phone was not changed by the scorekeeper since).
    bob.by_value([(5, 1)])  # the 5 again: no 5 any more
    expect(bob.page.locator(".sent-note")).to_contain_text("Modifiée depuis l’envoi")
    bob.send()
    expect(bob.page.locator(".sent-note")).to_contain_text("Envoyé\u00a0: 20 points")
    expect(keeper.page.locator("#hand-1 output.running")).to_have_text("20", timeout=2000)
    expect(note).to_contain_text("20 points")
    # "Not you?": the hand sent under that name is taken back from the scorekeeper's form.
    bob.tap("button.not-me")
    expect(bob.page.locator(".who-are-you")).to_be_visible()
    expect(note).to_have_count(0, timeout=2000)


def test_roy_a_player_sends_the_cards_left(table, live_server):
    keeper, bob, _ = player_joins(table, live_server, "roy", ["Ann", "Bob", "Cy"], "Bob", tag="roy en")
    expect(bob.page.locator(".hand-now .now-round")).to_contain_text("Hand 1")
    keeper.page.goto(keeper.game_url + "/round")
    bob.page.fill("fieldset.hand input.count", "4")
    bob.send()
    expect(bob.page.locator(".sent-note")).to_contain_text("Sent: 4 cards left")
    expect(keeper.page.locator("#hand-1 input.count")).to_have_value("4", timeout=2000)
    expect(keeper.page.locator("#hand-1 .arrived")).to_contain_text("4 cards left")
    expect(bob.page.locator("label[for$='-count']")).to_have_text("Cards you still hold")
    check_page(bob.page, "my hand roy en")
    keeper.page.fill("#hand-2 input.count", "2")
    keeper.page.click("input[name=went_out][value='0'] + span")
    submit(keeper.page, "button[name=save]")
    assert api_rounds(live_server, keeper.game_url)[0]["went_out"] == "Ann"
    expect(bob.page.locator(".now-round")).to_contain_text("Hand 2", timeout=5000)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_roy_one_card_left_sent_by_a_name_with_a_vowel(table, live_server, lang):
    """One card left reads "1 card left" ("1 carte en main"), and the scorekeeper's French form
    says "le téléphone d’Anne", never "de Anne" (the scripts' French follows rules/words.py)."""
    keeper, anne, _ = player_joins(table, live_server, "roy", ["Bob", "Anne", "Cy"], "Anne", lang,
                                   tag=f"roy one card {lang}")
    keeper.page.goto(keeper.game_url + "/round")
    anne.page.fill("fieldset.hand input.count", "1")
    anne.send()
    sent, arrived = {"en": ("Sent: 1 card left.", "Sent from Anne's phone at "),
                     "fr": ("Envoyé\u00a0: 1 carte en main.", "Envoyé du téléphone d’Anne à ")}[lang]
    expect(anne.page.locator(".sent-note")).to_contain_text(sent)
    note = keeper.page.locator("#hand-1 .arrived")  # the second seat
    expect(note).to_contain_text(arrived, timeout=2000)
    expect(note).to_contain_text({"en": ": 1 card left.", "fr": "\u00a0: 1 carte en main."}[lang])
    check_page(keeper.page, f"roy one card left arrived {lang}")
    # the scorekeeper ticks Anne as gone out: her phone said otherwise (French names no gender)
    keeper.page.click("input[name=went_out][value='1'] + span")
    expect(keeper.page.locator("#hand-1 .disagree")).to_be_visible()
    expect(keeper.page.locator("#hand-1 .disagree")).to_have_text(
        {"en": "Anne's phone sent 1 card left; this form says Anne went out.",
         "fr": "Le téléphone d’Anne a envoyé 1 carte en main\u00a0; ce formulaire indique la sortie d’Anne."}[lang])
    expect(keeper.page.locator("#hand-1 .if-out")).to_have_text(
        {"en": "Went out: scores the cards left in the other hands.",
         "fr": "Sortie\u00a0: marque les cartes restées dans les autres mains."}[lang])  # no gender guessed
    check_page(keeper.page, f"roy one card left disagreement {lang}")
    check_page(anne.page, f"roy one card left sent {lang}")
