"""Figures for the lessons (matplotlib), readable on a projector.

Every function computes nothing itself: the numbers come from
:mod:`prohis_nb.analysis` (or from simulation results passed in), and each
returns ``(figure, axes)`` so a lesson can add to it. Axes are labelled in
dollars or probabilities; fonts are large; colours come from the Okabe-Ito
palette, which stays distinct for colour-blind readers, and lines also differ
by style and marker.

For a projector, ``large_print(True)`` (:mod:`prohis_nb.presenting`) makes
every text of the figures made afterwards :data:`~prohis_nb.presenting.SCALE`
times larger: the sizes are read when a figure is drawn (:func:`_style`,
:func:`_legend` and each label), never through matplotlib's global settings.

**Every figure says what it shows in words** (:func:`description`), for a
learner who cannot see it (WCAG 2.1, success criterion 1.1.1): the numbers
drawn, written out. In a notebook the figure is shown as an ``<img>`` whose
``alt`` text is that description (:func:`show_with_description`; JupyterLab
gives a plain PNG output no text alternative at all).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from prohis_nb.analysis import catch_probability, controller_values, convoy_belief, score_history
from prohis_nb.extras import require
from prohis_nb.presenting import font_size
from prohis_nb.presenting import large_print as large_print  # plots.large_print(True)
from prohis_nb.text import money

require("prohis_nb.plots", "matplotlib", "numpy")  # the 'analysis' extra, named if missing

#: Okabe-Ito colour-blind-safe palette.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000")
LINE_STYLES = ("-", "--", "-.", ":")
MARKERS = ("o", "s", "^", "D")
RANK_CARDS = ("lieutenant", "captain", "inspector")
FONT = {"font.size": 14, "axes.titlesize": 16, "axes.labelsize": 14, "legend.fontsize": 12}


def describe(fig: Any, text: str) -> Any:
    """Give ``fig`` its text alternative: what it shows, in words; returns ``fig``."""
    fig.pnb_description = " ".join(text.split())
    return fig


def description(fig: Any) -> str | None:
    """The words :func:`describe` gave ``fig`` (None for a figure made elsewhere)."""
    return getattr(fig, "pnb_description", None)


def _figure_html(fig: Any) -> str | None:
    """A described figure as ``<img alt=…>`` HTML for the notebook (None: not described).

    The PNG is made by the printer the notebook's inline backend set up (its
    resolution and tight box), once: :func:`_figure_png` hands the same bytes
    to the notebook's ``image/png`` output that follows.
    """
    from html import escape

    words = description(fig)
    if words is None or _PNG_PRINTER is None:
        return None
    data = _PNG_PRINTER(fig)
    if isinstance(data, bytes):
        import base64

        data = base64.b64encode(data).decode("ascii")
    fig._pnb_png = data
    return f'<img src="data:image/png;base64,{data}" alt="{escape(words)}" style="max-width:100%">'


def _figure_png(fig: Any) -> Any:
    """The ``image/png`` output: the PNG just made for the HTML, or a new one."""
    made = fig.__dict__.pop("_pnb_png", None)
    if made is not None:
        return made
    return _PNG_PRINTER(fig) if _PNG_PRINTER is not None else None


_PNG_PRINTER: Any = None


def show_with_description() -> bool:
    """In IPython, show every described figure as an ``<img>`` with its description as ``alt``.

    Registers an HTML formatter for matplotlib figures (a figure without a
    description is shown as before) and lets the PNG output reuse the image
    it made. Called when a figure is made; returns False outside IPython.
    """
    global _PNG_PRINTER
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - the notebook extra installs IPython
        return False
    shell = get_ipython()
    if shell is None:
        return False
    from matplotlib.figure import Figure

    formatters = shell.display_formatter.formatters
    png = formatters["image/png"]
    try:
        printer = png.lookup_by_type(Figure)
    except KeyError:
        printer = None
    if printer is not _figure_png:
        if printer is None:
            from functools import partial

            from IPython.core.pylabtools import print_figure

            printer = partial(print_figure, fmt="png", base64=True, bbox_inches="tight")
        _PNG_PRINTER = printer
        png.for_type(Figure, _figure_png)
    formatters["text/html"].for_type(Figure, _figure_html)
    return True


def _figure(width: float = 8, height: float = 5, **kwargs: Any) -> tuple[Any, Any]:
    """A new figure and axes, sized for a projector.

    The figure is made with plain ``plt.subplots``, never inside
    ``plt.rc_context``: the first figure of a Jupyter kernel loads the inline
    backend, which turns matplotlib's interactive mode on, and an ``rc_context``
    around that moment would restore ``interactive`` to off when it exits, so
    that no later figure of the kernel would be shown. The fonts of
    :data:`FONT` are applied to each text explicitly instead (:func:`_style`,
    :func:`_legend`), scaled by :func:`~prohis_nb.presenting.font_size` in large print.
    """
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(width, height), **kwargs)
    show_with_description()  # after the figure: the inline backend has set up its printer
    return fig, ax


def _style(ax: Any, title: str, xlabel: str, ylabel: str) -> None:
    """Title, axis labels, tick labels and a light grid, in the lesson's font sizes."""
    ax.set_title(title, fontsize=font_size(FONT["axes.titlesize"]))
    ax.set_xlabel(xlabel, fontsize=font_size(FONT["axes.labelsize"]))
    ax.set_ylabel(ylabel, fontsize=font_size(FONT["axes.labelsize"]))
    ax.tick_params(labelsize=font_size(12))
    ax.grid(True, alpha=0.3)


