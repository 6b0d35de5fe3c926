"""A student who reconnects while a round is being opened gets one seat, and the round opens.

On PostgreSQL (and SQLite with ``sqlite_sync="full"``) the server writes from
a thread of its own, so starting a round waits for the database twice (the
class's state, then the round's tables). A student whose socket opens in
between used to be seated at once as a late-comer, at a table numbered 1:
the round's own table 1 then collided with it in the database
(``(session, round, number)`` is unique) and the round never opened.

The test makes that interleaving happen every time: the database write of
the class's new state is held (in the writer's thread) until the student has
reconnected and the server has had every chance to queue a late-comer's
table behind it.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from .conftest import Pupil


@pytest.fixture(params=["postgresql", "sqlite-full"])
def threaded_db(request: pytest.FixtureRequest, tmp_path: Any) -> dict[str, Any]:
    """The settings of a class whose database is written from the writer's thread."""
    if request.param == "postgresql":
        return {"db": request.getfixturevalue("fresh_postgres")}
    return {"db": tmp_path / "full.sqlite", "sqlite_sync": "full"}


def test_a_reconnect_during_the_round_start_does_not_break_the_round(
    class_server: Any, threaded_db: dict[str, Any]
) -> None:
    session = class_server(
        "convoy", rounds=1, seats=2, fill_after=0.0, drop_timeout=600, **threaded_db
    )
    pupils = [Pupil(session.url, session.room, f"p{i}").join().open() for i in range(5)]
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "waiting")
    late = pupils[-1]
    late.close()  # away, but still counted present (drop_timeout): the plan seats them

    service = session._server.service
    store, writer = service.store, service.writer
    real = store.set_session_state
    held, release = threading.Event(), threading.Event()

    def held_write(session_id: int, state: str, round_number: int) -> None:
        if state == "playing" and not release.is_set():
            held.set()
            assert release.wait(60)
        real(session_id, state, round_number)

    store.set_session_state = held_write
    answers: list[Any] = []
    starter = threading.Thread(target=lambda: answers.append(session.start()))
    starter.start()
    assert held.wait(30)
    late.open()  # reconnects while the class is "playing" and the round has no table yet
    late.until(lambda m: m["type"] == "waiting")
    deadline = time.monotonic() + 5  # time for a late-comer's table to be queued, if any
    while writer._queue.empty() and time.monotonic() < deadline:
        time.sleep(0.02)
    release.set()
    starter.join(60)
    assert answers and answers[0]["state"] == "playing", answers

    for pupil in pupils:  # every student is seated, the late one included
        pupil.until(lambda m: m["type"] == "state")
    status = session.status()
    assert all(s["table"] is not None for s in status["students"]), status["students"]
    numbers = sorted(t["number"] for t in status["tables"])
    assert numbers == [1, 2, 3]  # the round's own plan: 5 students at tables of 2
    seated = [s["student"] for t in status["tables"] for s in t["seats"] if s["student"]]
    assert sorted(seated) == sorted(s["id"] for s in status["students"])  # each once
