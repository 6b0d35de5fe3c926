"""Small helpers the lessons share: checking an exercise, showing the cards.

:func:`check` compares a learner's answer with the answer the package
computed, and says so in a coloured box (the right answer stays folded away
until asked for). It never raises, so a lesson runs top to bottom whether the
exercise is answered or not; the lesson's own ``assert`` lines check the
package's answer.

>>> check(None, 7).correct is None
True
>>> check(0.333, 1 / 3, tolerance=0.001).correct
True
>>> check({2, 1}, [1, 2]).correct
True

An answer of the wrong kind is told so, not just marked wrong; numpy
numbers and fractions count as numbers:

>>> check("2/3", 2 / 3, tolerance=0.001)
Not quite: '2/3' is text (in quotes), but the answer is a number: write it without quotes, e.g. 2/3.
>>> import numpy
>>> from fractions import Fraction
>>> check(numpy.int64(3), 3).correct, check(Fraction(2, 3), 2 / 3, tolerance=1e-9).correct
(True, True)

The slips a learner makes with numbers get a word of their own: a
percentage where a share between 0 and 1 is asked (``75`` for ``0.75``;
``"75%"`` is accepted), and a thousands comma, which Python reads as two
numbers (``7,000`` is the pair ``(7, 0)``):

>>> check(75, 0.75, tolerance=0.01).problem
'75 looks like a percentage, but the answer is a share between 0 and 1: write 0.75 (or "75%").'
>>> check("75%", 0.75, tolerance=0.01).correct
True
>>> check((7, 0), 7000)
Not quite: 7,000 with a comma is two numbers in Python, (7, 0): write 7000 (or 7_000).

Text is compared without case or spaces; a set is asked for in braces; and
two answers checked in one cell carry a ``label``:

>>> check("bluff(bait = 0.5)", "bluff(bait=0.5)").correct
True
>>> check(0, {1}, label="Part 1")
Part 1: Not quite: 0 is a number, but the answer is a set: write it in braces, e.g. {0, 3}.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from prohis_nb.text import count, money
from prohis_nb.widgets.render import renderer_for
from prohis_nb.widgets.render.base import css, esc, large_class


def _plain(value: Any) -> Any:
    """A numpy scalar (``numpy.float64``, ``numpy.int64``, ``numpy.bool_``) as a Python value."""
    numpy_scalar = type(value).__module__ == "numpy" and getattr(value, "ndim", None) == 0
    return value.item() if numpy_scalar else value


def _kind(value: Any) -> str:
    """What sort of answer ``value`` is: a yes/no, a number, text, a set, a collection, other."""
    if isinstance(value, bool):
        return "True or False"
    if isinstance(value, numbers.Real):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, set | frozenset):
        return "a set"
    if isinstance(value, list | tuple):
        return "a collection"
    return type(value).__name__


#: How to write each kind of answer, for the message after an answer of the wrong kind.
_HOW = {
    "True or False": "write True or False, without quotes",
    "a number": "write it without quotes, e.g. 2/3",
    "text": 'write it in quotes, e.g. "honest"',
    "a set": "write it in braces, e.g. {0, 3}",
    "a collection": "write it in brackets, e.g. [1, 2]",
}


def _share(value: Any) -> bool:
    """Whether ``value`` is a number between 0 and 1 (a share, a probability)."""
    return (
        isinstance(value, numbers.Real) and not isinstance(value, bool) and 0 <= float(value) <= 1
    )


def _percentage(answer: Any) -> float | None:
    """``"75%"`` (or ``"75 %"``) as the share 0.75; None for anything else."""
    if isinstance(answer, str) and answer.strip().endswith("%"):
        try:
            return float(answer.strip()[:-1].strip()) / 100
        except ValueError:
            return None
    return None


def _thousands(answer: Any) -> int | None:
    """``7,000`` as Python reads it, ``(7, 0)``, back to 7000; None for anything else."""
    if (
        isinstance(answer, tuple)
        and len(answer) >= 2
        and all(isinstance(part, int) and not isinstance(part, bool) for part in answer)
        and all(0 <= part < 1000 for part in answer[1:])
    ):
        number = abs(answer[0])
        for part in answer[1:]:
            number = number * 1000 + part
        return -number if answer[0] < 0 else number
    return None


def _slip(answer: Any, expected: Any, tolerance: float) -> str | None:
    """A sentence for a learner's usual slip with numbers, or None."""
    if not (isinstance(expected, numbers.Real) and not isinstance(expected, bool)):
        return None
    together = _thousands(answer)
    if together is not None:
        parts = ", ".join(str(part) for part in answer)
        return (
            f"{together:,} with a comma is two numbers in Python, ({parts}): write {together} "
            f"(or {together:_})."
        )
    if (
        _share(expected)
        and isinstance(answer, numbers.Real)
        and not isinstance(answer, bool)
        and 1 < float(answer) <= 100
        and math.isclose(float(answer) / 100, float(expected), abs_tol=max(tolerance, 1e-9))
    ):
        return (
            f"{answer!r} looks like a percentage, but the answer is a share between 0 and 1: "
            f'write {float(answer) / 100:g} (or "{answer}%").'
        )
    number = isinstance(answer, numbers.Real) and not isinstance(answer, bool)
    if _share(expected) and number and float(answer) > 1:
        return f"the answer is a share between 0 and 1, and {answer!r} is more than 1."
    return None


