"""Caddy run with docs/Caddyfile as README.md says ("Serving phones over HTTPS"), for the tests: its
addresses from the environment (as the file allows), free ports, its data in a temporary folder.
(Needs Debian's caddy: .ci/run installs it.)"""
from __future__ import annotations

import contextlib
import os
import socket
import ssl
import subprocess
import tempfile
import time
from pathlib import Path

from support.pgcluster import free_port

ROOT = Path(__file__).resolve().parents[2]
LAN = "family.lan"


def wait_for_certificate(port: int, root: Path, timeout: float = 30.0) -> None:
    """Wait until Caddy answers a TLS handshake for LAN with a certificate of its own authority: the
    authority's root is written before the site's certificate is issued, and on a loaded machine a
    request sent in between fails its handshake."""
    end = time.monotonic() + timeout
    while True:
        try:
            context = ssl.create_default_context(cafile=str(root))
            with socket.create_connection(("127.0.0.1", port), timeout=5) as raw:
                with context.wrap_socket(raw, server_hostname=LAN):
                    return
        except (OSError, ssl.SSLError):
            if time.monotonic() > end:
                raise
            time.sleep(0.2)


def wait_for_port(port, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"nothing listens on {port}")


@contextlib.contextmanager
def running_caddy(upstream: str):
    """Caddy in front of ``upstream`` (host:port); yields (https base URL under the name family.lan,
    plain http base URL, root certificate path)."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-caddy-") as tmp:
        https_port, http_port = free_port(), free_port()
        data = Path(tmp) / "data"
        authority = data / "caddy" / "pki" / "authorities" / "local"
        wrapper = Path(tmp) / "Caddyfile"
        # The test's own global options (no admin endpoint, ports of its own, no system trust
        # store), then the file the README tells people to use, unchanged.
        wrapper.write_text("{\n\tadmin off\n\tskip_install_trust\n"
                           f"\thttp_port {http_port}\n\thttps_port {https_port}\n}}\n"
                           f"import {ROOT / 'docs' / 'Caddyfile'}\n")
        env = {**os.environ, "HOME": tmp, "XDG_DATA_HOME": str(data), "XDG_CONFIG_HOME": str(Path(tmp) / "config"),
               "SCOREKEEPER_HOSTS": LAN, "SCOREKEEPER_UPSTREAM": upstream,
               "SCOREKEEPER_CA_DIR": str(authority)}
        log = open(Path(tmp) / "caddy.log", "wb")
        process = subprocess.Popen(["caddy", "run", "--config", str(wrapper), "--adapter", "caddyfile"],
                                   env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_for_port(https_port)
            wait_for_port(http_port)
            end = time.monotonic() + 20
            while not (authority / "root.crt").exists() and time.monotonic() < end:
                time.sleep(0.1)
            wait_for_certificate(https_port, authority / "root.crt")
            yield f"https://{LAN}:{https_port}", f"http://127.0.0.1:{http_port}", authority / "root.crt"
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            log.close()
