"""The table and house variant pages in French (Accept-Language: fr): a table started, games
started from it and finished, the history filtered, our rulings searched, a player's page,
statistics, head to head, ratings, charts, the table import's errors, a house variant made, changed
and imported with a refused rule. Each page shows its French sentences and no English sentence
left behind: the English and French renders of the same address are compared, and any text of
three words or more found in both is English left behind (names, numbers and variant names
aside). English stays as it was (the other table and house tests)."""
from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest
from babel.messages.pofile import read_po

from support.french import CATALOGUE
from support.house import JOYBELLS_SMITH, form_data
from support.tables import api_game, bearer, roster_ids

FR = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}
EN = {"Accept-Language": "en"}

# Words that are the same in both languages: people, tables, variants, the game's own "May I".
NAMES = ("The Smiths", "Smith rules", "Joybells", "Continental", "Le May I", "Clenney", "ROY", "May I",
         "Ann", "Bob", "Cy", "Di", "JSON", "CSV", "TOML", "QR", "scorekeeper", "Plackett-Luce")
# What the test's players typed (a ruling is kept in the words it was written in).
TYPED = ("Bob discarded a joker and Ann called May I", "Jokers may not be bought")
# Shown on these pages but written elsewhere: nothing left (all of it is French now).
ELSEWHERE: tuple[str, ...] = ()


class _Texts(HTMLParser):
    """The texts a reader meets in <main> and <title>: text between tags, and the words of
    aria-label, placeholder, alt and title attributes."""

    def __init__(self):
        super().__init__()
        self.depth = 0  # inside <main> or <title>
        self.skip = 0  # inside <script>, <style> or <textarea> (what the reader typed or pasted)
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("main", "title"):
            self.depth += 1
        if tag in ("script", "style", "textarea"):
            self.skip += 1
        if self.depth:
            self.found += [v for k, v in attrs if k in ("aria-label", "placeholder", "alt", "title") and v]

    def handle_endtag(self, tag):
        if tag in ("main", "title"):
            self.depth -= 1
        if tag in ("script", "style", "textarea"):
            self.skip -= 1

    def handle_data(self, data):
        if self.depth and not self.skip and data.strip():
            self.found.append(" ".join(data.split()))


def texts(page: str) -> list[str]:
    parser = _Texts()
    parser.feed(page)
    return parser.found


def words(text: str) -> int:
    if "://" in text or text in TYPED or text in ELSEWHERE:  # addresses, what players typed
        return 0
    for name in NAMES:
        text = text.replace(name, " ")
    return len(re.findall(r"[^\W\d_]+", text))


def english_left(english: str, french: str) -> list[str]:
    """Texts of three words or more shown identically in the English and the French page."""
    shown_in_french = set(texts(french))
    return sorted({t for t in texts(english) if t in shown_in_french and words(t) >= 3})


def plain(page: str) -> str:
    """The page with its entities read and ordinary spaces in numbers (Babel groups thousands with a
    narrow no-break space)."""
    return html.unescape(page).replace("\u202f", " ")


def both(client, url: str, method: str = "get", **kwargs) -> tuple[str, str, int]:
    """The English and the French answer to the same request (their status must agree)."""
    en = getattr(client, method)(url, headers=EN, **kwargs)
    fr = getattr(client, method)(url, headers=FR, **kwargs)
    assert en.status_code == fr.status_code, url
    return en.get_data(as_text=True), fr.get_data(as_text=True), fr.status_code


def french_only(client, url: str, *sentences: str, method: str = "get", status: int = 200, **kwargs) -> str:
    """The French page: each of ``sentences`` in it, no English left, ``lang="fr"``."""
    en, fr, code = both(client, url, method, **kwargs)
    assert code == status, (url, fr[:400])
    assert '<html lang="fr">' in fr
    for s in sentences:
        assert plain(s) in plain(fr), (url, s)
    left = english_left(en, fr)
    assert not left, f"English left on the French page {url}: {left}"
    return plain(fr)


# ----- a table with a history --------------------------------------------------------------------------