def _legend(ax: Any, loc: str = "best") -> Any:
    """The axes' legend in the lesson's legend font size."""
    return ax.legend(loc=loc, fontsize=font_size(FONT["legend.fontsize"]))


def _dollars(ax: Any, axis: str = "y") -> None:
    from matplotlib.ticker import FuncFormatter

    formatter = FuncFormatter(lambda value, _: money(value))
    (ax.yaxis if axis == "y" else ax.xaxis).set_major_formatter(formatter)


def bribe_vs_inspection(
    unseen: Mapping[str, int],
    convoy_size: int = 3,
    max_bribe: int = 12_000,
    cards: Sequence[str] = RANK_CARDS,
    waiver_keeps_card: bool = False,
) -> tuple[Any, Any]:
    """The controller's choice: expected value of inspecting against the bribe's value.

    For each controller card, the value of accepting a bribe worth ``b`` is the
    diagonal ``b``; inspecting is a flat line at its expected value (from the
    hypergeometric belief over ``unseen``); the indifference bribe is where
    they cross, marked with a dot. The dotted line is the value of waiving.
    """
    belief = convoy_belief(unseen, convoy_size)
    fig, ax = _figure()
    ax.plot([0, max_bribe], [0, max_bribe], color=PALETTE[7], lw=2, label="accept a bribe worth b")
    crossings = []
    for i, card in enumerate(cards):
        values = controller_values(belief, card, waiver_keeps_card=waiver_keeps_card)
        inspect = float(values["inspect"])
        crossings.append(
            f"with {'an' if card[0] in 'aeiou' else 'a'} {card} at b* = {money(inspect)}"
        )
        colour = PALETTE[i]
        ax.axhline(
            inspect,
            color=colour,
            ls=LINE_STYLES[i + 1],
            lw=2,
            label=f"inspect with {'an' if card[0] in 'aeiou' else 'a'} {card}",
        )
        ax.plot([inspect], [inspect], marker=MARKERS[i], color=colour, ms=10)
        ax.annotate(
            f"b* = {money(inspect)}",
            (inspect, inspect),
            textcoords="offset points",
            xytext=(8, 8) if 0 < i == len(cards) - 1 else (8, -18),  # the top label above its line
            fontsize=font_size(12),
            color=colour,
        )
    waive = float(controller_values(belief, cards[0], waiver_keeps_card=waiver_keeps_card)["waive"])
    if len(cards) == 1:
        ax.axhline(waive, color=PALETTE[4], ls=":", lw=2, label="waive")
    _style(
        ax,
        f"Bribe or inspect? (a {convoy_size}-card convoy)",
        "bribe value b (dollars in the controller's warehouse)",
        "controller's expected gain",
    )
    _dollars(ax, "x")
    _dollars(ax, "y")
    _legend(ax, "upper left")
    describe(
        fig,
        f"Bribe or inspect, for a {convoy_size}-card convoy: the controller's expected gain "
        f"against the value b of a bribe, from $0 to {money(max_bribe)}. Accepting a bribe is "
        "worth b (the diagonal); inspecting is worth the same whatever the bribe (a flat "
        f"line), which crosses the diagonal {', '.join(crossings)}"
        + (f"; waiving is worth {money(waive)}." if len(cards) == 1 else "."),
    )
    return fig, ax


