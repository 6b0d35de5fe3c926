"""The class server sends every move it makes itself at its planned time (docs/teaching.md, "Time").

A bot thinks as soon as its move is planned, and its move is applied and
sent to every seat only when due (``bot_delay`` later), through
``ClassRoom._until``: how long it thought does not show. No timing here:
spies on the room count that every bot or stand-in move was applied by a
task that first waited for its planned moment, over real sockets.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from prohis_nb.live.room import ClassRoom

from .conftest import Pupil
from .test_class_play import play_until_ended


def spy_on_the_pace(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """Record each wait for a planned moment, and each move the server made itself."""
    seen: dict[str, list[Any]] = {"waited": [], "server_moves": []}
    until, apply = ClassRoom._until, ClassRoom._apply

    async def waiting(self: ClassRoom, moment: float) -> None:
        seen["waited"].append(asyncio.current_task())
        await until(self, moment)
        assert self.clock() >= moment - 0.002  # never sent before its time (timer granularity)

    async def applying(self: ClassRoom, table: Any, seat: int, action: Any, actor: str,
                       student: Any, seq: int) -> bool:  # fmt: skip
        if student is None:  # the server's own move
            seen["server_moves"].append((actor, asyncio.current_task() in seen["waited"]))
        return await apply(self, table, seat, action, actor, student, seq)

    monkeypatch.setattr(ClassRoom, "_until", waiting)
    monkeypatch.setattr(ClassRoom, "_apply", applying)
    return seen


def test_every_bot_move_waits_for_its_planned_moment(class_server: Any, monkeypatch) -> None:
    seen = spy_on_the_pace(monkeypatch)
    session = class_server("convoy", rounds=2, seats=2, bot_delay=0.05)
    pupil = Pupil(session.url, session.room, "Ada").join().open()
    pupil.until(lambda m: m["type"] == "waiting")
    session.start()
    play_until_ended([pupil])
    bot_moves = [
        actor
        for record in session.records()
        for actor in record.extra["live"]["actors"]
        if actor != "student"
    ]
    assert bot_moves and set(bot_moves) == {"bot"}
    assert len(seen["server_moves"]) == len(bot_moves)
    assert all(paced for _actor, paced in seen["server_moves"]), seen["server_moves"]


def test_a_stand_in_for_an_idle_student_waits_for_its_moment_too(
    class_server: Any, monkeypatch
) -> None:
    """A stand-in plays the idle student's hand: its thinking must not show either."""
    seen = spy_on_the_pace(monkeypatch)
    session = class_server("convoy", rounds=1, seats=2, bot_delay=0.05, decision_timeout=1)
    pupil = Pupil(session.url, session.room, "Ada").join().open()
    pupil.until(lambda m: m["type"] == "waiting")
    session.start()
    pupil.until(lambda m: m["type"] == "ended", timeout=30)  # Ada never moves
    actors = [a for record in session.records() for a in record.extra["live"]["actors"]]
    assert "standin" in actors
    assert len(seen["server_moves"]) == len(actors)
    assert all(paced for _actor, paced in seen["server_moves"]), seen["server_moves"]


def test_a_move_planned_again_while_it_waits_is_dropped(class_server: Any, monkeypatch) -> None:
    """The server planning again (a student back, a pause) drops the move waiting for its time.

    The first wait is interrupted the way ``attach`` or ``detach`` would: the
    table's next move is planned again. The waiting move must not be applied;
    the newer plan plays instead, and the game goes on to its end.
    """
    until, apply = ClassRoom._until, ClassRoom._apply
    first: dict[str, Any] = {}

    async def replanned(self: ClassRoom, moment: float) -> None:
        if not first:
            first["task"] = asyncio.current_task()
            for table in self.tables.values():
                if table.ended is None:
                    self._schedule(table)  # what attach/detach do
        await until(self, moment)

    applied_by_first: list[str] = []

    async def applying(self: ClassRoom, table: Any, seat: int, action: Any, actor: str,
                       student: Any, seq: int) -> bool:  # fmt: skip
        if student is None and asyncio.current_task() is first.get("task"):
            applied_by_first.append(actor)
        return await apply(self, table, seat, action, actor, student, seq)

    monkeypatch.setattr(ClassRoom, "_until", replanned)
    monkeypatch.setattr(ClassRoom, "_apply", applying)
    session = class_server("convoy", rounds=1, seats=2, bot_delay=0.05)
    pupil = Pupil(session.url, session.room, "Ada").join().open()
    pupil.until(lambda m: m["type"] == "waiting")
    session.start()
    play_until_ended([pupil])
    assert first and applied_by_first == []
    record = session.records()[0]
    assert record.replay().ended and "bot" in record.extra["live"]["actors"]
