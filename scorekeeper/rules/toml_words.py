"""The sentences players see that the variants' TOML files hold (a summary, house option labels,
``[notes]``), for ``pybabel extract`` (babel.cfg names :func:`extract`): a variant file brings its
own words to the catalogue, and ``shown_text`` (rules/variants.py) translates them where shown."""
from __future__ import annotations

import tomllib
from typing import Any, BinaryIO, Iterator


def _sentences(data: dict[str, Any]) -> Iterator[str]:
    if isinstance(data.get("summary"), str) and data["summary"]:
        yield data["summary"]
    for option in data.get("house_options", {}).values():
        if isinstance(option, dict) and isinstance(option.get("label"), str):
            yield option["label"]
    for value in data.get("notes", {}).values():
        yield from ([value] if isinstance(value, str) else [t for t in value if isinstance(t, str)])


def extract(fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extraction method: (line, function, message, comments) for each sentence."""
    text = fileobj.read().decode("utf-8")
    lines = text.splitlines()
    for sentence in _sentences(tomllib.loads(text)):
        line = next((i for i, line in enumerate(lines, start=1) if sentence[:40] in line), 1)
        yield line, "_", sentence, []
