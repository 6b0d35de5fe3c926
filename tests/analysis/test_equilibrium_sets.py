"""The set of equilibria of the convoy game, each number against an independent computation.

* the lesson's game by hand: the ranges and the boundary p = 5/12 derived in
  closed form from the payoff table (the derivation is in the comments);
* brute force: every off-path inspection rate on a grid of 1/720 steps is
  checked for profitable deviations in the normal form, and the rates that
  pass are exactly the package's range;
* a second solver: scipy's ``linprog`` on the normal form (the value, then
  the lowest and highest answer rates and baiting rates among all optimal
  mixes) and nashpy's vertex enumeration (the extreme equilibria);
* the regime boundaries: where the value computed by ``linprog`` on a fine
  grid of p bends.
"""

import warnings
from fractions import Fraction

import numpy as np
import pytest
from scipy.optimize import linprog

from prohis_nb.analysis.equilibrium import ConvoyGame, solve_convoy_game
from prohis_nb.analysis.equilibrium_sets import equilibrium_set, regime_boundaries
from prohis_nb.analysis.odds import catch_probability
from prohis_nb.analysis.payoffs import ending_payoff

GAMES = [
    ConvoyGame(p_dirty=0.5),
    ConvoyGame(p_dirty=0.3),
    ConvoyGame(p_dirty=0.9),
    ConvoyGame(p_dirty=Fraction(5, 12)),
    ConvoyGame(card="inspector", size=4, illegal=2, bribe=("legal", "legal"), p_dirty=0.7),
    ConvoyGame(card="lieutenant", size=2, p_dirty=0.5),
    ConvoyGame(bribes=(("legal",), ("legal", "legal")), p_dirty=0.6),
]


def _zero_sum(ending: str, convoy: list[str], card: str, bribe=()) -> Fraction:
    payoff = ending_payoff(ending, convoy, card, list(bribe))
    return Fraction(payoff.smuggler) - Fraction(payoff.controller)


def _inspected(convoy: list[str], card: str) -> Fraction:
    caught = catch_probability(len(convoy), convoy.count("illegal"), 0, card)
    return caught * _zero_sum("confiscated", convoy, card) + (1 - caught) * _zero_sum(
        "passed", convoy, card
    )


def test_the_lesson_game_by_hand():
    """Captain, 3 cards, one illegal, a bribe of one legal card.

    Smuggler's payoffs (its gain minus the controller's), from the scoring table:
    honest convoy: bribe accepted h_a, inspected h_i, waived h_w;
    dirty convoy: bribe accepted d_a, inspected d_i, waived d_w.
    With a = P(accept), q = P(inspect | no bribe): an honest hand gets
    max(h_i + a (h_a − h_i), h_w + q (h_i − h_w)), a dirty hand additionally
    d_i + a (d_a − d_i) and d_w + q (d_i − d_w). The two bribe lines cross at
    a* where a dirty hand is indifferent between baiting and shipping; for
    p > p* the controller must sit at a*, for p < p* it accepts every bribe,
    and p* is where the slope in a of p·(dirty bribe) + (1 − p)·(honest bribe)
    changes sign. q is free as long as neither no-bribe line rises above the
    value.
    """
    honest, dirty, card = ["legal"] * 3, ["illegal", "legal", "legal"], "captain"
    h_a, h_i = _zero_sum("accepted", honest, card, ["legal"]), _inspected(honest, card)
    h_w = _zero_sum("waived", honest, card)
    d_a, d_i = _zero_sum("accepted", dirty, card, ["legal"]), _inspected(dirty, card)
    d_w = _zero_sum("waived", dirty, card)
    assert (h_a, h_i, h_w, d_a, d_i, d_w) == (2000, 7000, 1000, 9000, 2000, 8000)
    a_star = (h_i - d_i) / ((d_a - d_i) - (h_a - h_i))  # h_i + a (h_a − h_i) = d_i + a (d_a − d_i)
    p_star = (h_i - h_a) / ((d_a - d_i) + (h_i - h_a))  # p (d_a − d_i) = (1 − p)(h_i − h_a)
    value = d_i + a_star * (d_a - d_i)
    # a = a*: honest no-bribe h_w + q (h_i − h_w) ≤ value and dirty d_w + q (d_i − d_w) ≤ value
    q_high = (value - h_w) / (h_i - h_w)
    q_low = (d_w - value) / (d_w - d_i)
    assert (a_star, p_star, q_low, q_high) == (
        Fraction(5, 12),
        Fraction(5, 12),
        Fraction(37, 72),
        Fraction(47, 72),
    )
    assert regime_boundaries(ConvoyGame()) == (p_star,)
    common = equilibrium_set(ConvoyGame(p_dirty=0.5))
    assert common.inspect_range == (q_low, q_high)
    assert common.accept_ranges == {"bribe": (a_star, a_star)}
    assert common.value == value
    # the dirty hand baits so that a bribe is dirty with the probability that makes the
    # controller indifferent: p (1 − bait) = P(dirty | bribe)
    # = (h_i − h_a) / ((h_i − h_a) + (d_a − d_i)) = p*
    p = Fraction(1, 2)
    assert common.bait_range == (1 - p_star / p,) * 2
    # a = 1 below p*: an honest hand offering nothing gets h_w + q (h_i − h_w) ≤ h_a
    rare = equilibrium_set(ConvoyGame(p_dirty=0.3))
    assert rare.accept_ranges == {"bribe": (1, 1)}
    assert rare.inspect_range == (0, (h_a - h_w) / (h_i - h_w)) == (0, Fraction(1, 6))
    assert rare.bait_range == (0, 0)
    assert rare.offers_never_made == common.offers_never_made == ("no bribe",)


