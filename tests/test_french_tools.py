"""The dispute tools and the irregularity guide in French (Accept-Language: fr): the same requests
as in English give French pages, French verdicts and French errors that name the field and the
value; no sentence of the English page is left on the French one; the API's verdicts follow
Accept-Language too. English is unchanged (tests/test_pages_tools.py, tests/rules/)."""
from __future__ import annotations

import html
import json
import re

import pytest

from babel.messages.pofile import read_po

from french import source_headings
from scorekeeper.rules import irregularities, reference
from scorekeeper.rules.cards import parse_card
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.variants import SOURCE_KEYS, SOURCE_TITLES, all_variants, get_variant
from tests.rules.test_reference import copied, source_runs  # noqa: F401 (a fixture)
from tests.test_i18n import CATALOGUE

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
EN = {"Accept-Language": "en"}

# Words that are the same in both languages: names, variant names, card codes and suits.
SAME_WORDS = {
    "may", "i", "joybells", "continental", "le", "clenney", "roy", "rummy", "scorekeeper", "table", "source", "total",
    "joker", "jokers", "codes", "a", "k", "q", "j", "jk", "s", "h", "d", "c", "ou", "×", "·", "›", "→", "←", "+", "—", "–",
}


# Parts of the tool pages whose words come from other files than the tools' own (the rules pages'
# macros and citations, the meld and ROY verdicts' reasons, the shared error summary): those files'
# own French tests check them.
NOT_OURS = [
    r'<p class="applied">.*?</p>', r'<div class="applied-list">.*?</div>', r'<div class="keypad".*?</div>',
    r'<div class="error-summary".*?</div>', r'<p class="cite">.*?</p>',
    r'<label for="variant">Variant</label>',  # rules/_macros.html's variant_select
]
VERDICTS_NOT_OURS = ("/tools/meld", "/tools/roy")  # their reasons: rules/melds.py, rules/roy.py


def others_texts() -> list[str]:
    """Sentences the tool pages show from other files, as English writes them (outside a request the
    rules speak English): source titles and citations (rules/variants.py), contracts and wild cards
    (rules/variants.py, rules/reference.py), the variants' refusals (pack sizes, cards, unknown ids).
    Left out of the English page before it is compared: once those files speak French, the French
    page does not show them anyway."""
    out = list(SOURCE_TITLES.values())
    for v in all_variants():
        cites = [*v.sources.values(), *(t.citation(v)[0] for t in irregularities.topics(v, include_own_sections=True))]
        out += [c.label for c in cites] + [c.section for c in cites if c.file in SOURCE_KEYS]  # headings as written
        if v.is_contract_game:
            out += [r.contract.describe() for r in v.rounds] + [reference.wild_text(v)]
        for n in range(1, 13):
            try:
                v.pack(n)
            except RulesInputError as err:
                out.append(err.message)
        for code in ("JK", "7H"):
            try:
                v.check_card(parse_card(code))
            except RulesInputError as err:
                out.append(err.message)
    for vid in ("nope", "zz"):
        try:
            get_variant(vid)
        except RulesInputError as err:
            out.append(err.message)
    return sorted({t for t in out if t}, key=len, reverse=True)


OTHERS: list[str] = []  # every text on these pages is French now (others_texts() listed what was not)


