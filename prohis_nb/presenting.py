"""Large print for a projector: one switch that enlarges the widgets and the figures.

::

    import prohis_nb.widgets as w
    w.large_print(True)     # from now on: big cards, fonts, buttons and figure text
    w.large_print(False)    # back to the normal sizes

The switch is read when something is drawn: a table drawn, a decision
offered or a figure made after ``large_print(True)`` is in large print, one
drawn before stays as it was until it is drawn again (``table.refresh()``, or
the next move). Widgets get the CSS class ``pnb-large``, and what they draw
in large print carries the scaled rules for it
(:data:`prohis_nb.widgets.render.base.LARGE_CSS`); the figures of
:mod:`prohis_nb.plots` multiply their font sizes by :data:`SCALE`.
Matplotlib's global settings are never touched, so figures made by a
lesson's own code keep their sizes. Pure standard library.
"""

from __future__ import annotations

#: How much larger large print is (fonts of figures; the widgets' CSS is tuned to match).
SCALE = 1.5

_large = False


def large_print(on: bool = True) -> bool:
    """Turn large print on (``True``) or off (``False``); return the previous setting.

    >>> before = large_print(True)
    >>> is_large_print(), font_size(12)
    (True, 18.0)
    >>> large_print(before)
    True
    """
    global _large
    if not isinstance(on, bool):
        from prohis_nb.errors import RulesError

        raise RulesError(f"large_print takes True or False, got {on!r}")
    before, _large = _large, on
    return before


def is_large_print() -> bool:
    """True while large print is on."""
    return _large


def font_size(size: float) -> float:
    """``size`` (points or pixels) as drawn now: multiplied by :data:`SCALE` in large print."""
    return size * SCALE if _large else size
