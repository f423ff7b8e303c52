"""The checks that keep the rules' words right, on the pages and PDFs a player reads: every link
of the irregularity guide, for every variant and house variant, leads to a page that exists; every
rulings section a page cites is a heading of docs/rulings.md; no French page or PDF shows an
English rank letter (docs/rulings.md, "Card codes on French pages"); a house variant's page marks
exactly the sections whose words changed."""
from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from scorekeeper.rules import house
from scorekeeper.rules.variants import all_variants
from support.pages import sections
from support.pdfcheck import pdf_text

EN = {"Accept-Language": "en"}
FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
RULINGS_DOC = Path(__file__).resolve().parents[2] / "docs/rulings.md"
BUILT_IN = [v.id for v in all_variants()]
EXAMPLES = [v.id for v in house.examples()]

# An English rank letter where a French reader would see V, D or R: a J, Q or K next to a suit
# symbol ("K♠"), in a run of ranks ("J-Q-K-A", "K-A-2", "10–K", "9-Q") or a list of ranks ("J, Q, K").
RANK = r"(?:10|[2-9AJQKVDR])"
ENGLISH_RANK = re.compile(
    rf"(?<![\w-])[JQK][♠♥♦♣]|(?<![\w-])[JQK]\s?[-–]\s?{RANK}(?![\w])|(?<![\w-]){RANK}\s?[-–]\s?[JQK](?![\w-])"
    r"|(?<!\w)[JQK], [JQK](?!\w)")


def _visible(page: str) -> str:
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return re.sub(r"[ \t\r\n]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", text))).strip()  # a no-break space stays


def _headings() -> set[str]:
    return {re.sub(r" \([^)]*\)$", "", line[3:].strip())
            for line in RULINGS_DOC.read_text(encoding="utf-8").splitlines() if line.startswith("## ")}


@pytest.fixture
def stored_house(client):
    """House variants a table made: fewer rounds (Joybells), no May I (Le May I), other ROY draws."""
    made = []
    for base, changes in (
        ("joybells", {"rounds": [{"contract": {"sets": 2, "runs": 0}}, {"contract": {"sets": 0, "runs": 2}},
                                 {"contract": {"sets": 1, "runs": 1}}]}),
        ("le-may-i", {"may_i": {"allowed": False}}),
        ("roy", {"roy": {"draw_per_card": 3}}),
    ):
        r = client.post("/api/v1/variants", json={"based_on": base, "name": f"Our {base}", "changes": changes})
        assert r.status_code == 201, r.json
        made.append(r.json["id"])
    return made


def test_the_english_rank_detector():
    for english in ("Après le K♠, le joueur", "haut (J-Q-K-A)", "pas de K-A-2", "10–K : 10", "J, Q, K = 10",
                    "5-8 et 9-Q de pique", "Q-K-A"):
        assert ENGLISH_RANK.search(english), english
    for french in ("Après le R♠, le joueur", "haut (V-D-R-A)", "pas de R-A-2", "10–R : 10", "V, D, R = 10",
                   "couleur P, C, K, T (ou ♠ ♥ ♦ ♣), ou JK", "JK", "Joker = 50", "carreau (K)", "2–9 = 5"):
        assert not ENGLISH_RANK.search(french), french


# ----- the guide: every link leads to a page that exists --------------------------------------------

def _walk_guide(client, variant_id: str, headers) -> int:
    start = f"/tools/irregularities?variant={variant_id}"
    seen, todo = set(), [start]
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        r = client.get(url, headers=headers)
        page = r.get_data(as_text=True)
        assert r.status_code == 200, url
        assert 'class="field-error"' not in page, (url, _visible(page)[:300])
        if not url.startswith("/tools/irregularities"):
            continue  # a rules page or a tool: it exists; the guide's own pages are followed further
        for href in re.findall(r'href="([^"]+)"', page):
            href = html.unescape(href)
            parts = urlsplit(href)
            if parts.netloc or not parts.path.startswith(("/tools/", "/rules/")):
                continue
            if parts.path == "/tools/irregularities" and f"variant={variant_id}" not in parts.query:
                continue  # the guide's other variants are walked on their own
            anchor = parts.fragment
            target = parts.path + (f"?{parts.query}" if parts.query else "")
            if anchor and parts.path.startswith("/rules/"):
                rules_page = client.get(parts.path, headers=headers).get_data(as_text=True)
                assert f'id="{anchor}"' in rules_page, (url, href)
            todo.append(target)
    return len(seen)


@pytest.mark.parametrize("variant_id", BUILT_IN + EXAMPLES)
@pytest.mark.no_database  # (the PostgreSQL job leaves it out: tests/conftest.py)
def test_every_link_of_the_guide_leads_to_a_page_that_exists(client, variant_id):
    assert _walk_guide(client, variant_id, EN) > 10


def test_every_link_of_the_guide_of_a_tables_house_variants_leads_to_a_page(client, stored_house):
    for variant_id in stored_house:
        assert _walk_guide(client, variant_id, EN) > 10


def test_the_roy_guide_walked_in_french_reaches_no_error(client):
    assert _walk_guide(client, "roy", FR) > 10


# ----- rulings sections cited by their headings ---------------------------------------------------------

