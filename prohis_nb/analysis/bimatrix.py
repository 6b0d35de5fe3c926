"""Every extreme equilibrium of a small two-player game, in exact fractions.

A game where each side counts its own money is not zero-sum, and a solver
such as Lemke–Howson returns one equilibrium of possibly many. For a small
game all of them can be listed: the set of Nash equilibria of a bimatrix
game is a finite union of polytopes, and their corners, the **extreme
equilibria**, are the pairs of vertices of two *best-response polytopes*
that together carry every label (Avis, Rosenberg, Savani and von Stengel,
"Enumeration of Nash equilibria for two-player games", *Economic Theory* 42,
2010, §2; von Stengel's chapter in the *Handbook of Game Theory*, 2002).

With the payoffs shifted to be positive (which changes no equilibrium), the
row player's polytope is ``P = {x ≥ 0 : Bᵀx ≤ 1}`` and the column player's
``Q = {y ≥ 0 : A y ≤ 1}``. A point of ``P`` has label ``i`` when ``x_i = 0``
and label ``m + j`` when column ``j`` is a best reply (``(Bᵀx)_j = 1``);
likewise for ``Q``. A pair ``(x, y) ≠ (0, 0)`` of vertices is an equilibrium
(after normalising) exactly when every label ``0 … m + n − 1`` is a label of
``x`` or of ``y``. The vertices are found by brute force: every choice of
``m`` (resp. ``n``) constraints made tight, solved exactly with fractions,
kept when feasible. Fine for games of up to a dozen strategies a side (the
convoy game is 8 × 4); the tests check it against Gambit's ``enummixed``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

Matrix = Sequence[Sequence[Fraction | int | float]]
Vector = tuple[Fraction, ...]


def _solve(rows: list[list[Fraction]], rhs: list[Fraction]) -> Vector | None:
    """The solution of a square linear system by Gaussian elimination, ``None`` if singular."""
    n = len(rows)
    m = [list(row) + [b] for row, b in zip(rows, rhs, strict=True)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if m[r][col] != 0), None)
        if pivot is None:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        inv = 1 / m[col][col]
        m[col] = [v * inv for v in m[col]]
        for r in range(n):
            if r != col and m[r][col] != 0:
                factor = m[r][col]
                m[r] = [a - factor * b for a, b in zip(m[r], m[col], strict=True)]
    return tuple(m[r][n] for r in range(n))


def _vertices(payoff: list[list[Fraction]], offset: int) -> dict[Vector, frozenset[int]]:
    """Vertices of ``{z ≥ 0 : M z ≤ 1}`` (``M`` = ``payoff``, k × d) with their labels.

    Label of ``z_i = 0``: ``offset_own + i``; of row ``r`` tight: the other
    side's label. ``offset`` is where this side's own labels start (0 for the
    row player, ``m`` for the column player); the other side's start at the
    other offset.
    """
    k, d = len(payoff), len(payoff[0])
    own = [offset + i for i in range(d)]
    other = [(0 if offset else d) + r for r in range(k)]
    constraints = [
        ([Fraction(int(j == i)) for j in range(d)], Fraction(0), own[i]) for i in range(d)
    ]
    constraints += [(list(payoff[r]), Fraction(1), other[r]) for r in range(k)]
    out: dict[Vector, frozenset[int]] = {}
    for chosen in combinations(constraints, d):
        z = _solve([c[0] for c in chosen], [c[1] for c in chosen])
        if z is None or any(v < 0 for v in z):
            continue
        if any(sum(a * v for a, v in zip(row, z, strict=True)) > 1 for row in payoff):
            continue
        if z in out:
            continue
        labels = {own[i] for i in range(d) if z[i] == 0}
        labels |= {
            other[r] for r in range(k) if sum(a * v for a, v in zip(payoff[r], z, strict=True)) == 1
        }
        out[z] = frozenset(labels)
    return out


def extreme_equilibria(a: Matrix, b: Matrix) -> list[tuple[Vector, Vector]]:
    """Every extreme Nash equilibrium of the bimatrix game ``(a, b)``, as exact mixed strategies.

    ``a[i][j]`` is the row player's payoff, ``b[i][j]`` the column player's.
    Numbers are read exactly (a float as the decimal it prints). Returns
    ``(x, y)`` pairs, each a tuple of fractions summing to 1, sorted.

    >>> matching_pennies = [[1, -1], [-1, 1]]
    >>> extreme_equilibria(matching_pennies, [[-1, 1], [1, -1]])
    [((Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 2), Fraction(1, 2)))]
    """

    def exact(v: Fraction | int | float) -> Fraction:
        return Fraction(repr(v)) if isinstance(v, float) else Fraction(v)

    a_ = [[exact(v) for v in row] for row in a]
    b_ = [[exact(v) for v in row] for row in b]
    m, n = len(a_), len(a_[0]) if a_ else 0
    if not m or not n or any(len(r) != n for r in a_ + b_) or len(b_) != m:
        raise ValueError("a and b are two payoff matrices of the same shape, m × n, m, n ≥ 1")
    low = min(min(min(r) for r in a_), min(min(r) for r in b_))
    shift = 1 - low if low < 1 else Fraction(0)
    a_pos = [[v + shift for v in row] for row in a_]
    b_pos = [[v + shift for v in row] for row in b_]
    # P: x in R^m, constraints B^T x <= 1 (one per column j, label m + j); own labels 0..m-1
    bt = [[b_pos[i][j] for i in range(m)] for j in range(n)]
    p_vertices = _vertices(bt, 0)
    # Q: y in R^n, constraints A y <= 1 (one per row i, label i); own labels m..m+n-1
    q_vertices = _vertices(a_pos, m)
    everything = frozenset(range(m + n))
    found = []
    for x, x_labels in p_vertices.items():
        if not any(x):
            continue
        for y, y_labels in q_vertices.items():
            if any(y) and x_labels | y_labels == everything:
                sx, sy = sum(x), sum(y)
                found.append((tuple(v / sx for v in x), tuple(v / sy for v in y)))
    return sorted(set(found))
