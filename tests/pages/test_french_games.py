"""The game pages in French: a full Le May I game and a ROY game recorded through the pages with
``Accept-Language: fr`` (tests/support/french_walk.py) show every page, form error, flashed message and
error page in French, with no English sentence left; dates in the French format; the same walk in
English is the English it always was."""
from __future__ import annotations

import html
import re
from datetime import datetime, timezone
from html.parser import HTMLParser

from support.french import source_headings
from babel.dates import format_date

from support import games as gamedata
from support.french_walk import walk

FR = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}
EN = {"Accept-Language": "en-GB,en;q=0.9"}


def text(page: str) -> str:
    return html.unescape(page)


# ----- what the walk shows in French --------------------------------------------------------------------

def test_a_full_game_of_le_may_i_and_roy_through_the_pages_in_french(app):
    pages = {name: text(page) for name, page in walk(app, FR).items()}
    for name, page in pages.items():
        assert '<html lang="fr">' in page, name
    expected = {
        "home-empty": ["Commencer une partie", "Parties en cours", "Aucune sur ce téléphone", "Régler un litige"],
        "new": ["Nouvelle partie", "Le May I · 3 à 5 joueurs", "3 à 5 joueurs, 5 manches",
                "ROY</strong> : 2 à 3 joueurs, premier à 100", "Joueurs dans l’ordre des places", "Place 1",
                "Touchez « donne en premier » à côté du premier donneur.", "Options maison", "Commencer la partie",
                "Imprimer une feuille de marque vierge pour ces joueurs"],
        # the form's own errors name the field and the value typed
        "new-errors": ["Corrigez d’abord ceci", "Joueur : un nom a au plus 40 caractères"],
        "new-no-variant": ["Jeu : choisissez un jeu"],
        "game-started": ["Partie commencée. Ce téléphone tient les scores", "Manche 1 <span class=\"of\">sur 5</span>",
                         '<span class="k">Donneur</span> Ann', '<span class="k">Contrat</span>', "(6 cartes)",
                         "Enregistrer la manche 1", "Aucune manche enregistrée pour l’instant.", "Noter une décision",
                         "Retirer un joueur", "Suspendre la partie", "Imprimer la feuille de marque",
                         "Partager les liens", "Afficher le QR code du tableau des scores",
                         "Classement · le plus petit total gagne"],
        "round-1": ["Qui est sorti ?", "Valeurs", "Non\u00a0noté", "Mauvais nombre de cartes ?",
                    "Cartes manquantes <span class=\"hint\">(main incorrecte : 10 chacune)</span>",
                    "Aperçu", "Enregistrer la manche", "Garder l’écran allumé",
                    "Non noté : le joueur reçoit la somme des deux plus hauts scores"],
        "round-errors": ["Corrigez d’abord ces 4 points", "dites qui est sorti",
                         "Ann · Points : « x » n’est pas un nombre entier",
                         "Bob · Cartes à 5 points : 999 cartes, c’est plus qu’une main n’en tient",
                         "Cy · Cartes manquantes : -3 est en dessous de 0"],
        "round-unlikely": ["1 point : aucune main de Le May I ne fait 1", "cochez « Oui, ces points sont justes »",
                           "Cy n’a aucune carte : touchez les cartes encore en main"],
        "round-preview": ["Vérifiez avant d’enregistrer", "Bob : <strong>", "-20 sur le total"],
        "round-2": ["Manche 1 enregistrée : Ann 0 (-20 sur le total) · Bob 25 · Cy 25.", "25 jusqu’ici"],
        "game": ["Manches", "Touchez un numéro de manche pour corriger cette manche.", "donneur : Ann",
                 "Corriger la manche 1", "Corriger une manche", "Autres actions"],
        "view": ["Tableau des scores de Le May I", "Ce tableau se met à jour tout seul tant qu’il est ouvert.",
                 "Classement · le plus petit total gagne"],
        "share": ["Partager cette partie", "Tableau des scores (lecture seule)", "Lien d’édition",
                  "Remplacer le lien d’édition", "Créer un nouveau lien d’édition", "Partie en JSON", "Scores en CSV",
                  "← Retour à la partie", "QR code du lien du tableau des scores"],
        "correct": ["Corriger la manche 1", "Enregistré pour l’instant : Ann 0 (sorti), Bob 25, Cy 25.",
                    "Les anciennes valeurs sont gardées avec le motif.", "Motif de la correction", "(obligatoire)",
                    "p. ex. le 8 de Bob a été compté comme un 3", "Enregistrer la correction", "Manche :"],
        "correct-errors": ["Motif de la correction : dites pourquoi la manche est corrigée"],
        "game-corrected": ["Manche 1 corrigée.", "Corrections", "Motif : Recompté",
                           "<strong>Manche 1</strong> :"],
        "ruling": ["Noter une décision", "Notez un litige et ce que la table a décidé.", "Ce qui s’est passé",
                   "p. ex. Cy a défaussé avant de piocher", "Règle citée", "(facultatif)",
                   "Personne (sans effet)", "Points (+ ajoute, − retire)", "Noter la décision"],
        "ruling-errors": ["Ce qui s’est passé : dites ce qui s’est passé", "La décision : dites ce qui a été décidé",
                          "Manche : « zz » n’est pas un nombre entier",
                          "Points (+ ajoute, − retire) : 5000 n’est pas entre -1000 et 1000"],
        "game-ruled": ["Décision notée.", "Décisions notées", "Décision : Pioche",
                      "<strong>Manche 2</strong> :"],
        "withdraw": ["Retirer un joueur", "Un joueur qui s’en va reçoit comme total de partie", "Qui quitte la partie ?",
                     "Choisir…", "Retirer après la manche 2"],
        "withdraw-errors": ["Qui quitte la partie ? : choisissez le joueur qui s’en va"],
        "withdraw-confirm": ["Retirer Cy après la manche 2 ?", "Cy ne joue plus aucune manche de cette partie.",
                             "Oui, retirer Cy", "Non, garder Cy"],
        "game-withdrawn": ["Cy a abandonné.", "abandon", "provisoire jusqu’à la fin de la partie"],
        "suspend": ["Suspendre la partie ?", "Une partie suspendue ne reprend qu’avec tous les joueurs revenus",
                    "D’ici là, aucune manche ne peut être enregistrée.", "Oui, suspendre la partie", "Non, continuer à jouer"],
        "game-suspended": ["Partie suspendue. Reprenez-la avec les mêmes joueurs", "Suspendue", "Reprendre la partie",
                           "elle peut reprendre avec les mêmes joueurs aux mêmes places jusqu’à la fin de"],
        "game-refused": ["La partie est suspendue : reprenez-la avant d’enregistrer la suite."],
        "resume": ["Reprendre la partie", "Tous les joueurs sont là, assis dans cet ordre", "Reprendre</button>",
                   "S’il manque quelqu’un ou si les places ont changé"],
        "resume-errors": ["la partie ne reprend qu’avec tous les joueurs aux mêmes places"],
        "game-resumed": ["Partie reprise."],
        "share-rotated": ["Nouveau lien d’édition créé : l’ancien ne fonctionne plus."],
        "game-over": ["Manche 5 enregistrée", "Bob gagne", "avec -15 points", "gagnant", 'aria-label="Résultat"'],
        "home": ["Parties récentes", "terminée · "],
        "edit-link": ["Tenir les scores de cette partie", "Le May I avec Ann, Bob, Cy.", "Lien d’édition ou jeton",
                      "Tenir les scores sur ce téléphone", "Seulement suivre le tableau des scores"],
        "edit-link-wrong": ["Ce lien d’édition n’est pas valide"],
        "edit-link-empty": ["Collez le lien d’édition ou son jeton."],
        "forbidden": ["Accès refusé", "Ce téléphone ne peut pas modifier cette partie.", "Accueil"],
        "game-joined": ["Ce téléphone peut maintenant tenir les scores de cette partie."],
        "not-found": ["Page introuvable", "Il n’y a pas de partie 'nosuchgame' : vérifiez l’adresse."],
        "no-such-round": ["La manche 9 n’est pas enregistrée dans cette partie."],
        "roy-round": ["Donne 1", '<span class="k">But</span> premier à 100', "Cartes encore en main de Bob",
                      "Enregistrer la donne"],
        "roy-errors": ["Bob · Cartes en main : 99 cartes, c’est plus qu’une main n’en tient"],
        "roy-missing": ["dites qui est sorti", "combien de cartes Bob a-t-il encore en main ?"],
        "roy-round-2": ["Donne 1 enregistrée : Bob 0 · Ann 20.", "Donne 2"],
        "roy-game": ["Donnes", "Enregistrer la donne 2", "Corriger une donne", "Touchez un numéro de donne",
                     "Classement · le plus grand total gagne", "20 en main"],
        "roy-correct": ["Corriger la donne 1", "Enregistrer la correction"],
        "roy-ruling": ["Donne 1 corrigée.", "Donne</label>"],
        "roy-withdraw": ["Le total du joueur reste tel quel.", "Retirer après la donne 1"],
        "roy-withdraw-confirm": ["Retirer Bob après la donne 1 ?", "Bob ne joue plus aucune donne de cette partie."],
        "roy-suspend": ["D’ici là, aucune donne ne peut être enregistrée."],
        "roy-over": ["Ann gagne", "avec", "Corrections"],
    }
    missing = {name: [s for s in sentences if s not in pages[name]] for name, sentences in expected.items()}
    assert not {k: v for k, v in missing.items() if v}
    # a correction or a logged ruling is listed once: in its own section, not again under Notes
    assert "Manche 1 corrigée (Bob 25 → 35)." not in pages["game-corrected"]
    assert "Donne 1 corrigée (Ann 20 → 21)." not in pages["roy-over"]


