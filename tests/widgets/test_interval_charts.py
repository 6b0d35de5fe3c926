"""Lessons 8 and 9 draw their interval charts as SVG: the same numbers and words as matplotlib.

Each chart's description is the matplotlib figure's (:mod:`prohis_nb.plots`,
:mod:`prohis_nb.classroom.plots`), and each dot stands where its value puts
it: the dots' positions are one straight-line map of the values (checked
from the numbers of the results, not from the chart's own arithmetic).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from prohis_nb.widgets import charts

plt = pytest.importorskip("matplotlib.pyplot")
ROOT = Path(__file__).resolve().parents[2]


def name_of(svg: str) -> str:
    return html.unescape(re.search(r'aria-label="([^"]*)"', svg).group(1))


def dots(svg: str) -> list[tuple[float, str]]:
    """(x, fill) of every estimate's dot, top row first."""
    found = re.findall(r'<circle class="pnb-estimate" cx="([\d.]+)" cy="[\d.]+" r="[\d.]+" '
                       r'fill="([^"]+)"', svg)  # fmt: skip
    return [(float(x), fill) for x, fill in found]


def assert_one_straight_line(xs: list[float], values: list[float]) -> None:
    slope = (xs[-1] - xs[0]) / (values[-1] - values[0])
    assert slope > 0
    for x, v in zip(xs, values, strict=True):
        assert x == pytest.approx(xs[0] + slope * (v - values[0]), abs=0.15)


@pytest.fixture(scope="module")
def result():
    from prohis_nb.lesson_tournament import lesson_tournament

    return lesson_tournament()


def test_tournament_scores(result):
    from prohis_nb import plots

    svg = charts.tournament_scores(result)
    fig, _ = plots.tournament_scores(result)
    assert name_of(svg).endswith(plots.description(fig))
    plt.close(fig)
    best_first = sorted(result.by_bot.values(), key=lambda s: -s.mean_score)
    assert_one_straight_line([x for x, _ in dots(svg)], [s.mean_score for s in best_first])


def test_paired_differences_fill_the_real_ones(result):
    from prohis_nb import plots

    comparisons = result.comparisons()
    svg = charts.paired_differences(comparisons)
    fig, _ = plots.paired_differences(comparisons)
    assert name_of(svg).endswith(plots.description(fig))
    plt.close(fig)
    drawn = dots(svg)
    assert [fill != "#fff" for _, fill in drawn] == [bool(c.real) for c in comparisons]
    assert_one_straight_line([x for x, _ in drawn], [c.mean for c in comparisons])


@pytest.mark.parametrize("game", ["prohis", "smuggle"])
def test_class_against_the_theory(game):
    from prohis_nb.classroom import load_class
    from prohis_nb.classroom.plots import class_vs_theory
    from prohis_nb.plots import description

    table = load_class(ROOT / "notebooks" / "class_records").table(game)
    svg = charts.class_vs_theory(table)
    fig, _ = class_vs_theory(table)
    assert name_of(svg).endswith(description(fig))
    plt.close(fig)
    rates = [row.rate for row in table if row.rate is not None]
    assert_one_straight_line([x for x, _ in dots(svg)], rates)
    for row in table:
        if row.rate is not None:
            assert html.escape(row.description) in svg
