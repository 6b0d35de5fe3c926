"""The class server: a Starlette app (HTTP and websockets) run by uvicorn, in one process.

Routes (docs/live.md gives every message):

=============================  ===============================================================
``GET /``                      the student page (``?room=CODE`` fills the code in: the QR code)
``GET /static/...``            its script and style sheet (no build step, no third-party code)
``POST /api/join``             ``{"room", "name"}`` -> ``{"token", "name"}``: a seat token
``WS /ws``                     a student's socket: ``hello`` with the token, then ``act``
``GET /api/health``            ``{"ok": true}``
``GET /api/teacher/status``    who joined, tables, progress (``?after=V&wait=S``: wait for a change)
``POST /api/teacher/<verb>``   ``start``, ``pause``, ``resume``, ``end_round``, ``end``,
                               ``lock``, ``unlock``, ``remove`` (``{"student": id}``)
``GET /api/teacher/records``   every game as a record (JSON list)
=============================  ===============================================================

The teacher's routes need ``Authorization: Bearer <teacher token>``. Tokens
travel only in a request's body, a header or the first socket message, never
in a URL, so no access log, proxy log or browser history holds one.

Limits (:class:`Limits`): a client message is at most 16 KB (a larger one
closes the socket); each socket may send about ``rate`` messages a second
(bursts of ``burst``), joins are limited per address, a socket must say
``hello`` within ``hello_seconds``, and the server pings every socket and
closes one that does not answer (a half-open connection after a phone
dropped off the Wi-Fi): the student's seat then waits ``drop_timeout``
seconds for them before a bot plays it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import socket
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from prohis_nb.errors import ProhisNbError
from prohis_nb.live import protocol
from prohis_nb.live.config import ClassConfig
from prohis_nb.live.room import ClassRoom, Student
from prohis_nb.live.store import InlineWriter, Store, Writer
from prohis_nb.live.tokens import looks_like_token, normalise_room, same_hash, token_hash

log = logging.getLogger("prohis_nb.live")

PAGE = Path(__file__).with_name("page")


@dataclass(frozen=True)
class Limits:
    """What one client may do (see the module docstring)."""

    rate: float = 8.0  # messages per second per student (all their sockets), on average
    burst: float = 40.0
    max_errors: int = 20  # refused messages (in a burst) before the student's socket is closed
    error_rate: float = 0.5  # refused messages forgiven per second
    sockets_per_student: int = 2  # a newer socket closes the student's oldest one
    hello_seconds: float = 15.0
    join_rate: float = 20.0  # joins per second per address (a class shares one address)
    join_burst: float = 400.0
    #: Students that may join from one address (None: no cap). A school whose
    #: students all reach the server through one NAT address raises it.
    students_per_address: int | None = 8
    queue: int = 256  # messages waiting to be sent to one socket before it is closed
    ping_interval: float = 20.0
    ping_timeout: float = 20.0
    #: Slowloris (prohis_nb/live/guard.py): seconds to send a request's headers, and HTTP
    #: connections open at once per address (None: no cap; loopback exempt: a local proxy).
    header_seconds: float = 10.0
    connections_per_address: int | None = 64
    loopback_exempt: bool = True


class Bucket:
    """A token bucket: ``allow()`` is True while the rate and the burst allow one more."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.level = burst
        self.at = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level >= 1:
            self.level -= 1
            return True
        return False


class StudentLimits:
    """What one student may still send: one message bucket and one refusal bucket.

    Kept on the student (``Student.limits``), so every socket of theirs, and
    every reconnect, draws from the same buckets: a second socket or a new
    one buys no more messages and wipes no refusal.
    """

    def __init__(self, limits: Limits) -> None:
        self.messages = Bucket(limits.rate, limits.burst)
        self.refusals = Bucket(limits.error_rate, limits.max_errors)


