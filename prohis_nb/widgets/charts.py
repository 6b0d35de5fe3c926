"""The explorers' pictures as SVG: the plots of :mod:`prohis_nb.plots`, drawn fast.

Each function draws on a :class:`~prohis_nb.widgets.svgchart.Chart` the same
lines, marks and words as its matplotlib twin in :mod:`prohis_nb.plots`
(same numbers from :mod:`prohis_nb.analysis`, same labels, colours and line
styles), in about a millisecond instead of a few hundred: the explorers
redraw after every move of a slider. The downloads ("Download PNG / SVG")
still come from :mod:`prohis_nb.plots`. ``tests/widgets/test_charts.py``
checks each chart against its twin's artists.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from prohis_nb.plots import LINE_STYLES, MARKERS, PALETTE
from prohis_nb.text import money, percent
from prohis_nb.widgets.svgchart import Chart, padded


def _a(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def bribe_or_inspect(
    unseen: Mapping[str, int],
    convoy_size: int,
    card: str,
    max_bribe: int,
    bribe_value: float | None = None,
) -> Chart:
    """:func:`prohis_nb.plots.bribe_vs_inspection` for one card, with the bribe on offer.

    The diagonal (accepting a bribe worth b), the flat value of inspecting
    crossing it at b* (a mark and its label), the value of waiving, and
    ``bribe_value`` as a dashed vertical line when a bribe is on offer.
    """
    from prohis_nb.analysis import controller_values, convoy_belief

    values = controller_values(convoy_belief(unseen, convoy_size), card)
    inspect, waive = float(values["inspect"]), float(values["waive"])
    right = max(max_bribe, bribe_value or 0)
    chart = Chart(
        padded(0, right),
        padded(min(0, inspect, waive), max(max_bribe, inspect, waive)),
        title=f"Bribe or inspect? (a {convoy_size}-card convoy)",
        xlabel="bribe value b (dollars in the controller's warehouse)",
        ylabel="controller's expected gain",
        xformat=money,
        yformat=money,
    )
    chart.line([0, max_bribe], [0, max_bribe], color=PALETTE[7], label="accept a bribe worth b")
    chart.hline(inspect, color=PALETTE[0], style=LINE_STYLES[1], label=f"inspect with {_a(card)}")
    chart.mark(inspect, inspect, color=PALETTE[0], marker=MARKERS[0], size=12)
    chart.note(inspect, inspect, f"b* = {money(inspect)}", color=PALETTE[0], dx=8, dy=20)
    chart.hline(waive, color=PALETTE[4], style=":", label="waive")
    if bribe_value is not None:
        chart.vline(
            float(bribe_value),
            color=PALETTE[3],
            style="--",
            label=f"the bribe on offer ({money(bribe_value)})",
        )
    offer = "" if bribe_value is None else f" The bribe on offer is worth {money(bribe_value)}."
    chart.description = (
        f"The controller's expected gain against the value b of a bribe, for {_a(card)} on a "
        f"{convoy_size}-card convoy: accepting is worth b (the diagonal), inspecting "
        f"{money(inspect)} whatever the bribe, so the two cross at b* = {money(inspect)}; "
        f"waiving is worth {money(waive)}.{offer}"
    )
    return chart


def declare_or_lie(
    hand: Sequence[str], inform_rate: float, board: Any, search_rate: float | None
) -> Chart:
    """:func:`prohis_nb.plots.declare_vs_lie`: the truth against declaring nothing, by rate."""
    from prohis_nb.analysis.signalling import describe
    from prohis_nb.analysis.smuggle import break_even_search_rate, declaration_value, dutiable
    from prohis_nb.smuggle.board import DUTIABLE

    goods = sorted(dutiable(hand).elements(), key=DUTIABLE.index)
    rates, truth, hide = _value_lines(tuple(hand), inform_rate, board)
    things = describe(goods) if goods else "nothing dutiable"
    informer = f", Informers {percent(inform_rate)}" if inform_rate else ""
    chart = Chart(
        padded(0, 1),
        padded(min(truth + hide), max(truth + hide)),
        title=f"Declare or lie? ({things}{informer})",
        xlabel="the Officer's search rate",
        ylabel="declarer's expected money change",
        xformat=lambda v: f"{v:.0%}",
        yformat=money,
    )
    even = break_even_search_rate(hand, inform_rate, board)
    if even is not None:
        chart.span(0, float(even), color=PALETTE[3], opacity=0.08, label="lying pays")
    chart.line(rates, truth, color=PALETTE[2], style=LINE_STYLES[0], width=2.5,
               label="declare the truth")  # fmt: skip
    chart.line(rates, hide, color=PALETTE[3], style=LINE_STYLES[1], width=2.5,
               label="declare nothing (lie)")  # fmt: skip
    if even is not None:
        value = float(declaration_value(hand, goods, even, inform_rate, board))
        chart.mark(float(even), value, color=PALETTE[7], size=12)
        chart.note(float(even), value, f"break-even: search {percent(even)} of hands", dx=12)
    if search_rate is not None:
        chart.vline(search_rate, color=PALETTE[0], style=":",
                    label=f"the Officer searches {percent(search_rate)}")  # fmt: skip
    crossing = (
        f" They cross at the break-even search rate, {percent(even)}: below it lying pays."
        if even is not None
        else " They do not cross."
    )
    officer = "" if search_rate is None else f" The Officer searches {percent(search_rate)}."
    chart.description = (
        f"The declarer's expected money against the Officer's search rate, for {things}"
        f"{informer}: declaring the truth goes from {money(truth[0])} (never searched) to "
        f"{money(truth[-1])} (always searched), declaring nothing from {money(hide[0])} to "
        f"{money(hide[-1])}.{crossing}{officer}"
    )
    return chart


@lru_cache(maxsize=64)
def _value_lines(
    hand: tuple[str, ...], inform_rate: float, board: Any
) -> tuple[list[float], list[float], list[float]]:
    """The two lines of :func:`declare_or_lie` at 101 search rates (as plots draws them).

    Kept for the next move: the search-rate slider moves only the dashed line,
    and these 202 exact values are most of the drawing's time.
    """
    from prohis_nb.analysis.smuggle import declaration_value, dutiable
    from prohis_nb.smuggle.board import DUTIABLE

    goods = sorted(dutiable(hand).elements(), key=DUTIABLE.index)
    rates = [i / 100 for i in range(101)]
    truth = [float(declaration_value(hand, goods, s, inform_rate, board)) for s in rates]
    hide = [float(declaration_value(hand, (), s, inform_rate, board)) for s in rates]
    return rates, truth, hide


def declaration_rates(board: Any, highlight: Sequence[str] | None = None) -> Chart:
    """:func:`prohis_nb.plots.declaration_search_rates`: each declaration's search rate, heard."""
    from prohis_nb.analysis.signalling import IMMUNITY, declaration_equilibrium, describe
    from prohis_nb.smuggle.board import Board
    from prohis_nb.text import count

    board = board or Board()
    eq = declaration_equilibrium(board)
    usage = eq.usage()
    used = [j for j in eq.used() if eq.declarations[j] != IMMUNITY]

    def tally(said: Sequence[str]) -> dict[str, int]:
        return {kind: said.count(kind) for kind in said}

    duty = [board.hand_duty(tally(eq.declarations[j])) for j in used]
    fines = [board.hand_fines(tally(eq.declarations[j])) for j in used]
    two = [
        (d, min(1.0, d / (f + board.compensation))) for d, f in zip(duty, fines, strict=True) if d
    ]
    immunity = eq.search[eq.index(IMMUNITY)]
    ring = None
    if highlight is not None:
        k = eq.index(highlight)
        said = eq.declarations[k]
        ring = (
            k,
            board.hand_duty(tally(said)),
            describe(said) + ("" if k in used else " (nobody does)"),
        )
    xs = [float(d) for d in duty] + ([float(ring[1])] if ring else [])
    chart = Chart(
        padded(min(xs), max(xs)),
        (0, 1),
        title="The Officer hears the declaration",
        xlabel="duty declared",
        ylabel="how often it is searched",
        xformat=money,
        yformat=lambda v: f"{v:.0%}",
    )
    # a matplotlib scatter's ``s`` is an area in points²: the diameter is its root (1.25 px/pt)
    chart.marks(duty, [float(eq.search[j]) for j in used],
                sizes=[1.25 * (20 + 3000 * float(usage[j])) ** 0.5 for j in used],
                color=PALETTE[0], opacity=0.6,
                label=f"{count(len(used), 'declaration')} made in equilibrium")  # fmt: skip
    chart.marks([d for d, _ in two], [float(s) for _, s in two], marker="x", color=PALETTE[3],
                size=9, label="the 2 × 2 game's rate for the same goods")  # fmt: skip
    chart.hline(float(immunity), color=PALETTE[4], style=":",
                label=f"immunity claims are challenged {immunity:.0%}")  # fmt: skip
    if ring is not None:
        k, x, words = ring
        chart.mark(float(x), float(eq.search[k]), color=PALETTE[7], size=22, filled=False,
                   label=f"declared: {words}")  # fmt: skip
    searched = [float(eq.search[j]) for j in used]
    ringed = (
        ""
        if ring is None
        else f" Ringed: {ring[2]}, duty {money(ring[1])}, searched {float(eq.search[ring[0]]):.0%}."
    )
    chart.description = (
        f"Each of the {len(used)} declarations made in equilibrium, by the duty it declares "
        f"({money(min(duty))} to {money(max(duty))}) and how often the Officer, who hears it, "
        f"searches it ({min(searched):.0%} to {max(searched):.0%}); crosses mark the 2 × 2 "
        f"game's rate for the same goods; immunity claims are challenged {float(immunity):.0%}."
        f"{ringed}"
    )
    return chart


