"""The teacher keeps the class theirs: no ghosts seated, a closed door, a student removed.

Joining takes only the room code, so the class must not fill up with joins
from one machine, and a join that never opened its page must not take a
real student's partner's seat.
"""

from __future__ import annotations

from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed

from prohis_nb.live.server import Limits

from .conftest import Pupil, legal_choices


def join(session: Any, name: str) -> httpx.Response:
    return httpx.post(f"{session.url}/api/join", json={"room": session.room, "name": name})


def test_joins_that_never_opened_a_socket_are_not_seated(class_server: Any) -> None:
    session = class_server("convoy", rounds=1, seats=2, drop_timeout=600)
    real = Pupil(session.url, session.room, "Real").join().open()
    real.until(lambda m: m["type"] == "waiting")
    for i in range(5):
        assert join(session, f"ghost{i}").status_code == 200
    assert session.status()["lobby_tables"] == [[session.students()[0]["id"], None]]
    session.start()
    state = real.until(lambda m: m["type"] == "state")
    assert [s["who"] for s in state["seats"]].count("bot") == 1  # a bot, not a ghost
    tables = session.tables()
    assert len(tables) == 1
    ghosts = [s["id"] for s in session.students() if s["name"].startswith("ghost")]
    assert not {seat["student"] for seat in tables[0]["seats"]} & set(ghosts)


def test_one_address_cannot_fill_the_class(class_server: Any) -> None:
    limits = Limits(rate=10_000, burst=10_000, students_per_address=3)
    session = class_server("convoy", rounds=1, seats=2, limits=limits)
    answers = [join(session, f"s{i}") for i in range(5)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429, 429]
    assert "from this address" in answers[-1].json()["message"]
    assert len(session.students()) == 3


def test_the_teacher_closes_the_class_to_new_students_and_opens_it_again(
    class_server: Any,
) -> None:
    session = class_server("convoy", rounds=1, seats=2)
    assert join(session, "early").status_code == 200
    session._request("POST", "/api/teacher/lock", {})
    assert session.status()["locked"] is True
    late = join(session, "late")
    assert late.status_code == 409 and "closed" in late.json()["message"]
    session._request("POST", "/api/teacher/unlock", {})
    assert join(session, "later").status_code == 200
    assert [s["name"] for s in session.students()] == ["early", "later"]


def test_a_removed_student_is_closed_out_and_a_bot_plays_their_seat(class_server: Any) -> None:
    session = class_server("convoy", rounds=1, seats=2, drop_timeout=600)
    pupils = [Pupil(session.url, session.room, n).join().open() for n in ("Ada", "Troll")]
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "waiting")
    session.start()
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "state")
    ada, troll = pupils
    troll_id = next(s["id"] for s in session.students() if s["name"] == "Troll")
    session._request("POST", "/api/teacher/remove", {"student": troll_id})
    told = troll.until(lambda m: m["type"] == "error")
    assert told["code"] == "removed"
    try:
        troll.recv(timeout=10)
        raise AssertionError("the removed student's socket stayed open")
    except ConnectionClosed as closed:
        assert closed.rcvd is not None and closed.rcvd.code == 4401
    again = Pupil(session.url, session.room, "Troll", troll.token).open()
    assert again.recv()["code"] == "unknown_token"
    # the game goes on: whoever is to act, the troll's seat is played by a stand-in
    while not ada.ended:
        message = ada.recv(timeout=20)
        if message["type"] == "state" and ada.my_turn():
            ada.act(legal_choices(message)[0])
        if message["type"] in ("waiting", "ended"):
            break
    record = session.records()[0]
    assert record.replay().ended
    troll_seat = next(s["seat"] for s in session.tables()[0]["seats"] if s["student"] == troll_id)
    actors = record.extra["live"]["actors"]
    troll_moves = [a for a, act in zip(actors, record.actions) if act["seat"] == troll_seat]
    assert troll_moves and set(troll_moves) == {"standin"}
    student = next(s for s in session.students() if s["id"] == troll_id)
    assert student["removed"] is True
