"""Every equilibrium of the declaration game: the ranges, checked without the module's polytope.

The default board's numbers ship with the package, and so do their proofs
(``smuggle_equilibrium_certificates.json``): the tests check the proofs from
the payoffs alone, with no solver, so they run in seconds.

* Every extreme declarer strategy stored is an equilibrium: no type gains by
  switching, and the Officer gains nothing by changing a search rate
  (regrets computed here from the payoffs).
* The Crown holder's highest share of each declaration is reached (a stored
  equilibrium reaches it) and cannot be exceeded: weak duality with the
  stored multipliers of the Officer's conditions, the bound computed here
  from the payoffs (tolerance 1e-7 dollars of share). Its lowest share, 0,
  is reached by a stored equilibrium.
* The fewest declarations made: a stored equilibrium makes that many, and no
  choice of fewer among the declarations some equilibrium makes is feasible
  (every smaller subset tried, on constraints written here: a few small
  linear programs).
* The search rates of the declarations made, and every type's value, are the
  same in every equilibrium (a rank computed here).
* The value decomposition: the stored game without the immunity claim is an
  equilibrium whose two sides guarantee the same value (computed here).
* The kinds of declaration: the package's classification against one written
  here hand by hand; each kind's stored range read without solving, holding
  the stored equilibrium's own share, the ranges adding up to all
  declarations. (That a range is as wide as stored, and no wider, is checked
  only by the slow re-solve.)

Slow (``-m slow``, and ``scripts/solve_smuggle_equilibrium.py --check``):
everything solved again and compared; the highest perfume share and the value
without immunity by a second formulation, the whole dual linear program,
solved by HiGHS's interior-point method.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

pytest.importorskip("scipy")

from scipy.optimize import linprog
from scipy.sparse import coo_matrix, csr_matrix, hstack, identity, vstack

from prohis_nb.analysis import signalling
from prohis_nb.analysis.signalling_sets import (
    DeclarerSet,
    declaration_kinds,
    declarer_set,
    load_certificates,
    objective_key,
    value_decomposition,
)

#: Shares are probabilities: a stored bound and its proof agree to this.
TOL = 1e-7


@pytest.fixture(scope="module")
def eq():
    return signalling.declaration_equilibrium()


@pytest.fixture(scope="module")
def every(eq):
    return DeclarerSet.of(eq)


@pytest.fixture(scope="module")
def proofs():
    data = load_certificates()
    assert data is not None, (
        "certificates missing or stale: run scripts/solve_smuggle_equilibrium.py"
    )
    return data


def _dense(eq, rows):
    sigma = np.zeros(eq.accepted.shape)
    for i, j, x in rows:
        sigma[int(i), int(j)] = x
    return sigma


def _best_replies(eq):
    """Type × declaration: True where the declaration is a best reply at the stored rates."""
    a, b, s = eq.accepted, eq.searched, eq.search
    money = a + s[None, :] * (b - a)
    return money.max(axis=1)[:, None] - money <= 1e-7


def _weak_duality_bound(eq, objective, multipliers):
    """The lowest ``Σ objective σ`` any equilibrium σ can have, given the Officer's
    multipliers μ: ``Σ_t min_d (objective − μ_d p_t (A − B))`` over best replies.

    For an equilibrium σ, ``Σ_d μ_d gain_d(σ) ≥ 0`` term by term (gain_d = 0
    where the Officer mixes, ≤ 0 where it never searches and μ_d ≤ 0, ≥ 0
    where it always does and μ_d ≥ 0), so ``Σ c σ ≥ Σ (c − μ ∇gain) σ ≥`` the
    bound, since each type's σ sums to 1 over its best replies."""
    a, b, s, p = eq.accepted, eq.searched, eq.search, eq.probability
    mu = np.zeros(a.shape[1])
    for d, m in multipliers:
        mu[int(d)] = m
    mixing = (s > 1e-7) & (s < 1 - 1e-7)
    assert (mu[(s <= 1e-7)] <= 0).all() and (mu[(s >= 1 - 1e-7)] >= 0).all()
    assert set(np.flatnonzero(mu)) <= set(np.flatnonzero(mixing | (s <= 1e-7) | (s >= 1 - 1e-7)))
    reduced = objective - mu[None, :] * p[:, None] * (a - b)
    reduced[~_best_replies(eq)] = np.inf
    return reduced.min(axis=1).sum()


def _regrets(eq, strategy):
    """(largest gain of a type by switching, the Officer's gain by changing its rates)."""
    a, b, s, p = eq.accepted, eq.searched, eq.search, eq.probability
    money = a + s[None, :] * (b - a)
    declarer = (money.max(axis=1) - (strategy * money).sum(axis=1)).max()
    gain = ((p[:, None] * strategy) * (a - b)).sum(axis=0)
    officer = (np.maximum(gain, 0) - gain * s).sum()
    return declarer, officer


