"""Bluffing in equilibrium: one convoy as a small two-player game, solved.

**The convoy game.** Chance first decides what the smuggler holds: with
probability ``p_dirty`` it holds illegal goods it could ship (a *dirty* hand),
otherwise only legal goods (an *honest* hand). Knowing its hand, the smuggler
chooses

* a convoy: ``honest`` (``size`` legal cards) or ``dirty`` (``illegal``
  illegal cards and the rest legal; only from a dirty hand), and
* an offer: ``no bribe`` or one bribe from a small menu (``bribes``, each a
  tuple of card kinds; an honest hand can only offer bribes without illegal
  cards, a dirty hand is assumed to hold whatever its menu needs).

The controller, holding the card ``card`` (its rank sets how many cards an
inspection turns), sees neither the hand nor the convoy, only the offer. Its
*plan* answers every offer: accept or reject each bribe on the menu (a
rejection obliges it to inspect), and inspect or waive when none is offered.
Payoffs come from :mod:`~prohis_nb.analysis.payoffs`, an inspection's outcome
averaged by the exact catch probability of :mod:`~prohis_nb.analysis.odds`.

**Whose payoff.** By default the game is *zero-sum in relative score*: each
side's payoff is its own gain minus the other's. That is the right measure
for two rivals racing for the win (in a two-player game only the difference
of the scores decides it), and it makes the game zero-sum, solved by a linear
program. With ``zero_sum=False`` each side counts only its own gain: a
bimatrix game, solved by an exact Lemke-Howson that always ends (see
:func:`solve_bimatrix`, which also says which of its equilibria is returned).

**Size.** With ``B`` bribes on the menu (``B_h`` of them without illegal
cards) the normal form has ``2 (1 + B) × (1 + B_h)`` smuggler strategies and
``2^(B + 1)`` controller plans: 8 × 4 with the default single bribe.

What the model leaves out, on purpose: the other players (it is a game of
two, smuggler against controller), controller cards in the convoy (an honest
convoy is all legal, a dirty one illegal and legal cards only), the
card-counting belief of :mod:`~prohis_nb.analysis.values` (the controller
knows only ``p_dirty``), whether to control at all (the card is already
played), the cards the smuggler keeps for later, several bribe rounds.

**Many equilibria.** The answers to offers that are never made in
equilibrium are not pinned down (any answer that keeps the smuggler from
making them will do), and at some parameters more is free. A solver returns
one point; :mod:`~prohis_nb.analysis.equilibrium_sets` finds the whole set
of the zero-sum game in exact fractions (:attr:`ConvoyEquilibrium.all`), and
:meth:`ConvoyEquilibrium.summary` reads it out with ranges.

**Classic references**, used as tests of the solver plumbing:
:func:`mixed_2x2` is the closed form of a 2×2 game's mixed equilibrium and
:func:`inspection_game` the textbook inspection game; Kuhn poker
(:func:`kuhn_poker_value`), whose value for the first player is −1/18, is
solved both in normal form (27 × 64, nashpy's linear program) and in sequence
form (:func:`kuhn_poker_sequence_form`, scipy's ``linprog``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from itertools import product
from typing import TYPE_CHECKING, Any

# The model lives in its own module (no numpy, no solver); re-exported here, where it has
# always been imported from.
from prohis_nb.analysis.convoy_game import CONTROLLER_PLANS as CONTROLLER_PLANS
from prohis_nb.analysis.convoy_game import LOADS as LOADS
from prohis_nb.analysis.convoy_game import NO_BRIBE as NO_BRIBE
from prohis_nb.analysis.convoy_game import OFFERS as OFFERS
from prohis_nb.analysis.convoy_game import ConvoyGame as ConvoyGame
from prohis_nb.analysis.convoy_game import Plan as Plan
from prohis_nb.analysis.convoy_game import Strategy as Strategy
from prohis_nb.analysis.convoy_game import _article
from prohis_nb.analysis.convoy_game import exact_probability as exact_probability
from prohis_nb.extras import require

require("prohis_nb.analysis.equilibrium", "numpy", "scipy", "nashpy")  # names the extra if missing

import numpy as np  # noqa: E402 - after the check above, which names the 'analysis' extra

if TYPE_CHECKING:
    from collections.abc import Iterator

    from prohis_nb.analysis.equilibrium_sets import EquilibriumSet


@dataclass(frozen=True)
class ConvoyEquilibrium:
    """An equilibrium of the convoy game, with the numbers a lesson shows."""

    game: ConvoyGame
    smuggler: np.ndarray = field(repr=False)  # probability of each smuggler strategy
    controller: np.ndarray = field(repr=False)  # probability of each controller plan
    smuggler_value: float
    controller_value: float

    def _rows(self) -> Iterator[tuple[Any, Any]]:
        return zip(self.smuggler, self.game.smuggler_strategies())

    def _columns(self) -> Iterator[tuple[Any, Any]]:
        return zip(self.controller, self.game.controller_plans())

    @property
    def dirty_hand_sends_honest(self) -> float:
        """How often a smuggler holding illegal goods still sends an honest convoy (baiting)."""
        return float(sum(p for p, ((load, _), _) in self._rows() if load == "honest"))

    @property
    def honest_share(self) -> float:
        """Share of all convoys that are honest (honest hands plus baiting dirty hands)."""
        return (1 - self.game.p_dirty) + self.game.p_dirty * self.dirty_hand_sends_honest

    @property
    def dirty_offers(self) -> dict[str, float]:
        """How often a dirty hand makes each offer."""
        rates = dict.fromkeys(self.game.offers("dirty"), 0.0)
        for p, ((_, offer), _) in self._rows():
            rates[offer] += float(p)
        return rates

    @property
    def honest_offers(self) -> dict[str, float]:
        """How often an honest hand makes each offer."""
        rates = dict.fromkeys(self.game.offers("honest"), 0.0)
        for p, (_, offer) in self._rows():
            rates[offer] += float(p)
        return rates

    @property
    def offer_rates(self) -> dict[str, float]:
        """How often each offer comes with a convoy, all hands together."""
        p = self.game.p_dirty
        honest = self.honest_offers
        return {
            offer: p * rate + (1 - p) * honest.get(offer, 0.0)
            for offer, rate in self.dirty_offers.items()
        }

    @property
    def bribe_rate(self) -> float:
        """How often a convoy comes with a bribe."""
        return 1 - self.offer_rates[NO_BRIBE]

    @property
    def dirty_given_offer(self) -> dict[str, float | None]:
        """What the controller should believe: P(the convoy is dirty | this offer) (Bayes).

        ``None`` for an offer never made in equilibrium.
        """
        p = self.game.p_dirty
        dirty = dict.fromkeys(self.game.offers("dirty"), 0.0)
        for q, ((load, offer), _) in self._rows():
            if load == "dirty":
                dirty[offer] += p * float(q)
        rates = self.offer_rates
        return {
            offer: (dirty[offer] / rates[offer] if rates[offer] > 1e-12 else None)
            for offer in rates
        }

    @property
    def inspect_rate(self) -> float:
        """How often the controller inspects a convoy offered no bribe, in this equilibrium.

        When no convoy comes without a bribe this is one arbitrary point of a
        range of equally good rates: see :attr:`all` (``.inspect_range``).
        """
        return float(sum(q for q, plan in self._columns() if plan[-1] == "inspect"))

    @property
    def accept_rates(self) -> dict[str, float]:
        """How often the controller accepts each bribe on the menu."""
        labels = list(self.game.offer_labels)[1:]
        return {
            label: float(sum(q for q, plan in self._columns() if plan[i] == "accept"))
            for i, label in enumerate(labels)
        }

    @property
    def accept_rate(self) -> float:
        """How often the controller accepts a bribe (weighted by how often each is offered)."""
        rates = self.accept_rates
        if not rates:
            return 0.0
        offered = {label: self.offer_rates[label] for label in rates}
        total = sum(offered.values())
        if total <= 1e-12:
            return sum(rates.values()) / len(rates)
        return sum(rates[label] * offered[label] for label in rates) / total

    def numbers(self) -> dict[str, float]:
        """The equilibrium's headline numbers, by name (the ones :meth:`summary` reads out)."""
        return {
            "dirty_hand_sends_honest": self.dirty_hand_sends_honest,
            "honest_share": self.honest_share,
            "bribe_rate": self.bribe_rate,
            "inspect_rate": self.inspect_rate,
            "accept_rate": self.accept_rate,
            "smuggler_value": self.smuggler_value,
            "controller_value": self.controller_value,
        }

    @cached_property
    def all(self) -> EquilibriumSet:
        """Every equilibrium of this (zero-sum) game, exactly: see :mod:`.equilibrium_sets`.

        The solver's mix is one point of this set; :attr:`inspect_rate` in
        particular is often one arbitrary point of a range.
        """
        from prohis_nb.analysis.equilibrium_sets import equilibrium_set

        return equilibrium_set(self.game)

    def summary(self) -> str:
        """The equilibrium in words, for a lesson: every equilibrium, ranges where not unique.

        In the zero-sum game the sentences describe the whole set of equilibria
        (:attr:`all`); otherwise the one equilibrium found.
        """
        from prohis_nb.text import money, percent

        g = self.game
        opening = f"Against {_article(g.card)} {g.card} on a {g.size}-card convoy, "
        if not g.zero_sum:
            return opening + (
                f"a smuggler holding illegal goods should still send an honest convoy "
                f"{percent(self.dirty_hand_sends_honest)} of the time (so "
                f"{percent(self.honest_share)} of all convoys are honest), and offer a bribe "
                f"with {percent(self.bribe_rate)} of convoys. In this equilibrium (one of "
                f"possibly several) the controller inspects {percent(self.inspect_rate)} of "
                f"convoys offered no bribe and accepts {percent(self.accept_rate)} of bribes. "
                f"Expected gain per convoy (own score): smuggler {money(self.smuggler_value)}, "
                f"controller {money(self.controller_value)}."
            )
        return self.all.summary()


