"""The scripts' sentences in the reader's language (scorekeeper/web/script_words.py): every say() of
static/js/*.js is listed (so extracted and translated), no script shows an English sentence outside
say(), the words script is versioned and cacheable; the manifest and the offline page in French."""
from __future__ import annotations

import json
import re
from pathlib import Path

from scorekeeper.web.script_words import SENTENCES, joined_strings
from support import games as gamedata

JS = Path(__file__).resolve().parents[2] / "static" / "js"
FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
# say("..."), the sentence on the same line or on the next (a long one: say(\n  "...",\n  values)),
# or say(label === "Hand" ? "..." : "...")
SAID = re.compile(r'\bsay\(\s*(?:[\w.]+ === "\w+" \? "((?:[^"\\]|\\.)*)" : )?"((?:[^"\\]|\\.)*)"')
# A script's line is at most this long, unless it holds a sentence (or a piece of one, joined to the
# next by "+") alone: the string, and what closes the call; no line at all is longer than LONGEST.
LONGEST_LINE = 100
LONGEST = 120
SENTENCE_ALONE = re.compile(r'\s*"(?:[^"\\]|\\.)*"(?: \+|[,);]*)')
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'')  # (a string ends on its line)
# Two words or more: a sentence a user might see.
SENTENCE = re.compile(r"[A-Za-z]{2,}[,;:.?!]? +[A-Za-z]{2,}")
# Not sentences: CSS selectors (".hand input:checked", "a.button") and the like.
NOT_SHOWN = re.compile(r"(^|[\s,])[.#\[]\w|\w[.:\[]\w|^Bearer $|^use strict$")
# Class names: className = "hint offline-preview", make("p", { className: "if-out hint" }),
# el("p", "hint waiting-row", ...)
CLASSES = re.compile(r'className(?: =|:) "[^"]*"|\bel\("\w+", "[^"]*"')
NOT_YET: set[str] = set()  # scripts not yet speaking through say()
# A sentence of games.js too long for one line, written in two pieces joined by "+".
LONG_SENTENCE = ("Hands from the players' phones no longer arrive here: round %(number)s was saved meanwhile "
                 "(on another phone or tab), or the game is over.")


def said() -> dict[str, set[str]]:
    return {p.name: {json.loads(f'"{m}"') for pair in SAID.findall(joined_strings(p.read_text())) for m in pair if m}
            for p in JS.glob("*.js")}


def test_every_sentence_of_a_script_is_listed_for_translation():
    listed = set(SENTENCES)
    used = set().union(*said().values())
    assert used - listed == set(), "add these to SENTENCES in scorekeeper/web/script_words.py"
    assert listed - used == set(), "listed, but no script says them"


def test_no_script_shows_an_english_sentence_outside_say():
    left = {}
    for path in sorted(JS.glob("*.js")):
        if path.name in NOT_YET:
            continue
        code = "\n".join("" if line.lstrip().startswith("//") else line for line in path.read_text().splitlines())
        code = CLASSES.sub("", SAID.sub("say(", joined_strings(code)))
        texts = ["".join(m) for m in LITERAL.findall(code)]
        found = [t for t in texts if SENTENCE.search(t) and not NOT_SHOWN.search(t)]
        if found:
            left[path.name] = found
    assert left == {}, f"English left in scripts (write it in say()): {left}"


def test_a_sentence_on_the_line_after_say_is_found():
    """A long sentence goes on the line after ``say(``: still found, so still checked."""
    code = 'note.textContent = say(\n    "No network: the preview needs it.",\n    { what });\n'
    assert [m for pair in SAID.findall(code) for m in pair if m] == ["No network: the preview needs it."]


def test_a_sentence_written_in_pieces_is_found_whole():
    """A sentence longer than a line is written in pieces joined by "+", one a line: found whole,
    so listed, translated and checked whole; what is not two strings joined stays as it was."""
    code = ('doubt.textContent = say(\n    "No hand adds up to %(points)s. " +\n    "Check it, or tick \\"Yes\\".",'
            '\n    { points });\nconst x = "a" + name + "b";\n')
    assert [m for pair in SAID.findall(joined_strings(code)) for m in pair if m] == [
        'No hand adds up to %(points)s. Check it, or tick \\"Yes\\".']
    assert '"a" + name + "b"' in joined_strings(code)
    assert joined_strings('say("One " + "two " +\n  "three.")') == 'say("One two three.")'


def test_no_line_of_a_script_is_over_100_characters_but_a_sentence_alone():
    long = [f"{path.name}:{number}" for path in sorted(JS.glob("*.js"))
            for number, line in enumerate(path.read_text().splitlines(), 1)
            if len(line) > LONGEST_LINE and not SENTENCE_ALONE.fullmatch(line)]
    assert long == [], "cut these lines (a long sentence goes alone on the line after say()"


