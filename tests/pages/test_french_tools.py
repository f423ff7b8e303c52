"""The dispute tools and the irregularity guide in French (Accept-Language: fr): the same requests
as in English give French pages, French verdicts and French errors that name the field and the
value; no sentence of the English page is left on the French one; the API's verdicts follow
Accept-Language too. English is unchanged (tests/pages/test_pages_tools.py, tests/rules/)."""
from __future__ import annotations

import html
import json
import re

import pytest

from babel.messages.pofile import read_po

from support.french import source_headings
from scorekeeper.rules import irregularities
from scorekeeper.rules.card_letters import typed
from scorekeeper.rules.variants import all_variants, get_variant
from support.sources import copied, source_runs  # noqa: F401 (a fixture)
from support.french import CATALOGUE

pytestmark = pytest.mark.no_database  # no SQL statement: the PostgreSQL job leaves these out (tests/conftest.py)

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
EN = {"Accept-Language": "en"}

# Words that are the same in both languages: names, variant names, card codes and suits.
SAME_WORDS = {
    "may", "i", "joybells", "continental", "le", "clenney", "roy", "rummy", "scorekeeper", "table", "source", "total",
    "joker", "jokers", "codes", "a", "k", "q", "j", "jk", "s", "h", "d", "c", "ou", "×", "·", "›", "→", "←", "+", "—", "–",
}


# Parts of the tool pages whose words come from other files than the tools' own (the rules pages'
# macros and citations, the shared error summary): those files' own French tests check them. The
# verdicts' reasons and notes (rules/melds.py, rules/roy.py, rules/may_i.py) are checked here.
NOT_OURS = [
    r'<p class="applied">.*?</p>', r'<div class="applied-list">.*?</div>', r'<div class="keypad".*?</div>',
    r'<div class="error-summary".*?</div>', r'<p class="cite">.*?</p>',
    r'<label for="variant">Variant</label>',  # rules/_macros.html's variant_select
]


def page_text(response) -> str:
    """What a reader sees: the page's text without tags, scripts and styles."""
    text = response.get_data(as_text=True)
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S)
    for part in NOT_OURS:
        text = re.sub(part, " ", text, flags=re.S)
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

    for text in source_headings():  # a source's own heading is cited as written, in both
        english, french = english.replace(text, " | "), french.replace(text, " | ")
    both = runs(english) & runs(french)
    return {" ".join(r) for r in both
            if not all(same_in_both(w) for w in r)}


CARD_FIELDS = ("codes", "meld1", "meld2", "meld3", "meld4", "top", "cards")
CODE = re.compile(r"(?<![\w'])(?:10|[2-9AJQK])[SHDC](?![\w])")


def fr_codes(text: str) -> str:
    """English card codes in ``text`` as a French page writes them (docs/rulings.md, "Card codes on
    French pages"): 9H is 9C (cœur), KD is RK (roi de carreau)."""
    return CODE.sub(lambda m: typed(m.group(0), "fr"), text)


def both(client, method: str, url: str, **kw):
    """The same request in English and in French: (english response, french response). The cards
    are typed in each page's letters (9H on the English page is 9C on the French one)."""
    call = getattr(client, method)
    en = call(url, headers=EN, **kw)
    if isinstance(kw.get("data"), dict):
        kw = {**kw, "data": {k: fr_codes(v) if k in CARD_FIELDS and isinstance(v, str) else v
                             for k, v in kw["data"].items()}}
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
    assert 'placeholder="ex. R 7 7 JK"' in fr.get_data(as_text=True)
    assert 'placeholder="e.g. K 7 7 JK"' in en.get_data(as_text=True)
    en, fr = both(client, "post", "/tools/hand", data={"n_A": "1", "n_K": "2", "missing": "2"})
    assert fr.status_code == 200
    assert_french(en, fr, "Pénalité selon chaque variante", "2 × R à 10", "2 manquantes × 10",
                  "Le joueur sorti marque 0 et retire 20 de son total.", "Ce n’est pas une pénalité : au ROY")
    en, fr = both(client, "post", "/tools/hand", data={"n_7": "1", "missing": "1"})
    assert_french(en, fr, "1 × 7 à 7", "1 manquante × 10")