def test_the_crown_holders_extreme_mixes_are_equilibria_and_never_declare_a_crown(eq, proofs):
    crown = eq.type_index(["crown"])
    ranges = declarer_set().mix_ranges(["crown"])
    assert ("crown",) not in ranges  # never declared as a Crown, in any equilibrium
    assert len(ranges) >= 4
    stored = proofs["mixes"][f"{crown}"]
    highest = {proof["declaration"]: proof for proof in stored["highest"]}
    assert set(highest) == {eq.index(d) for d in ranges}
    lowest = [_dense(eq, rows) for rows in stored["lowest"]]
    for sigma in lowest:  # the witnesses of the lowest shares are equilibria
        declarer, officer = _regrets(eq, sigma)
        assert declarer < 1e-6 and officer < 1e-6
        assert np.allclose(sigma.sum(axis=1), 1, atol=1e-7)
    for d, (low, high) in ranges.items():
        j = eq.index(d)
        assert 0 <= low < high <= 1  # not one point: the mix differs between equilibria
        # the lowest: 0, and a stored equilibrium never makes it
        assert low == 0 and any(sigma[crown, j] <= 1e-9 for sigma in lowest)
        # the highest: reached by a stored equilibrium...
        proof = highest[j]
        sigma = _dense(eq, proof["sigma"])
        declarer, officer = _regrets(eq, sigma)
        assert declarer < 1e-6 and officer < 1e-6
        assert np.allclose(sigma.sum(axis=1), 1, atol=1e-7) and (sigma >= 0).all()
        assert sigma[crown, j] == pytest.approx(high, abs=TOL)
        # ... and exceeded by none (minimise −σ(d | crown): its bound is −high)
        objective = np.zeros(eq.accepted.shape)
        objective[crown, j] = -1.0
        assert -_weak_duality_bound(eq, objective, proof["multipliers"]) <= high + TOL


def test_a_wrong_multiplier_proves_nothing(eq, proofs):
    """The bound is not vacuous: without the stored multipliers it is weaker than the share."""
    crown = eq.type_index(["crown"])
    proof = proofs["mixes"][f"{crown}"]["highest"][0]
    objective = np.zeros(eq.accepted.shape)
    objective[crown, proof["declaration"]] = -1.0
    assert -_weak_duality_bound(eq, objective, []) > proof["value"] + 1e-3


@pytest.mark.slow
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


def test_the_declarations_made_range_from_its_two_ends(eq, proofs):
    fewest, most = declarer_set().made_range()
    somewhere = [eq.index(d) for d in declarer_set().made_somewhere()]
    everywhere = [eq.index(d) for d in declarer_set().made_everywhere()]
    assert most == len(somewhere) and set(everywhere) <= set(somewhere)
    assert len(everywhere) <= fewest <= most
    # the fewest: a stored equilibrium that makes exactly that many
    strategy = _dense(eq, proofs["fewest"])
    usage = eq.probability @ strategy
    assert int((usage > 1e-12).sum()) == fewest
    declarer, officer = _regrets(eq, strategy)
    assert declarer < 1e-6 and officer < 1e-6
    # no fewer: every smaller choice among the declarations made only sometimes is infeasible,
    # on the equilibrium conditions written here (best replies to the stored rates, the
    # Officer indifferent where it mixes)
    a, b, s, p = eq.accepted, eq.searched, eq.search, eq.probability
    replies = np.argwhere(_best_replies(eq))
    sometimes = sorted(set(somewhere) - set(everywhere))
    need = fewest - len(everywhere)

    def feasible(allowed):
        pairs = replies[np.isin(replies[:, 1], sorted(allowed))]
        t, d = pairs[:, 0], pairs[:, 1]
        k = np.arange(len(pairs))
        mixing = sorted(x for x in set(d.tolist()) if 1e-7 < s[x] < 1 - 1e-7)
        row_of = {x: len(p) + r for r, x in enumerate(mixing)}
        at = np.isin(d, mixing)
        rows = np.concatenate([t, [row_of[x] for x in d[at]]])
        cols = np.concatenate([k, k[at]])
        vals = np.concatenate([np.ones(len(pairs)), p[t[at]] * (a - b)[t[at], d[at]] / 100])
        matrix = coo_matrix((vals, (rows, cols)), shape=(len(p) + len(mixing), len(pairs)))
        rhs = np.concatenate([np.ones(len(p)), np.zeros(len(mixing))])
        result = linprog(
            np.zeros(len(pairs)), A_eq=matrix.tocsr(), b_eq=rhs, bounds=(0, 1), method="highs"
        )
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


def _without_immunity(eq):
    keep = [j for j, d in enumerate(eq.declarations) if d != signalling.IMMUNITY]
    return eq.accepted[:, keep], eq.searched[:, keep], eq.probability


