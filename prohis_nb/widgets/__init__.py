"""Jupyter widgets (ipywidgets 8): see a game, step through it, play it, explore the maths.

* :class:`Table`: a game from one seat (only what that seat may know), or the
  teacher's view of every card;
* :class:`Stepper`: first / back / forward / last and a slider over a record
  or a live game, from any seat;
* :class:`Play`: the learner plays one seat against bots; :class:`HotSeat`:
  several people share one screen, the cards hidden between turns;
* :class:`Explorer`: sliders that redraw the expected value of bribing and
  inspecting (needs ``prohis_nb.analysis`` and ``prohis_nb.plots``);
* :class:`CustomsExplorer` (Smuggle): the expected value of declaring and of
  lying against the Customs Officer's search rate;
* :func:`large_print`: ``large_print(True)`` before a lesson on a projector
  draws cards, text, buttons and figures half as large again
  (:mod:`prohis_nb.presenting`).
* :class:`Coach`: beside a decision, what the seat may believe and what each
  choice is worth (:mod:`prohis_nb.coach`); ``Play``, ``Stepper`` and
  ``HotSeat`` carry a "Coach" toggle, hidden for a class by
  ``allow_coach(False)`` (or for one widget by ``coach=False``);
* :func:`download_figure`: PNG and SVG download links for any figure
  (:mod:`prohis_nb.widgets.downloads` also makes record and CSV links).

The widgets are thin: they draw views (``game.view(seat)``) with the game's
renderer (:mod:`prohis_nb.widgets.render`) and send legal actions
(``game.legal_actions()``, ``game.apply``); the rules stay in the engine.

The widgets need the ``notebook`` extra (``pip install "prohis-nb[notebook]"``):
without it, asking for one of the names above says so
(:mod:`prohis_nb.extras`). The renderers (:mod:`prohis_nb.widgets.render`)
import nothing outside the standard library.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from prohis_nb.extras import raise_missing_extra

_LAZY = {
    "Table": "prohis_nb.widgets.table",
    "TEACHER": "prohis_nb.widgets.table",
    "Stepper": "prohis_nb.widgets.stepper",
    "Timeline": "prohis_nb.widgets.cursor",
    "Play": "prohis_nb.widgets.play",
    "HotSeat": "prohis_nb.widgets.play",
    "ActionPanel": "prohis_nb.widgets.controls",
    "Explorer": "prohis_nb.widgets.explorer",
    "CustomsExplorer": "prohis_nb.widgets.customs",
    "Coach": "prohis_nb.widgets.coach",
    "allow_coach": "prohis_nb.widgets.coach",
    "download_figure": "prohis_nb.widgets.downloads",
    "renderer_for": "prohis_nb.widgets.render",
    "register_renderer": "prohis_nb.widgets.render",
    "large_print": "prohis_nb.presenting",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        try:
            module = import_module(_LAZY[name])
        except ModuleNotFoundError as error:  # ipywidgets: say which extra brings it
            raise_missing_extra(error, "prohis_nb.widgets")
            raise
        value = getattr(module, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'prohis_nb.widgets' has no attribute {name!r}")


__all__ = sorted(_LAZY)
