"""House variant pages through the test client, on the run's real database: the form (new,
check, errors named at their input, save, edit with the token only), the rules page with the
differences marked, share/QR/TOML/import, every tool, the comparison, the blank and filled
scoresheets (real PDFs, text extracted) and a game started from the page."""
from __future__ import annotations

import html
import re

import pytest

from support.pdfcheck import pdf_text
from support.house import JOYBELLS_SMITH, form_data  # noqa: F401


def alerts(response) -> list[str]:
    return [html.unescape(re.sub(r"<[^>]+>", "", a)).strip() for a in
            re.findall(r'class="field-error" role="alert">(.*?)</p>', response.get_data(as_text=True))]


def save(client, base="joybells", **changes):
    r = client.post(f"/rules/{base}/house", data={**form_data(base, **changes), "save": "1"})
    assert r.status_code == 302, alerts(r)
    return r.headers["Location"].rsplit("/", 1)[1]


def test_builtin_rules_page_offers_a_house_version(client):
    text = client.get("/rules/joybells").get_data(as_text=True)
    assert 'href="/rules/joybells/house"' in text
    # ROY has house versions too (a family plays to 50, or deals 5): tests/pages/test_roy_house.py
    assert 'href="/rules/roy/house"' in client.get("/rules/roy").get_data(as_text=True)
    assert client.get("/rules/roy/house").status_code == 200


def test_the_form_holds_every_rule_of_the_variant(client):
    text = client.get("/rules/continental/house").get_data(as_text=True)
    for name in ("players.min", "players.max", "decks", "jokers_per_deck", "cards_dealt", "rounds-1-sets",
                 "rounds-7-runs", "contract_kind", "melds.set_min", "melds.run_min", "melds.run_max", "melds.aces",
                 "wild_cards", "melds.wilds_may_not_outnumber_naturals", "melds.all_wild_set", "melds.same_suit_runs",
                 "last_round.no_discard", "last_round.all_cards_in_contract", "card_points.A", "card_points.JK",
                 "scoring.round_win_bonus", "scoring.missing_card_penalty", "may_i.allowed",
                 "may_i.penalty_cards_per_discard", "may_i.multiple_discards", "may_i.none_in_last_rounds",
                 "may_i.discard_pile_dead", "may_i.no_lay_down_until_next_turn", "stock_exhausted"):
        assert f'name="{name}"' in text, name
    assert 'value="4:2 6:3 8:4"' in text and 'value="JK AH AD"' in text
    assert "changed ·" not in text  # nothing differs yet


def test_check_shows_the_differences_and_marks_the_inputs(app, client):
    r = client.post("/rules/joybells/house", data={**form_data(**JOYBELLS_SMITH), "check": "1"})
    text = r.get_data(as_text=True)
    assert r.status_code == 200
    assert "These rules can be played. Changed from Joybells: round 7 is 1 set + 2 runs, jokers 50." in text
    assert "changed · Joybells: 3 runs" in text and "was 20" in text
    with app.app_context():
        from scorekeeper.models import HouseVariant
        from scorekeeper.db import db
        assert db.session.query(HouseVariant).count() == 0  # checked, not saved


@pytest.mark.parametrize("changes, where, words", [
    ({"melds.run_max": "3"}, "Longest run", "longer than the longest run (3)"),
    ({"rounds-2-sets": "0", "rounds-2-runs": "4"}, "Round 2", "needs 16 cards"),
    ({"rounds-3-sets": "0", "rounds-3-runs": "0"}, "Round 3", "round 4 has one"),
    ({"cards_dealt": "lots"}, "Cards dealt to each player", '"lots" is not a whole number'),
    ({"card_points.K": "-3"}, "King points", "out of range"),
    ({"players.max": "8", "cards_dealt": "14"}, "Most players", "8 players: 2 decks hold 108 cards"),
    ({"wild_cards": "JK 2 ZZ"}, "Wild cards", "'ZZ' is not a card"),
    ({"decks": "4:2 x"}, "Decks", "'x' is not 'players:decks'"),
    ({"name": ""}, "Name", "1 to 60 characters"),
])
def test_errors_name_the_input_and_save_nothing(app, client, changes, where, words):
    r = client.post("/rules/joybells/house", data={**form_data(**changes), "save": "1"})
    assert r.status_code == 400
    found = alerts(r)
    assert any(a.startswith(where + ":") and words in a for a in found), found
    assert 'href="#f-' in r.get_data(as_text=True)  # the summary links to the input
    with app.app_context():
        from scorekeeper.models import HouseVariant
        from scorekeeper.db import db
        assert db.session.query(HouseVariant).count() == 0


