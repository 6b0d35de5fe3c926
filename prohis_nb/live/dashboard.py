"""The teacher's live dashboard: the class as it plays, in the notebook that runs it.

::

    session = prohis_nb.live.start_class(game="convoy", rounds=10)
    session                      # in a notebook: this dashboard (the same as session.dashboard())

What it shows, top to bottom:

* the join address, the room code and the QR code students scan;
* the class's state (lobby, playing, break, paused, ended), the round, and
  buttons to **start**, **pause** / **resume**, **end the round** (bots
  finish the open games) and **end the class**;
* who has joined (connected or away, their table and seat this round);
* the tables of this round: who sits where (students by name, bots by
  kind), how many actions each game has, whose turn it is, ended or not;
* the class's results as moves arrive: every rate beside its equilibrium
  range with its interval clustered by student
  (:meth:`~prohis_nb.classroom.results.ClassResults.table`), the rates round
  by round (:func:`~prohis_nb.classroom.convoy_qre.learning_curves`), and,
  for the convoy game, the logit QRE fitted to the class's choices with its
  λ and the test of Nash against it
  (:func:`~prohis_nb.classroom.convoy_qre.class_qre`). Students' decisions
  only: what bots did is left out, and the table says how much.

**How it updates.** A background thread waits on
:meth:`~prohis_nb.live.session.ClassSession.wait_for_change` (a long poll:
the server answers when something changed, or after ``poll`` seconds), so
an idle class costs no CPU; the results are read again only when a move
was made, at most once every ``results_every`` seconds. ipywidgets sends
changes made from a thread to the page (JupyterLab 4). :meth:`close`
(or closing the widget) stops the thread; so does the class ending, or
the server this notebook started being stopped.

The dashboard is a *client* of the session, like any teacher's tool: it
reads the teacher's routes and never a student's seat.
"""

from __future__ import annotations

import html
import threading
import time
from typing import Any

import ipywidgets as widgets

from prohis_nb.text import percent

#: What the state words mean to a teacher.
STATE_WORDS = {
    "lobby": "waiting for students: start when the class is in",
    "playing": "playing",
    "break": "between rounds",
    "paused": "paused: no move is taken until you resume",
    "ended": "the class is over",
}


def _cell(text: Any) -> str:
    return f"<td>{html.escape(str(text))}</td>"


