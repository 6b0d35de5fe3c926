"""The teacher's handle on a class: ``start_class`` in a notebook, ``connect`` to a server.

::

    import prohis_nb.live
    session = prohis_nb.live.start_class(game="prohis", rounds=10)
    session                      # the join address, the room code and a QR code
    session.students()           # who has joined
    session.start()              # round 1 begins; later rounds follow by themselves
    session.tables()             # every table and how far it has got
    session.results()            # the class against the theory (prohis_nb.classroom)
    session.stop()               # the server stops (the database keeps everything)

Both functions return a :class:`ClassSession`: the same methods whether the
server runs inside the notebook (a background thread) or on another
machine. Every method is one HTTP request to the server's teacher routes,
with the teacher token in a header; :meth:`ClassSession.wait_for_change`
waits for the next change (a dashboard's loop).
"""

from __future__ import annotations

import html
import json
import os
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from prohis_nb.live.errors import ClassError

__all__ = ["ClassError", "ClassSession", "LocalServer", "connect", "start_class"]


class ClassSession:
    """A class, as the teacher's notebook sees it (see the module docstring).

    ``url`` is the server's address as the notebook reaches it;
    ``join_url`` the address students open (by default the same).
    """

    def __init__(self, url: str, token: str, *, join_url: str | None = None) -> None:
        self.url = url.rstrip("/")
        self._token = token
        status = self.status()
        self.room: str = status["room"]
        self.game: str = status["game"]
        base = (join_url or self.url).rstrip("/")
        self.join_url = f"{base}/?room={self.room}"
        self._server: LocalServer | None = None
        self._dashboard: Any = None

    def __repr__(self) -> str:
        return f"ClassSession(room={self.room!r}, game={self.game!r}, join_url={self.join_url!r})"

    # ---------------------------------------------------------------- requests

    def _request(self, method: str, path: str, body: Any = None, timeout: float = 30) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path,
            data=data,
            method=method,
            headers={"Authorization": f"Bearer {self._token}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            try:
                message = json.loads(error.read()).get("message", error.reason)
            except ValueError:
                message = error.reason
            raise ClassError(f"the class server refused: {message}") from None
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise ClassError(f"cannot reach the class server at {self.url}: {reason}") from None

    # ---------------------------------------------------------------- what the dashboard reads

    def status(self) -> dict[str, Any]:
        """Everything at once: state, round, students, tables, ``version`` (see docs/live.md)."""
        return self._request("GET", "/api/teacher/status")

    def wait_for_change(self, version: int, timeout: float = 25.0) -> dict[str, Any]:
        """The status once its ``version`` is past ``version`` (or after ``timeout`` seconds)."""
        query = urllib.parse.urlencode({"after": int(version), "wait": float(timeout)})
        return self._request("GET", f"/api/teacher/status?{query}", timeout=timeout + 30)

    def students(self) -> list[dict[str, Any]]:
        """Who has joined: ``id``, ``number``, ``name``, ``connected``, ``table``, ``seat``."""
        return self.status()["students"]

    def tables(self) -> list[dict[str, Any]]:
        """The current round's tables: seats, ``actions`` taken, ``to_act``, ``ended``."""
        return self.status()["tables"]

    def progress(self) -> dict[str, Any]:
        """``state``, ``round``, ``rounds``, tables done and in all."""
        status = self.status()
        return {
            "state": status["state"],
            "round": status["round"],
            "rounds": status["rounds"],
            "tables_done": status["tables_done"],
            "tables": len(status["tables"]),
            "students": len(status["students"]),
        }

    # ---------------------------------------------------------------- controls

    def start(self) -> dict[str, Any]:
        """Start round 1 with the tables formed so far (bots fill the gaps), or resume."""
        return self._request("POST", "/api/teacher/start", {})

    def pause(self) -> dict[str, Any]:
        """Pause: no move is taken until :meth:`resume`."""
        return self._request("POST", "/api/teacher/pause", {})

    def resume(self) -> dict[str, Any]:
        return self._request("POST", "/api/teacher/resume", {})

    def end_round(self, finish: str = "bots") -> dict[str, Any]:
        """End the round: bots finish the open games (``"bots"``) or they stop (``"stop"``)."""
        return self._request("POST", "/api/teacher/end_round", {"finish": finish})

    def end(self) -> dict[str, Any]:
        """End the class (open games stop where they are)."""
        return self._request("POST", "/api/teacher/end", {})

    def lock(self, locked: bool = True) -> dict[str, Any]:
        """Close the class to new students (``locked=False``: open it again)."""
        return self._request("POST", "/api/teacher/" + ("lock" if locked else "unlock"), {})

    def remove(self, student: int) -> dict[str, Any]:
        """Remove a student (their ``id`` in :meth:`students`): a bot plays their seat."""
        return self._request("POST", "/api/teacher/remove", {"student": int(student)})

    # ---------------------------------------------------------------- the class's data

    def records(self) -> list[Any]:
        """Every game so far as a :class:`~prohis_nb.core.record.Record` (``extra["live"]``)."""
        from prohis_nb.core.record import Record

        return [Record.from_json(data) for data in self._request("GET", "/api/teacher/records")]

    def results(self) -> Any:
        """The class's results (:func:`prohis_nb.classroom.load_class`), read from the server."""
        from prohis_nb.classroom.live import load_session

        return load_session(self)

    def export(self, folder: str | os.PathLike[str], *, overwrite: bool = False) -> Path:
        """Write the records, ``decisions.csv`` and ``decisions.parquet`` into ``folder``."""
        from prohis_nb.live.export import write_records

        return write_records(self.records(), Path(folder), overwrite=overwrite)

    # ---------------------------------------------------------------- display

    def qr_svg(self, scale: int = 5) -> str:
        """The join address as a QR code (SVG text)."""
        import segno

        return segno.make(self.join_url, error="m").svg_inline(scale=scale)

    def dashboard(self, **options: Any) -> Any:
        """The teacher's live dashboard of this class (:mod:`prohis_nb.live.dashboard`).

        One per session: asked again, the same dashboard (a new one once it
        was closed). ``options``: those of
        :class:`~prohis_nb.live.dashboard.ClassDashboard` (for a new one).
        """
        from prohis_nb.live.dashboard import ClassDashboard

        current = self._dashboard
        if current is None or not current.following:
            current = self._dashboard = ClassDashboard(self, **options)
        return current

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        """In a notebook's kernel: the live dashboard; anywhere else, the join card (HTML)."""
        card = {"text/plain": repr(self), "text/html": self._repr_html_()}
        try:
            from IPython import get_ipython

            shell = get_ipython()
        except ImportError:
            shell = None
        if shell is None or not hasattr(shell, "kernel"):
            return card
        bundle = self.dashboard()._repr_mimebundle_()
        return {**card, **bundle} if isinstance(bundle, dict) else card

    def _repr_html_(self) -> str:
        status = self.status()
        joined = len(status["students"])
        where = f" · round {status['round']} of {status['rounds']}" if status["round"] else ""
        address = html.escape(self.join_url)
        return (
            "<div class='pnb-live-session' style='display:flex;gap:18px;align-items:center;"
            "font-family:system-ui,sans-serif'>"
            f"<div>{self.qr_svg()}</div><div>"
            f"<div style='font-size:14px'>Open <a href='{address}' target='_blank'>"
            f"{address}</a></div>"
            "<div style='font-size:14px;margin-top:6px'>Room code</div>"
            "<div style='font-size:44px;font-weight:700;letter-spacing:6px'>"
            f"{html.escape(self.room)}</div>"
            f"<div style='font-size:14px'>{html.escape(self.game.capitalize())} · "
            f"{joined} joined · {html.escape(status['state'])}{where}"
            "</div></div></div>"
        )

    # ---------------------------------------------------------------- a local server

    def stop(self) -> None:
        """Stop the server this notebook started (a connected session has nothing to stop)."""
        if self._dashboard is not None:
            self._dashboard._stop.set()  # its thread ends at its next answer (the server stops)
        if self._server is not None:
            self._server.stop()
            self._server = None

    @property
    def running(self) -> bool:
        """Whether the server this notebook started is running."""
        return self._server is not None and self._server.thread.is_alive()


class LocalServer:
    """A class server in a background thread of this process (what ``start_class`` starts)."""

    def __init__(self, service: Any, host: str, port: int, limits: Any, log_level: str) -> None:
        from prohis_nb.live.server import bind, build_app, uvicorn_server

        self.service = service
        self.sock = bind(host, port)
        self.port = self.sock.getsockname()[1]
        self.server = uvicorn_server(
            build_app(service),
            self.sock,
            limits,
            log_level=log_level,
            on_exit=service.release_waiters,
        )
        self.server.config.install_signal_handlers = False  # not the main thread
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, name="prohis-live-server", daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise ClassError(
                    f"the class server did not start: {service.startup_error or repr(self.error)}"
                )
            time.sleep(0.02)

    def _run(self) -> None:
        try:
            self.server.run(sockets=[self.sock])
        except BaseException as error:  # reported by the constructor
            self.error = error

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)
        self.sock.close()