def test_continental_without_wilds_names_the_wild_limit(client):
    r = client.post("/rules/continental/house", data={**form_data("continental", wild_cards=""), "save": "1"})
    assert r.status_code == 400 and any(a.startswith("Wild cards:") and "needs wild cards" in a for a in alerts(r))


def test_saved_rules_page_marks_the_changed_sections(client):
    hid = save(client, **JOYBELLS_SMITH)
    text = client.get(f"/rules/{hid}").get_data(as_text=True)
    assert "changed from Joybells: round 7 is 1 set + 2 runs, jokers 50" in text and "version 1" in text
    marked = re.findall(r'<section id="([a-z-]+)" class="rule changed-section">', text)
    assert marked == ["contracts", "last-round", "scoring"]  # round 7's contract is also the last round's
    assert "Changed from Joybells:</strong> round 7 is 1 set + 2 runs." in text
    assert "house rule, section “Smith rules”" in text  # the changed rules cite the house
    assert f'href="/rules/{hid}/edit"' in text and f'href="/games/new?variant={hid}"' in text


def test_edit_needs_the_token_and_keeps_old_games(app, client):
    hid = save(client, **JOYBELLS_SMITH)
    other = app.test_client()
    assert other.get(f"/rules/{hid}/edit").status_code == 403
    assert "/edit" not in other.get(f"/rules/{hid}").get_data(as_text=True).split("house-box")[1].split("</div>")[0]
    share = client.get(f"/rules/{hid}/share").get_data(as_text=True)
    link = re.search(r'href="(http://localhost/rules/[^"]+/edit\?token=[^"]+)"', share).group(1)
    assert other.get(link.replace("http://localhost", "") + "x").status_code == 403
    assert other.get(link.replace("http://localhost", "")).status_code == 302
    assert other.get(f"/rules/{hid}/edit").status_code == 200
    r = client.post("/games/new", data={"variant": hid, "players-0": "Ann", "players-1": "Bob", "players-2": "Cy",
                                        "dealer": "0"})
    old_game = r.headers["Location"].rsplit("/", 1)[1]
    r = other.post(f"/rules/{hid}/edit", data={**form_data(**{**JOYBELLS_SMITH, "card_points.JK": "5"}),
                                               "version": "1", "save": "1"})
    assert r.status_code == 302
    assert "version 2" in other.get(f"/rules/{hid}").get_data(as_text=True)
    stale = other.post(f"/rules/{hid}/edit", data={**form_data(), "version": "1", "save": "1"})
    assert stale.status_code == 400 and "changed since it was opened" in stale.get_data(as_text=True)
    old = client.get(f"/api/v1/games/{old_game}").get_json()
    assert old["rules"]["card_points"]["JK"] == 50 and old["house_version"] == 1
    game_page = client.get(f"/games/{old_game}").get_data(as_text=True)
    assert "House rules: Smith rules, version 1, changed from Joybells: round 7 is 1 set + 2 runs, jokers 50." in game_page


def test_share_qr_and_toml(client):
    hid = save(client, **JOYBELLS_SMITH)
    share = client.get(f"/rules/{hid}/share").get_data(as_text=True)
    assert f'src="/rules/{hid}/qr.svg"' in share and f"http://localhost/rules/{hid}" in share
    qr = client.get(f"/rules/{hid}/qr.svg")
    assert qr.mimetype == "image/svg+xml" and qr.get_data(as_text=True).count("<path") >= 1
    toml = client.get(f"/rules/{hid}/rules.toml")
    assert toml.mimetype == "application/toml" and 'based_on = "joybells"' in toml.get_data(as_text=True)
    assert toml.get_data() == client.get(f"/api/v1/variants/{hid}/rules.toml").get_data()
    example = client.get("/rules/hoyle-six-hands/rules.toml").get_data(as_text=True)
    assert 'based_on = "continental"' in example
    assert client.get("/rules/joybells/share").status_code == 404


