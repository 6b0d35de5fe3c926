"""The table widget: a game shown from one seat, or from the teacher's chair.

::

    from prohis_nb.widgets import Table
    table = Table(game, seat=0)       # what seat 0 may know
    table                             # shows itself in Jupyter
    table.show_seat("teacher")        # every card, clearly labelled

The picture is drawn from *one object only*: ``game.view(seat)`` for a seat,
``game.omniscient_view()`` for the teacher. Its JSON goes to the game's
renderer (:mod:`prohis_nb.widgets.render`), which never sees the game, so
switching seats can never show a card the chosen seat may not see. The view
last drawn is kept in :attr:`Table.view` so tests can check whose it was.

A table over a game still being played can be guarded (``guard``, a
function answering whether the game runs; the stepper over a live game sets
it): then picking another seat than the one shown first, or the teacher,
shows nothing of it while the game runs, since that view shows cards the
seat at the screen may not see; the table says why and how a teacher has it
from code. Only a teacher's guarded table (``confirm=True``, a teacher's
stepper) asks the teacher's question (:mod:`prohis_nb.widgets.question`) and
shows it after "yes". Code that calls :meth:`Table.show_seat` asks
explicitly and is not stopped.

When the game has ended, the table opens with a box of every seat's final
score (money written as ``$4,000``) and the winners marked in words and bold,
drawn from the view's own ``final_scores``/``winners`` (the teacher's view:
``scores``/``winners``), the same for every seat and for both games.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from prohis_nb.core.game import GameBase
from prohis_nb.errors import ProhisNbError, UnknownSeatError, excerpt
from prohis_nb.widgets.large import fit
from prohis_nb.widgets.pagehelp import page_helper
from prohis_nb.widgets.question import TeacherQuestion, not_yet_html
from prohis_nb.widgets.render import message_html, render_table, renderer_for
from prohis_nb.widgets.render.base import css

#: The seat selector's value for the teacher's omniscient view.
TEACHER = "teacher"


def seat_options(players: int, teacher: bool = True) -> list[tuple[str, Any]]:
    """The choices of a seat selector: every seat, then (optionally) the teacher."""
    options: list[tuple[str, Any]] = [(f"Seat {s}", s) for s in range(players)]
    if teacher:
        options.append(("Teacher: every card", TEACHER))
    return options


class Table(widgets.VBox):
    """A game seen from one seat (or by the teacher), with a seat selector.

    ``game`` is any game of the family; ``seat`` a seat number or
    ``"teacher"``. ``teacher=False`` leaves the teacher's view out of the
    selector (for a learner playing a seat); ``picker=False`` hides the
    selector altogether (a value sent from the page anyway changes nothing).
    Call :meth:`refresh` after the game changes, or :meth:`set_game` to show
    another game (the stepper does). ``guard``: a
    function answering True while the game is being played; the selector then
    shows no other seat than ``seat``, nor the teacher's view, while it
    answers True; ``confirm=True`` (a teacher's table, made in code) asks the
    teacher's question instead (see the module docstring).
    """

    def __init__(
        self,
        game: GameBase,
        seat: int | str = 0,
        *,
        teacher: bool = True,
        picker: bool = True,
        caption: str = "",
        guard: Callable[[], bool] | None = None,
        confirm: bool = False,
    ) -> None:
        if not callable(getattr(game, "view", None)) or not isinstance(
            getattr(game, "players", None), int
        ):
            raise TypeError(
                "a Table shows a game of the family (e.g. prohis_nb.new_game('prohis', seed=1)), "
                f"got {excerpt(game)}"
            )
        self._game = game
        self._picker = picker
        self.guard = guard
        #: A guarded table's selector may be opened by the teacher's "yes" (a teacher's table).
        self.confirm = confirm
        #: The seat shown first: while the guard says the game runs, the only one
        #: the selector shows without asking (all of them when it is the teacher).
        self.free_seat = seat
        self._teacher_allowed = teacher
        self.caption = caption
        self.view: Any = None  # the view object last drawn
        self.seat_picker = widgets.Dropdown(
            options=seat_options(game.players, teacher),
            value=0,
            description="View as",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="260px", display="" if picker else "none"),
        )
        # The style sheet has a widget of its own, sent again only when it changes
        # (large print): a <style> put in the page with every redraw of the board
        # made the browser restyle the whole page at each step.
        self.style_sheet = widgets.HTML()
        self.board = widgets.HTML()
        self.message = widgets.HTML()
        self._seat: int | str = 0
        self._quiet = False
        #: The teacher's question of a guarded table (``None`` without a guard).
        self.question: TeacherQuestion | None = None
        parts: list[widgets.Widget] = [self.seat_picker]
        if guard is not None and confirm:
            self.question = TeacherQuestion()
            parts.append(self.question)
        super().__init__(
            [*parts, self.message, self.style_sheet, self.board, page_helper()]
        )  # page_helper: slider names and keyboard focus (prohis_nb.widgets.pagehelp)
        self.add_class("pnb-table-widget")
        self.seat_picker.observe(self._on_pick, names="value")
        self.show_seat(seat)
        if self._seat != seat:  # a bad first seat: show seat 0 and say why
            self.refresh()
        self.free_seat = self._seat  # (the seat actually shown first)

    # ------------------------------------------------------------ public

    @property
    def game(self) -> GameBase:
        """The game shown."""
        return self._game

    @property
    def seat(self) -> int | str:
        """The seat shown (a number), or ``"teacher"``."""
        return self._seat

    @property
    def html(self) -> str:
        """The HTML drawn now (the style sheet and the board)."""
        return self.style_sheet.value + self.board.value if self.board.value else ""

    def show_seat(self, seat: int | str | None) -> bool:
        """Show the game from ``seat`` (``"teacher"`` or ``None``: the teacher's view).

        An unknown seat (or the teacher where it is not offered) changes
        nothing and shows a message saying which seats there are. Returns True
        when the seat was switched.
        """
        if seat is None:
            seat = TEACHER
        try:
            if seat == TEACHER:
                if not self._teacher_allowed:
                    raise UnknownSeatError(
                        "the teacher's view is not offered here: pick one of seats 0 to "
                        f"{self._game.players - 1}"
                    )
            else:
                self._game.check_seat(seat)  # type: ignore[arg-type]
        except ProhisNbError as error:
            self.message.value = message_html(f"Cannot show that seat: {error}")
            return False
        self._seat = seat
        self.message.value = ""
        self._quiet = True
        try:
            self.seat_picker.value = seat
        finally:
            self._quiet = False
        self.refresh()
        return True

    def allow_teacher(self) -> None:
        """Offer the teacher's view from now on (HotSeat's final reveal, once nothing is secret)."""
        if self._teacher_allowed:
            return
        self._teacher_allowed = True
        self._quiet = True
        try:
            self.seat_picker.options = seat_options(self._game.players, True)
            self.seat_picker.value = self._seat
        finally:
            self._quiet = False

    def set_game(self, game: GameBase, caption: str | None = None) -> None:
        """Show ``game`` (same seat; the selector follows a new player count)."""
        if game.players != self._game.players:
            self._quiet = True
            try:
                self.seat_picker.options = seat_options(game.players, self._teacher_allowed)
                if self._seat != TEACHER and self._seat >= game.players:  # type: ignore[operator]
                    self._seat = 0
                self.seat_picker.value = self._seat
            finally:
                self._quiet = False
        self._game = game
        if caption is not None:
            self.caption = caption
        self.refresh()

    def refresh(self) -> None:
        """Draw the game again from the chosen seat's view."""
        game = self._game
        seat = self._seat
        viewer: int | None
        if seat == TEACHER or not isinstance(seat, int):
            self.view = game.omniscient_view()  # type: ignore[attr-defined]
            viewer = None
        else:
            self.view = game.view(seat)
            viewer = seat
        renderer = renderer_for(game)
        self.style_sheet.value = css()
        self.board.value = render_table(
            self.view.to_json(), renderer, viewer, caption=self.caption, style=False
        )
        fit(self)  # large print (or not) for the seat selector too

    # ------------------------------------------------------------ events

    def _on_pick(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        seat = change["new"]
        if self.question is not None:
            self.question.clear()  # a new pick withdraws a question about another one
        if self._picker and not self._asks_first(seat):
            self.show_seat(seat)
            return
        self._quiet = True
        try:
            self.seat_picker.value = self._seat  # nothing changes (until the teacher says yes)
        finally:
            self._quiet = False
        if not self._picker:
            # A hidden selector (Play's, HotSeat's tables) is not the user's: a value sent
            # from the page anyway (a crafted widget message) changes nothing.
            return
        if self.question is None:  # a learner's guarded table: no "yes" opens it
            shown = "seat " + str(self.free_seat)
            self.message.value = not_yet_html(
                f"While the game is being played this table shows {shown} only: another "
                "seat's view shows that seat's hand. Every seat opens when the game is over.",
                "Stepper(game, seat='teacher')",
                "Stepper",
            )
            return
        if seat == TEACHER:
            what, yes = "the teacher's view shows <b>every hand</b>", "Yes, show every card"
        else:
            what = f"seat {seat}'s view shows <b>seat {seat}'s hand</b>"
            yes = f"Yes, show seat {seat}'s view"
        self.question.ask(what, yes, lambda: self.show_seat(seat))

    def _asks_first(self, seat: Any) -> bool:
        """Whether showing ``seat`` from the selector needs the teacher's "yes" now."""
        if self.guard is None or seat == self.free_seat or self.free_seat == TEACHER:
            return False
        return bool(self.guard())
