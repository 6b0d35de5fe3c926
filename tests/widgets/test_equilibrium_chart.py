"""Lesson 7's picture of the equilibria, drawn as SVG, holds the matplotlib figure's lines.

Every labelled line of the SVG chart has the points of the matplotlib line
of the same name (:func:`prohis_nb.plots.equilibrium_vs`, read back from its
axes), its bands lie between its low and high lines, and the words are the
figure's; the bands themselves are checked against the exact set of
equilibria at one point of the grid.
"""

from __future__ import annotations

import html
import re

import pytest

from prohis_nb.analysis.equilibrium import ConvoyGame
from prohis_nb.analysis.equilibrium_sets import equilibrium_set
from prohis_nb.widgets import charts

plt = pytest.importorskip("matplotlib.pyplot")
GAME = {"card": "captain", "size": 3, "illegal": 1, "bribe": ("legal",)}
GRID = [k / 20 for k in range(1, 20)]


def test_the_svg_lines_are_the_matplotlib_lines():
    from prohis_nb import plots

    chart = charts.equilibrium_vs("p_dirty", GRID, **GAME)
    fig, ax = plots.equilibrium_vs("p_dirty", GRID, **GAME)
    try:
        assert chart.description == plots.description(fig)
        drawn = {line.get_label(): line for line in ax.get_lines() if line.get_gid()}
        for label, points in chart.series.items():
            line = drawn[label]
            assert [x for x, _ in points] == pytest.approx(list(line.get_xdata()))
            assert [y for _, y in points] == pytest.approx(list(line.get_ydata()))
    finally:
        plt.close(fig)
    svg = chart.svg("upper right")
    assert html.unescape(re.search(r'aria-label="([^"]*)"', svg).group(1)).endswith(
        chart.description
    )
    assert svg.count("<polygon") == 2  # the bands of the two rates that are ranges


def test_at_one_point_the_inspection_band_is_the_exact_range():
    chart = charts.equilibrium_vs("p_dirty", GRID, **GAME)
    low = dict(chart.series["the controller inspects a convoy offered no bribe"])
    every = equilibrium_set(ConvoyGame(**GAME, p_dirty=0.5))
    assert low[0.5] == pytest.approx(float(every.inspect_range[0]))