def _is_equilibrium(a: np.ndarray, b: np.ndarray, x: np.ndarray, y: np.ndarray) -> bool:
    """No pure strategy of either side does better against the other's mix (1e-6 relative)."""
    tol = 1e-6 * max(1.0, float(np.abs(a).max()), float(np.abs(b).max()))
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
        return False
    return bool((a @ y).max() <= x @ a @ y + tol and (x @ b).max() <= x @ b @ y + tol)


def _normalise(sigma: Any) -> np.ndarray:
    sigma = np.clip(np.asarray(sigma, dtype=float), 0, None)
    return sigma / sigma.sum()


def solve_bimatrix(a: Any, b: Any) -> tuple[np.ndarray, np.ndarray]:
    """One Nash equilibrium of the bimatrix game ``(a, b)``, checked; it always ends.

    A zero-sum game (``b = −a``) is solved by nashpy's linear program (the
    minimax theorem). Otherwise by an exact Lemke–Howson
    (:func:`~prohis_nb.analysis.bimatrix.lemke_howson`: whole-number
    tableaux, lexicographic pivoting, so it ends on degenerate games too,
    where nashpy's floating-point version can cycle for ever).

    **Which equilibrium.** A game that is not zero-sum may have many
    equilibria with different payoffs, and no one of them is "the" answer.
    This returns the one at the end of the Lemke–Howson path that starts by
    dropping label 0 (the row player's first pure strategy): the textbook
    algorithm's own choice, computed exactly, so it is the same on every
    machine and for every numpy version (a floating-point solver could end
    on another equilibrium after a rounding). Where a lesson needs more than
    one point, :func:`extreme_equilibria` lists them all. Should that point
    fail the best-response check (it cannot: it is exact), the other
    starting labels are tried in turn.

    ``a`` and ``b`` may hold fractions (read exactly) or floats (read as
    the decimals they print).
    """
    from prohis_nb.analysis.bimatrix import lemke_howson

    a_float = np.array([[float(v) for v in row] for row in a])
    b_float = np.array([[float(v) for v in row] for row in b])
    if np.allclose(a_float, -b_float):
        import nashpy

        x, y = (_normalise(s) for s in nashpy.Game(a_float).linear_program())
        return x, y
    for label in range(sum(a_float.shape)):
        exact_x, exact_y = lemke_howson(a, b, dropped_label=label)
        x = np.array([float(v) for v in exact_x])
        y = np.array([float(v) for v in exact_y])
        if _is_equilibrium(a_float, b_float, x, y):
            return x, y
    raise RuntimeError("no equilibrium found (this should not happen: every finite game has one)")