def _wrong_kind(answer: Any, expected: Any) -> str | None:
    """A sentence saying the answer is of the wrong kind, or ``None`` when the kinds agree."""
    have, want = _kind(answer), _kind(expected)
    if have == want or {have, want} == {"a set", "a collection"}:
        return None
    shown = "text (in quotes)" if have == "text" else have
    how = _HOW.get(want, f"give {want}")
    return f"{answer!r} is {shown}, but the answer is {want}: {how}."


def _same(answer: Any, expected: Any, tolerance: float) -> bool:
    answer, expected = _plain(answer), _plain(expected)
    if isinstance(expected, bool) or isinstance(answer, bool):
        return answer is expected
    if _share(expected) and _percentage(answer) is not None:
        answer = _percentage(answer)
    if isinstance(expected, numbers.Real) and isinstance(answer, numbers.Real):
        return math.isclose(float(answer), float(expected), rel_tol=0, abs_tol=tolerance)
    if isinstance(expected, set | frozenset) or isinstance(answer, set | frozenset):
        try:
            return set(answer) == set(expected)
        except TypeError:
            return False
    if isinstance(expected, str) and isinstance(answer, str):
        return "".join(answer.split()).lower() == "".join(expected.split()).lower()
    if isinstance(expected, list | tuple) and isinstance(answer, list | tuple):
        return len(answer) == len(expected) and all(
            _same(a, e, tolerance) for a, e in zip(answer, expected)
        )
    return answer == expected


class Check:
    """The outcome of one exercise: ``correct`` is True, False, or None (not answered)."""

    def __init__(
        self, answer: Any, expected: Any, tolerance: float, hint: str, label: str = ""
    ) -> None:
        self.answer = answer
        self.expected = expected
        self.hint = hint
        #: Which answer this is, when a cell checks several ("Part 1").
        self.label = label
        answered = not (answer is None or answer is Ellipsis)
        self.correct: bool | None = _same(answer, expected, tolerance) if answered else None
        #: Why the answer cannot be right whatever its value (its kind, a slip), or ``None``.
        self.problem = None
        if answered and not self.correct:
            plain, want = _plain(answer), _plain(expected)
            self.problem = _slip(plain, want, tolerance) or _wrong_kind(plain, want)

    def _text(self) -> str:
        prefix = f"{self.label}: " if self.label else ""
        if self.correct is None:
            return prefix + "Not answered yet: write your answer above, then run this cell again."
        answer = _show(_plain(self.answer))
        if self.correct:
            return prefix + f"Right: {answer} is the answer the package computes."
        if self.problem:
            return prefix + f"Not quite: {self.problem} {self.hint}".strip()
        return prefix + f"Not quite: {answer} is not it. {self.hint}".strip()

    def __repr__(self) -> str:
        return self._text()

    def _repr_html_(self) -> str:
        style = {None: "pnb-muted", True: "pnb-ok", False: "pnb-error"}[self.correct]
        reveal = (
            "<details style='margin-top:4px'><summary>Show the package's answer</summary>"
            f"<code>{esc(_show(self.expected))}</code></details>"
        )
        style += large_class()
        return f"{css()}<div class='{style}' role='status'>{esc(self._text())}{reveal}</div>"


def _show(value: Any) -> str:
    value = _plain(value)
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, set | frozenset):
        return "{" + ", ".join(map(str, sorted(value))) + "}"
    return repr(value)


