"""Every equilibrium of the zero-sum convoy game, exactly, and where its regime changes.

:func:`~prohis_nb.analysis.equilibrium.solve_convoy_game` returns *one*
equilibrium. Where the game has many, which one a solver returns is an
accident of its pivoting, and a lesson that plots it draws jumps that are not
in the game. The typical case: in equilibrium every convoy comes with a bribe,
so the controller's answer to a convoy *without* one is never tested, and a
whole range of inspection rates is equally good. This module finds the whole
set, in exact fractions.

**Behaviour strategies.** The smuggler makes one offer per convoy, so against
a controller only its answer rate to each offer matters: ``P(accept)`` for
each bribe on the menu, ``P(inspect)`` for no bribe. The smuggler's strategy
is, for each hand (dirty or honest), a probability for each (convoy, offer)
it can choose.

**The controller's optimal answers.** The smuggler's best reply to answer
rates ``y`` is worth ``L(y) = p · max_c u_dirty,c(y) + (1 − p) · max_c
u_honest,c(y)`` (``p`` the chance of a dirty hand, ``u`` the zero-sum payoff
of choice ``c``, affine in ``y``). ``L`` is convex and piecewise affine; its
pieces meet where two choices of one hand are worth the same. So the set of
minimisers (the controller's optimal answers) is a polytope whose corners
are points where such hyperplanes and the faces of the box ``[0, 1]^k`` meet:
the module lists all those points in fractions and keeps the ones where
``L`` is smallest. The smuggler's optimal strategies are found the same way
from the concave function ``W(x) = Σ_offers min_answer (expected payoff of
the convoys sent with that offer)``.

**Regimes.** The candidate corners for the controller do not depend on
``p``, and ``L`` at each is a line in ``p``. The game's value is the lower
envelope of those lines; the set of optimal answers changes exactly where the
envelope bends (:func:`regime_boundaries`).

Only the zero-sum game (each side's payoff its gain minus the other's, the
default) is handled here: there every equilibrium is a pair of optimal
strategies, and the two sets can be found one at a time.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import Any

from prohis_nb.analysis.bimatrix import solve_exact
from prohis_nb.analysis.convoy_game import LOADS, NO_BRIBE, ConvoyGame
from prohis_nb.analysis.convoy_game import _article as article
from prohis_nb.analysis.convoy_game import exact_probability as exact

Vector = tuple[Fraction, ...]
Choice = tuple[str, str]  # (convoy, offer)
HANDS = ("dirty", "honest")


def _choices(game: ConvoyGame, hand: str) -> tuple[Choice, ...]:
    loads = LOADS if hand == "dirty" else ("honest",)
    return tuple((load, offer) for load in loads for offer in game.offers(hand))


@cache
def _affine(game: ConvoyGame) -> dict[str, dict[Choice, tuple[Vector, Fraction]]]:
    """Each hand's choices as affine functions ``coefficients · y + constant`` of the answer rates.

    ``y`` holds ``P(accept)`` for each bribe on the menu, then ``P(inspect)`` for no bribe.
    """
    offers = list(game.offer_labels)  # "no bribe" first, then the menu
    k = len(offers)
    table: dict[str, dict[Choice, tuple[Vector, Fraction]]] = {}
    for hand in HANDS:
        table[hand] = {}
        for load, offer in _choices(game, hand):
            coefficients = [Fraction(0)] * k
            if offer == NO_BRIBE:
                waive = game.relative_gain(load, offer, "waive")
                inspect = game.relative_gain(load, offer, "inspect")
                coefficients[k - 1] = inspect - waive
                constant = waive
            else:
                accept = game.relative_gain(load, offer, "accept")
                inspect = game.relative_gain(load, offer, "inspect")
                coefficients[offers.index(offer) - 1] = accept - inspect
                constant = inspect
            table[hand][(load, offer)] = (tuple(coefficients), constant)
    return table


def _value_of(affine: tuple[Vector, Fraction], y: Vector) -> Fraction:
    coefficients, constant = affine
    return constant + sum(c * v for c, v in zip(coefficients, y))


@cache
def _controller_candidates(game: ConvoyGame) -> tuple[tuple[Vector, Fraction, Fraction], ...]:
    """Every candidate corner ``y`` with the best reply of each hand: ``(y, dirty, honest)``.

    Independent of ``p_dirty`` (pass a game with ``p_dirty`` fixed at 0 to share the cache).
    """
    table = _affine(game)
    k = len(game.offer_labels)
    planes: list[tuple[Vector, Fraction]] = []
    for hand in HANDS:
        for (c1, k1), (c2, k2) in combinations(table[hand].values(), 2):
            normal = tuple(a - b for a, b in zip(c1, c2))
            if any(normal):
                planes.append((normal, k2 - k1))
    for i in range(k):
        unit = tuple(Fraction(int(j == i)) for j in range(k))
        planes += [(unit, Fraction(0)), (unit, Fraction(1))]
    points: set[Vector] = set()
    for chosen in combinations(planes, k):
        y = solve_exact([list(n) for n, _ in chosen], [b for _, b in chosen])
        if y is not None and all(0 <= v <= 1 for v in y):
            points.add(y)
    return tuple(
        (
            y,
            max(_value_of(f, y) for f in table["dirty"].values()),
            max(_value_of(f, y) for f in table["honest"].values()),
        )
        for y in sorted(points)
    )


def _p_free(game: ConvoyGame) -> ConvoyGame:
    return replace(game, p_dirty=0.0)


def _controller_set(game: ConvoyGame) -> tuple[Fraction, tuple[Vector, ...]]:
    p = exact(game.p_dirty)
    lines = [(y, p * d + (1 - p) * h) for y, d, h in _controller_candidates(_p_free(game))]
    value = min(v for _, v in lines)
    return value, tuple(y for y, v in lines if v == value)


def _smuggler_set(
    game: ConvoyGame,
) -> tuple[Fraction, tuple[dict[tuple[str, str, str], Fraction], ...]]:
    """The smuggler's optimal behaviour strategies: (value, corners)."""
    p = exact(game.p_dirty)
    weight = {"dirty": p, "honest": 1 - p}
    variables = [(hand, *choice) for hand in HANDS for choice in _choices(game, hand)]
    n = len(variables)
    answers = {
        offer: ("inspect", "waive") if offer == NO_BRIBE else ("accept", "inspect")
        for offer in game.offer_labels
    }

    def payoff(offer: str, answer: str) -> Vector:
        """Coefficients of ``x`` in the expected payoff of the convoys sent with ``offer``."""
        return tuple(
            weight[hand] * game.relative_gain(load, offer, answer) if o == offer else Fraction(0)
            for hand, load, o in variables
        )

    by_answer = {offer: [payoff(offer, a) for a in pair] for offer, pair in answers.items()}
    planes = [
        (tuple(a - b for a, b in zip(*pair)), Fraction(0))
        for pair in by_answer.values()
        if any(a != b for a, b in zip(*pair))
    ]
    sums = [(tuple(Fraction(int(v[0] == hand)) for v in variables), Fraction(1)) for hand in HANDS]

    def worth(x: Vector) -> Fraction:
        return sum(
            (
                min(
                    sum((c * v for c, v in zip(coefficients, x)), Fraction(0))
                    for coefficients in pair
                )
                for pair in by_answer.values()
            ),
            Fraction(0),
        )

    points: set[Vector] = set()
    # A corner sets some variables to 0 and makes n − 2 − (that many) offers' answers tie.
    for zeros in range(n - len(sums) + 1):
        for fixed in combinations(range(n), zeros):
            free = [i for i in range(n) if i not in fixed]
            for chosen in combinations(planes, n - len(sums) - zeros):
                system = sums + list(chosen)
                y = solve_exact([[a[i] for i in free] for a, _ in system], [b for _, b in system])
                if y is not None and all(v >= 0 for v in y):
                    x = [Fraction(0)] * n
                    for i, v in zip(free, y):
                        x[i] = v
                    points.add(tuple(x))
    values = {x: worth(x) for x in points}
    value = max(values.values())
    corners = tuple(dict(zip(variables, x)) for x in sorted(points) if values[x] == value)
    return value, corners


