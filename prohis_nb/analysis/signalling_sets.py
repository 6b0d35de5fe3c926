"""Every equilibrium of Smuggle's declaration game: what they share, and how far they differ.

:func:`~prohis_nb.analysis.signalling.solve` returns *one* equilibrium: the
declarer's mix is a vertex of the linear program's optimal face, whichever
HiGHS reaches first. A zero-sum game may have many equilibria, all worth the
same, and a lesson that prints the one vertex as *the* equilibrium reports an
accident of the solver as a fact of the game (lesson 5 makes the same point
for the convoy game: report the range). This module finds the whole set.

**Every equilibrium, from one.** In a zero-sum game the equilibria are the
pairs of an optimal declarer strategy and an optimal Officer strategy, and
any optimal strategy of one side is a best reply to *every* optimal strategy
of the other. So, with ``s*`` the stored search rates (optimal), a declarer
strategy ``σ`` is optimal exactly when

1. each type declares only what is best for it against ``s*`` (its *best
   replies*: the declarations within ``tol`` of its best value), and
2. ``s*`` is a best reply to ``σ``: at a declaration the Officer searches
   sometimes (``0 < s*_d < 1``) it gains nothing by searching,
   ``Σ_t p_t σ(d|t) (A − B)[t, d] = 0``; never searched, it gains nothing
   (``≤ 0``); always searched, it loses nothing (``≥ 0``).

Those are linear constraints on ``σ``: the declarer's equilibrium strategies
form a polytope (:class:`DeclarerSet`), and the lowest and highest value of
any linear quantity over it (how often a Crown holder declares a perfume, how
often a declaration is made) is a small linear program, ``scipy``'s HiGHS.
A share *of* a declaration (how often a declaration of one wine is false) is
a ratio of two linear quantities, optimised by the Charnes–Cooper change of
variables (:meth:`DeclarerSet.ratio_range`). How many declarations are made
is not linear: the most is the number of declarations *some* equilibrium
makes (a mix of equilibria is one, and makes them all), the fewest is a small
mixed-integer program (HiGHS's branch and bound).

**What every equilibrium shares.** The Officer's side is pinned: every
declaration that some equilibrium makes is searched at the same rate in all
of them, and every hand type is worth the same (the equations "type ``t`` is
indifferent between the declarations it may make" have one solution;
:func:`pinned_search_rates` checks it). What differs is *who says what*.

The default board's numbers take about a minute to find, so they ship with
the package beside the stored solution (:data:`STORED_SUMMARY`, written by
``scripts/solve_smuggle_equilibrium.py``), read back by :func:`declarer_set`
when their fingerprint matches. Tests check them against a second
formulation of the game (the whole dual linear program, solved by HiGHS's
interior-point method), against brute force on small packs, and check every
extreme strategy found against the payoffs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any

from prohis_nb.analysis.signalling import (
    IMMUNITY,
    Declaration,
    DeclarationEquilibrium,
    HandType,
    declaration_equilibrium,
    describe,
    model_fingerprint,
)

#: Best replies: declarations within this many dollars of a type's best value.
TOLERANCE = 1e-7
#: A probability below this counts as zero (HiGHS's feasibility tolerance is 1e-7).
ZERO = 1e-7
#: The default board's summary, as package data beside this module.
STORED_SUMMARY = "smuggle_equilibrium_set.json"

Bounds = tuple[float, float]


@dataclass(frozen=True, eq=False)
class DeclarerSet:
    """The declarer's equilibrium strategies of a solved declaration game, as a polytope.

    ``equilibrium``: one solved equilibrium (its search rates are optimal; its
    declarer mix is one point of the set). ``pairs``: every (type row,
    declaration column) that is a best reply against those rates; the
    variables of the polytope are ``σ(d | t)`` for these pairs.
    """

    equilibrium: DeclarationEquilibrium
    pairs: Any = field(repr=False)  # (n, 2) array: type row, declaration column
    stored: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    # ------------------------------------------------------------ the polytope

    @classmethod
    def of(cls, eq: DeclarationEquilibrium, tolerance: float = TOLERANCE) -> DeclarerSet:
        """The set of every equilibrium of the game ``eq`` solved (see the module docstring)."""
        import numpy as np

        money = eq.accepted + eq.search[None, :] * (eq.searched - eq.accepted)
        best = money.max(axis=1)
        pairs = np.argwhere(best[:, None] - money <= tolerance)
        return cls(eq, pairs)

    @property
    def size(self) -> int:
        """How many (type, declaration) best-reply pairs the polytope has as variables."""
        return len(self.pairs)

    @cached_property
    def _constraints(self) -> tuple[Any, Any, Any, Any]:
        """``(A_eq, b_eq, A_ub, b_ub)`` of the polytope in the variables ``σ`` of :attr:`pairs`."""
        return self._constraints_and_rows[0]

    @cached_property
    def _constraints_and_rows(self) -> tuple[tuple[Any, Any, Any, Any], list[tuple[int, float]]]:
        """The constraints, and for each declaration row ``(column d, row factor)``: the
        equality rows after the types' rows, then the inequality rows, each the Officer's
        gain ``Σ_t p_t σ(d|t) (A − B)[t, d]`` times its factor (scale and sign)."""
        import numpy as np
        from scipy.sparse import coo_matrix

        eq = self.equilibrium
        eq_meaning: list[tuple[int, float]] = []
        ub_meaning: list[tuple[int, float]] = []
        rows_t, cols_d = self.pairs[:, 0], self.pairs[:, 1]
        n = len(self.pairs)
        types = len(eq.types)
        # the Officer's gain from searching rather than accepting, per pair, scaled per column
        gain = eq.probability[rows_t] * (eq.accepted - eq.searched)[rows_t, cols_d]
        eq_rows, eq_cols, eq_vals = list(rows_t), list(range(n)), [1.0] * n
        b_eq = [1.0] * types  # Σ_d σ(d | t) = 1
        ub_rows: list[int] = []
        ub_cols: list[int] = []
        ub_vals: list[float] = []
        next_eq, next_ub = types, 0
        for d in np.unique(cols_d):
            at = np.flatnonzero(cols_d == d)
            scale = float(np.abs(gain[at]).max()) or 1.0
            values = list(gain[at] / scale)
            s = float(eq.search[d])
            if ZERO < s < 1 - ZERO:  # indifferent: no gain from searching
                eq_rows += [next_eq] * len(at)
                eq_cols += list(at)
                eq_vals += values
                b_eq.append(0.0)
                eq_meaning.append((int(d), 1.0 / scale))
                next_eq += 1
            else:  # never searched: gain ≤ 0; always searched: gain ≥ 0
                sign = 1.0 if s <= ZERO else -1.0
                ub_rows += [next_ub] * len(at)
                ub_cols += list(at)
                ub_vals += [sign * v for v in values]
                ub_meaning.append((int(d), sign / scale))
                next_ub += 1
        a_eq = coo_matrix((eq_vals, (eq_rows, eq_cols)), shape=(next_eq, n)).tocsr()
        a_ub = coo_matrix((ub_vals, (ub_rows, ub_cols)), shape=(next_ub, n)).tocsr()
        return (a_eq, np.array(b_eq), a_ub, np.zeros(next_ub)), eq_meaning + ub_meaning

    def optimise(self, objective: Any, maximise: bool = False) -> tuple[float, Any]:
        """The lowest (or highest) ``Σ objective[k] σ_k`` over every equilibrium, and a σ there.

        ``objective``: one coefficient per pair of :attr:`pairs`. Returns the
        value and the declarer's strategy as a type × declaration matrix.
        """
        import numpy as np
        from scipy.optimize import linprog

        a_eq, b_eq, a_ub, b_ub = self._constraints
        c = np.asarray(objective, dtype=float)
        result = linprog(
            -c if maximise else c,
            A_ub=a_ub if a_ub.shape[0] else None,
            b_ub=b_ub if a_ub.shape[0] else None,
            A_eq=a_eq,
            b_eq=b_eq,
            bounds=(0, 1),
            method="highs",
        )
        if result.status != 0:  # pragma: no cover - the stored equilibrium is always feasible
            raise RuntimeError(f"the linear program failed: {result.message}")
        return (-result.fun if maximise else result.fun), self.strategy(result.x)

    def certificate(self, objective: Any, maximise: bool = False) -> dict[str, Any]:
        """A checkable proof of :meth:`optimise`'s answer: where it is reached, and why no
        equilibrium goes further.

        ``value``: the lowest (highest) ``Σ objective[k] σ_k``. ``sigma``: an
        equilibrium declarer strategy reaching it, as ``[type, declaration,
        probability]`` rows. ``multipliers``: ``[declaration, μ_d]``, the linear
        program's dual values of the Officer's conditions, written as
        ``μ_d · Σ_t p_t σ(d|t) (A − B)[t, d]`` (for a minimum; for a maximum,
        of the negated objective). With them, for every equilibrium ``σ``
        (each type's probabilities summing to 1),
        ``Σ c σ ≥ Σ_t min_d (c − μ_d p_t (A − B))[t, d]`` over the type's
        best replies, since ``μ_d ≥ 0`` where the Officer always searches
        (gain ≥ 0), ``μ_d ≤ 0`` where it never does (gain ≤ 0) and the gain
        is 0 where it mixes. A test computes that bound from the payoffs alone
        and checks that it meets ``value``: weak duality, no solver needed.
        """
        import numpy as np
        from scipy.optimize import linprog

        a_eq, b_eq, a_ub, b_ub = self._constraints
        _, meaning = self._constraints_and_rows
        c = np.asarray(objective, dtype=float)
        c = -c if maximise else c
        result = linprog(
            c,
            A_ub=a_ub if a_ub.shape[0] else None,
            b_ub=b_ub if a_ub.shape[0] else None,
            A_eq=a_eq,
            b_eq=b_eq,
            bounds=(0, 1),
            method="highs",
        )
        if result.status != 0:  # pragma: no cover - the stored equilibrium is always feasible
            raise RuntimeError(f"the linear program failed: {result.message}")
        types = len(self.equilibrium.types)
        duals = list(result.eqlin.marginals[types:])
        if a_ub.shape[0]:
            duals += list(result.ineqlin.marginals)
        sigma = self.strategy(result.x)
        rows, cols = np.nonzero(sigma > 1e-12)
        return {
            "value": float(-result.fun if maximise else result.fun),
            "sigma": [
                [int(i), int(j), float(sigma[i, j])] for i, j in zip(rows, cols, strict=True)
            ],
            "multipliers": [
                [d, float(y * factor)]
                for (d, factor), y in zip(meaning, duals, strict=True)
                if y != 0.0
            ],
        }

    def strategy(self, sigma: Any) -> Any:
        """A type × declaration matrix from the values of the pairs' variables."""
        import numpy as np

        eq = self.equilibrium
        out = np.zeros((len(eq.types), len(eq.declarations)))
        out[self.pairs[:, 0], self.pairs[:, 1]] = np.clip(sigma, 0.0, 1.0)
        return out

    def range_of(self, weights: Any) -> Bounds:
        """Lowest and highest ``Σ_t,d p_t σ(d|t) weights[t, d]`` over every equilibrium.

        ``weights``: a type × declaration matrix, e.g. 1 where a declaration is
        the complete truth about the hand, for the share of true declarations.
        """
        import numpy as np

        eq = self.equilibrium
        w = np.asarray(weights, dtype=float)[self.pairs[:, 0], self.pairs[:, 1]]
        stored = self.stored.get("ranges", {}).get(objective_key(w))
        if stored is not None:
            return float(stored[0]), float(stored[1])
        c = eq.probability[self.pairs[:, 0]] * w
        low, _ = self.optimise(c)
        high, _ = self.optimise(c, maximise=True)
        return low, high

    def ratio_range(
        self, declaration: Declaration | Sequence[str], weights: Any, values: Any
    ) -> Bounds | None:
        """Range of ``Σ_t w_t σ(d|t) v_t / Σ_t w_t σ(d|t)`` for ``d = declaration``.

        The average of ``values`` over the hands that make the declaration,
        each weighted by ``weights`` (a belief about the hand) times how
        likely its type makes it: with ``w = p`` and ``v`` = 1 for a false
        hand, the share of false declarations; with the coach's card count
        as ``w`` and the Officer's gain on each hand as ``v``, the Officer's
        expected gain from searching. Optimised by the Charnes–Cooper
        transformation (``y = τ σ``, ``Σ w y = 1``). ``None`` when no hand
        with ``w > 0`` makes the declaration in any equilibrium.
        """
        found = self.ratio_extremes(declaration, weights, values)
        return None if found is None else (found[0][0], found[1][0])

    @cached_property
    def _charnes_cooper(self) -> tuple[Any, Any]:
        """``([A_eq, −b_eq], [A_ub, 0])``: the polytope's rows in ``(y, τ)`` (built once)."""
        from scipy.sparse import coo_matrix, hstack

        a_eq, b_eq, a_ub, _ = self._constraints
        big_eq = hstack([a_eq, coo_matrix(-b_eq.reshape(-1, 1))]).tocsr()
        big_ub = hstack([a_ub, coo_matrix((a_ub.shape[0], 1))]).tocsr() if a_ub.shape[0] else None
        return big_eq, big_ub

    def ratio_extremes(
        self,
        declaration: Declaration | Sequence[str],
        weights: Any,
        values: Any,
        sides: Sequence[int] = (-1, 1),
    ) -> tuple[tuple[float, Any], tuple[float, Any]] | None:
        """``((lowest, σ there), (highest, σ there))`` of :meth:`ratio_range`'s average.

        Each ``σ`` is a whole equilibrium declarer strategy (a type ×
        declaration matrix) at which the average takes that value: two equally
        exact equilibria a lesson, the coach or a test can compare. ``sides``:
        ``(-1,)`` solves only the lowest, ``(1,)`` only the highest (one linear
        program each); the end not solved is returned as ``(nan, None)``.
        """
        import numpy as np
        from scipy.optimize import linprog
        from scipy.sparse import coo_matrix, vstack

        eq = self.equilibrium
        j = eq.index(declaration)
        w = np.asarray(weights, dtype=float)
        v = np.asarray(values, dtype=float)
        at = np.flatnonzero((self.pairs[:, 1] == j) & (w[self.pairs[:, 0]] > 0))
        if not len(at):
            return None
        base_eq, big_ub = self._charnes_cooper
        n = self.size
        # y ≥ 0 and τ ≥ 0: A_eq y − b_eq τ = 0, A_ub y ≤ 0, Σ_at w y = 1
        norm = coo_matrix((w[self.pairs[at, 0]], ([0] * len(at), at)), shape=(1, n + 1))
        big_eq = vstack([base_eq, norm]).tocsr()
        rhs = np.zeros(big_eq.shape[0])
        rhs[-1] = 1.0
        c = np.zeros(n + 1)
        c[at] = w[self.pairs[at, 0]] * v[self.pairs[at, 0]]
        out: list[tuple[float, Any]] = []
        for side in (-1, 1):
            if side not in sides:
                out.append((float("nan"), None))
                continue
            sign = -float(side)
            result = linprog(
                sign * c,
                A_ub=big_ub,
                b_ub=np.zeros(big_ub.shape[0]) if big_ub is not None else None,
                A_eq=big_eq,
                b_eq=rhs,
                bounds=(0, None),
                method="highs",
            )
            if result.status != 0 or result.x[-1] <= 0:
                return None  # nobody with w > 0 ever makes it
            out.append((sign * result.fun, self.strategy(result.x[:n] / result.x[-1])))
        return out[0], out[1]

    # ------------------------------------------------------------ what a lesson asks

    def mix_ranges(self, goods: Sequence[str], bag: bool = False) -> dict[Declaration, Bounds]:
        """How often the type holding ``goods`` makes each declaration, lowest and highest.

        Every declaration it makes in *some* equilibrium, most likely first;
        a declaration it makes in none is left out.
        """
        eq = self.equilibrium
        i = eq.type_index(goods, bag)
        key = f"{i}"
        stored = self.stored.get("mixes", {}).get(key)
        if stored is not None:
            return {eq.declarations[j]: (lo, hi) for j, lo, hi in stored}
        out = {}
        for k in (k for k in range(self.size) if self.pairs[k, 0] == i):
            c = [0.0] * self.size
            c[k] = 1.0
            high, _ = self.optimise(c, maximise=True)
            if high > ZERO:
                low, _ = self.optimise(c)
                out[eq.declarations[self.pairs[k, 1]]] = (max(low, 0.0), min(high, 1.0))
        return dict(sorted(out.items(), key=lambda kv: -kv[1][1]))

    def usage_range(self, declaration: Declaration | Sequence[str]) -> Bounds:
        """How often ``declaration`` is made (all hands together): lowest and highest."""
        import numpy as np

        eq = self.equilibrium
        j = eq.index(declaration)
        stored = self.stored.get("declarations", {}).get(f"{j}")
        if stored is not None:
            return stored["made"][0], stored["made"][1]
        weights = np.zeros((len(eq.types), len(eq.declarations)))
        weights[:, j] = 1.0
        return self.range_of(weights)

    def false_share_range(self, declaration: Declaration | Sequence[str]) -> Bounds | None:
        """How often ``declaration`` is not the complete truth, when made: lowest and highest."""
        import numpy as np

        eq = self.equilibrium
        j = eq.index(declaration)
        stored = self.stored.get("declarations", {}).get(f"{j}")
        if stored is not None:
            return None if stored["false"] is None else tuple(stored["false"])
        d = eq.declarations[j]
        false = np.array([(not t.bag) if d == IMMUNITY else (t.goods != d) for t in eq.types])
        return self.ratio_range(d, eq.probability, false.astype(float))

    def made_somewhere(self) -> tuple[Declaration, ...]:
        """The declarations that *some* equilibrium makes (a mix of equilibria makes them all)."""
        import numpy as np

        eq = self.equilibrium
        if "made_somewhere" in self.stored:
            return tuple(eq.declarations[j] for j in self.stored["made_somewhere"])
        positive = np.zeros(self.size, bool)
        while True:  # maximise the pairs not yet seen positive, until none can be
            _, sigma = self.optimise((~positive).astype(float), maximise=True)
            now = sigma[self.pairs[:, 0], self.pairs[:, 1]] > ZERO
            if not (now & ~positive).any():
                break
            positive |= now
        for k in np.flatnonzero(~positive):  # the rest one by one: is it ever positive?
            c = np.zeros(self.size)
            c[k] = 1.0
            high, _ = self.optimise(c, maximise=True)
            positive[k] = high > ZERO
        return tuple(eq.declarations[j] for j in sorted(set(self.pairs[positive, 1])))

    def made_everywhere(self) -> tuple[Declaration, ...]:
        """The declarations that *every* equilibrium makes."""

        eq = self.equilibrium
        if "made_everywhere" in self.stored:
            return tuple(eq.declarations[j] for j in self.stored["made_everywhere"])
        out = []
        for d in self.made_somewhere():
            c = (self.pairs[:, 1] == eq.index(d)).astype(float)
            low, _ = self.optimise(c)
            if low > ZERO:
                out.append(d)
        return tuple(out)

    def fewest_made(self) -> tuple[int, Any]:
        """The fewest declarations an equilibrium makes, and one such declarer strategy.

        A mixed-integer program: one 0/1 variable per declaration some
        equilibrium makes (may it be made?), ``σ(d|t) ≤ that variable``,
        minimise their sum (HiGHS's branch and bound proves the minimum).
        """
        import numpy as np
        from scipy.optimize import Bounds as Box
        from scipy.optimize import LinearConstraint, milp
        from scipy.sparse import coo_matrix, hstack, identity

        eq = self.equilibrium
        made = [eq.index(d) for d in self.made_somewhere()]
        column = {j: k for k, j in enumerate(made)}
        n, m = self.size, len(made)
        allowed = np.array([j in column for j in self.pairs[:, 1]])
        link = coo_matrix(
            (
                np.ones(int(allowed.sum())),
                (np.flatnonzero(allowed), [column[j] for j in self.pairs[allowed, 1]]),
            ),
            shape=(n, m),
        )
        a_eq, b_eq, a_ub, b_ub = self._constraints
        constraints = [
            LinearConstraint(hstack([a_eq, coo_matrix((a_eq.shape[0], m))]).tocsr(), b_eq, b_eq),
            LinearConstraint(hstack([identity(n), -link]).tocsr(), -np.inf, 0),
        ]
        if a_ub.shape[0]:
            constraints.append(
                LinearConstraint(
                    hstack([a_ub, coo_matrix((a_ub.shape[0], m))]).tocsr(), -np.inf, b_ub
                )
            )
        result = milp(
            np.concatenate([np.zeros(n), np.ones(m)]),
            constraints=constraints,
            integrality=np.concatenate([np.zeros(n), np.ones(m)]),
            bounds=Box(np.zeros(n + m), np.concatenate([allowed.astype(float), np.ones(m)])),
        )
        if result.status != 0:  # pragma: no cover
            raise RuntimeError(f"the mixed-integer program failed: {result.message}")
        return round(result.fun), self.strategy(result.x[:n])

    def made_range(self) -> tuple[int, int]:
        """The fewest and the most declarations made in an equilibrium."""
        if "made_range" in self.stored:
            low, high = self.stored["made_range"]
            return int(low), int(high)
        return self.fewest_made()[0], len(self.made_somewhere())


def pinned_search_rates(eq: DeclarationEquilibrium, made: Sequence[Declaration]) -> bool:
    """True when the indifference equations pin the search rates of ``made`` and every value.

    Every equilibrium declarer strategy is a best reply to every optimal
    Officer strategy; a mix of equilibria makes every declaration of
    ``made``, so each type must be indifferent among all the declarations it
    may make there: ``v_t = A[t, d] + s_d (B − A)[t, d]``. When these linear
    equations have one solution (full column rank), every optimal Officer
    searches ``made`` at the same rates and every type is worth the same.
    """
    import numpy as np

    money = eq.accepted + eq.search[None, :] * (eq.searched - eq.accepted)
    best = money.max(axis=1)
    columns = [eq.index(d) for d in made]
    rows = []
    for j in columns:
        for i in np.flatnonzero(best - money[:, j] <= TOLERANCE):
            rows.append((i, j))
    unknowns = {("s", j) for _, j in rows} | {("v", i) for i, _ in rows}
    index = {u: k for k, u in enumerate(sorted(unknowns))}
    matrix = np.zeros((len(rows), len(index)))
    for r, (i, j) in enumerate(rows):
        matrix[r, index[("v", i)]] = 1.0
        matrix[r, index[("s", j)]] = -(eq.searched - eq.accepted)[i, j]
    return int(np.linalg.matrix_rank(matrix)) == len(index)


# ---------------------------------------------------------------- the stored summary


#: Hand types whose mixes the lessons and docs show: their ranges are stored too.
FEATURED_TYPES: tuple[tuple[str, ...], ...] = (("crown",),)
#: The certificates of the stored ranges, as package data beside this module (tests read them).
STORED_CERTIFICATES = "smuggle_equilibrium_certificates.json"


def objective_key(weights_of_pairs: Any) -> str:
    """A short digest of a weight per best-reply pair: how :meth:`DeclarerSet.range_of` finds
    a stored range (the weights rounded to 12 digits, so the same weights built in another
    order or by another loop find it)."""
    import hashlib

    import numpy as np

    w = np.round(np.asarray(weights_of_pairs, dtype=float), 12) + 0.0  # no −0.0
    return hashlib.sha256(w.tobytes()).hexdigest()[:16]


def declaration_kinds(eq: DeclarationEquilibrium) -> dict[str, Any]:
    """Every (hand type, declaration) pair by what the declaration says about the hand.

    ``{kind: type × declaration matrix, 1 where the pair is of that kind}``:
    *the complete truth* (the declared goods are exactly the goods held),
    *hides everything* (declares nothing while holding goods), *under-declares*
    (names goods whose duty is less than the duty on the goods held),
    *over-declares* (names other goods of at least the same duty), and the
    immunity claim *with* or *without* the Diplomatic Bag. Weighted by
    ``p_t σ(d|t)`` (:meth:`DeclarerSet.range_of`), each kind's share of all
    declarations.
    """
    import numpy as np

    board = eq.board
    held = np.array([board.hand_duty(Counter(t.goods)) for t in eq.types], dtype=float)
    bag = np.array([t.bag for t in eq.types])
    immunity = np.array([d == IMMUNITY for d in eq.declarations])
    said = np.array(
        [0.0 if d == IMMUNITY else board.hand_duty(Counter(d)) for d in eq.declarations]
    )
    empty = np.array([d != IMMUNITY and not d for d in eq.declarations])
    goods: dict[tuple[str, ...], list[int]] = {t.goods: [] for t in eq.types}
    for i, t in enumerate(eq.types):
        goods[t.goods].append(i)
    truth = np.zeros((len(eq.types), len(eq.declarations)), bool)
    for j, d in enumerate(eq.declarations):
        if d != IMMUNITY:
            truth[goods.get(tuple(d), []), j] = True
    rest = ~immunity[None, :] & ~truth
    kinds = {
        "hides everything (declares nothing)": rest & empty[None, :],
        "under-declares (names cheaper goods)": rest
        & ~empty[None, :]
        & (said[None, :] < held[:, None]),
        "over-declares": rest & ~empty[None, :] & (said[None, :] >= held[:, None]),
        "the complete truth": truth,
        "claims immunity without it": immunity[None, :] & ~bag[:, None],
        "claims immunity with the Bag": immunity[None, :] & bag[:, None],
    }
    return {kind: where.astype(float) for kind, where in kinds.items()}


def summary_json(every: DeclarerSet) -> dict[str, Any]:
    """What is stored of the set: the declarations made, their ranges, the featured mixes."""
    eq = every.equilibrium
    somewhere = every.made_somewhere()
    everywhere = every.made_everywhere()
    fewest, _ = every.fewest_made()
    declarations = {}
    for d in somewhere:
        declarations[f"{eq.index(d)}"] = {
            "made": list(every.usage_range(d)),
            "false": every.false_share_range(d),
        }
    ranges = {}
    for weights in declaration_kinds(eq).values():
        w = weights[every.pairs[:, 0], every.pairs[:, 1]]
        ranges[objective_key(w)] = list(every.range_of(weights))
    mixes = {}
    for goods in FEATURED_TYPES:
        i = eq.type_index(goods)
        mixes[f"{i}"] = [[eq.index(d), lo, hi] for d, (lo, hi) in every.mix_ranges(goods).items()]
    return {
        "about": "Every equilibrium of the Smuggle declaration game on the default board, "
        "found by prohis_nb.analysis.signalling_sets; regenerate with "
        "scripts/solve_smuggle_equilibrium.py",
        "fingerprint": model_fingerprint(eq.types, eq.declarations, eq.board),
        "made_range": [fewest, len(somewhere)],
        "made_somewhere": [eq.index(d) for d in somewhere],
        "made_everywhere": [eq.index(d) for d in everywhere],
        "declarations": declarations,
        "mixes": mixes,
        "ranges": ranges,
        "value_without_immunity": value_without_immunity(eq.board, stored=False),
    }


def certificates_json(every: DeclarerSet) -> dict[str, Any]:
    """Checkable proofs of the stored numbers a test would otherwise find by solving again.

    * ``mixes``: for each featured type and each declaration it makes in some
      equilibrium, the highest share's :meth:`DeclarerSet.certificate`, and
      ``lowest``: equilibrium strategies in which the type never makes it
      (the lowest share is 0: one strategy per declaration, most shared).
    * ``fewest``: an equilibrium strategy that makes the fewest declarations.
    * ``without_immunity``: the game with no immunity claim, solved (the
      Officer's search rates and the declarer's strategy), whose two
      guarantees a test computes from the payoffs.
    """
    import numpy as np

    from prohis_nb.analysis.signalling import ALL_DECLARATIONS, hand_types, solve

    def sparse(sigma: Any) -> list[list[float]]:
        rows, cols = np.nonzero(sigma > 1e-12)
        return [[int(i), int(j), float(sigma[i, j])] for i, j in zip(rows, cols, strict=True)]

    eq = every.equilibrium
    mixes: dict[str, Any] = {}
    for goods in FEATURED_TYPES:
        i = eq.type_index(goods)
        highest, lowest = [], []
        for d in every.mix_ranges(goods):
            k = int(
                np.flatnonzero((every.pairs[:, 0] == i) & (every.pairs[:, 1] == eq.index(d)))[0]
            )
            c = np.zeros(every.size)
            c[k] = 1.0
            proof = every.certificate(c, maximise=True)
            highest.append({"declaration": eq.index(d), **proof})
        # the lowest shares: strategies in which the type avoids each declaration in turn
        avoided: set[int] = set()
        for d in every.mix_ranges(goods):
            j = eq.index(d)
            if j in avoided:
                continue
            k = int(np.flatnonzero((every.pairs[:, 0] == i) & (every.pairs[:, 1] == j))[0])
            c = np.zeros(every.size)
            c[k] = 1.0
            _, sigma = every.optimise(c)
            avoided |= {int(x) for x in np.flatnonzero(sigma[i] <= ZERO)}
            lowest.append(sparse(sigma))
        mixes[f"{i}"] = {"highest": highest, "lowest": lowest}
    _, fewest = every.fewest_made()
    without = [d for d in ALL_DECLARATIONS if d != IMMUNITY]
    game = solve(hand_types(), without, eq.board)
    return {
        "about": "Certificates of smuggle_equilibrium_set.json's numbers (checked by "
        "tests/analysis/test_signalling_sets.py); regenerate with "
        "scripts/solve_smuggle_equilibrium.py",
        "fingerprint": model_fingerprint(eq.types, eq.declarations, eq.board),
        "mixes": mixes,
        "fewest": sparse(fewest),
        "without_immunity": {
            "value": float(game.value),
            "search": [float(x) for x in game.search],
            "strategy": sparse(game.strategy),
        },
    }


def load_certificates() -> dict[str, Any] | None:
    """The stored certificates, or ``None`` if missing or found for another model."""
    import json
    from importlib.resources import files

    try:
        text = files("prohis_nb.analysis").joinpath(STORED_CERTIFICATES).read_text("utf-8")
        data = json.loads(text)
    except (OSError, ValueError):
        return None
    eq = declaration_equilibrium()
    if data.get("fingerprint") != model_fingerprint(eq.types, eq.declarations, eq.board):
        return None
    return data


def compare_with_fresh(stored: Mapping[str, Any], fresh: Mapping[str, Any]) -> list[str]:
    """Where a freshly found summary differs from the stored one (numbers to 1e-6; empty:
    the same). Two solves may reach different vertices, so strategies are not compared;
    every number the lessons show is."""

    def walk(a: Any, b: Any, where: str) -> list[str]:
        if isinstance(a, Mapping) and isinstance(b, Mapping):
            if set(a) != set(b):
                return [f"{where}: keys {sorted(set(a) ^ set(b))} differ"]
            return [x for k in a for x in walk(a[k], b[k], f"{where}.{k}")]
        if isinstance(a, list) and isinstance(b, list):
            if len(a) != len(b):
                return [f"{where}: {len(a)} entries against {len(b)}"]
            return [x for k, (u, v) in enumerate(zip(a, b)) for x in walk(u, v, f"{where}[{k}]")]
        if isinstance(a, (int, float)) and isinstance(b, (int, float)):
            return [] if abs(a - b) <= 1e-6 else [f"{where}: {a} stored, {b} now"]
        return [] if a == b else [f"{where}: {a!r} stored, {b!r} now"]

    return walk(stored, fresh, "summary")


def load_stored_summary(eq: DeclarationEquilibrium) -> dict[str, Any] | None:
    """The stored summary, or ``None`` if it is missing or was found for another model."""
    import json
    from importlib.resources import files

    try:
        text = files("prohis_nb.analysis").joinpath(STORED_SUMMARY).read_text(encoding="utf-8")
        data = json.loads(text)
    except (OSError, ValueError):
        return None
    if data.get("fingerprint") != model_fingerprint(eq.types, eq.declarations, eq.board):
        return None
    return data


@cache
def declarer_set(board: Any = None) -> DeclarerSet:
    """Every equilibrium of the declaration game of ``board`` (default: the real board), cached.

    The default board's summary is read from the package (:data:`STORED_SUMMARY`);
    anything it does not hold is computed on demand.
    """
    from prohis_nb.smuggle.board import Board

    default = board is None or board == Board()
    eq = declaration_equilibrium(None if default else board)
    every = DeclarerSet.of(eq)
    stored = load_stored_summary(eq) if default else None
    return DeclarerSet(eq, every.pairs, stored or {})


def describe_range(bounds: Bounds, digits: int = 0) -> str:
    """``"47%"`` when the ends agree to the digits shown, else ``"0% to 47%"``."""
    from prohis_nb.text import percent

    ends = [0.0 if abs(x) < 1e-12 else float(x) for x in bounds]  # no "-0.0%"
    low, high = percent(ends[0], digits=digits), percent(ends[1], digits=digits)
    return low if low == high else f"{low} to {high}"


def mix_words(goods: Sequence[str], bag: bool = False, board: Any = None) -> list[str]:
    """The type's declarations over every equilibrium, in words: one line each."""
    every = declarer_set(board)
    return [
        f"{describe(d)}: {describe_range(bounds)}"
        for d, bounds in every.mix_ranges(goods, bag).items()
    ]


# ---------------------------------------------------------------- where a hand's value comes from


@dataclass(frozen=True)
class ValueDecomposition:
    """A fresh hand's value to the declarer, model by model (dollars, the default board).

    ``by_2x2``: each hand's own declare-or-lie game, averaged over fresh hands
    (no immunity claim, the Officer's rate set by the hand it cannot see);
    ``heard``: the signalling game *without* the immunity claim (the Officer
    hears the declaration); ``with_immunity``: the whole game. ``listening``
    and ``immunity`` are the steps between them.
    """

    by_2x2: float
    heard: float
    with_immunity: float

    @property
    def listening(self) -> float:
        """What the Officer's hearing the declaration changes: ``heard − by_2x2``."""
        return self.heard - self.by_2x2

    @property
    def immunity(self) -> float:
        """What the immunity claim is worth to the declarer: ``with_immunity − heard``."""
        return self.with_immunity - self.heard


def value_without_immunity(board: Any = None, stored: bool = True) -> float:
    """A fresh hand's value in the declaration game with no immunity claim (LP; stored for
    the default board, otherwise solved: 10 to 30 seconds)."""
    from prohis_nb.analysis.signalling import ALL_DECLARATIONS, hand_types, solve
    from prohis_nb.smuggle.board import Board

    default = board is None or board == Board()
    if default and stored:
        summary = load_stored_summary(declaration_equilibrium())
        if summary is not None and "value_without_immunity" in summary:
            return float(summary["value_without_immunity"])
    without = [d for d in ALL_DECLARATIONS if d != IMMUNITY]
    return solve(hand_types(), without, board or Board()).value


def value_decomposition(board: Any = None) -> ValueDecomposition:
    """A fresh hand's value by the 2 × 2 games, the game heard without immunity, and the whole."""
    from prohis_nb.analysis.smuggle import hand_game

    eq = declaration_equilibrium(board)
    by_2x2 = sum(
        float(p) * (float(hand_game(t.goods, eq.board).value) if t.goods else 0.0)
        for t, p in zip(eq.types, eq.probability, strict=True)
    )
    return ValueDecomposition(by_2x2, value_without_immunity(board), float(eq.value))


__all__ = [
    "DeclarerSet",
    "ValueDecomposition",
    "FEATURED_TYPES",
    "HandType",
    "STORED_SUMMARY",
    "STORED_CERTIFICATES",
    "certificates_json",
    "compare_with_fresh",
    "declaration_kinds",
    "declarer_set",
    "describe_range",
    "load_certificates",
    "objective_key",
    "load_stored_summary",
    "mix_words",
    "pinned_search_rates",
    "summary_json",
    "value_decomposition",
    "value_without_immunity",
]
