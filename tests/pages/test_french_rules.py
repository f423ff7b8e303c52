"""The rules pages in French (Accept-Language: fr): every variant's page, the comparison, the
search and the index speak French in our own words, keep their anchors, and leave no English
sentence behind; English stays as it was (tests/pages/test_pages_rules.py)."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from scorekeeper.rules import compare, house, irregularities, reference, variants
from scorekeeper.rules.variants import all_variants, get_variant
from support import copy_check
from support.sources import copied, source_runs  # noqa: F401  (fixture)
from support.pages import sections

pytestmark = pytest.mark.no_database  # no SQL statement: the PostgreSQL job leaves these out (tests/conftest.py)

FR = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}
EN = {"Accept-Language": "en"}
VARIANTS = [v.id for v in all_variants()]
RUN = 3  # words in a row, identical in both languages: English left behind


class _Text(HTMLParser):
    """The words a reader sees: text nodes and the attributes read aloud or shown (placeholder...)."""

    SHOWN = ("placeholder", "aria-label", "title", "alt")

    def __init__(self) -> None:
        super().__init__()
        self.chunks: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        self.chunks += [value for name, value in attrs if name in self.SHOWN and value]

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.chunks.append(data)


def shown_text(page: str) -> list[str]:
    parser = _Text()
    parser.feed(page)
    return parser.chunks


def _words(text: str) -> list[str]:
    return re.findall(r"\w[\w’'-]*", text.lower())


# Words that are the same in both languages (a run of them alone is not English left behind).
SAME_WORDS = {"joker", "jokers", "points", "section", "sections", "total", "version", "variante", "a4"}


def _is_a_name(run: tuple[str, ...]) -> bool:
    """Numbers, card codes (A-2-3-4, 6♠), single letters and words French shares with English."""
    return all(re.fullmatch(r"[\d♠♥♦♣ajqk–-]+|\w", w) or w in SAME_WORDS for w in run)


def english_left(english: str, french: str, names: list[str]) -> list[str]:
    """The French page's texts that hold a run of RUN words also in the English page, names aside."""
    def clean(text: str) -> str:
        for name in sorted(names, key=len, reverse=True):
            text = re.sub(re.escape(name), " | ", text, flags=re.IGNORECASE)
        return text

    def runs(text: str) -> set[tuple[str, ...]]:
        out = set()
        for part in clean(text).split("|"):
            ws = _words(part)
            out |= {tuple(ws[i:i + RUN]) for i in range(len(ws) - RUN + 1)}
        return {r for r in out if not _is_a_name(r)}

    english_runs = set().union(*(runs(t) for t in shown_text(english)))
    return sorted({t.strip() for t in shown_text(french) if runs(t) & english_runs})


def names_on(v=None) -> list[str]:
    """What stays as it is in French: variant names (house examples too), the sources' own section
    headings, scorekeeper."""
    every = all_variants() + house.examples()
    names = [x.name for x in every] + ["scorekeeper", "Continental Rummy", "May I"]
    for x in ([v] if v else every):
        page = reference.rules_page(x)
        for s in page.sections:
            for sub in (s, *s.subsections):
                names += [c.section.strip('"') for c in sub.citations  # our choices are translated
                          if c.section and c.file not in variants.TRANSLATED_SECTIONS]
    return names


def others_words(v=None) -> list[str]:
    """Text these pages show but other modules write (their French is tested with them): the
    irregularity guide's topics (rules/irregularities.py), the comparison's rows (rules/compare.py),
    a house variant's changes (rules/house.py)."""
    out = []
    for x in ([v] if v else all_variants()):
        out += [t.title for t in irregularities.topics(x)]
    table = compare.comparison(all_variants())
    out += [g.title for g in table.groups] + [r.label for r in table.rows]
    out += [val for r in table.rows if r.key in OTHERS_ROWS for val in r.values if val]
    out += [o.label for x in all_variants() + house.examples() for o in x.house_options.values()]
    for x in house.examples():
        base = get_variant(x.based_on)
        out += [part.strip() for part in house.describe_differences(base, x).split(",")]
        out += [f"{x.name}: {house.describe_differences(base, x)}"]
    return out