def check(
    answer: Any, expected: Any, *, tolerance: float = 1e-9, hint: str = "", label: str = ""
) -> Check:
    """Compare ``answer`` with ``expected`` (numbers within ``tolerance``; sets unordered).

    ``answer`` is ``None`` (or ``...``) until the learner writes one. ``label``
    names the answer in the message, for a cell that checks several.
    """
    return Check(answer, expected, tolerance, hint, label)


#: The Prohis card kinds in words (singular, plural), in the engine's kind order.
CARD_WORDS = {
    "legal": ("legal good", "legal goods"),
    "illegal": ("illegal good", "illegal goods"),
    "lieutenant": ("lieutenant", "lieutenants"),
    "captain": ("captain", "captains"),
    "inspector": ("inspector", "inspectors"),
}


def cards_in_words(cards: Iterable[str | None]) -> str:
    """Cards as a learner reads them: kinds in order, a card not seen as "face down".

    >>> cards_in_words(["illegal", "illegal", "legal"])
    'illegal, illegal, legal'
    >>> cards_in_words([None, None, None]), cards_in_words(())
    ('3 cards face down', 'none')
    """
    cards = list(cards)
    if not cards:
        return "none"
    if all(card is None for card in cards):
        return count(len(cards), "card") + " face down"
    return ", ".join("face down" if card is None else card for card in cards)


def counts_in_words(counts: Mapping[str, int] | Sequence[int]) -> str:
    """How many of each card kind, in words (a mapping, or counts in the engine's kind order).

    >>> counts_in_words({"legal": 30, "illegal": 1, "captain": 0})
    '30 legal goods, 1 illegal good'
    >>> counts_in_words((2, 1, 0, 0, 0))
    '2 legal goods, 1 illegal good'
    """
    if not isinstance(counts, Mapping):
        counts = dict(zip(CARD_WORDS, counts, strict=False))
    parts = [
        count(number, *CARD_WORDS.get(kind, (kind, kind + "s")))
        for kind, number in counts.items()
        if number
    ]
    return ", ".join(parts) if parts else "no card"


class NeedsNetwork(RuntimeError):
    """A lesson's packages are missing and can only come from the network (JupyterLite offline).

    Shown in a notebook as its sentence alone, not as a traceback.
    """

    def _render_traceback_(self) -> list[str]:  # IPython shows these lines instead
        return [str(self)]


async def install_or_explain(*packages: str) -> None:
    """In JupyterLite: install ``packages`` with piplite, or say in words why it cannot.

    numpy, matplotlib and scipy are Pyodide's compiled packages: the site
    downloads them from the internet when a lesson first asks. Offline that
    fails, and every later cell would end in ``ModuleNotFoundError``; this
    raises :class:`NeedsNetwork` instead, whose message says what to do.
    Outside JupyterLite (no ``piplite``) it only checks that they are there.
    """
    import importlib
    import importlib.util

    try:
        piplite = importlib.import_module("piplite")
    except ImportError:
        piplite = None
    if piplite is not None:
        import contextlib

        with contextlib.suppress(Exception):  # offline: said below, package by package
            await piplite.install(list(packages))
    missing = [name for name in packages if importlib.util.find_spec(name) is None]
    if missing:
        raise NeedsNetwork(
            f"This lesson needs {', '.join(missing)}, which JupyterLite downloads from the "
            "internet the first time, and this browser could not reach it. Connect to the "
            "network, then run this cell again. (Lessons 1 and 2 work offline.)"
        )


class HTML:
    """A bit of HTML that shows itself in a notebook."""

    def __init__(self, html: str) -> None:
        self.html = html

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.html


def show_chart(chart: Any, legend: str = "upper left") -> Any:
    """A :class:`~prohis_nb.widgets.svgchart.Chart` to show in a notebook: an ``HTML`` widget.

    The SVG drawings of :mod:`prohis_nb.widgets.charts` show the same numbers
    as their matplotlib twins in :mod:`prohis_nb.plots` in a millisecond, with
    no matplotlib to import: a lesson that needs no other figure starts
    seconds sooner. The SVG carries the chart's description as its
    accessible name. It goes in a widget because JupyterLab typesets two
    dollar signs in a rich HTML output as maths (``$0 … $400``), never in a
    widget's value. ``legend``: where the legend goes (``"upper left"``,
    ``"upper right"``, ``"lower left"``...). A drawing already written as an
    ``<svg>`` string (:func:`~prohis_nb.widgets.charts.customs_rates`) is shown as it is.
    """
    import ipywidgets as widgets

    return widgets.HTML(chart if isinstance(chart, str) else chart.svg(legend))


