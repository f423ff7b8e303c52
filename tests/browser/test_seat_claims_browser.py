"""A phone claims its seat, in Chromium at 390x844 (docs/api.md, "A phone claims its seat"): the
hand-in link's token leaves the address bar once read and is not kept in localStorage; "Who are
you?" claims the seat, so a second phone choosing the same name is told the seat is taken; the
scorekeeper frees the seat on the share page, and the second phone can then claim it. English and
French; screenshots for people in test-artifacts/screenshots/."""
from __future__ import annotations


import pytest
from playwright.sync_api import expect

from support.browser_support import PHONES, SCREENSHOTS, capture
from support.browser_support import check_page, start_game, submit
from support.hands import hand_in_link, player_joins, table  # noqa: F401  (the phones at the table)

pytestmark = pytest.mark.browser
SHOTS = SCREENSHOTS


def shot(page, name):
    if SHOTS.parent.exists():
        SHOTS.mkdir(parents=True, exist_ok=True)
        capture(page, str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_phone_claims_its_seat_and_the_scorekeeper_frees_it(table, live_server, lang):
    keeper = table("Ann", lang)
    keeper.game_url = start_game(keeper.page, live_server, "joybells", ["Ann", "Bob", "Cy"])
    link = hand_in_link(keeper, lang)
    token = link.split("#token=", 1)[1]

    bob = table("Bob", lang)
    bob.page.goto(link)
    expect(bob.page.locator(".who-are-you")).to_be_visible()
    assert "#" not in bob.page.url and token not in bob.page.url  # out of the address bar (and history)
    shot(bob.page, f"hand-who-are-you-{lang}")
    bob.pick_name()
    expect(bob.page.locator("form.hand-form legend .who")).to_have_text("Bob")
    kept = bob.page.evaluate("() => JSON.stringify(Object.assign({}, localStorage))")
    bob.page.wait_for_function("() => (localStorage.getItem(Object.keys(localStorage).find(k => k.startsWith('scorekeeper.hand.'))) || '').includes('seat')")
    kept = bob.page.evaluate("() => JSON.stringify(Object.assign({}, localStorage))")
    assert token not in kept and '"seat"' in kept.replace('\\"', '"')
    check_page(bob.page, f"my hand claimed {lang}")
    shot(bob.page, f"hand-claimed-{lang}")

    # A second phone that says it is Bob is told the seat is taken, and asked again.
    other = table("Bob", lang)
    other.page.goto(link)
    other.pick_name()
    problem = other.page.locator(".hand-problem")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("Bob")
    expect(problem).to_contain_text("autre téléphone" if lang == "fr" else "another phone")
    expect(other.page.locator(".who-are-you")).to_be_visible()
    check_page(other.page, f"my hand seat taken {lang}")
    shot(other.page, f"hand-seat-taken-{lang}")

    # The scorekeeper frees it on the share page.
    keeper.page.goto(keeper.game_url + "/share")
    seats = keeper.page.locator("ul.seat-claims li")
    expect(seats).to_have_count(1)
    expect(seats).to_contain_text("Bob")
    seats.locator("button").scroll_into_view_if_needed()
    shot(keeper.page, f"share-free-seat-{lang}")
    check_page(keeper.page, f"share free seat {lang}")
    submit(keeper.page, "ul.seat-claims button")
    expect(keeper.page.locator("ul.seat-claims")).to_have_count(0)
    expect(keeper.page.locator(".flash, .flashes, [role=status]").first).to_contain_text("Bob")
    shot(keeper.page, f"share-seat-freed-{lang}")

    # Now the second phone claims it (the link is still in its tab) and sends.
    other.pick_name()
    expect(other.page.locator("form.hand-form legend .who")).to_have_text("Bob")
    other.by_value([(10, 1)])
    other.send()
    expect(other.page.locator(".sent-note")).to_contain_text("10")


def test_a_phone_in_english_that_chose_french_is_told_in_french(table, browser, live_server):
    """The phone's browser asks for English (its locale; no header forced on every request); its
    reader chose French on the language switch. The seat taken is said in the page's language: the
    API's answer was asked for in it."""
    keeper, bob, link = player_joins(table, live_server, "joybells", ["Ann", "Bob", "Cy"], "Bob", "en")
    expect(bob.page.locator("form.hand-form legend .who")).to_have_text("Bob")
    context = browser.new_context(viewport=PHONES["390x844"], locale="en-GB", service_workers="block")
    try:
        other = context.new_page()
        other.goto(live_server + "/language/fr?next=/")
        other.goto(link)
        assert other.locator("html").get_attribute("lang") == "fr"
        other.click(".who-buttons button[value='Bob']")
        problem = other.locator(".hand-problem")
        expect(problem).to_be_visible()
        expect(problem).to_contain_text("autre téléphone")
    finally:
        context.close()


def phone_on_a_slow_network(table, live_server, name):
    """A Joybells game of Ann, Bob and Cy kept by Ann, and a phone (the player ``name``) on its
    hand-in link whose seat claims are held on their way to the server (as on a slow network)
    until the test lets them through: the list of claims held is returned with the phones."""
    keeper = table("Ann")
    keeper.game_url = start_game(keeper.page, live_server, "joybells", ["Ann", "Bob", "Cy"])
    link = hand_in_link(keeper, "en")
    phone = table(name)
    held = []
    phone.page.route("**/seats/*/claim", lambda route: held.append(route))
    phone.page.goto(link)
    return keeper, phone, held


def test_send_tapped_while_the_seat_is_being_claimed_waits_for_that_claim(table, live_server):
    """On a slow network the player taps their name and then Send before the claim has come back:
    the phone waits for its one claim instead of claiming again (a second claim would be refused
    as "another phone", this one, and the hand not sent). The claim is held on its way to the
    server until Send has been tapped."""
    keeper, bob, held = phone_on_a_slow_network(table, live_server, "Bob")
    bob.pick_name()
    expect(bob.page.locator("form.hand-form legend .who")).to_have_text("Bob")
    bob.by_value([(10, 1)])
    bob.send()
    expect(bob.page.locator(".sent-note")).to_contain_text("Sending")
    bob.page.wait_for_timeout(300)  # (time for a second claim to be asked, were it asked)
    assert len(held) == 1, [route.request.url for route in held]
    held[0].continue_()
    expect(bob.page.locator(".sent-note")).to_contain_text("10")
    expect(bob.page.locator(".hand-problem")).to_be_hidden()


def test_not_you_tapped_while_the_seat_is_being_claimed_gives_the_seat_back(table, live_server):
    """The player taps a name by mistake and "Not you?" before the claim has come back: the seat
    the claim got is given back when it arrives, so the scorekeeper has nothing to free and the
    right phone can claim it."""
    keeper, phone, held = phone_on_a_slow_network(table, live_server, "Cy")
    phone.tap(".who-buttons button[value='Bob']")
    phone.tap("button.not-me")
    expect(phone.page.locator(".who-are-you")).to_be_visible()
    phone.page.unroute("**/seats/*/claim")
    with phone.page.expect_request(lambda request: request.method == "DELETE" and "/seats/Bob/claim" in request.url) as given:
        held[0].continue_()
    assert given.value.response().status == 204

    keeper.page.goto(keeper.game_url + "/share")
    expect(keeper.page.locator("ul.seat-claims")).to_have_count(0)
    phone.pick_name()
    expect(phone.page.locator("form.hand-form legend .who")).to_have_text("Cy")
    phone.by_value([(5, 1)])
    phone.send()
    expect(phone.page.locator(".sent-note")).to_contain_text("5")