def solve_convoy_game(game: ConvoyGame | None = None) -> ConvoyEquilibrium:
    """Solve the convoy game and return one equilibrium (< 100 ms for the lessons' games).

    See :func:`solve_bimatrix` for the method. In the zero-sum game every
    equilibrium has the same value, so the expected gains are well defined
    even when several mixes are optimal. The few games the lessons show are
    solved once and shipped (:mod:`~prohis_nb.analysis.solved_convoy_games`:
    the same answer, without importing nashpy in class).
    """
    from prohis_nb.analysis.solved_convoy_games import stored_solution

    game = game or ConvoyGame()
    a, b = game.payoff_matrices()
    stored = stored_solution(a, b)  # the lessons' games: solved once, shipped
    if stored is not None:
        x, y = stored
    elif game.zero_sum:  # the race: a linear program on the floats
        x, y = solve_bimatrix(a, b)
    else:  # own money: exactly (see solve_bimatrix)
        x, y = solve_bimatrix(*game.exact_payoff_matrices())
    return ConvoyEquilibrium(
        game=game,
        smuggler=x,
        controller=y,
        smuggler_value=float(x @ a @ y),
        controller_value=float(x @ b @ y),
    )


def extreme_equilibria(game: ConvoyGame | None = None) -> list[ConvoyEquilibrium]:
    """Every extreme equilibrium of the convoy game's normal form, exactly, under either convention.

    The corners of the set of equilibria (:mod:`~prohis_nb.analysis.bimatrix`,
    exact fractions): every equilibrium is a mix of corners that share a
    face, so the lowest and highest of any rate (bait, inspection) over all
    equilibria is its lowest and highest over these. In the race (zero-sum)
    the same rates as :mod:`~prohis_nb.analysis.equilibrium_sets`; in own
    money, the only way to list more than one equilibrium.

    >>> own = extreme_equilibria(ConvoyGame(convention="own_money"))
    >>> len(own), {e.dirty_hand_sends_honest for e in own}
    (12, {0.0})
    """
    from prohis_nb.analysis.bimatrix import extreme_equilibria as enumerate_equilibria

    game = game or ConvoyGame()
    a, b = game.exact_payoff_matrices()
    out = []
    for x, y in enumerate_equilibria(a, b):
        value_s = sum(x[i] * a[i][j] * y[j] for i in range(len(x)) for j in range(len(y)))
        value_c = sum(x[i] * b[i][j] * y[j] for i in range(len(x)) for j in range(len(y)))
        out.append(
            ConvoyEquilibrium(
                game=game,
                smuggler=np.array([float(v) for v in x]),
                controller=np.array([float(v) for v in y]),
                smuggler_value=float(value_s),
                controller_value=float(value_c),
            )
        )
    return out


