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

For one equilibrium of a bigger game, :func:`lemke_howson` follows the
Lemke–Howson path on the same two polytopes, exactly and with the
lexicographic rule, so it ends on every game, degenerate or not.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from math import gcd

Matrix = Sequence[Sequence[Fraction | int | float]]
Vector = tuple[Fraction, ...]


def solve_exact(rows: list[list[Fraction]], rhs: list[Fraction]) -> Vector | None:
    """The solution of a square linear system by Gaussian elimination, ``None`` if singular.

    Exact: the entries are fractions. (The equilibrium sets use it too.)
    """
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
        z = solve_exact([c[0] for c in chosen], [c[1] for c in chosen])
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


def _integer_game(a: Matrix, b: Matrix) -> tuple[list[list[int]], list[list[int]]]:
    """``(a, b)`` as whole numbers ≥ 1 with the same equilibria.

    Each side's payoffs may be shifted and scaled by a positive factor
    without changing anyone's best replies: shift each matrix so its least
    entry is 1, then multiply by the least common multiple of its denominators.
    """

    def whole(matrix: Matrix) -> list[list[int]]:
        exact = [
            [Fraction(repr(v)) if isinstance(v, float) else Fraction(v) for v in row]
            for row in matrix
        ]
        shift = 1 - min(min(row) for row in exact)
        shifted = [[v + shift for v in row] for row in exact]
        scale = 1
        for row in shifted:
            for v in row:
                scale = scale * v.denominator // gcd(scale, v.denominator)
        return [[int(v * scale) for v in row] for row in shifted]

    return whole(a), whole(b)


def _pivot(
    tableau: list[list[int]], basis: list[int], det: list[int], entering: int, lex: range
) -> int:
    """One exact Lemke–Howson pivot: ``entering`` joins the basis; returns the label that leaves.

    The leaving row is chosen by the *lexicographic* minimum ratio test: the
    right-hand side, then the columns of the starting basis, each divided by
    the entering column. Those rows of the basis inverse are independent, so
    the choice is always unique; that is the symbolic perturbation that keeps
    the path from cycling in a degenerate game (von Stengel 2002, §3.5).
    Integer pivoting: the tableau holds whole numbers, ``det[0]`` times the
    true one (the last pivot element), so every division below is exact.
    """
    rhs = len(tableau[0]) - 1
    candidates = [r for r, row in enumerate(tableau) if row[entering] > 0]
    if not candidates:
        raise ArithmeticError("Lemke-Howson: unbounded ray (the payoffs were not made positive)")
    for column in (rhs, *lex):
        if len(candidates) == 1:
            break
        # the least ratio tableau[r][column] / tableau[r][entering] (denominators > 0),
        # compared by cross-multiplying whole numbers
        best = candidates[0]
        for r in candidates[1:]:
            if (
                tableau[r][column] * tableau[best][entering]
                < tableau[best][column] * tableau[r][entering]
            ):
                best = r
        low, high = tableau[best][column], tableau[best][entering]
        candidates = [
            r for r in candidates if tableau[r][column] * high == low * tableau[r][entering]
        ]
    row = candidates[0]
    pivot_row, pivot = tableau[row], tableau[row][entering]
    previous = det[0]
    for r, other in enumerate(tableau):
        if r != row:
            factor = other[entering]
            tableau[r] = [
                (v * pivot - factor * p) // previous for v, p in zip(other, pivot_row, strict=True)
            ]
    det[0] = pivot
    leaving, basis[row] = basis[row], entering
    return leaving


def lemke_howson(a: Matrix, b: Matrix, dropped_label: int = 0) -> tuple[Vector, Vector]:
    """One Nash equilibrium of ``(a, b)`` by the Lemke–Howson algorithm, in exact arithmetic.

    Start at the artificial equilibrium ``(0, 0)`` of the best-response
    polytopes ``P`` and ``Q`` (module docstring), drop the label
    ``dropped_label`` (``i < m``: the row player's strategy ``i``; ``m + j``:
    the column player's ``j``), and pivot in ``P`` and ``Q`` by turns, each
    time bringing in the label that the other polytope just picked up twice,
    until the dropped label is picked up again: the pair is then completely
    labelled, a Nash equilibrium (Lemke and Howson 1964).

    **It always ends.** The path visits each vertex pair at most once, and
    there are finitely many; degenerate games (ties in a ratio test, common in
    games built from a payoff table, where several plans give the same money)
    are handled by the lexicographic rule of :func:`_pivot`, with whole-number
    tableaux so that no rounding can break it. (nashpy's floating-point
    Lemke–Howson can cycle for ever on such games.) The equilibrium found
    depends only on the game and ``dropped_label``: the same on every machine.

    >>> lemke_howson([[1, -1], [-1, 1]], [[-1, 1], [1, -1]])
    ((Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 2), Fraction(1, 2)))
    """
    m, n = len(a), len(a[0]) if a else 0
    if not m or not n or any(len(r) != n for r in [*a, *b]) or len(b) != m:
        raise ValueError("a and b are two payoff matrices of the same shape, m × n, m, n ≥ 1")
    if isinstance(dropped_label, bool) or not isinstance(dropped_label, int):
        raise ValueError(f"dropped_label is a whole number from 0 to {m + n - 1}")
    if not 0 <= dropped_label < m + n:
        raise ValueError(
            f"dropped_label is a whole number from 0 to {m + n - 1}, got {dropped_label}"
        )
    a_int, b_int = _integer_game(a, b)
    # Columns are labels 0 … m+n−1, then the right-hand side.
    # P: Bᵀx + s = 1, one row per column j (basic: s_j, label m + j).
    p_rows = [
        [b_int[i][j] for i in range(m)] + [int(k == j) for k in range(n)] + [1] for j in range(n)
    ]
    # Q: r + A y = 1, one row per row i (basic: r_i, label i).
    q_rows = [[int(k == i) for k in range(m)] + list(a_int[i]) + [1] for i in range(m)]
    tableaux = {"P": (p_rows, list(range(m, m + n)), [1], range(m, m + n))}
    tableaux["Q"] = (q_rows, list(range(m)), [1], range(m))
    side = "P" if dropped_label < m else "Q"
    entering = dropped_label
    # Each pivot moves to a new vertex pair; this bound (the pairs of bases) is never reached.
    for _ in range(10**6):
        tableau, basis, det, lex = tableaux[side]
        leaving = _pivot(tableau, basis, det, entering, lex)
        if leaving == dropped_label:
            break
        entering, side = leaving, "Q" if side == "P" else "P"
    else:  # pragma: no cover - the lexicographic rule rules this out
        raise ArithmeticError("Lemke-Howson did not end (this cannot happen: please report it)")

    def point(side: str, labels: range) -> Vector:
        tableau, basis, _det, _lex = tableaux[side]
        rhs = len(tableau[0]) - 1
        values = dict.fromkeys(labels, 0)
        for row, label in enumerate(basis):
            if label in values:
                values[label] = tableau[row][rhs]
        total = sum(values.values())
        return tuple(Fraction(values[label], total) for label in labels)

    return point("P", range(m)), point("Q", range(m, m + n))
