"""Benchmark: the meld and contract checker on its worst cases.

Times ``check_meld`` / ``check_contract`` on 13-card runs and sets full of wild cards (the search
tries every rank, suit and window), many repetitions each, and writes the per-call median, p99
and max into the "Meld checker" section of docs/performance.md (replacing the old section).

Run from the repository root:

    .venv/bin/python bench/bench_melds.py            # default 2000 repetitions per case
    .venv/bin/python bench/bench_melds.py --reps 200 --no-write
"""
from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.rules import get_variant, parse_cards  # noqa: E402
from scorekeeper.rules.melds import check_contract, check_meld  # noqa: E402

DOC = ROOT / "docs" / "performance.md"
HEADING = "## Meld checker"


def cards(text: str):
    return parse_cards(text.split())


def meld_case(variant_id: str, text: str, house: dict | None = None):
    variant = get_variant(variant_id)
    if house:
        variant = variant.with_house_rules(house)
    hand = cards(text)
    return lambda: check_meld(variant, hand)


def contract_case(variant_id: str, round_number: int, *melds: str):
    variant = get_variant(variant_id)
    hands = [cards(m) for m in melds]
    return lambda: check_contract(variant, round_number, hands)


def _corner_wild_variant():
    """Clenney's around-the-corner aces with jokers and 2s wild: a sixth variant as TOML data."""
    from importlib import resources

    from scorekeeper.rules.variants import load_variant

    text = resources.files("scorekeeper.rules").joinpath("variants", "clenney.toml").read_text(encoding="utf-8")
    text = (text.replace('id = "clenney"', 'id = "clenney-wild-bench"').replace('wild = []', 'wild = ["JK", "2"]')
            .replace("jokers_per_deck = 0", "jokers_per_deck = 2").replace("K = 10\n", "K = 10\nJK = 20\n", 1))
    return load_variant(text)


CORNER_WILD = _corner_wild_variant()
CORNER_HAND = cards("JK 10D JK QD 2S AD JK 3D 2C 5D JK 7D 8D")

CASES = [
    ("13-card run, 6 wilds scattered (Joybells)", "legal",
     meld_case("joybells", "AH JK 3H 2C 5H JK 7H 2S 9H JK JH 2D KH")),
    ("13-card run round the corner, 6 wilds (Clenney data with jokers and 2s wild)", "legal",
     lambda: check_meld(CORNER_WILD, CORNER_HAND)),
    ("13-card run, 5 wilds, ace high (Continental, twos wild)", "legal",
     meld_case("continental", "JK 2S 3S JK 5S 6S 2C 8S 9S AH 10S JS QS", {"twos_wild": True})),
    ("13-card run round the corner, no wilds (Clenney)", "legal",
     meld_case("clenney", "9H 10H JH QH KH AH 2H 3H 4H 5H 6H 7H 8H")),
    ("13 cards that are no run (Clenney, worst failure)", "illegal",
     meld_case("clenney", "9H 10H JH QH KH AH 2H 3H 4H 5H 6H 7H 7H")),
    ("all-wild set of 8 (Continental)", "legal", meld_case("continental", "JK JK JK JK AH AD AH AD")),
    ("all-wild meld of 13 (Joybells: illegal both ways)", "illegal",
     meld_case("joybells", "JK JK JK JK 2S 2H 2D 2C 2S 2H 2D 2C JK")),
    ("set of 12 with 6 wilds (Joybells)", "legal", meld_case("joybells", "8S 8H 8D 8C 8S 8H JK JK 2S 2H 2D 2C")),
    ("3-run contract of 13 cards with wilds (Joybells round 7)", "legal",
     contract_case("joybells", 7, "AH 2H 3H JK", "5S JK 7S 8S", "9C 2D JC JK KC")),
    ("3 ambiguous all-wild melds matched to slots (Joybells round 5)", "legal",
     contract_case("joybells", 5, "2S 2H JK JK", "2D JK 2C 2C", "2S 2H 2D JK")),
    ("minimum contract, 6 melds (Le May I round 5)", "legal",
     contract_case("le-may-i", 5, "5H 6H 7H 8H", "KS KD KC", "4S 4C 4D", "9S 10S JS QS", "2C 2D 2H", "AC AD AS")),
]


