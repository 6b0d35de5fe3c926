"""Fixtures for the class server's tests: real servers on free ports, real websocket clients.

* ``class_server(**settings)`` starts a class with ``start_class`` (uvicorn in
  a thread of this process, on 127.0.0.1 and a free port, an SQLite file in
  a temporary folder) and stops it after the test;
* :class:`Pupil` is one simulated student: it joins over HTTP, opens a real
  websocket, says hello with its token, and keeps every frame it receives
  (``frames``) so a test can compare the bytes.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

pytest.importorskip("starlette")
pytest.importorskip("websockets")

from websockets.sync.client import connect as ws_connect

from prohis_nb.live.server import Limits
from prohis_nb.live.session import ClassSession, start_class

#: Fast timings for tests: bots move at once, short breaks.
FAST = {"bot_delay": 0.0, "break_seconds": 0.05, "fill_after": None}


class Pupil:
    """A simulated student over a real socket (see the module docstring)."""

    def __init__(self, url: str, room: str, name: str, token: str | None = None) -> None:
        self.url, self.room, self.name = url, room, name
        self.token = token
        self.frames: list[str] = []
        self.socket: Any = None
        self.state: dict[str, Any] | None = None
        self.ended = False

    def join(self) -> Pupil:
        response = httpx.post(f"{self.url}/api/join", json={"room": self.room, "name": self.name})
        assert response.status_code == 200, response.text
        self.token = response.json()["token"]
        return self

    def open(self, token: str | None = None) -> Pupil:
        self.socket = ws_connect(self.url.replace("http://", "ws://") + "/ws", max_size=None)
        self.socket.send(
            json.dumps({"type": "hello", "token": self.token if token is None else token})
        )
        return self

    def close(self) -> None:
        if self.socket is not None:
            self.socket.close()
            self.socket = None

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        text = self.socket.recv(timeout=timeout)
        self.frames.append(text)
        message = json.loads(text)
        if message["type"] == "state":
            self.state = message
        elif message["type"] == "ended":
            self.ended = True
        return message

    def until(
        self, test: Callable[[dict[str, Any]], bool], timeout: float = 20.0
    ) -> dict[str, Any]:
        """Read messages until one passes ``test``; return it."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{self.name}: no such message within {timeout} s")
            message = self.recv(timeout=left)
            if test(message):
                return message

    def my_turn(self) -> bool:
        s = self.state
        return bool(s and s["view"]["to_act"] == s["seat"] and s["controls"]["groups"])

    def send(self, message: dict[str, Any] | str) -> None:
        self.socket.send(message if isinstance(message, str) else json.dumps(message))

    def act(self, action: dict[str, Any], seq: int | None = None) -> None:
        assert self.state is not None
        self.send(
            {"type": "act", "seq": self.state["seq"] if seq is None else seq, "action": action}
        )


def legal_choices(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Every action the controls of a state offer (a bribe: its one-card offers)."""
    out = []
    for group in state["controls"]["groups"]:
        out.extend(b["action"] for b in group["buttons"])
        for c in group["composers"]:
            if c["kind"] == "cards":
                out.extend({"act": c["act"], "cards": cards} for cards in c["choices"])
            elif c["kind"] == "counts":
                out.extend({"act": c["act"], "cards": [k]} for k in c["up_to"])
            else:
                out.extend(
                    {"act": c["act"], c["field"]: key.split(",") if key else []}
                    for key in c["choices"]
                )
    return out


@pytest.fixture
def class_server(tmp_path: Any) -> Iterator[Callable[..., ClassSession]]:
    sessions: list[ClassSession] = []

    def start(
        game: str = "prohis", rounds: int = 2, limits: Limits | None = None, **settings: Any
    ) -> ClassSession:
        merged = {**FAST, **settings}
        db = merged.pop("db", tmp_path / f"class{len(sessions)}.sqlite")
        # scripted pupils act at once, all from 127.0.0.1
        limits = limits or Limits(rate=10_000, burst=10_000, students_per_address=None)
        session = start_class(game, rounds, db=db, limits=limits, **merged)
        sessions.append(session)
        return session

    yield start
    for session in sessions:
        session.stop()


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A real PostgreSQL server for this test session (tests/live/postgres.py)."""
    from .postgres import TemporaryPostgres, postgres_bin

    if postgres_bin() is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed: `make test` installs it (make postgres)")
        pytest.skip("PostgreSQL's server binaries are not installed: run `make postgres`")
    server = TemporaryPostgres()
    try:
        yield server.start()
    finally:
        server.stop()


@pytest.fixture
def fresh_postgres(postgres_url: str) -> str:
    """A new, empty database on the test PostgreSQL server; its URL."""
    import secrets

    import psycopg

    name = f"class_{secrets.token_hex(6)}"
    with psycopg.connect(
        postgres_url.replace("postgresql://", "postgresql://", 1), autocommit=True
    ) as db:
        db.execute(f"CREATE DATABASE {name}")
    return postgres_url.rsplit("/", 1)[0] + "/" + name
