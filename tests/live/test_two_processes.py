"""Two server processes on one PostgreSQL database (docs/live.md, "Beyond one process").

Real parts: a PostgreSQL server the tests start themselves, each class server
a process of its own (``prohis-nb class serve``), students over real
websockets. What a department running several classes on one database needs:

* two processes serve two classes at once, each with its own room code,
  students and games, and neither lets a student into the other's class;
* a third process that would resume the newest open class while another
  process serves it is refused in words (the class is claimed by the serving
  process: two processes applying moves to the same tables would disagree);
* once the serving process is killed (SIGKILL: no clean-up at all), the third
  takes the class over: its students come back to their seats with the
  tokens their browsers kept, and both classes play to the end.
"""

from __future__ import annotations

import random

import httpx

from .conftest import Pupil, legal_choices
from .serverproc import ServerProcess

CONVOY = ("--game", "convoy", "--rounds", "1", "--bot-delay", "0", "--drop-timeout", "600",
          "--fill-after", "0")  # fmt: skip


def play_to_the_end(pupils: list[Pupil], seed: int) -> None:
    """Every student plays random legal actions at its turns until its class ends."""
    rng = random.Random(seed)
    for _ in range(10_000):
        if all(p.ended for p in pupils):
            return
        for pupil in pupils:
            if pupil.ended:
                continue
            try:
                message = pupil.recv(timeout=0.02)
            except TimeoutError:
                continue
            assert message["type"] != "error", message
            if message["type"] == "state" and pupil.my_turn():
                pupil.act(rng.choice(legal_choices(message)))
    raise AssertionError("the classes did not end")


def test_two_processes_serve_two_classes_and_never_the_same_one(fresh_postgres: str) -> None:
    first = ServerProcess(fresh_postgres, *CONVOY).start()
    second = ServerProcess(fresh_postgres, "--new", *CONVOY).start()
    third = ServerProcess(fresh_postgres, *CONVOY)
    try:
        one, two = first.session(), second.session()
        assert one.room != two.room
        ours = [Pupil(first.url, one.room, name).join().open() for name in ("Ada", "Bob")]
        theirs = [Pupil(second.url, two.room, name).join().open() for name in ("Cy", "Dee")]
        for pupil in ours + theirs:
            pupil.until(lambda m: m["type"] == "waiting")
        # a room code belongs to its process: the other one does not know it
        stranger = httpx.post(f"{second.url}/api/join", json={"room": one.room, "name": "Eve"})
        assert stranger.status_code != 200 and "Eve" not in str(two.students())

        # a third process would resume the newest open class: the second one serves it
        try:
            third.start()
        except RuntimeError as error:
            refused = str(error)
        else:
            raise AssertionError("a second process took a class that is being served")
        assert f"class {two.room} is being served by another process" in refused
        assert "Traceback" not in refused
        assert [s["name"] for s in two.students()] == ["Cy", "Dee"]  # the second goes on

        # the second process dies: the third takes its class over
        second.kill()
        third = ServerProcess(fresh_postgres, *CONVOY).start()
        three = third.session()
        assert three.room == two.room
        back = [Pupil(third.url, three.room, p.name, token=p.token).open() for p in theirs]
        for pupil in back:
            assert pupil.recv()["type"] == "welcome"
        assert [s["name"] for s in three.students()] == ["Cy", "Dee"]  # nobody joined again

        one.start()
        three.start()
        play_to_the_end(ours + back, seed=3)
        for session, names in ((one, {"Ada", "Bob"}), (three, {"Cy", "Dee"})):
            records = session.records()
            assert len(records) == 1 and records[0].replay().ended
            assert {s["name"] for s in session.students()} == names
            assert session.status()["state"] == "ended"
    finally:
        for process in (first, second, third):
            process.stop()
