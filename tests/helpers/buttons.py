"""Press every button of a widget, as a learner who presses everything would.

A learner may press every button of the widget in front of them, and again
whatever new button a press brings up (a "Yes", a "Replace it", a "Cancel").
:func:`clickables` lists what can be pressed in a widget tree: every
``Button`` and ``ToggleButton``, and every choice of a ``Dropdown`` (the
seat selector), hidden ones too (a message sent from the page reaches a
hidden button). The action panel's buttons are left out: they are the
seat's moves, which the twin-play tests cover (a move may legitimately show
the seat a card that differs between twins: the card it draws).

:func:`run` presses, starting with one chosen press, every press not yet
made, then again every press that appeared since (a press is new when its
place, label or visibility is), until no new one appears, and keeps a
snapshot of every live widget model after each press
(:func:`helpers.livemodels.snapshot`). Given the presses made on one twin,
it makes the same presses, by their place in the tree, on the other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from helpers.livemodels import close_all_since, registered, snapshot
from prohis_nb.widgets.closing import close_tree
from prohis_nb.widgets.controls import ActionPanel

#: A press: (path of child indices, widget type, label, what is done).
Press = tuple[str, str, str, str]


def clickables(root: Any) -> list[tuple[Press, Callable[[], None]]]:
    """Every press the tree under ``root`` offers, in a fixed order, with how to make it."""
    found: list[tuple[Press, Callable[[], None]]] = []

    def walk(widget: Any, path: str) -> None:
        if isinstance(widget, ActionPanel):
            return
        display = getattr(getattr(widget, "layout", None), "display", None) or ""
        if isinstance(widget, widgets.Button):
            key = (path, "Button", widget.description, display)
            found.append((key, widget.click))
        elif isinstance(widget, widgets.ToggleButton):
            key = (path, "ToggleButton", widget.description, f"{display} -> {not widget.value}")

            def toggle(w: Any = widget) -> None:
                w.value = not w.value

            found.append((key, toggle))
        elif isinstance(widget, widgets.Dropdown):
            for label, value in widget._options_full:  # (label, value) pairs
                key = (path, "Dropdown", repr(label), display)

                def pick(w: Any = widget, v: Any = value) -> None:
                    w.value = v

                found.append((key, pick))
        for index, child in enumerate(getattr(widget, "children", ())):
            walk(child, f"{path}.{index}")

    walk(root, "0")
    return found


def press_key(root: Any, key: Press, strict: bool = True) -> bool:
    """Make the press ``key`` in ``root``'s tree; False (or an error if ``strict``) if absent."""
    for found, do in clickables(root):
        if found == key:
            do()
            return True
    if strict:
        raise AssertionError(f"no {key} in the twin's widget: the twins' widgets differ")
    return False


def run(build: Callable[[], Any], presses: list[Press] | None, first: Press | None = None):
    """Build a widget, explore it (``presses`` None) or make ``presses``; snapshot each step.

    Returns (the presses made, the snapshots: the widget as built, then after
    each press). Every widget made is closed afterwards.
    """
    before = set(registered())
    root = build()
    try:
        shots = [snapshot(root, before)]
        if presses is None:
            made: list[Press] = []
            seen: set[Press] = set()
            todo = [first] if first is not None else []
            for _ in range(8):
                for key in todo:
                    seen.add(key)
                    if press_key(root, key, strict=False):
                        made.append(key)
                        shots.append(snapshot(root, before))
                todo = [key for key, _do in clickables(root) if key not in seen]
                if not todo:
                    break
        else:
            made = list(presses)
            for key in presses:
                press_key(root, key)
                shots.append(snapshot(root, before))
        return made, shots
    finally:
        close_tree(root)
        close_all_since(before)


def first_presses(build: Callable[[], Any]) -> list[Press]:
    """Every press a freshly built widget offers (each one a starting point to explore from)."""
    before = set(registered())
    root = build()
    try:
        return [key for key, _do in clickables(root)]
    finally:
        close_tree(root)
        close_all_since(before)