def measure(fn, reps: int) -> tuple[float, float, float, float, float]:
    """Wall-clock median, p99 and max, and CPU-time p99 and max, in ms. On a shared machine the
    wall-clock tail includes time the process was not running; the CPU-time tail does not."""
    for _ in range(min(50, reps)):
        fn()  # warm up
    wall, cpu = [], []
    for _ in range(reps):
        start, start_cpu = time.perf_counter_ns(), time.thread_time_ns()
        fn()
        cpu.append(time.thread_time_ns() - start_cpu)
        wall.append(time.perf_counter_ns() - start)
    wall.sort()
    cpu.sort()
    k = min(reps - 1, int(reps * 0.99))
    ms = 1e-6
    return statistics.median(wall) * ms, wall[k] * ms, wall[-1] * ms, cpu[k] * ms, cpu[-1] * ms


def write_section(rows: list[tuple], reps: int) -> None:
    now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    load = os.getloadavg()[0]
    lines = [
        HEADING,
        "",
        f"`bench/bench_melds.py`, {reps} calls per case, measured {now} on "
        f"{platform.python_implementation()} {platform.python_version()} ({platform.machine()}, a shared 2-core "
        f"machine, load average {load:.1f} while measuring). Per call, in milliseconds: wall-clock median, p99 "
        "and max, then the CPU time of the call (p99, max), which leaves out the moments another process had "
        "the core (the wall-clock tail is mostly that). The search tries at most one reading per rank for a set "
        "and 4 suits x 14 windows for a run, then matches melds to the contract's slots with a memoised search. "
        f"Slowest median: {max(r[2] for r in rows):.2f} ms; slowest CPU p99: {max(r[5] for r in rows):.2f} ms.",
        "",
        "| case | verdict | median ms | p99 ms | max ms | CPU p99 ms | CPU max ms |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for name, verdict, med, p99, worst, cpu_p99, cpu_max in rows:
        lines.append(f"| {name} | {verdict} | {med:.3f} | {p99:.3f} | {worst:.3f} | {cpu_p99:.3f} | {cpu_max:.3f} |")
    lines.append("")
    lines.append("Reproduce: `.venv/bin/python bench/bench_melds.py` (add `--reps N` to change the count).")
    section = "\n".join(lines) + "\n"
    text = DOC.read_text(encoding="utf-8") if DOC.exists() else "# Performance\n"
    pattern = re.compile(rf"^{re.escape(HEADING)}\n.*?(?=^## |\Z)", re.S | re.M)
    if pattern.search(text):
        text = pattern.sub(lambda _: section + "\n", text).rstrip("\n") + "\n"
    else:
        text = text.rstrip("\n") + "\n\n" + section
    DOC.write_text(text, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=2000)
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/performance.md alone")
    args = parser.parse_args()
    rows = []
    for name, expected, fn in CASES:
        verdict = fn()
        legal = "legal" if verdict.legal else "illegal"
        if legal != expected:
            raise SystemExit(f"{name}: expected {expected}, got {legal}: {verdict.reasons}")
        med, p99, worst, cpu_p99, cpu_max = measure(fn, args.reps)
        rows.append((name, legal, med, p99, worst, cpu_p99, cpu_max))
        print(f"{name:<80} {legal:<8} median {med:6.3f}  p99 {p99:6.3f}  max {worst:7.3f}  "
              f"cpu p99 {cpu_p99:6.3f}  cpu max {cpu_max:6.3f} ms")
    if not args.no_write:
        write_section(rows, args.reps)
        print(f"wrote the '{HEADING[3:]}' section of {DOC.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
