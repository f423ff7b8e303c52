"""The API's refusals and the PDF scoresheets in French (``Accept-Language: fr``): the same JSON
shape, status and field names as in English with the sentence in French; the blank and filled sheets
of every variant written in French, laid out without overflow; French and English kept PDFs never
mixed. Without the header everything stays English."""
from __future__ import annotations

import re

import pytest

from support.pdfcheck import assert_printed_page, pdf_text, render_pngs
from support.scoresheet_games import NAMES8, create, full_continental_8, post_round, short_game
from scorekeeper.rules.variants import all_variants, get_variant

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
VARIANTS = [v.id for v in all_variants()]


def auth(game: dict) -> dict:
    return {"Authorization": f"Bearer {game['edit_token']}"}


def both(client, method: str, url: str, **kwargs):
    """The same request in English and in French: (english, french) answers."""
    call = getattr(client, method)
    headers = kwargs.pop("headers", {})
    return call(url, headers=headers, **kwargs), call(url, headers={**headers, **FR}, **kwargs)


def assert_same_refusal(english, french, status: int, field: str | None = None) -> tuple[str, str]:
    """Same status and same JSON keys and values apart from the sentence; returns both sentences."""
    assert english.status_code == french.status_code == status, (english.get_json(), french.get_json())
    en, fr = english.get_json(), french.get_json()
    assert set(en) == set(fr) and "error" in en
    assert {k: v for k, v in en.items() if k != "error"} == {k: v for k, v in fr.items() if k != "error"}
    if field is not None:
        assert en.get("field") == field
    assert en["error"] != fr["error"]
    return en["error"], fr["error"]


# ----- the API's refusals -------------------------------------------------------------------------

def test_a_new_game_with_too_few_players_is_refused_in_french(client):
    en, fr = assert_same_refusal(*both(client, "post", "/api/v1/games",
                                       json={"variant": "le-may-i", "players": ["Ann"]}), 400, "players")
    assert en == "players: 1 players is out of range: Le May I is for 3 to 5 players"
    assert fr == "players : 1 joueurs, c’est hors limites : Le May I se joue de 3 à 5 joueurs"


def test_a_seat_named_twice_is_refused_in_french(client):
    en, fr = assert_same_refusal(*both(client, "post", "/api/v1/games",
                                       json={"variant": "joybells", "players": ["Ann", "Bob", "ann"]}), 400)
    assert en == "players[2]: 'ann' is seated twice (seats 1 and 3); names must differ"
    assert fr == "players[2] : 'ann' est assis deux fois (places 1 et 3) ; les noms doivent être différents"


@pytest.fixture
def game(client) -> dict:
    return create(client, "continental", ["Ann", "Bob", "Cleo", "Dan"])


def test_a_bad_card_in_a_hand_is_named_in_french(client, game):
    body = {"went_out": "Ann", "hands": {"Bob": {"cards": ["KD", "QX"]}, "Cleo": {"points": 5}, "Dan": {"points": 5}}}
    en, fr = assert_same_refusal(*both(client, "post", f"/api/v1/games/{game['id']}/rounds", json=body,
                                       headers=auth(game)), 400, "hands.Bob.cards[1]")
    assert en == "hands.Bob.cards[1]: 'QX' is not a card (rank A, 2-10, J, Q, K and suit S, H, D, C, or JK)"
    assert fr.startswith("hands.Bob.cards[1] : 'QX' n’est pas une carte (rang A, 2-10, J, Q, K et couleur S (pique)")
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["rounds"] == []  # nothing was stored


