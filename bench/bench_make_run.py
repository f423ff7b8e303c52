"""Benchmark: seconds from `make run` to the first page on a fresh clone with an empty pip cache.

Clones the committed HEAD of this repository into an empty temporary folder (nothing beside it),
runs `make run` there on a free port with pip's cache and this machine's pip configuration turned
off (so every package comes from PyPI, as on a new machine), and times until `GET /` answers 200.
Prints the time, how many packages the virtual environment holds and the load average; the number
goes into README.md ("Two commands"). Needs the network.

    python3 bench/bench_make_run.py             # HEAD of this checkout
    python3 bench/bench_make_run.py --ref main  # another branch or commit
"""
from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
            return response.status == 200
    except OSError:
        return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", default="HEAD", help="what to clone (default: HEAD)")
    parser.add_argument("--timeout", type=float, default=900, help="give up after this many seconds")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        clone = Path(tmp) / "solo" / "scorekeeper"
        subprocess.run(["git", "clone", "--quiet", "--no-checkout", str(ROOT), str(clone)], check=True)
        subprocess.run(["git", "checkout", "--quiet", args.ref], cwd=clone, check=True)
        port = free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "VIRTUAL_ENV"))}
        env.update(PIP_NO_CACHE_DIR="1", PIP_CONFIG_FILE=os.devnull, PORT=str(port))
        started = time.monotonic()
        with (clone / "make-run.log").open("wb") as log:
            make = subprocess.Popen(["make", "run"], cwd=clone, env=env, stdout=log, stderr=log, start_new_session=True)
            try:
                while not answers(port):
                    if make.poll() is not None:
                        raise SystemExit("make run stopped:\n" + (clone / "make-run.log").read_text())
                    if time.monotonic() - started > args.timeout:
                        raise SystemExit("no page after %.0f s" % args.timeout)
                    time.sleep(0.2)
                took = time.monotonic() - started
            finally:
                os.killpg(make.pid, signal.SIGTERM)
                make.wait(timeout=30)
        packages = subprocess.run([clone / ".venv/bin/python", "-m", "pip", "list", "--format=freeze"],
                                  capture_output=True, text=True, env=env).stdout.count("\n")
        print(f"{args.ref}: first page after {took:.1f} s; {packages} packages in .venv; "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
