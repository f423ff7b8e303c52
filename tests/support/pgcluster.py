"""A throwaway PostgreSQL cluster for the test suite, made with the machine's own binaries.

``Cluster().start()`` runs ``initdb`` into a new temporary directory and ``pg_ctl start`` on a
free port on 127.0.0.1 (its unix socket also lives in that directory); ``create_database()``
gives each test a fresh empty database; ``stop()`` stops the server and removes the directory.
PostgreSQL refuses to run as root, so when the suite runs as root the cluster is owned by and
run as the ``postgres`` OS user (``runuser -u postgres --``), as Debian's package sets it up.

The binaries are found in ``$SCOREKEEPER_PG_BINDIR``, ``pg_config --bindir``,
``/usr/lib/postgresql/<newest>/bin`` (Debian's layout) or ``$PATH``, in that order.
"""
from __future__ import annotations

import atexit
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

SUPERUSER = "postgres"


class ClusterError(RuntimeError):
    pass


def find_bindir() -> Path:
    """The directory holding ``initdb`` and ``pg_ctl``."""
    candidates: list[str] = []
    if os.environ.get("SCOREKEEPER_PG_BINDIR"):
        candidates.append(os.environ["SCOREKEEPER_PG_BINDIR"])
    pg_config = shutil.which("pg_config")
    if pg_config:
        out = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True)
        if out.returncode == 0:
            candidates.append(out.stdout.strip())

    def version(bindir: str) -> tuple[int, ...]:  # /usr/lib/postgresql/15/bin -> (15,)
        return tuple(int(p) for p in Path(bindir).parent.name.split(".") if p.isdigit())

    debian = [str(Path(p).parent) for p in glob.glob("/usr/lib/postgresql/*/bin/initdb")]
    candidates += sorted(debian, key=version, reverse=True)
    initdb = shutil.which("initdb")
    if initdb:
        candidates.append(str(Path(initdb).parent))
    for candidate in candidates:
        if (Path(candidate) / "initdb").is_file() and (Path(candidate) / "pg_ctl").is_file():
            return Path(candidate)
    raise ClusterError(
        "PostgreSQL's initdb/pg_ctl were not found (install Debian's `postgresql` package, "
        "or set SCOREKEEPER_PG_BINDIR)"
    )


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """One throwaway cluster: ``start()``, ``create_database()``, ``url(name)``, ``stop()``."""

    def __init__(self, bindir: Path | None = None):
        self.bindir = bindir or find_bindir()
        self.as_postgres = os.geteuid() == 0
        self.dir: Path | None = None
        self.port: int | None = None
        self._names = itertools.count(1)
        self._running = False

    # -- running the binaries -------------------------------------------------------------
    def _cmd(self, *args: str) -> list[str]:
        cmd = [str(self.bindir / args[0]), *args[1:]]
        if self.as_postgres:
            cmd = ["runuser", "-u", SUPERUSER, "--", *cmd]
        return cmd

    def _run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
        proc = subprocess.run(
            self._cmd(*args), cwd=self.dir, capture_output=True, text=True, timeout=timeout
        )
        if proc.returncode != 0:
            raise ClusterError(
                f"{' '.join(args[:2])} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
                f"\n{self._log_tail()}"
            )
        return proc

    def _log_tail(self) -> str:
        log = self.dir / "server.log" if self.dir else None
        if log and log.exists():
            return "server.log:\n" + "\n".join(log.read_text(errors="replace").splitlines()[-20:])
        return ""

    @property
    def data(self) -> Path:
        return self.dir / "data"

    # -- life cycle ---------------------------------------------------------------------
    def start(self) -> "Cluster":
        self.dir = Path(tempfile.mkdtemp(prefix="scorekeeper-pg-"))
        if self.as_postgres:
            pw = pwd.getpwnam(SUPERUSER)
            os.chown(self.dir, pw.pw_uid, pw.pw_gid)
        atexit.register(self.stop)
        self._run(
            "initdb", "-D", str(self.data), "-U", SUPERUSER, "-A", "trust", "-E", "UTF8",
            "--locale=C", "--no-sync", "--no-instructions",
        )
        last_error: ClusterError | None = None
        for _ in range(5):  # another process may grab the free port before the server does
            self.port = free_port()
            options = (
                f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 "
                "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
                "-c max_connections=200"
            )
            try:
                self._run(
                    "pg_ctl", "-D", str(self.data), "-l", str(self.dir / "server.log"),
                    "-o", options, "-w", "-t", "60", "start",
                )
            except ClusterError as err:
                last_error = err
                continue
            self._running = True
            return self
        self.stop()
        raise last_error

    def stop(self) -> None:
        """Stop the server and delete its directory (safe to call twice)."""
        if self.dir is None:
            return
        if self._running:
            self._running = False
            subprocess.run(
                self._cmd("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop"),
                cwd=self.dir, capture_output=True, timeout=60,
            )
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir = None

    # -- databases ----------------------------------------------------------------------
    def url(self, name: str = "postgres") -> str:
        return f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/{name}"

    def connect(self, name: str = "postgres"):
        import psycopg

        return psycopg.connect(
            host="127.0.0.1", port=self.port, user=SUPERUSER, dbname=name, autocommit=True
        )

    def create_database(self, template: str | None = None) -> str:
        """A new database: empty, or a copy of the database ``template`` (which nobody may be
        connected to)."""
        name = f"t{next(self._names)}_{uuid.uuid4().hex[:8]}"
        copy_of = f' TEMPLATE "{template}"' if template else ""
        with self.connect() as conn:
            conn.execute(f'CREATE DATABASE "{name}"{copy_of}')
        return name

    def drop_database(self, name: str) -> None:
        with self.connect() as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