def french_table(client) -> dict:
    """A table started from the French home page; a Joybells game started from its French form and
    finished, a second one finished, a third unfinished; a ruling logged."""
    r = client.post("/tables", data={"name": "The Smiths"}, headers=FR)
    assert r.status_code == 302
    table_id = r.headers["Location"].rsplit("/", 1)[1]
    page = plain(client.get(r.headers["Location"], headers=FR).get_data(as_text=True))
    assert "Table créée. Ajoutez-la à votre écran d’accueil" in page
    share = client.get(f"/tables/{table_id}/share").get_data(as_text=True)
    token = re.search(r"edit#token=([A-Za-z0-9_-]+)", share).group(1)
    r = client.post(f"/tables/{table_id}/games/new", headers=FR,
                    data={"variant": "joybells", "players-0": "Ann", "players-1": "Bob", "players-2": "Cy",
                          "dealer": "0"})
    assert r.status_code == 302, r.get_data(as_text=True)[:500]
    game_id = r.headers["Location"].rsplit("/", 1)[1]
    for went_out, hands in [("Ann", {"Bob": 10, "Cy": 25})] * 4 + [("Cy", {"Ann": 40, "Bob": 5})] * 3:
        r = client.post(f"/api/v1/games/{game_id}/rounds", headers=bearer(token),
                        json={"went_out": went_out, "hands": {n: {"points": p} for n, p in hands.items()}})
        assert r.status_code == 201, r.json
    api_game(client, table_id, token, ["Ann", "Bob", "Cy"], [("Bob", {"Ann": 15, "Cy": 20})] * 7)
    unfinished = api_game(client, table_id, token, ["Ann", "Bob", "Cy"], [("Cy", {"Ann": 5, "Bob": 35})] * 2)
    r = client.post(f"/api/v1/games/{game_id}/rulings", headers=bearer(token),
                    json={"what_happened": "Bob discarded a joker and Ann called May I",
                          "ruling": "Jokers may not be bought"})
    assert r.status_code == 201, r.json
    return {"id": table_id, "token": token, "game": game_id, "unfinished": unfinished["id"],
            "players": roster_ids(client, table_id), "url": f"/tables/{table_id}"}


def test_a_table_started_from_the_french_home_page_and_its_history(client):
    t = french_table(client)
    home = client.get("/", headers=FR).get_data(as_text=True)
    section = home[home.index('<section class="home-tables">'):]
    section = section[:section.index("</section>")]
    assert "Votre table" in section and "Créer une table" in section and "depuis le " in section
    page = french_only(client, t["url"], "Commencer une partie", "Joueurs", "Règles maison", "Gagnée par Bob",
                       "en cours", "graphique", "3 parties", "Ajouter une partie jouée sans la table")
    assert ">Jeu" in page and ">Tous<" in page and ">Toujours<" in page


def test_the_history_filtered_in_french(client):
    t = french_table(client)
    french_only(client, f"{t['url']}?player={t['players']['Bob']}&variant=joybells", "Gagnée par")
    french_only(client, f"{t['url']}?year=1999", "Aucune partie ne correspond à ces filtres.")
    page = french_only(client, f"{t['url']}?player=abc&year=soon&variant=poker",
                       "Ces filtres n’ont pas été appliqués comme demandé")
    assert "Partie : cette table n’a jamais joué à 'poker'" in page
    assert "Année : 'soon' n’est pas une année (comme 2026) ; toutes les périodes sont affichées." in \
        page


def test_starting_and_adding_games_from_the_table_in_french(client):
    t = french_table(client)
    page = french_only(client, f"{t['url']}/games/new", "Joueurs dans l’ordre des places", "Place 1",
                       "donne", "Commencer la partie")
    assert 'value="Ann"' in page
    french_only(client, f"{t['url']}/games/add", "Ajouter une partie à The Smiths", "Ajouter la partie")
    page = french_only(client, f"{t['url']}/games/add", method="post", status=400, data={"link": "hello"})
    assert "Le lien d’édition de la partie : 'hello' n’est pas un lien d’édition" in page
    page = french_only(client, f"{t['url']}/games/add", method="post", status=400,
                       data={"link": f"http://x/games/{t['unfinished']}/edit?token=nope"})
    assert "ce lien d’édition n’est plus valable" in page
    french_only(client, f"{t['url']}/share", "Pour la discussion de famille (lecture seule)",
                "Remplacer le lien d’édition", "Résultats en CSV")
    r = client.post(f"{t['url']}/token", headers=FR)
    assert r.status_code == 302
    assert "Nouveau lien d’édition créé" in plain(client.get(r.headers["Location"], headers=FR).get_data(as_text=True))
    french_only(client, f"{t['url']}/edit", "Tenir les scores de The Smiths", "Seulement consulter la table")


