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

When the game has ended, the table opens with a box of every seat's final
score (money written as ``$4,000``) and the winners marked in words and bold,
drawn from the view's own ``final_scores``/``winners`` (the teacher's view:
``scores``/``winners``), the same for every seat and for both games.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from prohis_nb.core.game import GameBase
from prohis_nb.errors import ProhisNbError, UnknownSeatError
from prohis_nb.widgets.large import fit
from prohis_nb.widgets.pagehelp import page_helper
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
    selector altogether. Call :meth:`refresh` after the game changes, or
    :meth:`set_game` to show another game (the stepper does).
    """

    def __init__(
        self,
        game: GameBase,
        seat: int | str = 0,
        *,
        teacher: bool = True,
        picker: bool = True,
        caption: str = "",
    ) -> None:
        self._game = game
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
        super().__init__(
            [self.seat_picker, self.message, self.style_sheet, self.board, page_helper()]
        )  # page_helper: slider names and keyboard focus (prohis_nb.widgets.pagehelp)
        self.add_class("pnb-table-widget")
        self.seat_picker.observe(self._on_pick, names="value")
        self.show_seat(seat)
        if self._seat != seat:  # a bad first seat: show seat 0 and say why
            self.refresh()

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
        renderer = renderer_for(game.game_name)
        self.style_sheet.value = css()
        self.board.value = render_table(
            self.view.to_json(), renderer, viewer, caption=self.caption, style=False
        )
        fit(self)  # large print (or not) for the seat selector too

    # ------------------------------------------------------------ events

    def _on_pick(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self.show_seat(change["new"])
