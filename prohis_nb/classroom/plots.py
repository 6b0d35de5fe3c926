"""The class against the theory, drawn: each rate with its interval, the prediction beside it.

Made like every figure of :mod:`prohis_nb.plots` (a plain ``plt.subplots``
figure, the lesson fonts applied to each text, large print respected, the
Okabe-Ito palette), and like them it computes nothing: the rows come from
:meth:`~prohis_nb.classroom.ClassResults.table`.
"""

from __future__ import annotations

from typing import Any

from prohis_nb.plots import PALETTE, _figure, _style, describe
from prohis_nb.presenting import font_size
from prohis_nb.text import percent


def class_vs_theory(table: Any) -> tuple[Any, Any]:
    """One line per rate of ``table`` (a :class:`~prohis_nb.classroom.ClassTable`).

    A dot is the class's rate, its bar the confidence interval; the shaded
    band (or the diamond, for a single value) is the equilibrium prediction.
    Rates nothing was counted for are left out. Returns ``(figure, axes)``.
    """
    from matplotlib.ticker import PercentFormatter

    rows = [row for row in table if row.rate is not None][::-1]  # the first row on top
    if not rows:
        raise ValueError("the table has no rate to draw: no decision of this kind was counted")
    fig, ax = _figure(9, 1.4 + 0.55 * len(rows))
    band_label = diamond_label = class_label = None
    for y, row in enumerate(rows):
        if row.predicted_low is not None:
            if row.predicted_high - row.predicted_low > 1e-3:
                ax.fill_betweenx([y - 0.3, y + 0.3], row.predicted_low, row.predicted_high,
                                 color=PALETTE[1], alpha=0.45, lw=0, zorder=1,
                                 label=band_label)  # fmt: skip
                band_label = "_"
            else:
                ax.plot([row.predicted_low], [y], marker="D", ms=11, color=PALETTE[1], ls="",
                        mec=PALETTE[7], zorder=2, label=diamond_label)  # fmt: skip
                diamond_label = "_"
        ax.errorbar(row.rate, y, xerr=[[row.rate - row.low], [row.high - row.rate]], fmt="o",
                    capsize=5, ms=8, lw=2, color=PALETTE[0], zorder=3,
                    label=class_label)  # fmt: skip
        class_label = "_"
    # legend entries, once each (the "_" labels above are hidden)
    ax.errorbar(
        [],
        [],
        xerr=[],
        fmt="o",
        color=PALETTE[0],
        label=f"the class ({percent(table.confidence)} interval)",
    )
    ax.fill_betweenx([], [], [], color=PALETTE[1], alpha=0.45, label="equilibrium (range)")
    ax.plot([], [], marker="D", ms=11, color=PALETTE[1], ls="", mec=PALETTE[7],
            label="equilibrium (one value)")  # fmt: skip
    ax.set_yticks(range(len(rows)), [row.description for row in rows])
    ax.set_xlim(-0.02, 1.02)
    game = rows[0].game.capitalize()
    _style(ax, f"What our class did: {game} against the theory", "rate", "")
    ax.tick_params(axis="y", labelsize=font_size(11))
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.08 - 0.6 / len(rows)), ncol=3,
              fontsize=font_size(12), frameon=False)  # fmt: skip
    said = "; ".join(
        f"{row.description}: {percent(row.rate)} ({percent(row.low)} to {percent(row.high)})"
        + _theory(row)
        for row in rows[::-1]
    )
    interval = percent(table.confidence)
    describe(fig, f"{game}, what our class did, each rate with its {interval} interval: {said}.")
    return fig, ax


def _theory(row: Any) -> str:
    """The prediction beside a row, in words ("" when the model says nothing)."""
    if row.predicted_low is None:
        return ", no prediction"
    if row.predicted_high - row.predicted_low > 1e-3:
        return f", equilibrium {percent(row.predicted_low)} to {percent(row.predicted_high)}"
    return f", equilibrium {percent(row.predicted_low)}"
