"""Close widgets that leave the page for good, so the kernel forgets them.

Every ipywidget is registered in the kernel (ipywidgets keeps it in its
table of live widgets, and the browser keeps a model for it) until
``widget.close()`` is called: a widget the Python code merely stops holding
stays alive on both sides. ``close()`` closes that one widget only, not its
children nor the ``layout`` and ``style`` widgets every button, label and box
carries. :func:`close_tree` closes all of them.

The game widgets keep their widgets from one decision to the next (a new
widget costs a message and a view in the browser); the few they do replace
(a composer's rows when the kinds offered change) go through here.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets


def close_tree(*roots: widgets.Widget | Sequence[widgets.Widget]) -> None:
    """Close each widget given, every widget inside it, and their layouts and styles."""
    stack: list[object] = list(roots)
    seen: set[int] = set()
    while stack:
        item = stack.pop()
        if isinstance(item, list | tuple):
            stack.extend(item)
            continue
        if not isinstance(item, widgets.Widget) or id(item) in seen:
            continue
        seen.add(id(item))
        stack.extend(getattr(item, "children", ()))
        for part in ("layout", "style"):
            stack.append(getattr(item, part, None))
        item.close()
