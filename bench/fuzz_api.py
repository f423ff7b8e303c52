"""Fuzz the JSON API with generated requests and write the numbers into docs/reliability.md.

    .venv/bin/python bench/fuzz_api.py                      # 10,000 requests, SQLite file
    .venv/bin/python bench/fuzz_api.py --db postgresql      # on a throwaway PostgreSQL cluster
    .venv/bin/python bench/fuzz_api.py --requests 2000 --no-write

The requests come from ``tests/fuzzing.py`` (hypothesis strategies over every route of the API
blueprint); the same checks as the suite's property test run on every answer: no 5xx, every error
is JSON with a sentence, and a refused request leaves every stored row unchanged. The app runs
with TESTING off, so an exception would be a real 500 answer (counted), not a crash of the script.
Exit status 1 if any check failed.
"""
from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402

import fuzzing  # noqa: E402
import gamedata  # noqa: E402
from scorekeeper import create_app  # noqa: E402

DOC = ROOT / "docs" / "reliability.md"


def run(database_url: str, total: int) -> dict:
    app = create_app({"TESTING": False, "SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": database_url,
                      "RATELIMIT_ENABLED": False})
    client = app.test_client()
    targets = fuzzing.api_targets(app)
    world = fuzzing.World(games=gamedata.populate(client))
    start = time.perf_counter()
    batch = 0
    while world.requests < total:
        batch += 1
        remaining = total - world.requests

        @settings(max_examples=min(remaining, 2000), deadline=None, database=None, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck))
        @given(fuzzing.requests(targets, world))
        def check(request):
            fuzzing.send(app, client, world, request, strict=False)

        check()
        print(f"  {world.requests} requests, {len(world.failures)} failures", file=sys.stderr)
    elapsed = time.perf_counter() - start
    with app.app_context():
        for engine in app.extensions["sqlalchemy"].engines.values():
            engine.dispose()
    return {"world": world, "seconds": elapsed, "targets": targets}


def report(results: dict[str, dict], total: int) -> str:
    lines = [
        "<!-- fuzz:start (written by bench/fuzz_api.py) -->",
        f"Run {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, `bench/fuzz_api.py --requests {total}`, on this machine "
        "(2 cores shared with other work).",
        "",
        "| database | requests | 5xx | failed checks | refused (4xx) and checked unchanged | 2xx | time | requests/s |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name, r in results.items():
        w = r["world"]
        five = sum(n for s, n in w.statuses.items() if s >= 500)
        ok = sum(n for s, n in w.statuses.items() if 200 <= s < 300)
        lines.append(f"| {name} | {w.requests:,} | {five} | {len(w.failures)} | {w.refused_checked:,} | {ok:,} | "
                     f"{r['seconds']:.0f} s | {w.requests / r['seconds']:.0f} |")
    lines += ["", "Answers by status code:", ""]
    lines += ["| database | " + " | ".join(str(s) for s in sorted({s for r in results.values() for s in r["world"].statuses})) + " |"]
    codes = sorted({s for r in results.values() for s in r["world"].statuses})
    lines += ["|---|" + "---|" * len(codes)]
    for name, r in results.items():
        lines.append(f"| {name} | " + " | ".join(f"{r['world'].statuses.get(c, 0):,}" for c in codes) + " |")
    lines += ["", "Requests per endpoint:", "", "| endpoint | " + " | ".join(results) + " |",
              "|---|" + "---|" * len(results)]
    endpoints = sorted({e for r in results.values() for e in r["world"].by_endpoint})
    for e in endpoints:
        lines.append(f"| `{e}` | " + " | ".join(f"{r['world'].by_endpoint.get(e, 0):,}" for r in results.values()) + " |")
    failures = [f for r in results.values() for f in r["world"].failures]
    if failures:
        lines += ["", "First failures:", ""] + [f"- `{str(f)[:300]}`" for f in failures[:5]]
    lines.append("<!-- fuzz:end -->")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--no-write", action="store_true", help="print the table, leave docs/ alone")
    args = parser.parse_args()
    results = {}
    if args.db in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as tmp:
            print("SQLite:", file=sys.stderr)
            results["SQLite"] = run(f"sqlite:///{tmp}/fuzz.db", args.requests)
    if args.db in ("postgresql", "both"):
        import pgcluster

        cluster = pgcluster.Cluster().start()
        try:
            print("PostgreSQL:", file=sys.stderr)
            results["PostgreSQL"] = run(cluster.url(cluster.create_database()), args.requests)
        finally:
            cluster.stop()
    text = report(results, args.requests)
    print(text)
    if not args.no_write:
        doc = DOC.read_text(encoding="utf-8") if DOC.exists() else "# Reliability\n"
        if "<!-- fuzz:start" in doc:
            doc = re.sub(r"<!-- fuzz:start.*?<!-- fuzz:end -->", lambda m: text, doc, flags=re.S)
        else:
            doc = doc.rstrip("\n") + "\n\n## Fuzzing the API\n\n" + text + "\n"
        DOC.write_text(doc, encoding="utf-8")
    return 1 if any(r["world"].failures for r in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
