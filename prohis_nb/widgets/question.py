"""The teacher's question: asked before anything that shows every hand while a game runs.

While a game is being played, anything that carries cards a seat may not
see is the teacher's: the teacher's view of every card, a game record (its
setup rebuilds every hand), another seat's view. The widgets show such a
thing only after this question is answered "yes"::

    The game is running: the record holds every hand ... Turn the screen away
    from the class first.   [Yes, show every card]  [Cancel]

Once the game is over nothing is secret any more and nothing is asked.
:class:`TeacherQuestion` is the row that asks: ``ask(what, yes, then)`` shows
the warning and the two buttons, "Yes" runs ``then`` (once), "Cancel" takes
the question away. Nothing secret is computed or sent to the page before the
answer: ``then`` does that.
"""

from __future__ import annotations

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


__all__ = ["TeacherQuestion", "warning_html"]
