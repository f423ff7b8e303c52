"""A page names each static file by its version (scorekeeper/static_files.py); once worked out, a
version is worked out again only when a file it was made from changes, so a page does not write
its modules out again on every request (docs/performance.md, "Server speed"). The existing
tests/pages/test_script_modules.py checks that a change deep in a module's imports still gives the
importer a new version."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

from scorekeeper import static_files

ROOT = Path(__file__).resolve().parents[2]
NAMED = re.compile(r'(?:src|href)="/static/([^"?]+)\?v=([0-9a-f]{12})"')


def test_a_page_writes_no_static_file_out_again_while_none_changed(client, monkeypatch):
    first = client.get("/").get_data(as_text=True)
    assert any(name.startswith("js/") for name, _ in NAMED.findall(first))  # it names modules
    written = []
    writes = static_files.sent_text
    monkeypatch.setattr(static_files, "sent_text", lambda *args: written.append(args[0]) or writes(*args))
    again = client.get("/").get_data(as_text=True)
    assert NAMED.findall(again) == NAMED.findall(first)
    assert written == []


def test_a_file_changed_removed_or_put_back_is_named_by_its_new_version(app, client, tmp_path):
    static = tmp_path / "static"
    shutil.copytree(ROOT / "static", static)
    app.static_folder = str(static)
    stylesheet = static / "css" / "app.css"

    def named() -> dict[str, str]:
        return dict(NAMED.findall(client.get("/").get_data(as_text=True)))

    before = named()["css/app.css"]
    stylesheet.write_text(stylesheet.read_text() + "\n/* changed */\n")
    changed = named()["css/app.css"]
    assert changed != before
    text = stylesheet.read_bytes()
    stylesheet.unlink()
    assert "css/app.css" not in named()  # no such file: the page names no version of it
    stylesheet.write_bytes(text)
    assert named()["css/app.css"] == changed
