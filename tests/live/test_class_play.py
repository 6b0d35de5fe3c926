"""A whole class over real sockets: students join, bots fill seats, rounds rematch, records out.

Every ``state`` a student receives is checked against the record the server
stored: replaying the table's record up to the message's ``seq`` and asking
that seat's view gives exactly the ``view`` sent, so the page gets the
seat's view and nothing else.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from prohis_nb.classroom import load_class
from prohis_nb.classroom.live import load_session
from prohis_nb.live.matching import role_of

from .conftest import Pupil, legal_choices

STATE_KEYS = {"type", "round", "rounds", "table", "seat", "seq", "screen", "paused", "seats",
              "view", "board", "controls"}  # fmt: skip


def play_until_ended(pupils: list[Pupil], seed: int = 1, limit: float = 90.0) -> None:
    """Every pupil plays random legal actions at its turns until the class ends."""
    rng = random.Random(seed)
    deadline = time.monotonic() + limit
    while not all(p.ended for p in pupils):
        assert time.monotonic() < deadline, "the class did not end in time"
        for pupil in pupils:
            if pupil.ended:
                continue
            try:
                message = pupil.recv(timeout=0.02)
            except TimeoutError:
                continue
            assert message["type"] not in ("error",), message
            if message["type"] == "state" and pupil.my_turn():
                pupil.act(rng.choice(legal_choices(message)))


def test_a_class_of_two_students_plays_two_rounds_with_bots(class_server: Any) -> None:
    session = class_server("prohis", rounds=2, seats=3)
    pupils = [Pupil(session.url, session.room, name).join().open() for name in ("Ada", "Bob")]
    for pupil in pupils:
        assert pupil.recv()["type"] == "welcome"
        assert pupil.recv() == {"type": "waiting", "reason": "lobby", "round": 1}
    assert [s["name"] for s in session.students()] == ["Ada", "Bob"]
    assert session.status()["lobby_tables"] == [[s["id"] for s in session.students()] + [None]]
    session.start()
    play_until_ended(pupils)
    status = session.status()
    assert status["state"] == "ended" and status["round"] == 2
    records = session.records()
    assert len(records) == 2  # one table per round: two students and a bot
    ids = {s["name"]: s["number"] for s in session.students()}
    for record in records:
        live = record.extra["live"]
        assert len(live["actors"]) == len(record.actions)
        game = record.replay()
        assert game.ended
        bot_seats = [i for i, info in enumerate(live["seats"]) if "bot" in info]
        assert len(bot_seats) == 1
        for action, actor in zip(record.actions, live["actors"], strict=True):
            assert actor == ("bot" if action["seat"] in bot_seats else "student")
        # roles rotate: the student in place i sits at seat (i + round - 1) mod 3
        for seat, info in enumerate(live["seats"]):
            if "student" in info:
                assert seat == role_of(info["student"], live["round"], 3)
        assert {info.get("name") for info in live["seats"]} >= set(ids)
    # every state sent was the seat's view at that point, and nothing more
    by_round = {r.extra["live"]["round"]: r for r in records}
    checked = 0
    for pupil in pupils:
        for text in pupil.frames:
            message = json.loads(text)
            if message["type"] != "state":
                continue
            assert set(message) == STATE_KEYS
            game = by_round[message["round"]].replay(upto=message["seq"])
            assert message["view"] == game.view(message["seat"]).to_json()
            checked += 1
    assert checked > 10
    results = load_session(session)
    assert len(results.games) == 2 and not results.skipped
    for record in records:  # who sat where, for intervals clustered by student
        seats = record.extra["live"]["seats"]
        assert [n.startswith("student") for n in record.extra["students"]] == [
            "student" in info for info in seats
        ]
    assert results.table().unit == "student"


def test_records_export_reads_back_with_load_class(class_server: Any, tmp_path: Any) -> None:
    session = class_server("smuggle", rounds=1, seats=3)
    pupils = [
        Pupil(session.url, session.room, name).join().open() for name in ("Ada", "Bob", "Cy", "Di")
    ]
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "waiting")
    session.start()
    play_until_ended(pupils, seed=4)
    folder = session.export(tmp_path / "export")
    records = sorted((folder / "records").iterdir())
    assert len(records) == 2  # four students at three seats: two tables, two bots
    from_files = load_class(folder / "records")
    from_db = load_session(tmp_path / "class0.sqlite")
    assert [g.counts for g in from_files.games] == [g.counts for g in from_db.games]
    assert len(from_files.games) == 2 and not from_files.skipped
    lines = (folder / "decisions.csv").read_text().splitlines()
    assert len(lines) == 1 + sum(len(json.loads(p.read_text())["actions"]) for p in records)
    pq = pytest.importorskip("pyarrow.parquet")
    table = pq.read_table(folder / "decisions.parquet")
    assert table.num_rows == len(lines) - 1
    assert set(table.column("actor").to_pylist()) <= {"student", "bot", "standin", "finish"}


def test_a_dropped_student_gets_the_seat_back_and_a_bot_stands_in_meanwhile(
    class_server: Any,
) -> None:
    session = class_server("prohis", rounds=1, seats=3, drop_timeout=0.3)
    ada, bob, cy = (Pupil(session.url, session.room, n).join().open() for n in ("Ada", "Bob", "Cy"))
    for pupil in (ada, bob, cy):  # connected (a join that never opened its socket is not seated)
        pupil.until(lambda m: m["type"] == "waiting")
    session.start()
    for pupil in (ada, bob, cy):
        pupil.until(lambda m: m["type"] == "state")
    seat = ada.state["seat"]
    ada.close()
    # with Ada away, a stand-in bot plays her seat after drop_timeout; the others play on
    rng = random.Random(3)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for pupil in (bob, cy):
            try:
                message = pupil.recv(timeout=0.02)
            except TimeoutError:
                continue
            if message["type"] == "state" and pupil.my_turn():
                pupil.act(rng.choice(legal_choices(message)))
        record = session.records()[0]
        actors = record.extra["live"]["actors"]
        if any(a == "standin" for a in actors):
            break
    record = session.records()[0]
    stand_ins = [a for a, act in zip(record.extra["live"]["actors"], record.actions, strict=True)
                 if act["seat"] == seat]  # fmt: skip
    assert "standin" in stand_ins
    # Ada comes back with the token her browser kept: the same seat, no new join
    back = Pupil(session.url, session.room, "Ada", token=ada.token).open()
    assert back.recv()["type"] == "welcome"
    state = back.until(lambda m: m["type"] == "state")
    assert state["seat"] == seat and state["table"] == 1
    assert len(session.students()) == 3
    for pupil in (back, bob, cy):
        pupil.close()


@pytest.mark.parametrize("name", ["prohis", "smuggle", "convoy", "customs"])
def test_every_registered_game_plays_a_class(class_server: Any, name: str) -> None:
    from prohis_nb.core.registry import names

    if name not in names():
        pytest.skip(f"{name} is not registered here")
    session = class_server(name, rounds=2)
    pupils = [Pupil(session.url, session.room, n).join().open() for n in ("Ada", "Bob", "Cy")]
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "waiting")
    session.start()
    play_until_ended(pupils, seed=7)
    records = session.records()
    assert records and all(r.replay().ended for r in records)
    assert len(load_session(session).games) == len(records)
