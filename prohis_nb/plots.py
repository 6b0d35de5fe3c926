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


def _figure(width: float = 8, height: float = 5, **kwargs: Any):
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
    return fig, ax


def _style(ax, title: str, xlabel: str, ylabel: str) -> None:
    """Title, axis labels, tick labels and a light grid, in the lesson's font sizes."""
    ax.set_title(title, fontsize=font_size(FONT["axes.titlesize"]))
    ax.set_xlabel(xlabel, fontsize=font_size(FONT["axes.labelsize"]))
    ax.set_ylabel(ylabel, fontsize=font_size(FONT["axes.labelsize"]))
    ax.tick_params(labelsize=font_size(12))
    ax.grid(True, alpha=0.3)


def _legend(ax, loc: str = "best") -> Any:
    """The axes' legend in the lesson's legend font size."""
    return ax.legend(loc=loc, fontsize=font_size(FONT["legend.fontsize"]))


def _dollars(ax, axis: str = "y") -> None:
    from matplotlib.ticker import FuncFormatter

    formatter = FuncFormatter(lambda value, _: money(value))
    (ax.yaxis if axis == "y" else ax.xaxis).set_major_formatter(formatter)


def bribe_vs_inspection(
    unseen: Mapping[str, int],
    convoy_size: int = 3,
    max_bribe: int = 12_000,
    cards: Sequence[str] = RANK_CARDS,
    waiver_keeps_card: bool = False,
):
    """The controller's choice: expected value of inspecting against the bribe's value.

    For each controller card, the value of accepting a bribe worth ``b`` is the
    diagonal ``b``; inspecting is a flat line at its expected value (from the
    hypergeometric belief over ``unseen``); the indifference bribe is where
    they cross, marked with a dot. The dotted line is the value of waiving.
    """
    belief = convoy_belief(unseen, convoy_size)
    fig, ax = _figure()
    ax.plot([0, max_bribe], [0, max_bribe], color=PALETTE[7], lw=2, label="accept a bribe worth b")
    for i, card in enumerate(cards):
        values = controller_values(belief, card, waiver_keeps_card=waiver_keeps_card)
        inspect = float(values["inspect"])
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
    return fig, ax


def catch_heatmap(convoy_size: int = 4, card: str = "captain"):
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
    return fig, ax


#: Words for the convoy game's parameters, for axes.
PARAMETER_WORDS = {
    "p_dirty": "chance that the smuggler's hand holds illegal goods",
    "size": "cards in the convoy",
    "illegal": "illegal cards in a dirty convoy",
}


def equilibrium_vs(parameter: str = "p_dirty", values: Sequence[float] | None = None, **game: Any):
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

    fig, ax = _figure(9, 6)
    xs = [float(v) for v in grid]
    order = ["bait", *[k for k in rates if k not in ("bait", "no bribe")], "no bribe"]
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
    words = PARAMETER_WORDS.get(parameter, parameter.replace("_", " "))
    _style(ax, "The convoy game's equilibria (a band: every rate in it)", words, "probability")
    ax.legend(
        loc="upper center",
        bbox_to_anchor=(0.5, -0.16),
        ncol=1,
        frameon=False,
        fontsize=font_size(FONT["legend.fontsize"]),
    )
    fig.subplots_adjust(bottom=0.33)
    return fig, ax


def score_distribution(scores_by_label: Mapping[str, Sequence[float]], bins: int = 20):
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
    return fig, ax


def declare_vs_lie(
    hand: Sequence[str],
    inform_rate: float = 0.0,
    board: Any = None,
    search_rate: float | None = None,
):
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
    from prohis_nb.analysis.signalling import describe

    things = describe(goods) if goods else "nothing dutiable"
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
    return fig, ax


def customs_rates(board: Any = None):
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
    return fig, ax


def tournament_scores(result: Any):
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
    return fig, ax


def paired_differences(comparisons: Sequence[Any]):
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
    return fig, ax


def declaration_search_rates(board: Any = None, highlight: Sequence[str] | None = None):
    """Smuggle: how often the Officer who *hears* the declaration searches each one.

    From :func:`prohis_nb.analysis.signalling.declaration_equilibrium`: every
    declaration made in equilibrium, placed by the duty it declares, at its
    equilibrium search rate (the dot's area: how often it is made). The
    crosses are the 2 × 2 game's answer for the same goods, ``d / (f + C)``.
    ``highlight`` (a declaration, as items) is ringed.
    """
    from matplotlib.ticker import FuncFormatter, PercentFormatter

    from prohis_nb.analysis.signalling import IMMUNITY, declaration_equilibrium, describe
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
                   label=f"declared: {describe(said)}"
                   + ("" if k in used else " (nobody does)"))  # fmt: skip
    _style(ax, "The Officer hears the declaration", "duty declared", "how often it is searched")
    ax.xaxis.set_major_formatter(FuncFormatter(lambda value, _: money(value)))
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_ylim(0, 1)
    _legend(ax, "upper right")
    return fig, ax


def scores_over_game(source: Any, seats: Sequence[int] | None = None):
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
    return fig, ax
