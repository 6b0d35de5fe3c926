"""The stepper: walk through a game one decision at a time, from any seat.

::

    from prohis_nb.widgets import Stepper
    Stepper("game.json", seat=1)          # a record file (or a Record, JSON text, a dict)
    Stepper(game)                         # a live game: the same controls, kept up to date

First / back / forward / last buttons and a slider move along a
:class:`~prohis_nb.widgets.cursor.Timeline` (checkpoints every few actions, so
any position is a few ``apply`` calls away). The table below shows the game
at that position from the chosen seat, or from the teacher's chair. At the
last position of a finished game the table opens with the final scores, the
winners marked (from the view's ``final_scores``/``winners``). The buttons use
Font Awesome icons that ipywidgets ships (``fast-backward``, ``step-backward``,
...) beside plain words, so they read on any machine, with or without a
symbol font.
A record that cannot be read, or is not a game this package plays, is refused
with a message and the stepper keeps what it showed. "Download record" offers
the record shown as a file through the browser (works on Binder).

Over a **live game still being played**, anything that shows cards the seat
at the screen may not see is the teacher's (docs/teaching.md): the record
(it holds every hand), another seat's view than the one shown first, the
teacher's view, and so the coach of another seat. In a learner's stepper (the
default) no button or choice gives them while the game runs: each says why
and how a teacher has it from code. A teacher's own stepper, made in code
with ``Stepper(game, teacher=True)`` (or started from ``seat="teacher"``),
gives them after the teacher's question (:mod:`prohis_nb.widgets.question`).
Once the game is over, and over a record, everything is everyone's.

The **Coach** toggle (off by default, :mod:`prohis_nb.widgets.coach`) shows
the coach of the seat being viewed at the position shown: what it may believe,
what each choice is worth; and, when that seat decides here, the verdict on
the move the record (or the live game) took from this position. It follows
the seat selector and every step. ``coach=False`` hides the toggle;
``prohis_nb.widgets.allow_coach(False)`` hides it in every widget.
"""

from __future__ import annotations

import time
from typing import Any

import ipywidgets as widgets

from prohis_nb.core.game import GameBase
from prohis_nb.core.record import Record, apply_recorded
from prohis_nb.errors import ProhisNbError
from prohis_nb.widgets.coach import CoachToggle
from prohis_nb.widgets.cursor import RecordSource, Timeline
from prohis_nb.widgets.large import fit
from prohis_nb.widgets.question import TeacherQuestion, not_yet_html
from prohis_nb.widgets.render import message_html
from prohis_nb.widgets.table import TEACHER, Table