def catch_heatmap(convoy_size: int = 4, card: str = "captain") -> tuple[Any, Any]:
    """Probability of being caught for every (illegal, controller cards) mix of one convoy."""
    import numpy as np

    n = convoy_size
    grid = np.full((n + 1, n + 1), np.nan)
    for k in range(n + 1):
        for c in range(n + 1 - k):
            grid[k, c] = float(catch_probability(n, k, c, card))
    fig, ax = _figure(6.5, 5.5)
    image = ax.imshow(grid, origin="lower", cmap="cividis", vmin=0, vmax=1)
    for k in range(n + 1):
        for c in range(n + 1 - k):
            value = grid[k, c]
            ax.text(
                c,
                k,
                f"{value:.2f}",
                ha="center",
                va="center",
                fontsize=font_size(13),
                color="black" if value > 0.5 else "white",
            )
    ax.set_xticks(range(n + 1))
    ax.set_yticks(range(n + 1))
    _style(
        ax,
        f"P(caught): {'an' if card[0] in 'aeiou' else 'a'} {card} on {n} cards",
        "controller cards in the convoy (c)",
        "illegal cards in the convoy (k)",
    )
    ax.grid(False)
    colorbar = fig.colorbar(image, ax=ax)
    colorbar.set_label("probability of confiscation", fontsize=font_size(13))
    colorbar.ax.tick_params(labelsize=font_size(12))
    rows = "; ".join(
        f"{k} illegal: " + ", ".join(f"{grid[k, c]:.2f}" for c in range(n + 1 - k))
        for k in range(n + 1)
    )
    describe(
        fig,
        f"Heat map of the probability that {'an' if card[0] in 'aeiou' else 'a'} {card} "
        f"catches a {n}-card convoy, for k illegal cards (rows) and c controller cards "
        f"(columns, from 0), the rest legal. Row by row: {rows}.",
    )
    return fig, ax


#: Words for the convoy game's parameters, for axes.
PARAMETER_WORDS = {
    "p_dirty": "chance that the smuggler's hand holds illegal goods",
    "size": "cards in the convoy",
    "illegal": "illegal cards in a dirty convoy",
}


