"""A small chart drawn as SVG text: what lets an explorer follow a finger on a slider.

The explorers used to build a matplotlib figure and render it to PNG after
every move: 100-400 ms of text layout and rasterising per move, most of the
time from the move to the new picture. A :class:`Chart` writes the same kind
of picture (two axes with ticks, lines, marks, a shaded band, labels and a
legend) as a few kilobytes of SVG in about a millisecond; the browser draws
it. It knows nothing of the games: the explorers' drawings
(:mod:`prohis_nb.widgets.charts`) place the analysis's numbers on it.

Every element drawn is also kept in :attr:`Chart.series` (label -> points, in
data coordinates), so a test can compare the chart with the matplotlib figure
of :mod:`prohis_nb.plots` that shows the same numbers.

Sizes go through :func:`prohis_nb.presenting.font_size`, so large print
scales the words as it does in :mod:`prohis_nb.plots`.

**Nothing cut off, nothing overlapping, in any print.** The margins are
worked out from the words they hold (the longest tick label, the axis
labels' size), as many ticks are written as fit side by side, and a note
that would leave the plot is turned back inside it. Widths of words are
estimated from :data:`CHAR_WIDTH` (DejaVu Sans, the font the chart asks
for, is at most that wide per character, digits and capitals included);
``tests/browser/test_explorer_print_in_browser.py`` measures the result in
Chromium, in normal and large print.

**A text alternative.** :attr:`Chart.description` says in words what the
chart shows (the numbers drawn); the ``<svg>`` carries it as its accessible
name (``role="img"``, ``aria-label``) and as ``<title>``/``<desc>``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from prohis_nb.presenting import font_size

#: matplotlib line styles as SVG dash patterns.
DASHES = {"-": "", "--": "9 5", "-.": "9 4 2 4", ":": "2 4"}
#: Width and height of the drawing (the viewBox; the page scales it): an 8 × 5 inch
#: matplotlib figure at 90 dots per inch, so a point of text is 1.25 units.
WIDTH, HEIGHT = 720, 450
#: An upper bound of a character's width, in ems, for DejaVu Sans at any size (a "W" is 0.99,
#: a digit 0.64, a lowercase letter at most 0.98: the words here are mostly digits and lowercase).
CHAR_WIDTH = 0.66


def text_width(text: str, size: float) -> float:
    """An estimate (from above) of ``text``'s width, in the chart's units, at font ``size``."""
    wide = sum(1 for ch in text if ch in "MWmw—−$%")
    return size * (CHAR_WIDTH * (len(text) - wide) + 0.95 * wide)


def fitted(text: str, size: float, room: float) -> float:
    """``size``, or the smaller size at which ``text`` fits in ``room`` (never below 60%)."""
    width = text_width(text, size)
    return size if width <= room else round(max(size * 0.6, size * room / width), 1)


class Box:
    """A rectangle in the chart's units (for keeping words apart)."""

    def __init__(self, left: float, top: float, right: float, bottom: float) -> None:
        self.left, self.top, self.right, self.bottom = left, top, right, bottom

    def meets(self, other: Box) -> bool:
        return not (
            self.right <= other.left
            or other.right <= self.left
            or self.bottom <= other.top
            or other.bottom <= self.top
        )


def text_size(points: float) -> float:
    """A matplotlib font size (points) in the chart's units, large print included."""
    return round(font_size(points) * 1.25, 1)


