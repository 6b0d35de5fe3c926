"""The class's database: sessions, students, tables, and one append-only log of actions per table.

Everything the server knows lives here, so a server that is killed and
started again (or a second server process) rebuilds every table by
replaying its log. The schema, in SQLAlchemy Core (SQLite by default,
PostgreSQL through a URL):

==============  ===================================================================
``sessions``    one class: its room code, game, settings (JSON), the hash of the
                teacher's token, its state (``lobby``, ``playing``, ``break``,
                ``paused``, ``ended``) and current round
``students``    who joined: a number in joining order, a display name, the
                SHA-256 hash of the seat token (never the token itself)
``tables``      one game of one round: its rules and deal (JSON), who sits where
                (a student's id or a bot spec per seat), when it ended
``actions``     the log: ``(table_id, idx)`` is the primary key, so an action can
                be written once only; ``actor`` says who took it (``student``,
                ``bot`` for a seat a bot fills, ``standin`` for a bot playing
                for an absent or idle student, ``finish`` for a bot ending a
                round the teacher closed, ``random`` for a uniformly random
                legal move made when the bot failed)
==============  ===================================================================

Only ``sessions`` rows are ever updated (state, round); a table's seats and
its actions are written once. Writes go through one thread (:class:`Writer`),
which commits every action waiting in its queue in one transaction (group
commit): under load one disk flush acknowledges many students' moves.
SQLite runs in WAL mode. With ``sqlite_sync="normal"`` (the default) a
committed move survives a crashed or killed server (it is in the operating
system's hands before anyone is told); only a power cut or a crash of the
operating system itself may lose the last moments. ``"full"`` also waits for
the disk at every commit: it survives a power cut too, and costs a disk flush
per commit (a few milliseconds on an idle SSD, hundreds on a busy shared disk:
see docs/live.md, "How fast").
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import queue
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

metadata = MetaData()

sessions = Table(
    "live_sessions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room", String(16), nullable=False, unique=True),
    Column("game", String(40), nullable=False),
    Column("config", Text, nullable=False),
    Column("teacher_hash", String(64), nullable=False),
    Column("state", String(16), nullable=False),
    Column("round", Integer, nullable=False, default=0),
    Column("created", Float, nullable=False),
)

students = Table(
    "live_students",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("session_id", Integer, ForeignKey("live_sessions.id"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("name", String(80), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("joined", Float, nullable=False),
    UniqueConstraint("session_id", "number"),
)

tables = Table(
    "live_tables",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("session_id", Integer, ForeignKey("live_sessions.id"), nullable=False),
    Column("round", Integer, nullable=False),
    Column("number", Integer, nullable=False),
    Column("rules", Text, nullable=False),
    Column("setup", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("created", Float, nullable=False),
    UniqueConstraint("session_id", "round", "number"),
)

table_ends = Table(
    "live_table_ends",
    metadata,
    Column("table_id", Integer, ForeignKey("live_tables.id"), primary_key=True),
    Column("how", String(16), nullable=False),  # "ended" (the game's end) or "stopped"
    Column("at", Float, nullable=False),
)

actions = Table(
    "live_actions",
    metadata,
    Column("table_id", Integer, ForeignKey("live_tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("actor", String(16), nullable=False),
    Column("student_id", Integer, nullable=True),
    Column("at", Float, nullable=False),
)

#: The port each class was last served on (``start_class(resume=True)`` comes back there).
ports = Table(
    "live_ports",
    metadata,
    Column("session_id", Integer, ForeignKey("live_sessions.id"), primary_key=True),
    Column("port", Integer, nullable=False),
)

Index("live_tables_by_session", tables.c.session_id, tables.c.round)
Index("live_students_by_session", students.c.session_id)

#: Who took an action (the ``actor`` column).
ACTORS = ("student", "bot", "standin", "finish", "random")


#: The first key of the advisory locks that claim a class (:meth:`Store.claim`): "PRHS".
CLAIM_SPACE = 0x50524853


class DuplicateAction(Exception):
    """An action with this table and index is in the log already (it is never written twice)."""


def default_url(path: str | Path) -> str:
    """The SQLAlchemy URL of an SQLite file."""
    return f"sqlite:///{Path(path).expanduser().resolve()}"


#: SQLite's ``synchronous`` settings the server offers (see the module docstring).
SQLITE_SYNC = ("normal", "full")


def make_engine(url: str, sqlite_sync: str = "normal") -> Engine:
    """An engine for ``url``; SQLite files get WAL mode, ``sqlite_sync`` and a busy timeout."""
    if sqlite_sync not in SQLITE_SYNC:
        raise ValueError(f"sqlite_sync is 'normal' or 'full', got {sqlite_sync!r}")
    if url.startswith("postgres://"):  # Heroku-style URLs
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    engine = create_engine(url, future=True, pool_pre_ping=not url.startswith("sqlite"))
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA synchronous={sqlite_sync.upper()}")
            cursor.execute("PRAGMA busy_timeout=10000")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

    return engine


def _create_private(url: str) -> None:
    """Create a new SQLite file readable by its owner only (0600).

    The database holds the class's secret seed and every table's deal: anyone
    who can read it can replay every table and see every hidden card. SQLite
    gives its ``-wal`` and ``-shm`` files the database file's permissions.
    A file that exists already is left as it is.
    """
    prefix = "sqlite:///"
    if not url.startswith(prefix) or url[len(prefix) :] in ("", ":memory:"):
        return
    path = Path(url[len(prefix) :].split("?", 1)[0])
    if path.exists():
        return
    with contextlib.suppress(OSError):  # no such folder: SQLite itself says so, in its words
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


@dataclass(frozen=True)
class ActionRow:
    """One line of a table's log."""

    table_id: int
    idx: int
    seat: int
    action: dict[str, Any]
    actor: str
    student_id: int | None
    at: float


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class Store:
    """Reads and writes of the class database (plain, synchronous calls).

    The server calls the writing methods through :class:`Writer`, from one
    thread; reading methods may be called from anywhere.
    """

    def __init__(self, url: str, sqlite_sync: str = "normal") -> None:
        self.url = url
        _create_private(url)
        self.engine = make_engine(url, sqlite_sync)
        metadata.create_all(self.engine)
        self._claim: Any = None  # the connection holding this process's claims (PostgreSQL)

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    def close(self) -> None:
        if self._claim is not None:  # closing the database session releases its claims
            self._claim.invalidate()
            self._claim = None
        self.engine.dispose()

    def claim(self, session_id: int) -> bool:
        """Take class ``session_id`` for this process; False if another process serves it.

        On PostgreSQL, where several processes (or machines) can open the
        same database, a class is served by one process at a time: this takes
        a session-level advisory lock (``pg_try_advisory_lock``) on a
        connection kept open until :meth:`close`. A process that dies, even by
        SIGKILL, loses its connection and so its claims: another process can
        then take the class over. On SQLite (one file on one machine) it
        claims nothing and returns True.
        """
        if self.dialect != "postgresql":
            return True
        if self._claim is None:
            self._claim = self.engine.connect()
        taken = self._claim.execute(
            text("SELECT pg_try_advisory_lock(:space, :session)"),
            {"space": CLAIM_SPACE, "session": int(session_id)},
        ).scalar()
        self._claim.commit()
        return bool(taken)

    # ------------------------------------------------------------ sessions

    def create_session(
        self, room: str, game: str, config: Mapping[str, Any], teacher_hash: str
    ) -> int:
        with self.engine.begin() as db:
            result = db.execute(
                insert(sessions).values(
                    room=room,
                    game=game,
                    config=_dumps(config),
                    teacher_hash=teacher_hash,
                    state="lobby",
                    round=0,
                    created=time.time(),
                )
            )
            return int(result.inserted_primary_key[0])  # type: ignore[index]

    def set_session_state(self, session_id: int, state: str, round_number: int) -> None:
        with self.engine.begin() as db:
            db.execute(
                update(sessions)
                .where(sessions.c.id == session_id)
                .values(state=state, round=round_number)
            )

    def set_teacher_hash(self, session_id: int, teacher_hash: str) -> None:
        with self.engine.begin() as db:
            db.execute(
                update(sessions)
                .where(sessions.c.id == session_id)
                .values(teacher_hash=teacher_hash)
            )

    def session_rows(self, *, open_only: bool = False) -> list[dict[str, Any]]:
        """Every session (newest last), or only those not ended."""
        query = select(sessions).order_by(sessions.c.id)
        if open_only:
            query = query.where(sessions.c.state != "ended")
        with self.engine.connect() as db:
            rows = [dict(row._mapping) for row in db.execute(query)]
        for row in rows:
            row["config"] = json.loads(row["config"])
        return rows

    def session_by_room(self, room: str) -> dict[str, Any] | None:
        with self.engine.connect() as db:
            row = db.execute(select(sessions).where(sessions.c.room == room)).first()
        if row is None:
            return None
        data = dict(row._mapping)
        data["config"] = json.loads(data["config"])
        return data

    def set_port(self, session_id: int, port: int) -> None:
        """Remember the port class ``session_id`` is served on now."""
        with self.engine.begin() as db:
            db.execute(ports.delete().where(ports.c.session_id == session_id))
            db.execute(insert(ports).values(session_id=session_id, port=int(port)))

    def last_port(self) -> int | None:
        """The port the newest class not ended was last served on, if any."""
        open_rows = self.session_rows(open_only=True)
        if not open_rows:
            return None
        with self.engine.connect() as db:
            row = db.execute(
                select(ports.c.port).where(ports.c.session_id == open_rows[-1]["id"])
            ).first()
        return None if row is None else int(row.port)

    # ------------------------------------------------------------ students

    def add_student(self, session_id: int, number: int, name: str, token_hash: str) -> int:
        with self.engine.begin() as db:
            result = db.execute(
                insert(students).values(
                    session_id=session_id,
                    number=number,
                    name=name,
                    token_hash=token_hash,
                    joined=time.time(),
                )
            )
            return int(result.inserted_primary_key[0])  # type: ignore[index]

    def remove_student(self, student_id: int) -> None:
        """Make a student's token open nothing (its hash becomes ``x...``, which no token has)."""
        with self.engine.begin() as db:
            row = db.execute(
                select(students.c.token_hash).where(students.c.id == student_id)
            ).first()
            if row is not None and not row.token_hash.startswith("x"):
                db.execute(
                    update(students)
                    .where(students.c.id == student_id)
                    .values(token_hash="x" + row.token_hash[1:])
                )

    def student_rows(self, session_id: int) -> list[dict[str, Any]]:
        with self.engine.connect() as db:
            query = (
                select(students)
                .where(students.c.session_id == session_id)
                .order_by(students.c.number)
            )
            return [dict(row._mapping) for row in db.execute(query)]

    # ------------------------------------------------------------ tables

    def add_tables(self, session_id: int, rows: Sequence[Mapping[str, Any]]) -> list[int]:
        """Write a round's tables (``round``, ``number``, ``rules``, ``setup``, ``seats``)."""
        ids = []
        with self.engine.begin() as db:
            for row in rows:
                result = db.execute(
                    insert(tables).values(
                        session_id=session_id,
                        round=row["round"],
                        number=row["number"],
                        rules=_dumps(row["rules"]),
                        setup=_dumps(row["setup"]),
                        seats=_dumps(row["seats"]),
                        created=time.time(),
                    )
                )
                ids.append(int(result.inserted_primary_key[0]))  # type: ignore[index]
        return ids

    def end_table(self, table_id: int, how: str) -> None:
        with self.engine.begin() as db:
            db.execute(insert(table_ends).values(table_id=table_id, how=how, at=time.time()))

    def table_rows(self, session_id: int, round_number: int | None = None) -> list[dict[str, Any]]:
        """A session's tables (all rounds, or one), with ``ended`` (``None``, ended, stopped)."""
        query = (
            select(tables, table_ends.c.how)
            .select_from(tables.outerjoin(table_ends, table_ends.c.table_id == tables.c.id))
            .where(tables.c.session_id == session_id)
            .order_by(tables.c.round, tables.c.number)
        )
        if round_number is not None:
            query = query.where(tables.c.round == round_number)
        with self.engine.connect() as db:
            rows = [dict(row._mapping) for row in db.execute(query)]
        for row in rows:
            for key in ("rules", "setup", "seats"):
                row[key] = json.loads(row[key])
            row["ended"] = row.pop("how")
        return rows

    # ------------------------------------------------------------ the log

    def append_actions(self, rows: Iterable[ActionRow]) -> None:
        """Append log lines in one transaction; ``DuplicateAction`` if one is there already."""
        values = [
            {
                "table_id": r.table_id,
                "idx": r.idx,
                "seat": r.seat,
                "action": _dumps(r.action),
                "actor": r.actor,
                "student_id": r.student_id,
                "at": r.at,
            }
            for r in rows
        ]
        if not values:
            return
        try:
            with self.engine.begin() as db:
                db.execute(insert(actions), values)
        except IntegrityError as error:
            raise DuplicateAction(str(error.orig)) from None

    def action_rows(self, table_ids: Sequence[int]) -> dict[int, list[ActionRow]]:
        """Every table's log, in order."""
        out: dict[int, list[ActionRow]] = {tid: [] for tid in table_ids}
        if not table_ids:
            return out
        with self.engine.connect() as db:
            for start in range(0, len(table_ids), 500):
                chunk = list(table_ids[start : start + 500])
                query = (
                    select(actions)
                    .where(actions.c.table_id.in_(chunk))
                    .order_by(actions.c.table_id, actions.c.idx)
                )
                for row in db.execute(query):
                    out[row.table_id].append(
                        ActionRow(
                            table_id=row.table_id,
                            idx=row.idx,
                            seat=row.seat,
                            action=json.loads(row.action),
                            actor=row.actor,
                            student_id=row.student_id,
                            at=row.at,
                        )
                    )
        return out