def equilibrium_rates(
    parameter: str = "p_dirty", values: Sequence[float] | None = None, **game: Any
) -> dict[str, Any]:
    """What :func:`equilibrium_vs` draws, as numbers (shared with its SVG twin).

    Returns ``{"xs", "order", "names", "rates", "boundaries", "words",
    "description"}``: the grid, the rates in drawing order with their names
    in words, each rate's ``(lowest, highest)`` at each point of the grid, the
    regime boundaries, the parameter in words, and the text alternative.
    """
    from fractions import Fraction

    from prohis_nb.analysis.equilibrium import ConvoyGame, exact_probability, solve_convoy_game
    from prohis_nb.analysis.equilibrium_sets import equilibrium_set, regime_boundaries

    zero_sum = game.get("zero_sum", True)
    boundaries: tuple[Fraction, ...] = ()
    if parameter == "p_dirty":
        grid = [Fraction(k, 50) for k in range(1, 50)] if values is None else values
        grid = [exact_probability(v) for v in grid]
        if zero_sum:
            lowest, highest = min(grid), max(grid)
            boundaries = tuple(
                b for b in regime_boundaries(ConvoyGame(**game)) if lowest < b < highest
            )
            step = Fraction(1, 10**6)
            grid = sorted(
                {*grid, *boundaries, *(b - step for b in boundaries)}
                | {b + step for b in boundaries}
            )
    elif values is None:
        raise ValueError(f"give the values of {parameter!r} to solve at")
    else:
        grid = list(values)

    names = {"bait": "a dirty hand sends an honest convoy (bait)"}
    rates: dict[str, list[tuple[float, float]]] = {"bait": []}
    for value in grid:
        g = ConvoyGame(**{**game, parameter: value})
        found: dict[str, tuple[Fraction | float, Fraction | float]]
        if zero_sum:
            every = equilibrium_set(g)
            found = {
                "bait": every.bait_range,
                **every.accept_ranges,
                "no bribe": every.inspect_range,
            }
        else:
            eq = solve_convoy_game(g)
            found = {
                "bait": (eq.dirty_hand_sends_honest,) * 2,
                **{k: (v, v) for k, v in eq.accept_rates.items()},
                "no bribe": (eq.inspect_rate,) * 2,
            }
        for key, (lo, hi) in found.items():
            rates.setdefault(key, []).append((float(lo), float(hi)))
    for key in rates:
        if key == "no bribe":
            names[key] = "the controller inspects a convoy offered no bribe"
        elif key != "bait":
            names[key] = (
                f"the controller accepts a {key}"
                if key != "bribe"
                else ("the controller accepts a bribe")
            )

    xs = [float(v) for v in grid]
    order = ["bait", *[k for k in rates if k not in ("bait", "no bribe")], "no bribe"]
    words = PARAMETER_WORDS.get(parameter, parameter.replace("_", " "))

    def _rate(pair: tuple[float, float]) -> str:
        low, high = pair
        return f"{low:.0%}" if abs(high - low) < 5e-3 else f"{low:.0%} to {high:.0%}"

    moves = "; ".join(
        f"{names[key][0].upper()}{names[key][1:]}: {_rate(rates[key][0])} at {xs[0]:.2f}, "
        f"{_rate(rates[key][-1])} at {xs[-1]:.2f}"
        for key in order
    )
    changes = ", ".join(f"{b.numerator}/{b.denominator}" for b in boundaries)
    description = (
        f"The convoy game's equilibrium rates as the {words} goes from {xs[0]:.2f} to "
        f"{xs[-1]:.2f} (a range where every rate in it is an equilibrium). {moves}."
        + (f" The regime changes at {changes}." if changes else "")
    )
    return {"xs": xs, "order": order, "names": names, "rates": rates,
            "boundaries": boundaries, "words": words, "description": description}  # fmt: skip