def _product_mix(game: ConvoyGame, answers: dict[str, Fraction]) -> np.ndarray:
    """The controller's plans mixed independently with the given answer rates."""
    labels = list(game.offer_labels)[1:] + ["no bribe"]
    yes = {lab: ("inspect" if lab == "no bribe" else "accept") for lab in labels}
    weights = []
    for plan in game.controller_plans():
        w = 1.0
        for lab, answer in zip(labels, plan):
            rate = float(answers[lab])
            w *= rate if answer == yes[lab] else 1 - rate
        weights.append(w)
    return np.array(weights)


def _smuggler_mix(game: ConvoyGame, behaviour: dict) -> np.ndarray:
    return np.array(
        [
            float(behaviour[("dirty", *dirty)] * behaviour[("honest", "honest", honest)])
            for dirty, honest in game.smuggler_strategies()
        ]
    )


def _is_equilibrium(a: np.ndarray, x: np.ndarray, y: np.ndarray) -> bool:
    value = x @ a @ y
    return bool((a @ y).max() <= value + 1e-7 and (x @ a).min() >= value - 1e-7)


@pytest.mark.parametrize("game", [g for g in GAMES if g.p_dirty != Fraction(5, 12)])
def test_every_off_path_rate_on_a_fine_grid_is_an_equilibrium_exactly_inside_the_range(game):
    every = equilibrium_set(game)
    a, _ = game.payoff_matrices()
    x = _smuggler_mix(game, every.smuggler_corners[0])
    corner = every.controller_corners[0]
    for label in every.offers_never_made:
        low, high = every.inspect_range if label == "no bribe" else every.accept_ranges[label]
        key = label
        passing = []
        for k in range(721):
            rate = Fraction(k, 720)
            y = _product_mix(game, {**corner, key: rate})
            if _is_equilibrium(a, x, y):
                passing.append(rate)
        assert passing, "the package's range must contain equilibria"
        assert (passing[0], passing[-1]) == (low, high) or (
            abs(passing[0] - low) < Fraction(1, 720) and abs(passing[-1] - high) < Fraction(1, 720)
        )
        assert len(passing) == passing.index(passing[-1]) + 1  # an interval: no gaps
        assert all(low <= r <= high for r in passing)
        # and every rate of the range, in particular its exact ends, passes
        for rate in (low, high, (low + high) / 2):
            assert _is_equilibrium(a, x, _product_mix(game, {**corner, key: rate}))


def _linprog_value(a: np.ndarray) -> float:
    """The controller minimises t subject to A y ≤ t, Σ y = 1, y ≥ 0."""
    m, n = a.shape
    res = linprog(
        np.r_[np.zeros(n), 1],
        A_ub=np.c_[a, -np.ones(m)],
        b_ub=np.zeros(m),
        A_eq=np.r_[np.ones(n), 0][None, :],
        b_eq=[1],
        bounds=[(0, None)] * n + [(None, None)],
    )
    return res.fun


