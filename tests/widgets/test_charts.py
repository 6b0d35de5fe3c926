"""The explorers' SVG pictures show what the matplotlib figures of prohis_nb.plots show.

The explorers draw their picture as SVG (prohis_nb.widgets.charts) after
every move and keep matplotlib (prohis_nb.plots) for the downloads. These
tests read the matplotlib figure's own artists (lines, band, scatter points,
words) for the same settings and check that the chart on screen holds the
same numbers under the same labels; and that a picture updated by moves of
the sliders is exactly the one a freshly built explorer draws.
"""

from __future__ import annotations

import re
from html import escape

import pytest

pytest.importorskip("nashpy")
pytest.importorskip("matplotlib")

import matplotlib.pyplot as plt

from prohis_nb.widgets import CustomsExplorer, Explorer


def artists(fig):
    """label -> points of every labelled line, band and scatter of the figure's axes."""
    ax = fig.axes[0]
    found = {}
    for line in ax.get_lines():
        if not line.get_label().startswith("_"):
            found[line.get_label()] = ("line", list(line.get_xdata()), list(line.get_ydata()))
    for patch in ax.patches:
        if not patch.get_label().startswith("_"):
            x = patch.get_x()
            found[patch.get_label()] = ("band", [x, x + patch.get_width()], [])
    for collection in ax.collections:
        if not collection.get_label().startswith("_"):
            points = collection.get_offsets()
            found[collection.get_label()] = (
                "points",
                [float(p[0]) for p in points],
                [float(p[1]) for p in points],
            )
    return ax, found


def assert_same_picture(widget):
    """The chart on screen against the matplotlib figure of the same settings."""
    chart = widget.drawn_chart
    fig = widget.figure(*widget._drawn)
    try:
        ax, found = artists(fig)
        assert set(chart.series) == set(found), (set(chart.series), set(found))
        for label, (kind, xs, ys) in found.items():
            points = chart.series[label]
            if kind == "band":
                assert [p[0] for p in points] == pytest.approx(xs), label
            elif kind == "points":
                assert [p[0] for p in points] == pytest.approx(xs), label
                assert [p[1] for p in points] == pytest.approx(ys), label
            elif len(set(ys)) == 1 and len(set(xs)) > 1 and list(xs) == [0, 1]:  # axhline
                assert [p[1] for p in points] == pytest.approx([ys[0]] * len(points)), label
            elif len(set(xs)) == 1 and list(ys) == [0, 1]:  # axvline
                assert [p[0] for p in points] == pytest.approx([xs[0]] * len(points)), label
            else:
                assert [p[0] for p in points] == pytest.approx(xs), label
                assert [p[1] for p in points] == pytest.approx(ys), label
        assert chart.title == ax.get_title()
        assert chart.xlabel == ax.get_xlabel() and chart.ylabel == ax.get_ylabel()
        assert chart.notes == [text.get_text() for text in ax.texts]
    finally:
        plt.close(fig)
    svg = widget.image.value
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    for label in found:  # every legend entry is written in the picture
        assert f">{escape(label)}</text>" in svg


SETTINGS = [
    {"card": "captain", "convoy_size": 3, "illegal": 1, "bribe_legal": 1},
    {"card": "inspector", "convoy_size": 4, "illegal": 2, "bribe_legal": 2},
    {"card": "lieutenant", "convoy_size": 2, "illegal": 0, "bribe_legal": 0},
    {"card": "captain", "convoy_size": 3, "bribe_legal": 6, "bribe_illegal": 4},
    {"card": "captain", "convoy_size": 3, "unseen": {"legal": 3, "inspector": 2}},
]


@pytest.mark.parametrize("settings", SETTINGS)
def test_the_explorer_chart_shows_the_plots_figure(settings):
    assert_same_picture(Explorer(**settings))


def test_the_b_star_label_and_the_bribe_line_follow_the_sliders():
    explorer = Explorer(card="captain", convoy_size=3, illegal=1, bribe_legal=1)
    b_star = float(explorer.values["indifference_bribe"])
    assert explorer.drawn_chart.notes == [f"b* = ${b_star:,.0f}"]
    explorer.bribe_legal.value = 3
    line = explorer.drawn_chart.series["the bribe on offer ($3,000)"]
    assert {x for x, _ in line} == {3000.0}
    assert "the bribe on offer ($3,000)" in explorer.image.value
    assert_same_picture(explorer)


def test_moved_sliders_draw_what_a_fresh_explorer_draws():
    explorer = Explorer(card="captain", convoy_size=3, illegal=1, bribe_legal=1)
    first = explorer.image.value
    explorer.size.value = 4
    explorer.bribe_illegal.value = 2
    explorer.pool["captain"].value = 3
    explorer.pool["legal"].value = 12
    explorer.card.value = "inspector"
    assert explorer.image.value != first
    fresh = Explorer(
        card="inspector",
        convoy_size=4,
        illegal=1,
        bribe_legal=1,
        bribe_illegal=2,
        unseen={"legal": 12, "illegal": 15, "lieutenant": 4, "captain": 3},
    )
    assert explorer.image.value == fresh.image.value
    assert explorer.sentences == fresh.sentences
    assert_same_picture(explorer)
    explorer.pool["legal"].value = 0  # refused: no picture ...
    explorer.pool["illegal"].value = 0
    explorer.pool["lieutenant"].value = 0
    explorer.pool["captain"].value = 0
    assert explorer.image.value == "" and explorer.drawn_chart is None
    for kind, value in {"legal": 12, "illegal": 15, "lieutenant": 4, "captain": 3}.items():
        explorer.pool[kind].value = value  # ... and back: the same picture again
    assert explorer.image.value == fresh.image.value


@pytest.mark.parametrize(
    "settings",
    [
        {"item": "watch", "count": 1, "search": 0.2},
        {"item": "crown", "count": 1, "search": 0.9, "inform": 0.3},
        {"item": "wine", "count": 4, "search": 0.0},
        {"item": "watch", "count": 2, "search": 0.5, "picture": "heard"},
        {"item": "camera", "count": 1, "search": 0.5, "picture": "heard"},
    ],
)
def test_the_customs_chart_shows_the_plots_figure(settings):
    assert_same_picture(CustomsExplorer(**settings))


def test_the_customs_picture_follows_its_sliders_as_a_fresh_one_would():
    explorer = CustomsExplorer(item="watch", count=1, search=0.2)
    explorer.search.value = 0.55
    explorer.inform.value = 0.1
    explorer.count.value = 3
    fresh = CustomsExplorer(item="watch", count=3, search=0.55, inform=0.1)
    assert explorer.image.value == fresh.image.value
    assert "the Officer searches 55%" in explorer.image.value
    assert_same_picture(explorer)
    explorer.picture.value = "heard"
    assert (
        explorer.image.value
        == CustomsExplorer(
            item="watch", count=3, search=0.55, inform=0.1, picture="heard"
        ).image.value
    )
    assert re.search(r">declared: 3 watches</text>", explorer.image.value)