def equilibrium_vs(
    parameter: str = "p_dirty", values: Sequence[float] | None = None, **game: Any
) -> tuple[Any, Any]:
    """How the convoy game's equilibria move as one parameter changes.

    ``parameter``: a numeric :class:`~prohis_nb.analysis.equilibrium.ConvoyGame`
    field (``"p_dirty"`` by default); ``values``: where to solve (for
    ``p_dirty`` by default 0.02 to 0.98 in steps of 0.02). Plots how often a
    dirty hand baits, how often the controller accepts a bribe and how often
    it inspects a convoy offered no bribe.

    The game usually has **many equilibria**: when every convoy comes with a
    bribe, the controller's answer to no bribe is never tested. So each rate
    is drawn as a band from its lowest to its highest value over all
    equilibria (:func:`~prohis_nb.analysis.equilibrium_sets.equilibrium_set`;
    a line where it is unique), and for ``p_dirty`` the exact regime
    boundaries are added to the grid (with points a millionth either side)
    and marked by dotted vertical lines. A game that is not zero-sum is drawn
    from the one equilibrium the solver finds.
    """
    drawn = equilibrium_rates(parameter, values, **game)
    xs, order, names, rates = drawn["xs"], drawn["order"], drawn["names"], drawn["rates"]
    boundaries, words = drawn["boundaries"], drawn["words"]
    fig, ax = _figure(9, 6)
    for i, key in enumerate(order):
        low = [lo for lo, _ in rates[key]]
        high = [hi for _, hi in rates[key]]
        style = {"color": PALETTE[i], "ls": LINE_STYLES[i % 4], "lw": 2}
        ax.plot(xs, low, label=names[key], gid=f"{key}:low", **style)
        if low != high:
            ax.plot(xs, high, gid=f"{key}:high", **style)
            ax.fill_between(xs, low, high, color=PALETTE[i], alpha=0.25, lw=0)
    for b in boundaries:
        ax.axvline(float(b), color="0.3", ls=":", lw=1.5, gid=f"boundary:{b}")
        ax.annotate(
            f"regime changes at {b.numerator}/{b.denominator}",
            (float(b), 0.93),
            xytext=(6, 0),
            textcoords="offset points",
            fontsize=font_size(12),
            xycoords=("data", "axes fraction"),
        )
    ax.set_ylim(-0.05, 1.05)
    _style(ax, "The convoy game's equilibria (a band: every rate in it)", words, "probability")
    ax.legend(
        loc="upper center",
        bbox_to_anchor=(0.5, -0.16),
        ncol=1,
        frameon=False,
        fontsize=font_size(FONT["legend.fontsize"]),
    )
    fig.subplots_adjust(bottom=0.33)
    describe(fig, drawn["description"])
    return fig, ax


def score_distribution(
    scores_by_label: Mapping[str, Sequence[float]], bins: int = 20
) -> tuple[Any, Any]:
    """Histograms of final scores from simulation, one per bot or seat (plain data in)."""
    fig, ax = _figure()
    for i, (label, scores) in enumerate(scores_by_label.items()):
        ax.hist(
            list(scores),
            bins=bins,
            alpha=0.55,
            color=PALETTE[i % len(PALETTE)],
            label=label,
            histtype="stepfilled",
            edgecolor=PALETTE[i % len(PALETTE)],
            linewidth=2,
        )
    _style(ax, "Final scores", "final score", "games")
    _dollars(ax, "x")
    _legend(ax, "upper right")
    parts = [
        f"{label}: {len(list(scores))} games, from {money(min(scores))} to {money(max(scores))}, "
        f"mean {money(sum(scores) / len(list(scores)))}"
        for label, scores in scores_by_label.items()
        if len(list(scores))
    ]
    describe(fig, "Histograms of final scores. " + "; ".join(parts) + ".")
    return fig, ax