# The comparison rows whose values rules/compare.py words itself (the others are rules/reference.py's).
OTHERS_ROWS = {"aces", "contract-kind", "round-score", "winner", "rounds", "may-i", "may-i-several", "may-i-dead",
               "may-i-wait", "wild-limit", "all-wild-set", "same-suit-runs", "house-options"}


def without_guide(page: str) -> str:
    """The page without the irregularity guide's own rulings (rules/irregularities.py writes them)."""
    return re.sub(r'<section id="[^"]+" class="rule sub">.*?</section>', "", page, flags=re.S)


def both(client, url: str) -> tuple[str, str]:
    english, french = client.get(url, headers=EN), client.get(url, headers=FR)
    assert english.status_code == french.status_code, url
    return english.get_data(as_text=True), french.get_data(as_text=True)


def visible(page: str) -> str:
    return re.sub(r"[ \t\r\n]+", " ", " ".join(shown_text(page))).strip()  # a no-break space stays


# ----- every page, no English left ---------------------------------------------------------------

def test_the_english_detector_finds_an_english_sentence_left():
    english = "<p>Draw one card from the stock.</p><p>Joybells</p>"
    assert english_left(english, "<p>Piochez une carte.</p><p>Joybells</p>", ["Joybells"]) == []
    assert english_left(english, "<p>Piochez: one card from the talon.</p>", []) == ["Piochez: one card from the talon."]
    assert english_left("<p>2: 20; Joker: 50</p>", "<p>2 : 20; Joker : 50</p>", []) == []


@pytest.mark.parametrize("vid", VARIANTS)
def test_every_rules_page_in_french_leaves_no_english(client, vid):
    english, french = both(client, f"/rules/{vid}")
    assert '<html lang="fr">' in french and '<html lang="en">' in english
    assert english_left(without_guide(english), without_guide(french), names_on(get_variant(vid))) == []


@pytest.mark.parametrize("vid", VARIANTS)
def test_french_pages_keep_every_anchor(client, vid):
    english, french = both(client, f"/rules/{vid}")
    assert list(sections(french)) == list(sections(english))
    assert re.findall(r'href="#([^"]+)"', french) == re.findall(r'href="#([^"]+)"', english)
    v = get_variant(vid)
    for anchor in reference.CONTRACT_ANCHORS if v.is_contract_game else reference.ROY_ANCHORS:
        assert f'<section id="{anchor}"' in french


@pytest.mark.parametrize("url", ["/rules", "/rules/compare", "/rules/compare?v=joybells&v=le-may-i&diff=1",
                                 "/rules/search?q=joker", "/rules/search?q=zzzz", "/rules/nope",
                                 "/rules/compare?v=joybells&v=zz"])
def test_index_comparison_search_and_errors_leave_no_english(client, url):
    english, french = both(client, url)
    assert english_left(english, french, names_on()) == []


# ----- the game's own French -------------------------------------------------------------------

def test_le_may_i_speaks_the_games_french(client):
    page = visible(client.get("/rules/le-may-i", headers=FR).get_data(as_text=True))
    for words in ("Mise en place et donne", "Le tour de jeu", "Contrats par manche", "Dernière manche",
                  "Quand le talon est épuisé", "Décompte des points", "Irrégularités",
                  "2 brelans", "1 brelan + 1 séquence", "2 séquences", "3 brelans", "2 brelans + 1 séquence",
                  "Une partie compte 5 manches.", "distribuées par paquets (2 à la fois)",
                  "à gauche du donneur", "la défausse", "Le May I (règles françaises)",
                  "Chaque manche gagnée retire 20 points de votre total",
                  "plus 1 carte de pénalité sur le talon", "1 carte de pénalité pour chaque carte retirée",
                  "« May I ? »", "Source :", "Sources :", "valeur faciale"):
        assert words in page, words
    own = visible(without_guide(client.get("/rules/le-may-i", headers=FR).get_data(as_text=True)))
    for name in names_on(get_variant("le-may-i")):  # the sources' English headings, the guide's topics
        own = own.replace(name, "")
    for english in ("set", "run", "round", "stock", "discard pile", "dealer", "Scoring"):
        assert not re.search(rf"\b{english}\b", own), english


