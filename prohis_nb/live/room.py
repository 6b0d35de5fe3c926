"""One class, live: students, rounds, tables, bots and timers, on the server's event loop.

A :class:`ClassRoom` is everything the server keeps in memory about a class,
all of it rebuilt from the database when the server starts again
(:meth:`ClassRoom.restore`). Every change happens on the event loop, one at
a time; the only waits are the database writes.

**A move, from a student's tap to every seat's screen** (:meth:`ClassRoom._apply`):

1. the student's seat and the number of actions it saw (``seq``) are
   checked: a move made on an old screen is refused, so a message sent twice
   is applied once;
2. the action is tried on a copy of the game: the engine's refusal goes back
   to that student only, and nothing changes;
3. the action is appended to the table's log in the database, and only then
4. the copy becomes the table's game, the student gets an ``ack`` and every
   seat at the table its new ``state`` (built by
   :func:`prohis_nb.live.protocol.seat_state`, the one path out);
5. the next decision is scheduled: a bot's seat moves after ``bot_delay``;
   an absent student's seat after ``drop_timeout`` (a stand-in bot, marked
   ``standin`` in the log); an idle student's after ``decision_timeout``.
   The bot thinks from ``bot_delay`` before that moment and its move is sent
   at that moment, never sooner, so how long it thought (which depends on
   its hand) shows nobody anything (docs/teaching.md, "Time").

**Rounds** (:mod:`prohis_nb.live.matching`): the teacher starts round 1 with
the tables that formed as students arrived; each later round starts by itself
``break_seconds`` after the last table of the round before ended, with
partners rematched at random and roles rotated. A student who arrives during
a round waits ``fill_after`` seconds for others, then gets a table with bots.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import random
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from prohis_nb.bots.pacing import seconds_left
from prohis_nb.errors import ProhisNbError, RulesError
from prohis_nb.live import protocol
from prohis_nb.live.config import ClassConfig
from prohis_nb.live.games import LiveGame, live_game
from prohis_nb.live.matching import seat_plan
from prohis_nb.live.store import ActionRow, DuplicateAction, InlineWriter, Store, Writer
from prohis_nb.live.tokens import new_room_code, new_token, token_hash

log = logging.getLogger("prohis_nb.live")

STATES = ("lobby", "playing", "break", "paused", "ended")


class Connection(Protocol):
    """A student's open socket, as the class sees it: it can be sent text, and closed."""

    def send(self, text: str) -> None: ...

    def close(self, code: int = 1000, reason: str = "", flush: bool = False) -> None: ...


@dataclass(eq=False)
class Student:
    """A student who joined (the token itself is never kept: only its hash)."""

    id: int
    number: int
    name: str
    token_hash: str
    connections: list[Any] = field(default_factory=list)  # open sockets, oldest first
    away_since: float | None = 0.0  # when the last socket closed (None: connected)
    table: LiveTable | None = None
    seat: int | None = None
    waiting_since: float | None = None  # arrived during a round: waiting for a table
    #: The server's limits for this student, shared by all their sockets (so a second
    #: socket, or a reconnect, buys no more messages): see :mod:`prohis_nb.live.server`.
    limits: Any = None
    #: Whether a socket of theirs ever opened: a join that never did is not seated.
    seen: bool = False
    #: Removed by the teacher: their token opens nothing, and they are seated no more.
    removed: bool = False

    @property
    def connected(self) -> bool:
        return bool(self.connections)


@dataclass(eq=False)
class LiveTable:
    """One game of one round, its seats and its log's actors."""

    id: int
    round: int
    number: int
    game: Any
    seats: list[dict[str, Any]]  # {"student": id} or {"bot": spec}
    actors: list[str] = field(default_factory=list)
    ended: str | None = None  # "ended" or "stopped"
    finishing: bool = False
    decision_since: float = 0.0
    bots: dict[int, Any] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.TimerHandle | None = None
    #: How many times the server's next move was planned (``ClassRoom._schedule``): a
    #: move chosen under an older plan, waiting for its time, is dropped.
    plans: int = 0
    #: Each seat's ``state`` text for the table as it is now (see ``ClassRoom._state_text``).
    rendered: dict[tuple[Any, ...], str] = field(default_factory=dict)
    rendered_seq: int = -1

    @property
    def seq(self) -> int:
        return len(self.game.actions)

    def student_at(self, seat: int) -> int | None:
        return self.seats[seat].get("student")


def derive_seed(seed: int, *parts: object) -> int:
    """A 63-bit seed for one table, from the class's seed (the same on every machine)."""
    text = ":".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