@pytest.mark.parametrize("hand,field,french", [
    ({"points": -5}, "hands.Bob.points", "-5 n’est pas un nombre de points : ce nombre ne peut pas être négatif"),
    ({"points": 5, "cards": ["KD"]}, "hands.Bob",
     "une main demande exactement un seul de cards, values, points, missing ou card_count (reçu : cards et points)"),
    ({"card_count": 3}, "hands.Bob.card_count",
     "card_count est pour ROY ; pour Continental, donnez les cartes restantes, leurs valeurs, les points, ou missing"),
    ({"values": {"7": 2}}, "hands.Bob.values.7", "'7' n’est pas une valeur de carte dans Continental"),
    ({"colour": "red"}, "hands.Bob.colour", "'colour' ne fait pas partie d’une main"),
])
def test_bad_hands_name_the_field_and_value_in_french(client, game, hand, field, french):
    body = {"went_out": "Ann", "hands": {"Bob": hand, "Cleo": {"points": 5}, "Dan": {"points": 5}}}
    en, fr = assert_same_refusal(*both(client, "post", f"/api/v1/games/{game['id']}/rounds", json=body,
                                       headers=auth(game)), 400, field)
    assert fr.startswith(f"{field} : {french}"), fr


def test_round_errors_from_the_service_in_french(client, game):
    body = {"went_out": "Zed", "hands": {}}
    en, fr = assert_same_refusal(*both(client, "post", f"/api/v1/games/{game['id']}/rounds", json=body,
                                       headers=auth(game)), 400, "went_out")
    assert en == "went_out: 'Zed' is not a player in this game (players: Ann, Bob, Cleo, Dan)"
    assert fr == "went_out : 'Zed' ne joue pas dans cette partie (joueurs : Ann, Bob, Cleo, Dan)"
    en, fr = assert_same_refusal(*both(client, "post", f"/api/v1/games/{game['id']}/rounds",
                                       json={"round": 3, "went_out": "Ann"}, headers=auth(game)), 409, "round")
    assert fr == "la manche 3 ne peut pas être enregistrée avant la manche 1"
    en, fr = assert_same_refusal(*both(client, "post", f"/api/v1/games/{game['id']}/rounds", data="{nope",
                                       headers={**auth(game), "Content-Type": "application/json"}), 400, "body")
    assert fr.startswith("le corps de la requête n’est pas du JSON valide")
    en, fr = assert_same_refusal(*both(client, "post", f"/api/v1/games/{game['id']}/rounds", json=body), 401,
                                 "Authorization")
    assert fr == "cette modification demande le jeton d’édition de la partie (Authorization: Bearer <edit_token>)"
    en, fr = assert_same_refusal(*both(client, "get", "/api/v1/games/nope"), 404)
    assert (en, fr) == ("There is no game 'nope': check the address.", "Il n’y a pas de partie 'nope' : vérifiez l’adresse.")


def test_a_correction_without_a_reason_and_a_second_withdrawal_in_french(client, game):
    post_round(client, game, {"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cleo": {"points": 5},
                                                           "Dan": {"points": 5}}})
    body = {"went_out": "Bob", "hands": {"Ann": {"points": 5}, "Cleo": {"points": 5}, "Dan": {"points": 5}}}
    en, fr = assert_same_refusal(*both(client, "put", f"/api/v1/games/{game['id']}/rounds/1", json=body,
                                       headers=auth(game)), 400, "reason")
    assert fr.startswith("reason : None n’est pas une raison ; dites pourquoi la manche est corrigée")
    english = client.post(f"/api/v1/games/{game['id']}/withdraw", json={"player": "Dan"}, headers=auth(game))
    assert english.status_code == 200
    en, fr = assert_same_refusal(*both(client, "post", f"/api/v1/games/{game['id']}/withdraw",
                                       json={"player": "Dan"}, headers=auth(game)), 409, "player")
    assert (en, fr) == ("Dan already withdrew after round 1", "Dan a déjà abandonné après la manche 1")


def test_table_and_house_variant_refusals_in_french(client):
    en, fr = assert_same_refusal(*both(client, "post", "/api/v1/games",
                                       json={"variant": "joybells", "players": ["Ann", "Bob", "Cy"], "table": 7}),
                                 400, "table")
    assert (en, fr) == ("table: 7 is not a table id", "table : 7 n’est pas un identifiant de table")
    en, fr = assert_same_refusal(*both(client, "post", "/api/v1/variants", json={"based_on": "joybells"}), 400, "name")
    assert fr == "name : manquant (le nom que la famille donne à ses règles)"
    en, fr = assert_same_refusal(*both(client, "post", "/api/v1/variants",
                                       json={"based_on": "joybells", "name": "Ours", "colour": 1}), 400, "colour")
    assert fr == "colour : n’est pas un champ d’une nouvelle variante maison (based_on, name, changes, table)"


