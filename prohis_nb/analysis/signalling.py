"""Smuggle as a signalling game: the Officer hears the declaration before it decides.

The declare-or-lie game of :mod:`prohis_nb.analysis.smuggle` lumps every
truthful declaration into "declare" and every lie into "lie", as if the
Officer chose its search rate without hearing anything. It hears the
declaration. This module solves the game the rules describe.

**The model** (one declaration, two players, zero-sum):

* *Types.* The declarer holds a fresh hand of 4 cards from the full 54-card
  pack; what matters for money is the dutiable goods it holds and whether it
  holds the Diplomatic Bag. Each such type ``t`` has its exact probability
  ``p_t`` (hypergeometric, :func:`~prohis_nb.analysis.smuggle.hand_distribution`).
  There are 606 types.
* *Signals.* The declarer sends one of the engine's declarations: the 495
  multisets of 0 to 4 dutiable items, or the immunity claim, each with any
  probability it likes (a *mixed* declaration per type).
* *The Officer's reply.* For every declaration ``d`` it searches (for the
  immunity claim: challenges) with probability ``s_d``.
* *Money.* Accepted, the declarer pays the duty on what it declared (nothing
  for an immunity claim). Searched, it pays that duty and receives ``C`` if
  the declaration is the complete truth, and otherwise pays the fines on every
  dutiable item held. Challenged, an immunity claim with the Bag is paid the
  immunity fine; without it, the claimant pays the immunity fine plus every
  fine on the goods held. Every payment goes between the declarer and the
  Officer, so the game is zero-sum. The receiver does not act here (see
  :mod:`prohis_nb.analysis.informer`).

So the declarer's money is ``u(t, d, s_d) = A[t, d] + s_d (B[t, d] − A[t, d])``
with ``A`` the accepted and ``B`` the searched payoff: linear in ``s_d``.

**The linear program.** Against search rates ``s``, a type takes its best
declaration, worth ``max_d u(t, d, s_d)``. The Officer chooses ``s`` to make
the declarer's expected money as small as possible::

    minimise   Σ_t p_t v_t
    subject to v_t ≥ A[t, d] + s_d (B[t, d] − A[t, d])   for every type t and declaration d
               0 ≤ s_d ≤ 1

(606 × 496 constraints; HiGHS, through :func:`scipy.optimize.linprog`,
solves it in a few seconds). By LP duality the multiplier ``λ[t, d]`` of
each constraint is the probability ``p_t σ(d | t)`` that type ``t`` declares
``d`` in the declarer's equilibrium strategy: the duals *are* the declarer's
mixed declarations. The optimal value is the declarer's equilibrium value.

Declarations nobody makes in equilibrium have search rates that only need to
deter: any rate in a range does (:meth:`DeclarationEquilibrium.deterring_range`).

The solution is checked independently in ``tests/analysis/test_signalling.py``:
no type gains by switching declaration, the Officer gains nothing by changing
any search rate, and on a small pack the value equals the value nashpy finds
for the normal form (every declarer plan against every pure search plan).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Any

from prohis_nb.extras import require
from prohis_nb.smuggle.actions import DECLARATIONS
from prohis_nb.smuggle.board import DIPLOMATIC_BAG, DUTIABLE, PACK_COUNTS, Board
from prohis_nb.text import count

#: The immunity claim, as a declaration.
IMMUNITY = "immunity"

Declaration = tuple[str, ...] | str


@dataclass(frozen=True)
class HandType:
    """What a hand is, for money: its dutiable goods (sorted) and whether it holds the Bag."""

    goods: tuple[str, ...]
    bag: bool

    def __str__(self) -> str:
        return describe(self.goods) + (" + the Bag" if self.bag else "")


#: Each dutiable kind's name, singular and plural.
NAMES: dict[str, tuple[str, str]] = {
    "wine": ("bottle of wine", "bottles of wine"),
    "cigars": ("box of cigars", "boxes of cigars"),
    "brandy": ("bottle of brandy", "bottles of brandy"),
    "perfume": ("bottle of perfume", "bottles of perfume"),
    "watch": ("watch", "watches"),
    "camera": ("camera", "cameras"),
    "necklace": ("necklace", "necklaces"),
    "crown": ("Crown", "Crowns"),
}


def describe(declaration: Declaration | Sequence[str]) -> str:
    """A declaration or a set of goods in words.

    >>> describe(("wine", "wine", "watch")), describe(()), describe("immunity")
    ('2 bottles of wine, 1 watch', 'nothing', 'diplomatic immunity')
    """
    if declaration == IMMUNITY:
        return "diplomatic immunity"
    if not declaration:
        return "nothing"
    counts = Counter(declaration)
    return ", ".join(count(counts[k], *NAMES[k]) for k in DUTIABLE if counts[k])


def hand_types(pack: Mapping[str, int] | None = None, size: int = 4) -> dict[HandType, float]:
    """P(each type) for a fresh hand of ``size`` cards from ``pack`` (default: the real pack).

    ``P(hand) = Π_kind C(pack[kind], count) / C(cards, size)``, summed over the
    hands that share goods and Bag.
    """
    pack = dict(PACK_COUNTS if pack is None else pack)
    unknown = [k for k in pack if k not in PACK_COUNTS]
    if unknown:
        raise ValueError(f"unknown card kind(s) {unknown}; the kinds are {list(PACK_COUNTS)}")
    kinds = list(pack)
    total = comb(sum(pack.values()), size)
    if total == 0:
        raise ValueError(f"the pack holds fewer than {size} cards")
    out: dict[HandType, float] = {}

    def fill(i: int, left: int, hand: tuple[str, ...], ways: int) -> None:
        if left == 0:
            goods = tuple(sorted((c for c in hand if c in DUTIABLE), key=DUTIABLE.index))
            key = HandType(goods, DIPLOMATIC_BAG in hand)
            out[key] = out.get(key, 0.0) + ways / total
            return
        if i == len(kinds):
            return
        for n in range(min(pack[kinds[i]], left) + 1):
            fill(i + 1, left - n, hand + (kinds[i],) * n, ways * comb(pack[kinds[i]], n))

    fill(0, size, (), 1)
    return out


def payoffs(
    types: Sequence[HandType], declarations: Sequence[Declaration], board: Board | None = None
) -> tuple[Any, Any]:
    """``(A, B)``: the declarer's money when accepted and when searched, type × declaration."""
    require("prohis_nb.analysis.signalling", "numpy")  # names the 'analysis' extra if missing
    import numpy as np

    board = board or Board()
    a = np.zeros((len(types), len(declarations)))
    b = np.zeros_like(a)
    fines = np.array([board.hand_fines(Counter(t.goods)) for t in types], dtype=float)
    bag = np.array([t.bag for t in types])
    row_of: dict[tuple[str, ...], list[int]] = {t.goods: [] for t in types}
    for i, t in enumerate(types):
        row_of[t.goods].append(i)
    for j, d in enumerate(declarations):
        if d == IMMUNITY:
            b[:, j] = np.where(bag, board.immunity_fine, -(board.immunity_fine + fines))
            continue
        duty = board.hand_duty(Counter(d))
        a[:, j] = -duty
        b[:, j] = -fines  # not the complete truth: the fines on everything held
        truthful = row_of.get(tuple(sorted(d, key=DUTIABLE.index)), [])
        b[truthful, j] = -duty + board.compensation
    return a, b