def declare_vs_lie(
    hand: Sequence[str],
    inform_rate: float = 0.0,
    board: Any = None,
    search_rate: float | None = None,
) -> tuple[Any, Any]:
    """Smuggle: the value of declaring ``hand`` truly and of hiding it, against the search rate.

    Two straight lines from :func:`prohis_nb.analysis.smuggle.declaration_value`
    (the truth: ``−d + e C``; declaring nothing: ``−e f``, with ``e`` the
    chance the hand is checked by the Officer or an Informer). They cross at
    the break-even search rate, marked with a dot; left of it hiding pays.
    ``search_rate`` draws a dashed line at the rate the Officer really uses.
    """
    from prohis_nb.analysis.smuggle import break_even_search_rate, declaration_value, dutiable
    from prohis_nb.smuggle.board import DUTIABLE
    from prohis_nb.text import percent

    goods = sorted(dutiable(hand).elements(), key=DUTIABLE.index)
    rates = [i / 100 for i in range(101)]
    truth = [float(declaration_value(hand, goods, s, inform_rate, board)) for s in rates]
    hide = [float(declaration_value(hand, (), s, inform_rate, board)) for s in rates]
    fig, ax = _figure()
    ax.plot(rates, truth, color=PALETTE[2], ls=LINE_STYLES[0], lw=2.5, label="declare the truth")
    ax.plot(rates, hide, color=PALETTE[3], ls=LINE_STYLES[1], lw=2.5, label="declare nothing (lie)")
    even = break_even_search_rate(hand, inform_rate, board)
    if even is not None:
        value = float(declaration_value(hand, goods, even, inform_rate, board))
        ax.plot([float(even)], [value], marker="o", color=PALETTE[7], ms=10)
        ax.annotate(
            f"break-even: search {percent(even)} of hands",
            (float(even), value),
            textcoords="offset points",
            xytext=(10, 10),
            fontsize=font_size(12),
        )
        ax.axvspan(0, float(even), color=PALETTE[3], alpha=0.08, label="lying pays")
    if search_rate is not None:
        ax.axvline(
            search_rate,
            color=PALETTE[0],
            ls=":",
            lw=2,
            label=f"the Officer searches {percent(search_rate)}",
        )
    from prohis_nb.analysis.signalling import describe as describe_declaration

    things = describe_declaration(goods) if goods else "nothing dutiable"
    informer = f", Informers {percent(inform_rate)}" if inform_rate else ""
    _style(
        ax,
        f"Declare or lie? ({things}{informer})",
        "the Officer's search rate",
        "declarer's expected money change",
    )
    from matplotlib.ticker import PercentFormatter

    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    _dollars(ax, "y")
    _legend(ax, "lower left")
    crossing = (
        f" They cross at the break-even search rate, {percent(even)}: below it lying pays."
        if even is not None
        else " They do not cross."
    )
    officer = (
        f" The Officer here searches {percent(search_rate)}." if search_rate is not None else ""
    )
    describe(
        fig,
        f"Declare or lie, for {things}{informer}: the declarer's expected money against the "
        f"Officer's search rate. Declaring the truth goes from {money(truth[0])} (never "
        f"searched) to {money(truth[-1])} (always searched); declaring nothing from "
        f"{money(hide[0])} to {money(hide[-1])}.{crossing}{officer}",
    )
    return fig, ax


def customs_rates(board: Any = None) -> tuple[Any, Any]:
    """Smuggle: each item's equilibrium search rate and lying rate, side by side.

    From :func:`prohis_nb.analysis.smuggle.item_game`: the Officer searches a
    declaration of one item at ``s* = d / (f + C)`` and a declarer lies at
    ``q* = C / (f + C)``. Dear items are searched more and lied about less.
    """
    from prohis_nb.analysis.smuggle import item_game
    from prohis_nb.smuggle.board import DUTIABLE

    games = [item_game(kind, board) for kind in DUTIABLE]
    fig, ax = _figure(9, 5)
    xs = list(range(len(DUTIABLE)))
    ax.bar([x - 0.2 for x in xs], [float(g.search_rate) for g in games], width=0.4,
           color=PALETTE[0], label="the Officer searches (s*)")  # fmt: skip
    ax.bar([x + 0.2 for x in xs], [float(g.lying_rate) for g in games], width=0.4,
           color=PALETTE[1], hatch="//", label="the declarer lies (q*)")  # fmt: skip
    ax.set_xticks(xs, [k.capitalize() for k in DUTIABLE], rotation=30)
    _style(ax, "Equilibrium of the declare-or-lie game, item by item", "", "probability")
    from matplotlib.ticker import PercentFormatter

    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_ylim(0, 1)
    _legend(ax, "upper right")
    items = "; ".join(
        f"{kind}: searched {float(g.search_rate):.0%}, lied about {float(g.lying_rate):.0%}"
        for kind, g in zip(DUTIABLE, games, strict=True)
    )
    describe(
        fig,
        "Bar chart of the declare-or-lie game's equilibrium, item by item: how often the "
        f"Officer searches a declaration of one item, and how often the declarer lies. {items}.",
    )
    return fig, ax