@pytest.mark.parametrize("url,body,field,french", [
    ("/api/v1/variants/joybells/hand-score", {"cards": ["QX"]}, "cards[0]", "cards[0] : 'QX' n’est pas une carte"),
    ("/api/v1/variants/joybells/meld-check", {"melds": [["4S", "4D", "4C"]], "hand_cards": 0}, "hand_cards",
     "hand_cards : 0 n’est pas un nombre de cartes dans une main"),
    ("/api/v1/variants/roy/play-check", {"top": "5H", "cards": [], "pending_draw": 3}, "pending_draw",
     "pending_draw : 3 ne peut pas être en attente : chaque as fait piocher 2 cartes au joueur suivant"),
    ("/api/v1/variants/roy/play-check", {"top": "5H", "cards": ["JH"]}, "announce",
     "announce : un JH joué seul change la couleur : dites laquelle avec announce (S, H, D ou C)"),
    ("/api/v1/variants/roy/play-check", {"top": "5H", "cards": ["5H"]}, "cards[0]",
     "cards[0] : '5H' est la carte du dessus : ROY se joue avec un seul jeu de cartes"),
])
def test_the_rules_refusals_through_the_api_in_french(client, url, body, field, french):
    english, frenchanswer = both(client, "post", url, json=body)
    assert english.status_code == frenchanswer.status_code and english.status_code in (400, 422)
    en, fr = english.get_json(), frenchanswer.get_json()
    assert set(en) == set(fr) and en.get("field") == fr.get("field") == field
    assert fr["error"].startswith(french), fr["error"]
    assert en["error"] != fr["error"]