def test_contracts_cards_and_decks_read_as_french_sentences(client):
    """Sentences made from variant data: plurals and words in the French order."""
    page = visible(client.get("/rules/compare", headers=FR).get_data(as_text=True))
    for words in ("2 brelans (6)", "1 brelan + 1 séquence (7)", "3 séquences (12)", "2 jeux", "2 par jeu",
                  "12 chacun, une par une", "10 chacun, 2 à la fois", "3–10 : valeur faciale",
                  "les jokers et tous les 2", "les jokers et les as rouges", "manche 7, toutes les cartes dans le contrat",
                  "sans défausse finale", "jouée comme les autres", "défausse mélangée pour refaire un talon"):
        assert words in page, words
    clenney = visible(client.get("/rules/clenney", headers=FR).get_data(as_text=True))
    assert "Clenney May I se joue de 3 à 8 joueurs" in clenney
    assert "Une partie compte 7 manches." in clenney and "1 carte de pénalité" in clenney
    roy = visible(client.get("/rules/roy", headers=FR).get_data(as_text=True))
    assert "ROY se joue à 2 ou 3 joueurs, avec un seul jeu de 52 cartes, sans joker." in roy
    assert "la pioche passe à 2, 4, 6, 8" in roy and "Après le R♠, le joueur suivant pioche 7 cartes" in roy


def test_a_case_title_takes_the_french_space_before_its_colon(client):
    """French writes a no-break space before a colon: the irregularity guide's cases on a rules page."""
    french = client.get("/rules/joybells", headers=FR).get_data(as_text=True)
    english = client.get("/rules/joybells", headers=EN).get_data(as_text=True)
    assert "<strong>Arrêté à temps :</strong>" in french
    assert not re.search(r"<li><strong>[^<]*[^\xa0]:</strong>", french)
    assert "<strong>Caught in time:</strong>" in english


def test_french_puts_a_space_before_semicolons_in_lists(client):
    """Decks, card values and citations joined in a list: " ; " in French, "; " in English."""
    french = visible(client.get("/rules/compare", headers=FR).get_data(as_text=True))
    assert "2 jeux pour 4 joueurs ; 3 jeux pour 5–6 joueurs" in french
    assert "2–9 : 5 ; 10–R : 10" in french
    assert not re.search(r"\w;", french)
    joybells = client.get("/rules/joybells", headers=FR).get_data(as_text=True)
    assert "section « May I »</span> ; <span" in joybells
    assert not re.search(r"[»\w];", visible(joybells))
    english = visible(client.get("/rules/compare", headers=EN).get_data(as_text=True))
    assert "2–9: 5; 10–K: 10" in english


def test_the_same_page_in_both_languages_one_after_the_other(client):
    """Nothing built for one reader is kept for the next one in another language."""
    for _ in range(2):
        french = visible(client.get("/rules/joybells", headers=FR).get_data(as_text=True))
        english = visible(client.get("/rules/joybells", headers=EN).get_data(as_text=True))
        assert "Mise en place et donne" in french and "Set-up and deal" not in french
        assert "Set-up and deal" in english and "Mise en place et donne" not in english
    assert reference.rules_page(get_variant("joybells")).sections[0].title == "Set-up and deal"  # no app: English


# ----- search ------------------------------------------------------------------------------------

def test_search_finds_french_words_on_french_pages(client):
    page = client.get("/rules/search", query_string={"q": "talon épuisé"}, headers=FR).get_data(as_text=True)
    assert "sections trouvées pour « talon épuisé »" in page
    assert 'href="/rules/le-may-i#stock"' in page and "<mark>talon</mark>" in page
    assert "<mark>épuisé</mark>" in page
    # typed without accents, the words are found and marked as the page writes them
    plain = client.get("/rules/search", query_string={"q": "sequence"}, headers=FR).get_data(as_text=True)
    assert 'href="/rules/le-may-i#melds"' in plain and "<mark>séquence" in plain
    # the English words are not on the French pages, and the French ones not on the English pages
    assert "Aucune section ne contient tous ces mots" in client.get(
        "/rules/search", query_string={"q": "wild stock"}, headers=FR).get_data(as_text=True)
    assert "Nothing matches every word" in client.get(
        "/rules/search", query_string={"q": "talon"}, headers=EN).get_data(as_text=True)