@dataclass(frozen=True)
class DeclarationEquilibrium:
    """The solved declaration game: who declares what, and how often each declaration is searched.

    ``probability[i]`` is P(``types[i]``); ``strategy[i, j]`` the probability
    that type ``i`` declares ``declarations[j]``; ``search[j]`` the Officer's
    search (challenge) rate for it; ``values[i]`` what type ``i`` expects.
    """

    types: tuple[HandType, ...]
    probability: Any
    declarations: tuple[Declaration, ...]
    accepted: Any
    searched: Any
    search: Any
    strategy: Any
    values: Any
    value: float
    board: Board

    # ------------------------------------------------------------ reading it

    def index(self, declaration: Declaration | Sequence[str]) -> int:
        """The column of ``declaration`` (items in any order, or ``"immunity"``)."""
        if declaration == IMMUNITY:
            key: Declaration = IMMUNITY
        else:
            key = tuple(sorted(declaration, key=DUTIABLE.index))
        try:
            return self.declarations.index(key)
        except ValueError:
            raise ValueError(f"{declaration!r} is not a declaration the engine allows") from None

    def type_index(self, goods: Sequence[str], bag: bool = False) -> int:
        """The row of the type holding ``goods`` (and the Bag if ``bag``)."""
        key = HandType(tuple(sorted(goods, key=DUTIABLE.index)), bag)
        try:
            return self.types.index(key)
        except ValueError:
            raise ValueError(f"no hand of this pack holds {describe(key.goods)}") from None

    def search_rate(self, declaration: Declaration | Sequence[str]) -> float:
        """The Officer's equilibrium search rate for ``declaration``."""
        return float(self.search[self.index(declaration)])

    def usage(self) -> Any:
        """P(each declaration is made), over all types."""
        return self.probability @ self.strategy

    def used(self, threshold: float = 1e-9) -> list[int]:
        """Columns of the declarations some type makes in equilibrium."""
        return [j for j, p in enumerate(self.usage()) if p > threshold]

    def declared_by(self, declaration: Declaration | Sequence[str]) -> dict[HandType, float]:
        """P(type | this declaration was heard), for a declaration made in equilibrium."""
        j = self.index(declaration)
        weights = self.probability * self.strategy[:, j]
        total = weights.sum()
        if total <= 0:
            raise ValueError(f"nobody declares {describe(self.declarations[j])} in equilibrium")
        return {self.types[i]: w / total for i, w in enumerate(weights) if w > 0}

    def choices(self, goods: Sequence[str], bag: bool = False) -> dict[Declaration, float]:
        """How the type holding ``goods`` mixes its declarations (probabilities, largest first)."""
        row = self.strategy[self.type_index(goods, bag)]
        pairs = [(self.declarations[j], float(p)) for j, p in enumerate(row) if p > 1e-9]
        return dict(sorted(pairs, key=lambda kv: -kv[1]))

    def hand_value(self, goods: Sequence[str], bag: bool = False) -> float:
        """What the type holding ``goods`` expects in equilibrium."""
        return float(self.values[self.type_index(goods, bag)])

    def false_share(self, declaration: Declaration | Sequence[str]) -> float:
        """P(the declaration is not the complete truth | it was heard)."""
        j = self.index(declaration)
        posterior = self.declared_by(declaration)
        if self.declarations[j] == IMMUNITY:
            return sum(p for t, p in posterior.items() if not t.bag)
        return sum(p for t, p in posterior.items() if t.goods != self.declarations[j])

    def deterring_range(self, declaration: Declaration | Sequence[str]) -> tuple[float, float]:
        """The search rates for ``declaration`` that leave no type wanting to switch to it.

        With every other rate fixed, type ``t`` would switch to ``d`` if
        ``A + s (B − A) > v_t``; the rates where no type would form an
        interval. For a declaration made in equilibrium the rate must also
        keep the Officer indifferent (or on the right side), so this range is
        only the part the declarer's incentives pin down.
        """
        j = self.index(declaration)
        lo, hi = 0.0, 1.0
        for a, b, v in zip(self.accepted[:, j], self.searched[:, j], self.values, strict=True):
            slope = b - a
            if abs(slope) < 1e-12:
                continue
            bound = (v - a) / slope
            if slope > 0:
                hi = min(hi, bound)
            else:
                lo = max(lo, bound)
        return max(lo, 0.0), min(hi, 1.0)

    # ------------------------------------------------------------ checking it

    def declarer_regret(self) -> float:
        """The most any type gains by switching to any declaration (0 in equilibrium)."""
        u = self.accepted + self.search[None, :] * (self.searched - self.accepted)
        return float((u.max(axis=1) - (self.strategy * u).sum(axis=1)).max())

    def officer_regret(self) -> float:
        """The most the Officer gains by changing one declaration's search rate (0 in equilibrium).

        Its gain from searching ``d`` rather than accepting is
        ``Σ_t p_t σ(d|t) (A − B)``; the best rate is 1 if that is positive, 0 if
        negative. The regret sums the shortfall over declarations.
        """
        weights = self.probability[:, None] * self.strategy
        gain = (weights * (self.accepted - self.searched)).sum(axis=0)
        best = [max(g, 0.0) for g in gain]
        used = [g * s for g, s in zip(gain, self.search, strict=True)]
        return float(sum(best) - sum(used))


