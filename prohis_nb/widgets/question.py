"""What a widget's buttons say about hidden cards while a game runs, and the teacher's question.

While a game is being played, anything that carries cards a seat may not
see is the teacher's: the teacher's view of every card, a game record (its
setup rebuilds every hand), another seat's view. A button cannot tell who
pressed it, and in a learner's widget the learner is the one at the screen.
So in a learner's widget (the default) no button gives such a thing while the
game runs, not even after a second click: the button says why instead
(:func:`not_yet_html`, e.g. "A record holds every hand: you can save it when
the game is over.") and how a teacher gets it *from code*, which a learner
clicking in the widget cannot do.

A teacher's own widget is made in code, ``Play(..., teacher=True)`` (also
``HotSeat``, ``Stepper``). Only there do the buttons give every hand while the
game runs, and they ask this question first, so the class does not see it by
accident::

    The game is running: the record holds every hand ... Turn the screen away
    from the class first.   [Yes, show every card]  [Cancel]

Once the game is over nothing is secret any more: the buttons work for
everyone and nothing is asked. :class:`TeacherQuestion` is the row that
asks: ``ask(what, yes, then)`` shows the warning and the two buttons, "Yes"
runs ``then`` (once), "Cancel" takes the question away. Nothing secret is
computed or sent to the page before the answer: ``then`` does that.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

#: The frame of the warning (the colours of a message that needs care).
WARNING_STYLE = (
    "padding:4px 8px;border:2px solid #D55E00;border-radius:6px;background:#fde2d6;color:#000"
)


def warning_html(what: str) -> str:
    """The warning in words: the game is running, ``what`` shows hidden cards, look away."""
    return (
        f"<div style='{WARNING_STYLE}' role='alert'>The game is running: {what}. "
        "Turn the screen away from the class first.</div>"
    )


def not_yet_html(why: str, code: str, widget: str) -> str:
    """A plain message: why a button gives nothing while the game runs, and the teacher's way.

    ``why`` says it in a learner's words ("A record holds every hand: you can
    save it when the game is over."); ``code`` is what a teacher types in
    their own notebook to have it now, and ``widget`` the widget's class, for
    a teacher's own widget (``Play(..., teacher=True)``). The words are the
    same whatever the cards, so they tell nothing.

    >>> "when the game is over" in not_yet_html("Wait until the game is over.", "x()", "Play")
    True
    """
    return (
        f"<div class='pnb-not-yet' role='status' style='padding:4px 8px;border:1px solid #888;"
        f"border-radius:6px'>{html.escape(why)} <span class='pnb-muted'>A teacher can have it "
        f"now from code, in their own notebook: <code>{html.escape(code)}</code>, or a widget "
        f"made with <code>{html.escape(widget)}(..., teacher=True)</code>.</span></div>"
    )


class TeacherQuestion(widgets.HBox):
    """A warning, "Yes, ..." and "Cancel": see the module docstring."""

    def __init__(self) -> None:
        self.warning = widgets.HTML()
        self.yes = widgets.Button(
            description="Yes, show every card",
            button_style="danger",
            icon="exclamation-triangle",
            layout=widgets.Layout(width="auto", display="none"),
        )
        self.yes.on_click(lambda _b: self.confirm())
        self.cancel = widgets.Button(description="Cancel", layout=widgets.Layout(display="none"))
        self.cancel.on_click(lambda _b: self.clear())
        self._then: Callable[[], object] | None = None
        super().__init__([self.warning, self.yes, self.cancel])
        self.add_class("pnb-teacher-question")

    @property
    def pending(self) -> bool:
        """True while the question waits for an answer."""
        return self._then is not None

    def ask(self, what: str, yes: str, then: Callable[[], object]) -> None:
        """Ask before ``then``: ``what`` says what it shows (HTML), ``yes`` labels the button."""
        self.warning.value = warning_html(what)
        self.yes.description = yes
        self.yes.layout.display = ""
        self.cancel.layout.display = ""
        self._then = then

    def confirm(self) -> None:
        """The teacher answered yes: take the question away, then do what was asked."""
        then = self._then
        self.clear()
        if then is not None:
            then()

    def clear(self) -> None:
        """Take the question away; nothing is done (a stray click on "Yes" does nothing)."""
        self._then = None
        self.warning.value = ""
        self.yes.layout.display = "none"
        self.cancel.layout.display = "none"


__all__ = ["TeacherQuestion", "not_yet_html", "warning_html"]