def explain_convoy_game(game: ConvoyGame | None = None) -> tuple[str, dict[str, float]]:
    """Solve the convoy game and read it back: ``(summary in English, the numbers)``.

    >>> text, numbers = explain_convoy_game(ConvoyGame(card="captain", p_dirty=0.5))
    >>> text.startswith("Against a captain on a 3-card convoy")
    True
    >>> 0 <= numbers["inspect_rate"] <= 1
    True
    """
    equilibrium = solve_convoy_game(game)
    return equilibrium.summary(), equilibrium.numbers()


# ---------------------------------------------------------------- classic references


def mixed_2x2(a: Any, b: Any) -> tuple[Fraction, Fraction]:
    """Closed form of a 2×2 game's fully mixed equilibrium: (P(row 0), P(column 0)).

    The row player mixes so the column player is indifferent, and vice versa:
    ``p = (b11 − b10) / (b00 − b10 − b01 + b11)``,
    ``q = (a11 − a01) / (a00 − a01 − a10 + a11)``.
    """
    a = [[Fraction(x) for x in row] for row in a]
    b = [[Fraction(x) for x in row] for row in b]
    p_den = b[0][0] - b[1][0] - b[0][1] + b[1][1]
    q_den = a[0][0] - a[0][1] - a[1][0] + a[1][1]
    if p_den == 0 or q_den == 0:
        raise ValueError("this 2x2 game has no fully mixed equilibrium")
    p = (b[1][1] - b[1][0]) / p_den
    q = (a[1][1] - a[0][1]) / q_den
    if not (0 < p < 1 and 0 < q < 1):
        raise ValueError("this 2x2 game has no fully mixed equilibrium")
    return p, q