class SocketConnection:
    """A student's websocket as the class sees it: messages queued, sent in order by one task."""

    def __init__(self, websocket: WebSocket, limit: int) -> None:
        self.websocket = websocket
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=limit)
        self.closed = False
        self.task = asyncio.get_running_loop().create_task(self._pump())

    def send(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:  # a reader that cannot keep up: it reconnects and catches up
            self.close(1008, "too slow")

    def close(self, code: int = 1000, reason: str = "", flush: bool = False) -> None:
        """Close the socket now, or (``flush``) once what is queued has been sent."""
        if self.closed:
            return
        if flush:
            asyncio.get_running_loop().create_task(self.finish(code, reason))
            return
        self.closed = True
        self.task.cancel()
        asyncio.get_running_loop().create_task(self._close(code, reason))

    async def finish(self, code: int = 1000, reason: str = "") -> None:
        """Send what is queued, then close the socket with ``code`` (the handler's own close)."""
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self.task), 5)
            self.task.cancel()
            await self._close(code, reason)

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await self.websocket.close(code, reason)

    async def _pump(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    return
                await self.websocket.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            self.closed = True


class ClassService:
    """The server's state: the database, its writer and the class, made at startup."""

    def __init__(
        self,
        database: str,
        config: ClassConfig | None,
        teacher_token: str | None,
        *,
        limits: Limits | None = None,
        resume: bool = True,
        sqlite_sync: str = "normal",
    ) -> None:
        self.database = database
        self.config = config
        self.teacher_token = teacher_token
        self.limits = limits or Limits()
        self.resume = resume
        self.sqlite_sync = sqlite_sync
        self.store: Store | None = None
        self.writer: Writer | InlineWriter | None = None
        self.room: ClassRoom | None = None
        self.joins: dict[str, Bucket] = {}
        self.joined_from: dict[str, int] = {}  # students joined, per address
        #: The teacher token made at startup when none was given (shown once, then forgotten).
        self.new_teacher_token: str | None = None
        #: Why the class could not be opened (a class served by another process...).
        self.startup_error: str | None = None
        #: Called once the class is ready (the command line prints where it is).
        self.on_ready: Callable[[], None] | None = None

    def release_waiters(self) -> None:
        """The server is stopping: answer the teachers' long polls now (on the server's loop)."""
        if self.room is not None:
            self.room.release_waiters()

    async def startup(self) -> None:
        from prohis_nb.live.room import new_teacher_token

        self.store = Store(self.database, self.sqlite_sync)
        # SQLite without a disk flush per commit writes on the loop (a fraction of a
        # millisecond); a flush, or a database over the network, gets a thread of its own.
        inline = self.store.dialect == "sqlite" and self.sqlite_sync == "normal"
        self.writer = InlineWriter(self.store) if inline else Writer(self.store)
        rows = self.store.session_rows(open_only=True) if self.resume else []
        if rows:
            if not self.store.claim(rows[-1]["id"]):
                raise ProhisNbError(
                    f"class {rows[-1]['room']} is being served by another process on this "
                    "database: stop that one first (a process that died lets go by itself), "
                    "or start a new class with --new"
                )
            self.room = await ClassRoom.restore(self.store, self.writer, rows[-1])
            if self.teacher_token is not None:
                digest = token_hash(self.teacher_token)
                if digest != self.room.teacher_hash:
                    await self.writer.call(
                        self.store.set_teacher_hash, self.room.session_id, digest
                    )
                    self.room.teacher_hash = digest
            log.info(
                "class %s resumed (round %s, %s)", self.room.room, self.room.round, self.room.state
            )
            if self.on_ready is not None:
                self.on_ready()
            return
        if self.config is None:
            raise ProhisNbError(
                "no class to resume in this database, and no game given to start one"
            )
        token = self.teacher_token
        if token is None:
            token = self.new_teacher_token = new_teacher_token()
        self.room = await ClassRoom.create(self.store, self.writer, self.config, token)
        if not self.store.claim(self.room.session_id):  # a new class: nobody else has it
            raise ProhisNbError(f"class {self.room.room} was taken by another process")
        log.info(
            "class %s created (%s, %s rounds)", self.room.room, self.config.game, self.config.rounds
        )
        if self.on_ready is not None:
            self.on_ready()

    async def shutdown(self) -> None:
        if self.room is not None:
            await self.room.close()
        if isinstance(self.writer, InlineWriter):
            self.writer.close()
        elif self.writer is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.writer.close)
        if self.store is not None:
            self.store.close()

    def is_teacher(self, request: Request) -> bool:
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not looks_like_token(token.strip()):
            return False
        assert self.room is not None
        return same_hash(token_hash(token.strip()), self.room.teacher_hash)


def _client(request: Request | WebSocket) -> str:
    return request.client.host if request.client else "?"