@dataclass(frozen=True)
class EquilibriumSet:
    """All equilibria of a zero-sum convoy game, by the corners of each side's optimal set.

    ``controller_corners``: answer rates, ``{offer: P(accept)}`` for each bribe and
    ``{"no bribe": P(inspect)}``; ``smuggler_corners``: ``{(hand, convoy, offer):
    probability}``. Every mix of a controller corner with a smuggler corner
    (and every point between corners) is an equilibrium; ``value`` is the
    smuggler's expected gain per convoy in relative score, the same in all.
    """

    game: ConvoyGame
    value: Fraction
    controller_corners: tuple[dict[str, Fraction], ...]
    smuggler_corners: tuple[dict[tuple[str, str, str], Fraction], ...]

    @staticmethod
    def _range(values: Iterable[Any]) -> tuple[Fraction, Fraction]:
        values = list(values)
        return min(values), max(values)

    @property
    def inspect_range(self) -> tuple[Fraction, Fraction]:
        """Lowest and highest equilibrium rate of inspecting a convoy offered no bribe."""
        return self._range(c[NO_BRIBE] for c in self.controller_corners)

    @property
    def accept_ranges(self) -> dict[str, tuple[Fraction, Fraction]]:
        """For each bribe on the menu, the lowest and highest equilibrium acceptance rate."""
        labels = list(self.game.offer_labels)[1:]
        return {lab: self._range(c[lab] for c in self.controller_corners) for lab in labels}

    @property
    def bait_range(self) -> tuple[Fraction, Fraction]:
        """How often a dirty hand sends an honest convoy: lowest and highest in equilibrium."""
        return self._range(
            sum(v for (hand, load, _), v in x.items() if hand == "dirty" and load == "honest")
            for x in self.smuggler_corners
        )

    def offer_rate_range(self, offer: str) -> tuple[Fraction, Fraction]:
        """How often a convoy comes with ``offer``, all hands together: lowest and highest."""
        p = exact(self.game.p_dirty)
        weight = {"dirty": p, "honest": 1 - p}
        return self._range(
            sum(weight[hand] * v for (hand, _, o), v in x.items() if o == offer)
            for x in self.smuggler_corners
        )

    @property
    def bribe_rate_range(self) -> tuple[Fraction, Fraction]:
        """How often a convoy comes with a bribe: lowest and highest in equilibrium."""
        low, high = self.offer_rate_range(NO_BRIBE)
        return 1 - high, 1 - low

    @property
    def offers_never_made(self) -> tuple[str, ...]:
        """Offers no equilibrium smuggler makes: the controller's answer to them is untested."""
        return tuple(o for o in self.game.offer_labels if self.offer_rate_range(o)[1] == 0)

    @property
    def unique(self) -> bool:
        """True when both sides have exactly one optimal (behaviour) strategy."""
        return len(self.controller_corners) == 1 and len(self.smuggler_corners) == 1

    def summary(self) -> str:
        """Every equilibrium in words, as a lesson reads it (no solver's point needed).

        The same sentences as :meth:`ConvoyEquilibrium.summary
        <prohis_nb.analysis.equilibrium.ConvoyEquilibrium.summary>` of this game.
        """
        return describe_equilibria(self)