def test_search_error_in_french(client):
    r = client.get("/rules/search", query_string={"q": "x" * 201}, headers=FR)
    assert r.status_code == 400
    assert "est trop long (201 caractères ; 200 au plus)" in r.get_data(as_text=True)


def test_unknown_variant_in_french(client):
    r = client.get("/rules/nope", headers=FR)
    page = r.get_data(as_text=True)
    assert r.status_code == 404 and "Variante : &#39;nope&#39; n’est pas une variante connue" in page
    r = client.get("/rules/compare?v=joybells&v=zz", headers=FR)
    assert r.status_code == 400 and "Variante 2 : &#39;zz&#39; n’est pas une variante connue" in r.get_data(as_text=True)


# ----- our own words -----------------------------------------------------------------------------

@pytest.mark.parametrize("vid", VARIANTS)
def test_no_sentence_of_any_source_in_the_french_pages(client, vid, source_runs):
    """The French rules are written afresh: no run of 8 words of any source, the French one included."""
    page = client.get(f"/rules/{vid}", headers=FR).get_data(as_text=True)
    assert copied(visible(page), source_runs) == []


def test_the_copy_detector_reads_french():
    runs = {"003": copy_check.load()["003"]}  # the French rules' fingerprints alone
    assert copied("Le premier donneur distribue dix cartes, deux par deux, à chaque joueur", runs)
    assert not copied(visible(reference.rules_page(get_variant("le-may-i")).intro), runs)


def test_every_built_in_summary_option_label_and_note_is_in_the_catalogue():
    """The TOML files' player-facing texts reach the catalogue through babel.cfg's extractor
    (rules/toml_words.py): each one, and every summary, label and note of the built-in variants, has
    its French, so a changed sentence cannot lose its French silently."""
    from importlib import resources

    from babel.messages.pofile import read_po

    from scorekeeper.rules import toml_words

    with (resources.files("scorekeeper") / "translations" / "fr" / "LC_MESSAGES" / "messages.po").open("rb") as f:
        french = {m.id: m.string for m in read_po(f) if m.id}
    extracted = set()
    for path in resources.files("scorekeeper.rules").joinpath("variants").iterdir():
        if path.name.endswith(".toml"):
            with path.open("rb") as f:
                extracted |= {message for _line, _func, message, _comments in toml_words.extract(f, (), (), {})}
    for v in all_variants():
        wanted = [v.summary, *(opt.label for opt in v.house_options.values()),
                  *(t for texts in v.notes.values() for t in texts)]
        for text in wanted:
            assert text in extracted and french.get(text), (v.id, text)
    assert len(extracted) > 15


# ----- on a phone ----------------------------------------------------------------------------------

FRENCH_PAGES = ["/rules", "/rules/compare", "/rules/search?q=talon", "/rules/nope"] + [f"/rules/{v}" for v in VARIANTS]


@pytest.mark.browser
def test_french_rules_pages_pass_the_phone_checks(live_server, page):
    """French runs longer: every rules page in French passes check_page (screenshots, no sideways
    scroll, 44px targets, the 60 KB budget) at 390x844 and 360x800."""
    from support.browser_support import check_page

    page.context.set_extra_http_headers({"Accept-Language": "fr-FR,fr;q=0.9"})
    problems = []
    for path in FRENCH_PAGES:
        page.goto(live_server + path)
        assert page.evaluate("document.documentElement.lang") == "fr", path
        try:
            check_page(page, "fr" + path.replace("?", "-"))
        except AssertionError as err:
            problems.append(str(err))
    assert not problems, "\n\n".join(problems)


def test_the_shared_macros_speak_french_on_a_tool_page(client):
    """rules/_macros.html (keypad, rule applied, sources) as the dispute tools use it."""
    page = client.post("/tools/meld", data={"variant": "le-may-i", "meld1": "8C 8P 8K"}, headers=FR).get_data(as_text=True)
    assert "<legend>Valeur</legend>" in page and ">Annuler</button>" in page and "Recommencer</a>" in page
    assert "Règle appliquée :" in page or "Règles appliquées :" in page
    assert "(Le May I (règles françaises), §6–7)" in page  # the citation in the reader's language
    english = client.post("/tools/meld", data={"variant": "le-may-i", "meld1": "8H 8S 8D"}, headers=EN)
    assert "(Le May I (French rules), §6–7)" in english.get_data(as_text=True)