def solve(
    types: Mapping[HandType, float],
    declarations: Sequence[Declaration],
    board: Board | None = None,
) -> DeclarationEquilibrium:
    """Solve the declaration game by the Officer's linear program (module docstring)."""
    require("prohis_nb.analysis.signalling", "numpy", "scipy")  # names the extra if missing
    import numpy as np
    from scipy.optimize import linprog
    from scipy.sparse import coo_matrix

    board = board or Board()
    order = tuple(types)
    p = np.array([types[t] for t in order], dtype=float)
    decls = tuple(declarations)
    a, b = payoffs(order, decls, board)
    n_t, n_d = a.shape
    # variables: s_0..s_{D-1}, v_0..v_{T-1}; row (t, d): (B − A) s_d − v_t ≤ −A
    rows = np.arange(n_t * n_d)
    t_of = np.repeat(np.arange(n_t), n_d)
    d_of = np.tile(np.arange(n_d), n_t)
    matrix = coo_matrix(
        (
            np.concatenate([(b - a).ravel(), -np.ones(n_t * n_d)]),
            (np.concatenate([rows, rows]), np.concatenate([d_of, n_d + t_of])),
        ),
        shape=(n_t * n_d, n_d + n_t),
    ).tocsr()
    cost = np.concatenate([np.zeros(n_d), p])
    bounds = [(0, 1)] * n_d + [(None, None)] * n_t
    result = linprog(cost, A_ub=matrix, b_ub=-a.ravel(), bounds=bounds, method="highs")
    if result.status != 0:  # pragma: no cover - the game always has a solution
        raise RuntimeError(f"the linear program failed: {result.message}")
    search = np.clip(result.x[:n_d], 0.0, 1.0)
    duals = -result.ineqlin.marginals.reshape(n_t, n_d)
    duals = np.clip(duals, 0.0, None)
    strategy = duals / duals.sum(axis=1, keepdims=True)
    u = a + search[None, :] * (b - a)
    values = u.max(axis=1)
    return DeclarationEquilibrium(
        types=order,
        probability=p,
        declarations=decls,
        accepted=a,
        searched=b,
        search=search,
        strategy=strategy,
        values=values,
        value=float(p @ values),
        board=board,
    )