# ----- nothing left in English ------------------------------------------------------------------------

class _Words(HTMLParser):
    """The words a reader sees or hears, one list per run of text between tags (attributes read
    aloud too); scripts, styles and the name suggestions left out."""

    QUIET = {"script", "style", "datalist"}

    def __init__(self):
        super().__init__()
        self.runs: list[str] = []
        self.quiet = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.QUIET:
            self.quiet += 1
        self.runs.extend(v for k, v in attrs if k in ("placeholder", "aria-label", "title", "alt") and v)
        self.runs.append("")

    def handle_endtag(self, tag):
        if tag in self.QUIET:
            self.quiet -= 1
        self.runs.append("")

    def handle_data(self, data):
        if not self.quiet:
            self.runs.append(data)


# Not English: players' names and what they typed, variant names, card codes and ranks.
NEUTRAL = {"Ann", "Bob", "Cy", "Le", "May", "I", "ROY", "Clenney", "Joybells", "Continental", "scorekeeper",
           "Recompté", "Défausse", "Pioche", "J", "Q", "K", "A", "KD", "7H", "AP", "RK", "DC", "R", "D", "V", "JK", "Joker", "Points", "points", "Total",
           "total"}
# Nothing is set aside: the rules package's and the services' sentences are French too.
OTHERS: list[re.Pattern] = []


