"""A real PostgreSQL server for the tests, started from Debian's binaries in a temporary folder.

``make test`` installs them first (``make postgres``: ``apt-get install
postgresql``). :class:`TemporaryPostgres` runs ``initdb`` and ``pg_ctl`` from
``/usr/lib/postgresql/<version>/bin`` on 127.0.0.1 and a free port, with its
data and socket in a fresh temporary folder, and removes everything when
stopped. PostgreSQL refuses to run as root (CI runs as root): as root the
server runs as the ``postgres`` user that Debian's package creates, and the
folder is given to that user; as anyone else it runs as that user.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


def postgres_bin() -> Path | None:
    """The newest ``/usr/lib/postgresql/*/bin`` holding ``initdb``, or ``None``."""
    found = sorted(
        (Path(p) for p in glob.glob("/usr/lib/postgresql/*/bin") if Path(p, "initdb").exists()),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
    )
    return found[-1] if found else None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class TemporaryPostgres:
    """A throw-away PostgreSQL server (see the module docstring)."""

    def __init__(self) -> None:
        binaries = postgres_bin()
        if binaries is None:
            raise FileNotFoundError(
                "PostgreSQL's server binaries are not installed: run `make postgres` "
                "(apt-get install postgresql)"
            )
        self.bin = binaries
        self.folder = Path(tempfile.mkdtemp(prefix="prohis-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.user: str | None = None
        if os.geteuid() == 0:  # initdb refuses root: run as Debian's postgres user
            self.user = "postgres"
            try:
                entry = pwd.getpwnam(self.user)
            except KeyError:
                raise FileNotFoundError(
                    "running as root, PostgreSQL needs the 'postgres' user that Debian's "
                    "package creates: run `make postgres` (apt-get install postgresql)"
                ) from None
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)

    def _run(self, *command: str) -> None:
        argv = [str(self.bin / command[0]), *command[1:]]
        if self.user is not None:
            argv = ["runuser", "-u", self.user, "--", *argv]
        result = subprocess.run(argv, capture_output=True, text=True, timeout=120, cwd=self.folder)
        if result.returncode != 0:
            raise RuntimeError(f"{command[0]} failed:\n{result.stdout}\n{result.stderr}")

    def start(self) -> str:
        """Start the server; return its SQLAlchemy URL."""
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "--no-sync",
                  "-E", "UTF8")  # fmt: skip
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c max_connections=200")  # fmt: skip
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"),
                  "-w", "-t", "60", "start")  # fmt: skip
        return self.url

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def stop(self) -> None:
        with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)
