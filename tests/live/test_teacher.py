"""The teacher's controls: start, pause, resume, end a round or the class; late, idle students."""

from __future__ import annotations

import time
from typing import Any

import pytest

from prohis_nb.live.session import ClassError, connect

from .conftest import Pupil, legal_choices


def seated(session: Any, names: tuple[str, ...]) -> list[Pupil]:
    pupils = [Pupil(session.url, session.room, n).join().open() for n in names]
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "waiting")
    return pupils


def test_the_class_starts_only_with_students_and_only_once(class_server: Any) -> None:
    session = class_server("prohis", rounds=1, seats=3)
    with pytest.raises(ClassError, match="nobody has joined"):
        session.start()
    with pytest.raises(ClassError, match="only a class in play"):
        session.pause()
    seated(session, ("Ada",))
    assert session.start()["state"] == "playing"
    tables = session.tables()
    assert len(tables) == 1
    assert [s["bot"] is not None for s in tables[0]["seats"]] == [False, True, True]


def test_pause_stops_every_move_and_resume_carries_on(class_server: Any) -> None:
    session = class_server("prohis", rounds=1, seats=3)
    ada, bob, cy = seated(session, ("Ada", "Bob", "Cy"))
    session.start()
    for pupil in (ada, bob, cy):
        pupil.until(lambda m: m["type"] == "state")
    session.pause()
    for pupil in (ada, bob, cy):
        assert pupil.until(lambda m: m["type"] == "paused")["paused"] is True
    actor = next(p for p in (ada, bob, cy) if p.my_turn())
    actor.act(legal_choices(actor.state)[0])
    assert actor.until(lambda m: m["type"] == "refused")["code"] == "paused"
    assert session.records()[0].actions == []
    session.resume()
    assert actor.until(lambda m: m["type"] == "paused")["paused"] is False
    actor.act(legal_choices(actor.state)[0])
    assert actor.until(lambda m: m["type"] in ("ack", "refused"))["type"] == "ack"


def test_end_round_lets_bots_finish_the_open_games_and_marks_their_moves(class_server: Any) -> None:
    session = class_server("prohis", rounds=2, seats=3, break_seconds=60)
    pupils = seated(session, ("Ada", "Bob"))
    session.start()
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "state")
    session.end_round()
    deadline = time.monotonic() + 30
    while session.status()["state"] != "break":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    record = session.records()[0]
    game = record.replay()
    assert game.ended
    actors = record.extra["live"]["actors"]
    students = {i for i, info in enumerate(record.extra["live"]["seats"]) if "student" in info}
    for action, actor in zip(record.actions, actors, strict=True):
        assert actor == ("finish" if action["seat"] in students else "bot")
    for pupil in pupils:
        assert pupil.until(lambda m: m["type"] == "waiting") == {
            "type": "waiting", "reason": "round_over", "round": 2,
        }  # fmt: skip


def test_end_round_stop_leaves_the_games_unfinished(class_server: Any) -> None:
    session = class_server("prohis", rounds=1, seats=3)
    pupils = seated(session, ("Ada", "Bob", "Cy"))
    session.start()
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "state")
    session.end_round("stop")
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "ended")
    record = session.records()[0]
    assert record.extra["live"]["ended"] == "stopped" and not record.replay().ended
    assert session.status()["state"] == "ended"
    with pytest.raises(ClassError, match="finish is"):
        session.end_round("later")


def test_a_late_student_gets_a_table_with_bots_after_the_wait(class_server: Any) -> None:
    session = class_server("prohis", rounds=1, seats=3, fill_after=0.3)
    early = seated(session, ("Ada", "Bob", "Cy"))
    session.start()
    for pupil in early:
        pupil.until(lambda m: m["type"] == "state")
    late = Pupil(session.url, session.room, "Dee").join().open()
    assert late.until(lambda m: m["type"] == "waiting")["reason"] == "next_round"
    state = late.until(lambda m: m["type"] == "state", timeout=10)
    assert state["table"] == 2 and state["round"] == 1
    assert [s["who"] for s in state["seats"]].count("bot") == 2


def test_an_idle_student_has_a_bot_decide_after_the_decision_timeout(class_server: Any) -> None:
    session = class_server("prohis", rounds=1, seats=3, decision_timeout=1)
    pupils = seated(session, ("Ada", "Bob", "Cy"))
    session.start()
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "state")
    deadline = time.monotonic() + 15
    while not session.records()[0].actions:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert session.records()[0].extra["live"]["actors"][0] == "standin"


