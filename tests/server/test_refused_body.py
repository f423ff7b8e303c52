"""A body refused as too large (413) leaves its connection usable: gunicorn started as README.md
documents it, spoken to over one raw socket (scorekeeper/security.py, ``_drain_refused_body``)."""
from __future__ import annotations

import re
import socket

import pytest

from support.server import server  # noqa: F401  (the fixture: gunicorn as documented)

pytestmark = pytest.mark.slow
OVER = 2 * 1024 * 1024  # twice MAX_CONTENT_LENGTH


def answer(sock) -> tuple[int, dict, bytes]:
    """One whole HTTP answer read from the socket: status, headers (lower-case names), body."""
    data = b""
    while b"\r\n\r\n" not in data:
        got = sock.recv(65536)
        assert got, f"the server closed the connection after {data[:200]!r}"
        data += got
    head, body = data.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:])}
    while len(body) < int(headers.get("content-length", 0)):
        got = sock.recv(65536)
        assert got, "the server closed the connection in the middle of an answer"
        body += got
    return int(lines[0].split()[1]), headers, body


def refused_then_next(port: int, request: bytes) -> tuple[tuple, tuple]:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(request)
        first = answer(sock)
        sock.sendall(b"GET /api/v1/variants HTTP/1.1\r\nHost: localhost\r\n\r\n")
        return first, answer(sock)


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_a_413_keeps_the_connection_usable_for_the_next_request(server, chunked):  # noqa: F811
    body = b'{"variant": "clenney", "players": ["' + b"a" * OVER + b'"]}'
    head = b"POST /api/v1/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
    if chunked:
        request = head + b"Transfer-Encoding: chunked\r\n\r\n" + b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n"
    else:
        request = head + b"Content-Length: %d\r\n\r\n" % len(body) + body
    (status, headers, said), (status2, _headers2, variants) = refused_then_next(server, request)
    assert status == 413 and re.search(rb"over|large|capacity", said, re.I), said
    assert headers.get("connection", "keep-alive").lower() == "keep-alive"
    assert status2 == 200 and b"clenney" in variants