def inspection_game(
    gain: float, fine: float, cost: float, loss: float
) -> tuple[list[list[float]], list[list[float]]]:
    """The textbook inspection game: an inspectee (rows: comply, cheat) and an inspector
    (columns: inspect, trust). Cheating gains ``gain`` unless inspected (then pays ``fine``);
    inspecting costs ``cost``; undetected cheating costs the inspector ``loss``."""
    inspectee: list[list[float]] = [[0, 0], [-fine, gain]]
    inspector: list[list[float]] = [[-cost, 0], [fine - cost, -loss]]
    return inspectee, inspector


def inspection_game_equilibrium(
    gain: float, fine: float, cost: float, loss: float
) -> tuple[Fraction, Fraction]:
    """The inspection game's mixed equilibrium in closed form: (P(cheat), P(inspect)).

    Each side makes the *other* indifferent: the inspector is indifferent when
    ``−cost + P(cheat) · fine = −P(cheat) · loss``, so ``P(cheat) = cost / (fine + loss)``;
    the inspectee when ``P(inspect) · (−fine) + (1 − P(inspect)) · gain = 0``, so
    ``P(inspect) = gain / (gain + fine)``.

    >>> inspection_game_equilibrium(gain=3, fine=5, cost=1, loss=2)
    (Fraction(1, 7), Fraction(3, 8))
    """
    gain_, fine_, cost_, loss_ = (Fraction(v) for v in (gain, fine, cost, loss))
    return cost_ / (fine_ + loss_), gain_ / (gain_ + fine_)


def kuhn_poker_matrix() -> np.ndarray:
    """Kuhn poker in normal form: player 1's expected payoff (27 × 64 pure strategies).

    Three cards (J < Q < K), one each, ante 1, one bet of 1. Player 1's
    strategy says, for each card, *bet*, *check then fold* or *check then
    call*; player 2's says, for each card, what to do facing a bet (call or
    fold) and facing a check (bet or check).
    """
    cards = (0, 1, 2)
    p1_plans = list(product(("bet", "check-fold", "check-call"), repeat=3))
    p2_plans = list(product(product(("call", "fold"), ("bet", "check")), repeat=3))
    deals = [(x, y) for x in cards for y in cards if x != y]
    matrix = np.zeros((len(p1_plans), len(p2_plans)))
    for i, plan1 in enumerate(p1_plans):
        for j, plan2 in enumerate(p2_plans):
            total = 0.0
            for c1, c2 in deals:
                show = 1 if c1 > c2 else -1
                first = plan1[c1]
                facing_bet, facing_check = plan2[c2]
                if first == "bet":
                    total += 2 * show if facing_bet == "call" else 1
                elif facing_check == "check":
                    total += show
                elif first == "check-call":
                    total += 2 * show
                else:
                    total += -1
            matrix[i, j] = total / len(deals)
    return matrix