def test_connect_reaches_the_same_class_with_the_teacher_token_only(class_server: Any) -> None:
    session = class_server("prohis", rounds=1, seats=3)
    remote = connect(session.url, session._token)
    assert remote.room == session.room and remote.status()["version"] >= 0
    with pytest.raises(ClassError, match="teacher"):
        connect(session.url, "not-the-token-not-the-token-not-the-token")
    with pytest.raises(ClassError, match="cannot reach"):
        connect("http://127.0.0.1:9", session._token)
    before = session.status()["version"]
    Pupil(session.url, session.room, "Ada").join()
    assert session.wait_for_change(before, timeout=10)["version"] > before


def test_a_bot_that_fails_does_not_stall_its_table(class_server: Any) -> None:
    from prohis_nb.bots import BOTS, Bot, register_bot

    class Broken(Bot):
        def choose(self, view: Any, legal_actions: Any) -> Any:
            raise RuntimeError("this bot is broken")

    register_bot("broken_for_test", Broken, game="prohis")
    try:
        session = class_server("prohis", rounds=1, seats=3, bot="broken_for_test")
        (ada,) = seated(session, ("Ada",))
        session.start()
        state = ada.until(lambda m: m["type"] == "state")
        if state["view"]["to_act"] == state["seat"]:
            ada.act({"act": "pass"})
            state = ada.until(lambda m: m["type"] == "state")
        while state["view"]["to_act"] != state["seat"]:  # the bots move all the same
            state = ada.until(lambda m: m["type"] == "state")
        actors = session.records()[0].extra["live"]["actors"]
        # what played is in the log: a random legal move, not the bot that failed
        assert state["seq"] == len(actors) and "random" in actors and "bot" not in actors
    finally:
        BOTS["prohis"].pop("broken_for_test", None)


def test_start_class_resumes_a_class_only_when_asked(tmp_path: Any) -> None:
    from prohis_nb.live.session import start_class

    db = tmp_path / "kernel.sqlite"
    first = start_class("prohis", 3, db=db, seats=3, bot_delay=0, fill_after=None)
    ada = Pupil(first.url, first.room, "Ada").join().open()
    ada.until(lambda m: m["type"] == "waiting")
    first.stop()  # the kernel died
    again = start_class("prohis", 3, db=db, resume=True)
    try:
        assert again.room == first.room and [s["name"] for s in again.students()] == ["Ada"]
        back = Pupil(again.url, again.room, "Ada", token=ada.token).open()
        assert back.recv()["type"] == "welcome"
    finally:
        again.stop()
    fresh = start_class("prohis", 3, db=db)
    try:
        assert fresh.room != first.room and fresh.students() == []
    finally:
        fresh.stop()


def test_the_servers_handling_figures_cover_the_window_asked_for(class_server: Any) -> None:
    from .test_class_play import play_until_ended

    session = class_server("convoy", rounds=2, seats=2)
    pupils = [Pupil(session.url, session.room, n).join().open() for n in ("Ada", "Bob")]
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "waiting")
    session.start()
    play_until_ended(pupils)
    moves = sum(r.extra["live"]["actors"].count("student") for r in session.records())
    status = session.status()
    assert status["handled"] == moves > 2
    assert status["handling_ms"]["moves"] == moves
    path = "/api/teacher/status?handled_after="
    assert session._request("GET", path + str(moves - 2))["handling_ms"]["moves"] == 2
    assert session._request("GET", path + str(moves))["handling_ms"]["moves"] == 0


def test_a_resumed_class_comes_back_on_its_port(class_server: Any, tmp_path: Any) -> None:
    db = tmp_path / "resume.sqlite"
    first = class_server("convoy", rounds=2, seats=2, db=db)
    ada = Pupil(first.url, first.room, "Ada").join().open()
    ada.until(lambda m: m["type"] == "waiting")
    first.start()
    seat = ada.until(lambda m: m["type"] == "state")["seat"]
    first.stop()  # as when the kernel dies
    again = class_server("convoy", rounds=2, seats=2, db=db, resume=True)
    assert again.url == first.url and again.join_url == first.join_url
    back = Pupil(first.url, first.room, "Ada", ada.token).open()  # the page's own address
    assert back.until(lambda m: m["type"] == "state")["seat"] == seat