def test_no_line_of_a_script_is_over_120_characters():
    """Not even a sentence alone: a longer one is written in pieces joined by "+", one a line."""
    long = [f"{path.name}:{number} ({len(line)})" for path in sorted(JS.glob("*.js"))
            for number, line in enumerate(path.read_text().splitlines(), 1) if len(line) > LONGEST]
    assert long == [], "write these sentences in pieces joined by \"+\", one a line"


WORDS_LINK = re.compile(r'<script type="module" src="(/words/fr\.js\?v=([0-9a-f]{12})&amp;for=([\w.,]+))" class="words"></script>')


def _words(body: str) -> dict:
    return json.loads(body.split("export default ", 1)[1].split(";\n", 1)[0])


def test_a_french_page_loads_the_french_words_an_english_page_none(client):
    english = client.get("/games/new").get_data(as_text=True)
    assert "/words/" not in english
    french = client.get("/games/new", headers=FR).get_data(as_text=True)
    found = WORDS_LINK.search(french)
    assert found, "the French page names its words script"
    assert found.group(3) == "pwa.js,new_game.js"  # the modules the page runs
    address = found.group(1).replace("&amp;", "&")
    r = client.get(address)
    assert r.status_code == 200 and r.mimetype == "text/javascript"
    assert r.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert r.headers["ETag"] == f'"{found.group(2)}"'
    words = _words(r.get_data(as_text=True))
    assert words["As of %(time)s, offline: this is the copy kept on this phone."].startswith("État de %(time)s")
    assert set(words) <= set(SENTENCES)
    assert client.get(address, headers={"If-None-Match": r.headers["ETag"]}).status_code == 304
    # an old version's address is checked again, never kept a year
    assert client.get("/words/fr.js?v=000000000000").headers["Cache-Control"] == "no-cache"


def test_a_page_is_sent_the_words_of_the_modules_it_runs(client):
    """The round form's words: its modules' and those they import, at once (cards.js) or with the
    first hand from a phone (proposals.js); not the live board's or the Copy button's. The words
    with no modules named (what the service worker stores) hold every sentence."""
    game = gamedata.create(client, "continental", ["Ann", "Bob", "Cy", "Di"])
    gamedata.open_edit_link(client, game)
    pages = {}
    for name, path in (("round", f"/games/{game['id']}/round"), ("game", f"/games/{game['id']}")):
        found = WORDS_LINK.search(client.get(path, headers=FR).get_data(as_text=True))
        pages[name] = _words(client.get(found.group(1).replace("&amp;", "&")).get_data(as_text=True))
    assert pages["round"]["Went out: 0 points."] == "Sortie\u00a0: 0 point."  # games.js
    assert pages["round"][LONG_SENTENCE].startswith("Les mains")  # written in pieces in games.js, sent whole
    assert "Read as %(cards)s" in pages["round"] and "Use it" in pages["round"]  # cards.js, proposals.js
    assert "Updated at %(time)s." not in pages["round"] and "Copied." not in pages["round"]
    assert "Updated at %(time)s." in pages["game"] and "Went out: 0 points." not in pages["game"]
    every = _words(client.get("/words/fr.js").get_data(as_text=True))
    assert set(every) > set(pages["round"]) | set(pages["game"]) and len(every) > len(pages["round"]) + 10
    assert client.get("/words/fr.js?for=games.js,nope.js").status_code == 404
    assert client.get("/words/fr.js?for=../sw.js").status_code == 404


def test_no_words_script_for_english_or_an_unknown_language(client):
    assert client.get("/words/en.js").status_code == 404
    assert client.get("/words/xx.js").status_code == 404


def test_the_manifest_in_the_readers_language(client):
    english = client.get("/manifest.webmanifest")
    manifest = json.loads(english.get_data())
    assert manifest["name"] == "scorekeeper: May I and ROY scores" and manifest["lang"] == "en"
    assert manifest["description"] == "Keep score of May I rummy and ROY at the card table, round by round."
    french = client.get("/manifest.webmanifest", headers=FR)
    manifest = json.loads(french.get_data())
    assert manifest["lang"] == "fr" and manifest["name"] == "scorekeeper : scores de May I et de ROY"
    assert manifest["description"].startswith("Tenez les scores du rami May I et de ROY")
    assert manifest["start_url"] == "/games" and manifest["short_name"] == "scorekeeper"
    assert english.headers["ETag"] != french.headers["ETag"]
    again = client.get("/manifest.webmanifest", headers={**FR, "If-None-Match": french.headers["ETag"]})
    assert again.status_code == 304


def test_the_offline_page_says_its_language(client):
    english = client.get("/offline")
    assert english.headers["Content-Language"] == "en" and "No network" in english.get_data(as_text=True)
    french = client.get("/offline", headers=FR)
    html = french.get_data(as_text=True)
    assert french.headers["Content-Language"] == "fr"
    assert "<h1>Pas de réseau</h1>" in html and "Vos parties" in html and "No network" not in html


def test_the_worker_stores_each_languages_words():
    shell = (JS.parent / "sw.js").read_text()
    assert '"/words/fr.js"' in shell
