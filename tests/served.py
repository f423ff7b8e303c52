"""The real app served over HTTP by Werkzeug's threaded server on the test's own database (SQLite
file or PostgreSQL), and phones that call it at the same moment: for tests of races and of what
one request costs the others."""
from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass

from werkzeug.serving import make_server


@dataclass(frozen=True)
class Answer:
    status: int
    body: bytes
    headers: dict

    def json(self):
        return json.loads(self.body)


@contextmanager
def serve(app):
    """Serve ``app`` on a free port of 127.0.0.1; yields the base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(10)
        server.server_close()


def call(url: str, method: str = "GET", body: object = None, headers: dict | None = None,
         timeout: float = 60) -> Answer:
    """One HTTP request; an error status is an answer too."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={
        **({"Content-Type": "application/json"} if data is not None else {}), **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as r:
            return Answer(r.status, r.read(), dict(r.headers))
    except urllib.error.HTTPError as err:
        return Answer(err.code, err.read(), dict(err.headers))


def at_once(calls) -> list[Answer]:
    """Run each ``call()`` in its own thread, all released together; their answers in order."""
    barrier = threading.Barrier(len(calls))
    answers: list = [None] * len(calls)

    def run(i, fn):
        barrier.wait()
        try:
            answers[i] = fn()
        except Exception as exc:  # a dropped connection is an answer of its own
            answers[i] = exc

    threads = [threading.Thread(target=run, args=(i, fn)) for i, fn in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return answers