def equilibrium_set(game: ConvoyGame | None = None) -> EquilibriumSet:
    """Every equilibrium of the (zero-sum) convoy game, in exact fractions.

    >>> s = equilibrium_set(ConvoyGame(card="captain", size=3, p_dirty=0.5))
    >>> s.inspect_range, s.accept_ranges
    ((Fraction(37, 72), Fraction(47, 72)), {'bribe': (Fraction(5, 12), Fraction(5, 12))})
    >>> s.offers_never_made
    ('no bribe',)
    """
    game = game or ConvoyGame()
    if not game.zero_sum:
        raise ValueError(
            "the set of equilibria is computed for the zero-sum game (zero_sum=True); "
            "solve_convoy_game returns one equilibrium of the other one"
        )
    value, corners = _controller_set(game)
    value_s, smuggler = _smuggler_set(game)
    if value != value_s:  # the minimax theorem: both sides must agree on the value
        raise RuntimeError(f"the two sides disagree on the value: {value} and {value_s}")
    offers = list(game.offer_labels)
    controller = tuple(dict(zip(offers[1:] + [NO_BRIBE], y)) for y in corners)
    return EquilibriumSet(game, value, controller, smuggler)


def regime_boundaries(game: ConvoyGame | None = None) -> tuple[Fraction, ...]:
    """The chances of a dirty hand, strictly between 0 and 1, where the equilibrium set changes.

    Each candidate corner of the controller's set gives a line ``p · dirty +
    (1 − p) · honest``; the game's value is their lower envelope, and the
    optimal answers change exactly where it bends (between two bends the same
    lines are lowest). ``game.p_dirty`` is ignored.

    >>> regime_boundaries(ConvoyGame(card="captain", size=3))
    (Fraction(5, 12),)
    """
    game = game or ConvoyGame()
    # each line as (slope, intercept): honest + p · (dirty − honest)
    lines = sorted({(d - h, h) for _, d, h in _controller_candidates(_p_free(game))})
    by_slope: dict[Fraction, Fraction] = {}
    for slope, intercept in lines:
        by_slope[slope] = min(intercept, by_slope.get(slope, intercept))
    hull: list[tuple[Fraction, Fraction]] = []  # lower envelope, slopes falling as p grows

    def crossing(a: tuple[Fraction, Fraction], b: tuple[Fraction, Fraction]) -> Fraction:
        return (b[1] - a[1]) / (a[0] - b[0])

    for line in sorted(by_slope.items(), reverse=True):
        while len(hull) >= 2 and crossing(hull[-2], line) <= crossing(hull[-2], hull[-1]):
            hull.pop()
        hull.append(line)
    bends = (crossing(a, b) for a, b in zip(hull, hull[1:]))
    return tuple(p for p in bends if 0 < p < 1)


