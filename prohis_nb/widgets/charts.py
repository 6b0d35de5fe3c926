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
    from prohis_nb.widgets.svgchart import fitted

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
        f'<text x="{width / 2}" y="{top - 22}" text-anchor="middle" '
        f'font-size="{fitted(title, font_size(17), width - 16)}">{escape(title)}</text>',
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


def interval_rows(
    rows: Sequence[Mapping[str, Any]],
    *,
    title: str,
    xlabel: str,
    description: str,
    xformat: Any,
    x_range: tuple[float, float] | None = None,
    zero_line: bool = False,
    legend: Sequence[tuple[str, str]] = (),
) -> str:
    """Rows of estimates with their intervals, drawn as SVG: one row each, its words above it.

    Each row (a mapping) has a ``label``, a ``value`` with its interval
    ``low``–``high`` (a dot and a bar with caps), optionally a ``band``
    ``(low, high)`` drawn behind it (a shaded band, or a diamond when the two
    are equal), a ``color`` and ``filled`` (False: a hollow dot). The words
    of a row stand above its bar, across the whole width, so a long
    description is never cut; ``zero_line`` draws a dashed line at 0.
    ``legend``: ``(kind, words)`` pairs, ``kind`` one of ``"dot"``,
    ``"band"``, ``"diamond"``. Returns the ``<svg>`` (class ``pnb-chart``,
    ``role="img"``, ``description`` as its name), the same numbers as the
    matplotlib figures of :mod:`prohis_nb.plots` with no matplotlib to import.
    """
    from html import escape

    from prohis_nb.presenting import font_size
    from prohis_nb.widgets.svgchart import fitted, nice_ticks, padded, text_width

    big, text, small = font_size(17), font_size(13), font_size(12)
    values = [v for r in rows for v in (r["low"], r["high"], r["value"], *(r.get("band") or ()))]
    lo, hi = x_range or padded(min(values + [0.0] * zero_line), max(values + [0.0] * zero_line))
    left, right_pad, width = 40.0, 40.0, 720.0  # room for half a tick label each side
    row_height = text * 1.3 + 28
    top = 20 + big * 1.6
    bottom = top + row_height * len(rows)
    # the legend's entries, as many to a line as fit (large print: fewer)
    lines: list[list[tuple[str, str, float]]] = []
    for kind, words in legend:
        size = fitted(words, small, width - left - right_pad - 30)
        room = 30 + text_width(words, size) + 22
        if not lines or sum(r for *_, r in lines[-1]) + room > width - left - right_pad:
            lines.append([])
        lines[-1].append((kind, words, room))
    legend_height = text * 1.8 * len(lines)
    height = bottom + small * 3.4 + legend_height + 10

    def x(value: float) -> float:
        return left + (value - lo) / (hi - lo) * (width - left - right_pad)

    parts = [
        f'<svg class="pnb-chart pnb-interval-rows" xmlns="http://www.w3.org/2000/svg" '
        f'role="img" viewBox="0 0 {width:.0f} {height:.0f}" width="100%" '
        f'font-family="DejaVu Sans, Arial, sans-serif" aria-label="{escape(title)}. '
        f'{escape(description)}"><title>{escape(title)}</title><desc>{escape(description)}</desc>',
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="#fff"/>',
        f'<text x="{width / 2:.1f}" y="{20 + big * 0.6:.1f}" text-anchor="middle" '
        f'font-size="{fitted(title, big, width - 20)}">{escape(title)}</text>',
    ]
    # ticks: round values, as many as fit side by side with room to spare
    for count_ticks in (8, 6, 5, 4, 3, 2):
        ticks = [t for t in nice_ticks(lo, hi, count_ticks) if lo <= t <= hi]
        room = (width - left - right_pad) / max(1, len(ticks) - 1)
        if len(ticks) < 3 or max(text_width(xformat(t), small) for t in ticks) + small < room:
            break
    for t in ticks:
        parts.append(
            f'<line x1="{x(t):.1f}" x2="{x(t):.1f}" y1="{top:.1f}" y2="{bottom:.1f}" '
            f'stroke="#e4e4e4"/><text x="{x(t):.1f}" y="{bottom + small * 1.3:.1f}" '
            f'text-anchor="middle" '
            f'font-size="{small}">{escape(xformat(t))}</text>'
        )
    parts.append(
        f'<text x="{width / 2:.1f}" y="{bottom + small * 2.9:.1f}" text-anchor="middle" '
        f'font-size="{text}">{escape(xlabel)}</text>'
    )
    if zero_line and lo < 0 < hi:
        parts.append(
            f'<line x1="{x(0):.1f}" x2="{x(0):.1f}" y1="{top:.1f}" y2="{bottom:.1f}" '
            f'stroke="{PALETTE[7]}" stroke-width="1.5" stroke-dasharray="6 4"/>'
        )
    for i, row in enumerate(rows):
        label_y = top + row_height * i + text * 1.1
        mid = label_y + text * 0.3 + 14
        color = row.get("color", PALETTE[0])
        parts.append(  # the words on white: no grid or zero line runs through them
            f'<rect x="{left - 3:.1f}" y="{label_y - text:.1f}" '
            f'width="{text_width(row["label"], text) + 6:.1f}" height="{text * 1.3:.1f}" '
            f'fill="#fff"/><text x="{left:.1f}" y="{label_y:.1f}" '
            f'font-size="{fitted(row["label"], text, width - left - right_pad)}">'
            f"{escape(row['label'])}</text>"
        )
        band = row.get("band")
        if band is not None and band[1] - band[0] > 1e-3:
            span = x(band[1]) - x(band[0])
            parts.append(
                f'<rect x="{x(band[0]):.1f}" y="{mid - 9:.1f}" width="{span:.1f}" height="18" '
                f'fill="{PALETTE[1]}" fill-opacity="0.45"/>'
            )
        elif band is not None:
            cx = x(band[0])
            parts.append(
                f'<path d="M{cx:.1f} {mid - 8:.1f} L{cx + 8:.1f} {mid:.1f} L{cx:.1f} {mid + 8:.1f} '
                f'L{cx - 8:.1f} {mid:.1f} Z" fill="{PALETTE[1]}" stroke="{PALETTE[7]}"/>'
            )
        a, b, v = x(row["low"]), x(row["high"]), x(row["value"])
        fill = color if row.get("filled", True) else "#fff"
        parts.append(
            f'<line x1="{a:.1f}" x2="{b:.1f}" y1="{mid:.1f}" y2="{mid:.1f}" stroke="{color}" '
            f'stroke-width="2.5"/><line x1="{a:.1f}" x2="{a:.1f}" y1="{mid - 6:.1f}" '
            f'y2="{mid + 6:.1f}" stroke="{color}" stroke-width="2"/><line x1="{b:.1f}" '
            f'x2="{b:.1f}" y1="{mid - 6:.1f}" y2="{mid + 6:.1f}" stroke="{color}" '
            f'stroke-width="2"/><circle class="pnb-estimate" cx="{v:.1f}" cy="{mid:.1f}" r="5.5" '
            f'fill="{fill}" stroke="{color}" stroke-width="2"/>'
        )
    parts.append(
        f'<line x1="{left:.1f}" x2="{width - right_pad:.1f}" y1="{bottom:.1f}" '
        f'y2="{bottom:.1f}" stroke="#000"/>'
    )
    for number, line in enumerate(lines):
        ly = bottom + small * 3.4 + text * 1.8 * (number + 0.5) + 6
        lx = left
        for kind, words, room in line:
            parts.append(_legend_entry(kind, words, lx, ly, fitted(words, small, room - 52)))
            lx += room
    parts.append("</svg>")
    return "".join(parts)