def page_text(response) -> str:
    """What a reader sees: the page's text without tags, scripts and styles."""
    text = response.get_data(as_text=True)
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S)
    for part in NOT_OURS:
        text = re.sub(part, " ", text, flags=re.S)
    if response.request.path in VERDICTS_NOT_OURS:
        text = re.sub(r'<ul class="reasons">.*?</ul>', " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    return re.sub(r"[ \t\r\n]+", " ", html.unescape(text))  # a no-break space stays


def words(text: str) -> list[str]:
    return re.findall(r"[\w'’-]+|[^\w\s]", text.lower())


def same_in_both(word: str) -> bool:
    """A name, number, card code, variant name, a value the user typed ('abc') or an id
    (out-of-turn): the same in both languages."""
    return (word in SAME_WORDS or re.fullmatch(r"\d+[shdc]?|10[shdc]|[akqj][shdc]|'.*'|\w+(-\w+)+", word)
            is not None)


def english_left(english: str, french: str, size: int = 3) -> set[str]:
    """Runs of ``size`` words found in both texts, unless every word is a name, number, card
    code or variant name (the same in both languages)."""
    def runs(text):
        ws = [w for w in words(text) if re.search(r"\w", w)]
        return {tuple(ws[i:i + size]) for i in range(len(ws) - size + 1)}

    for text in (*OTHERS, *source_headings()):  # a source's own heading is cited as written, in both
        english, french = english.replace(text, " | "), french.replace(text, " | ")
    both = runs(english) & runs(french)
    return {" ".join(r) for r in both
            if not all(same_in_both(w) for w in r)}


def both(client, method: str, url: str, **kw):
    """The same request in English and in French: (english response, french response)."""
    call = getattr(client, method)
    en = call(url, headers=EN, **kw)
    fr = call(url, headers=FR, **kw)
    assert '<html lang="fr">' in fr.get_data(as_text=True)
    assert en.status_code == fr.status_code, (en.status_code, fr.status_code)
    return en, fr


def assert_french(en, fr, *sentences: str) -> str:
    """The French page shows ``sentences`` and no run of three words of the English one."""
    text = page_text(fr)
    for s in sentences:
        assert s in text, f"{s!r} not on the French page"
    left = english_left(page_text(en), text)
    assert not left, f"English left on the French page: {sorted(left)}"
    return text


def field_errors(r) -> list[str]:
    return [html.unescape(e) for e in re.findall(r'class="field-error"[^>]*>([^<]*)<', r.get_data(as_text=True))]


# ----- hand and deck calculators ----------------------------------------------------------------

def test_hand_calculator_in_french(client):
    en, fr = both(client, "get", "/tools/hand")
    assert_french(en, fr, "Calculateur de main", "Touchez les cartes restées en main", "Cartes restantes")
    assert 'placeholder="ex. K 7 7 JK"' in fr.get_data(as_text=True)
    assert 'placeholder="e.g. K 7 7 JK"' in en.get_data(as_text=True)
    en, fr = both(client, "post", "/tools/hand", data={"n_A": "1", "n_K": "2", "missing": "2"})
    assert fr.status_code == 200
    assert_french(en, fr, "Pénalité selon chaque variante", "2 × K à 10", "2 manquantes × 10",
                  "Le joueur sorti marque 0 et retire 20 de son total.", "Ce n’est pas une pénalité : au ROY")
    en, fr = both(client, "post", "/tools/hand", data={"n_7": "1", "missing": "1"})
    assert_french(en, fr, "1 × 7 à 7", "1 manquante × 10")


def test_hand_calculator_errors_in_french(client):
    en, fr = both(client, "post", "/tools/hand", data={"n_K": "abc", "missing": "99"})
    assert fr.status_code == 400
    errs = field_errors(fr)
    assert "K : 'abc' n’est pas un nombre entier de 0 à 24" in errs
    assert "Cartes manquantes : 99 est hors limites (de 0 à 60)" in errs
    assert_french(en, fr)
    en, fr = both(client, "post", "/tools/hand", data={"missing": "0"})
    assert field_errors(fr) == ["Aucune carte : touchez les cartes restées en main, ou tapez-les."]


def test_the_steppers_words_are_in_the_french_words_script(client):
    page = client.get("/tools/hand", headers=FR).get_data(as_text=True)
    words = re.search(r'<script src="(/words/fr\.js\?v=\w+)"', page)
    assert words, "the French tool page loads the French words"
    body = client.get(words.group(1)).get_data(as_text=True)
    said = json.loads(body.split("window.scorekeeperWords=", 1)[1].rstrip().rstrip(";"))
    assert said["one less %(card)s"] == "un %(card)s de moins" and said["one more %(card)s"] == "un %(card)s de plus"


def test_deck_calculator_in_french(client):
    en, fr = both(client, "post", "/tools/decks", data={"players": "4"})
    assert_french(en, fr, "Le jeu pour 4 joueurs", "Jeux", "Données", "Talon")
    en, fr = both(client, "post", "/tools/decks", data={"players": "12"})
    assert fr.status_code == 400
    assert field_errors(fr) == ["Joueurs : 12 joueurs, c’est hors limites : les variantes se jouent de 2 à 8 joueurs"]
    assert_french(en, fr)


# ----- May I resolver ------------------------------------------------------------------------------

def test_may_i_verdict_in_french(client):
    data = {"variant": "continental", "players": "4", "discarder": "1", "claimants": ["3", "4"], "resolve": "1"}
    en, fr = both(client, "post", "/tools/may-i", data=data)
    assert fr.status_code == 200
    assert_french(en, fr, "Place 3 prend la carte",
                  "Parmi ceux qui la réclament (place 3, place 4), la place 3 est la plus proche",
                  "la place 2 ne pioche ensuite que dans le talon", "Cartes de pénalité")
    # English is numbered as players number seats, as before
    assert "Of the claimants (seat 3, seat 4), seat 3 is closest" in page_text(en)


def test_may_i_house_option_and_several_discards_in_french(client):
    data = {"variant": "continental", "players": "4", "discarder": "1", "claimants": ["2"], "round": "7",
            "no_may_i_in_last_three_rounds": "y", "resolve": "1"}
    en, fr = both(client, "post", "/tools/may-i", data=data)
    assert_french(en, fr, "Pas de May I dans les 3 dernières manches (option maison en vigueur)",
                  "la place 2 pioche normalement")
    data = {"variant": "le-may-i", "players": "4", "discarder": "1", "claimants": ["4"], "cards": "2",
            "resolve": "1"}
    en, fr = both(client, "post", "/tools/may-i", data=data)
    assert_french(en, fr, "La place 4 prend les 2 cartes défaussées", "2 cartes défaussées")


@pytest.mark.parametrize("data, message", [
    ({"variant": "continental", "players": "4", "discarder": "2", "claimants": ["2"]},
     "Demandeur : la place 2 a défaussé cette carte et ne peut pas réclamer sa propre défausse"),
    ({"variant": "continental", "players": "4", "discarder": "6"},
     "Qui a défaussé : la place 6 n’existe pas ; à 4 joueurs, les places vont de 1 à 4"),
    ({"variant": "continental", "players": "4"}, "Qui a défaussé ? Touchez la place du joueur qui a défaussé."),
    ({"variant": "continental", "players": "x4", "discarder": "1"},
     "Joueurs : 'x4' n’est pas un nombre entier de 1 à 99"),
    ({"variant": "continental", "players": "4", "discarder": "1", "cards": "zéro"},
     "Cartes défaussées demandées : 'zéro' n’est pas un nombre entier de 1 à 99"),
    ({"variant": "nope", "players": "4", "discarder": "1"}, "Variante : "),
])
def test_may_i_errors_in_french(client, data, message):
    en, fr = both(client, "post", "/tools/may-i", data=data)
    assert fr.status_code == 400
    assert any(e.startswith(message) for e in field_errors(fr)), field_errors(fr)
    assert_french(en, fr)


# ----- meld checker and ROY play checker ---------------------------------------------------------------

def test_meld_checker_page_in_french(client):
    en, fr = both(client, "get", "/tools/meld?variant=joybells")
    assert_french(en, fr, "Vérificateur de combinaisons", "Combinaison 1", "Tapez les codes (7H 7S JK)",
                  "Aucune : combinaisons seules")
    en, fr = both(client, "post", "/tools/meld", data={"variant": "continental", "meld1": "7H 7S 7C", "check": "1"})
    assert fr.status_code == 200
    assert_french(en, fr, "Valable", "Brelan de 7")


def test_meld_checker_errors_in_french(client):
    en, fr = both(client, "post", "/tools/meld", data={"variant": "continental", "round": "x", "check": "1"})
    assert fr.status_code == 400
    errs = field_errors(fr)
    assert "Manche : 'x' n’est pas un nombre entier de 1 à 99" in errs
    assert_french(en, fr)
    en, fr = both(client, "post", "/tools/meld", data={"variant": "continental", "check": "1"})
    assert field_errors(fr) == ["Combinaison 1 : pas encore de cartes ; touchez ou tapez les cartes d’une combinaison."]


def test_roy_checker_in_french(client):
    en, fr = both(client, "get", "/tools/roy")
    assert_french(en, fr, "Vérificateur de coups ROY", "Carte du dessus de la défausse", "♥ cœur")
    en, fr = both(client, "post", "/tools/roy", data={"top": "", "cards": "9H", "check": "1"})
    assert fr.status_code == 400
    assert "Carte du dessus : '' devrait être une seule carte, ex. 9H" in field_errors(fr)
    en, fr = both(client, "post", "/tools/roy", data={"top": "9H", "cards": "9S", "announced_suit": "X",
                                                     "check": "1"})
    assert "Couleur annoncée sur le valet : 'X' n’est pas une couleur (S, H, D ou C)" in field_errors(fr)


# ----- irregularity guide ------------------------------------------------------------------------------

def test_irregularity_guide_start_in_french(client):
    en, fr = both(client, "get", "/tools/irregularities")
    assert_french(en, fr, "Guide des irrégularités", "Choisissez le jeu auquel vous jouez")
    en, fr = both(client, "get", "/tools/irregularities?variant=continental")
    assert_french(en, fr, "Que s’est-il passé ?", "Jeu hors de son tour", "Quelqu’un a joué à la place d’un autre.",
                  "Talon épuisé")


@pytest.mark.parametrize("vid", [v.id for v in all_variants()])
def test_every_question_and_ruling_of_the_guide_in_french(client, vid):
    """Every node of every topic's tree, reached by its answers, is French on the page."""
    v = get_variant(vid)
    for topic in irregularities.topics(v, include_own_sections=True):
        nodes = topic.nodes(v)
        paths = [((), next(iter(nodes)))]
        while paths:
            steps, at = paths.pop()
            node = nodes[at]
            en, fr = both(client, "get", "/tools/irregularities",
                          query_string={"variant": vid, "topic": topic.key, "step": list(steps)})
            assert fr.status_code == 200
            text = assert_french(en, fr)
            if isinstance(node, irregularities.Question):
                assert "?" in text
                paths += [(steps + (a.key,), a.to) for a in node.answers]
            else:
                assert "Décision : " in text


def test_a_silent_source_says_so_in_french(client):
    # Joybells' own rules say nothing about playing out of turn: the Continental ruling, as a house rule
    en, fr = both(client, "get", "/tools/irregularities",
                  query_string={"variant": "joybells", "topic": "out-of-turn", "step": ["yes"]})
    assert_french(en, fr, "Règle maison.", "ne disent rien à ce sujet. Voici la décision du Continental")


def test_irregularity_guide_errors_in_french(client):
    en, fr = both(client, "get", "/tools/irregularities", query_string={"variant": "nope"})
    assert fr.status_code == 400
    en, fr = both(client, "get", "/tools/irregularities", query_string={"variant": "continental", "topic": "fire"})
    assert fr.status_code == 400
    text = page_text(fr)
    assert "Irrégularité : 'fire' n’est pas une irrégularité que le guide traite pour Continental" in text
    assert "is not an irregularity" not in text
    en, fr = both(client, "get", "/tools/irregularities",
                  query_string={"variant": "continental", "topic": "re-deal", "step": ["maybe"]})
    assert fr.status_code == 400
    text = page_text(fr)  # the answers' keys are listed as they are typed in the address (ids)
    assert "Réponse 1 : 'maybe' n’est pas une réponse à « Qu’est-ce qui n’allait pas dans la donne ? »" in text
    assert "is not an answer" not in text and "Qu’est-ce qui n’allait pas dans la donne ?" in text


# ----- the API's verdicts follow Accept-Language ----------------------------------------------------

def test_api_may_i_verdict_in_french(client):
    body = {"players": 4, "current": 1, "claimants": [2, 3]}
    en = client.post("/api/v1/variants/continental/may-i", json=body, headers=EN).get_json()
    fr = client.post("/api/v1/variants/continental/may-i", json=body, headers=FR).get_json()
    assert {k: v for k, v in fr.items() if k not in ("reasons", "notes", "citations")} == \
        {k: v for k, v in en.items() if k not in ("reasons", "notes", "citations")}
    assert fr["reasons"][0].startswith("Parmi ceux qui la réclament (2, 3), la place 2 est la plus proche")
    assert en["reasons"][0].startswith("Of the claimants (2, 3), seat 2 is closest")  # API seats from 0, as before
    assert not english_left(" ".join(en["reasons"]), " ".join(fr["reasons"]), size=4) - {
        "continental rummy encyclopedia article"}


def test_api_may_i_error_in_french(client):
    r = client.post("/api/v1/variants/continental/may-i", json={"players": 4, "current": 1, "claimants": [0]},
                    headers=FR)
    assert r.status_code == 422
    assert "la place 0 est celle qui a défaussé" in r.get_json()["error"]
    assert r.get_json()["field"] == "claimants[0]"


# ----- our own words ------------------------------------------------------------------------------------

OURS = ("scorekeeper/rules/irregularities.py", "scorekeeper/rules/may_i.py", "scorekeeper/rules/calculators.py",
        "scorekeeper/rules/compare.py", "scorekeeper/web/rules/", "templates/tools/")


def test_the_french_of_the_tools_copies_no_rule_text(source_runs):  # noqa: F811
    """No run of 8 words of any rule source (the French rules text included) in our French."""
    with CATALOGUE.open("rb") as f:
        catalogue = read_po(f)
    ours = [m for m in catalogue if m.id and any(path.startswith(OURS) for path, _ in m.locations)]
    assert len(ours) > 300
    french = " \n ".join(s for m in ours for s in ([m.string] if isinstance(m.string, str) else m.string))
    assert copied(french, source_runs) == []


def test_one_languages_words_never_stay_for_the_next_request(client):
    """French, English, French again: each answer in its own language (nothing kept across requests)."""
    url = "/tools/irregularities?variant=continental&topic=missing-score&step=yes"
    api = ("/api/v1/variants/continental/may-i", {"players": 4, "current": 1, "claimants": [2]})
    for headers, sentence, reason in ((FR, "Décision : ", "la place 2"), (EN, "Ruling: ", "seat 2"),
                                      (FR, "Décision : ", "la place 2")):
        assert sentence in page_text(client.get(url, headers=headers))
        assert reason in client.post(api[0], json=api[1], headers=headers).get_json()["reasons"][0]
    assert "Ruling: " in page_text(client.get(url))  # no Accept-Language: English
