"""The documented fronts hold slow phones off gunicorn's threads: Caddy with docs/Caddyfile (one
server, HTTPS) or docs/Caddyfile-servers (several) reads each request body whole before passing it
on. 250 connections from one address that send their bodies a byte a second (more than the 192
threads of gunicorn run as README.md documents it: 3 workers of 64) leave an ordinary read and an
ordinary write answered within 2 s. Loopback only; Caddy on free ports, its data in a temporary
folder."""
from __future__ import annotations

import http.client
import os
import socket
import ssl
import subprocess
import threading
import time
from pathlib import Path

import pytest

from support.pgcluster import free_port
from support.server import server  # noqa: F401  (the fixture: gunicorn as documented)

ROOT = Path(__file__).resolve().parents[2]
SLOW = 250
LAN = "family.lan"

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("caddy-front")]


def wait_for(check, what: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


def listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


class Front:
    """Caddy running one of the documented Caddyfiles, unchanged, in front of ``upstream``."""

    def __init__(self, caddyfile: str, upstream: int, folder: Path):
        self.port, other_port = free_port(), free_port()
        self.tls = caddyfile == "Caddyfile"
        http_port, https_port = (other_port, self.port) if self.tls else (self.port, other_port)
        wrapper = folder / "Caddyfile"
        wrapper.write_text("{\n\tadmin off\n\tskip_install_trust\n\tdefault_bind 127.0.0.1\n"
                           f"\thttp_port {http_port}\n\thttps_port {https_port}\n}}\n"
                           f"import {ROOT / 'docs' / caddyfile}\n")
        env = dict(os.environ, HOME=str(folder), XDG_DATA_HOME=str(folder / "data"),
                   XDG_CONFIG_HOME=str(folder / "config"), SCOREKEEPER_UPSTREAM=f"127.0.0.1:{upstream}",
                   SCOREKEEPER_UPSTREAMS=f"127.0.0.1:{upstream}",
                   SCOREKEEPER_HOSTS=LAN if self.tls else f"http://127.0.0.1:{self.port}")
        self.out = open(folder / "caddy.log", "wb")
        self.log = folder / "caddy.log"
        self.host = LAN if self.tls else f"127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(["caddy", "run", "--config", str(wrapper), "--adapter", "caddyfile"],
                                     env=env, stdout=self.out, stderr=subprocess.STDOUT)
        try:
            wait_for(lambda: listening(self.port), "Caddy listening")
            wait_for(lambda: self.request("GET", "/api/v1/variants")[2][:1] in (b"[", b"{"), "Caddy passing requests on")
        except AssertionError as err:
            self.stop()
            raise AssertionError(f"{err}:\n{self.log.read_text()[-3000:]}") from None

    def connect(self) -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=30)
        if not self.tls:
            return sock
        context = ssl.create_default_context()
        context.check_hostname, context.verify_mode = False, ssl.CERT_NONE  # (what is tested is not the certificate)
        return context.wrap_socket(sock, server_hostname=LAN)

    def request(self, method: str, path: str, body: bytes | None = None) -> tuple[int, float, bytes]:
        """Status, seconds taken and the answer, on a connection of its own."""
        started = time.monotonic()
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.sock = self.connect()
        try:
            conn.request(method, path, body=body, headers={"Host": self.host, "Content-Type": "application/json"})
            response = conn.getresponse()
            answer = response.read()
            return response.status, time.monotonic() - started, answer
        finally:
            conn.close()

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(30)
        self.out.close()


@pytest.mark.parametrize("caddyfile", ["Caddyfile", "Caddyfile-servers"])
def test_slow_bodies_from_one_address_leave_others_answered_within_2_s(server, tmp_path, caddyfile):  # noqa: F811
    front = Front(caddyfile, server, tmp_path)
    stop = threading.Event()
    sockets = []
    try:
        for _ in range(SLOW):
            sock = front.connect()
            sock.sendall(f"POST /api/v1/games HTTP/1.1\r\nHost: {front.host}\r\nContent-Type: application/json\r\n"
                         "Content-Length: 1000\r\n\r\n{".encode())
            sockets.append(sock)

        def trickle():  # one more byte on each, every second
            while not stop.wait(1.0):
                for sock in sockets:
                    try:
                        sock.sendall(b" ")
                    except OSError:
                        pass

        sender = threading.Thread(target=trickle)
        sender.start()
        time.sleep(2.0)  # every slow body is on its way
        times = []
        for method, path, body in [("GET", "/api/v1/variants", None), ("GET", "/", None),
                                   ("POST", "/api/v1/games", b'{"variant": "none"}')] * 2:
            status, seconds, answer = front.request(method, path, body)
            assert status == (400 if method == "POST" else 200), (method, path, status)
            assert answer, (method, path)  # (the app's answer, not Caddy's empty one)
            times.append(seconds)
        print(f"\n{SLOW} slow bodies through {caddyfile}: others answered in at most {max(times) * 1000:.0f} ms")
        assert max(times) < 2.0, times
        stop.set()
        sender.join(10)
    finally:
        stop.set()
        for sock in sockets:
            sock.close()
        front.stop()
