"""Faults: the server is killed with SIGKILL in the middle of a round and started again.

Every table must resume at its last acknowledged action, every student
reconnect to their seat with the token their browser kept, no acknowledged
move may be lost and none applied twice, including a move that was on its
way when the server died.
"""

from __future__ import annotations

import random
import sqlite3
from typing import Any

import pytest

from .conftest import Pupil, legal_choices
from .serverproc import ServerProcess


def step(pupils: list[Pupil], rng: random.Random) -> int:
    """The student to act takes a random legal action; wait for its ack and every seat's update."""
    actor = next(p for p in pupils if p.my_turn())
    seq = actor.state["seq"]  # type: ignore[index]
    actor.act(rng.choice(legal_choices(actor.state)))  # type: ignore[arg-type]
    answer = actor.until(lambda m: m["type"] in ("ack", "refused"))
    assert answer["type"] == "ack", answer
    for pupil in pupils:
        pupil.until(lambda m, seq=seq: m["type"] == "state" and m["seq"] > seq)
    return answer["seq"]


@pytest.fixture(params=["sqlite", "sqlite-full", "postgresql"])
def server(request: Any, tmp_path: Any) -> Any:
    db = tmp_path / "class.sqlite"
    if request.param == "postgresql":
        db = request.getfixturevalue("fresh_postgres")
    sync = ["--sqlite-sync", "full"] if request.param == "sqlite-full" else []
    process = ServerProcess(
        db, *sync, "--game", "prohis", "--seats", "3", "--rounds", "2",
        "--bot-delay", "0", "--drop-timeout", "600", "--seed", "9",
    )  # fmt: skip
    yield process
    process.stop()


def test_sigkill_mid_round_then_every_table_resumes_where_it_was(
    server: Any, tmp_path: Any
) -> None:
    server.start()
    session = server.session()
    pupils = [Pupil(server.url, session.room, f"S{i}").join().open() for i in range(6)]
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "waiting")
    session.start()
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "state")
    tables: dict[int, list[Pupil]] = {}
    for pupil in pupils:
        tables.setdefault(pupil.state["table"], []).append(pupil)  # type: ignore[index]
    assert len(tables) == 2
    rng = random.Random(5)
    acked = {number: 0 for number in tables}
    for _ in range(6):
        for number, seated in tables.items():
            acked[number] = step(seated, rng)
    # one more move is on its way when the server dies: it may or may not have been stored
    in_flight = tables[1]
    actor = next(p for p in in_flight if p.my_turn())
    sent_seq = actor.state["seq"]  # type: ignore[index]
    move = rng.choice(legal_choices(actor.state))  # type: ignore[arg-type]
    actor.act(move)
    server.kill()
    for pupil in pupils:
        pupil.close()

    server.start()  # the same database, a new port
    session = server.session()
    assert session.status()["state"] == "playing"
    back = [Pupil(server.url, session.room, p.name, token=p.token).open() for p in pupils]
    for old, new in zip(pupils, back, strict=True):
        assert new.recv()["type"] == "welcome"
        state = new.until(lambda m: m["type"] == "state")
        assert (state["table"], state["seat"]) == (old.state["table"], old.state["seat"])  # type: ignore[index]
        if state["table"] == 2:
            assert state["seq"] == acked[2]
        else:
            assert state["seq"] in (acked[1], acked[1] + 1)  # the move in flight: stored, or not
    assert len(session.students()) == 6
    # the student sends the move again, for the screen it saw: it is applied once in all
    again = next(p for p in back if p.name == actor.name)
    again.act(move, seq=sent_seq)
    again.until(lambda m: m["type"] in ("ack", "refused"))
    record = next(r for r in session.records() if r.extra["live"]["table"] == 1)
    assert len(record.actions) == acked[1] + 1
    assert record.actions[sent_seq] == {**move, "seat": actor.state["seat"]}  # type: ignore[index]
    record.replay()  # the stored log replays to the same game, no action twice
    for pupil in back:
        if pupil.state["table"] == 1:  # type: ignore[index]
            pupil.until(lambda m: m["type"] == "state" and m["seq"] == acked[1] + 1)
    # and play goes on from there
    rng2 = random.Random(6)
    by_table: dict[int, list[Pupil]] = {}
    for pupil in back:
        by_table.setdefault(pupil.state["table"], []).append(pupil)  # type: ignore[index]
    for _ in range(3):
        for seated in by_table.values():
            step(seated, rng2)
    server.stop()
    if "://" in server.db:
        from sqlalchemy import create_engine, text

        engine = create_engine(server.db.replace("postgresql://", "postgresql+psycopg://"))
        with engine.connect() as db:
            query = text("SELECT table_id, idx FROM live_actions ORDER BY table_id, idx")
            rows = [tuple(row) for row in db.execute(query)]
        engine.dispose()
    else:
        with sqlite3.connect(server.db) as db:
            rows = db.execute(
                "SELECT table_id, idx FROM live_actions ORDER BY table_id, idx"
            ).fetchall()
            mode = db.execute("PRAGMA journal_mode").fetchone()[0]
        assert mode == "wal"
    for table_id in {t for t, _ in rows}:
        indices = [i for t, i in rows if t == table_id]
        assert indices == list(range(len(indices)))  # every index once, none missing