#: Every declaration the engine allows: the 495 item declarations and the immunity claim.
ALL_DECLARATIONS: tuple[Declaration, ...] = (*DECLARATIONS, IMMUNITY)


#: How many solved boards stay in memory (about 40 MB each): asking for another
#: drops the one used least recently (solved again if asked for again).
SOLVED_BOARDS = 4


@lru_cache(maxsize=SOLVED_BOARDS)
def declaration_equilibrium(board: Board | None = None) -> DeclarationEquilibrium:
    """The declaration game of a fresh hand from the real pack, solved (cached).

    The last :data:`SOLVED_BOARDS` boards asked for are kept. Solving takes
    seconds (10 to 30 on a small machine), so the solution for
    the default board ships with the package (:data:`STORED_SOLUTION`, written
    by ``scripts/solve_smuggle_equilibrium.py``) and is read back in a few
    milliseconds; any other board is solved. The stored solution is used only
    if its fingerprint (the types, the declarations and the board it solved)
    matches the model's, and tests check it is an equilibrium of the game and
    that solving again gives its value.
    """
    board = board or Board()
    if board == Board():
        stored = load_stored_solution()
        if stored is not None:
            return stored
    return solve(hand_types(), ALL_DECLARATIONS, board)


# ---------------------------------------------------------------- the stored solution

#: The default board's solution, as package data beside this module.
STORED_SOLUTION = "smuggle_equilibrium.json"


def model_fingerprint(
    types: Sequence[HandType], declarations: Sequence[Declaration], board: Board
) -> str:
    """A short digest of what a solution solves: the types and declarations in order, the board."""
    import hashlib

    text = repr(([(t.goods, t.bag) for t in types], list(declarations), board._key()))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def solution_json(eq: DeclarationEquilibrium) -> dict[str, Any]:
    """What is stored of a solution: search rates and the declarer's mixed declarations.

    The payoffs, values and probabilities are recomputed from the model when
    it is read back; only what the linear program chose is stored, as exact
    ``repr`` floats (every nonzero ``strategy`` entry as ``[type, declaration,
    probability]``).
    """
    rows, cols = eq.strategy.nonzero()
    return {
        "about": "The Smuggle declaration game on the default board, solved by "
        "prohis_nb.analysis.signalling.solve; regenerate with "
        "scripts/solve_smuggle_equilibrium.py",
        "fingerprint": model_fingerprint(eq.types, eq.declarations, eq.board),
        "search": [float(x) for x in eq.search],
        "strategy": [
            [int(i), int(j), float(eq.strategy[i, j])] for i, j in zip(rows, cols, strict=True)
        ],
    }


def from_solution_json(
    data: Mapping[str, Any], board: Board | None = None
) -> DeclarationEquilibrium:
    """The equilibrium a :func:`solution_json` describes, on the real pack's types and ``board``.

    Raises ``ValueError`` if it was solved for another model (fingerprint).
    """
    require("prohis_nb.analysis.signalling", "numpy")  # names the 'analysis' extra if missing
    import numpy as np

    board = board or Board()
    types = hand_types()
    order = tuple(types)
    decls = ALL_DECLARATIONS
    if data.get("fingerprint") != model_fingerprint(order, decls, board):
        raise ValueError("the stored solution was solved for another model (fingerprint differs)")
    p = np.array([types[t] for t in order], dtype=float)
    a, b = payoffs(order, decls, board)
    search = np.array(data["search"], dtype=float)
    strategy = np.zeros_like(a)
    for i, j, probability in data["strategy"]:
        strategy[i, j] = probability
    values = (a + search[None, :] * (b - a)).max(axis=1)
    return DeclarationEquilibrium(
        types=order,
        probability=p,
        declarations=decls,
        accepted=a,
        searched=b,
        search=search,
        strategy=strategy,
        values=values,
        value=float(p @ values),
        board=board,
    )


def load_stored_solution() -> DeclarationEquilibrium | None:
    """The stored default-board solution, or ``None`` if it is missing or solved another model."""
    import json
    from importlib.resources import files

    try:
        text = files("prohis_nb.analysis").joinpath(STORED_SOLUTION).read_text(encoding="utf-8")
        return from_solution_json(json.loads(text))
    except (OSError, ValueError, KeyError, IndexError, TypeError):
        return None