class ClassRoom:
    """A class in play (see the module docstring). Build with :meth:`create` or :meth:`restore`."""

    def __init__(
        self,
        store: Store,
        writer: Writer | InlineWriter,
        session_id: int,
        room: str,
        config: ClassConfig,
        teacher_hash: str,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.writer = writer
        self.session_id = session_id
        self.room = room
        self.config = config
        self.teacher_hash = teacher_hash
        self.clock = clock
        self.game: LiveGame = live_game(config.game)
        self.renderer = self.game.renderer()
        self.seats = config.table_seats
        self.rules = self.game.rules(self.seats, config.rules)
        self.state = "lobby"
        #: Closed to new students by the teacher (:meth:`lock`).
        self.locked = False
        self.paused_from: str | None = None
        self.round = 0
        self.students: dict[int, Student] = {}
        self.by_token: dict[str, Student] = {}
        self.tables: dict[int, LiveTable] = {}  # the current round's tables, by id
        self.version = 0
        self._changed = asyncio.Event()
        self._released = False
        #: How many long polls are waiting on :meth:`wait_changed` right now.
        self.waiting = 0
        self._round_timer: asyncio.TimerHandle | None = None
        self._fill_timer: asyncio.TimerHandle | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._told_end: set[int] = set()  # students sent "ended"
        self._next_number = 0  # the next student's number (joining order)
        self._opening = 0  # tables being opened now (see _open_tables)
        self._starting = False  # a round is being started: late-comers wait (see _start_round)
        self._next_table = 1  # the number the next table of this round gets (see _open_tables)
        self._seating: set[int] = set()  # students whose table is being opened now
        #: Seconds the server took over each of the last students' moves, from reading the
        #: message to every seat's update handed to its socket (the database write included).
        self.handling: deque[float] = deque(maxlen=2000)
        #: How many students' moves were handled since the server started (``handled``).
        self.handled = 0
        self.on_broadcast: Callable[[LiveTable], None] | None = None
        #: The server's own moves sent at their planned time (:meth:`_until`), and how
        #: many of them came late because the bot thought longer than ``bot_delay``.
        self.paced_moves = 0
        self.late_moves = 0

    # ---------------------------------------------------------------- building

    @classmethod
    async def create(
        cls, store: Store, writer: Writer | InlineWriter, config: ClassConfig, teacher_token: str
    ) -> ClassRoom:
        """A new class in the lobby, with a fresh room code, written to the database."""
        teacher = token_hash(teacher_token)
        for _ in range(20):
            room = new_room_code()
            if store.session_by_room(room) is None:
                break
        session_id = await writer.call(
            store.create_session, room, config.game, config.to_json(), teacher
        )
        return cls(store, writer, session_id, room, config, teacher)

    @classmethod
    async def restore(
        cls, store: Store, writer: Writer | InlineWriter, row: dict[str, Any]
    ) -> ClassRoom:
        """The class of a session row, rebuilt from the database: every table replayed."""
        config = ClassConfig.from_json(row["config"])
        self = cls(store, writer, row["id"], row["room"], config, row["teacher_hash"])
        self.state, self.round = row["state"], row["round"]
        if self.state == "paused":
            self.paused_from = "playing"
        now = self.clock()
        for data in store.student_rows(self.session_id):
            student = Student(
                id=data["id"],
                number=data["number"],
                name=data["name"],
                token_hash=data["token_hash"],
                away_since=now,  # everyone must come back after a restart
                seen=True,
                removed=data["token_hash"].startswith(REMOVED),
            )
            self.students[student.id] = student
            if not student.removed:
                self.by_token[student.token_hash] = student
            self._next_number = max(self._next_number, student.number + 1)
        rows = store.table_rows(self.session_id, self.round) if self.round else []
        logs = store.action_rows([r["id"] for r in rows])
        for data in rows:
            game = self.game.new_game(self.game.rules(None, data["rules"]), data["setup"])
            table = LiveTable(
                id=data["id"],
                round=data["round"],
                number=data["number"],
                game=game,
                seats=data["seats"],
                ended=data["ended"],
                decision_since=now,
            )
            for line in logs[data["id"]]:
                game.apply({**line.action, "seat": line.seat})
                table.actors.append(line.actor)
            self.tables[table.id] = table
            self._next_table = max(self._next_table, table.number + 1)
            for seat, info in enumerate(table.seats):
                if "student" in info and info["student"] in self.students:
                    student = self.students[info["student"]]
                    student.table, student.seat = table, seat
        if self.state == "playing" and self.round and not rows:
            await self._start_round(self.round)  # the server stopped between the two writes
        for table in self.tables.values():
            if table.ended is None and table.game.ended:
                await self._table_over(table, "ended")
            else:
                self._schedule(table)
        if self.state == "break":
            self._schedule_next_round()
        elif self.state == "playing":
            await self._check_round_over()
        return self

    # ---------------------------------------------------------------- helpers

    def release_waiters(self) -> None:
        """Answer every long poll now, and every later one at once (the server is stopping)."""
        self._released = True
        self._changed.set()

    def _bump(self) -> None:
        self.version += 1
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_changed(self, after: int, timeout: float) -> None:
        """Return once :attr:`version` is past ``after`` or ``timeout`` seconds have passed.

        Also at once when the server stops (:meth:`release_waiters`): a teacher's long
        poll must not hold the shutdown up.
        """
        if self.version > after or self._released:
            return
        self.waiting += 1
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), timeout)
        finally:
            self.waiting -= 1

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("class %s: a background step failed: %r", self.room, task.exception())

    def _send(self, student: Student, text: str) -> None:
        for connection in list(student.connections):
            connection.send(text)

    def _seat_list(self, table: LiveTable, seat: int) -> list[dict[str, Any]]:
        out = []
        for number, info in enumerate(table.seats):
            if number == seat:
                who = "you"
            elif "student" in info:
                who = "student"
            else:
                who = "bot"
            standin = False
            if "student" in info:
                student = self.students.get(info["student"])
                standin = student is not None and not student.connected
            out.append({"seat": number, "who": who, "away": standin})
        return out

    def _state_text(self, table: LiveTable, seat: int) -> str:
        """The seat's ``state`` message, drawn once per table position and kept.

        Drawing a seat's view costs milliseconds (a Smuggle declarer has hundreds
        of choices); a student who asks again (a stale move, a reconnect) gets the
        text drawn the first time, until the table moves on.
        """
        seats = self._seat_list(table, seat)
        paused = self.state == "paused"
        if table.rendered_seq != table.seq:
            table.rendered, table.rendered_seq = {}, table.seq
        key = (seat, paused, tuple((s["who"], s["away"]) for s in seats))
        text = table.rendered.get(key)
        if text is None:
            text = protocol.seat_state(
                table.game,
                seat,
                self.renderer,
                round_number=table.round,
                rounds=self.config.rounds,
                table_number=table.number,
                seats=seats,
                paused=paused,
                screen=table.id,
            )
            table.rendered[key] = text
        return text

    def _send_state(self, student: Student) -> None:
        """Tell one student where they are: their table's state, or why they wait."""
        table = student.table
        if table is not None and student.seat is not None and table.round == self.round:
            self._send(student, self._state_text(table, student.seat))
            if table.ended is not None:
                self._send(student, self._after_table_message())
            return
        if self.state == "ended":
            self._send(student, protocol.message("ended", rounds=self.config.rounds))
        elif self.state == "lobby":
            self._send(student, protocol.message("waiting", reason="lobby", round=1))
        else:
            self._send(
                student, protocol.message("waiting", reason="next_round", round=self.round + 1)
            )

    def _after_table_message(self) -> str:
        if self.state == "ended" or self.round >= self.config.rounds:
            return protocol.message("ended", rounds=self.config.rounds)
        return protocol.message("waiting", reason="round_over", round=self.round + 1)

    def _broadcast(self, table: LiveTable) -> None:
        for seat, info in enumerate(table.seats):
            student = self.students.get(info.get("student", -1))
            if student is not None and student.connected and student.table is table:
                self._send(student, self._state_text(table, seat))
        if self.on_broadcast is not None:
            self.on_broadcast(table)

    # ---------------------------------------------------------------- students

    async def join(self, name: str) -> tuple[Student, str]:
        """A new student called ``name``; returns the student and their seat token."""
        if self.state == "ended":
            raise RulesError("this class has ended")
        if self.locked:
            raise RulesError("the teacher has closed this class to new students")
        if len(self.students) >= self.config.max_students:
            raise RulesError(f"this class is full ({self.config.max_students} students)")
        token = new_token()
        digest = token_hash(token)
        number = self._next_number  # taken before the write: joins arrive together
        self._next_number += 1
        student_id = await self.writer.call(
            self.store.add_student, self.session_id, number, name, digest
        )
        # counted as present from now on (their socket opens in a moment)
        student = Student(
            id=student_id, number=number, name=name, token_hash=digest, away_since=self.clock()
        )
        self.students[student.id] = student
        self.by_token[digest] = student
        if self.state in ("playing", "break", "paused"):
            student.waiting_since = self.clock()
        self._bump()
        return student, token

    def student_for(self, token: str) -> Student | None:
        """The student whose token this is, or ``None``."""
        return self.by_token.get(token_hash(token))

    def attach(self, student: Student, connection: Connection, most: int = 2) -> None:
        """A socket of ``student`` opened (a first visit, or a return).

        A student keeps at most ``most`` sockets: a newer one closes the oldest
        (code 4409), as a phone that reconnects leaves its old socket behind.
        """
        if student.removed:
            connection.close(4401, "removed by the teacher")
            return
        student.seen = True
        was_away = not student.connected
        while len(student.connections) >= max(1, most):
            old = student.connections.pop(0)
            old.close(4409, "your seat was opened in another window")
        student.connections.append(connection)
        student.away_since = None
        connection.send(
            protocol.message(
                "welcome", name=student.name, game=self.config.game, rounds=self.config.rounds
            )
        )
        if was_away and student.table is None and self.state == "playing":
            if student.waiting_since is None:
                student.waiting_since = self.clock()
            self._schedule_fill()
        self._send_state(student)
        if was_away and student.table is not None:
            self._schedule(student.table)
            self._broadcast_seats(student.table)
        self._bump()

    def detach(self, student: Student, connection: Connection) -> None:
        """A socket of ``student`` closed."""
        if connection in student.connections:
            student.connections.remove(connection)
        if not student.connections:
            if not student.removed:  # a removed student's seat is played at once (remove)
                student.away_since = self.clock()
            if student.table is not None and student.table.ended is None:
                self._schedule(student.table)
                self._broadcast_seats(student.table)
        self._bump()

    def _broadcast_seats(self, table: LiveTable) -> None:
        if table.ended is None and table.round == self.round:
            self._broadcast(table)

    def _present(self) -> list[Student]:
        """Students to seat in a new round: connected, or away for less than ``drop_timeout``."""
        now = self.clock()
        limit = self.config.drop_timeout
        return sorted(
            (
                s
                for s in self.students.values()
                if not s.removed
                and (
                    s.connected
                    or (s.seen and s.away_since is not None and now - s.away_since < limit)
                )
            ),
            key=lambda s: s.number,
        )

    # ---------------------------------------------------------------- moves

    async def act(
        self, student: Student, data: dict[str, Any], connection: Connection | None = None
    ) -> str | None:
        """A student's ``act`` message (already checked for shape by the protocol).

        Returns ``None`` if the move was taken, else the refusal's code (the server
        counts refusals against the student). A refusal goes to the socket the
        move came on (``connection``), not to every socket of the student.
        """
        table, seat = student.table, student.seat

        def refuse(code: str, text: str) -> str:
            reply = protocol.message("refused", code=code, message=text)
            if connection is not None:
                connection.send(reply)
            else:
                self._send(student, reply)
            return code

        if table is None or seat is None or table.round != self.round or table.ended:
            return refuse("no_game", "you have no game to play right now")
        if self.state == "paused":
            return refuse("paused", "the teacher has paused the class: wait a moment")
        action = dict(data["action"])
        if "seat" in action and action["seat"] != seat:
            return refuse("wrong_seat", f"you play seat {seat}: you may not act for another seat")
        action["seat"] = seat
        if data["seq"] != table.seq or data.get("screen", table.id) != table.id:
            refuse("stale", "the game has moved on since that screen: look again")
            text = self._state_text(table, seat)  # kept from the last drawing: no new work
            if connection is not None:
                connection.send(text)
            else:
                self._send(student, text)
            return "stale"
        if table.game.to_act != seat:
            return refuse(
                "not_your_turn", f"it is not your turn: seat {table.game.to_act} decides now"
            )
        started = time.perf_counter()
        if await self._apply(table, seat, action, "student", student, data["seq"]):
            self.handling.append(time.perf_counter() - started)
            self.handled += 1
            return None
        return "refused"

    async def _apply(
        self,
        table: LiveTable,
        seat: int,
        action: Any,
        actor: str,
        student: Student | None,
        seq: int,
    ) -> bool:
        """Try, store, then apply one action (see the module docstring); True if it was taken."""
        async with table.lock:
            if table.seq != seq or table.ended is not None:
                if student is not None:
                    self._send(
                        student,
                        protocol.message("refused", code="stale", message="the game has moved on"),
                    )
                return False
            trial = table.game.copy()
            try:
                trial.apply(action)
            except ProhisNbError as error:
                if student is not None:
                    self._send(
                        student, protocol.message("refused", code="illegal", message=str(error))
                    )
                return False
            except Exception:  # a value the engine could not read: refused all the same
                if student is not None:
                    self._send(
                        student,
                        protocol.message(
                            "refused",
                            code="illegal",
                            message="that action is not one the game understands",
                        ),
                    )
                return False
            row = ActionRow(
                table_id=table.id,
                idx=seq,
                seat=seat,
                action=trial.actions[-1].to_json(),
                actor=actor,
                student_id=None if student is None else student.id,
                at=time.time(),
            )
            try:
                await self.writer.append(row)
            except DuplicateAction:
                log.error(
                    "class %s: table %s action %s was in the log already", self.room, table.id, seq
                )
                if student is not None:
                    self._send(
                        student,
                        protocol.message("refused", code="stale", message="the game has moved on"),
                    )
                return False
            except Exception as error:
                log.error("class %s: could not store a move: %s", self.room, type(error).__name__)
                if student is not None:
                    self._send(
                        student,
                        protocol.message(
                            "refused",
                            code="not_saved",
                            message="the server could not save your move: try again",
                        ),
                    )
                return False
            table.game = trial
            table.actors.append(actor)
            table.decision_since = self.clock()
        if student is not None:
            self._send(student, protocol.message("ack", seq=seq + 1))
        self._broadcast(table)
        self._bump()
        if table.game.ended:
            await self._table_over(table, "ended")
        else:
            self._schedule(table)
        return True

    def _schedule(self, table: LiveTable) -> None:
        """Set the table's timer for the next move the server must make itself (if any)."""
        table.plans += 1  # a bot move chosen and waiting for its time is dropped
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        if table.ended is not None or table.round != self.round:
            return
        if self.state != "playing" and not table.finishing:
            return
        seat = table.game.to_act
        if seat is None:
            return
        now = self.clock()
        info = table.seats[seat]
        config = self.config
        if table.finishing:  # the teacher ended the round: bots play every seat at once
            due, actor = now, ("finish" if "student" in info else "bot")
        elif "student" not in info:
            due, actor = now + config.bot_delay, "bot"
        else:
            student = self.students[info["student"]]
            if not student.connected:
                away = student.away_since if student.away_since is not None else now
                due, actor = max(away + config.drop_timeout, now + config.bot_delay), "standin"
            elif config.decision_timeout is not None:
                due, actor = table.decision_since + config.decision_timeout, "standin"
            else:
                return
        seq, plan = table.seq, table.plans
        # The bot thinks ``bot_delay`` before its move is due and the move is shown when
        # due, however long it thought (its thinking time depends on its hand:
        # docs/teaching.md, "Time"). Ending the round (``finish``) is not paced.
        think_from = due if table.finishing else max(now, due - config.bot_delay)
        loop = asyncio.get_running_loop()
        table.timer = loop.call_later(
            think_from - now,
            lambda: self._spawn(self._auto_move(table, seat, seq, actor, show_at=due, plan=plan)),
        )

    async def _auto_move(
        self,
        table: LiveTable,
        seat: int,
        seq: int,
        actor: str,
        show_at: float | None = None,
        plan: int | None = None,
    ) -> None:
        """A bot moves for ``seat`` (if the table is still where it was when this was planned).

        The bot chooses now, and its move is applied and sent at ``show_at`` (the
        room's clock), not as soon as it is chosen: every seat then sees it at a
        time that says nothing about how long the bot thought (:meth:`_until`).
        ``plan``: the table's plan number when this move was planned; if the
        server planned again while the move waited (the student came back, the
        class paused), the move is dropped and the newer plan stands.
        """
        table.timer = None
        if not self._still_due(table, seat, seq):
            return
        bot = table.bots.get(seat)
        if bot is None:
            spec = table.seats[seat].get("bot") or self.config.bot_spec
            bot = self.game.make_bot(spec, seed=f"{self.config.seed}:{table.id}:{seat}")
            table.bots[seat] = bot
        legal = table.game.legal_actions()
        try:
            choice = bot.choose(table.game.view(seat), legal)
        except Exception as error:  # a broken bot must not stall a table: any legal move
            log.error("class %s: bot %r failed (%r); a random legal move instead", self.room,
                      getattr(bot, "name", bot), error)  # fmt: skip
            choice = legal[
                random.Random(f"{self.config.seed}:{table.id}:{seq}").randrange(len(legal))
            ]
            actor = "random"  # the log says what played, not the bot that was meant to
        if show_at is not None and not table.finishing:  # ending the round: at once
            await self._until(show_at)
        replanned = plan is not None and table.plans != plan
        if replanned or not self._still_due(table, seat, seq):
            return  # a person moved or came back, or the class paused, while it waited
        if not await self._apply(table, seat, choice, actor, None, seq):
            self._schedule(table)

    def _still_due(self, table: LiveTable, seat: int, seq: int) -> bool:
        """Whether the server's move for ``seat`` planned at ``seq`` is still to be made."""
        if table.seq != seq or table.ended is not None or table.game.to_act != seat:
            return False
        return self.state == "playing" or table.finishing

    async def _until(self, moment: float) -> None:
        """Wait until ``moment`` on the room's clock: the pace of the server's own moves.

        A bot's move is sent to every seat at the time planned for it, never
        sooner, however quickly the bot chose; one that thought past it is sent
        as soon as it is ready, and counted in :attr:`late_moves`
        (docs/teaching.md, "Time").
        """
        self.paced_moves += 1
        left = seconds_left(moment, self.clock())
        if left > 0:
            await asyncio.sleep(left)
        elif self.clock() > moment:
            self.late_moves += 1

    async def _table_over(self, table: LiveTable, how: str) -> None:
        if table.ended is not None:
            return
        table.ended = how
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        await self.writer.call(self.store.end_table, table.id, how)
        after = self._after_table_message()
        last = self.round >= self.config.rounds
        for seat, info in enumerate(table.seats):
            student = self.students.get(info.get("student", -1))
            if student is not None and student.table is table:
                if how == "stopped":
                    self._send(student, self._state_text(table, seat))
                self._send(student, after)
                if last:
                    self._told_end.add(student.id)
        self._bump()
        await self._check_round_over()

    # ---------------------------------------------------------------- rounds

    async def _set_state(self, state: str) -> None:
        self.state = state
        await self.writer.call(self.store.set_session_state, self.session_id, state, self.round)
        self._bump()

    def _setup_for(self, round_number: int, number: int) -> dict[str, Any]:
        if self.config.setups:
            return dict(self.config.setups[(number - 1) % len(self.config.setups)])
        return {"seed": derive_seed(self.config.seed, round_number, number)}

    async def _open_tables(self, plan: Sequence[Sequence[Student | None]]) -> None:
        """Write and open the tables of ``plan`` in the current round, after its last table.

        The numbers are taken before the first wait for the database, so two
        openings that overlap (a round's tables and late-comers' tables, on a
        database written from another thread) never get the same number.
        """
        first = self._next_table
        self._next_table += len(plan)
        rows = []
        for offset, seating in enumerate(plan):
            seats: list[dict[str, Any]] = [
                {"student": s.id} if s is not None else {"bot": self.config.bot_spec}
                for s in seating
            ]
            rows.append(
                {
                    "round": self.round,
                    "number": first + offset,
                    "rules": self.rules.to_json(),
                    "setup": self._setup_for(self.round, first + offset),
                    "seats": seats,
                }
            )
        planned = {s.id for seating in plan for s in seating if s is not None}
        self._seating |= planned  # not offered to another table meanwhile (_waiting)
        self._opening += 1  # no round can end while its tables are being opened
        try:
            await self._open(rows)
        finally:
            self._opening -= 1
            self._seating -= planned
        await self._check_round_over()

    async def _open(self, rows: list[dict[str, Any]]) -> None:
        ids = await self.writer.call(self.store.add_tables, self.session_id, rows)
        now = self.clock()
        opened = []
        for table_id, row in zip(ids, rows, strict=True):
            table = LiveTable(
                id=table_id,
                round=row["round"],
                number=row["number"],
                game=self.game.new_game(self.rules, row["setup"]),
                seats=row["seats"],
                decision_since=now,
            )
            self.tables[table.id] = table
            opened.append(table)
            for seat, info in enumerate(table.seats):
                if "student" in info:
                    student = self.students[info["student"]]
                    student.table, student.seat, student.waiting_since = table, seat, None
        for number, table in enumerate(opened):
            for seat, info in enumerate(table.seats):
                if "student" in info:
                    student = self.students[info["student"]]
                    if student.connected:
                        self._send(student, self._state_text(table, seat))
            self._schedule(table)
            if number % 8 == 7:  # a round of hundreds of tables: let moves in between
                await asyncio.sleep(0)
        self._bump()

    async def _start_round(self, number: int) -> None:
        present = self._present()
        if not present:
            if number == 1:
                raise RulesError(
                    "nobody has joined yet: the class starts once students have joined"
                )
            self.paused_from = "break"
            await self._set_state("paused")
            return
        for student in self.students.values():
            student.table, student.seat, student.waiting_since = None, None, None
        for table in self.tables.values():
            if table.timer is not None:
                table.timer.cancel()
        self.tables = {}
        self.round = number
        self._next_table = 1
        # Until the round's tables are open, a student who (re)connects is not seated by
        # the late-comers' filling (_fill): the plan above seats them, or _schedule_fill below.
        self._starting = True
        try:
            await self._set_state("playing")
            await self._open_tables(seat_plan(present, self.seats, number, self.config.seed))
        finally:
            self._starting = False
        for student in self.students.values():
            if student.table is None and student.connected:
                student.waiting_since = self.clock()
                self._send_state(student)
        self._schedule_fill()

    def _schedule_next_round(self) -> None:
        if self._round_timer is not None:
            self._round_timer.cancel()
        loop = asyncio.get_running_loop()
        self._round_timer = loop.call_later(
            self.config.break_seconds, lambda: self._spawn(self._next_round())
        )

    async def _next_round(self) -> None:
        self._round_timer = None
        if self.state == "break":
            await self._start_round(self.round + 1)

    async def _check_round_over(self) -> None:
        if self.state not in ("playing", "paused") or not self.tables or self._opening:
            return
        if any(t.ended is None for t in self.tables.values()):
            return
        if self.round >= self.config.rounds:
            await self._finish_class()
            return
        if self.state == "paused":
            self.paused_from = "break"
            return
        await self._set_state("break")
        for student in self.students.values():
            if student.table is None and student.connected:
                self._send_state(student)
        self._schedule_next_round()

    async def _finish_class(self) -> None:
        await self._set_state("ended")
        for timer in (self._round_timer, self._fill_timer):
            if timer is not None:
                timer.cancel()
        text = protocol.message("ended", rounds=self.config.rounds)
        for student in self.students.values():
            if student.id not in self._told_end:
                self._told_end.add(student.id)
                self._send(student, text)

    def _schedule_fill(self) -> None:
        """Seat students who arrived during the round: at once by tables, or with bots later."""
        if self.state != "playing" or self.config.fill_after is None or self._starting:
            return
        waiting = self._waiting()
        if not waiting:
            return
        if self._fill_timer is not None:
            self._fill_timer.cancel()
        oldest = min(s.waiting_since or 0.0 for s in waiting)
        due = 0.0 if len(waiting) >= self.seats else oldest + self.config.fill_after - self.clock()
        loop = asyncio.get_running_loop()
        self._fill_timer = loop.call_later(max(0.0, due), lambda: self._spawn(self._fill()))

    def _waiting(self) -> list[Student]:
        return sorted(
            (s for s in self.students.values()
             if s.table is None and s.connected and s.waiting_since is not None
             and s.id not in self._seating),
            key=lambda s: s.number,
        )  # fmt: skip

    async def _fill(self) -> None:
        self._fill_timer = None
        if self.state != "playing" or self.config.fill_after is None or self._starting:
            return
        waiting = self._waiting()
        if not waiting:
            return
        oldest = min(s.waiting_since or 0.0 for s in waiting)
        if len(waiting) < self.seats and self.clock() - oldest < self.config.fill_after:
            self._schedule_fill()
            return
        if len(waiting) >= self.seats:  # whole tables now; the rest wait on
            waiting = waiting[: len(waiting) - len(waiting) % self.seats]
        plan = seat_plan(waiting, self.seats, self.round, self.config.seed)
        await self._open_tables(plan)
        self._schedule_fill()

    # ---------------------------------------------------------------- the teacher

    async def start(self) -> None:
        """Start round 1 (from the lobby), or carry on after a pause."""
        if self.state == "lobby":
            await self._start_round(1)
        elif self.state == "paused":
            await self.resume()
        elif self.state == "ended":
            raise RulesError("this class has ended")

    async def pause(self) -> None:
        """Stop the clock: no move is taken (students are told) until :meth:`resume`."""
        if self.state not in ("playing", "break"):
            raise RulesError(f"only a class in play can be paused (it is {self.state})")
        self.paused_from = self.state
        if self._round_timer is not None:
            self._round_timer.cancel()
            self._round_timer = None
        await self._set_state("paused")
        for table in self.tables.values():
            if table.timer is not None and not table.finishing:
                table.timer.cancel()
                table.timer = None
        text = protocol.message("paused", paused=True)
        for student in self.students.values():
            self._send(student, text)

    async def resume(self) -> None:
        """Carry on after :meth:`pause`."""
        if self.state != "paused":
            raise RulesError(f"the class is not paused (it is {self.state})")
        previous = self.paused_from or "playing"
        self.paused_from = None
        text = protocol.message("paused", paused=False)
        for student in self.students.values():
            self._send(student, text)
        if previous == "break":
            self.state = "break"
            if self.round < self.config.rounds:
                await self._start_round(self.round + 1)
            else:
                await self._finish_class()
            return
        await self._set_state("playing")
        for table in self.tables.values():
            self._schedule(table)
        await self._check_round_over()
        self._schedule_fill()

    async def lock(self, locked: bool = True) -> None:
        """Close the class to new students (``locked``), or open it again."""
        self.locked = bool(locked)
        self._bump()

    async def remove(self, student_id: Any) -> None:
        """Remove a student: their sockets close, their token opens nothing, a bot plays for them.

        Their moves so far stay in the records (marked as theirs); from now on a
        stand-in bot plays their seat at once, and no later round seats them.
        """
        student = self.students.get(student_id) if isinstance(student_id, int) else None
        if student is None or student.removed:
            raise RulesError(f"no student {student_id!r} in this class: give a student's id")
        student.removed = True
        self.by_token.pop(student.token_hash, None)
        await self.writer.call(self.store.remove_student, student.id)
        text = protocol.message(
            "error", code="removed", message="the teacher has removed you from this class"
        )
        for connection in list(student.connections):
            connection.send(text)
            connection.close(4401, "removed by the teacher", flush=True)
        student.connections.clear()
        student.away_since = self.clock() - self.config.drop_timeout  # a stand-in plays now
        student.waiting_since = None
        if student.table is not None and student.table.ended is None:
            self._schedule(student.table)
            self._broadcast_seats(student.table)
        self._bump()

    async def end_round(self, finish: str = "bots") -> None:
        """End the round now: bots finish the open games (``"bots"``), or they stop (``"stop"``)."""
        if finish not in ("bots", "stop"):
            raise RulesError(f"finish is 'bots' or 'stop', got {finish!r}")
        if self.state not in ("playing", "paused"):
            raise RulesError(f"no round is being played (the class is {self.state})")
        for table in list(self.tables.values()):
            if table.ended is not None:
                continue
            if finish == "stop":
                await self._table_over(table, "stopped")
            else:
                table.finishing = True
                self._schedule(table)

    async def end(self) -> None:
        """End the class: open games stop where they are, students are told."""
        if self.state == "ended":
            return
        for table in list(self.tables.values()):
            if table.ended is None:
                table.ended = "stopped"
                if table.timer is not None:
                    table.timer.cancel()
                await self.writer.call(self.store.end_table, table.id, "stopped")
        await self._finish_class()

    # ---------------------------------------------------------------- what the teacher sees

    def status(self, handled_after: int | None = None) -> dict[str, Any]:
        """Who has joined, the tables and how far each has got (plain JSON data).

        ``handling_ms`` covers the last 2,000 moves, or only those after the
        ``handled_after``-th (a benchmark's window: ``handled`` at its start).
        """
        now = self.clock()
        students = []
        for s in sorted(self.students.values(), key=lambda s: s.number):
            students.append(
                {
                    "id": s.id,
                    "number": s.number,
                    "name": s.name,
                    "connected": s.connected,
                    "removed": s.removed,
                    "away_seconds": None if s.away_since is None else round(now - s.away_since, 1),
                    "table": None
                    if s.table is None or s.table.round != self.round
                    else s.table.number,
                    "seat": s.seat if s.table is not None and s.table.round == self.round else None,
                }
            )
        tables = []
        for t in sorted(self.tables.values(), key=lambda t: t.number):
            seats = []
            for seat, info in enumerate(t.seats):
                if "student" in info:
                    s = self.students[info["student"]]
                    seats.append({"seat": seat, "student": s.id, "name": s.name,
                                  "connected": s.connected, "bot": None})  # fmt: skip
                else:
                    seats.append({"seat": seat, "student": None, "name": None,
                                  "connected": None, "bot": info["bot"]})  # fmt: skip
            decision = t.game.decision
            tables.append(
                {
                    "id": t.id,
                    "round": t.round,
                    "number": t.number,
                    "seats": seats,
                    "actions": t.seq,
                    "to_act": t.game.to_act,
                    "decision": None if decision is None else decision.kind,
                    "ended": t.ended,
                    "standins": t.actors.count("standin"),
                }
            )
        lobby: list[list[int | None]] = []
        if self.state == "lobby":
            plan = seat_plan(self._present(), self.seats, 1, self.config.seed)
            lobby = [[None if s is None else s.id for s in row] for row in plan]
        return {
            "room": self.room,
            "game": self.config.game,
            "state": self.state,
            "locked": self.locked,
            "round": self.round,
            "rounds": self.config.rounds,
            "seats": self.seats,
            "version": self.version,
            "students": students,
            "tables": tables,
            "lobby_tables": lobby,
            "tables_done": sum(1 for t in self.tables.values() if t.ended is not None),
            "handling_ms": _quantiles_ms(self._handling_after(handled_after)),
            "handled": self.handled,
        }

    def _handling_after(self, handled_after: int | None) -> deque[float]:
        if handled_after is None:
            return self.handling
        newer = max(0, min(len(self.handling), self.handled - max(0, handled_after)))
        return deque(list(self.handling)[len(self.handling) - newer :])

    async def close(self) -> None:
        """Cancel every timer (the server is stopping)."""
        for timer in (self._round_timer, self._fill_timer):
            if timer is not None:
                timer.cancel()
        for table in self.tables.values():
            if table.timer is not None:
                table.timer.cancel()
        for task in list(self._tasks):
            task.cancel()


def _quantiles_ms(seconds: deque[float]) -> dict[str, float | int | None]:
    """p50 and p99 of the last moves' handling times, in milliseconds."""
    ordered = sorted(seconds)
    if not ordered:
        return {"moves": 0, "p50": None, "p99": None}

    def at(q: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)

    return {"moves": len(ordered), "p50": at(0.5), "p99": at(0.99)}


#: How a removed student's token hash is stored: no SHA-256 in hex begins with it.
REMOVED = "x"


def new_teacher_token() -> str:
    """A fresh teacher token."""
    return new_token()
