"""Hostile clients: each gets a clear refusal, and the class is left exactly as it was.

"Exactly as it was" is checked from the database: the records' actions
before and after the hostile messages are equal.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import time
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from prohis_nb.live.server import Limits

from .conftest import Pupil


def actions_of(session: Any) -> list[list[dict[str, Any]]]:
    return [r.actions for r in session.records()]


@pytest.fixture
def started(class_server: Any) -> tuple[Any, list[Pupil]]:
    """A started class of three students at one Prohis table (seat = joining order)."""
    session = class_server("prohis", rounds=1, seats=3, setups=None, seed=3)
    pupils = [Pupil(session.url, session.room, n).join().open() for n in ("Ada", "Bob", "Cy")]
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "waiting")
    session.start()
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "state")
    return session, pupils


def to_act(pupils: list[Pupil]) -> tuple[Pupil, list[Pupil]]:
    seat = pupils[0].state["view"]["to_act"]  # type: ignore[index]
    actor = next(p for p in pupils if p.state["seat"] == seat)  # type: ignore[index]
    return actor, [p for p in pupils if p is not actor]


def quiet(pupil: Pupil, seconds: float = 0.3) -> bool:
    """True if ``pupil`` receives nothing for ``seconds``."""
    try:
        pupil.recv(timeout=seconds)
    except TimeoutError:
        return True
    return False


def test_malformed_messages_get_a_clear_error_and_change_nothing(started: Any) -> None:
    session, pupils = started
    before = actions_of(session)
    actor, _ = to_act(pupils)
    cases = {
        "not json {": "bad_json",
        "[1, 2]": "bad_message",
        '{"type": "shout"}': "bad_type",
        '{"type": "act"}': "bad_message",
        '{"type": "act", "seq": "1", "action": {"act": "pass"}}': "bad_message",
        '{"type": "act", "seq": 0, "action": {"act": "pass"}, "extra": 1}': "bad_message",
        '{"type": "act", "seq": 0, "action": {"act": 5}}': "bad_message",
        '{"type": "act", "seq": 0, "action": ' + "[" * 40 + "]" * 40 + "}": "bad_message",
        '{"type": "act", "seq": 1e400, "action": {"act": "pass"}}': "bad_message",
        '{"type": "act", "seq": NaN, "action": {"act": "pass"}}': "bad_json",
        '{"type": "hello", "token": "again"}': "bad_message",
        "x" * 20_000: "too_large",
    }
    for text, code in cases.items():
        actor.send(text)
        answer = actor.until(lambda m: m["type"] in ("error", "refused"))
        assert answer["code"] == code, (text[:60], answer)
        assert answer["message"]
    assert actions_of(session) == before


def test_an_action_for_another_seat_or_out_of_turn_is_refused(started: Any) -> None:
    session, pupils = started
    before = actions_of(session)
    actor, others = to_act(pupils)
    other = others[0]
    actor.act({"act": "pass", "seat": other.state["seat"]})
    assert actor.until(lambda m: m["type"] == "refused")["code"] == "wrong_seat"
    other.act({"act": "pass"})
    assert other.until(lambda m: m["type"] == "refused")["code"] == "not_your_turn"
    actor.act({"act": "convoy", "cards": ["captain"] * 4})  # the engine refuses: a clear reason
    refusal = actor.until(lambda m: m["type"] == "refused")
    assert refusal["code"] == "illegal" and "captain" in refusal["message"]
    assert all(quiet(p) for p in others)  # a refusal goes to that student only
    assert actions_of(session) == before


def test_a_replayed_action_is_applied_once(started: Any) -> None:
    session, pupils = started
    actor, _ = to_act(pupils)
    action = {"act": "take", "from": "row", "slot": 0}
    seq = actor.state["seq"]
    actor.act(action, seq=seq)
    actor.act(action, seq=seq)  # the same message again (a double tap, a resend after a drop)
    answers = [actor.until(lambda m: m["type"] in ("ack", "refused"))["type"] for _ in range(2)]
    assert sorted(answers) == ["ack", "refused"]
    record = session.records()[0]
    assert len(record.actions) == seq + 1
    assert record.replay().actions[-1].to_json() == {**action, "seat": actor.state["seat"]}


def test_tokens_open_only_their_own_seat_in_their_own_class(
    class_server: Any, started: Any
) -> None:
    session, pupils = started
    other_class = class_server("prohis", rounds=1, seats=3)
    stranger = Pupil(other_class.url, other_class.room, "Eve").join()
    before = actions_of(session)
    for token in (
        stranger.token,
        "A" * 43,
        session._token,
    ):  # another room's, made up, the teacher's
        intruder = Pupil(session.url, session.room, "Eve").open(token)
        answer = intruder.recv()
        assert answer["type"] == "error" and answer["code"] == "unknown_token"
        with pytest.raises(ConnectionClosed) as closed:
            intruder.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    for token in ("", "short", "x" * 500, "ünïcode-token-ünïcode-token"):
        intruder = Pupil(session.url, session.room, "Eve").open(token)
        assert intruder.recv()["code"] == "no_hello"
    # a student's token does not open the teacher's routes, nor does anything else
    for header in (f"Bearer {pupils[0].token}", "Bearer nonsense", "", f"Basic {session._token}"):
        response = httpx.get(f"{session.url}/api/teacher/status", headers={"Authorization": header})
        assert response.status_code == 401
        response = httpx.post(f"{session.url}/api/teacher/end", headers={"Authorization": header})
        assert response.status_code == 401
    assert session.status()["state"] == "playing"
    assert actions_of(session) == before


def test_joining_checks_the_room_the_name_and_the_size(started: Any) -> None:
    session, _ = started
    url = f"{session.url}/api/join"
    assert httpx.post(url, json={"room": "ZZZZZZ", "name": "Eve"}).status_code == 404
    assert httpx.post(url, json={"room": session.room, "name": "   "}).status_code == 400
    assert httpx.post(url, json={"room": session.room, "name": 5}).status_code == 400
    assert httpx.post(url, json={"room": session.room, "name": "x", "admin": 1}).status_code == 400
    assert httpx.post(url, content=b"{" * 10_000).status_code == 413
    assert httpx.post(url, content=b"not json").status_code == 400
    named = httpx.post(url, json={"room": session.room.lower(), "name": "\x1b[31mEve\n" + "e" * 90})
    assert named.status_code == 200 and named.json()["name"] == ("[31mEve " + "e" * 90)[:40]
    assert len(session.students()) == 4


def test_a_flood_is_refused_then_closed_and_changes_nothing(class_server: Any) -> None:
    session = class_server(
        "prohis", rounds=1, seats=3, limits=Limits(rate=5, burst=10, max_errors=20)
    )
    pupil = Pupil(session.url, session.room, "Ada").join().open()
    pupil.until(lambda m: m["type"] == "waiting")
    codes = []
    for _ in range(200):
        try:
            pupil.send({"type": "ping"})
        except ConnectionClosed:
            break
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            codes.append(pupil.recv(timeout=5)["type"])
    assert "pong" in codes and "error" in codes
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert session.status()["state"] == "lobby"


def test_a_socket_that_never_says_hello_is_closed(class_server: Any) -> None:
    session = class_server("prohis", rounds=1, seats=3, limits=Limits(hello_seconds=0.3))
    pupil = Pupil(session.url, session.room, "Ada")
    from websockets.sync.client import connect

    with connect(session.url.replace("http", "ws") + "/ws") as websocket:
        assert json.loads(websocket.recv(timeout=5))["code"] == "no_hello"
        with pytest.raises(ConnectionClosed) as closed:
            websocket.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4408
    assert pupil.token is None


def _frame(text: str) -> bytes:
    """A masked websocket text frame (a client's), written by hand."""
    payload = text.encode()
    mask = os.urandom(4)
    head = bytes([0x81])
    if len(payload) < 126:
        head += bytes([0x80 | len(payload)])
    else:
        head += bytes([0x80 | 126]) + len(payload).to_bytes(2, "big")
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def test_a_half_open_connection_is_dropped_and_the_seat_waits_for_its_student(
    class_server: Any,
) -> None:
    session = class_server(
        "prohis", rounds=1, seats=3, limits=Limits(ping_interval=0.2, ping_timeout=0.3)
    )
    student = Pupil(session.url, session.room, "Ada").join()
    host, port = session.url.removeprefix("http://").split(":")
    raw = socket.create_connection((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        f"GET /ws HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    assert raw.recv(4096).startswith(b"HTTP/1.1 101")
    raw.sendall(_frame(json.dumps({"type": "hello", "token": student.token})))
    deadline = time.monotonic() + 5
    while not session.students()[0]["connected"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    # the phone vanished: it never answers the server's pings, and its socket is closed
    deadline = time.monotonic() + 10
    while session.students()[0]["connected"]:
        assert time.monotonic() < deadline, "a half-open socket was kept"
        time.sleep(0.1)
    raw.close()
    back = Pupil(session.url, session.room, "Ada", token=student.token).open()
    assert back.recv()["type"] == "welcome"
    assert session.students()[0]["connected"]


def test_many_students_joining_at_once_each_get_their_own_place(class_server: Any) -> None:
    import asyncio

    session = class_server("prohis", rounds=1, seats=3)

    async def join_all() -> list[httpx.Response]:
        async with httpx.AsyncClient() as client:
            return await asyncio.gather(*(
                client.post(f"{session.url}/api/join", json={"room": session.room, "name": f"S{i}"})
                for i in range(30)
            ))  # fmt: skip

    responses = asyncio.run(join_all())
    assert [r.status_code for r in responses] == [200] * 30
    assert len({r.json()["token"] for r in responses}) == 30
    numbers = sorted(s["number"] for s in session.students())
    assert numbers == list(range(30))


def test_a_move_chosen_at_another_table_is_refused_even_with_the_same_seq(
    class_server: Any,
) -> None:
    from .conftest import legal_choices

    session = class_server("convoy", rounds=2, seats=2)
    pupils = [Pupil(session.url, session.room, n).join().open() for n in ("Ada", "Bob")]
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "waiting")
    session.start()
    first = {p.name: p.until(lambda m: m["type"] == "state") for p in pupils}
    session.end_round("stop")
    second = {p.name: p.until(lambda m: m["type"] == "state" and m["round"] == 2) for p in pupils}
    actor = next(p for p in pupils if p.my_turn())
    old, new = first[actor.name], second[actor.name]
    assert old["seq"] == new["seq"] == 0 and old["screen"] != new["screen"]
    actor.send({"type": "act", "seq": 0, "screen": old["screen"],
                "action": legal_choices(new)[0]})  # fmt: skip
    answer = actor.until(lambda m: m["type"] in ("refused", "ack", "error"))
    assert answer["type"] == "refused" and answer["code"] == "stale"
    assert session.records()[-1].actions == []
