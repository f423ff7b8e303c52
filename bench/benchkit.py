"""What the benchmarks share (bench_tables.py, bench_table_scale.py, bench_yearbook.py, bench_games.py,
bench_hands.py, bench_proposals.py, bench_stats_load.py): the app on a throwaway SQLite file or PostgreSQL cluster, the
timing of a request repeated, the count of SQL statements one request runs, and the replacement of a
section (or of one database's part of it) of docs/performance.md.

Importing this module puts the repository and tests/ on ``sys.path`` (the benchmarks run as scripts
from the repository root, and seed through tests/support/)."""
from __future__ import annotations

import math
import re
import statistics
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for _path in (str(ROOT / "tests"), str(ROOT)):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from sqlalchemy import event  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.db import db  # noqa: E402
from support.together import started_together  # noqa: E402

DOC = ROOT / "docs" / "performance.md"


@contextmanager
def bench_app(backend: str):
    """The app (rate limit off) on a fresh database: a SQLite file in a temporary folder, or a
    database in a throwaway PostgreSQL cluster (tests/support/pgcluster.py), removed afterwards."""
    cluster = None
    with tempfile.TemporaryDirectory() as tmp:
        if backend == "postgresql":
            from support import pgcluster

            cluster = pgcluster.Cluster().start()
            url = cluster.url(cluster.create_database())
        else:
            url = f"sqlite:///{tmp}/bench.db"
        try:
            app = create_app({"TESTING": True, "SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": url,
                              "RATELIMIT_ENABLED": False})
            try:
                yield app
            finally:
                with app.app_context():
                    db.session.remove()
                    for engine in app.extensions["sqlalchemy"].engines.values():
                        engine.dispose()
        finally:
            if cluster is not None:
                cluster.stop()


def analyze(backend: str) -> None:
    """After seeding (inside an app context): PostgreSQL's planner statistics, as autovacuum would
    have them on a live server."""
    if backend == "postgresql":
        with db.engine.connect() as conn:
            conn.exec_driver_sql("ANALYZE")
            conn.commit()


def statements_of(app, fn) -> int:
    """The SQL statements the app runs while ``fn()`` runs."""
    with app.app_context():
        engine = db.engine
    seen = []

    def listener(*args):
        seen.append(1)

    event.listen(engine, "before_cursor_execute", listener)
    try:
        fn()
    finally:
        event.remove(engine, "before_cursor_execute", listener)
    return len(seen)


def count_statements(app, client, path: str, warm: bool = False, headers: dict | None = None) -> int:
    """The SQL statements of one ``GET path`` (answered 200); ``warm`` asks it once before, so what a
    process keeps between requests (a rating replay) is counted as kept."""
    if warm:
        client.get(path, headers=headers).close()

    def read() -> None:
        r = client.get(path, headers=headers)
        r.get_data()  # a streamed answer runs its statements as it is read
        r.close()
        assert r.status_code == 200, (path, r.status_code)

    return statements_of(app, read)


def write_section(heading: str, intro: str, label: str, report: str) -> None:
    """Replace the ``### `` part of docs/performance.md's ``heading`` section that starts with
    ``label`` by ``report`` (the parts kept in order of their titles). The section's first
    paragraphs are kept; a missing section is made at the end with ``intro``."""
    text = DOC.read_text(encoding="utf-8")
    if heading not in text:
        text = text.rstrip("\n") + f"\n\n{heading}\n\n{intro}\n\n"
    start = text.index(heading)
    end = text.find("\n## ", start + len(heading))
    section = text[start:] if end == -1 else text[start:end + 1]
    parts = re.split(r"(?m)^(?=### )", section)
    kept = [p for p in parts[1:] if not p.startswith(label)]
    head = parts[0].rstrip("\n") + "\n\n"
    new_section = head + "".join(sorted(p.rstrip("\n") + "\n\n" for p in kept + [report]))
    text = text[:start] + new_section + ("" if end == -1 else text[end + 1:])
    DOC.write_text(text.rstrip("\n") + "\n", encoding="utf-8")


def timed(fn, reps: int) -> tuple[float, float, float]:
    """``fn`` run ``reps`` times: the median, the 99th percentile (nearest rank) and the slowest, in ms."""
    out = []
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    out.sort()
    return statistics.median(out), out[max(0, math.ceil(len(out) * 0.99) - 1)], out[-1]


def replace_section(heading: str, section: str) -> None:
    """Replace the ``## `` section of docs/performance.md titled ``heading`` by ``section`` (added at
    the end when missing)."""
    text = DOC.read_text(encoding="utf-8")
    pattern = re.compile(rf"^{re.escape(heading)}\n.*?(?=^## |\Z)", re.S | re.M)
    text = pattern.sub(lambda m: section + "\n", text) if pattern.search(text) else text.rstrip("\n") + "\n\n" + section
    DOC.write_text(text, encoding="utf-8")


def crowd_beside(crowd: list[threading.Thread], beside: threading.Thread, stop: threading.Event) -> float:
    """Run ``crowd`` to its end with ``beside`` running along (stopped through ``stop`` once the
    crowd is done); the seconds the crowd took."""
    beside.start()
    took = started_together(crowd, threading.Thread.start, threading.Thread.join)
    stop.set()
    beside.join()
    return took
