"""Large print for a projector: widgets and figures grow, and come back when it is off.

The CSS is read back as text (selector -> font size); figure fonts are read
from every text artist of the figure. Nothing is compared with the module's
own constants except through what is drawn.
"""

from __future__ import annotations

import re

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest
from helpers.widgets import stacked

from prohis_nb import ProhisRules, RulesError, plots
from prohis_nb.widgets import Explorer, Play, Stepper, Table, large_print
from prohis_nb.widgets.render.base import CSS, LARGE_CSS

R3 = ProhisRules(players=3)
CI = ["captain", "inspector"]


@pytest.fixture(autouse=True)
def normal_print_after():
    large_print(False)
    yield
    large_print(False)


def font_sizes(css: str) -> dict[str, float]:
    """Every selector of ``css`` with a font-size, and that size in px."""
    found = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", css.replace("<style>", "")):
        size = re.search(r"font-size:\s*([\d.]+)px", body)
        if size:
            for selector in selectors.split(","):
                found[" ".join(selector.split())] = float(size.group(1))
    return found


def root_classes(html: str) -> set[str]:
    """The classes of the table's root element (the div with data-viewer)."""
    match = re.search(r"<div class='([^']*)' data-viewer=", html)
    assert match, "no table root in the HTML"
    return set(match.group(1).split())


def test_the_large_rules_are_larger_than_the_normal_ones():
    sizes = font_sizes(CSS + LARGE_CSS)
    for normal, large in [
        (".pnb-table", ".pnb-large .pnb-table"),
        (".pnb-title h3", ".pnb-large .pnb-title h3"),
        (".pnb-log", ".pnb-large .pnb-log"),
        (".pnb-badge", ".pnb-large .pnb-badge"),
    ]:
        assert sizes[large] >= 1.4 * sizes[normal], (normal, large)
    assert ".pnb-large .widget-button" in sizes  # ipywidgets' buttons grow too
    assert re.search(r"\.pnb-large \.pnb-card\{zoom:1\.5\}", LARGE_CSS)  # and the cards
    assert ".pnb-large" not in CSS  # normal print carries none of it


def test_a_table_is_drawn_large_and_restored_exactly():
    game = stacked(R3, [["legal"] * 4 + CI, ["illegal"] * 2 + ["legal"] * 2 + CI, ["legal"] * 6])
    table = Table(game, seat=0)
    normal = table.html
    assert "pnb-large" not in root_classes(normal)
    assert "pnb-large" not in table._dom_classes
    assert large_print(True) is False  # returns the previous setting
    table.refresh()
    assert "pnb-large" in root_classes(table.html) and "pnb-large" in table._dom_classes
    assert LARGE_CSS in table.html
    assert table.html.replace(" pnb-large", "").replace(LARGE_CSS, "") == normal
    assert large_print(False) is True
    table.refresh()
    assert table.html == normal and "pnb-large" not in table._dom_classes


def test_play_its_buttons_and_its_messages_follow_the_switch():
    large_print(True)
    play = Play(seat=0, seed=3, delay=0)
    for part in (play, play.table, play.panel):
        assert "pnb-large" in part._dom_classes
    play.act({"seat": 0, "act": "turn", "position": 99})  # refused: a message
    assert "pnb-error pnb-large" in play.message.value
    large_print(False)
    play.act(play.game.legal_actions()[0])
    for part in (play, play.table, play.panel):
        assert "pnb-large" not in part._dom_classes
    assert "pnb-large" not in play.table.html


def test_the_stepper_and_the_explorer_follow_the_switch():
    large_print(True)
    stepper = Stepper(Play(seat=0, seed=3, delay=0).game)
    explorer = Explorer(card="captain", convoy_size=3)
    assert "pnb-large" in stepper._dom_classes and "pnb-large" in explorer._dom_classes
    large_print(False)
    stepper.first()
    explorer.update()
    assert "pnb-large" not in stepper._dom_classes
    assert "pnb-large" not in explorer._dom_classes


def text_sizes(fig) -> tuple[list[float], set[float]]:
    """The font sizes drawn: every text but tick labels, in order; the tick labels' sizes.

    Tick labels are kept apart: matplotlib places fewer ticks when their
    labels are larger, so only their sizes, not their number, can be compared.
    """
    fig.canvas.draw()
    ticks = {
        id(label)
        for ax in fig.axes
        for axis in (ax.xaxis, ax.yaxis)
        for label in axis.get_ticklabels(which="both")
    }
    texts = [t for t in fig.findobj(matplotlib.text.Text) if t.get_text() and t.get_visible()]
    return (
        [t.get_fontsize() for t in texts if id(t) not in ticks],
        {t.get_fontsize() for t in texts if id(t) in ticks},
    )


@pytest.mark.parametrize(
    "draw",
    [
        lambda: plots.catch_heatmap(4, "captain"),
        lambda: plots.bribe_vs_inspection({"legal": 30, "illegal": 15, "lieutenant": 4}),
        lambda: plots.declare_vs_lie(["wine", "wine", "watch"], search_rate=0.3),
        lambda: plots.score_distribution({"a": [1, 2, 3], "b": [2, 3, 4]}),
    ],
    ids=["heatmap", "bribe", "declare", "scores"],
)
def test_figure_text_grows_by_the_scale_and_comes_back(draw):
    rc_before = dict(plt.rcParams)
    interactive = matplotlib.is_interactive()
    fig, _ax = draw()
    normal = text_sizes(fig)
    plt.close(fig)
    large_print(True)
    fig, ax = draw()
    large = text_sizes(fig)
    plt.close(fig)
    assert len(large[0]) == len(normal[0]) >= 3 and normal[1]
    assert large[0] == pytest.approx([1.5 * size for size in normal[0]])
    assert large[1] == {1.5 * size for size in normal[1]}
    assert ax.title.get_fontsize() >= 24  # a 16-point title becomes 24 points
    large_print(False)
    fig, _ax = draw()
    assert text_sizes(fig) == normal
    plt.close(fig)
    assert dict(plt.rcParams) == rc_before  # matplotlib's own settings are never changed
    assert matplotlib.is_interactive() == interactive


def test_a_bad_setting_is_refused_and_changes_nothing():
    large_print(True)
    with pytest.raises(RulesError, match="True or False"):
        large_print("yes")  # type: ignore[arg-type]
    assert plots.font_size(10) == 15
    large_print(False)
    assert plots.font_size(10) == 10