def tournament_scores(result: Any) -> tuple[Any, Any]:
    """Each bot's mean final score in a tournament, with its 95% confidence interval.

    ``result``: a :class:`~prohis_nb.tournament.TournamentResult`; one row per
    bot, the best at the top.
    """
    stats = sorted(result.by_bot.values(), key=lambda s: s.mean_score)
    fig, ax = _figure(8, 1.2 + 0.7 * len(stats))
    for row, s in enumerate(stats):
        low, high = s.score_ci
        ax.errorbar(s.mean_score, row, xerr=[[s.mean_score - low], [high - s.mean_score]],
                    fmt="o", capsize=5, ms=8, lw=2, color=PALETTE[0])  # fmt: skip
    ax.set_yticks(range(len(stats)), [s.label for s in stats])
    _style(
        ax,
        f"Mean final score over {result.played} games (95% intervals)",
        "mean final score",
        "",
    )
    _dollars(ax, "x")
    rows = "; ".join(
        f"{s.label}: {money(s.mean_score)} (95% interval {money(s.score_ci[0])} to "
        f"{money(s.score_ci[1])})"
        for s in stats[::-1]
    )
    describe(fig, f"Each bot's mean final score over {result.played} games, best first: {rows}.")
    return fig, ax


def paired_differences(comparisons: Sequence[Any]) -> tuple[Any, Any]:
    """Paired comparisons of bots: each mean per-deal difference with its 95% interval.

    ``comparisons``: :class:`~prohis_nb.tournament.PairedDifference` values
    (e.g. ``result.comparisons()``). An interval that misses the dashed line
    at $0 is a real difference; filled dots mark them.
    """
    fig, ax = _figure(8, 1.2 + 0.7 * len(comparisons))
    for row, c in enumerate(comparisons):
        low, high = c.ci
        ax.errorbar(c.mean, row, xerr=[[c.mean - low], [high - c.mean]], fmt="o", capsize=5,
                    ms=8, lw=2, color=PALETTE[2] if c.real else PALETTE[7],
                    mfc=PALETTE[2] if c.real else "white")  # fmt: skip
    ax.axvline(0, color=PALETTE[7], ls="--", lw=1.5)
    ax.set_yticks(range(len(comparisons)), [f"{c.first} − {c.second}" for c in comparisons])
    _style(ax, "Paired differences, deal by deal (95% intervals)", "mean score difference", "")
    _dollars(ax, "x")
    rows = "; ".join(
        f"{c.first} minus {c.second}: {money(c.mean)} a game (95% interval {money(c.ci[0])} "
        f"to {money(c.ci[1])}, {'a real difference' if c.real else 'could be luck'})"
        for c in comparisons
    )
    describe(fig, f"Paired differences between bots, deal by deal: {rows}.")
    return fig, ax


