"""Slow clients cannot freeze the server: gunicorn started exactly as README.md documents it
(threaded workers), with 48 connections that send their request headers a byte a second held open,
still answers an ordinary request within a second. Also over a real socket: a chunked body over
the size limit is answered 413."""
from __future__ import annotations

import socket
import threading
import time

import pytest

from support.server import documented_command, get, server  # noqa: F401

SLOW_CLIENTS = 48  # more than the 40 that froze the command with 16 threads per worker

pytestmark = pytest.mark.slow


def test_the_documented_command_uses_threaded_workers():
    args = documented_command()
    assert args[args.index("--worker-class") + 1] == "gthread"
    assert int(args[args.index("--threads") + 1]) > SLOW_CLIENTS


def slow_client(port: int, stop: threading.Event, opened: threading.Barrier) -> None:
    """A request line, then a header sent one byte a second, never finished."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(b"GET /api/v1/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        opened.wait()
        for byte in b"X-Slow: " + b"a" * 10_000:
            if stop.wait(1.0):
                return
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                return


def test_slow_clients_do_not_hold_up_an_ordinary_request(server):
    for _ in range(6):  # every worker has loaded the app and answered once
        assert get(server, "/api/v1/variants")[0] == 200
    stop = threading.Event()
    opened = threading.Barrier(SLOW_CLIENTS + 1)
    clients = [threading.Thread(target=slow_client, args=(server, stop, opened), daemon=True)
               for _ in range(SLOW_CLIENTS)]
    for c in clients:
        c.start()
    try:
        opened.wait(timeout=30)
        time.sleep(1.5)  # the slow clients are now inside the server, sending
        times = []
        for path in ["/api/v1/variants", "/", "/api/v1/variants/continental"] * 3:
            status, seconds = get(server, path, timeout=10)
            assert status == 200, path
            times.append(seconds)
        print(f"\n{SLOW_CLIENTS} slow clients held; ordinary requests answered in at most {max(times) * 1000:.0f} ms")
        assert max(times) < 1.0, times
        assert all(c.is_alive() for c in clients)  # they were still being held all along
    finally:
        stop.set()
        for c in clients:
            c.join(timeout=10)


def test_a_chunked_body_over_the_limit_is_refused_as_too_large(server):
    with socket.create_connection(("127.0.0.1", server), timeout=30) as sock:
        sock.sendall(b"POST /api/v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
        chunk = b'{"variant": "clenney", "players": ["Ann", "Bob", "Cy"], "x": "' + b"a" * (1024 * 1024) + b'"}'
        try:
            sock.sendall(b"%x\r\n%s\r\n0\r\n\r\n" % (len(chunk), chunk))
        except OSError:
            pass  # (the server may answer and close before reading it all)
        answer = b""
        while chunk_in := sock.recv(65536):
            answer += chunk_in
    assert answer.startswith(b"HTTP/1.1 413"), answer[:300]