def test_import_page(app, client):
    hid = save(client, **JOYBELLS_SMITH)
    text = client.get(f"/rules/{hid}/rules.toml").get_data(as_text=True)
    fresh = app.test_client()
    r = fresh.post("/rules/import", data={"text": text, "name": "Cousins"})
    assert r.status_code == 302
    new_id = r.headers["Location"].rsplit("/", 1)[1]
    assert new_id != hid and "Cousins" in fresh.get(f"/rules/{new_id}").get_data(as_text=True)
    assert fresh.get(f"/rules/{new_id}/edit").status_code == 200  # the importer may change it
    from io import BytesIO
    r = fresh.post("/rules/import", data={"file": (BytesIO(text.encode()), "smith.toml")},
                   content_type="multipart/form-data")
    assert r.status_code == 302
    bad = fresh.post("/rules/import", data={"text": text.replace("run_max = 13", "run_max = 3")})
    assert bad.status_code == 400 and "melds.run_max" in bad.get_data(as_text=True)
    bad = fresh.post("/rules/import", data={"file": (BytesIO(b"\xff\xfe"), "x.toml")},
                     content_type="multipart/form-data")
    assert bad.status_code == 400 and "not a text file" in bad.get_data(as_text=True)
    assert fresh.post("/rules/import", data={"text": ""}).status_code == 400


def test_tools_and_comparison_take_a_house_variant(client):
    hid = save(client, **{**JOYBELLS_SMITH, "melds.set_min": "3"})
    meld = client.post("/tools/meld", data={"variant": hid, "meld1": "5S 5H 5D"})
    assert meld.status_code == 200 and f'value="{hid}" selected' in meld.get_data(as_text=True)
    assert '<span class="verdict-tag">Legal</span>' in meld.get_data(as_text=True)  # sets of three here
    joybells = client.post("/tools/meld", data={"variant": "joybells", "meld1": "5S 5H 5D"})
    assert '<span class="verdict-tag">Not legal</span>' in joybells.get_data(as_text=True)
    may_i = client.post("/tools/may-i", data={"variant": hid, "players": "4", "discarder": "1", "claimants": ["3"],
                                              "round": "2", "cards": "1", "check": "1"})
    assert may_i.status_code == 200 and f'value="{hid}" selected' in may_i.get_data(as_text=True)
    hand = client.post(f"/tools/hand?variant={hid}", data={"codes": "JK KD"})
    assert hand.status_code == 200 and "Smith rules" in hand.get_data(as_text=True)
    assert ">60<" in hand.get_data(as_text=True).replace(" ", "")
    decks = client.post(f"/tools/decks?variant={hid}", data={"players": "5"})
    assert decks.status_code == 200 and "Smith rules" in decks.get_data(as_text=True)
    irr = client.get(f"/tools/irregularities?variant={hid}")
    assert irr.status_code == 200 and f'value="{hid}" selected' in irr.get_data(as_text=True)
    cmp = client.get(f"/rules/compare?v=joybells&v={hid}&diff=1").get_data(as_text=True)
    assert "Smith rules" in cmp and "50" in cmp


def test_blank_and_filled_scoresheets(client):
    hid = save(client, **JOYBELLS_SMITH)
    blank = client.get(f"/variants/{hid}/scoresheet.pdf?players=Ann,Bob,Cy")
    assert blank.mimetype == "application/pdf"
    pages, text = pdf_text(blank.data)
    assert "Smith rules" in text and "1 set + 2 runs" in text
    created = client.post("/api/v1/games", json={"variant": hid, "players": ["Ann", "Bob", "Cy"]}).get_json()
    client.post(f"/api/v1/games/{created['id']}/rounds", headers={"Authorization": f"Bearer {created['edit_token']}"},
                json={"round": 1, "went_out": "Ann", "hands": {"Bob": {"cards": ["JK"]}, "Cy": {"points": 7}}})
    filled = client.get(f"/games/{created['id']}/scoresheet.pdf")
    pages, text = pdf_text(filled.data)
    assert "Smith rules" in text and "version 1" in text and "50" in text