class Writer:
    """Every write of the server, from one thread, in the order asked; actions group-committed.

    ``await writer.append(row)`` returns once the action is committed (or
    raises :class:`DuplicateAction`); ``await writer.call(fn, *args)`` runs
    any other write of the :class:`Store` in the same thread, in order.
    Actions that wait together are written in one transaction: a batch that
    fails is retried one action at a time, so each gets its own answer.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="prohis-live-writer", daemon=True)
        self._thread.start()
        #: How many transactions wrote actions, and how many actions (for the benchmark).
        self.commits = 0
        self.actions_written = 0

    async def append(self, row: ActionRow) -> None:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.put(("append", row, future, loop))
        await future

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._queue.put(("call", (fn, args), future, loop))
        return await future

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=10)

    @staticmethod
    def _settle(item: Any, result: Any = None, error: BaseException | None = None) -> None:
        _kind, _payload, future, loop = item

        def settle() -> None:
            if future.done():
                return
            if error is not None:
                future.set_exception(error)
            else:
                future.set_result(result)

        with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
            loop.call_soon_threadsafe(settle)

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            while True:  # take everything that is waiting now
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    self._process(batch)
                    return
                batch.append(item)
            self._process(batch)

    def _process(self, batch: list[Any]) -> None:
        appends: list[Any] = []
        for item in batch:
            if item[0] == "append":
                appends.append(item)
                continue
            self._flush(appends)
            appends = []
            fn, args = item[1]
            try:
                result = fn(*args)
            except Exception as error:  # handed to the caller, who says what went wrong
                self._settle(item, error=error)
            else:
                self._settle(item, result)
        self._flush(appends)

    def _flush(self, appends: list[Any]) -> None:
        if not appends:
            return
        try:
            self.store.append_actions(item[1] for item in appends)
        except Exception:
            if len(appends) == 1:
                self._single(appends[0])
                return
            for item in appends:  # one at a time: each its own answer
                self._single(item)
            return
        self.commits += 1
        self.actions_written += len(appends)
        for item in appends:
            self._settle(item)

    def _single(self, item: Any) -> None:
        try:
            self.store.append_actions([item[1]])
        except Exception as error:
            self._settle(item, error=error)
        else:
            self.commits += 1
            self.actions_written += 1
            self._settle(item)


class InlineWriter:
    """The same as :class:`Writer`, but writing on the event loop itself (SQLite, ``normal``).

    A commit that does not wait for the disk takes a fraction of a millisecond:
    doing it on the loop saves two hand-overs between threads per move, which
    on a busy machine cost far more than the write (each waits for the CPU).
    Moves that arrive in one turn of the loop are still written together: the
    first schedules the commit, the others join it.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pending: list[tuple[ActionRow, asyncio.Future[None]]] = []
        self.commits = 0
        self.actions_written = 0

    async def append(self, row: ActionRow) -> None:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        if not self._pending:
            loop.call_soon(self._flush)
        self._pending.append((row, future))
        await future

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        self._flush()  # every write in the order asked
        return fn(*args)

    def close(self) -> None:
        self._flush()

    def _flush(self) -> None:
        pending, self._pending = self._pending, []
        if not pending:
            return
        try:
            self.store.append_actions(row for row, _ in pending)
        except Exception:
            for row, future in pending:  # one at a time: each its own answer
                try:
                    self.store.append_actions([row])
                except Exception as error:
                    if not future.done():
                        future.set_exception(error)
                else:
                    self.commits += 1
                    self.actions_written += 1
                    if not future.done():
                        future.set_result(None)
            return
        self.commits += 1
        self.actions_written += len(pending)
        for _, future in pending:
            if not future.done():
                future.set_result(None)