def build_app(service: ClassService) -> Starlette:
    """The ASGI app of ``service`` (run it with uvicorn; see :func:`serve_socket`)."""

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        try:
            await service.startup()
        except ProhisNbError as error:  # said in words by the command line, not a traceback
            service.startup_error = str(error)
            raise
        try:
            yield
        finally:
            await service.shutdown()

    def room() -> ClassRoom:
        assert service.room is not None
        return service.room

    async def page(_request: Request) -> Response:
        return FileResponse(PAGE / "index.html", media_type="text/html")

    async def render_css(_request: Request) -> Response:
        from prohis_nb.widgets.render.base import CSS

        text = CSS.replace("<style>", "").replace("</style>", "").strip() + "\n"
        return Response(text, media_type="text/css")

    async def health(_request: Request) -> Response:
        # Only that the server is up: the room code is the key to join, and the
        # health route answers anyone who can reach the port (a proxy's checks too).
        return JSONResponse({"ok": True})

    async def join(request: Request) -> Response:
        bucket = service.joins.setdefault(
            _client(request), Bucket(service.limits.join_rate, service.limits.join_burst)
        )
        if len(service.joins) > 10_000:
            service.joins.clear()
        if not bucket.allow():
            return _error(429, "too_many", "too many joins from this address: wait a moment")
        body = await request.body()
        if len(body) > 4096:
            return _error(413, "too_large", "a join request is a small JSON object {room, name}")
        try:
            data = json.loads(body)
        except (ValueError, RecursionError):
            return _error(400, "bad_json", 'send JSON: {"room": "ABC234", "name": "Ada"}')
        if not isinstance(data, dict) or set(data) - {"room", "name"}:
            return _error(400, "bad_message", "a join request has the fields room and name only")
        code = normalise_room(data.get("room"))
        if code is None or code != room().room:
            return _error(
                404, "no_room", "no class with this room code: check the code on the board"
            )
        try:
            name = protocol.clean_name(data.get("name"))
        except protocol.ProtocolError as error:
            return _error(400, error.code, str(error))
        address = _client(request)
        cap = service.limits.students_per_address
        if cap is not None and service.joined_from.get(address, 0) >= cap:
            return _error(
                429,
                "too_many",
                f"{cap} students have joined from this address already: ask your teacher",
            )
        try:
            student, token = await room().join(name)
        except ProhisNbError as error:
            return _error(409, "refused", str(error))
        service.joined_from[address] = service.joined_from.get(address, 0) + 1
        return JSONResponse({"token": token, "name": student.name, "room": room().room})

    async def teacher_status(request: Request) -> Response:
        if not service.is_teacher(request):
            return _error(401, "teacher_only", "this needs the teacher's token")
        try:
            after = int(request.query_params.get("after", "-1"))
            wait = min(60.0, max(0.0, float(request.query_params.get("wait", "0"))))
            handled = request.query_params.get("handled_after")
            handled_after = None if handled is None else int(handled)
        except ValueError:
            return _error(
                400,
                "bad_query",
                "after and handled_after are whole numbers, wait a number of seconds",
            )
        if wait:
            await room().wait_changed(after, wait)
        return JSONResponse(room().status(handled_after))

    async def teacher_command(request: Request) -> Response:
        if not service.is_teacher(request):
            return _error(401, "teacher_only", "this needs the teacher's token")
        verb = request.path_params["verb"]
        body = await request.body()
        try:
            data = json.loads(body) if body else {}
        except ValueError:
            return _error(400, "bad_json", "the body is a JSON object (or empty)")
        if not isinstance(data, dict):
            return _error(400, "bad_json", "the body is a JSON object (or empty)")
        the_room = room()
        try:
            if verb == "start":
                await the_room.start()
            elif verb == "pause":
                await the_room.pause()
            elif verb == "resume":
                await the_room.resume()
            elif verb == "end_round":
                await the_room.end_round(data.get("finish", "bots"))
            elif verb == "end":
                await the_room.end()
            elif verb == "lock":
                await the_room.lock(True)
            elif verb == "unlock":
                await the_room.lock(False)
            elif verb == "remove":
                await the_room.remove(data.get("student"))
            else:
                return _error(
                    404,
                    "unknown",
                    "the commands are start, pause, resume, end_round, end, lock, unlock, remove",
                )
        except ProhisNbError as error:
            return _error(409, "refused", str(error))
        return JSONResponse(the_room.status())

    async def teacher_records(request: Request) -> Response:
        if not service.is_teacher(request):
            return _error(401, "teacher_only", "this needs the teacher's token")
        from prohis_nb.live.export import session_records

        assert service.store is not None
        records = await asyncio.get_running_loop().run_in_executor(
            None, session_records, service.store, room().room
        )
        return JSONResponse([r.to_json() for r in records])

    async def student_socket(websocket: WebSocket) -> None:
        await websocket.accept()
        limits = service.limits
        connection = SocketConnection(websocket, limits.queue)
        student: Student | None = None
        allowance: StudentLimits | None = None

        def refuse(code: str, text: str) -> None:
            connection.send(protocol.message("error", code=code, message=text))

        try:
            try:
                first = await asyncio.wait_for(websocket.receive(), limits.hello_seconds)
            except TimeoutError:
                refuse("no_hello", "say hello with your token first")
                await connection.finish(4408, "no hello")
                return
            if first["type"] == "websocket.disconnect":
                return
            try:
                data = protocol.parse_client(first.get("text") or first.get("bytes") or "")
            except protocol.ProtocolError as error:
                refuse(error.code, str(error))
                await connection.finish(4400, "bad hello")
                return
            token = data.get("token")
            if data["type"] != "hello" or not isinstance(token, str) or not looks_like_token(token):
                refuse("no_hello", 'the first message is {"type": "hello", "token": ...}')
                await connection.finish(4400, "bad hello")
                return
            student = room().student_for(token)
            if student is None:
                refuse(
                    "unknown_token", "this token belongs to no student of this class: join again"
                )
                await connection.finish(4401, "unknown token")
                return
            if student.limits is None:
                student.limits = StudentLimits(limits)
            allowance = student.limits
            if not allowance.messages.allow():  # opening a socket is a message too
                refuse("too_many", "too many messages: slow down")
                await connection.finish(1008, "too many messages")
                return
            room().attach(student, connection, limits.sockets_per_student)
            while True:
                event = await websocket.receive()
                if event["type"] == "websocket.disconnect":
                    return
                refused = False
                if not allowance.messages.allow():
                    refused = True
                    refuse("too_many", "too many messages: slow down")
                else:
                    try:
                        data = protocol.parse_client(event.get("text") or event.get("bytes") or "")
                    except protocol.ProtocolError as error:
                        refused = True
                        refuse(error.code, str(error))
                    else:
                        if data["type"] == "act":
                            refused = await room().act(student, data, connection) is not None
                        elif data["type"] == "ping":
                            connection.send(protocol.message("pong"))
                        else:
                            refused = True
                            refuse("bad_message", "you have said hello already")
                if refused and not allowance.refusals.allow():
                    await connection.finish(1008, "too many refused messages")
                    return
        except WebSocketDisconnect:
            return
        finally:
            if student is not None:
                room().detach(student, connection)
            await connection.finish()

    routes = [
        Route("/", page),
        Route("/render.css", render_css),
        Route("/api/health", health),
        Route("/api/join", join, methods=["POST"]),
        Route("/api/teacher/status", teacher_status),
        Route("/api/teacher/records", teacher_records),
        Route("/api/teacher/{verb}", teacher_command, methods=["POST"]),
        WebSocketRoute("/ws", student_socket),
        Mount("/static", StaticFiles(directory=PAGE), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    return _SecurityHeaders(app, service)  # type: ignore[return-value]


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status)


class _SecurityHeaders:
    """Adds the headers a school's security reviewer expects to every HTTP response.

    It also words a failed start: when the class cannot be opened (a
    :class:`~prohis_nb.errors.ProhisNbError`, kept in ``service.startup_error``),
    uvicorn logs that sentence instead of the traceback Starlette sends it.
    """

    HEADERS = [
        (b"content-security-policy",
         b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
         b"script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
        (b"x-frame-options", b"DENY"),
        (b"cache-control", b"no-store"),
    ]  # fmt: skip

    def __init__(self, app: Any, service: ClassService | None = None) -> None:
        self.app = app
        self.service = service

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan" and self.service is not None:
            service = self.service

            async def worded(message: Any) -> None:
                if message["type"] == "lifespan.startup.failed" and service.startup_error:
                    message = {**message, "message": service.startup_error}
                await send(message)

            await self.app(scope, receive, worded)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *self.HEADERS]}
            await send(message)

        await self.app(scope, receive, with_headers)


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: a free port chosen by the system)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