def test_examples_on_the_rules_index(client):
    text = client.get("/rules").get_data(as_text=True)
    for vid in ("hoyle-six-hands", "continental-twos-wild", "clenney-three-decks"):
        assert f'href="/rules/{vid}"' in text
    assert 'href="/rules/import"' in text
    hoyle = client.get("/rules/hoyle-six-hands").get_data(as_text=True)
    assert "a ready example" in hoyle and "6 rounds" in hoyle
    assert "scorekeeper assumes the 4th hand is 3 sets" in hoyle  # the gap in the source, said on the page
    form = client.get("/rules/hoyle-six-hands/house").get_data(as_text=True)
    assert 'name="rounds-6-runs" value="3"' in form and "changed · Continental: 1 set + 2 runs" in form


def test_round_form_uses_the_house_card_values(client):
    hid = save(client, **JOYBELLS_SMITH)
    r = client.post("/games/new", data={"variant": hid, "players-0": "Ann", "players-1": "Bob", "players-2": "Cy",
                                        "dealer": "0"})
    game_id = r.headers["Location"].rsplit("/", 1)[1]
    text = client.get(f"/games/{game_id}/round").get_data(as_text=True)
    rows = re.findall(r'<label>(\d+)(?: <small>([^<]*)</small>)?<input name="hands-0-v\1"', text)
    assert rows[0] == ("50", "Joker") and ("20", "2") in rows


def test_new_game_form_offers_this_browsers_house_variants(app, client):
    hid = save(client, **JOYBELLS_SMITH)
    text = client.get("/games/new").get_data(as_text=True)
    assert f'<option value="{hid}">Smith rules (house rules) · 3–6 players</option>' in text
    assert hid not in app.test_client().get("/games/new").get_data(as_text=True)


def test_a_kept_blank_sheet_is_not_served_after_an_edit(app, client):
    from flask import request

    from scorekeeper.db import db
    from scorekeeper.models import ScoresheetPdf
    from scorekeeper.scoresheets import blank_key
    from scorekeeper.scoresheets.sheets import parse_blank_query
    from scorekeeper.services import house

    rules = {"rounds": [{"contract": {"sets": 2, "runs": 0}}] * 7}
    made = client.post("/api/v1/variants", json={"based_on": "joybells", "name": "Smith rules", "changes": rules})
    hid, token = made.get_json()["id"], made.get_json()["edit_token"]
    url = f"/variants/{hid}/scoresheet.pdf?players=Ann,Bob,Cy"

    def key_now() -> str:
        with app.test_request_context(url):
            variant = house.find_variant(hid)
            return blank_key(variant, parse_blank_query(variant, request.args))

    before = key_now()
    first = client.get(url).data
    assert "Smith rules" in pdf_text(first)[1] and client.get(url).data == first  # kept: the same bytes again
    changed = client.put(f"/api/v1/variants/{hid}", headers={"Authorization": f"Bearer {token}"},
                         json={"name": "Jones rules", "changes": rules})
    assert changed.status_code == 200 and changed.get_json()["version"] == 2
    second = pdf_text(client.get(url).data)[1]
    assert "Jones rules" in second and "Smith rules" not in second
    after = key_now()
    assert after != before
    with app.app_context():
        assert db.session.get(ScoresheetPdf, before) is not None and db.session.get(ScoresheetPdf, after) is not None


def test_new_game_link_of_a_house_rules_page_chooses_it(client):
    hid = save(client, **JOYBELLS_SMITH)
    text = client.get(f"/games/new?variant={hid}").get_data(as_text=True)
    assert f'<option selected value="{hid}">' in text or f'<option value="{hid}" selected>' in text
    assert 'value="joybells" selected' not in text


FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
EN = {"Accept-Language": "en"}