def _legend_entry(kind: str, words: str, lx: float, ly: float, small: float) -> str:
    """One entry of :func:`interval_rows`'s legend: its sample at (lx, ly), then its words."""
    from html import escape

    if kind == "dot":
        mark = (
            f'<line x1="{lx:.1f}" x2="{lx + 24:.1f}" y1="{ly:.1f}" y2="{ly:.1f}" '
            f'stroke="{PALETTE[0]}" stroke-width="2.5"/><circle cx="{lx + 12:.1f}" '
            f'cy="{ly:.1f}" r="5.5" fill="{PALETTE[0]}"/>'
        )
    elif kind == "band":
        mark = (
            f'<rect x="{lx:.1f}" y="{ly - 8:.1f}" width="24" height="16" '
            f'fill="{PALETTE[1]}" fill-opacity="0.45"/>'
        )
    else:
        mark = (
            f'<path d="M{lx + 12:.1f} {ly - 8:.1f} L{lx + 20:.1f} {ly:.1f} L{lx + 12:.1f} '
            f'{ly + 8:.1f} L{lx + 4:.1f} {ly:.1f} Z" fill="{PALETTE[1]}" '
            f'stroke="{PALETTE[7]}"/>'
        )
    return (
        mark + f'<text x="{lx + 30:.1f}" y="{ly + small * 0.35:.1f}" '
        f'font-size="{small}">{escape(words)}</text>'
    )