class Stepper(widgets.VBox):
    """Buttons and a slider over a record or a live game, above a :class:`Table`.

    ``source``: a record (``Record``, path, JSON text, parsed object) or a
    live game. ``seat``: the seat shown first (or ``"teacher"``).
    ``checkpoint_every``: how often the timeline keeps a copy of the game.
    ``last_step_ms`` holds the time the last move took, from the button press
    to the re-drawn table (Python side). ``coach``: offer the "Coach" toggle.
    ``teacher``: the teacher's own stepper (made in code): over a live game
    still being played, its selector and "Download record" give other seats'
    cards after the teacher's question; False (a learner's), they give them
    only once the game is over.
    """

    def __init__(
        self,
        source: RecordSource | GameBase,
        seat: int | str = 0,
        *,
        checkpoint_every: int = 8,
        start: int | None = 0,
        coach: bool = True,
        teacher: bool = False,
    ) -> None:
        if not isinstance(teacher, bool):
            raise TypeError(f"teacher is True or False, got {type(teacher).__name__}")
        #: The teacher's own stepper (see the class docstring).
        self.teacher = teacher
        self.timeline = Timeline(source, checkpoint_every)
        self.first_button = self._button("First", "Go to the deal", self.first, "fast-backward")
        self.back_button = self._button("Back", "One decision back", self.back, "step-backward")
        self.forward_button = self._button(
            "Forward", "One decision forward", self.forward, "step-forward"
        )
        self.last_button = self._button("Last", "Go to the end", self.last, "fast-forward")
        self.slider = widgets.IntSlider(
            min=0,
            max=len(self.timeline),
            value=0,
            description="Step",
            continuous_update=True,
            layout=widgets.Layout(width="420px"),
        )
        self.slider.observe(self._on_slide, names="value")
        self.upload = widgets.FileUpload(
            accept=".json", multiple=False, description="Load record",
            tooltip="Open a game record saved as a .json file",
        )  # fmt: skip
        self.upload.observe(self._on_upload, names="value")
        self.download_button = widgets.Button(
            description="Download record", icon="download", tooltip="Get the record as a file"
        )
        self.download_button.on_click(lambda _b: self.offer_download())
        #: A link that downloads the record shown (filled on request).
        self.download = widgets.HTML()
        #: The teacher's question before the record of a game still being played
        #: (a teacher's stepper only: a learner's has no "Yes" for hidden cards).
        self.question = TeacherQuestion()
        self.status = widgets.HTML()
        self.message = widgets.HTML()
        self.last_step_ms = 0.0
        self._quiet = False
        #: The "Coach" toggle and the coach of the seat viewed (see the module docstring).
        self.coach_toggle = CoachToggle(self._draw_coach, enabled=coach)
        game = self.timeline.seek(len(self.timeline) if start is None else start)
        self.table = Table(game, seat, guard=self.live_game_running, confirm=teacher)
        self.table.seat_picker.observe(lambda _change: self._draw_coach(), names="value")
        controls = widgets.HBox(
            [self.first_button, self.back_button, self.forward_button, self.last_button]
        )
        super().__init__(
            [
                controls,
                widgets.HBox([self.slider, self.upload, self.download_button, self.download]),
                self.question,
                self.status,
                self.message,
                self.coach_toggle,
                self.table,
            ]
        )
        self.add_class("pnb-stepper")
        self._show()

    # ------------------------------------------------------------ public

    @property
    def position(self) -> int:
        """The number of actions taken at the position shown."""
        return self.timeline.position

    @property
    def game(self) -> GameBase:
        """The game at the position shown (read it; never apply actions to it)."""
        return self.timeline.game

    def live_game_running(self) -> bool:
        """True while the stepper follows a live game that is not over (its secrets are then
        the teacher's)."""
        live = self.timeline.live
        return live is not None and not live.ended

    def seek(self, position: int) -> None:
        """Show the game after ``position`` actions (a bad position shows a message)."""
        started = time.perf_counter()
        self.timeline.sync()
        try:
            self.timeline.seek(position)
        except (IndexError, TypeError) as error:
            self.message.value = message_html(f"Cannot go there: {error}")
            return
        self.message.value = ""
        self._show()
        self.last_step_ms = (time.perf_counter() - started) * 1000

    def first(self) -> None:
        """Go to the deal."""
        self.seek(0)

    def back(self) -> None:
        """One decision back."""
        self.seek(max(0, self.timeline.position - 1))

    def forward(self) -> None:
        """One decision forward (a live game: up to its latest action)."""
        self.timeline.sync()
        self.seek(min(len(self.timeline), self.timeline.position + 1))

    def last(self) -> None:
        """Go to the end (a live game: its latest action)."""
        self.timeline.sync()
        self.seek(len(self.timeline))

    def refresh(self) -> None:
        """Take in what a live game did and redraw (following it if shown at its end)."""
        self.timeline.sync()
        self._show()

    def load(self, source: RecordSource | GameBase) -> bool:
        """Step through another record or game. A bad one changes nothing; returns success."""
        try:
            timeline = Timeline(source, self.timeline.checkpoint_every)
        except (ProhisNbError, ValueError, TypeError) as error:
            self.message.value = message_html(f"This record cannot be shown: {error}")
            return False
        self.timeline = timeline
        self.download.value = ""  # the link held the previous record
        self.question.clear()
        timeline.seek(0)
        self.message.value = message_html(
            f"Loaded a {timeline.game_name} game of {timeline.players} players with "
            f"{len(timeline)} recorded decisions.",
            error=False,
        )
        self._show()
        return True

    def offer_download(self, name: str = "record.json", *, confirmed: bool = False) -> str:
        """Show a link that downloads the whole record shown (every decision); return its HTML.

        The record travels in the link
        (:func:`prohis_nb.widgets.downloads.record_link`): nothing is written on
        the server. A record holds every hand, so the record of a *live* game
        still being played is the teacher's: the link is made only when asked
        for in code (``confirmed=True``) or, in a teacher's stepper
        (``teacher=True``), once the teacher's question is answered. Otherwise
        ``""`` is returned and the stepper says why. Once the game is over it
        is everyone's.
        """
        from prohis_nb.widgets.downloads import record_link

        self.timeline.sync()
        self.question.clear()
        if self.live_game_running() and not confirmed:
            self.download.value = ""
            if self.teacher:
                self.question.ask(
                    "the record holds <b>every hand</b> (its deal rebuilds every card), so "
                    "downloading it now is the teacher's",
                    "Yes, make the download link",
                    lambda: self.offer_download(name, confirmed=True),
                )
            else:
                self.message.value = not_yet_html(
                    "A record holds every hand: you can download it when the game is over.",
                    "stepper.offer_download(confirmed=True)",
                    "Stepper",
                )
            return ""
        link = record_link(self.timeline.record, name)
        self.download.value = link
        return link

    # ------------------------------------------------------------ drawing

    def _show(self) -> None:
        timeline = self.timeline
        position, end = timeline.position, len(timeline)
        # The table first: the browser applies the kernel's messages in the order
        # sent, and a slider's update made it lay the page out (a few ms) before
        # it drew the new table. On a local JupyterLab the messages of a move
        # often arrive together (the server holds them back until the browser
        # acknowledges the kernel's "busy"), so only the order decides.
        caption = f"after {position} of {end} decisions"
        self.table.set_game(timeline.game, caption=caption)
        self._quiet = True
        try:
            self.slider.max = end
            self.slider.value = position
        finally:
            self._quiet = False
        self.first_button.disabled = self.back_button.disabled = position == 0
        self.forward_button.disabled = self.last_button.disabled = position == end
        fit(self)  # large print (or not) for the buttons and the slider
        live = " (live game)" if timeline.live is not None else ""
        self.status.value = f"<span role='status'>Step {position} of {end}{live}</span>"
        self._draw_coach()

    # ------------------------------------------------------------ the coach

    def _draw_coach(self) -> None:
        """The coach of the seat viewed, at the position shown (when switched on)."""
        toggle = self.coach_toggle
        if not toggle.on:  # off: nothing to compute
            toggle.sync()
            return
        seat = self.table.seat
        if seat == TEACHER or not isinstance(seat, int):  # the teacher sees every card
            toggle.note(
                "The coach advises one seat from what it may know: choose a seat in "
                "“View as” to see its coach."
            )
            return
        game = self.timeline.game
        toggle.show(
            game.view(seat),
            lambda: self._verdict_on_recorded_move(seat),
            verdict_heading=f"The move seat {seat} took here",
        )

    def _verdict_on_recorded_move(self, seat: Any) -> Any:
        """The verdict on the move ``seat`` took from the position shown, or None.

        None when the seat does not decide here, or the game goes no further.
        """
        from prohis_nb.coach import judge

        timeline = self.timeline
        position, game = timeline.position, timeline.game
        if position >= len(timeline) or game.ended or game.to_act != seat:
            return None
        after = game.copy()  # the shown game is shared with the timeline: never apply to it
        try:
            apply_recorded(after, timeline.record.actions[position], position, [])
        except ProhisNbError:
            return None  # a step the engine takes by itself: no decision to judge
        if len(after.actions) != len(game.actions) + 1 or after.actions[-1].seat != seat:
            return None
        return judge(game.view(seat), after.actions[-1])

    def _button(self, text: str, tooltip: str, action: Any, icon: str) -> widgets.Button:
        # A Font Awesome icon (shipped with ipywidgets) beside plain text: a symbol
        # character such as U+23EE would show as a box on machines without a symbol font.
        button = widgets.Button(description=text, tooltip=tooltip, icon=icon)
        button.on_click(lambda _button: action())
        return button

    def _on_slide(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self.seek(change["new"])

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        name = str(item.get("name") or "the file")
        if len(name) > 80:
            name = name[:60] + "…"
        try:
            record = Record.loads(bytes(item["content"]))  # UTF-8, size and depth checked
        except ProhisNbError as error:
            self.message.value = message_html(f"{name} cannot be shown: {error}")
            return
        except (KeyError, TypeError, ValueError):
            self.message.value = message_html(f"{name} could not be read: a record is JSON text")
            return
        self.load(record)
