"""Fuzz the JSON API with generated requests and write the numbers into docs/reliability.md.

    .venv/bin/python bench/fuzz_api.py                      # 10,000 requests, SQLite file
    .venv/bin/python bench/fuzz_api.py --db postgresql      # on a throwaway PostgreSQL cluster
    .venv/bin/python bench/fuzz_api.py --requests 2000 --no-write
    .venv/bin/python bench/fuzz_api.py --schemathesis 60    # Schemathesis, both databases (below)

The requests come from ``tests/support/fuzzing.py`` (hypothesis strategies over every route of the API
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

from support import api_world  # noqa: E402
from support import fuzzing  # noqa: E402
from support import games as gamedata  # noqa: E402
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


# ----- Schemathesis against gunicorn, with real ids and tokens ---------------------------------------
# ``--schemathesis N``: gunicorn started as README.md documents it (tests/server/test_slow_clients.py reads
# the command) on a fresh database, a world of real rows made through the API (a table with its
# token, games of it and a game of no table, house variants, roster players), then N cases per
# operation and per mode (valid and invalid data) that Schemathesis draws from /api/v1/openapi.json.
# Four cases in five get the world's real ids in the path and the body, and the matching edit token
# (Schemathesis is among the test tools; tests/security/test_schemathesis.py runs a bounded share in the suite). The world and the aiming are in tests/support/api_world.py.

def _start_gunicorn(database_url: str, instance: str):
    import os
    import subprocess

    from support import pgcluster
    import requests
    from support.server import documented_command

    args = documented_command()
    port = pgcluster.free_port()
    args[args.index("--bind") + 1] = f"127.0.0.1:{port}"
    env = dict(os.environ, DATABASE_URL=database_url, SCOREKEEPER_INSTANCE_PATH=instance, PYTHONPATH=str(ROOT),
               SCOREKEEPER_RATELIMIT_ENABLED="false")
    log = open(Path(instance) / "gunicorn.log", "ab")
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "--graceful-timeout", "1", *args], cwd=ROOT, env=env,
                            stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        try:
            if requests.get(base + "/api/v1/variants", timeout=5).status_code == 200:
                return proc, base
        except requests.RequestException:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            raise SystemExit((Path(instance) / "gunicorn.log").read_text())
        time.sleep(0.3)


def run_schemathesis(database_url: str, per_operation: int, seed: int = 29) -> dict:
    import random

    import requests
    import schemathesis

    with tempfile.TemporaryDirectory() as instance:
        proc, base = _start_gunicorn(database_url, instance)
        try:
            world = api_world.world(base)
            schema = schemathesis.openapi.from_url(base + "/api/v1/openapi.json")
            rnd = random.Random(seed)
            session = requests.Session()
            timing = {"calls": 0.0}
            unsent: dict[str, str] = {}
            statuses: dict[int, int] = {}
            by_operation: dict[str, int] = {}
            errors: list[str] = []
            start = time.perf_counter()
            def visit(label, case, as_drawn):
                try:
                    sent = time.perf_counter()
                    response = case.call(base_url=base + "/api/v1", session=session, timeout=60)
                    timing["calls"] += time.perf_counter() - sent
                except Exception as err:  # (a request the client cannot even send: not the server's)
                    statuses[-1] = statuses.get(-1, 0) + 1
                    unsent.setdefault(type(err).__name__, f"{case.method} {case.path}: {err}"[:200])
                    return
                statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
                by_operation[label] = by_operation.get(label, 0) + 1
                api_world.follow(world, case, response)
                if response.status_code >= 500:
                    errors.append(f"{response.status_code} {case.as_curl_command()}"[:400])

            api_world.each_case(schema, per_operation, world, rnd, visit)
            seconds = time.perf_counter() - start
        finally:
            proc.terminate()
            proc.wait(timeout=30)
        print(f"  {sum(statuses.values())} requests in {seconds:.0f} s, {timing['calls']:.1f} s of them waiting for answers",
              file=sys.stderr)
        for kind, example in unsent.items():
            print(f"  not sent ({kind}): {example}", file=sys.stderr)
        return {"statuses": statuses, "by_operation": by_operation, "errors": errors, "seconds": seconds,
                "log": (Path(instance) / "gunicorn.log").read_text()[-4000:] if errors else ""}


def schemathesis_report(results: dict[str, dict], per_operation: int) -> str:
    import schemathesis

    codes = sorted({c for r in results.values() for c in r["statuses"]})
    lines = ["<!-- schemathesis:start (written by bench/fuzz_api.py --schemathesis) -->",
             f"Run {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, `bench/fuzz_api.py --schemathesis {per_operation}` "
             f"(Schemathesis {schemathesis.SCHEMATHESIS_VERSION}), against gunicorn as README.md starts it, "
             "on this machine (2 cores shared with other work).", "",
             "| database | requests | 5xx | time | " + " | ".join(str(c) if c >= 0 else "not sent" for c in codes) + " |",
             "|---|---|---|---|" + "---|" * len(codes)]
    for name, r in results.items():
        total = sum(n for c, n in r["statuses"].items() if c >= 0)
        five = sum(n for c, n in r["statuses"].items() if c >= 500)
        lines.append(f"| {name} | {total:,} | {five} | {r['seconds']:.0f} s | "
                     + " | ".join(f"{r['statuses'].get(c, 0):,}" for c in codes) + " |")
    errors = [e for r in results.values() for e in r["errors"]]
    if errors:
        lines += ["", "5xx answers:", ""] + [f"- `{e}`" for e in errors[:10]]
    lines.append("<!-- schemathesis:end -->")
    return "\n".join(lines)


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
    parser.add_argument("--schemathesis", type=int, metavar="N",
                        help="instead: Schemathesis, N cases per operation and mode, real ids and tokens, gunicorn")
    args = parser.parse_args()
    if args.schemathesis:
        return main_schemathesis(args)
    results = {}
    if args.db in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as tmp:
            print("SQLite:", file=sys.stderr)
            results["SQLite"] = run(f"sqlite:///{tmp}/fuzz.db", args.requests)
    if args.db in ("postgresql", "both"):
        from support import pgcluster

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


def main_schemathesis(args) -> int:
    results = {}
    if args.db in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as tmp:
            print("SQLite:", file=sys.stderr)
            results["SQLite"] = run_schemathesis(f"sqlite:///{tmp}/fuzz.db", args.schemathesis)
    if args.db in ("postgresql", "both"):
        from support import pgcluster

        cluster = pgcluster.Cluster().start()
        try:
            print("PostgreSQL:", file=sys.stderr)
            results["PostgreSQL"] = run_schemathesis(cluster.url(cluster.create_database()), args.schemathesis)
        finally:
            cluster.stop()
    text = schemathesis_report(results, args.schemathesis)
    print(text)
    for name, r in results.items():
        if r["log"]:
            print(f"--- {name}: gunicorn's log ---\n{r['log']}", file=sys.stderr)
    if not args.no_write:
        doc = DOC.read_text(encoding="utf-8")
        if "<!-- schemathesis:start" in doc:
            doc = re.sub(r"<!-- schemathesis:start.*?<!-- schemathesis:end -->", lambda m: text, doc, flags=re.S)
        else:
            doc = doc.rstrip("\n") + "\n\n## Schemathesis with real ids and tokens\n\n" + text + "\n"
        DOC.write_text(doc, encoding="utf-8")
    return 1 if any(r["errors"] for r in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