def catch_heatmap(convoy_size: int = 4, card: str = "captain") -> str:
    """:func:`prohis_nb.plots.catch_heatmap` as SVG: P(caught) for every convoy make-up.

    One square per (illegal cards k, controller cards c) with k + c ≤ n, coloured
    by the probability on matplotlib's cividis scale, its value written in it;
    the same numbers (:func:`prohis_nb.analysis.catch_probability`) and words as
    the matplotlib figure, drawn in a millisecond so that a picker redraws it at
    once, with no matplotlib to import (its colours: :mod:`prohis_nb.widgets.cividis`).
    Returns the ``<svg>`` (``role="img"``, its description as its name).
    """
    from html import escape

    from prohis_nb.analysis import catch_probability
    from prohis_nb.presenting import font_size
    from prohis_nb.widgets.cividis import cividis_hex  # matplotlib's colours, stored

    n = convoy_size
    grid = {
        (k, c): float(catch_probability(n, k, c, card))
        for k in range(n + 1)
        for c in range(n + 1 - k)
    }
    size, left, top = 70, 120, 60
    width, height = left + size * (n + 1) + 20, top + size * (n + 1) + 70
    text, small = font_size(15), font_size(13)
    article = "an" if card[0] in "aeiou" else "a"
    title = f"P(caught): {article} {card} on {n} cards"
    rows = "; ".join(
        f"{k} illegal: " + ", ".join(f"{grid[k, c]:.2f}" for c in range(n + 1 - k))
        for k in range(n + 1)
    )
    words = (
        f"Heat map of the probability that {article} {card} catches a {n}-card convoy, "
        f"for k illegal cards (rows) and c controller cards (columns, from 0), the rest "
        f"legal. Row by row: {rows}."
    )
    parts = [
        f'<svg class="pnb-chart pnb-heatmap" xmlns="http://www.w3.org/2000/svg" role="img" '
        f'viewBox="0 0 {width} {height}" width="{width}" style="max-width:100%" '
        f'font-family="DejaVu Sans, Arial, sans-serif" aria-label="{escape(title)}. '
        f'{escape(words)}"><title>{escape(title)}</title><desc>{escape(words)}</desc>',
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
        f'<text x="{left + size * (n + 1) / 2}" y="{top - 22}" text-anchor="middle" '
        f'font-size="{font_size(17)}">{escape(title)}</text>',
    ]
    for (k, c), p in grid.items():
        x, y = left + c * size, top + (n - k) * size  # k = 0 at the bottom, as imshow's origin
        ink = "black" if p > 0.5 else "white"
        parts.append(
            f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{cividis_hex(p)}" '
            f'stroke="#fff"/><text x="{x + size / 2}" y="{y + size / 2 + text * 0.35:.1f}" '
            f'text-anchor="middle" font-size="{text}" fill="{ink}">{p:.2f}</text>'
        )
    for i in range(n + 1):
        parts.append(
            f'<text x="{left + i * size + size / 2}" y="{top + size * (n + 1) + 20}" '
            f'text-anchor="middle" font-size="{small}">{i}</text>'
            f'<text x="{left - 10}" y="{top + (n - i) * size + size / 2 + 5}" '
            f'text-anchor="end" font-size="{small}">{i}</text>'
        )
    parts.append(
        f'<text x="{left + size * (n + 1) / 2}" y="{height - 14}" text-anchor="middle" '
        f'font-size="{small}">controller cards in the convoy (c)</text>'
        f'<text transform="translate({left - 44} {top + size * (n + 1) / 2}) rotate(-90)" '
        f'text-anchor="middle" font-size="{small}">illegal cards (k)</text></svg>'
    )
    return "".join(parts)