def declaration_search_rates(
    board: Any = None, highlight: Sequence[str] | None = None
) -> tuple[Any, Any]:
    """Smuggle: how often the Officer who *hears* the declaration searches each one.

    From :func:`prohis_nb.analysis.signalling.declaration_equilibrium`: every
    declaration made in equilibrium, placed by the duty it declares, at its
    equilibrium search rate (the dot's area: how often it is made). The
    crosses are the 2 × 2 game's answer for the same goods, ``d / (f + C)``.
    ``highlight`` (a declaration, as items) is ringed.
    """
    from matplotlib.ticker import FuncFormatter, PercentFormatter

    from prohis_nb.analysis.signalling import IMMUNITY, declaration_equilibrium
    from prohis_nb.analysis.signalling import describe as describe_declaration
    from prohis_nb.smuggle.board import Board
    from prohis_nb.text import count, money

    board = board or Board()
    eq = declaration_equilibrium(board)
    usage = eq.usage()
    used = [j for j in eq.used() if eq.declarations[j] != IMMUNITY]
    duty = [board.hand_duty({k: eq.declarations[j].count(k) for k in eq.declarations[j]})
            for j in used]  # fmt: skip
    fig, ax = _figure(9, 5)
    ax.scatter(
        duty,
        [eq.search[j] for j in used],
        s=[20 + 3000 * usage[j] for j in used],
        color=PALETTE[0],
        alpha=0.6,
        label=f"{count(len(used), 'declaration')} made in equilibrium",
    )
    fines = [board.hand_fines({k: eq.declarations[j].count(k) for k in eq.declarations[j]})
             for j in used]  # fmt: skip
    two = [(d, d / (f + board.compensation)) for d, f in zip(duty, fines, strict=True) if d]
    ax.scatter([d for d, _ in two], [min(1.0, s) for _, s in two], marker="x", color=PALETTE[3],
               s=50, lw=2, label="the 2 × 2 game's rate for the same goods")  # fmt: skip
    j = eq.index(IMMUNITY)
    ax.axhline(eq.search[j], color=PALETTE[4], ls=":", lw=2,
               label=f"immunity claims are challenged {eq.search[j]:.0%}")  # fmt: skip
    if highlight is not None:
        k = eq.index(highlight)
        said = eq.declarations[k]
        x = board.hand_duty({kind: said.count(kind) for kind in said})
        ax.scatter([x], [eq.search[k]], s=300, facecolors="none", edgecolors=PALETTE[7], lw=2.5,
                   label=f"declared: {describe_declaration(said)}"
                   + ("" if k in used else " (nobody does)"))  # fmt: skip
    _style(ax, "The Officer hears the declaration", "duty declared", "how often it is searched")
    ax.xaxis.set_major_formatter(FuncFormatter(lambda value, _: money(value)))
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_ylim(0, 1)
    _legend(ax, "upper right")
    immunity = float(eq.search[eq.index(IMMUNITY)])
    searched = [float(eq.search[j]) for j in used]

    def in_words(j: int) -> str:
        declared = eq.declarations[j]
        duty_of = money(board.hand_duty({k: declared.count(k) for k in declared}))
        rate = searched[used.index(j)]
        return f"{describe_declaration(declared)}: duty {duty_of}, searched {rate:.0%}"

    listed = "; ".join(in_words(j) for j in sorted(used, key=lambda j: -usage[j])[:5])
    describe(
        fig,
        f"Scatter plot: each of the {len(used)} declarations made in equilibrium, by the duty "
        f"it declares (from {money(min(duty))} to {money(max(duty))}) and how often the Officer "
        f"searches it (from {min(searched):.0%} to {max(searched):.0%}); crosses mark the 2 × 2 "
        f"game's rate for the same goods. The five most frequent: {listed}. Immunity claims are "
        f"challenged {immunity:.0%}.",
    )
    return fig, ax


def scores_over_game(source: Any, seats: Sequence[int] | None = None) -> tuple[Any, Any]:
    """Every seat's score over a game, one line per seat, from its record.

    ``source``: a record (``Record``, path, JSON text, parsed object) or a
    game (Prohis or Smuggle). The numbers come from
    :func:`prohis_nb.analysis.score_history`, which replays the record through
    the engine: the score after each decision is ``game.scores()`` at that
    moment, the **omniscient "as if the game ended now"** score (in Prohis it
    counts the hidden cards in hand, so only the teacher could know it before
    the end; in Smuggle it is the public money). The last point of each line is
    the final score; the winners are marked in the legend. ``seats``: the seats
    to draw (default: all).
    """
    history = score_history(source)
    players = len(history[0])
    shown = list(range(players)) if seats is None else list(seats)
    for seat in shown:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seats are numbers from 0 to {players - 1}, got {seat!r}")
    final = history[-1]
    best = max(final)
    fig, ax = _figure(9, 5)
    steps = range(len(history))
    for i, seat in enumerate(shown):
        won = " (winner)" if final[seat] == best else ""
        ax.plot(
            steps,
            [row[seat] for row in history],
            color=PALETTE[i % len(PALETTE)],
            linestyle=LINE_STYLES[i % len(LINE_STYLES)],
            lw=2.5 if won else 1.8,
            label=f"Seat {seat}: {money(final[seat])}{won}",
        )
    _style(
        ax,
        "Every seat's score over the game",
        "decisions taken",
        "score as if the game ended now",
    )
    _dollars(ax)
    _legend(ax)
    ends = "; ".join(
        f"seat {seat} ends with {money(final[seat])}" + (" (winner)" if final[seat] == best else "")
        for seat in shown
    )
    describe(
        fig,
        f"Every seat's score over a game of {len(history) - 1} decisions, as if the game ended "
        f"at each one: {ends}.",
    )
    return fig, ax