def test_our_rulings_searched_in_french(client):
    t = french_table(client)
    french_only(client, f"{t['url']}/rulings", "Nos décisions", "Décision : Jokers may not be bought",
                "manche")
    french_only(client, f"{t['url']}/rulings?q=joker", "Jokers may not be bought")
    french_only(client, f"{t['url']}/rulings?q=zzz", "Aucune décision ne mentionne « zzz ».")


def test_a_players_page_rename_and_merge_in_french(client):
    t = french_table(client)
    bob = t["players"]["Bob"]
    french_only(client, f"{t['url']}/players/{bob}", "Victoires", "Face à face", "Parties récentes",
                "Choisissez un jeu", "Toutes les parties de Bob", "Même personne que…")
    page = french_only(client, f"{t['url']}/players/{bob}?variant=joybells", "Cote", "Manches par contrat",
                       "2 brelans", "± ", "après 2 parties", "Cote après chaque partie",
                       "La manche la plus dure pour Bob")
    assert re.search(r"\d,\d", page)  # decimals written the French way
    page = french_only(client, f"{t['url']}/players/{bob}/rename", method="post", status=400, data={"name": "ann"})
    assert "Nouveau nom : 'Ann' est déjà parmi les joueurs de cette table" in page
    page = french_only(client, f"{t['url']}/players/{bob}/merge", method="post", status=400,
                       data={"into": str(t["players"]["Ann"])})
    assert "ont joué tous deux dans la partie" in page
    r = client.post(f"{t['url']}/players/{bob}/rename", data={"name": "Robert"}, headers=FR)
    assert r.status_code == 302
    page = plain(client.get(r.headers["Location"], headers=FR).get_data(as_text=True))
    assert "Bob s’appelle maintenant Robert dans toutes les parties de la table." in page


def test_statistics_head_to_head_ratings_and_charts_in_french(client):
    t = french_table(client)
    page = french_only(client, f"{t['url']}/stats", "2 parties terminées comptées, depuis toujours",
                       "1 inachevée", "(non comptées)", "Victoires par joueur", "Séries", "Records",
                       "Meilleure partie", "Face à face", "Devant", "Égalité")
    assert "100\xa0%" in page  # a share the French way
    page = french_only(client, f"{t['url']}/stats?variant=joybells&year=2026", "comptées, 2026", "Cotes",
                       "Manches par contrat", "Manches à zéro point :", "1 brelan et 1 séquence",
                       "<strong>Bob</strong> : 2 victoires d’affilée")
    assert "Par m." in page and re.search(r"<td class=\"num\">\d+,\d</td>", page)
    page = french_only(client, f"{t['url']}/games/{t['game']}/chart", "Totaux cumulés, Joybells", "début",
                       "gagnée par Bob", "Les chiffres")
    assert "<title>Totaux cumulés, Joybells</title>" in page


def test_dates_and_numbers_follow_the_language(app):
    from datetime import datetime

    from scorekeeper.web.tables import charts

    day = datetime(2026, 11, 24, 23, 30)
    for headers, expected in ((EN, ("24 Nov 2026", "12.50", "12.00", "33%")),  # averages: always two decimals
                              (FR, ("24 nov. 2026", "12,50", "12,00", "33\xa0%"))):
        with app.test_request_context("/", headers=headers):
            assert (charts.day(day), charts.decimal(12.5), charts.decimal(12.0), charts.percent(0.333)) == expected
    # outside a request (a command, a test): English
    assert charts.day(day) == "24 Nov 2026" and charts.decimal(1234.5, "0.0") == "1234.5"


