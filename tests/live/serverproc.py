"""A class server in its own process (``python -m prohis_nb class serve``), for fault tests.

:class:`ServerProcess` starts the command on 127.0.0.1 with port 0, reads the
port it printed, and can be killed with SIGKILL (no clean-up at all, as a
power cut or the OOM killer would) and started again on the same database.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from prohis_nb.live.tokens import new_token


class ServerProcess:
    """``prohis-nb class serve`` in a subprocess (see the module docstring)."""

    def __init__(self, db: str | Path, *args: str, env: dict[str, str] | None = None) -> None:
        self.db = str(db)
        self.args = list(args)
        self.token = new_token()
        self.env = {**os.environ, "PROHIS_TEACHER_TOKEN": self.token, **(env or {})}
        self.process: subprocess.Popen[str] | None = None
        self.url = ""
        self.output: list[str] = []

    def start(self, timeout: float = 60) -> ServerProcess:
        command = [sys.executable, "-m", "prohis_nb", "class", "serve", "--db", self.db,
                   "--host", "127.0.0.1", "--port", "0", "--log-level", "warning",
                   "--students-per-address", "0",  # every pupil comes from 127.0.0.1
                   *self.args]  # fmt: skip
        self.process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=self.env,
        )
        deadline = time.monotonic() + timeout
        assert self.process.stdout is not None
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the class server stopped:\n" + "".join(self.output))
            self.output.append(line)
            if line.startswith("listening on "):
                self.url = line.split()[-1]
                return self
        raise RuntimeError("the class server did not start:\n" + "".join(self.output))

    def kill(self) -> None:
        """SIGKILL: the process ends at once, in the middle of whatever it was doing."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self.rest()

    def rest(self) -> None:
        if self.process is not None and self.process.stdout is not None:
            self.output.extend(self.process.stdout.readlines())

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.rest()

    def session(self) -> Any:
        from prohis_nb.live.session import connect

        return connect(self.url, self.token)
