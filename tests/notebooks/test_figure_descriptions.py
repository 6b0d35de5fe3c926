"""Every figure a lesson shows says what it shows in words (WCAG 2.1, 1.1.1 non-text content).

* Each function of :mod:`prohis_nb.plots` gives its figure a description that
  carries the numbers drawn, read back here from the figure's own artists
  (the heights of the lines, the texts on the plot), not from the package.
* In IPython a described figure is shown as ``<img alt="…">`` HTML (JupyterLab
  gives a plain PNG output no text alternative), and its PNG output is the
  very same image, drawn once.
* The explorers' SVG charts carry their description as the accessible name.
"""

from __future__ import annotations

import base64
import html
import re

import matplotlib
import pytest

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

from prohis_nb import plots  # noqa: E402
from prohis_nb.text import money  # noqa: E402

UNSEEN = {"legal": 30, "illegal": 15, "lieutenant": 4}


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def test_the_bribe_plot_names_each_crossing_it_draws():
    fig, ax = plots.bribe_vs_inspection(UNSEEN, convoy_size=3)
    words = plots.description(fig)
    lines = [line for line in ax.get_lines() if len(line.get_ydata()) >= 2]
    flat = [line for line in lines if len(set(line.get_ydata())) == 1]
    assert len(flat) == 3  # one flat "inspect" line per card
    for line in flat:  # each flat line's height is written as a b*
        assert f"b* = {money(line.get_ydata()[0])}" in words


def test_the_heat_map_lists_every_square_it_colours():
    fig, ax = plots.catch_heatmap(4, "inspector")
    words = plots.description(fig)
    shown = [t.get_text() for t in ax.texts]  # the numbers written in the squares
    assert len(shown) == 15
    listed = re.findall(r"\d\.\d\d", words)
    assert sorted(listed) == sorted(shown)


def test_the_tournament_plots_name_every_bot_and_comparison():
    from prohis_nb.tournament import run_tournament

    result = run_tournament(["honest", "bluff", "random"], players=3, games=6, seed=2,
                            workers=1, progress=False)  # fmt: skip
    fig, ax = plots.tournament_scores(result)
    words = plots.description(fig)
    for label in (tick.get_text() for tick in ax.get_yticklabels()):
        assert label in words
    fig, ax = plots.paired_differences(result.comparisons())
    assert "minus" in plots.description(fig)


@pytest.mark.parametrize(
    "make",
    [
        lambda: plots.equilibrium_vs(
            "p_dirty", card="captain", size=3, illegal=1, bribe=("legal",)
        ),  # fmt: skip
        lambda: plots.declare_vs_lie(["watch", "wine", "luggage", "luggage"], search_rate=0.2),
        lambda: plots.customs_rates(),
        lambda: plots.declaration_search_rates(highlight=["watch"]),
        lambda: plots.score_distribution({"a": [1000, 2000], "b": [0, 500, 700]}),
    ],
    ids=[
        "equilibrium_vs",
        "declare_vs_lie",
        "customs_rates",
        "declaration_search_rates",
        "score_distribution",
    ],  # fmt: skip
)
def test_every_lesson_figure_is_described(make):
    fig, _ax = make()
    words = plots.description(fig)
    assert words and len(words) > 60 and "$" in words or "%" in words


def test_in_ipython_a_described_figure_is_an_img_with_its_description_as_alt():
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    try:
        fig, _ax = plots.catch_heatmap(3, "captain")
        data, _meta = shell.display_formatter.format(fig)
        page = data["text/html"]
        alt = html.unescape(re.search(r'alt="([^"]*)"', page).group(1))
        assert alt == plots.description(fig)
        inline = re.search(r"base64,([A-Za-z0-9+/=]+)", page).group(1)
        assert base64.b64decode(inline)[:8] == b"\x89PNG\r\n\x1a\n"
        png = data["image/png"]
        png = png if isinstance(png, bytes) else base64.b64decode(png)
        assert png == base64.b64decode(inline)  # one image, not two
        # a figure made elsewhere is shown as before: a PNG, no HTML
        other, ax = plt.subplots()
        ax.plot([0, 1], [0, 1])
        data, _meta = shell.display_formatter.format(other)
        assert "image/png" in data and "text/html" not in data
    finally:
        InteractiveShell.clear_instance()


def test_an_explorer_chart_carries_its_description_as_its_name():
    from prohis_nb.widgets import Explorer

    explorer = Explorer(card="captain", convoy_size=3, illegal=1, bribe_legal=1, unseen=UNSEEN)
    svg = explorer.image.value
    name = html.unescape(re.search(r'aria-label="([^"]*)"', svg).group(1))
    b_star = explorer.values["indifference_bribe"]
    assert f"b* = {money(b_star)}" in name and "<desc>" in svg and 'role="img"' in svg


def test_the_svg_heat_map_shows_and_says_what_the_matplotlib_one_does():
    from prohis_nb.widgets import charts

    for card in ("lieutenant", "captain", "inspector"):
        for size in (2, 3, 4):
            fig, ax = plots.catch_heatmap(size, card)
            svg = charts.catch_heatmap(size, card)
            name = html.unescape(re.search(r'aria-label="([^"]*)"', svg).group(1))
            assert name.endswith(plots.description(fig))
            written = re.findall(r">(\d\.\d\d)</text>", svg)
            assert sorted(written) == sorted(t.get_text() for t in ax.texts)
            plt.close(fig)