class _NoFrames(logging.Filter):
    """Drops the websockets library's frame dumps (``< TEXT '...'`` at debug level).

    A student's first message holds their seat token: a server run at debug
    level would otherwise write every token it receives to its log.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        return record.msg not in ("< %s", "> %s")


_NO_FRAMES = _NoFrames()


def hide_frames_from_logs() -> None:
    """Keep websocket frames (and so tokens) out of every log, whatever the log level."""
    for name in ("uvicorn.error", "websockets.server", "websockets.protocol", "websockets"):
        logger = logging.getLogger(name)
        if _NO_FRAMES not in logger.filters:
            logger.addFilter(_NO_FRAMES)


def uvicorn_server(
    app: Any,
    sock: socket.socket,
    limits: Limits,
    *,
    log_level: str = "warning",
    on_exit: Callable[[], None] | None = None,
) -> Any:
    """A uvicorn server for ``app`` on ``sock`` (websockets with pings and a size limit).

    ``on_exit`` is called on the server's loop when it starts to stop, before it
    waits for open requests to finish: :meth:`ClassService.release_waiters` there
    answers the teachers' long polls at once, so a stop takes no grace period and
    logs no cancelled request.
    """
    from importlib.util import find_spec

    import uvicorn

    host, port = sock.getsockname()[:2]
    # uvicorn's sans-I/O websockets protocol where it has it (the older one is deprecated)
    sansio = find_spec("uvicorn.protocols.websockets.websockets_sansio_impl") is not None
    from prohis_nb.live.guard import guarded_http

    raise_open_files()
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        http=guarded_http(
            limits.header_seconds, limits.connections_per_address, limits.loopback_exempt
        ),
        ws="websockets-sansio" if sansio else "websockets",
        ws_max_size=protocol.MAX_CLIENT_MESSAGE * 4,
        ws_ping_interval=limits.ping_interval,
        ws_ping_timeout=limits.ping_timeout,
        log_level=log_level,
        access_log=log_level in ("info", "debug"),
        # No logging configuration of uvicorn's own: its default (dictConfig) closes every
        # handler already set up in the process (a notebook's, a test runner's) and binds
        # new ones to the sys.stderr of that moment. Its records go to the root logger
        # instead, where `prohis-nb class serve` (logging.basicConfig) or the host prints them.
        log_config=None,
        lifespan="on",
        timeout_graceful_shutdown=3,
    )

    class ClassServer(uvicorn.Server):
        async def shutdown(self, sockets: Any = None) -> None:
            if on_exit is not None:
                on_exit()
            await super().shutdown(sockets=sockets)

    server = ClassServer(config)
    config.load()  # sets uvicorn's loggers up now, so that the filter below stays on them
    hide_frames_from_logs()
    return server


def lan_address() -> str | None:
    """This machine's address as phones on its network see it, or ``None`` if it has none.

    The address of the interface that would carry traffic out (a UDP socket
    "connected" to an outside address: no packet is sent), else the host
    name's address. Loopback is never an answer: ``/etc/hosts`` maps the host
    name to ``127.0.1.1`` on Debian and Ubuntu, which would send every phone
    to itself.
    """
    import ipaddress

    def usable(address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local)

    for probe in ("8.8.8.8", "10.255.255.255", "192.168.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
                sock.connect((probe, 9))
                address = sock.getsockname()[0]
        except OSError:
            continue
        if usable(address):
            return str(address)
    try:
        address = socket.gethostbyname(socket.gethostname())
    except OSError:
        return None
    return address if usable(address) else None


def raise_open_files(most: int = 65536) -> None:
    """Raise this process's soft limit of open files to its hard limit (at most ``most``).

    Every student holds a socket open; the usual soft limit (1024) would leave
    a lecture hall's worth of phones, or a flood, unable to connect.
    """
    try:
        import resource
    except ImportError:  # not on this platform
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = most if hard == resource.RLIM_INFINITY else min(hard, most)
    if soft != resource.RLIM_INFINITY and soft < target:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def database_url(db: str | os.PathLike[str] | None) -> str:
    """The database: ``db`` (a URL, or an SQLite file), else ``DATABASE_URL``, else a file here."""
    from prohis_nb.live.store import default_url

    if db is None:
        db = os.environ.get("DATABASE_URL") or "prohis-class.sqlite"
    text = os.fspath(db)
    if "://" in text:
        return text
    return default_url(text)
