"""Counts of the last `make mutation` run (mutmut's results in mutants/), for docs/testing.md.

Run from the repository root after `mutmut run`:
    .venv/bin/python tools/mutation_report.py [--list] [--only FILE]
``--list`` prints the diff of every counted survivor; ``--only FILE`` counts only the mutants named
in FILE, one a line (e.g. a random sample run with ``mutmut run NAME...``). ``--draw N SEED`` prints
such a sample: N mutant names drawn at random (seeded, so the same draw again) from all of them.
``--draw-each N SEED MODULE...`` draws N from each module named (``melds``, ``game`` ...), for a sample
spread evenly over modules of very different sizes. Both draws repeat only while the rules code, and so
mutmut's list of mutants, is the same.

A surviving mutant is *message text* when the only thing it changes is the inside of string
literals that are words for a reader (the original literal holds a space: "went out",
f"{name} withdrew ..."); such mutants change what a message says, never a number, a verdict or a
field, and are left out of the score. A literal without a space ("went_out", "cards", "JK") is a
key or a value the code compares, so its mutants count like any other.

score = killed / (checked mutants - message-text survivors); mutants not checked yet are listed apart
"""
from __future__ import annotations

import ast
import io
import sys
import time
import tokenize
from collections import Counter, defaultdict
from pathlib import Path

from mutmut.mutation.data import SourceFileMutationData
from mutmut.mutation.diff_apply import get_diff_for_mutant
from mutmut.stats import status_by_exit_code
from mutmut.utils.file_utils import walk_mutatable_files


def _tokens(line: str) -> list[tuple[int, str]]:
    """The tokens of one line of a diff; a line that opens or continues a bracket is read up to its end."""
    out: list[tuple[int, str]] = []
    skip = (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER, tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT)
    try:
        for t in tokenize.generate_tokens(io.StringIO(line.strip() + "\n").readline):
            if t.type not in skip:
                out.append((t.type, t.string))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return out


def _is_prose(literal: str) -> bool:
    try:
        value = ast.literal_eval(literal)
    except (ValueError, SyntaxError):  # an f-string: its text parts are what a reader sees
        value = literal
    return isinstance(value, str) and " " in value.strip("'\"")


def _continues_a_sentence(before: str, line: str) -> bool:
    """Whether ``line`` opens with a string literal that goes on the prose literal ending ``before``
    (Python joins ``"... added "`` and ``"together."`` on the next line into one sentence)."""
    first, last = _tokens(line), _tokens(before)
    return bool(first and last) and first[0][0] == tokenize.STRING and last[-1][0] == tokenize.STRING \
        and _is_prose(last[-1][1])


def _marked_for_translation(tokens: list[tuple[int, str]], i: int) -> bool:
    """Whether token ``i`` is the text of ``_("...")`` or ``N_("...")``: words for a reader, even one
    word without a space (an answer's label, "Yes")."""
    return i >= 2 and tokens[i - 1][1] == "(" and tokens[i - 2][1] in ("_", "N_")


def kind_of(diff: str) -> str:
    """``message text`` when the mutant only changes prose inside string literals, else ``behaviour``.
    A literal without a space counts as prose where it ends a sentence begun on the line before, or
    where it is marked for translation."""
    lines = diff.splitlines()
    removed: list[tuple[str, str]] = []  # (the line before it, the removed line)
    for i, line in enumerate(lines):
        if line.startswith("-") and not line.startswith("---"):
            removed.append((lines[i - 1][1:] if i else "", line[1:]))
    added = [line[1:] for line in lines if line.startswith("+") and not line.startswith("+++")]
    if len(removed) != len(added) or not removed:
        return "behaviour"
    for (before, old), new in zip(removed, added):
        a, b = _tokens(old), _tokens(new)
        if not a or len(a) != len(b):
            return "behaviour"
        for i, ((ta, sa), (tb, sb)) in enumerate(zip(a, b)):
            if sa == sb:
                continue
            prose = _is_prose(sa) or (i == 0 and _continues_a_sentence(before, old)) or _marked_for_translation(a, i)
            if ta != tokenize.STRING or tb != tokenize.STRING or not prose:
                return "behaviour"
    return "message text"


def draw(count: int, seed: int) -> list[str]:
    """``count`` mutant names drawn from every mutant mutmut made, the same ones for the same ``seed``."""
    import random

    names: list[str] = []
    for path in walk_mutatable_files():
        data = SourceFileMutationData(path=path)
        data.load()
        names += data.exit_code_by_key
    return sorted(random.Random(seed).sample(sorted(names), count))


def draw_each(count: int, seed: int, modules: list[str]) -> list[str]:
    """``count`` mutant names from each of ``modules`` (``"melds"`` for scorekeeper/rules/melds.py),
    drawn module by module in alphabetical order from one seeded generator."""
    import random

    by_module: dict[str, list[str]] = defaultdict(list)
    for path in walk_mutatable_files():
        data = SourceFileMutationData(path=path)
        data.load()
        by_module[Path(path).stem] += data.exit_code_by_key
    unknown = sorted(set(modules) - set(by_module))
    if unknown:
        raise SystemExit(f"no mutants of {', '.join(unknown)}")
    rng = random.Random(seed)
    return [name for module in sorted(modules) for name in sorted(rng.sample(sorted(by_module[module]), count))]


def main(argv: list[str]) -> int:
    if "--draw" in argv:
        at = argv.index("--draw")
        print("\n".join(draw(int(argv[at + 1]), int(argv[at + 2]))))
        return 0
    if "--draw-each" in argv:
        at = argv.index("--draw-each")
        print("\n".join(draw_each(int(argv[at + 1]), int(argv[at + 2]), argv[at + 3:])))
        return 0
    only = set(Path(argv[argv.index("--only") + 1]).read_text().split()) if "--only" in argv else None
    statuses: Counter = Counter()
    by_file: dict[str, Counter] = defaultdict(Counter)
    survivors: list[tuple[str, str, str]] = []
    for path in walk_mutatable_files():
        data = SourceFileMutationData(path=path)
        for _ in range(5):  # mutmut rewrites the file while it runs
            try:
                data.load()
                break
            except ValueError:
                time.sleep(0.2)
        for name, code in data.exit_code_by_key.items():
            if only is not None and name not in only:
                continue
            status = status_by_exit_code[code]
            if status in ("survived", "no tests"):
                diff = get_diff_for_mutant(name, path=path)
                kind = kind_of(diff)
                status = f"{status}, {kind}"
                survivors.append((status, name, diff))
            statuses[status] += 1
            by_file[Path(path).name][status] += 1
    total = sum(statuses.values())
    text = sum(n for st, n in statuses.items() if st.endswith("message text"))
    unchecked = statuses["not checked"]
    killed = statuses["killed"] + statuses["timeout"] + statuses["caught by type check"]
    counted = total - text - unchecked
    print(f"mutants {total}, checked {total - unchecked}, killed {killed}, message-text survivors {text} (left out)")
    for status, n in sorted(statuses.items()):
        print(f"  {status}: {n}")
    print(f"score: {killed} / {counted} = {100 * killed / max(counted, 1):.1f}%")
    print("\nby file: killed / counted (not checked)")
    for name, c in sorted(by_file.items()):
        t = sum(n for st, n in c.items() if st.endswith("message text"))
        k = c["killed"] + c["timeout"] + c["caught by type check"]
        print(f"  {name}: {k} / {sum(c.values()) - t - c['not checked']} ({c['not checked']})")
    if "--list" in argv:
        for status, name, diff in sorted(survivors):
            if not status.endswith("message text"):
                print(f"\n# {name}: {status}\n{diff}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
