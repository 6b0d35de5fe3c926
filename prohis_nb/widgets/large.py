"""Large print on the widgets themselves (ipywidgets' buttons, sliders and boxes).

The HTML a renderer draws marks itself (:func:`~prohis_nb.widgets.render.base.large_class`);
the ipywidgets around it get the CSS class ``pnb-large`` here, so that the
scaled rules of :data:`~prohis_nb.widgets.render.base.LARGE_CSS` reach their
buttons and labels too. Widgets call :func:`fit` whenever they draw, so the
switch (:func:`prohis_nb.presenting.large_print`) takes effect at the next
refresh or move.
"""

from __future__ import annotations

from typing import Any

from prohis_nb.presenting import is_large_print, large_print
from prohis_nb.widgets.render.base import LARGE_CLASS

__all__ = ["fit", "large_print"]


def fit(widget: Any) -> None:
    """Give ``widget`` the large-print class while large print is on; take it away when off."""
    if is_large_print():
        if LARGE_CLASS not in widget._dom_classes:
            widget.add_class(LARGE_CLASS)
    elif LARGE_CLASS in widget._dom_classes:
        widget.remove_class(LARGE_CLASS)
