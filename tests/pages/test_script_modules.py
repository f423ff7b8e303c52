"""The scripts are ES modules (static/js/*.js; docs/performance.md, "Scripts as modules"): every page
loads them as modules, no script leaves a global behind, and a module that imports others names
each one's version, so that a page never runs a new module with an old one it imports; a module
goes without its comments, blank lines and indentation (scorekeeper/static_files.py, ``sent_text``)."""
from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

from support import games as gamedata

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "static" / "js"
IMPORTED = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["']\./([\w-]+\.js)(?:\?v=([0-9a-f]+))?["']""")


def _version(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()[:12]


def test_no_script_sets_or_reads_a_global_of_ours():
    for path in sorted(JS.glob("*.js")) + [ROOT / "static" / "sw.js"]:
        assert "window.scorekeeper" not in path.read_text(), path.name


def test_every_script_of_every_page_is_a_module(client):
    created = gamedata.create(client, "joybells", ["Ann", "Bob", "Cy"])
    gamedata.open_edit_link(client, created)
    game = f"/games/{created['id']}"
    for path in ("/", "/games/new", game, f"{game}/round", f"{game}/view", f"{game}/share", "/offline",
                 "/tools/hand"):
        html = client.get(path).get_data(as_text=True)
        scripts = re.findall(r"<script\b[^>]*>", html)
        assert scripts, path
        assert all('type="module"' in tag and "src=" in tag for tag in scripts), (path, scripts)


def test_a_module_names_the_version_of_each_module_it_imports(client):
    html = client.get(f"/games/{gamedata.create(client, 'joybells', ['Ann', 'Bob', 'Cy'])['id']}/hand").get_data(as_text=True)
    entry = re.search(r'src="(/static/js/hand\.js\?v=([0-9a-f]{12}))"', html)
    assert entry, "the hand page loads static/js/hand.js by version"
    seen, todo = set(), [entry.group(1)]
    while todo:
        address = todo.pop()
        with client.get(address) as answer:
            body = answer.get_data()
        assert answer.status_code == 200, address
        assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable", address
        assert address.endswith("?v=" + _version(body)), address  # its version is the text as sent
        for name, version in IMPORTED.findall(body.decode()):
            assert version, f"{address} imports ./{name} without its version"
            imported = f"/static/js/{name}?v={version}"
            if imported not in seen:
                seen.add(imported)
                todo.append(imported)
    names = {address.split("?")[0].rsplit("/", 1)[1] for address in seen}
    assert {"say.js", "card_letters.js", "games.js", "cards.js", "fill_hand.js"} <= names


def test_a_change_deep_in_the_imports_gives_the_importer_a_new_version(app, client, tmp_path):
    static = tmp_path / "static"
    shutil.copytree(ROOT / "static", static)
    app.static_folder = str(static)
    before = re.search(r'src="/static/js/pwa\.js\?v=([0-9a-f]{12})"', client.get("/").get_data(as_text=True)).group(1)
    say = static / "js" / "say.js"
    say.write_text(say.read_text() + "\nexport const changed = true;\n")  # pwa.js imports say.js, itself unchanged
    after = re.search(r'src="/static/js/pwa\.js\?v=([0-9a-f]{12})"', client.get("/").get_data(as_text=True)).group(1)
    assert after != before
    assert (static / "js" / "pwa.js").read_bytes() == (ROOT / "static" / "js" / "pwa.js").read_bytes()
    with client.get(f"/static/js/pwa.js?v={after}") as answer:
        sent = answer.get_data(as_text=True)
    with client.get("/static/js/say.js") as answer:
        assert f'"./say.js?v={_version(answer.get_data())}"' in sent
    # at its bare address (a phone's older page, the worker's install) the same text, checked each time
    bare = client.get("/static/js/pwa.js")
    assert bare.get_data(as_text=True) == sent and bare.headers["Cache-Control"] == "no-cache"
    assert bare.headers["ETag"].strip('W/"') == after and "Last-Modified" not in bare.headers
    assert client.get("/static/js/pwa.js", headers={"If-None-Match": bare.headers["ETag"]}).status_code == 304


def test_a_module_is_sent_without_its_comments_and_indentation_and_still_runs_the_same(client):
    written = (JS / "games.js").read_text()
    with client.get("/static/js/games.js") as answer:
        sent = answer.get_data(as_text=True)
    assert "//" in written and "\n  " in written
    assert not [line for line in sent.splitlines() if line.startswith("//") or line != line.strip() or not line]
    kept = [line.strip() for line in written.splitlines() if line.strip() and not line.strip().startswith("//")]
    assert [IMPORTED.sub("", line) for line in sent.splitlines()] == [IMPORTED.sub("", line) for line in kept]
