"""One student cannot slow the class down: the cost of what they send is bounded.

A stale move (a ``seq`` the table has left behind) is answered with the text
drawn for that seat already, not by drawing the seat's view again; the
answer goes to the socket it came on only; refusals count against the
student (every socket of theirs, and every reconnect) and close their socket;
a student keeps at most two sockets, and all of them share one message rate.

"Bounded" is checked by counting, not by timing: how many times the server
draws a seat's view (``protocol.seat_state``) and how many messages the other
sockets receive while an attacker floods.
"""

from __future__ import annotations

from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from prohis_nb.live import protocol
from prohis_nb.live.server import Limits

from .conftest import Pupil


def drain(pupil: Pupil, seconds: float = 0.3) -> list[dict[str, Any]]:
    """Every message ``pupil`` receives until it is quiet for ``seconds``."""
    out = []
    while True:
        try:
            out.append(pupil.recv(timeout=seconds))
        except TimeoutError:
            return out


def read_until_closed(pupil: Pupil, timeout: float = 10.0) -> tuple[list[dict[str, Any]], int]:
    """Every message until the server closes ``pupil``'s socket; and the close code."""
    out = []
    try:
        while True:
            out.append(pupil.recv(timeout=timeout))
    except ConnectionClosed as closed:
        assert closed.rcvd is not None
        return out, closed.rcvd.code


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts every drawing of a seat's view (the server runs in this process)."""
    calls = [0]
    real = protocol.seat_state

    def counting(*args: Any, **kwargs: Any) -> str:
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(protocol, "seat_state", counting)
    return calls


def two_tables(class_server: Any, limits: Limits) -> tuple[Any, Pupil, Pupil]:
    """A Smuggle class of six at two tables; the student whose turn it is, and one elsewhere."""
    session = class_server("smuggle", rounds=1, seats=3, seed=4, limits=limits)
    pupils = [Pupil(session.url, session.room, f"p{i}").join().open() for i in range(6)]
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "waiting")
    session.start()
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "state")
    attacker = next(p for p in pupils if p.my_turn())
    victim = next(p for p in pupils if p.state["table"] != attacker.state["table"])  # type: ignore[index]
    drain(victim)
    return session, attacker, victim


def test_stale_moves_are_answered_without_drawing_and_close_the_socket(
    class_server: Any, counted: list[int]
) -> None:
    limits = Limits(rate=1000, burst=1000, max_errors=10, error_rate=0.01)
    session, attacker, victim = two_tables(class_server, limits)
    second = Pupil(session.url, session.room, attacker.name, attacker.token).open()
    assert [m["type"] for m in drain(second)] == ["welcome", "state"]
    drain(attacker)
    before = counted[0]
    stale = {"type": "act", "seq": 999, "action": {"act": "pass"}}
    for _ in range(40):
        try:
            attacker.send(stale)
        except ConnectionClosed:
            break
    answers, code = read_until_closed(attacker)
    assert code == 1008  # closed for too many refused messages
    refusals = [m for m in answers if m["type"] == "refused"]
    assert all(m["code"] == "stale" for m in refusals)
    assert len(refusals) <= limits.max_errors + 1
    assert counted[0] == before, "a stale move made the server draw the seat again"
    assert drain(second) == []  # the refusals went to the socket they answered only
    assert drain(victim, 0.1) == []  # nothing reached another table
    # a reconnect does not wipe the refusals: the next stale move closes at once
    third = Pupil(session.url, session.room, attacker.name, attacker.token).open()
    drain(third)
    third.send(stale)
    third.send(stale)
    _, code = read_until_closed(third)
    assert code == 1008
    assert counted[0] == before
    victim.send({"type": "ping"})
    assert victim.recv() == {"type": "pong"}
    assert session.records()[0].actions == []  # and nothing changed


def test_a_student_keeps_two_sockets_and_one_message_rate(class_server: Any) -> None:
    limits = Limits(rate=0.01, burst=12)
    session, attacker, victim = two_tables(class_server, limits)
    # opening a socket costs a message; a third socket closes the oldest one
    second = Pupil(session.url, session.room, attacker.name, attacker.token).open()
    third = Pupil(session.url, session.room, attacker.name, attacker.token).open()
    _, code = read_until_closed(attacker)
    assert code == 4409
    drain(second)
    drain(third)
    pongs = 0
    for pupil in (second, third):
        for _ in range(8):
            pupil.send({"type": "ping"})
        for message in drain(pupil):
            pongs += message["type"] == "pong"
    # 12 in the burst: one for each of the first 3 sockets' opening, so 9 pings
    assert pongs == limits.burst - 3
    victim.send({"type": "ping"})
    assert victim.recv() == {"type": "pong"}