def test_the_value_without_immunity_from_the_stored_solution(eq, proofs):
    """Both guarantees of the stored game without the immunity claim, from its payoffs: the
    Officer's rates hold the declarer to Σ_t p_t max_d u; the declarer's strategy holds the
    Officer to Σ λ A − Σ_d max(0, its gain from searching). Equal: that is the value."""
    a, b, p = _without_immunity(eq)
    stored = proofs["without_immunity"]
    s = np.array(stored["search"])
    assert ((s >= 0) & (s <= 1)).all()
    sigma = np.zeros(a.shape)
    for i, j, x in stored["strategy"]:
        sigma[int(i), int(j)] = x
    assert np.allclose(sigma.sum(axis=1), 1, atol=1e-7) and (sigma >= 0).all()
    officer_holds = p @ (a + s[None, :] * (b - a)).max(axis=1)
    weights = p[:, None] * sigma
    declarer_holds = (weights * a).sum() - np.maximum((weights * (a - b)).sum(axis=0), 0).sum()
    assert officer_holds == pytest.approx(declarer_holds, abs=1e-4)
    assert stored["value"] == pytest.approx(officer_holds, abs=1e-4)
    _check_decomposition(eq, officer_holds)


def _check_decomposition(eq, heard):
    parts = value_decomposition()
    assert parts.heard == pytest.approx(heard, abs=1e-4)
    assert parts.with_immunity == pytest.approx(eq.value)
    by_hand = sum(
        pi * (-(2 * d) * d / (2 * d + 200) if d else 0.0)  # −d f / (f + C) with f = 2d, C = 200
        for pi, d in zip(
            eq.probability, (eq.board.hand_duty(signalling.Counter(t.goods)) for t in eq.types)
        )
    )
    assert parts.by_2x2 == pytest.approx(by_hand)
    assert abs(parts.listening) < 5 < parts.immunity  # listening is worth little, immunity much


@pytest.mark.slow
def test_the_value_without_immunity_by_the_declarers_maximin(eq):
    """The declarer's side of the game without the immunity claim: maximise Σ λ A − Σ μ."""
    a, b, p = _without_immunity(eq)
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
    _check_decomposition(eq, -result.fun)


def _lesson_kinds(eq):
    """The kinds of declaration, hand by hand, as lesson 7 first wrote them."""
    board = eq.board
    out = {}
    for i, t in enumerate(eq.types):
        for j, d in enumerate(eq.declarations):
            if d == "immunity":
                kind = "claims immunity with the Bag" if t.bag else "claims immunity without it"
            elif signalling.Counter(d) == signalling.Counter(t.goods):
                kind = "the complete truth"
            elif not d:
                kind = "hides everything (declares nothing)"
            elif board.hand_duty(signalling.Counter(d)) < board.hand_duty(
                signalling.Counter(t.goods)
            ):
                kind = "under-declares (names cheaper goods)"
            else:
                kind = "over-declares"
            out[i, j] = kind
    return out


def test_the_kinds_of_declaration_and_their_stored_shares(eq, monkeypatch):
    kinds = declaration_kinds(eq)
    by_hand = _lesson_kinds(eq)
    for (i, j), kind in by_hand.items():
        assert kinds[kind][i, j] == 1.0
    assert sum(k.sum() for k in kinds.values()) == len(by_hand)  # each pair in one kind
    every = declarer_set()

    def no_solving(*args, **kwargs):
        raise AssertionError("a stored range was solved again")

    monkeypatch.setattr(DeclarerSet, "optimise", no_solving)
    total = [0.0, 0.0]
    for weights in kinds.values():
        low, high = every.range_of(weights)
        assert 0 <= low <= high + 1e-12 and high <= 1  # a point range may differ in the last bit
        total[0] += low
        total[1] += high
    assert total[0] <= 1 + 1e-7 <= total[1] + 2e-7  # the kinds' shares add up to every declaration
    # each stored share is reached: the stored equilibrium's own share lies in its range
    for weights in kinds.values():
        share = float((eq.probability[:, None] * eq.strategy * weights).sum())
        low, high = every.range_of(weights)
        assert low - 1e-7 <= share <= high + 1e-7
    # a weight nobody stored is not found by its key
    w = kinds["the complete truth"][every.pairs[:, 0], every.pairs[:, 1]]
    assert objective_key(w) != objective_key(w * 2)


@pytest.mark.slow
def test_solving_everything_again_matches_the_stored_files():
    """The full re-solve: the same check as ``scripts/solve_smuggle_equilibrium.py --check``."""
    import runpy
    from pathlib import Path

    script = Path(__file__).parents[2] / "scripts" / "solve_smuggle_equilibrium.py"
    check = runpy.run_path(str(script))["check"]
    assert check() == []


def test_a_range_of_zero_reads_as_zero_not_minus_zero():
    from prohis_nb.analysis.signalling_sets import describe_range

    assert describe_range((0.0, -0.0), digits=1) == "0.0%"
    assert describe_range((-1e-15, 0.25)) == "0% to 25%"