def tournament_scores(result: Any) -> str:
    """:func:`prohis_nb.plots.tournament_scores` as SVG: each bot's mean score, best first."""
    stats = sorted(result.by_bot.values(), key=lambda s: -s.mean_score)
    said = "; ".join(
        f"{s.label}: {money(s.mean_score)} (95% interval {money(s.score_ci[0])} to "
        f"{money(s.score_ci[1])})"
        for s in stats
    )
    return interval_rows(
        [
            {"label": s.label, "value": s.mean_score, "low": s.score_ci[0], "high": s.score_ci[1]}
            for s in stats
        ],  # fmt: skip
        title=f"Mean final score over {result.played} games (95% intervals)",
        xlabel="mean final score",
        xformat=money,
        description=f"Each bot's mean final score over {result.played} games, best first: {said}.",
    )


def paired_differences(comparisons: Sequence[Any]) -> str:
    """:func:`prohis_nb.plots.paired_differences` as SVG: filled dots are real differences."""
    said = "; ".join(
        f"{c.first} minus {c.second}: {money(c.mean)} a game (95% interval {money(c.ci[0])} "
        f"to {money(c.ci[1])}, {'a real difference' if c.real else 'could be luck'})"
        for c in comparisons
    )
    return interval_rows(
        [
            {
                "label": f"{c.first} − {c.second}",
                "value": c.mean,
                "low": c.ci[0],
                "high": c.ci[1],
                "color": PALETTE[2] if c.real else PALETTE[7],
                "filled": bool(c.real),
            }
            for c in comparisons
        ],
        title="Paired differences, deal by deal (95% intervals)",
        xlabel="mean score difference",
        xformat=money,
        zero_line=True,
        description=f"Paired differences between bots, deal by deal: {said}.",
    )


def class_vs_theory(table: Any) -> str:
    """:func:`prohis_nb.classroom.plots.class_vs_theory` as SVG: each rate against the theory."""
    from prohis_nb.classroom.plots import _theory

    rows = [row for row in table if row.rate is not None]
    if not rows:
        raise ValueError("the table has no rate to draw: no decision of this kind was counted")
    game = rows[0].game.capitalize()
    interval = percent(table.confidence)
    said = "; ".join(
        f"{row.description}: {percent(row.rate)} ({percent(row.low)} to {percent(row.high)})"
        + _theory(row)
        for row in rows
    )
    return interval_rows(
        [
            {
                "label": row.description,
                "value": row.rate,
                "low": row.low,
                "high": row.high,
                "band": None
                if row.predicted_low is None
                else (row.predicted_low, row.predicted_high),
            }
            for row in rows
        ],
        title=f"What our class did: {game} against the theory",
        xlabel="rate",
        xformat=lambda v: f"{v:.0%}",
        x_range=(-0.02, 1.02),
        legend=(
            ("dot", f"the class ({interval} interval)"),
            ("band", "equilibrium (range)"),
            ("diamond", "equilibrium (one value)"),
        ),
        description=f"{game}, what our class did, each rate with its {interval} interval: {said}.",
    )


def equilibrium_vs(
    parameter: str = "p_dirty", values: Sequence[float] | None = None, **game: Any
) -> Chart:
    """:func:`prohis_nb.plots.equilibrium_vs` as SVG: the convoy game's equilibria, as bands.

    The same numbers (:func:`prohis_nb.plots.equilibrium_rates`: each rate's
    lowest and highest over every equilibrium, the regime changes added to
    the grid) and the same words, drawn with no matplotlib to import.
    """
    from prohis_nb.plots import equilibrium_rates

    drawn = equilibrium_rates(parameter, values, **game)
    xs, rates = drawn["xs"], drawn["rates"]
    chart = Chart(
        (xs[0], xs[-1]),
        (-0.05, 1.05),
        title="The convoy game's equilibria (a band: every rate in it)",
        xlabel=drawn["words"],
        ylabel="probability",
        xformat=lambda v: f"{v:.1f}",
        yformat=lambda v: f"{v:.0%}",
    )
    for i, key in enumerate(drawn["order"]):
        low = [lo for lo, _ in rates[key]]
        high = [hi for _, hi in rates[key]]
        color, dash = PALETTE[i], LINE_STYLES[i % 4]
        chart.line(xs, low, color=color, style=dash, width=2, label=drawn["names"][key])
        if low != high:
            chart.line(xs, high, color=color, style=dash, width=2)
            chart.band(xs, low, high, color=PALETTE[i], opacity=0.25)
    for b in drawn["boundaries"]:
        chart.vline(float(b), color="#4d4d4d", style=":", width=1.5)
        chart.note(float(b), 0.97, f"regime changes at {b.numerator}/{b.denominator}", dx=6, dy=0)
    chart.description = drawn["description"]
    return chart
