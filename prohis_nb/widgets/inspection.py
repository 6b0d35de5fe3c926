"""The inspection game's picture, for lesson 5: the inspectee's two choices against a rate.

The textbook inspection game (:func:`prohis_nb.analysis.equilibrium.inspection_game`)
has one picture that carries its whole lesson: what complying and cheating
are worth to the inspectee, as two straight lines against the inspector's
inspection rate. They cross at the rate that makes the inspectee
**indifferent**: the inspector's equilibrium mix. Below it cheating is the
inspectee's **best response**, above it complying is.

:func:`inspection_chart` draws it as SVG on a
:class:`~prohis_nb.widgets.svgchart.Chart` (a millisecond, so a slider can
move it: :func:`fine_explorer`), with its text alternative. The numbers come
from the game's payoff table, read at each rate; the crossing is
:func:`~prohis_nb.analysis.equilibrium.mixed_2x2`'s exact rate, and
``tests/widgets/test_inspection_chart.py`` checks that the lines meet there.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from prohis_nb.plots import LINE_STYLES, PALETTE
from prohis_nb.text import money, percent
from prohis_nb.widgets.svgchart import Chart, padded


class ShownChart:
    """A chart that shows itself in a notebook (``chart``: the drawing, for tests).

    Shown as an ``HTML`` widget holding the SVG (:func:`~prohis_nb.widgets.lesson.show_chart`):
    JupyterLab would typeset the dollar amounts of a rich HTML output as maths.
    """

    def __init__(self, chart: Chart) -> None:
        self.chart = chart

    def _repr_html_(self) -> str:
        return f"<div>{self.chart.svg('upper right')}</div>"

    def _ipython_display_(self) -> None:
        from IPython.display import display

        from prohis_nb.widgets.lesson import show_chart

        display(show_chart(self.chart, "upper right"))


def values_at(inspectee: list[list[float]], rate: float) -> tuple[float, float]:
    """What complying and cheating are worth to the inspectee if it is inspected at ``rate``."""
    comply = rate * inspectee[0][0] + (1 - rate) * inspectee[0][1]
    cheat = rate * inspectee[1][0] + (1 - rate) * inspectee[1][1]
    return comply, cheat


def inspection_chart(
    gain: float, fine: float, cost: float = 1_000, loss: float = 4_000, mark: bool = True
) -> ShownChart:
    """The inspectee's values of complying and cheating against the inspection rate.

    ``mark``: mark and name the crossing (the inspector's equilibrium rate).
    """
    from prohis_nb.analysis.equilibrium import inspection_game, mixed_2x2

    inspectee, inspector = inspection_game(gain=gain, fine=fine, cost=cost, loss=loss)
    rates = [i / 100 for i in range(101)]
    comply = [values_at(inspectee, r)[0] for r in rates]
    cheat = [values_at(inspectee, r)[1] for r in rates]
    chart = Chart(
        padded(0, 1),
        padded(min(comply + cheat), max(comply + cheat)),
        title=f"Comply or cheat? (gain {money(gain)}, fine {money(fine)})",
        xlabel="how often the inspector inspects",
        ylabel="the inspectee's expected money",
        xformat=lambda v: f"{v:.0%}",
        yformat=money,
    )
    chart.line(rates, comply, color=PALETTE[2], style=LINE_STYLES[0], width=2.5, label="comply")
    chart.line(rates, cheat, color=PALETTE[3], style=LINE_STYLES[1], width=2.5, label="cheat")
    words = (
        f"The inspectee's expected money against how often it is inspected: complying is "
        f"worth {money(comply[0])} at every rate; cheating goes from {money(cheat[0])} "
        f"(never inspected) to {money(cheat[-1])} (always inspected)."
    )
    if mark:
        _, rate = mixed_2x2(inspectee, inspector)
        value = float(values_at(inspectee, float(rate))[0])
        chart.mark(float(rate), value, color=PALETTE[7], size=12)
        chart.note(float(rate), value, f"indifferent: inspect {percent(rate, digits=1)}", dx=12)
        words += (
            f" The lines cross at an inspection rate of {percent(rate, digits=1)}: below it "
            "cheating is the better reply, above it complying is."
        )
    chart.description = words
    return ShownChart(chart)


def crossing(gain: float, fine: float, cost: float = 1_000, loss: float = 4_000) -> Fraction:
    """The inspection rate where the two lines of :func:`inspection_chart` cross."""
    from prohis_nb.analysis.equilibrium import inspection_game, mixed_2x2

    return mixed_2x2(*inspection_game(gain=gain, fine=fine, cost=cost, loss=loss))[1]


def fine_explorer(gain: float = 4_000, fine: float = 8_000) -> Any:
    """Sliders for the gain and the fine that redraw :func:`inspection_chart` at once.

    The chart sits in an ``HTML`` widget (JupyterLab typesets dollar signs in
    a rich HTML output as maths, never in a widget's value), beside the page
    helper that names the sliders for screen readers
    (:mod:`prohis_nb.widgets.pagehelp`).
    """
    import ipywidgets as widgets

    from prohis_nb.widgets.pagehelp import page_helper

    style = {"description_width": "initial"}
    layout = widgets.Layout(width="26em")
    gain_slider = widgets.IntSlider(
        value=int(gain), min=1_000, max=10_000, step=500, description="Gain if trusted",
        style=style, layout=layout,
    )  # fmt: skip
    fine_slider = widgets.IntSlider(
        value=int(fine), min=1_000, max=20_000, step=500, description="Fine if caught",
        style=style, layout=layout,
    )  # fmt: skip
    picture = widgets.HTML()

    def draw(_change: Any = None) -> None:
        shown = inspection_chart(gain_slider.value, fine_slider.value)
        picture.value = shown.chart.svg("upper right")

    draw()
    gain_slider.observe(draw, names="value")
    fine_slider.observe(draw, names="value")
    box = widgets.VBox([gain_slider, fine_slider, picture, page_helper()])
    box.add_class("pnb-inspection-explorer")
    return box