def test_without_the_header_the_refusals_stay_english(client):
    r = client.post("/api/v1/variants/joybells/hand-score", json={"cards": ["QX"]})
    assert r.get_json()["error"] == "cards[0]: 'QX' is not a card (rank A, 2-10, J, Q, K and suit S, H, D, C, or JK)"
    r = client.post("/api/v1/variants/joybells/hand-score", json={"cards": ["QX"]},
                    headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert "is not a card" in r.get_json()["error"]


# ----- the PDF scoresheets ------------------------------------------------------------------------

#: Sentences only the French sheets say, for each kind of sheet.
BLANK_FRENCH = ["Feuille de marque", "Les règles en bref", "Total final", "LIEU"]
FILLED_FRENCH = ["Feuille de marque · partie terminée", "Classement : 1.", "Total final", "Notes"]


def _words(text: str) -> list[str]:
    return re.findall(r"[A-Za-zÀ-ÿœ'’]+", text)


#: What a French sheet shares with the English one and may: the names of the variants and players,
#: "May I", card codes, and words spelled alike in both languages.
SHARED = {"Le", "May", "I", "Joybells", "Continental", "Clenney", "ROY", "Ann", "Bob", "Cleo", "Dmitri",
          "Evangeline", "Fred", "Gus", "Hattie", "points", "total", "Notes", "Date", "A", "J", "Q", "K", "UTC",
          "portrait", "page", "Joker"}

#: A rule's source as the legend cites it: the source's own name for its section stays as the source
#: titles it (the sources are English texts, bar Le May I's), so a reader can find it there.
CITATION = re.compile(r"\((?:rulings|nos décisions|house rule|règle maison|Joybells rules|règles Joybells|"
                      r"Continental article|article Continental|ROY post|message ROY|Le May I rules|"
                      r"règles du May I|Clenney rules|règles Clenney)[^()]*\)")


def english_left(english: str, french: str, run: int = 3) -> list[str]:
    """Runs of ``run`` English words found in the French text, apart from shared names and words and
    the sources' section titles."""
    en_words, fr_text = _words(CITATION.sub(" ", english)), " ".join(_words(CITATION.sub(" ", french)))
    left = []
    for i in range(len(en_words) - run + 1):
        group = en_words[i:i + run]
        if all(w in SHARED or len(w) == 1 for w in group):
            continue
        if re.search(r"(?<![\w'])" + re.escape(" ".join(group)) + r"(?![\w'])", fr_text):
            left.append(" ".join(group))
    return left


def _pdf(client, url: str, headers: dict | None = None) -> bytes:
    r = client.get(url, headers=headers or {})
    assert r.status_code == 200, r.data[:300]
    assert r.mimetype == "application/pdf"
    return r.data


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_the_blank_sheet_of_every_variant_in_french(client, tmp_path, variant_id):
    names = ",".join(NAMES8[:get_variant(variant_id).players.min])
    url = f"/variants/{variant_id}/scoresheet.pdf?players={names}&date=2026-11-24&place=Lyon"
    english, french = _pdf(client, url), _pdf(client, url, FR)
    en_pages, en_text = pdf_text(english)
    fr_pages, fr_text = pdf_text(french)
    assert fr_pages == en_pages == 1
    for sentence in BLANK_FRENCH:
        assert sentence in fr_text, (sentence, fr_text)
    assert "mardi 24 novembre 2026" in fr_text and "Tuesday 24 November 2026" in en_text
    assert "page 1 sur 1" in fr_text and "page 1 of 1" in en_text
    assert "Rules at a glance" in en_text and "Rules at a glance" not in fr_text
    if variant_id == "roy":
        assert "le premier à 100 gagne" in fr_text and "Le joueur suivant pioche 7 et passe son tour." in fr_text
    else:
        assert "le plus petit total gagne" in fr_text and "Valeur des cartes" in fr_text
    if variant_id == "le-may-i":
        assert "1 brelan + 1 séquence" in fr_text and "2 séquences" in fr_text and "Manche 5" in fr_text
        assert "1 set + 1 run" in en_text
    assert english_left(en_text, fr_text) == []
    png = render_pngs(french, tmp_path, f"{variant_id}-blank-fr")[0]
    assert_printed_page(png)


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_the_filled_sheet_of_every_variant_in_french(client, tmp_path, variant_id):
    game = short_game(client, variant_id)
    url = f"/games/{game['id']}/scoresheet.pdf"
    french, english = _pdf(client, url, FR), _pdf(client, url)  # French first: the English is kept apart
    en_pages, en_text = pdf_text(english)
    fr_pages, fr_text = pdf_text(french)
    assert fr_pages == en_pages
    for sentence in FILLED_FRENCH:
        assert sentence in fr_text, (sentence, fr_text)
    assert "Scoresheet · game complete" in en_text and "Final total" in en_text
    assert re.search(r"commencée le \d{1,2} nov\. 2026", fr_text), fr_text
    if get_variant(variant_id).roy is None:
        assert "Manche 1" not in fr_text or "Round 1" not in fr_text
        assert re.search(r"\d+ cartes · \w+ donne", fr_text)
    if variant_id == "le-may-i":  # the rule applied to each round, said in French
        assert "Manche 1, sortie : Bob, qui retire 20 points de son total." in fr_text
        assert "Round 1: Bob went out and takes 20 points off the total." in en_text
    assert english_left(en_text.replace(game["id"], ""), fr_text.replace(game["id"], "")) == []
    for png in render_pngs(french, tmp_path, f"{variant_id}-filled-fr"):
        assert_printed_page(png, min_share=0.01)


def test_a_full_continental_game_in_french_keeps_its_single_page(client, tmp_path):
    game = full_continental_8(client)
    url = f"/games/{game['id']}/scoresheet.pdf"
    english, french = _pdf(client, url), _pdf(client, url, FR)
    en_pages, en_text = pdf_text(english)
    fr_pages, fr_text = pdf_text(french)
    assert en_pages == fr_pages == 1
    for mark in ("sort = sortie", "m = score non noté, règle des deux plus hauts",
                 "i = main incorrecte, 10 par carte manquante", "c = corrigé", "stock = talon épuisé, personne n’est sorti",
                 "±n = ajustement par décision", "parti après la manche 4", "talon épuisé"):
        assert mark in fr_text, (mark, fr_text)
    assert "out = went out" in en_text
    # each reminder of the legend: its name, its source, then a colon French spaces on its line
    assert "Valeur des cartes (article Continental, Scoring)\u00a0: Joker = 50" in fr_text, fr_text
    assert "Card points (Continental article, Scoring): Joker = 50" in en_text, en_text
    assert "Ann Bob Cleo Dmitri Evangeline Fred Gus Hattie" in fr_text  # no name broken by the wider round column
    for note in ("Option maison en vigueur : Les 2 servent aussi de joker",
                 "Manche 2 : aucun score n’a été noté pour Cleo, qui reçoit 55",
                 "Manche 3 : le talon s’est épuisé une deuxième fois",
                 "Manche 4 : il manquait 2 cartes à Evangeline, qui paie 20 (10 par carte manquante)",
                 "Hattie a abandonné après la manche 4 ; son total de 335 est la somme des deux plus hauts totaux",
                 "Manche 6 corrigée (Bob 40 → 20). Motif : Bob's 40 was counted twice",  # (the reason as typed)
                 "Décision notée : Manche 5 : Fred discarded before drawing."):
        assert note in fr_text, (note, fr_text)
    for note in ("Round 2: no score was posted for Cleo, who gets 55", "Round 6 corrected (Bob 40 → 20)."):
        assert note in en_text
    png = render_pngs(french, tmp_path, "continental8-fr", dpi=60)[0]
    assert_printed_page(png)
    for query in ("?paper=a4&orientation=landscape", "?paper=letter&orientation=landscape"):
        assert pdf_text(_pdf(client, url + query, FR))[0] == 1, query  # the longer French still fits one page


def test_french_and_english_kept_sheets_are_never_mixed(client, app):
    game = create(client, "le-may-i", NAMES8[:3])
    url = f"/games/{game['id']}/scoresheet.pdf"
    french = _pdf(client, url, FR)
    english = _pdf(client, url)  # same game version and page set-up, asked in English after French
    assert "Feuille de marque" in pdf_text(french)[1] and "Feuille de marque" not in pdf_text(english)[1]
    assert "Scoresheet" in pdf_text(english)[1]
    assert _pdf(client, url, FR) == french and _pdf(client, url) == english  # each kept, in its language
    blank = "/variants/joybells/scoresheet.pdf?players=Ann,Bob,Cleo&paper=letter"
    french, english = _pdf(client, blank, FR), _pdf(client, blank)
    assert "Les règles en bref" in pdf_text(french)[1]
    assert "Rules at a glance" in pdf_text(english)[1] and "Les règles en bref" not in pdf_text(english)[1]
    with app.app_context():
        from scorekeeper.db import db
        from scorekeeper.models import ScoresheetPdf

        kept = db.session.execute(db.select(ScoresheetPdf.key, ScoresheetPdf.game_id)).all()
    assert sum(1 for _, gid in kept if gid == game["id"]) == 2 and sum(1 for _, gid in kept if gid is None) == 2


def test_sheet_query_errors_in_french(client):
    english, french = both(client, "get", "/variants/joybells/scoresheet.pdf?paper=a3")
    assert english.status_code == french.status_code == 400
    assert english.get_data(as_text=True) == "paper: 'a3' is not a paper size (a4 or letter)\n"
    assert french.get_data(as_text=True) == "paper : 'a3' n’est pas un format de papier (a4 ou letter)\n"
    english, french = both(client, "get", "/variants/joybells/scoresheet.pdf?players=Ann,Bob,Cleo&dealer=Zed")
    assert french.get_data(as_text=True) == "dealer : 'Zed' ne fait pas partie des joueurs\n"


# ----- imported backups ---------------------------------------------------------------------------

def test_a_broken_table_import_is_refused_in_french(client, app_factory, second_database_url):
    """The server's import checks (backup.py, backup_checks.py) answer a French reader in French;
    nothing is stored either way."""
    table = client.post("/api/v1/tables", json={"name": "Les Martin"}).get_json()
    game = client.post("/api/v1/games", headers=auth(table),
                       json={"variant": "joybells", "players": ["Ann", "Bob", "Cy"], "table": table["id"]}).get_json()
    post_round(client, {**game, "edit_token": table["edit_token"]},
               {"went_out": "Ann", "hands": {"Bob": {"points": 10}, "Cy": {"points": 5}}})
    doc = client.get(f"/api/v1/tables/{table['id']}/export.json").get_json()
    doc["games"]["games"][0]["rounds"][0]["dealer_seat"] = 2
    other = app_factory(SQLALCHEMY_DATABASE_URI=second_database_url).test_client()
    english, french = both(other, "post", "/api/v1/tables/import", json=doc)
    en, fr = assert_same_refusal(english, french, 400, "games")
    assert en.startswith("games: games[0].rounds[0].dealer_seat: 2, but the deal passes to seat 0 in round 1"), en
    assert fr.startswith("games: games[0].rounds[0].dealer_seat : 2, mais la donne passe à la place 0 dans la manche 1")
    assert fr.endswith(f"(partie {game['id']!r}) ; rien n’a été importé"), fr
    assert other.get(f"/api/v1/tables/{table['id']}").status_code == 404


def test_outside_a_request_the_messages_are_english(app):
    """A command (flask import, a job) has no reader: its refusals are the English ones."""
    from scorekeeper.services import errors as service_errors
    from scorekeeper.services import loading

    with app.app_context():
        with pytest.raises(service_errors.NotFound) as refused:
            loading.get_game("nope")
    assert refused.value.message == "no game 'nope'"


def test_the_rules_applied_are_kept_in_english_and_said_in_french(client):
    """A round recorded from a French phone: the rule applied is kept in English with the game (the
    API's rulings and every English reader see English), and a French reader reads it in French."""
    game = create(client, "le-may-i", ["Ann", "Bob", "Cy"])
    r = client.post(f"/api/v1/games/{game['id']}/rounds", headers={**auth(game), **FR},
                    json={"went_out": "Bob", "hands": {"Ann": {"missing": True}, "Cy": {"missing": True}}})
    assert r.status_code == 422  # only one other score posted: the round must be replayed, said in French
    assert "la manche doit être rejouée" in r.get_json()["error"]
    post_round(client, game, {"went_out": "Bob", "hands": {"Ann": {"points": 10}, "Cy": {"points": 5}}})
    r = client.post(f"/api/v1/games/{game['id']}/rounds", headers={**auth(game), **FR},
                    json={"went_out": "Ann", "hands": {"Bob": {"points": 10, "missing_cards": 1}, "Cy": {"points": 5}}})
    assert r.status_code == 201
    english = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert [x["summary"] for x in english["rulings"]] == [
        "Round 1: Bob went out and takes 20 points off the total.",
        "Round 2: Bob held 1 card too few and is charged 10 (10 per missing card) on top of the cards held.",
        "Round 2: Ann went out and takes 20 points off the total."]
    assert english["notes"] == [x["summary"] for x in english["rulings"]]
    french = client.get(f"/api/v1/games/{game['id']}", headers=FR).get_json()
    assert [x["summary"] for x in french["rulings"]] == [x["summary"] for x in english["rulings"]]
    assert french["notes"] == [
        "Manche 1, sortie : Bob, qui retire 20 points de son total.",
        "Manche 2 : il manquait 1 carte à Bob, qui paie 10 (10 par carte manquante) en plus des cartes tenues.",
        "Manche 2, sortie : Ann, qui retire 20 points de son total."]


def test_an_unknown_api_address_and_method_in_french(client):
    english, french = both(client, "get", "/api/v1/nothing-here")
    assert english.status_code == french.status_code == 404
    assert english.get_json()["error"].startswith("GET /api/v1/nothing-here: The requested URL was not found")
    assert french.get_json()["error"] == ("GET /api/v1/nothing-here: Cette adresse n’existe pas sur ce serveur. "
                                          "Si vous l’avez tapée à la main, vérifiez-la et réessayez.")
    english, french = both(client, "delete", "/api/v1/variants")
    assert english.status_code == french.status_code == 405 and english.headers["Allow"] == french.headers["Allow"]
    assert french.get_json()["error"] == "DELETE /api/v1/variants: Cette adresse n’accepte pas ce type de requête."
