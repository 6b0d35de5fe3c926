"""Lesson 10's item-by-item chart, drawn as SVG, shows what the matplotlib figure shows.

Each bar's height is checked against the declare-or-lie formulas worked out
by hand from the board (s* = d / (f + C), q* = C / (f + C)), and its words
against :func:`prohis_nb.plots.customs_rates`'s description.
"""

from __future__ import annotations

import html
import re

import pytest

from prohis_nb.smuggle.board import DUTIABLE, Board
from prohis_nb.widgets import charts


def bars(svg: str) -> list[tuple[float, float, str]]:
    """(top, height, fill) of every bar, left to right."""
    found = re.findall(
        r'<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)" fill="([^"]+)"', svg
    )
    return [(float(y), float(h), fill) for y, h, fill in found]


def test_each_bar_is_the_rate_worked_out_from_the_board():
    board = Board()
    svg = charts.customs_rates(board)
    drawn = bars(svg)
    bottom = max(y + h for y, h, _ in drawn)  # the bars stand on the axis, the legend's do not
    items = [b for b in drawn if b[0] + b[1] == pytest.approx(bottom)]
    assert len(items) == 2 * len(DUTIABLE)
    tops = re.findall(r'<line x1="[\d.]+" x2="[\d.]+" y1="([\d.]+)"', svg)
    full = bottom - min(float(y) for y in tops)  # the axis: from 0% up to 100%
    for i, kind in enumerate(DUTIABLE):
        d, f, c = board.duty[kind], board.fine[kind], board.compensation
        searched, lied = items[2 * i], items[2 * i + 1]
        assert searched[1] / full == pytest.approx(d / (f + c), abs=1e-3), kind
        assert lied[1] / full == pytest.approx(c / (f + c), abs=1e-3), kind
        assert kind.capitalize() in svg


def test_the_chart_says_what_the_matplotlib_figure_says():
    plt = pytest.importorskip("matplotlib.pyplot")
    from prohis_nb import plots

    fig, _ax = plots.customs_rates()
    try:
        svg = charts.customs_rates()
        name = html.unescape(re.search(r'aria-label="([^"]*)"', svg).group(1))
        assert name.endswith(plots.description(fig))
        assert 'role="img"' in svg and "<desc>" in svg and 'class="pnb-chart' in svg
    finally:
        plt.close(fig)