def _trigrams(page: str) -> set[tuple[str, ...]]:
    parser = _Words()
    parser.feed(page)
    found = set()
    for run in parser.runs:
        for other in OTHERS:
            run = other.sub(" ", run)
        for heading in source_headings():  # a source's own heading is cited as written
            run = run.replace(heading, " ")
        words = [w.strip(".,;:()«»“”'!?*") for w in run.split()]
        for i in range(len(words) - 2):
            three = tuple(words[i:i + 3])
            if all(not w or w in NEUTRAL or re.fullmatch(r"[-+−]?\d+|\W+", w) for w in three):
                continue
            found.add(three)
    return found


def test_no_english_sentence_is_left_on_the_french_pages(app, app_factory):
    english = walk(app, EN)
    french = walk(app_factory(WTF_CSRF_ENABLED=False), FR)
    assert english.keys() == french.keys()
    left = {name: sorted(" ".join(t) for t in _trigrams(page) & _trigrams(french[name]))
            for name, page in english.items()}
    assert not {name: same for name, same in left.items() if same}
    # and the English walk is the English it was
    assert "Record round 1" in english["game-started"] and "Game started. This phone keeps score" in english["game-started"]
    assert "Ann · Points: &#39;x&#39; is not a whole number" in english["round-errors"]
    assert "Fix these 4 things first" in english["round-errors"]


