"""Write tests/data/source_fingerprints.json from the rule sources' texts, where they are at hand.

    python tools/source_fingerprints.py FOLDER          # write the file from FOLDER/000_*.txt … 004_*.txt
    python tools/source_fingerprints.py FOLDER --check  # exit 1 if the checked-in file is not up to date

The texts are other people's writing and stay outside the repository; the file holds only a
fingerprint of every run of 8 words of each (tests/copy_check.py), so that the tests can tell that
our own words copy none of them without the texts.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.rules.variants import SOURCE_KEYS, SOURCE_TITLES  # noqa: E402
from tests.copy_check import FINGERPRINTS, RUN, fingerprints, words  # noqa: E402


def document(folder: Path) -> str:
    sources = {}
    for key in SOURCE_KEYS:
        found = sorted(folder.glob(f"{key}_*.txt"))  # each source's text is named after its id
        if len(found) != 1:
            sys.exit(f"{folder}: expected one {key}_*.txt, found {len(found)}")
        text = found[0].read_text(encoding="utf-8")
        sources[key] = {"title": SOURCE_TITLES[key], "words": len(words(text)), "runs": sorted(fingerprints(text))}
    data = {
        "about": "Fingerprints of every run of 8 words of each rule source (tests/copy_check.py), "
                 "made by tools/source_fingerprints.py; the texts themselves are not in the repository.",
        "words_per_run": RUN,
        "hash": "BLAKE2b, 8 bytes, hex, of the run's lower-case words joined by single spaces",
        "sources": sources,
    }
    return json.dumps(data, indent=0, ensure_ascii=False) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the folder holding the rule sources' texts")
    parser.add_argument("--check", action="store_true", help="only say whether the checked-in file is up to date")
    args = parser.parse_args()
    text = document(args.folder)
    if args.check:
        same = FINGERPRINTS.is_file() and FINGERPRINTS.read_text(encoding="utf-8") == text
        print(f"{FINGERPRINTS.relative_to(ROOT)} is {'up to date' if same else 'out of date'}")
        return 0 if same else 1
    FINGERPRINTS.write_text(text, encoding="utf-8")
    print(f"wrote {FINGERPRINTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