def _table(head: list[str], rows: list[list[Any]], caption: str, css: str) -> str:
    if not rows:
        return f"<p class='{css}-empty'>{html.escape(caption)}: none yet.</p>"
    header = "".join(f"<th scope='col'>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(_cell(c) for c in row) + "</tr>" for row in rows)
    return (
        f"<table class='{css}'><caption>{html.escape(caption)}</caption>"
        f"<thead><tr>{header}</tr></thead><tbody>{body}</tbody></table>"
    )


def students_html(status: dict[str, Any]) -> str:
    """Who has joined: name, connected or away, table and seat this round."""
    rows = []
    for s in status["students"]:
        if s["connected"]:
            here = "connected"
        elif status["state"] == "ended":
            here = "left"  # the class is over: nobody is missed any more
        else:
            here = f"away {s.get('away_seconds') or 0:.0f} s"
        where = "—" if s["table"] is None else f"table {s['table']}, seat {s['seat']}"
        rows.append([s["number"] + 1, s["name"], here, where])
    return _table(
        ["#", "name", "connection", "this round"],
        rows,
        f"Who has joined ({len(status['students'])})",
        "pnb-live-students",
    )


def tables_html(status: dict[str, Any]) -> str:
    """The round's tables: who sits where, actions so far, whose turn, ended or not."""
    rows = []
    for t in status["tables"]:
        seats = []
        for seat in t["seats"]:
            if seat["bot"] is not None:
                seats.append(f"{seat['seat']}: bot {seat['bot']}")
            else:
                away = "" if seat["connected"] else " (away)"
                seats.append(f"{seat['seat']}: {seat['name']}{away}")
        if t["ended"]:
            where = "ended" if t["ended"] == "ended" else "stopped"
        elif t["to_act"] is None:
            where = "—"
        else:
            where = f"seat {t['to_act']} to {t['decision'] or 'act'}"
        standins = f" ({t['standins']} by a stand-in bot)" if t["standins"] else ""
        rows.append([t["number"], "; ".join(seats), f"{t['actions']}{standins}", where])
    done = status["tables_done"]
    return _table(
        ["table", "seats", "actions", "now"],
        rows,
        f"Round {status['round']}: tables ({done} of {len(status['tables'])} done)",
        "pnb-live-tables",
    )


def curves_html(curves: dict[str, list]) -> str:
    """The rates round by round, as a table (one row per round, one column per rate)."""
    measures = [m for m, points in curves.items() if any(p[1] is not None for p in points)]
    if not measures:
        return ""
    rounds = sorted({p[0] for points in curves.values() for p in points})
    rows = []
    for number in rounds:
        row: list[Any] = [number]
        for measure in measures:
            point = next(p for p in curves[measure] if p[0] == number)
            row.append("—" if point[1] is None else f"{percent(point[1])} ({point[2]}/{point[3]})")
        rows.append(row)
    return _table(["round", *measures], rows, "Round by round (learning curves)", "pnb-live-curves")


class ClassDashboard:
    """The teacher's dashboard of one :class:`~prohis_nb.live.session.ClassSession`.

    ``widget`` is the ipywidgets box to show (a notebook shows the
    dashboard itself: it has ``_repr_mimebundle_``). ``poll``: the longest
    wait for a change, in seconds; ``results_every``: the shortest time
    between two readings of the results; ``results=False`` leaves the
    results out (a class of hundreds on a slow machine).
    """

    def __init__(
        self,
        session: Any,
        *,
        poll: float = 20.0,
        results_every: float = 2.0,
        results: bool = True,
    ) -> None:
        self.session = session
        self.poll = poll
        self.results_every = results_every
        self.show_results = results
        self.status: dict[str, Any] | None = None
        self.version = -1
        self.error: str | None = None
        self._moves_seen = -1
        self._results_at = 0.0
        self._stop = threading.Event()
        self._changed = threading.Condition()

        self.header = widgets.HTML(self._header_html(), layout=widgets.Layout(width="auto"))
        self.state = widgets.HTML()
        self.start_button = widgets.Button(description="Start", button_style="success")
        self.pause_button = widgets.Button(description="Pause")
        self.end_round_button = widgets.Button(description="End the round")
        self.end_button = widgets.Button(description="End the class", button_style="danger")
        for button, tip in (
            (self.start_button, "Start round 1: bots fill the empty seats"),
            (self.pause_button, "Pause or resume every table"),
            (self.end_round_button, "Bots finish the open games of this round now"),
            (self.end_button, "End the class: open games stop where they are"),
        ):
            button.tooltip = tip
            button.layout = widgets.Layout(width="auto")
        self.start_button.on_click(lambda _: self._control(self.session.start))
        self.pause_button.on_click(lambda _: self._control(self._pause_or_resume))
        self.end_round_button.on_click(lambda _: self._control(self.session.end_round))
        self.end_button.on_click(lambda _: self._control(self.session.end))
        self.message = widgets.HTML()
        self.students = widgets.HTML(layout=widgets.Layout(margin="0 24px 0 0"))
        self.tables = widgets.HTML()
        self.results = widgets.HTML()
        self.widget = widgets.VBox(
            [
                self.header,
                self.state,
                widgets.HBox(
                    [self.start_button, self.pause_button, self.end_round_button, self.end_button]
                ),
                self.message,
                widgets.HBox([self.students, self.tables]),
                self.results,
            ]
        )
        self.widget.add_class("pnb-live-dashboard")
        self.widget.observe(self._on_widget_closed, names="comm")  # closing the widget: stop
        self.refresh(self.session.status())
        self.thread = threading.Thread(target=self._follow, name="prohis-live-dashboard")
        self.thread.daemon = True
        self.thread.start()

    # ---------------------------------------------------------------- showing

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _header_html(self) -> str:
        address = html.escape(self.session.join_url)
        return (
            "<div style='display:flex;gap:18px;align-items:center;flex-wrap:wrap'>"
            "<div aria-label='QR code of the join address' role='img'>"
            f"{self.session.qr_svg()}</div>"
            f"<div><div>Students open <a href='{address}' target='_blank' rel='noopener'>"
            f"{address}</a> (or scan the code)</div>"
            "<div style='margin-top:6px'>Room code</div>"
            "<div class='pnb-live-room' style='font-size:44px;font-weight:700;letter-spacing:6px'>"
            f"{html.escape(self.session.room)}</div>"
            f"<div>{html.escape(self.session.game.capitalize())}</div></div></div>"
        )

    # ---------------------------------------------------------------- controls

    def _pause_or_resume(self) -> Any:
        if self.status is not None and self.status["state"] == "paused":
            return self.session.resume()
        return self.session.pause()

    def _control(self, action: Any) -> None:
        from prohis_nb.live.errors import ClassError

        try:
            action()
            self.message.value = ""
        except ClassError as error:
            self.message.value = f"<p role='alert'>{html.escape(str(error))}</p>"

    # ---------------------------------------------------------------- updating

    def refresh(self, status: dict[str, Any]) -> None:
        """Redraw everything from a status (what the thread calls at every change)."""
        self.status = status
        state = status["state"]
        where = f" · round {status['round']} of {status['rounds']}" if status["round"] else ""
        self.state.value = (
            f"<p class='pnb-live-state'><b>{html.escape(STATE_WORDS.get(state, state))}</b>"
            f"{where} · {len(status['students'])} joined</p>"
        )
        self.start_button.disabled = state != "lobby" or not status["students"]
        self.pause_button.description = "Resume" if state == "paused" else "Pause"
        self.pause_button.disabled = state not in ("playing", "paused", "break")
        self.end_round_button.disabled = state not in ("playing", "paused")
        self.end_button.disabled = state == "ended"
        self.students.value = students_html(status)
        self.tables.value = tables_html(status)
        moves = sum(t["actions"] for t in status["tables"]) + status["tables_done"]
        now = time.monotonic()
        if (
            self.show_results
            and moves != self._moves_seen
            and (now - self._results_at >= self.results_every or state == "ended")
        ):
            self._moves_seen, self._results_at = moves, now
            self.results.value = self.results_html()
        with self._changed:
            self.version = status["version"]
            self._changed.notify_all()

    def results_html(self) -> str:
        """The class table, the learning curves and (convoy) the QRE fit, as HTML."""
        from prohis_nb.classroom.convoy_qre import class_qre, learning_curves
        from prohis_nb.classroom.live import load_session

        try:
            records = self.session.records()
            if not records:
                return "<p>The class's results appear here as moves arrive.</p>"
            results = load_session(records_source(records))
            parts = [
                f"<h4>The class against the theory</h4><p>{html.escape(results.summary())}</p>"
            ]
            played = [g for g in ("convoy", "prohis", "customs", "smuggle") if results.games_of(g)]
            if played:
                parts.append(results.table(played[0])._repr_html_())
            parts.append(curves_html(learning_curves(records)))
            if self.session.game == "convoy":
                try:
                    fit = class_qre(records)
                    parts.append(
                        f"<p class='pnb-live-qre'><b>Quantal response (λ = {fit.lam:.2f})</b>: "
                        f"{html.escape(fit.summary())}</p>"
                    )
                except ValueError as error:
                    parts.append(f"<p class='pnb-live-qre'>QRE: {html.escape(str(error))}</p>")
            return "".join(parts)
        except Exception as error:  # the results must never stop the dashboard
            return f"<p role='alert'>The results could not be read: {html.escape(str(error))}</p>"

    def _follow(self) -> None:
        from prohis_nb.live.errors import ClassError

        failures = 0
        while not self._stop.is_set():
            if self.status is not None and self.status["state"] == "ended":
                break
            if self.session._server is not None and not self.session.running:
                break  # the server this notebook started was stopped
            try:
                status = self.session.wait_for_change(self.version, timeout=self.poll)
            except ClassError as error:
                failures += 1
                self.error = str(error)
                self.message.value = f"<p role='alert'>{html.escape(str(error))}</p>"
                if self._stop.wait(min(30.0, 0.5 * 2**failures)):
                    break
                continue
            failures = 0
            if not self._stop.is_set():
                self.refresh(status)

    def wait_for_version(self, version: int, timeout: float = 10.0) -> bool:
        """Wait until the dashboard has drawn a status past ``version`` (for tests and scripts)."""
        with self._changed:
            return self._changed.wait_for(lambda: self.version > version, timeout)

    # ---------------------------------------------------------------- closing

    @property
    def following(self) -> bool:
        """Whether the background thread still follows the class."""
        return self.thread.is_alive()

    def _on_widget_closed(self, change: dict[str, Any]) -> None:
        if change["new"] is None:
            self._stop.set()

    def close(self, wait: bool = False) -> None:
        """Stop following the class and close the widgets (``wait``: until the thread ends)."""
        from prohis_nb.widgets.closing import close_tree

        self._stop.set()
        close_tree(self.widget)
        if wait:
            self.thread.join(self.poll + 35)


def records_source(records: list[Any]) -> Any:
    """A source :func:`~prohis_nb.classroom.live.load_session` reads: these records."""

    class _Records:
        def __init__(self, items: list[Any]) -> None:
            self.items = items

        def records(self) -> list[Any]:
            return self.items

    return _Records(records)