def describe_equilibria(every: EquilibriumSet) -> str:
    """Every equilibrium of a zero-sum (race) convoy game in words, ranges where not unique.

    What :meth:`~prohis_nb.analysis.equilibrium.ConvoyEquilibrium.summary` says
    of a zero-sum game, from the exact set alone (:func:`equilibrium_set`): no
    solver, no solver's point and no numpy, so an explorer can say it at once.
    """
    from prohis_nb.text import money, percent

    g = every.game
    opening = f"Against {article(g.card)} {g.card} on a {g.size}-card convoy, "
    p = exact(g.p_dirty)
    bait = every.bait_range
    honest = tuple((1 - p) + p * b for b in bait)
    bribes = every.bribe_rate_range
    offer_bribe = (
        "offer a bribe with every convoy"
        if bribes == (1, 1)
        else "never offer a bribe"
        if bribes == (0, 0)
        else f"offer a bribe with {_share(bribes)} of convoys"
    )
    if bait == (0, 0):
        baiting = "a smuggler holding illegal goods should never send an honest convoy"
    else:
        baiting = (
            "a smuggler holding illegal goods should still send an honest convoy "
            f"{_share(bait)} of the time"
        )
    text = opening + (
        f"{baiting} (so {_share(honest)} of all convoys are honest), and {offer_bribe}."
    )
    never = every.offers_never_made
    accepts = {k: v for k, v in every.accept_ranges.items() if k not in never}
    answers = []
    if accepts:
        if len(g.menu) == 1:
            answers.append(f"accept {_share(accepts['bribe'])} of bribes")
        else:
            answers += [f"accept {_share(v)} of the {k} offers" for k, v in accepts.items()]
    if NO_BRIBE not in never:
        answers.append(f"inspect {_share(every.inspect_range)} of convoys offered no bribe")
    if answers:
        text += " The controller should " + " and ".join(answers) + "."
    if NO_BRIBE in never:
        low, high = every.inspect_range
        tied = any(a != b for a, b in accepts.values())
        text += (
            " No convoy comes without a bribe, so the controller's answer to one is never "
            f"tested: inspecting any share of them from {percent(low)} to {percent(high)} "
            + ("(depending on the acceptance rate) " if tied else "")
            + "keeps this an equilibrium (outside that range offering nothing would pay)."
        )
    for label in never:
        if label != NO_BRIBE:
            low, high = every.accept_ranges[label]
            text += (
                f" The {label} is never offered, so how often it would be accepted is never "
                f"tested: any rate from {percent(low)} to {percent(high)} will do."
            )
    return text + (
        f" Expected gain per convoy (relative score): smuggler {money(every.value)}, "
        f"controller {money(-every.value)}."
    )


def _share(bounds: tuple[Fraction, ...]) -> str:
    """One percentage, or a range of them when the equilibria differ."""
    from prohis_nb.text import percent

    low, high = min(bounds), max(bounds)
    return percent(low) if low == high else f"between {percent(low)} and {percent(high)}"