def _linprog_ranges(game: ConvoyGame):
    """Value and ranges from scipy's linprog on the normal form (mixes over pure plans)."""
    a, _ = game.payoff_matrices()
    rows, cols = game.smuggler_strategies(), game.controller_plans()
    m, n = a.shape
    value = _linprog_value(a)
    tol = 1e-6  # dollars: linprog is accurate to about 1e-9 of the values (thousands)

    def controller_range(weights):
        found = []
        for sign in (1, -1):
            r = linprog(
                sign * weights,
                A_ub=a,
                b_ub=np.full(m, value + tol),
                A_eq=np.ones((1, n)),
                b_eq=[1],
                bounds=[(0, None)] * n,
            )
            found.append(sign * r.fun)
        return tuple(found)

    def smuggler_range(weights):
        found = []
        for sign in (1, -1):
            r = linprog(
                sign * weights,
                A_ub=-a.T,
                b_ub=np.full(n, -value + tol),
                A_eq=np.ones((1, m)),
                b_eq=[1],
                bounds=[(0, None)] * m,
            )
            found.append(sign * r.fun)
        return tuple(found)

    labels = list(game.offer_labels)[1:]
    ranges = {"no bribe": controller_range(np.array([p[-1] == "inspect" for p in cols], float))}
    for i, lab in enumerate(labels):
        ranges[lab] = controller_range(np.array([p[i] == "accept" for p in cols], float))
    bait = smuggler_range(np.array([d[0] == "honest" for d, _ in rows], float))
    return value, ranges, bait


@pytest.mark.parametrize("game", GAMES)
def test_the_set_equals_linprog_on_the_normal_form(game):
    every = equilibrium_set(game)
    value, ranges, bait = _linprog_ranges(game)
    assert float(every.value) == pytest.approx(value, abs=1e-6)
    assert tuple(map(float, every.inspect_range)) == pytest.approx(ranges["no bribe"], abs=1e-5)
    for label, bounds in every.accept_ranges.items():
        assert tuple(map(float, bounds)) == pytest.approx(ranges[label], abs=1e-5)
    assert tuple(map(float, every.bait_range)) == pytest.approx(bait, abs=1e-5)
    # nashpy's linear program (the package's solver) lands inside the set
    eq = solve_convoy_game(game)
    low, high = every.inspect_range
    assert float(low) - 1e-6 <= eq.inspect_rate <= float(high) + 1e-6


@pytest.mark.parametrize("p", [0.5, 0.3, 0.9])
def test_nashpy_vertex_enumeration_finds_the_same_extreme_inspection_rates(p):
    import nashpy

    game = ConvoyGame(p_dirty=p)
    a, b = game.payoff_matrices()
    plans = game.controller_plans()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        extremes = list(nashpy.Game(a, b).vertex_enumeration())
    rates = [
        sum(y[j] for j, plan in enumerate(plans) if plan[-1] == "inspect") for _, y in extremes
    ]
    low, high = equilibrium_set(game).inspect_range
    assert (min(rates), max(rates)) == pytest.approx((float(low), float(high)), abs=1e-9)


@pytest.mark.parametrize(
    "game",
    [
        ConvoyGame(),
        ConvoyGame(card="inspector", size=4, illegal=2, bribe=("legal", "legal")),
        ConvoyGame(card="lieutenant", size=2),
    ],
)
def test_regime_boundaries_are_where_the_value_bends_on_a_fine_grid(game):
    """V(p) by linprog on a grid of 1/168 steps (2/7, 3/7 and 5/12 are grid points): V bends
    at a grid point exactly when a package boundary lies strictly between its neighbours."""
    grid = [Fraction(k, 168) for k in range(1, 168)]
    values = [
        _linprog_value(ConvoyGame(**{**game.__dict__, "p_dirty": p}).payoff_matrices()[0])
        for p in grid
    ]
    boundaries = regime_boundaries(game)
    assert boundaries, "each of these games changes regime somewhere"
    for i in range(1, len(grid) - 1):
        bend = values[i] - (values[i - 1] + values[i + 1]) / 2
        inside = any(grid[i - 1] < b < grid[i + 1] for b in boundaries)
        assert (abs(bend) > 1e-4) == inside, (grid[i], bend)


def test_the_summary_reports_the_range_and_writes_money_one_way():
    text = solve_convoy_game(ConvoyGame(p_dirty=0.5)).summary()
    assert "from 51% to 65%" in text and "accept 42% of bribes" in text
    assert "−$4,917" in text and "$-" not in text
    rare = solve_convoy_game(ConvoyGame(p_dirty=0.3)).summary()
    assert "from 0% to 17%" in rare and "accept 100% of bribes" in rare


def test_the_set_refuses_a_game_that_is_not_zero_sum():
    with pytest.raises(ValueError, match="zero-sum"):
        equilibrium_set(ConvoyGame(zero_sum=False))