def test_the_walk_in_french_leaves_english_phones_in_english(app):
    """One phone in French does not turn another's pages French (nothing cached by language)."""
    walk(app, FR)
    english = walk(app, EN)
    assert all('<html lang="en">' in page for page in english.values())
    assert "Round 1 saved: Ann 0 (-20 off the total) · Bob 25 · Cy 25." in english["round-2"]
    assert "Suspended on " in english["game-suspended"] and "Suspendue" not in english["game-suspended"]


# ----- dates, error pages, notes outside a request --------------------------------------------------------

def test_dates_are_written_the_french_way(client):
    gid = client.post("/games/new", data={"variant": "roy", "dealer": "0", "players-0": "Ann", "players-1": "Bob"},
                      headers=FR).headers["Location"].rsplit("/", 1)[1]
    today = datetime.now(timezone.utc).date()
    french, english = format_date(today, "d MMM y", locale="fr"), format_date(today, "d MMM y", locale="en")
    assert french != english  # "24 nov. 2026", "24 Nov 2026"
    home = text(client.get("/", headers=FR).get_data(as_text=True))
    assert f"manche 1 · commencée le {french}" in home
    page = text(client.get(f"/games/{gid}", headers=FR).get_data(as_text=True))
    assert f'data-local="date">{french}</time>' in page
    assert f"started {english}" in text(client.get("/").get_data(as_text=True))  # English as it was
    assert f'data-local="date">{today.isoformat()}</time>' in client.get(f"/games/{gid}").get_data(as_text=True)


def test_error_pages_are_in_french(client, app_factory):
    r = client.get("/no/such/page", headers=FR)
    page = text(r.get_data(as_text=True))
    assert r.status_code == 404 and '<html lang="fr">' in page
    assert "Page introuvable" in page and "Cette adresse n’existe pas sur ce serveur." in page
    english = client.get("/no/such/page").get_data(as_text=True)
    assert "Not Found" in english and "The requested URL was not found on the server." in english
    r = client.delete("/games/new", headers=FR)
    assert r.status_code == 405 and "Méthode non autorisée" in text(r.get_data(as_text=True))
    assert {"GET", "POST"} <= set(r.headers["Allow"].split(", "))
    assert client.get("/api/v1/games/nope").get_json()["error"]  # the API still answers JSON
    guarded = app_factory(WTF_CSRF_ENABLED=True).test_client()
    r = guarded.post("/games/new", data={"variant": "roy"}, headers=FR)
    page = text(r.get_data(as_text=True))
    assert r.status_code == 400 and "Formulaire expiré" in page and "Le jeton de sécurité du formulaire manque." in page
    assert "revenez en arrière, rechargez la page et envoyez-le de nouveau." in page


def test_too_many_changes_is_said_in_french(app_factory):
    limited = app_factory(RATELIMIT_ENABLED=True, RATELIMIT_WRITES="2 per minute", WTF_CSRF_ENABLED=False).test_client()
    answers = [limited.post("/games/new", data={"variant": ""}, headers=FR) for _ in range(3)]
    assert [r.status_code for r in answers] == [200, 200, 429]
    page = text(answers[-1].get_data(as_text=True))
    assert "Trop de modifications" in page and "attendez une minute et réessayez" in page


def test_game_notes_stay_english_outside_a_request(app, client):
    """A backup made from the command line writes the notes in English, whatever the last page was."""
    from scorekeeper.services import loading
    from scorekeeper.services import view as game_views

    game = gamedata.create(client, "le-may-i", ["Ann", "Bob", "Cy"])
    assert client.post(f"/api/v1/games/{game['id']}/suspend", json={}, headers=gamedata.auth(game)).status_code == 200
    assert "Suspendue le" in text(client.get(f"/games/{game['id']}/view", headers=FR).get_data(as_text=True))
    with app.app_context():
        notes = game_views.game_state(loading.get_game(game["id"]))["notes"]
    assert any(n.startswith("Suspended on 20") for n in notes), notes