def customs_rates(board: Any = None) -> str:
    """:func:`prohis_nb.plots.customs_rates` as SVG: each item's s* and q*, side by side.

    For every dutiable item (:func:`prohis_nb.analysis.smuggle.item_game`), a
    bar for how often the Officer searches a declaration of it (``s*``) and a
    hatched one for how often a declarer lies about it (``q*``), on a scale
    from 0% to 100%; the same numbers and words as the matplotlib figure,
    with no matplotlib to import. Returns the ``<svg>`` (``role="img"``, its
    description as its name; class ``pnb-chart``, so the browser tests
    measure its words).
    """
    from html import escape

    from prohis_nb.analysis.smuggle import item_game
    from prohis_nb.presenting import font_size
    from prohis_nb.smuggle.board import DUTIABLE
    from prohis_nb.widgets.svgchart import text_width

    games = [item_game(kind, board) for kind in DUTIABLE]
    search = [float(g.search_rate) for g in games]
    lie = [float(g.lying_rate) for g in games]
    title = "Equilibrium of the declare-or-lie game, item by item"
    items = "; ".join(
        f"{kind}: searched {s:.0%}, lied about {q:.0%}"
        for kind, s, q in zip(DUTIABLE, search, lie, strict=True)
    )
    words = (
        "Bar chart of the declare-or-lie game's equilibrium, item by item: how often the "
        f"Officer searches a declaration of one item, and how often the declarer lies. {items}."
    )
    big, text, small = font_size(17), font_size(14), font_size(12)
    names = [kind.capitalize() for kind in DUTIABLE]
    group = max(72.0, max(text_width(n, small) for n in names) + 12)
    left = text_width("100%", small) + text_size_gap(text) + 16
    top, plot_height = 40 + 2.6 * text, 300.0
    width = left + group * len(DUTIABLE) + 20
    bottom = top + plot_height
    height = bottom + small * 2.2 + 16
    legend = (
        ("the Officer searches (s*)", PALETTE[0], ""),
        ("the declarer lies (q*)", PALETTE[1], "url(#pnb-hatch)"),
    )

    def y(value: float) -> float:
        return bottom - value * plot_height

    parts = [
        f'<svg class="pnb-chart pnb-customs-rates" xmlns="http://www.w3.org/2000/svg" '
        f'role="img" viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" '
        f'style="max-width:100%" font-family="DejaVu Sans, Arial, sans-serif" '
        f'aria-label="{escape(title)}. {escape(words)}"><title>{escape(title)}</title>'
        f"<desc>{escape(words)}</desc>",
        '<defs><pattern id="pnb-hatch" width="8" height="8" patternUnits="userSpaceOnUse" '
        f'patternTransform="rotate(45)"><rect width="8" height="8" fill="{PALETTE[1]}"/>'
        '<line x1="0" y1="0" x2="0" y2="8" stroke="#000" stroke-width="1.5" '
        'stroke-opacity="0.55"/></pattern></defs>',
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="#fff"/>',
        f'<text x="{width / 2:.1f}" y="{big + 8:.1f}" text-anchor="middle" '
        f'font-size="{big}">{escape(title)}</text>',
    ]
    for tick in range(0, 101, 20):
        ty = y(tick / 100)
        parts.append(
            f'<line x1="{left:.1f}" x2="{left + group * len(DUTIABLE):.1f}" y1="{ty:.1f}" '
            f'y2="{ty:.1f}" stroke="#ddd"/><text x="{left - 6:.1f}" y="{ty + small * 0.35:.1f}" '
            f'text-anchor="end" font-size="{small}">{tick}%</text>'
        )
    parts.append(
        f'<text transform="translate({left - text_width("100%", small) - 14:.1f} '
        f'{(top + bottom) / 2:.1f}) rotate(-90)" text-anchor="middle" '
        f'font-size="{text}">probability</text>'
    )
    bar = group * 0.36
    for i, (name, s, q) in enumerate(zip(names, search, lie, strict=True)):
        middle = left + group * (i + 0.5)
        parts.append(
            f'<rect x="{middle - bar:.1f}" y="{y(s):.1f}" width="{bar:.1f}" '
            f'height="{bottom - y(s):.1f}" fill="{PALETTE[0]}"/>'
            f'<rect x="{middle:.1f}" y="{y(q):.1f}" width="{bar:.1f}" '
            f'height="{bottom - y(q):.1f}" fill="url(#pnb-hatch)" stroke="{PALETTE[1]}"/>'
            f'<text x="{middle:.1f}" y="{bottom + small * 1.5:.1f}" text-anchor="middle" '
            f'font-size="{small}">{escape(name)}</text>'
        )
    parts.append(
        f'<line x1="{left:.1f}" x2="{left:.1f}" y1="{top:.1f}" y2="{bottom:.1f}" stroke="#000"/>'
        f'<line x1="{left:.1f}" x2="{left + group * len(DUTIABLE):.1f}" y1="{bottom:.1f}" '
        f'y2="{bottom:.1f}" stroke="#000"/>'
    )
    # the legend, above the bars (the bars reach 100% on the left, 98% on the right)
    x = left + 4
    for label, colour, fill in legend:
        parts.append(
            f'<rect x="{x:.1f}" y="{top - 2.2 * text:.1f}" width="{text * 1.4:.1f}" '
            f'height="{text * 0.9:.1f}" fill="{fill or colour}" stroke="{colour}"/>'
            f'<text x="{x + text * 1.8:.1f}" y="{top - 1.4 * text:.1f}" '
            f'font-size="{text}">{escape(label)}</text>'
        )
        x += text * 1.8 + text_width(label, text) + 24
    parts.append("</svg>")
    return "".join(parts)


def text_size_gap(size: float) -> float:
    """Room beside the tick labels for the rotated axis label (its height and a gap)."""
    return size * 1.4 + 6
