"""Every equilibrium of the declaration game: the ranges, checked without the module's polytope.

* Every extreme declarer strategy the module reports is an equilibrium: no
  type gains by switching, and the Officer gains nothing by changing a
  search rate (regrets computed here from the payoffs).
* A bound is not exceeded: the Crown holder's highest share of perfume is
  found again by a second formulation, the whole dual linear program (every
  type × declaration, the declarer's guarantee held at the game's value),
  solved by HiGHS's interior-point method.
* The fewest declarations made: the strategy found makes that many, and no
  choice of fewer among the declarations some equilibrium makes is feasible
  (every smaller subset tried, on constraints written here).
* The search rates of the declarations made, and every type's value, are the
  same in every equilibrium (a rank computed here).
* The value decomposition: the game without the immunity claim solved again
  here as the declarer's maximin, by another method.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

pytest.importorskip("scipy")

from scipy.optimize import linprog  # noqa: E402
from scipy.sparse import coo_matrix, csr_matrix, hstack, identity, vstack  # noqa: E402

from prohis_nb.analysis import signalling  # noqa: E402
from prohis_nb.analysis.signalling_sets import (  # noqa: E402
    DeclarerSet,
    declarer_set,
    value_decomposition,
)


@pytest.fixture(scope="module")
def eq():
    return signalling.declaration_equilibrium()


@pytest.fixture(scope="module")
def every(eq):
    return DeclarerSet.of(eq)


def _regrets(eq, strategy):
    """(largest gain of a type by switching, the Officer's gain by changing its rates)."""
    a, b, s, p = eq.accepted, eq.searched, eq.search, eq.probability
    money = a + s[None, :] * (b - a)
    declarer = (money.max(axis=1) - (strategy * money).sum(axis=1)).max()
    gain = ((p[:, None] * strategy) * (a - b)).sum(axis=0)
    officer = (np.maximum(gain, 0) - gain * s).sum()
    return declarer, officer


def test_the_crown_holders_extreme_mixes_are_equilibria_and_never_declare_a_crown(eq, every):
    crown = eq.type_index(["crown"])
    ranges = declarer_set().mix_ranges(["crown"])
    assert ("crown",) not in ranges  # never declared as a Crown, in any equilibrium
    assert len(ranges) >= 4
    for d, (low, high) in ranges.items():
        assert 0 <= low < high <= 1  # not one point: the mix differs between equilibria
        k = int(
            np.flatnonzero((every.pairs[:, 0] == crown) & (every.pairs[:, 1] == eq.index(d)))[0]
        )
        c = np.zeros(every.size)
        c[k] = 1.0
        for maximise, bound in ((False, low), (True, high)):
            value, strategy = every.optimise(c, maximise=maximise)
            assert value == pytest.approx(bound, abs=1e-7)
            assert strategy[crown, eq.index(d)] == pytest.approx(bound, abs=1e-7)
            declarer, officer = _regrets(eq, strategy)
            assert declarer < 1e-6 and officer < 1e-6
            assert np.allclose(strategy.sum(axis=1), 1, atol=1e-7)


def test_the_highest_perfume_share_by_the_whole_dual_program(eq):
    """Second formulation: λ[t, d] = p_t σ(d|t) over every pair, μ_d ≥ max(0, the Officer's
    gain), the declarer's guarantee Σ λ A − Σ μ held at the game's value; maximise the
    Crown holder's perfume."""
    a, b, p = eq.accepted, eq.searched, eq.probability
    types, decls = a.shape
    n = types * decls
    columns = np.arange(n)
    a_eq = hstack(
        [
            coo_matrix((np.ones(n), (np.repeat(np.arange(types), decls), columns))),
            csr_matrix((types, decls)),
        ]
    ).tocsr()
    officer = coo_matrix(
        ((a - b).ravel(), (np.tile(np.arange(decls), types), columns)), shape=(decls, n)
    )
    guarantee = hstack([csr_matrix(-a.ravel()[None, :]), csr_matrix(np.ones((1, decls)))])
    a_ub = vstack([hstack([officer, -identity(decls)]), guarantee]).tocsr()
    b_ub = np.concatenate([np.zeros(decls), [-eq.value + 1e-6]])
    crown, perfume = eq.type_index(["crown"]), eq.index(["perfume"])
    c = np.zeros(n + decls)
    c[crown * decls + perfume] = -1 / p[crown]
    result = linprog(
        c, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=p, bounds=(0, None), method="highs-ipm"
    )
    assert result.status == 0
    low, high = declarer_set().mix_ranges(["crown"])[("perfume",)]
    assert -result.fun == pytest.approx(high, abs=1e-5)


def test_the_declarations_made_range_from_its_two_ends(eq, every):
    fewest, most = declarer_set().made_range()
    somewhere = [eq.index(d) for d in declarer_set().made_somewhere()]
    everywhere = [eq.index(d) for d in declarer_set().made_everywhere()]
    assert most == len(somewhere) and set(everywhere) <= set(somewhere)
    assert len(everywhere) <= fewest <= most
    # the fewest: an equilibrium that makes exactly that many
    count, strategy = every.fewest_made()
    assert count == fewest
    usage = eq.probability @ strategy
    assert int((usage > 1e-12).sum()) == fewest
    declarer, officer = _regrets(eq, strategy)
    assert declarer < 1e-6 and officer < 1e-6
    # no fewer: every smaller choice among the declarations made only sometimes is infeasible,
    # on the equilibrium conditions written here (best replies to the stored rates, the
    # Officer indifferent where it mixes)
    a, b, s, p = eq.accepted, eq.searched, eq.search, eq.probability
    money = a + s[None, :] * (b - a)
    best = money.max(axis=1)
    sometimes = sorted(set(somewhere) - set(everywhere))
    need = fewest - len(everywhere)

    def feasible(allowed):
        pairs = [(t, d) for t, d in np.argwhere(best[:, None] - money <= 1e-7) if d in allowed]
        rows, cols, vals, rhs, eq_rows = [], [], [], [], 0
        for t in range(len(p)):
            mine = [k for k, (tt, _) in enumerate(pairs) if tt == t]
            rows += [eq_rows] * len(mine)
            cols += mine
            vals += [1.0] * len(mine)
            rhs.append(1.0)
            eq_rows += 1
        for d in allowed:
            mine = [k for k, (_, dd) in enumerate(pairs) if dd == d]
            if mine and 1e-7 < s[d] < 1 - 1e-7:
                rows += [eq_rows] * len(mine)
                cols += mine
                vals += [p[pairs[k][0]] * (a - b)[pairs[k]] / 100 for k in mine]
                rhs.append(0.0)
                eq_rows += 1
        matrix = coo_matrix((vals, (rows, cols)), shape=(eq_rows, len(pairs))).tocsr()
        result = linprog(np.zeros(len(pairs)), A_eq=matrix, b_eq=rhs, bounds=(0, 1), method="highs")
        return result.status == 0

    assert feasible(set(everywhere) | set(sometimes))
    for size in range(need):
        for chosen in combinations(sometimes, size):
            assert not feasible(set(everywhere) | set(chosen))


def test_the_search_rates_of_declarations_made_and_every_value_are_pinned(eq):
    a, b, s = eq.accepted, eq.searched, eq.search
    money = a + s[None, :] * (b - a)
    best = money.max(axis=1)
    made = [eq.index(d) for d in declarer_set().made_somewhere()]
    pairs = [(t, d) for d in made for t in np.flatnonzero(best - money[:, d] <= 1e-7)]
    s_col = {d: k for k, d in enumerate(made)}
    v_col = {t: len(made) + k for k, t in enumerate(sorted({t for t, _ in pairs}))}
    matrix = np.zeros((len(pairs), len(s_col) + len(v_col)))
    for r, (t, d) in enumerate(pairs):
        matrix[r, v_col[t]] = 1
        matrix[r, s_col[d]] = -(b - a)[t, d]
    assert len(v_col) == len(eq.types)  # every type makes some declaration made
    assert np.linalg.matrix_rank(matrix) == matrix.shape[1]


def test_the_value_without_immunity_by_the_declarers_maximin(eq):
    """The declarer's side of the game without the immunity claim: maximise Σ λ A − Σ μ."""
    keep = [j for j, d in enumerate(eq.declarations) if d != signalling.IMMUNITY]
    a, b, p = eq.accepted[:, keep], eq.searched[:, keep], eq.probability
    types, decls = a.shape
    n = types * decls
    columns = np.arange(n)
    a_eq = hstack(
        [
            coo_matrix((np.ones(n), (np.repeat(np.arange(types), decls), columns))),
            csr_matrix((types, decls)),
        ]
    ).tocsr()
    officer = coo_matrix(
        ((a - b).ravel(), (np.tile(np.arange(decls), types), columns)), shape=(decls, n)
    )
    a_ub = hstack([officer, -identity(decls)]).tocsr()
    c = np.concatenate([-a.ravel(), np.ones(decls)])
    result = linprog(
        c, A_ub=a_ub, b_ub=np.zeros(decls), A_eq=a_eq, b_eq=p, bounds=(0, None), method="highs-ipm"
    )
    assert result.status == 0
    parts = value_decomposition()
    assert parts.heard == pytest.approx(-result.fun, abs=1e-4)
    assert parts.with_immunity == pytest.approx(eq.value)
    by_hand = sum(
        pi * (-(2 * d) * d / (2 * d + 200) if d else 0.0)  # −d f / (f + C) with f = 2d, C = 200
        for pi, d in zip(p, (eq.board.hand_duty(signalling.Counter(t.goods)) for t in eq.types))
    )
    assert parts.by_2x2 == pytest.approx(by_hand)
    assert abs(parts.listening) < 5 < parts.immunity  # listening is worth little, immunity much