@pytest.mark.parametrize("headers, label", [(EN, "scorekeeper's rulings, section “"),
                                            (FR, "décisions de scorekeeper, section «\u00a0")])
def test_every_rulings_section_a_page_cites_is_a_heading_of_docs_rulings(client, stored_house, headers, label):
    headings = _headings()
    close = "”" if headers is EN else "\u00a0»"
    pages = [f"/rules/{v}" for v in BUILT_IN + EXAMPLES + stored_house]
    pages += [f"/tools/irregularities?variant=roy&topic={t}&step={s}"
              for t, s in (("stock", ""), ("re-deal", "no"), ("player-leaving", "one"))]
    cited = set()
    for url in pages:
        text = _visible(client.get(url, headers=headers).get_data(as_text=True))
        cited |= set(re.findall(re.escape(label) + r"(.+?)" + re.escape(close), text))
    assert {"ROY's gaps", "Built-in variants", "Laying down and laying off"} <= cited
    assert cited - headings == set()


# ----- French letters on pages and PDFs ---------------------------------------------------------------

@pytest.mark.parametrize("url", [f"/rules/{v}" for v in BUILT_IN + EXAMPLES] + [
    "/rules/compare?" + "&".join(f"v={v}" for v in BUILT_IN), "/rules/compare?diff=1&v=continental&v=le-may-i",
    "/rules/search?q=as", "/tools/irregularities?variant=roy&topic=re-deal&step=no"])
@pytest.mark.no_database  # (the PostgreSQL job leaves it out: tests/conftest.py)
def test_no_french_rules_page_shows_an_english_rank_letter(client, url):
    r = client.get(url, headers=FR)
    assert r.status_code == 200
    text = _visible(r.get_data(as_text=True))
    assert ENGLISH_RANK.findall(text) == [], url


def test_the_english_pages_keep_their_letters(client):
    text = _visible(client.get("/rules/roy", headers=EN).get_data(as_text=True))
    assert "After the K♠, the next player draws 7 cards" in text
    compare = _visible(client.get("/rules/compare?v=continental&v=le-may-i", headers=EN).get_data(as_text=True))
    assert "(J-Q-K-A)" in compare or "no K-A-2" in compare


@pytest.mark.parametrize("variant_id", BUILT_IN)
def test_no_french_pdf_shows_an_english_rank_letter(client, variant_id):
    r = client.get(f"/variants/{variant_id}/scoresheet.pdf", headers=FR)
    assert r.status_code == 200
    _pages, text = pdf_text(r.data)
    assert ENGLISH_RANK.findall(text) == []
    if variant_id == "le-may-i":
        assert "V, D, R = 10" in text
    if variant_id == "roy":
        assert "R♠" in text


# ----- a house variant's page marks exactly the sections whose words changed ------------------------------

def _section_words(page: str, name: str, base_name: str) -> dict[str, str]:
    out = {}
    for anchor, chunk in sections(page).items():
        chunk = re.sub(r'<p class="house-note">.*?</p>|<span class="changed-tag">.*?</span>', " ", chunk, flags=re.S)
        chunk = re.sub(r'<section id="[^"]+" class="rule sub.*', " ", chunk, flags=re.S)  # its own words only
        out[anchor] = _visible(chunk).replace(name, base_name)
    return out


def test_a_house_page_marks_exactly_the_sections_whose_words_changed(client, stored_house):
    for variant_id in EXAMPLES + stored_house:
        v = client.get(f"/api/v1/variants/{variant_id}").json
        base = client.get(f"/api/v1/variants/{v['based_on']}").json
        mine = client.get(f"/rules/{variant_id}", headers=EN).get_data(as_text=True)
        theirs = client.get(f"/rules/{base['id']}", headers=EN).get_data(as_text=True)
        marked = set(re.findall(r'<section id="([^"]+)" class="rule[^"]* changed-section', mine))
        mine_words, their_words = _section_words(mine, v["name"], base["name"]), _section_words(theirs, "", "")
        differ = {a for a, words in mine_words.items() if a in their_words and words != their_words[a]}
        top = {a for a in differ if f'<section id="{a}" class="rule sub' not in mine}
        assert marked == top, (variant_id, marked, top)
    joybells_three_rounds = client.get(f"/rules/{stored_house[0]}", headers=EN).get_data(as_text=True)
    assert set(re.findall(r'<section id="([^"]+)" class="rule[^"]* changed-section', joybells_three_rounds)) == {
        "may-i", "contracts", "going-out", "last-round"}


@pytest.mark.parametrize("headers, query", [(EN, "went out wrong meld"), (EN, "going out illegal"),
                                            (FR, "sorti combinaison fausse"), (FR, "sortie illégale")])
@pytest.mark.no_database  # (the PostgreSQL job leaves it out: tests/conftest.py)
def test_the_rules_search_finds_a_player_who_went_out_on_a_wrong_meld(client, headers, query):
    page = client.get("/rules/search", query_string={"q": query}, headers=headers).get_data(as_text=True)
    for variant_id in ("joybells", "continental", "le-may-i", "clenney"):
        assert f'/rules/{variant_id}#laid-down-illegally"' in page, (query, variant_id)
