"""Plots draw what the analysis computes, with labelled axes, and return (figure, axes)."""

import matplotlib

matplotlib.use("Agg")

import pytest

from prohis_nb import plots
from prohis_nb.analysis import catch_probability, controller_values, convoy_belief

UNSEEN = {"legal": 30, "illegal": 15, "lieutenant": 4}


def test_bribe_vs_inspection_marks_each_indifference_bribe():
    fig, ax = plots.bribe_vs_inspection(UNSEEN, convoy_size=3)
    belief = convoy_belief(UNSEEN, 3)
    expected = {round(float(controller_values(belief, c)["inspect"]), 6) for c in plots.RANK_CARDS}
    marked = {
        round(float(line.get_xdata()[0]), 6) for line in ax.lines if len(line.get_xdata()) == 1
    }
    assert expected <= marked
    assert "bribe value" in ax.get_xlabel() and "gain" in ax.get_ylabel()
    assert len(ax.get_legend().get_texts()) == 4


@pytest.mark.parametrize("card", plots.RANK_CARDS)
def test_catch_heatmap_shows_the_exact_probabilities(card):
    fig, ax = plots.catch_heatmap(4, card)
    data = ax.images[0].get_array()
    assert data[1, 0] == pytest.approx(float(catch_probability(4, 1, 0, card)))
    assert data[2, 1] == pytest.approx(float(catch_probability(4, 2, 1, card)))
    assert "illegal" in ax.get_ylabel()


def test_equilibrium_vs_draws_the_range_of_equilibria_and_the_regime_boundary():
    """The lesson's game: inspecting a convoy without a bribe is an equilibrium at any rate in
    [37/72, 47/72] for p > 5/12 and in [0, 1/6] below (derived by hand in
    test_equilibrium_sets.test_the_lesson_game_by_hand); the grid holds p = 5/12 itself."""
    fig, ax = plots.equilibrium_vs("p_dirty", [0.2, 0.5, 0.8])
    lines = {line.get_gid(): line for line in ax.lines}
    assert "boundary:5/12" in lines
    xs = list(lines["no bribe:low"].get_xdata())
    assert 5 / 12 in xs and 0.5 in xs and 0.2 in xs
    low, high = lines["no bribe:low"].get_ydata(), lines["no bribe:high"].get_ydata()
    assert (low[xs.index(0.5)], high[xs.index(0.5)]) == pytest.approx((37 / 72, 47 / 72))
    assert (low[xs.index(0.2)], high[xs.index(0.2)]) == pytest.approx((0, 1 / 6))
    assert len(ax.collections) >= 1  # the band
    for line in ax.lines:
        if not line.get_gid().startswith("boundary"):
            assert all(0 <= y <= 1 for y in line.get_ydata())
    assert "_" not in ax.get_xlabel() and "illegal goods" in ax.get_xlabel()
    assert len(ax.get_legend().get_texts()) == 3


def test_score_distribution_draws_one_histogram_per_label():
    fig, ax = plots.score_distribution({"random": [1000, 2000, 3000], "bluff": [5000, 7000]})
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["random", "bluff"]
    assert ax.get_xlabel() == "final score"


# ---------------------------------------------------------------- Smuggle


def test_declare_vs_lie_draws_the_two_values_and_marks_the_break_even_rate():
    from prohis_nb.analysis.smuggle import break_even_search_rate, declaration_value

    hand = ["watch", "wine", "luggage", "luggage"]
    fig, ax = plots.declare_vs_lie(hand, inform_rate=0.1, search_rate=0.2)
    truth, hide = ax.lines[0], ax.lines[1]
    for line, declared in ((truth, ["wine", "watch"]), (hide, [])):
        xs, ys = line.get_xdata(), line.get_ydata()
        for x, y in list(zip(xs, ys))[::25]:
            assert y == pytest.approx(float(declaration_value(hand, declared, x, 0.1)))
    even = float(break_even_search_rate(hand, 0.1))
    dots = [line for line in ax.lines if len(line.get_xdata()) == 1]
    assert [float(d.get_xdata()[0]) for d in dots] == pytest.approx([even])
    assert "search rate" in ax.get_xlabel()
    assert any("searches 20%" in t.get_text() for t in ax.get_legend().get_texts())


def test_customs_rates_shows_each_items_equilibrium():
    from prohis_nb.analysis.smuggle import item_game
    from prohis_nb.smuggle.board import DUTIABLE

    fig, ax = plots.customs_rates()
    bars = ax.patches
    assert len(bars) == 2 * len(DUTIABLE)
    searched = [b.get_height() for b in bars[: len(DUTIABLE)]]
    lied = [b.get_height() for b in bars[len(DUTIABLE) :]]
    assert searched == pytest.approx([float(item_game(k).search_rate) for k in DUTIABLE])
    assert lied == pytest.approx([float(item_game(k).lying_rate) for k in DUTIABLE])


def test_tournament_plots_draw_each_interval():
    from prohis_nb.tournament import run_tournament

    result = run_tournament(
        ["honest", "bluff", "random"], players=3, games=12, seed=2, workers=1, progress=False
    )
    fig, ax = plots.tournament_scores(result)
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert sorted(labels) == sorted(result.by_bot)
    dots = [bar.lines[0].get_xdata()[0] for bar in ax.containers]
    assert sorted(dots) == pytest.approx(sorted(s.mean_score for s in result.by_bot.values()))
    comparisons = result.comparisons()
    fig, ax = plots.paired_differences(comparisons)
    dots = [bar.lines[0].get_xdata()[0] for bar in ax.containers]
    assert dots == pytest.approx([c.mean for c in comparisons])
    assert "difference" in ax.get_xlabel()