def shown_inputs(response) -> dict[str, str]:
    """What a browser sends for a house form as the page fills it in: its inputs (boxes ticked
    only) and its choices, by name."""
    text = response.get_data(as_text=True)
    sent = {}
    for tag in re.findall(r"<input [^>]*>", text):
        attributes = dict(re.findall(r'([\w-]+)="([^"]*)"', tag))
        if "name" in attributes and attributes.get("type") != "submit" and (
                attributes.get("type") != "checkbox" or " checked" in tag):
            sent[attributes["name"]] = html.unescape(attributes.get("value", ""))
    for name, options in re.findall(r'<select [^>]*name="([^"]+)"[^>]*>(.*?)</select>', text, re.S):
        sent[name] = re.search(r'<option value="([^"]*)" selected', options).group(1)
    return sent


def saved_wild_cards(client, house_id) -> list[str]:
    return client.get(f"/api/v1/variants/{house_id}").get_json()["wild_cards"]


@pytest.mark.parametrize("headers, shown, hint", [
    (EN, "JK AH AD", "or one card (AH). Empty: no wilds."),
    (FR, "JK AC AK", "ou une seule carte (AC). Vide : pas de jokers."),
])
def test_the_wild_cards_box_shows_the_pages_letters(client, headers, shown, hint):
    # Continental's wilds are the jokers, the ace of hearts and the ace of diamonds.
    r = client.get("/rules/continental/house", headers=headers)
    assert shown_inputs(r)["wild_cards"] == shown
    assert hint in html.unescape(r.get_data(as_text=True)).replace("\xa0", " ")


@pytest.mark.parametrize("headers, typed, stored", [
    (FR, "JK AC 2", ["JK", "AH", "2"]),    # AC: the ace of hearts (as de cœur) on a French page
    (FR, "at, R♦ jo", ["AC", "KD", "JK"]),  # the ace of clubs (as de trèfle), a suit symbol, Jo
    (EN, "JK AC 2", ["JK", "AC", "2"]),     # AC: the ace of clubs on an English page
])
def test_the_wild_cards_box_reads_the_pages_letters(client, headers, typed, stored):
    r = client.get("/rules/continental/house", headers=headers)
    data = {**shown_inputs(r), "wild_cards": typed, "name": "Ours", "save": "1"}
    r = client.post("/rules/continental/house", data=data, headers=headers)
    assert r.status_code == 302, alerts(r)
    assert saved_wild_cards(client, r.headers["Location"].rsplit("/", 1)[1]) == stored


@pytest.mark.parametrize("headers", [EN, FR])
def test_the_wild_cards_box_saved_as_shown_keeps_the_wilds(client, headers):
    r = client.get("/rules/continental/house", headers=headers)
    r = client.post("/rules/continental/house", data={**shown_inputs(r), "save": "1"}, headers=headers)
    assert r.status_code == 302, alerts(r)
    house_id = r.headers["Location"].rsplit("/", 1)[1]
    assert saved_wild_cards(client, house_id) == ["JK", "AH", "AD"]
    edit = client.get(f"/rules/{house_id}/edit", headers=headers)
    assert shown_inputs(edit)["wild_cards"] == shown_inputs(client.get("/rules/continental/house",
                                                                       headers=headers))["wild_cards"]


@pytest.mark.parametrize("headers, typed, said", [
    (FR, "JK AH", "Jokers : 'AH' n’est pas une carte (rang A, 2-10, V, D, R et couleur P, C, K, T"),
    (FR, "ZZ", "Jokers : 'ZZ' n’est pas une carte (rang A, 2-10, V, D, R"),
    (EN, "JK ZZ", "Wild cards: 'ZZ' is not a card (rank A, 2-10, J, Q, K and suit S, H, D, C"),
])
def test_a_wild_card_that_is_no_card_is_named_in_the_pages_words(app, client, headers, typed, said):
    r = client.get("/rules/continental/house", headers=headers)
    r = client.post("/rules/continental/house", data={**shown_inputs(r), "wild_cards": typed, "save": "1"},
                    headers=headers)
    assert r.status_code == 400
    assert any(a.replace("\xa0", " ").startswith(said) for a in alerts(r)), alerts(r)
    with app.app_context():
        from scorekeeper.models import HouseVariant
        from scorekeeper.db import db
        assert db.session.query(HouseVariant).count() == 0