def test_the_table_import_refuses_in_the_readers_language(client):
    t = french_table(client)
    doc = client.get(f"/api/v1/tables/{t['id']}/export.json").json
    cases = [
        ({**doc, "version": 99}, "version : 99 n’est pas une version d’export de table que ce serveur lit",
         "version: 99 is not a table export version this server reads"),
        ({**doc, "format": "other"}, "format : ce n’est pas un export de table scorekeeper",
         "format: not a scorekeeper table export"),
        ({**doc, "table": {**doc["table"], "created_at": "yesterday"}},
         "table.created_at : 'yesterday' n’est pas une date et heure ISO 8601",
         "table.created_at: 'yesterday' is not an ISO 8601 time"),
        ({**doc, "players": "everyone"}, "players : une liste des joueurs de la table est attendue",
         "players: expected a list of the roster's players"),
        ({**doc, "house_variants": [{"id": "h-x", "edit_token_hash": "t"}]},
         "house_variants[0] : l’export d’une table ne porte ni jeton d’édition",
         "house_variants[0]: a table's export carries no edit token"),
    ]
    for body, french, english in cases:
        fr = client.post("/api/v1/tables/import", json=body, headers=FR)
        en = client.post("/api/v1/tables/import", json=body, headers=EN)
        assert fr.status_code == en.status_code and fr.status_code >= 400
        assert french in fr.json["error"], fr.json
        assert english in en.get_data(as_text=True)
    r = client.post("/api/v1/tables", json={"name": " "}, headers=FR)
    assert r.status_code == 400 and "name : le nom d’une table ne peut pas être vide" in r.json["error"]


# ----- house variants --------------------------------------------------------------------------------------

def test_a_house_variant_made_refused_changed_shared_and_imported_in_french(app, client):
    t = french_table(client)
    new = f"/rules/joybells/house?table={t['id']}"
    page = french_only(client, new, "Votre version de Joybells", "Joueurs et cartes", "Manches et contrats",
                       "Séquence la plus longue", "Quand le talon est épuisé", "Enregistrer ces règles",
                       "Joybells (nos règles)", "Enregistrée comme variante maison de <strong>The Smiths</strong>")
    refused = form_data(**{**JOYBELLS_SMITH, "melds.run_max": "3"})
    page = french_only(client, new, method="post", status=400, data={**refused, "check": "1"})
    assert "Pas enregistré : 1 point à corriger." in page
    assert "Séquence la plus longue : une séquence d’au moins 4 cartes dépasse la séquence la plus longue " \
           "permise (3)" in page
    page = french_only(client, new, method="post", data={**form_data(**JOYBELLS_SMITH), "check": "1"})
    assert "Ces règles sont jouables. Changements par rapport à Joybells : " in page
    assert "changé · Joybells : " in page
    r = client.post(new, data={**form_data(**JOYBELLS_SMITH), "save": "1"}, headers=FR)
    assert r.status_code == 302
    hid = r.headers["Location"].rsplit("/", 1)[1]
    assert "Enregistré. Ce téléphone peut changer ces règles" in client.get(r.headers["Location"], headers=FR) \
        .get_data(as_text=True)
    french_only(client, t["url"], "d’après Joybells · version 1")
    french_only(client, f"/rules/{hid}/edit", "Changer Smith rules", "ceci est la version 1")
    r = client.post(f"/rules/{hid}/edit", headers=FR,
                    data={**form_data(**{**JOYBELLS_SMITH, "card_points.JK": "5"}), "version": "1", "save": "1"})
    assert r.status_code == 302
    assert "Enregistré en version 2." in client.get(r.headers["Location"], headers=FR).get_data(as_text=True)
    page = french_only(client, f"/rules/{hid}/share", "Partager Smith rules", "En fichier",
                       "Télécharger Smith rules.toml", "Permettre à un autre téléphone de les changer")
    toml = client.get(f"/rules/{hid}/rules.toml").get_data(as_text=True)
    french_only(client, "/rules/import", "Importer des règles maison", "Le fichier",
                "Ou collez le texte du fichier")
    bad = toml.replace("run_max = 13", "run_max = 2").replace("run_min = 4", "run_min = 3")
    assert bad != toml
    page = french_only(client, "/rules/import", method="post", status=400, data={"text": bad})
    assert "Pas importé." in page and "Fichier : " in page
    assert "une séquence d’au moins 3 cartes dépasse la séquence la plus longue permise (2)" in \
        page
    page = french_only(client, "/rules/import", method="post", status=400, data={"text": "x = = 1"})
    assert "pas un fichier TOML" in page
    r = client.post("/rules/import", data={"text": toml, "name": "Nos règles"}, headers=FR)
    assert r.status_code == 302
    assert "« Nos règles » importé." in client.get(r.headers["Location"], headers=FR).get_data(as_text=True)