def nice_ticks(low: float, high: float, count: int = 8) -> list[float]:
    """Round tick positions (1, 2 or 5 times a power of ten apart) covering [low, high]."""
    if high <= low:
        return [low]
    raw = (high - low) / max(1, count - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.ceil(low / step - 1e-9)
    ticks = []
    k = first
    while k * step <= high + 1e-9 * step:
        ticks.append(round(k * step, 12))
        k += 1
    return ticks


def padded(low: float, high: float, margin: float = 0.05) -> tuple[float, float]:
    """``[low, high]`` widened by ``margin`` of its length either side (as matplotlib does)."""
    if high == low:
        return low - 1, high + 1
    pad = (high - low) * margin
    return low - pad, high + pad


class Chart:
    """Two axes and what is drawn on them, written out by :meth:`svg`.

    ``x`` and ``y``: the data ranges shown; ``xformat`` / ``yformat`` write a
    tick value (e.g. :func:`prohis_nb.text.money`).
    """

    def __init__(
        self,
        x: tuple[float, float],
        y: tuple[float, float],
        *,
        title: str,
        xlabel: str,
        ylabel: str,
        xformat: Callable[[float], str] = str,
        yformat: Callable[[float], str] = str,
    ) -> None:
        self.x, self.y = x, y
        self.title, self.xlabel, self.ylabel = title, xlabel, ylabel
        self.xformat, self.yformat = xformat, yformat
        self.items: list[str] = []
        #: (label, SVG of its sample) for the legend, in the order drawn.
        self.legend_entries: list[tuple[str, str]] = []
        #: Every labelled element: label -> its points in data coordinates.
        self.series: dict[str, list[tuple[float, float]]] = {}
        #: The words written on the plot (annotations), in order.
        self.notes: list[str] = []
        #: Each note to write: (x, y, words, colour, dx, dy), placed when the SVG is written.
        self._notes: list[tuple[float, float, str, str, float, float]] = []
        #: What the chart shows, in words: its text alternative (set by who draws it).
        self.description = ""
        small, label = text_size(12), text_size(14)
        # margins that hold the words: the y tick labels and the rotated y label on the
        # left, the x tick labels and the x label below, the title above
        widest = max(text_width(yformat(t), small) for t in nice_ticks(*y))
        self.left = round(widest + 10 + label * 1.9)
        self.bottom = round(small * 1.3 + label * 1.3 + 18)
        self.top = round(text_size(16) * 1.3 + small * 0.75 + 14)  # the top tick's words too
        self.right = 20
        # as many x ticks as fit side by side, each label with room to spare
        room = WIDTH - self.left - self.right
        for count in (8, 6, 5, 4, 3, 2):
            ticks = nice_ticks(*x, count)
            widest_x = max(text_width(xformat(t), small) for t in ticks)
            if len(ticks) < 2 or room / max(1, len(ticks) - 1) > widest_x + small:
                break
        self.xticks = ticks

    # ------------------------------------------------------------ coordinates

    def px(self, x: float) -> float:
        low, high = self.x
        return self.left + (x - low) / (high - low) * (WIDTH - self.left - self.right)

    def py(self, y: float) -> float:
        low, high = self.y
        return HEIGHT - self.bottom - (y - low) / (high - low) * (HEIGHT - self.top - self.bottom)

    # ------------------------------------------------------------ drawing

    def _keep(self, label: str | None, points: list[tuple[float, float]], sample: str) -> None:
        if label is not None:
            self.series[label] = points
            self.legend_entries.append((label, sample))

    def line(
        self,
        xs: Sequence[float],
        ys: Sequence[float],
        *,
        color: str,
        style: str = "-",
        width: float = 2,
        label: str | None = None,
    ) -> None:
        """A line through the points (``style``: ``-``, ``--``, ``-.`` or ``:``)."""
        points = [(float(x), float(y)) for x, y in zip(xs, ys, strict=True)]
        path = " ".join(f"{self.px(x):.1f},{self.py(y):.1f}" for x, y in points)
        stroke = self._stroke(color, style, width)
        self.items.append(f'<polyline points="{path}" fill="none" {stroke}/>')
        self._keep(label, points, f'<line x1="0" y1="0" x2="28" y2="0" {stroke}/>')

    def hline(self, y: float, **style: Any) -> None:
        """A horizontal line across the whole plot at ``y``."""
        self.line(self.x, [y, y], **style)

    def vline(self, x: float, **style: Any) -> None:
        """A vertical line across the whole plot at ``x``."""
        self.line([x, x], self.y, **style)

    def span(
        self, x0: float, x1: float, *, color: str, opacity: float, label: str | None = None
    ) -> None:
        """A shaded band from ``x0`` to ``x1``, the plot's full height."""
        left, right = sorted((self.px(x0), self.px(x1)))
        top, bottom = self.py(self.y[1]), self.py(self.y[0])
        fill = f'fill="{color}" fill-opacity="{opacity}"'
        self.items.append(
            f'<rect x="{left:.1f}" y="{top:.1f}" width="{right - left:.1f}" '
            f'height="{bottom - top:.1f}" {fill}/>'
        )
        sample = f'<rect x="0" y="-7" width="28" height="14" {fill}/>'
        self._keep(label, [(x0, self.y[0]), (x1, self.y[1])], sample)

    def band(
        self,
        xs: Sequence[float],
        lows: Sequence[float],
        highs: Sequence[float],
        *,
        color: str,
        opacity: float,
        label: str | None = None,
    ) -> None:
        """A shaded band between two lines through the same ``xs`` (matplotlib's fill_between)."""
        upper = [(self.px(x), self.py(y)) for x, y in zip(xs, highs, strict=True)]
        lower = [(self.px(x), self.py(y)) for x, y in zip(xs, lows, strict=True)][::-1]
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in upper + lower)
        fill = f'fill="{color}" fill-opacity="{opacity}"'
        self.items.append(f'<polygon points="{path}" {fill}/>')
        sample = f'<rect x="0" y="-7" width="28" height="14" {fill}/>'
        self._keep(label, [(float(x), float(y)) for x, y in zip(xs, highs, strict=True)], sample)

    def mark(
        self,
        x: float,
        y: float,
        *,
        color: str,
        marker: str = "o",
        size: float = 10,
        filled: bool = True,
        opacity: float = 1,
        label: str | None = None,
    ) -> None:
        """A mark at (x, y): ``o`` circle, ``s`` square, ``^`` triangle, ``D`` diamond, ``x``."""
        self.items.append(
            self._marker(self.px(x), self.py(y), marker, size, color, filled, opacity)
        )
        sample = self._marker(14, 0, marker, min(size, 14), color, filled, opacity)
        self._keep(label, [(float(x), float(y))], sample)

    def marks(
        self,
        xs: Sequence[float],
        ys: Sequence[float],
        *,
        label: str | None = None,
        sizes: Sequence[float] | None = None,
        **style: Any,
    ) -> None:
        """Several marks under one legend entry (``sizes``: one size per mark)."""
        sizes = sizes or [style.pop("size", 10)] * len(xs)
        style.pop("size", None)
        for x, y, size in zip(xs, ys, sizes, strict=True):
            self.items.append(
                self._marker(self.px(x), self.py(y), size=size, **self._mstyle(style))
            )
        points = [(float(x), float(y)) for x, y in zip(xs, ys, strict=True)]
        sample = self._marker(14, 0, size=10, **self._mstyle(style))
        self._keep(label, points, sample)

    def note(
        self, x: float, y: float, text: str, *, color: str = "#000", dx: float = 8, dy: float = -8
    ) -> None:
        """Words beside the point (x, y), ``dx``/``dy`` pixels away (up is negative).

        Placed when the SVG is written (:meth:`_place_note`): inside the plot,
        clear of the legend and of the other notes.
        """
        self.notes.append(text)
        self._notes.append((float(x), float(y), text, color, float(dx), float(dy)))

    def _place_note(
        self, x: float, y: float, text: str, dx: float, dy: float, taken: list[Box]
    ) -> tuple[float, float, float]:
        """Where a note's words go: (left, baseline, font size), inside the plot and clear of
        ``taken``. Tried in turn: where asked, the other side of the point, above and below
        it, then down the plot's height; a point off the plot counts from the nearest edge."""
        size = text_size(13)
        x0, x1 = self.left + 4, WIDTH - self.right - 4
        y0, y1 = self.top + 4, HEIGHT - self.bottom - 4
        size = fitted(text, size, x1 - x0)
        width = text_width(text, size)
        px = min(max(self.px(x), x0), x1)
        py = min(max(self.py(y), y0), y1)

        def box(left: float, base: float) -> Box:
            left = min(max(left, x0), x1 - width)
            base = min(max(base, y0 + size), y1 - size * 0.25)
            return Box(left, base - size, left + width, base + size * 0.25)

        sides = [px + dx, px - abs(dx) - width]
        heights = [py + dy, py - 6, py + size + 6]  # where asked, just above, just below
        heights += [y0 + size + k * size * 1.3 for k in range(int((y1 - y0) / (size * 1.3)))]
        for base in heights:
            for left in sides:
                candidate = box(left, base)
                if not any(candidate.meets(other) for other in taken):
                    taken.append(candidate)
                    return candidate.left, candidate.bottom - size * 0.25, size
        candidate = box(sides[0], heights[0])
        taken.append(candidate)
        return candidate.left, candidate.bottom - size * 0.25, size

    # ------------------------------------------------------------ output

    def svg(self, legend: str = "upper left") -> str:
        """The whole chart as one ``<svg>`` element (scales to its box's width)."""
        x0, x1 = self.px(self.x[0]), self.px(self.x[1])
        y0, y1 = self.py(self.y[0]), self.py(self.y[1])
        small, label = text_size(12), text_size(14)
        name = f"{self.title}. {self.description}" if self.description else self.title
        parts = [
            f'<svg class="pnb-chart" xmlns="http://www.w3.org/2000/svg" role="img" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" '
            f'font-family="DejaVu Sans, Arial, sans-serif" aria-label="{escape(name)}">',
            f"<title>{escape(self.title)}</title><desc>{escape(self.description)}</desc>",
            f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>',
        ]
        for tick in self.xticks:
            x = self.px(tick)
            parts.append(
                f'<line x1="{x:.1f}" y1="{y1:.1f}" x2="{x:.1f}" y2="{y0:.1f}" stroke="#ddd"/>'
                f'<text x="{x:.1f}" y="{y0 + 4 + small:.1f}" text-anchor="middle" '
                f'font-size="{small:g}">{escape(self.xformat(tick))}</text>'
            )
        for tick in nice_ticks(*self.y):
            y = self.py(tick)
            parts.append(
                f'<line x1="{x0:.1f}" y1="{y:.1f}" x2="{x1:.1f}" y2="{y:.1f}" stroke="#ddd"/>'
                f'<text x="{x0 - 6:.1f}" y="{y + 4:.1f}" text-anchor="end" '
                f'font-size="{small:g}">{escape(self.yformat(tick))}</text>'
            )
        parts += self.items
        title = fitted(self.title, text_size(16), WIDTH - 8)
        xlabel = fitted(self.xlabel, label, WIDTH - 8)
        ylabel = fitted(self.ylabel, label, y0 - y1)
        parts.append(
            f'<rect x="{x0:.1f}" y="{y1:.1f}" width="{x1 - x0:.1f}" height="{y0 - y1:.1f}" '
            'fill="none" stroke="#000"/>'
            f'<text x="{WIDTH / 2:.1f}" y="{6 + text_size(16) * 0.95:.1f}" text-anchor="middle" '
            f'font-size="{title:g}">{escape(self.title)}</text>'
            f'<text x="{(x0 + x1) / 2:.1f}" y="{HEIGHT - 10}" text-anchor="middle" '
            f'font-size="{xlabel:g}">{escape(self.xlabel)}</text>'
            f'<text transform="translate({label * 1.05:.1f} {(y0 + y1) / 2:.1f}) rotate(-90)" '
            f'text-anchor="middle" font-size="{ylabel:g}">{escape(self.ylabel)}</text>'
        )
        legend_svg, legend_box = self._legend(legend, x0, x1, y0, y1)
        taken = [legend_box] if legend_box is not None else []
        for x, y, words, color, dx, dy in self._notes:
            left, base, size = self._place_note(x, y, words, dx, dy, taken)
            parts.append(
                f'<text x="{left:.1f}" y="{base:.1f}" fill="{color}" '
                f'font-size="{size:g}">{escape(words)}</text>'
            )
        parts.append(legend_svg)
        parts.append("</svg>")
        return "".join(parts)

    # ------------------------------------------------------------ helpers

    def _legend(
        self, where: str, x0: float, x1: float, y0: float, y1: float
    ) -> tuple[str, Box | None]:
        """The legend's SVG and the box it covers (None when there is no legend)."""
        if not self.legend_entries:
            return "", None
        size = text_size(12)
        longest = max(text_width(label, 1) for label, _ in self.legend_entries)
        size = min(size, (x1 - x0 - 16 - 54) / longest)  # the legend fits inside the plot
        row = size * 1.6
        width = 54 + longest * size
        height = row * len(self.legend_entries) + 8
        left = x0 + 8 if "left" in where else x1 - 8 - width
        top = y1 + 8 if "upper" in where else y0 - 8 - height
        parts = [
            f'<g class="pnb-legend" transform="translate({left:.1f} {top:.1f})">'
            f'<rect width="{width:.1f}" height="{height:.1f}" fill="#fff" fill-opacity="0.85" '
            'stroke="#ccc" rx="4"/>'
        ]
        for i, (label, sample) in enumerate(self.legend_entries):
            y = 4 + row * (i + 0.5)
            parts.append(
                f'<g transform="translate(8 {y:.1f})">{sample}</g>'
                f'<text x="44" y="{y + size * 0.35:.1f}" font-size="{size:g}">'
                f"{escape(label)}</text>"
            )
        parts.append("</g>")
        return "".join(parts), Box(left, top, left + width, top + height)

    @staticmethod
    def _stroke(color: str, style: str, width: float) -> str:
        dash = DASHES[style]
        return f'stroke="{color}" stroke-width="{width:g}"' + (
            f' stroke-dasharray="{dash}"' if dash else ""
        )

    @staticmethod
    def _mstyle(style: dict) -> dict:
        return {
            "marker": style.get("marker", "o"),
            "color": style["color"],
            "filled": style.get("filled", True),
            "opacity": style.get("opacity", 1),
        }

    @staticmethod
    def _marker(
        x: float, y: float, marker: str, size: float, color: str, filled: bool, opacity: float
    ) -> str:
        r = size / 2
        paint = (
            f'fill="{color}" fill-opacity="{opacity:g}"'
            if filled
            else f'fill="none" stroke="{color}" stroke-width="2.5"'
        )
        if marker == "o":
            return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" {paint}/>'
        if marker == "s":
            return (
                f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{size:.1f}" '
                f'height="{size:.1f}" {paint}/>'
            )
        if marker == "x":
            return (
                f'<path d="M{x - r:.1f} {y - r:.1f}L{x + r:.1f} {y + r:.1f}M{x - r:.1f} {y + r:.1f}'
                f'L{x + r:.1f} {y - r:.1f}" stroke="{color}" stroke-width="2" fill="none"/>'
            )
        corners = {
            "^": [(0, -r * 1.15), (r, r * 0.85), (-r, r * 0.85)],
            "D": [(0, -r * 1.2), (r, 0), (0, r * 1.2), (-r, 0)],
        }[marker]
        points = " ".join(f"{x + dx:.1f},{y + dy:.1f}" for dx, dy in corners)
        return f'<polygon points="{points}" {paint}/>'