def test_hand_calculator_errors_in_french(client):
    en, fr = both(client, "post", "/tools/hand", data={"n_K": "abc", "missing": "99"})
    assert fr.status_code == 400
    errs = field_errors(fr)
    assert "R : 'abc' n’est pas un nombre entier de 0 à 24" in errs
    assert "Cartes manquantes : 99 est hors limites (de 0 à 60)" in errs
    assert_french(en, fr)
    en, fr = both(client, "post", "/tools/hand", data={"missing": "0"})
    assert field_errors(fr) == ["Aucune carte : touchez les cartes restées en main, ou tapez-les."]


def test_the_steppers_words_are_in_the_french_words_script(client):
    page = client.get("/tools/hand", headers=FR).get_data(as_text=True)
    words = re.search(r'<script type="module" src="(/words/fr\.js\?v=\w+&amp;for=[\w.,]+)" class="words">', page)
    assert words, "the French tool page loads the French words"
    body = client.get(words.group(1).replace("&amp;", "&")).get_data(as_text=True)
    said = json.loads(body.split("export default ", 1)[1].split(";\n", 1)[0])
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
    assert_french(en, fr, "Vérificateur de combinaisons", "Combinaison 1", "Tapez les codes (7C 7P JK)",
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


def test_clearing_the_last_card_with_the_keypad_is_no_error_in_french(client):
    """Without JavaScript a keypad tap posts the form: a meld emptied by it is not yet a refusal."""
    data = {"variant": "continental", "meld1": "8H", "target": "meld1", "clear": "1"}
    en, fr = both(client, "post", "/tools/meld", data=data)
    assert fr.status_code == en.status_code == 200
    assert field_errors(fr) == field_errors(en) == []
    assert 'name="meld1" value=""' in fr.get_data(as_text=True)
    # the same empty form checked is refused, in French
    en, fr = both(client, "post", "/tools/meld", data={"variant": "continental", "meld1": "", "check": "1"})
    assert field_errors(fr) == ["Combinaison 1 : pas encore de cartes ; touchez ou tapez les cartes d’une combinaison."]


def test_roy_checker_in_french(client):
    en, fr = both(client, "get", "/tools/roy")
    assert_french(en, fr, "Vérificateur de coups ROY", "Carte du dessus de la défausse", "♥ cœur")
    en, fr = both(client, "post", "/tools/roy", data={"top": "", "cards": "9H", "check": "1"})
    assert fr.status_code == 400
    assert "Carte du dessus : '' devrait être une seule carte, ex. 9C" in field_errors(fr)
    en, fr = both(client, "post", "/tools/roy", data={"top": "9H", "cards": "9S", "announced_suit": "X",
                                                     "check": "1"})
    assert "Couleur annoncée sur le valet : 'X' n’est pas une couleur (S, H, D ou C)" in field_errors(fr)


CONT_MELDS = ("Continental Rummy (encyclopedia article), Object", "Continental Rummy (article d’encyclopédie), Object")
CONT_HANDS = ("Continental Rummy (encyclopedia article), Hands", "Continental Rummy (article d’encyclopédie), Hands")
ROY_PLAY = ("ROY (newsgroup post, 1995), rules 3–5", "ROY (message de forum Usenet, 1995), rules 3–5")
ROY_SPECIAL = ("ROY (newsgroup post, 1995), rule 6", "ROY (message de forum Usenet, 1995), rule 6")


def reasons(response) -> list[str]:
    """The reasons a verdict gives on its page (the whole verdict's, then each refused meld's)."""
    page = response.get_data(as_text=True)
    return [html.unescape(li) for ul in re.findall(r'<ul class="reasons">(.*?)</ul>', page, flags=re.S)
            for li in re.findall(r"<li>(.*?)</li>", ul, flags=re.S)]


def notes(response) -> list[str]:
    return [html.unescape(n) for n in re.findall(r'<p class="note">(.*?)</p>', response.get_data(as_text=True))]


def applied_citations(response) -> list[str]:
    """The citations of the "Rule applied" box, as the page writes them."""
    page = response.get_data(as_text=True)
    box = re.search(r'<div class="applied-list">.*?</div>', page, flags=re.S)
    assert box, "the verdict names the rule it applied"
    return [html.unescape(c) for c in re.findall(r'<span class="cite-inline">\((.*?)\)</span>', box.group(0))]


# (form, [(English reason, French reason), ...], citation of each): the meld checker's refusals
MELD_REFUSALS = [
    ({"variant": "continental", "meld1": "7H 8S KD"}, [
        ("Not a set: a set is cards of one rank; these are 7s (7H), 8s (8S), kings (KD).",
         "Pas un brelan : un brelan est fait de cartes de même valeur ; ici il y a des 7 (7H), des 8 (8S), des rois (KD)."),
        ("Not a run: a run needs at least 4 cards of one suit in Continental; this one has 3.",
         "Pas une séquence : à Continental, une séquence demande au moins 4 cartes de même couleur ; celle-ci en a 3."),
        ("Not a run: a run is cards of one suit; these are spades (8S) and hearts (7H) and diamonds (KD).",
         "Pas une séquence : une séquence est faite de cartes de même couleur ; ici il y a du pique (8S) et du cœur (7H) "
         "et du carreau (KD)."),
    ], CONT_MELDS),
    ({"variant": "clenney", "meld1": "8H 8S"}, [
        ("A set needs at least 3 cards of one rank in Clenney May I; this one has 2.",
         "À Clenney May I, un brelan demande au moins 3 cartes de même valeur ; celui-ci en a 2."),
    ], ("Clenney family May I (a family's rules), Objective", "May I de la famille Clenney (règles d’une famille), Objective")),
    ({"variant": "continental", "meld1": "5S 7S 9S JK"}, [
        ("5S 7S 9S are not consecutive: the gaps need 2 more cards and the meld has 1 wild card to fill them.",
         "5S 7S 9S ne se suivent pas : il faudrait 2 cartes de plus pour combler les trous, et la combinaison a 1 joker "
         "pour cela."),
    ], CONT_MELDS),
    ({"variant": "continental", "meld1": "QH KH AH 2H"}, [
        ("An ace is low (A-2-3-4) or high (J-Q-K-A) in a Continental run, not both: a run may not go round the corner "
         "(K-A-2).",
         "À Continental, l’as est bas (A-2-3-4) ou haut (V-D-R-A) dans une séquence, pas les deux : une séquence ne peut "
         "pas tourner (R-A-2)."),
    ], CONT_MELDS),
    ({"variant": "joybells", "meld1": "QH KH AH JH"}, [
        ("Aces are low only in Joybells runs (A-2-3-4): an ace cannot follow a king.",
         "À Joybells, l’as est seulement bas dans les séquences (A-2-3-4) : un as ne peut pas suivre un roi."),
    ], ("Joybells (a family's rules), Groups and Runs", "Joybells (règles d’une famille), Groups and Runs")),
    ({"variant": "continental", "meld1": "8H JK AD"}, [
        ("Wild cards may not outnumber natural cards in a meld in Continental: as a set of 8s this has 2 wild cards and "
         "1 natural card.",
         "À Continental, une combinaison ne peut pas avoir plus de jokers que de cartes naturelles : en brelan (des 8), "
         "celle-ci a 2 jokers et 1 carte naturelle."),
    ], ("Continental Rummy (encyclopedia article), The play", "Continental Rummy (article d’encyclopédie), The play")),
    ({"variant": "continental", "round": "1", "meld1": "9H 9S 9C", "meld2": "4C 5C 6C 7C"}, [
        ("Round 1 of Continental needs exactly 2 sets; these melds are 1 set + 1 run.",
         "La manche 1 de Continental demande exactement 2 brelans ; ces combinaisons font 1 brelan + 1 séquence."),
    ], CONT_HANDS),
    ({"variant": "le-may-i", "round": "4", "meld1": "9H 9S 9C", "meld2": "KH KS KD"}, [
        ("Round 4 of Le May I needs at least 3 sets; only 2 melds were given.",
         "La manche 4 de Le May I demande au moins 3 brelans ; seulement 2 combinaisons ont été données."),
    ], ("Le May I (French rules), §6", "Le May I (règles françaises), §6")),
]


@pytest.mark.parametrize("form, said, cite", MELD_REFUSALS, ids=[" ".join(m[0].values()) for m in MELD_REFUSALS])
def test_meld_refusals_in_french_and_english_unchanged(client, form, said, cite):
    """Each reason in the reader's language, its citation as the page's "Rule applied" box writes it;
    the English page says what it said before; no English is left on the French page."""
    en, fr = both(client, "post", "/tools/meld", data={**form, "check": "1"})
    assert fr.status_code == 200
    assert reasons(en) == [f"{english} ({cite[0]})" for english, _ in said]
    assert reasons(fr) == [f"{fr_codes(french)} ({cite[1]})" for _, french in said]
    assert "Non valable" in page_text(fr)
    assert_french(en, fr)
    assert cite[1] in applied_citations(fr) and cite[0] in applied_citations(en)


def test_a_refused_meld_of_a_contract_is_named_in_french(client):
    data = {"variant": "continental", "round": "1", "meld1": "9H 9S", "meld2": "4C 5C 6C 7C", "check": "1"}
    en, fr = both(client, "post", "/tools/meld", data=data)
    assert reasons(fr) == [
        f"La première combinaison (9C 9P) n’est pas valable : À Continental, un brelan demande au moins 3 cartes de même "
        f"valeur ; celui-ci en a 2. ({CONT_MELDS[1]})",
        f"À Continental, un brelan demande au moins 3 cartes de même valeur ; celui-ci en a 2. ({CONT_MELDS[1]})",
    ]
    assert reasons(en)[0] == (f"The first meld (9H 9S) is not legal: A set needs at least 3 cards of one rank in "
                              f"Continental; this one has 2. ({CONT_MELDS[0]})")
    assert_french(en, fr)


def test_every_citation_of_a_french_verdict_is_the_one_its_rule_box_names(client):
    """A reason cites its source in the words of the "Rule applied" box (rules/variants.py, shown_label)."""
    data = {"variant": "joybells", "meld1": "JK JK JK JK", "check": "1"}
    en, fr = both(client, "post", "/tools/meld", data=data)
    said, box = reasons(fr), applied_citations(fr)
    assert len(said) == 2 and all(any(r.endswith(f" ({c})") for c in box) for r in said), (said, box)
    assert said[1].startswith("Pas une séquence : des jokers seuls (JK JK JK JK) ne font pas une séquence")
    assert "(choix de scorekeeper là où les sources se taisent, une séquence demande une carte naturelle)" in said[1]
    assert "(scorekeeper's choice where the sources are silent, a run needs a natural card)" in reasons(en)[1]
    assert_french(en, fr)


# (form, English, French, citation): the ROY play checker's refusals and notes
ROY_VERDICTS = [
    ({"top": "9H", "cards": "KD"}, "The first card must match the top card 9H in suit or rank; KD does neither.",
     "La première carte doit avoir la couleur ou la valeur de la carte du dessus, 9H ; KD n’a ni l’une ni l’autre.",
     ROY_PLAY),
    ({"top": "9H", "cards": "9S 10D"}, "After 9S you may play only a 9 or the 10S; card 2, 10D, is neither.",
     "Après 9S, on ne peut jouer qu’un 9 ou le 10S ; la carte 2, 10D, n’est ni l’un ni l’autre.", ROY_PLAY),
    ({"top": "QS", "cards": "KS AS 2S"},
     "After AS you may play only another A (nothing is above an ace: A-2 is not a chain); card 3, 2S, is neither.",
     "Après AS, on ne peut jouer qu’un autre A (rien n’est au-dessus de l’as : A-2 ne s’enchaîne pas) ; la carte 3, 2S, "
     "n’en est pas un.", ROY_PLAY),
    ({"top": "AH", "pending": "2", "cards": "KH"},
     "After an ace you must start with an ace or draw 2; KH is not an ace.",
     "Après un as, il faut commencer par un as ou piocher 2 cartes ; KH n’est pas un as.", ROY_SPECIAL),
    ({"top": "JH", "announced_suit": "D", "cards": "9S"},
     "The suit was changed to diamonds: the first card must be a diamond or a J; 9S is neither.",
     "La couleur annoncée est carreau : la première carte doit être un carreau ou un V ; 9S n’est ni l’un ni l’autre.",
     ROY_SPECIAL),
]


@pytest.mark.parametrize("form, english, french, cite", ROY_VERDICTS, ids=[m[0]["cards"] for m in ROY_VERDICTS])
def test_roy_refusals_in_french_and_english_unchanged(client, form, english, french, cite):
    en, fr = both(client, "post", "/tools/roy", data={**form, "check": "1"})
    assert fr.status_code == 200
    assert reasons(en) == [f"{english} ({cite[0]})"]
    assert reasons(fr) == [f"{fr_codes(french)} ({cite[1]})"]
    assert "Non valable" in page_text(fr)
    assert_french(en, fr)
    assert cite[1] in applied_citations(fr)


@pytest.mark.parametrize("form, english, french", [
    ({"top": "QS", "cards": "KS"}, f"KS on top: the next player draws 7 and loses the turn. ({ROY_SPECIAL[0]})",
     f"KS sur le dessus : le joueur suivant pioche 7 cartes et passe son tour. ({ROY_SPECIAL[1]})"),
    ({"top": "KH", "cards": "AH"}, f"Ace on top: the next player must play an ace or draw 2. ({ROY_SPECIAL[0]})",
     f"As sur le dessus : le joueur suivant doit jouer un as ou piocher 2 cartes. ({ROY_SPECIAL[1]})"),
    ({"top": "9H", "cards": "JH", "announce": "S"},
     f"JH played alone is wild: the suit is now spades. ({ROY_SPECIAL[0]})",
     f"JH joué seul change la couleur : c’est maintenant pique. ({ROY_SPECIAL[1]})"),
    ({"top": "9H", "cards": ""}, "Nothing played: the player draws 1 card and the turn passes.",
     "Rien de joué : le joueur pioche 1 carte et passe la main au suivant."),
    ({"top": "9H", "cards": "9S 9D", "announce": "S"},
     "announce is ignored: only a jack played as the first and only card changes the suit.",
     "La couleur annoncée (announce) est ignorée : seul un valet joué comme unique carte du tour change la couleur."),
], ids=["king of spades", "ace", "jack alone", "nothing played", "announce ignored"])
def test_roy_notes_in_french_and_english_unchanged(client, form, english, french):
    en, fr = both(client, "post", "/tools/roy", data={**form, "check": "1"})
    assert fr.status_code == 200 and "Valable" in page_text(fr)
    assert notes(en) == [english] and notes(fr) == [fr_codes(french)]
    assert_french(en, fr)


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
    assert_french(en, fr, "Là où les règles se taisent :", "ne disent rien à ce sujet. Voici la décision du Continental")


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


def without(answer: dict, *keys: str) -> dict:
    return {k: v for k, v in answer.items() if k not in keys}


def test_api_meld_check_reasons_follow_accept_language(client):
    """French with Accept-Language: fr; English, word for word as before, with it in English or without it.
    Everything but the sentences is the same (the citations' labels stay English: docs/api.md)."""
    url, body = "/api/v1/variants/continental/meld-check", {"melds": [["7H", "8S", "KD"], ["QH", "KH", "AH", "2H"]]}
    fr = client.post(url, json=body, headers=FR).get_json()
    en = client.post(url, json=body, headers=EN).get_json()
    assert client.post(url, json=body).get_json() == en  # no Accept-Language: English
    assert en["reasons"] == [
        "The first meld (7H 8S KD) is not legal: Not a set: a set is cards of one rank; these are 7s (7H), 8s (8S), "
        f"kings (KD). ({CONT_MELDS[0]}) Not a run: a run needs at least 4 cards of one suit in Continental; this one "
        f"has 3. ({CONT_MELDS[0]}) Not a run: a run is cards of one suit; these are spades (8S) and hearts (7H) and "
        f"diamonds (KD). ({CONT_MELDS[0]})",
        "The second meld (QH KH AH 2H) is not legal: An ace is low (A-2-3-4) or high (J-Q-K-A) in a Continental run, "
        f"not both: a run may not go round the corner (K-A-2). ({CONT_MELDS[0]})",
    ]
    assert fr["reasons"] == [
        "La première combinaison (7H 8S KD) n’est pas valable : Pas un brelan : un brelan est fait de cartes de même "
        f"valeur ; ici il y a des 7 (7H), des 8 (8S), des rois (KD). ({CONT_MELDS[1]}) Pas une séquence : à Continental, "
        f"une séquence demande au moins 4 cartes de même couleur ; celle-ci en a 3. ({CONT_MELDS[1]}) Pas une "
        "séquence : une séquence est faite de cartes de même couleur ; ici il y a du pique (8S) et du cœur (7H) et du "
        f"carreau (KD). ({CONT_MELDS[1]})",
        "La deuxième combinaison (QH KH AH 2H) n’est pas valable : À Continental, l’as est bas (A-2-3-4) ou haut "
        "(V-D-R-A) dans une séquence, pas les deux : une séquence ne peut pas tourner (R-A-2). "
        f"({CONT_MELDS[1]})",
    ]
    # each refused meld gives its own reasons too, the same sentences without the meld's name
    assert " ".join(fr["melds"][0]["reasons"]) == fr["reasons"][0].split("n’est pas valable : ", 1)[1]
    assert fr["melds"][1]["reasons"] == [fr["reasons"][1].split("n’est pas valable : ", 1)[1]]
    assert " ".join(en["melds"][0]["reasons"]) == en["reasons"][0].split("is not legal: ", 1)[1]
    assert without(fr, "reasons", "melds") == without(en, "reasons", "melds")
    assert [without(m, "reasons") for m in fr["melds"]] == [without(m, "reasons") for m in en["melds"]]
    assert fr["citations"] == en["citations"] and en["citations"][0]["label"] == CONT_MELDS[0]


def test_api_contract_reasons_and_notes_follow_accept_language(client):
    url = "/api/v1/variants/joybells/meld-check"
    body = {"round": 7, "melds": [["4C", "5C", "6C", "7C"], ["9C", "10C", "JC", "QC"], ["4H", "5H", "6H", "7H"]]}
    fr = client.post(url, json=body, headers=FR).get_json()
    en = client.post(url, json=body).get_json()
    last = "Joybells (a family's rules), Round 7", "Joybells (règles d’une famille), Round 7"
    assert en["reasons"] == [
        "In round 7 of Joybells you go down only by going out: every card (12 dealt + 1 drawn = 13) in the 3 runs, "
        f"with no discard; these melds hold 12. ({last[0]})"]
    assert fr["reasons"] == [
        "À la manche 7 de Joybells, on ne pose qu’en sortant : toutes les cartes (12 distribuées + 1 piochée = 13) "
        f"dans les 3 séquences, sans défausse ; ces combinaisons en contiennent 12. ({last[1]})"]
    assert en["notes"] == [
        "Two runs of one suit are allowed here; they stay separate runs. (scorekeeper's rulings, Built-in variants)",
        f"Round 7 is the last round: to go out you play every card; there is no final discard. ({last[0]})"]
    assert fr["notes"] == [  # our own rulings cited in French, the source's heading as written
        "Ici, deux séquences de la même couleur sont permises ; elles restent des séquences distinctes. "
        "(décisions de scorekeeper, Built-in variants)",
        f"La manche 7 est la dernière : pour sortir, on joue toutes ses cartes ; il n’y a pas de défausse "
        f"finale. ({last[1]})"]


def test_api_roy_play_check_follows_accept_language(client):
    url, body = "/api/v1/variants/roy/play-check", {"top": "9H", "cards": ["KD"]}
    fr = client.post(url, json=body, headers=FR).get_json()
    en = client.post(url, json=body, headers=EN).get_json()
    assert client.post(url, json=body).get_json() == en
    assert en["reasons"] == [f"The first card must match the top card 9H in suit or rank; KD does neither. ({ROY_PLAY[0]})"]
    assert fr["reasons"] == [
        f"La première carte doit avoir la couleur ou la valeur de la carte du dessus, 9H ; KD n’a ni l’une ni l’autre. "
        f"({ROY_PLAY[1]})"]
    assert without(fr, "reasons") == without(en, "reasons")
    body = {"top": "AH", "cards": ["AS"], "pending_draw": 2}
    fr = client.post(url, json=body, headers=FR).get_json()
    en = client.post(url, json=body).get_json()
    assert en["notes"] == [f"Ace on top: the next player must play an ace or draw 4. ({ROY_SPECIAL[0]})"]
    assert fr["notes"] == [f"As sur le dessus : le joueur suivant doit jouer un as ou piocher 4 cartes. ({ROY_SPECIAL[1]})"]
    assert without(fr, "notes") == without(en, "notes") and fr["effects"]["next_draws"] == 4


@pytest.mark.parametrize("method, url, body, status, english, french", [
    ("post", "/api/v1/variants/continental/meld-check", "", 400, "body: empty; send a JSON object",
     "body : vide ; envoyez un objet JSON"),
    ("post", "/api/v1/variants/continental/meld-check", "[1, 2]", 400, "body: [1, 2] is not a JSON object",
     "body : [1, 2] n’est pas un objet JSON"),
    ("post", "/api/v1/variants/continental/meld-check", {"melds": "x"}, 400,
     'melds: "x" is not a list of melds (lists of card codes)',
     'melds : "x" n’est pas une liste de combinaisons (des listes de codes de cartes)'),
    ("post", "/api/v1/variants/continental/meld-check", {"melds": [], "round": "2"}, 400,
     'round: "2" is not a whole number', 'round : "2" n’est pas un nombre entier'),
    ("post", "/api/v1/variants/roy/meld-check", {"melds": []}, 422, "variant: ROY has no sets or runs to check",
     "variant : ROY n’a ni brelans ni séquences à vérifier"),
    ("post", "/api/v1/variants/continental/may-i", {"players": 4, "current": 1, "claimants": ["x"]}, 400,
     'claimants[0]: "x" is not a seat number (a whole number)',
     'claimants[0] : "x" n’est pas un numéro de place (un nombre entier)'),
    ("post", "/api/v1/variants/continental/play-check", {}, 404,
     "variant: Continental has no play-check (it is for ROY)",
     "variant : Continental n’a pas de play-check (il est réservé à ROY)"),
    ("post", "/api/v1/variants/roy/play-check", {}, 400, "top: missing", "top : manquant"),
    ("post", "/api/v1/variants/roy/play-check", {"top": "9H", "announce": 3}, 400,
     "announce: 3 is not a suit (S, H, D or C)", "announce : 3 n’est pas une couleur (S, H, D ou C)"),
    ("get", "/api/v1/variants/joybells/decks", None, 400, "players: missing (add ?players=N)",
     "players : manquant (ajoutez le paramètre players=N)"),
    ("get", "/api/v1/variants?table=a%20b", None, 400, "table: 'a b' is not a table id",
     "table : 'a b' n’est pas un identifiant de table"),
])
def test_api_rules_refusals_in_french_and_english_unchanged(client, method, url, body, status, english, french):
    """The rules API's own refusals (a body or field of the wrong shape) follow Accept-Language as the
    rules' refusals do; without the header, or in English, they read as before."""
    if body is None:
        kw = {}
    elif isinstance(body, dict):
        kw = {"json": body}
    else:  # a body that is not a JSON object
        kw = {"data": body, "content_type": "application/json"}
    call = getattr(client, method)
    en, fr, none = call(url, headers=EN, **kw), call(url, headers=FR, **kw), call(url, **kw)
    assert en.status_code == fr.status_code == none.status_code == status
    assert en.get_json()["error"] == none.get_json()["error"] == english
    assert fr.get_json()["error"] == french
    assert without(fr.get_json(), "error") == without(en.get_json(), "error")


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