def test_house_rules_refusals_and_differences_speak_french_in_the_api(client):
    body = {"based_on": "joybells", "name": "Ours", "changes": {"melds": {"run_max": 3}}}
    r = client.post("/api/v1/variants", json=body, headers=FR)
    assert r.status_code in (400, 422)
    assert "une séquence d’au moins 4 cartes dépasse la séquence la plus longue permise (3)" in \
        r.json["error"]
    r = client.post("/api/v1/variants", json=body, headers=EN)
    assert "a run of at least 4 cards is longer than the longest run (3)" in r.json["error"]
    r = client.post("/api/v1/variants", json={**body, "changes": {"cards_dealt": 25}}, headers=FR)
    assert "25 est hors limites : de 1 à 20" in r.json["error"]


# ----- the catalogue ------------------------------------------------------------------------------------------

def test_every_french_sentence_keeps_the_placeholders_of_its_english():
    """A placeholder lost or misspelt in French would break the sentence (or the page) in French only."""
    with CATALOGUE.open("rb") as f:
        catalogue = read_po(f)
    placeholder = re.compile(r"%\((\w+)\)s")
    wrong = []
    for m in catalogue:
        if not m.id or not m.string:
            continue
        english = m.id if isinstance(m.id, tuple) else (m.id,)
        french = m.string if isinstance(m.string, tuple) else (m.string,)
        wanted = set(placeholder.findall(english[-1])) - {"num"}  # a singular may write "une" for %(num)s
        for text in french:
            found = set(placeholder.findall(text)) - {"num"}
            # French may leave out the variant's name where the sentence already says whose rules
            # they are ("Le texte de référence, %(source)s, ..."); nothing else may go missing.
            if not found <= wanted or wanted - found - {"name"}:
                wrong.append(m.id)
    assert not wrong, wrong


@pytest.mark.parametrize("path", ["/tables/nope", "/tables/nope/stats"])
def test_a_missing_table_is_said_in_french(client, path):
    r = client.get(path, headers=FR)
    assert r.status_code == 404 and "Il n’y a pas de table à cette adresse." in plain(r.get_data(as_text=True))


def test_the_shipped_examples_notes_are_marked_and_shown_in_french(client):
    from scorekeeper.rules import house

    house.examples()
    # each example's note (the comment at the top of its file) is a sentence the catalogue knows
    assert set(house.EXAMPLE_NOTES.values()) == set(house.EXAMPLE_NOTE_TEXTS)
    page = plain(client.get("/rules/continental-twos-wild", headers=FR).get_data(as_text=True))
    assert "Continental où les 2 sont aussi des jokers" in page
    page = plain(client.get("/rules/continental-twos-wild", headers=EN).get_data(as_text=True))
    assert "Continental with 2s wild too (Continental Rummy, encyclopedia article: Rule Variations)." in page
    index = plain(client.get("/rules", headers=FR).get_data(as_text=True))
    # the differences in words (the contracts and wild cards themselves are written by rules/variants.py)
    assert "Changements par rapport à Continental : 6 manches, manche 2 : " in index
    assert "Changements par rapport à Clenney May I : 3 jeux de cartes quelle que soit la tablée" in index


def test_a_house_variants_deck_steps_read_in_french(client):
    """A difference built from smaller sentences ("2 for up to 5 players") is French throughout."""
    r = client.post("/api/v1/variants", json={"based_on": "continental", "name": "Big table",
                                              "changes": {"decks": [{"up_to": 5, "decks": 2}, {"up_to": 8, "decks": 3}]}})
    assert r.status_code == 201, r.json
    assert "decks: 2 for up to 5 players, 3 for up to 8 players" in plain(
        client.get(f"/rules/{r.json['id']}", headers=EN).get_data(as_text=True))
    page = plain(client.get(f"/rules/{r.json['id']}", headers=FR).get_data(as_text=True))
    assert "jeux de cartes\xa0: 2 jusqu’à 5 joueurs, 3 jusqu’à 8 joueurs" in page
