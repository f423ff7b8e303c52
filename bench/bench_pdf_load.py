"""Benchmark: printed scoresheets under load do not starve the other reads.

The situation it measures: forty phones ask for blank-sheet PDFs at once (each with other names,
so none is already kept) while one phone follows a game. Starts gunicorn as README.md documents it
(gthread workers) on a temporary SQLite file, seeds the game of ``bench_server.py``, then sends the
forty PDF requests from forty threads and, at the same time, reads the game's API answer one
request after another. Reports the reads' median and p95 latency with and without the PDF load,
and how the forty PDF requests were answered (200 rendered or kept, 429 over ``RATELIMIT_PDF``,
503 when a worker's renders are all busy for ``PDF_RENDER_WAIT``). Prints a Markdown table for
docs/reliability.md ("PDFs under load").

    .venv/bin/python bench/bench_pdf_load.py
"""
from __future__ import annotations

import argparse
import collections
import os
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_server import APP_MODULE, CONFIG, free_port, seed, start_gunicorn  # noqa: E402
from benchkit import crowd_beside  # noqa: E402


def timed_get(url: str) -> tuple[int, float]:
    began = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=120) as r:
            r.read()
            status = r.status
    except urllib.error.HTTPError as err:
        err.read()
        status = err.code
    return status, (time.perf_counter() - began) * 1000


def reads(url: str, stop: threading.Event, minimum: int) -> list[float]:
    times = []
    while not stop.is_set() or len(times) < minimum:
        status, ms = timed_get(url)
        assert status == 200, status
        times.append(ms)
    return times


def summary(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pdfs", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        url = f"sqlite:///{folder / 'bench.db'}"
        game_id, _, _ = seed(url)
        (folder / "bench_app.py").write_text(APP_MODULE.format(config=CONFIG, url=url))
        port = free_port()
        proc = start_gunicorn(folder, "bench_app", port, args.workers, "--worker-class", "gthread", "--threads", "16")
        try:
            base = f"http://127.0.0.1:{port}"
            api = f"{base}/api/v1/games/{game_id}"
            quiet = [timed_get(api)[1] for _ in range(50)]

            statuses: collections.Counter = collections.Counter()
            pdf_times: list[float] = []
            lock = threading.Lock()

            def print_sheet(i: int) -> None:
                status, ms = timed_get(f"{base}/variants/joybells/scoresheet.pdf?players=Ann{i},Bob,Cy,Di")
                with lock:
                    statuses[status] += 1
                    pdf_times.append(ms)

            stop = threading.Event()
            loaded: list[float] = []
            reader = threading.Thread(target=lambda: loaded.extend(reads(api, stop, 20)))
            printers = [threading.Thread(target=print_sheet, args=(i,)) for i in range(args.pdfs)]
            took = crowd_beside(printers, reader, stop)
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    q50, q95 = summary(quiet)
    l50, l95 = summary(loaded)
    answers = ", ".join(f"{n} × {s}" for s, n in sorted(statuses.items()))
    print(f"| situation | game API reads | median | p95 |\n|---|---:|---:|---:|\n"
          f"| no PDF requests | {len(quiet)} | {q50:.1f} ms | {q95:.1f} ms |\n"
          f"| while {args.pdfs} blank-sheet PDFs are asked at once | {len(loaded)} | {l50:.1f} ms | {l95:.1f} ms |\n\n"
          f"The {args.pdfs} PDF requests were answered in {took:.1f} s: {answers} "
          f"(slowest {max(pdf_times):.0f} ms); {args.workers} gthread workers, machine load {os.getloadavg()[0]:.1f}.")


if __name__ == "__main__":
    main()