def kuhn_poker_sequence_form() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Kuhn poker in sequence form: ``(A, E, F)``, player 1's payoff and both players' constraints.

    A *sequence* is a player's own moves on the way to a node. Player 1's
    sequences: the empty one, then for each card ``bet``, ``check``,
    ``check·call``, ``check·fold``; player 2's: the empty one, then for each
    card ``call``, ``fold`` (facing a bet), ``bet``, ``check`` (facing a
    check). A strategy is a *realisation plan* ``x ≥ 0`` with ``E x = e``
    (the empty sequence has weight 1, and each information set's moves share
    the weight of the sequence leading to it); ``A[s1, s2]`` sums chance ×
    payoff over the leaves the two sequences reach. The value is
    ``max_x min_y xᵀ A y`` under those constraints: a linear program of size
    13 × 13 instead of 27 × 64.
    """
    p1 = ["root"] + [
        f"{c}:{m}" for c in range(3) for m in ("bet", "check", "check-call", "check-fold")
    ]
    p2 = ["root"] + [f"{c}:{m}" for c in range(3) for m in ("call", "fold", "bet", "check")]
    i1 = {s: n for n, s in enumerate(p1)}
    i2 = {s: n for n, s in enumerate(p2)}
    a = np.zeros((len(p1), len(p2)))
    chance = 1 / 6
    for c1, c2 in product(range(3), repeat=2):
        if c1 == c2:
            continue
        show = 1 if c1 > c2 else -1
        leaves = [
            (f"{c1}:bet", f"{c2}:call", 2 * show),
            (f"{c1}:bet", f"{c2}:fold", 1),
            (f"{c1}:check", f"{c2}:check", show),
            (f"{c1}:check-call", f"{c2}:bet", 2 * show),
            (f"{c1}:check-fold", f"{c2}:bet", -1),
        ]
        for s1, s2, payoff in leaves:
            a[i1[s1], i2[s2]] += chance * payoff
    e = np.zeros((1 + 2 * 3, len(p1)))
    e[0, i1["root"]] = 1
    for c in range(3):
        e[1 + 2 * c, [i1[f"{c}:bet"], i1[f"{c}:check"]]] = 1
        e[1 + 2 * c, i1["root"]] = -1
        e[2 + 2 * c, [i1[f"{c}:check-call"], i1[f"{c}:check-fold"]]] = 1
        e[2 + 2 * c, i1[f"{c}:check"]] = -1
    f = np.zeros((1 + 2 * 3, len(p2)))
    f[0, i2["root"]] = 1
    for c in range(3):
        f[1 + 2 * c, [i2[f"{c}:call"], i2[f"{c}:fold"]]] = 1
        f[1 + 2 * c, i2["root"]] = -1
        f[2 + 2 * c, [i2[f"{c}:bet"], i2[f"{c}:check"]]] = 1
        f[2 + 2 * c, i2["root"]] = -1
    return a, e, f


def solve_sequence_form(a: np.ndarray, e: np.ndarray, f: np.ndarray) -> float:
    """Value of a two-player zero-sum game in sequence form, by one linear program.

    ``max_x min_y xᵀ A y`` with ``E x = e₁``, ``F y = e₁``, ``x, y ≥ 0``
    (``e₁ = (1, 0, …, 0)``). The inner minimum is a linear program whose dual is
    ``max e₁ᵀ v`` subject to ``Fᵀ v ≤ Aᵀ x``; so the value is
    ``max e₁ᵀ v`` over ``x ≥ 0``, ``v`` free, with ``E x = e₁`` and
    ``Fᵀ v − Aᵀ x ≤ 0`` (Koller, Megiddo & von Stengel, 1994).
    """
    from scipy.optimize import linprog

    nx, nv = a.shape[0], f.shape[0]
    cost = np.concatenate([np.zeros(nx), -np.eye(nv)[0]])  # maximise v₀ = e₁ᵀ v
    a_ub = np.hstack([-a.T, f.T])
    b_ub = np.zeros(a.shape[1])
    a_eq = np.hstack([e, np.zeros((e.shape[0], nv))])
    b_eq = np.eye(e.shape[0])[0]
    bounds = [(0, None)] * nx + [(None, None)] * nv
    result = linprog(cost, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=b_eq, bounds=bounds)
    if not result.success:
        raise RuntimeError(f"the sequence-form linear program failed: {result.message}")
    return float(-result.fun)


def kuhn_poker_value(method: str = "normal") -> float:
    """The value of Kuhn poker for the first player (−1/18), by linear programming.

    ``method="normal"``: nashpy's linear program on the 27 × 64 normal form;
    ``method="sequence"``: scipy's ``linprog`` on the sequence form.
    """
    if method == "sequence":
        return solve_sequence_form(*kuhn_poker_sequence_form())
    if method != "normal":
        raise ValueError(f"method is 'normal' or 'sequence', got {method!r}")
    import nashpy

    matrix = kuhn_poker_matrix()
    row, column = nashpy.Game(matrix).linear_program()
    return float(np.asarray(row) @ matrix @ np.asarray(column))
