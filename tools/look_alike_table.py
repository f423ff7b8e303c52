"""Write scorekeeper/rules/look_alike.json: each character that looks like another one, and the one
that stands for it (scorekeeper/rules/look_alike.py), from Unicode's confusables.txt as the
confusable_homoglyphs package ships it (a table that lists each pair both ways).

    .venv/bin/pip install confusable-homoglyphs && .venv/bin/python tools/look_alike_table.py

A character that has one look-alike maps to it (Cyrillic а to a); one that several others look
like stands for them (a); of two that only look like each other, the one in ASCII (else the lower
code point) stands for both.
"""
from __future__ import annotations

import json
from importlib import resources
from importlib.metadata import version
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "scorekeeper" / "rules" / "look_alike.json"
MARKS = dict.fromkeys(map(ord, "\u200e\u200f"))  # (the package wraps right-to-left characters in these)


def preferred(a: str, b: str) -> str:
    return min(a, b, key=lambda ch: (not ch.isascii(), ord(ch)))


def main() -> None:
    raw = json.loads(resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8"))
    table = {ch.translate(MARKS): [item["c"].translate(MARKS) for item in items] for ch, items in raw.items()}
    out: dict[str, str] = {}
    for ch, alikes in sorted(table.items()):
        if len(ch) != 1 or len(alikes) != 1 or not alikes[0]:
            continue  # several characters look like it: it stands for them
        other = alikes[0]
        if len(other) == 1 and len(table.get(other, ())) == 1 and preferred(ch, other) == ch:
            continue  # two that only look like each other: this one stands for both
        out[ch] = other
    doc = {"source": f"Unicode confusables.txt, from confusable_homoglyphs {version('confusable_homoglyphs')}",
           "prototypes": out}
    OUT.write_text(json.dumps(doc, ensure_ascii=False, sort_keys=True, indent=0) + "\n", encoding="utf-8")
    print(f"{len(out)} characters written to {OUT}")


if __name__ == "__main__":
    main()
