"""The scripts of ``static/js/`` as ES modules: which modules a page runs, and what each imports.

A template names each module it runs with ``module_url("games.js")`` (its versioned address, as
``url_for("static", ...)`` gives it) rather than ``url_for`` directly, so that the page knows its
modules: the words a French page is sent are the sentences of those modules and of every module
they import, at once or when needed (``scorekeeper/web/script_words.py``, ``page_words_url``).
``scorekeeper/static_files.py`` versions each import with the same reading of a module's imports.
"""
from __future__ import annotations

import os
import re

from flask import current_app, g, url_for

FOLDER = "js/"  # the folder of static/ whose scripts are ES modules
# A module's import of a neighbour: `from "./say.js"`, `import "./x.js"`, `import("./proposals.js")`.
IMPORT = re.compile(r"""(\bfrom\s*|\bimport\s*\(?\s*)(["'])\./([\w-]+\.js)\2""")
NAME = re.compile(r"[\w-]+\.js")


def source(name: str) -> str | None:
    """The text of the module ``static/js/<name>`` as written, None when there is no such module."""
    if not NAME.fullmatch(name):
        return None
    try:
        with open(os.path.join(current_app.static_folder or "", FOLDER, name), encoding="utf-8") as f:
            return f.read()
    except OSError:
        return None


def reached(entries: tuple[str, ...]) -> tuple[str, ...]:
    """The modules ``entries`` run: themselves and every module they import, however deep, at once
    or when needed (``import("./proposals.js")``), sorted; None of a name that is no module."""
    seen: set[str] = set()
    waiting = list(entries)
    while waiting:
        name = waiting.pop()
        text = None if name in seen else source(name)
        if text is None:
            continue
        seen.add(name)
        waiting.extend(found.group(3) for found in IMPORT.finditer(text))
    return tuple(sorted(seen))


def module_url(name: str) -> str:
    """The versioned address of ``static/js/<name>``, noted as a module this page runs."""
    if name not in g.setdefault("page_modules", []):
        g.page_modules.append(name)
    return url_for("static", filename=FOLDER + name)


def page_modules() -> tuple[str, ...]:
    """The modules the page being made named so far (``module_url``)."""
    return tuple(g.get("page_modules", ()))