def card_gallery(kinds: Iterable[str] | None = None, game: str = "prohis") -> HTML:
    """Every card kind with its picture, its name and its value in a warehouse and in hand."""
    from prohis_nb.prohis.cards import HAND_VALUE, KINDS, WAREHOUSE_VALUE

    renderer = renderer_for(game)
    rows = []
    for kind in kinds or KINDS:
        rows.append(
            f"<tr><td>{renderer.card(kind)}</td><td>{esc(renderer.card_name(kind))}</td>"
            f"<td style='text-align:right'>{money(WAREHOUSE_VALUE[kind])}</td>"
            f"<td style='text-align:right'>{money(HAND_VALUE[kind])}</td></tr>"
        )
    return HTML(
        f"{css()}<table class='pnb-table{large_class()}' style='border-collapse:collapse'>"
        "<thead><tr><th>card</th><th>kind</th><th>in a warehouse</th>"
        "<th>left in hand at the end</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def stacked_game(
    hands: list[list[str]],
    row: list[str] | None = None,
    *,
    first: int = 0,
    rules: Any = None,
    public_hands: list[list[str]] | None = None,
) -> Any:
    """A Prohis game with the hands and row placed by hand (a lesson's scenario).

    The pile holds every other card of the deck, in the fixed kind order, top
    card first (so the first draws are legal goods). ``rules`` defaults to the
    standard rules for ``len(hands)`` players. ``public_hands[i]``: cards every
    seat knows are in seat ``i``'s hand (the record's ``setup.public_hands``);
    by default nobody knows anything of another hand. :func:`dealt_game` deals
    a lesson's table as a real deal does, captains and inspectors in the open.

    >>> game = stacked_game([["illegal", "legal", "captain", "inspector"]] * 3)
    >>> game.hand(1)
    ['legal', 'illegal', 'captain', 'inspector']
    """
    from collections import Counter

    from prohis_nb.prohis import ProhisRules, from_deal

    rules = rules or ProhisRules(players=len(hands))
    row = list(row) if row is not None else ["legal"] * 4
    placed = Counter(card for hand in hands for card in hand) + Counter(row)
    deck = rules.deck_counts()
    pile = [kind for kind in deck for _ in range(deck[kind] - placed[kind])]
    return from_deal(hands, row, pile, first, rules=rules, public_hands=public_hands)


def dealt_game(
    goods: list[list[str]],
    row: list[str] | None = None,
    *,
    first: int = 0,
    rules: Any = None,
) -> Any:
    """A lesson's table dealt as the rules deal it: ``goods[i]`` plus a captain and an inspector.

    docs/rules.md, Setup: every player gets 1 captain and 1 inspector in hand, in
    front of everyone, then 4 goods or lieutenants face down. So every seat
    knows every other hand holds a captain and an inspector at the start, as
    in a seeded game; ``goods[i]`` are seat ``i``'s face-down cards.

    >>> game = dealt_game([["illegal", "legal", "legal", "legal"], ["legal"] * 4, ["legal"] * 4])
    >>> game.hand(0)
    ['legal', 'legal', 'legal', 'illegal', 'captain', 'inspector']
    >>> game.view(1).seats[0].known_in_hand
    ('captain', 'inspector')
    """
    dealt_open = ["captain", "inspector"]
    hands = [list(cards) + dealt_open for cards in goods]
    return stacked_game(
        hands, row, first=first, rules=rules, public_hands=[dealt_open] * len(hands)
    )


def stacked_smuggle_game(top: list[str], players: int = 3, *, rules: Any = None) -> Any:
    """A Smuggle game whose first round's pack starts with ``top`` (top card first).

    The first player after the Officer (seat 1) draws the first four cards of
    ``top``; the rest of that pack, and every later round's pack, follow in
    the fixed order of :data:`prohis_nb.smuggle.game.PACK`.

    >>> game = stacked_smuggle_game(["watch", "wine", "luggage", "luggage"])
    >>> game.view(1).hand
    ('watch', 'wine', 'luggage', 'luggage')
    """
    from collections import Counter

    from prohis_nb.smuggle.game import PACK, from_deal
    from prohis_nb.smuggle.rules import SmuggleRules

    rules = rules or SmuggleRules(players=players)
    rest = Counter(PACK)
    rest.subtract(top)
    if min(rest.values()) < 0:
        raise ValueError(f"the pack cannot supply {top}: it holds {dict(Counter(PACK))}")
    first = list(top) + list(rest.elements())  # the rest in the fixed kind order
    return from_deal([first] + [list(PACK)] * (rules.players - 1), rules)