def _lan_address() -> str:
    """This machine's address on its network (:func:`prohis_nb.live.server.lan_address`)."""
    from prohis_nb.live.server import lan_address

    address = lan_address()
    if address is None:
        raise ClassError(
            "this machine has no network address other phones could reach: connect it to the "
            "class's Wi-Fi, or give public_url= (the address students open)"
        )
    return address


def start_class(
    game: str = "prohis",
    rounds: int = 10,
    *,
    db: str | os.PathLike[str] | None = None,
    host: str = "127.0.0.1",
    port: int = 0,
    public_url: str | None = None,
    log_level: str = "warning",
    limits: Any = None,
    resume: bool = False,
    sqlite_sync: str = "normal",
    **settings: Any,
) -> ClassSession:
    """Start a class server in the background and return its :class:`ClassSession`.

    ``game``, ``rounds`` and ``settings`` (``seats``, ``bot``,
    ``drop_timeout``, ``fill_after``, ...) are those of
    :class:`~prohis_nb.live.config.ClassConfig`. ``db``: an SQLite file or a
    database URL (default ``DATABASE_URL``, else ``prohis-class.sqlite`` in the
    current folder, created with zero set-up). ``resume=True`` carries on the
    newest class of the database that has not ended (after the kernel was
    restarted: students come back to their seats), ignoring the settings
    given here; by default a new class starts. ``host``: ``127.0.0.1`` (this machine only) by
    default; ``"0.0.0.0"`` lets phones on the same network join. ``port``: 0
    picks a free one. ``public_url``: the address students open, when it is
    not this machine's (a proxy). ``sqlite_sync``: ``"normal"`` (a move
    survives a killed server) or ``"full"`` (a power cut too, at the cost of a
    disk flush per commit; :mod:`prohis_nb.live.store`).
    """
    from prohis_nb.live.config import default_config
    from prohis_nb.live.room import new_teacher_token
    from prohis_nb.live.server import ClassService, Limits, database_url

    config = default_config(game, rounds=rounds, **settings)
    token = new_teacher_token()
    url = database_url(db)
    remembered = _last_port(url) if resume and port == 0 else None
    service = ClassService(
        url,
        config,
        token,
        limits=limits or Limits(),
        resume=resume,
        sqlite_sync=sqlite_sync,
    )
    try:  # a resumed class comes back on its port: students' pages reconnect there
        server = LocalServer(service, host, remembered or port, service.limits, log_level)
    except OSError:
        if remembered is None:
            raise
        server = LocalServer(service, host, 0, service.limits, log_level)  # taken: a new one
    if service.store is not None and service.room is not None:
        service.store.set_port(service.room.session_id, server.port)
    local = f"http://{'127.0.0.1' if host in ('0.0.0.0', '') else host}:{server.port}"
    if public_url is None and host in ("0.0.0.0", ""):
        public_url = f"http://{_lan_address()}:{server.port}"
    session = ClassSession(local, token, join_url=public_url)
    session._server = server
    return session


def _last_port(url: str) -> int | None:
    """The port the open class of database ``url`` was last served on (None: none)."""
    from prohis_nb.live.store import Store

    try:
        store = Store(url)
    except Exception:  # the server's own start says what is wrong with the database
        return None
    try:
        return store.last_port()
    finally:
        store.close()


def connect(url: str, token: str, *, join_url: str | None = None) -> ClassSession:
    """The :class:`ClassSession` of the class served at ``url`` (``prohis-nb class serve``).

    ``token`` is the teacher token the server wrote to its token file.
    """
    return ClassSession(url, token, join_url=join_url)
