"""Every live widget model a game widget leaves in the kernel, in a form two games can compare.

ipywidgets keeps every widget not yet closed in a registry of live models;
the browser's widget manager holds the same models, and a notebook saved
with its widget state writes them all down. A widget merely taken off the
page stays there with everything it says (a button's description and
tooltip, an HTML value). So what a hot-seat screen leaves behind is
compared *model by model*, from the registry itself, not from what is shown:

* :func:`snapshot` lists the models registered since a moment ``before``:
  those reachable from the widget (children, layouts, styles), in a fixed
  walk with model ids replaced by their place in the walk, and every other
  new model still open (unreachable: a leak), with its ids masked, sorted;
* :func:`press` takes an action the way a person does, through the panel's
  buttons and composers (the composers' own state included).

Two games that differ only in cards the person at the screen may not see
must give equal snapshots.
"""

from __future__ import annotations

import json
from typing import Any

import ipywidgets


def registered() -> dict[str, ipywidgets.Widget]:
    """Every widget the kernel registers (open, not closed), by model id."""
    from ipywidgets.widgets import widget as module

    instances = getattr(module, "_instances", None)
    if instances is None:  # ipywidgets 7
        instances = ipywidgets.Widget.widgets
    return dict(instances)


def _refs(value: Any) -> list[str]:
    """The model ids a serialized state refers to (``"IPY_MODEL_<id>"``), in order."""
    if isinstance(value, str):
        return [value[len("IPY_MODEL_") :]] if value.startswith("IPY_MODEL_") else []
    if isinstance(value, dict):
        return [ref for key in sorted(value) for ref in _refs(value[key])]
    if isinstance(value, list | tuple):
        return [ref for item in value for ref in _refs(item)]
    return []


def _masked(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str) and value.startswith("IPY_MODEL_"):
        return names.get(value[len("IPY_MODEL_") :], "IPY_MODEL_?")
    if isinstance(value, dict):
        return {key: _masked(item, names) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_masked(item, names) for item in value]
    if isinstance(value, bytes | memoryview):
        return bytes(value).hex()
    return value


def _state(widget: ipywidgets.Widget) -> dict[str, Any]:
    state = widget.get_state()
    state.pop("_view_count", None)
    return state


def snapshot(root: ipywidgets.Widget, before: set[str]) -> dict[str, Any]:
    """The live models made since ``before`` (ids into ``registered()``), comparable by ``==``."""
    live = registered()
    new = {model_id: widget for model_id, widget in live.items() if model_id not in before}
    names: dict[str, str] = {}
    walk: list[ipywidgets.Widget] = []
    queue = [root.model_id]
    while queue:
        model_id = queue.pop(0)
        if model_id in names or model_id not in new:
            continue
        names[model_id] = f"#{len(names)}"
        widget = new[model_id]
        walk.append(widget)
        queue.extend(_refs(_state(widget)))
    reachable = [
        f"{type(w).__name__} {json.dumps(_masked(_state(w), names), sort_keys=True)}" for w in walk
    ]
    others = sorted(
        f"{type(w).__name__} {json.dumps(_masked(_state(w), {}), sort_keys=True)}"
        for model_id, w in new.items()
        if model_id not in names
    )
    return {"reachable": reachable, "unreachable": others}


def close_all_since(before: set[str]) -> None:
    """Close every widget registered since ``before`` (between two twins' runs)."""
    for model_id, widget in registered().items():
        if model_id not in before:
            widget.close()


def press(widget: Any, action: Any) -> None:
    """Take ``action`` through ``widget``'s panel as a person does: buttons, or a composer.

    A convoy's cards are picked from the card composer one by one in order,
    a bribe's and a declaration's counted with "+", then sent; any other
    action is its own button. Fails if the panel does not offer it.
    """
    panel = widget.panel
    act = action.act
    composer = panel.composers.get(act)
    if composer is not None and act == "convoy":
        composer.clear()
        used: set[int] = set()
        for card in action.cards:
            index = next(
                i for i, kind in enumerate(composer.hand) if kind == card and i not in used
            )
            used.add(index)
            composer.card_buttons[index].click()
        assert composer.action == action, (composer.cards, action)
        composer.send_button.click()
        return
    if composer is not None and act in ("bribe", "declare"):
        composer.clear()
        for kind in action.cards if act == "bribe" else action.items:
            composer.plus_buttons[kind].click()
        assert composer.action == action or (act == "declare" and not action.items)
        if act == "declare" and not action.items:
            composer.empty_button.click()
        else:
            composer.send_button.click()
        return
    panel.buttons[action].click()
