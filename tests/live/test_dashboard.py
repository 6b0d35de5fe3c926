"""The teacher's live dashboard: it follows the class as it plays, and stops when closed.

A real class server (start_class, real sockets), students as real websocket
clients; the dashboard's own thread waits on the server's long poll. What
the dashboard shows is checked against what the students did (their names,
their acts) and against the class table read separately.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("ipywidgets")

from prohis_nb.live.dashboard import ClassDashboard

from .conftest import Pupil, legal_choices


def until(board: ClassDashboard, test: Callable[[], bool], timeout: float = 20.0) -> None:
    """Wait for the dashboard's next drawings until ``test`` passes (no sleeping)."""
    deadline = time.monotonic() + timeout
    while not test():
        left = deadline - time.monotonic()
        assert left > 0, "the dashboard did not show it in time"
        board.wait_for_version(board.version, timeout=left)


def test_the_dashboard_follows_a_convoy_class_and_stops_when_closed(class_server: Any) -> None:
    session = class_server("convoy", rounds=1)
    board = ClassDashboard(session, poll=5, results_every=0)
    try:
        assert session.room in board.header.value and "<svg" in board.header.value
        assert board.start_button.disabled  # nobody yet
        ada = Pupil(session.url, session.room, "Ada").join().open()
        bob = Pupil(session.url, session.room, "Bob").join().open()
        for pupil in (ada, bob):  # connected: a join that never opened its socket is not seated
            pupil.until(lambda m: m["type"] == "waiting")
        until(board, lambda: "Ada" in board.students.value and "Bob" in board.students.value)
        until(board, lambda: not board.start_button.disabled)
        board.start_button.click()
        until(board, lambda: board.status is not None and board.status["state"] == "playing")
        assert "Ada" in board.tables.value and "Bob" in board.tables.value
        acts = []
        for pupil in (ada, bob):
            pupil.until(lambda m: m["type"] == "state")
        while not any(p.ended for p in (ada, bob)):
            actor = next((p for p in (ada, bob) if p.my_turn()), None)
            if actor is None:
                break  # nobody's turn: the table's game is over
            seq = actor.state["seq"]
            choice = legal_choices(actor.state)[0]
            acts.append(choice["act"])
            actor.act(choice)
            for p in (ada, bob):  # each seat hears of the move (or of the class's end)
                while not p.ended and p.state["seq"] == seq:
                    p.recv(timeout=20)
        assert acts
        until(board, lambda: board.status["state"] == "ended")
        # the results: the students' own decisions, as the class table read separately says
        results = session.results()
        row = results.table("convoy")["inspection"]
        until(board, lambda: "The class against the theory" in board.results.value)
        assert row.observed().split(",")[0].split(" (")[0] in board.results.value
        assert "λ" in board.results.value or "QRE" in board.results.value
        assert "bot" not in results.summary() or "left out" in results.summary()
    finally:
        board.close(wait=True)
    assert not board.following  # closed: the thread is gone


def test_closing_the_dashboard_stops_its_thread_while_the_class_waits(class_server: Any) -> None:
    session = class_server("convoy", rounds=1)
    board = session.dashboard(poll=2)
    assert session.dashboard() is board  # one per session
    assert board.following
    board.close(wait=True)
    assert not board.following
    assert session.dashboard() is not board  # closed: a new one on request
    session.dashboard().close(wait=True)


def test_a_refused_control_is_shown_not_raised(class_server: Any) -> None:
    session = class_server("convoy", rounds=1)
    board = ClassDashboard(session, poll=2)
    try:
        board._control(session.start)  # nobody has joined: the server refuses
        assert "nobody has joined" in board.message.value
    finally:
        board.close(wait=True)


def test_stopping_answers_a_waiting_long_poll_at_once(class_server: Any, caplog: Any) -> None:
    """A teacher's long poll held by the server is answered when it stops, not cancelled."""
    import threading

    session = class_server("convoy", rounds=1)
    service = session._server.service
    version = session.status()["version"]
    answers: list[Any] = []
    poll = threading.Thread(target=lambda: answers.append(session.wait_for_change(version, 60)))
    poll.start()
    deadline = time.monotonic() + 20
    while service.room.waiting == 0:  # the poll has reached the server and waits there
        assert time.monotonic() < deadline, "the long poll never reached the server"
        poll.join(timeout=0.01)
    with caplog.at_level("WARNING"):
        session.stop()
    poll.join(timeout=30)
    assert not poll.is_alive()
    assert answers and answers[0]["version"] == version  # a status, nothing changed
    assert service.room.waiting == 0
    assert not [r for r in caplog.records if "Cancel" in r.getMessage() or r.exc_info]


def test_a_student_gone_after_the_class_is_left_not_away() -> None:
    from prohis_nb.live.dashboard import students_html

    student = {"number": 0, "name": "Ada", "connected": False, "away_seconds": 12,
               "table": 1, "seat": 0}  # fmt: skip
    during = students_html({"state": "playing", "students": [student]})
    after = students_html({"state": "ended", "students": [student]})
    assert "away 12 s" in during and "left" not in during
    assert "left" in after and "away" not in after
