"""Quantal response: how real players miss the equilibrium, and which equilibrium they approach.

A player in a **logit quantal-response equilibrium** (McKelvey & Palfrey,
*Games and Economic Behavior* 10, 1995; in behaviour strategies, the *agent*
QRE of McKelvey & Palfrey, *Experimental Economics* 1, 1998) does not always
take the best choice: at each decision it takes choice ``a`` with
probability proportional to ``exp(λ · u(a))``, where ``u(a)`` is what ``a`` is
worth given what everybody else does (and what it believes about what it
cannot see, by Bayes from everybody's mistakes). ``λ`` measures precision:
at ``λ = 0`` every choice is equally likely; as ``λ`` grows, mistakes that
cost more become rarer, and the QRE moves towards a Nash equilibrium.

**It picks one equilibrium.** Where a game has many equilibria, the QRE
that starts at ``λ = 0`` (the *principal branch*) converges to one of them
(the *logit solution*, Harsanyi's tracing procedure in another guise). In
lesson 5's convoy game the controller's answer to a convoy without a bribe
is not pinned down by Nash equilibrium (any inspection rate from 37/72 to
47/72), but every convoy that comes without a bribe in a QRE is a *mistake*,
and the two mistakes (a dirty hand shipping without a bribe, an honest hand
dropping it) become rare at rates set by their costs. The controller's
belief, and so its inspection rate, converges to the rate at which the two
cost the same: **7/12** (:func:`proper_inspection_rate`), which is also what
Myerson's *proper* equilibrium selects (costlier mistakes infinitely rarer).

**This module** computes the agent QRE of any small game given in *agent
form* (:class:`AgentForm`: information sets, their actions, and the paths of
play with their chance weight and payoffs), follows its principal branch
(:func:`qre_path`), and fits ``λ`` to observed choices by maximum likelihood
(:func:`fit_qre`), with a likelihood-ratio test of the Nash equilibrium that
the branch selects against the fitted QRE. :func:`convoy_agent_form` builds
lesson 5's convoy game in either payoff convention. Payoffs are in thousands
of dollars by default, so ``λ`` is "per $1,000".

Checked in ``tests/analysis/test_qre.py`` against pygambit's logit solver
(``pygambit.qre``), a second implementation written by Gambit's authors.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

#: Where the principal branch is followed to, to read its limit (per unit of payoff).
LIMIT_LAMBDA = 400.0


@dataclass(frozen=True)
class InfoSet:
    """One decision: who makes it (player 0 or 1), its name and the actions it has."""

    name: str
    player: int
    actions: tuple[str, ...]


@dataclass(frozen=True)
class PlayPath:
    """One way a play can go: chance's weight, each decision on the way (info set, action),
    and the payoff of each player at its end."""

    chance: float
    moves: tuple[tuple[str, str], ...]
    payoffs: tuple[float, ...]


@dataclass(frozen=True)
class AgentForm:
    """A finite game in agent form, small enough to list every path of play.

    Each path visits an information set at most once (perfect recall). The
    value of an action is the expected payoff of its player *given* that its
    information set is reached (beliefs by Bayes, never undefined in a QRE:
    every action has a positive probability).
    """

    infosets: tuple[InfoSet, ...]
    paths: tuple[PlayPath, ...]
    _index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index = {info.name: k for k, info in enumerate(self.infosets)}
        if len(index) != len(self.infosets):
            raise ValueError("every information set needs its own name")
        for path in self.paths:
            for name, action in path.moves:
                if name not in index or action not in self.infosets[index[name]].actions:
                    raise ValueError(f"the path {path.moves} makes an unknown move {name}:{action}")
        object.__setattr__(self, "_index", index)

    def infoset(self, name: str) -> InfoSet:
        """The information set called ``name``."""
        try:
            return self.infosets[self._index[name]]
        except KeyError:
            names = ", ".join(i.name for i in self.infosets)
            raise ValueError(f"no information set {name!r}; they are: {names}") from None

    def values(self, profile: Mapping[str, Sequence[float]]) -> dict[str, list[float]]:
        """Each action's expected payoff to its player, given its information set is reached.

        For each path through information set ``I``, ``others`` is chance's
        weight times the probability of every *other* move on the path; the
        action's value sums ``others × payoff`` over its paths, divided by the
        chance ``I`` is reached (the sum of ``others`` over ``I``'s paths, over
        its number of actions, since what follows each action sums to 1).
        """
        flat = [p for info in self.infosets for p in profile[info.name]]
        values = self._flat_values(flat)
        out, k = {}, 0
        for info in self.infosets:
            out[info.name] = [float(v) for v in values[k : k + len(info.actions)]]
            k += len(info.actions)
        return out

    @cached_property
    def _arrays(self) -> tuple[Any, Any, Any, Any, Any]:
        """The paths as arrays: each move's action column (−1: none), chance, payoffs, owners."""
        import numpy as np

        starts, k = {}, 0
        for info in self.infosets:
            starts[info.name] = k
            k += len(info.actions)
        longest = max(len(p.moves) for p in self.paths)
        moves = np.full((len(self.paths), longest), -1)
        owner = np.zeros((len(self.paths), longest), dtype=int)
        for r, path in enumerate(self.paths):
            for c, (name, action) in enumerate(path.moves):
                info = self.infoset(name)
                moves[r, c] = starts[name] + info.actions.index(action)
                owner[r, c] = info.player
        chance = np.array([p.chance for p in self.paths])
        payoffs = np.array([p.payoffs for p in self.paths], dtype=float)
        sizes = np.array([len(i.actions) for i in self.infosets for _ in i.actions], dtype=float)
        return moves, owner, chance, payoffs, sizes

    def _flat_values(self, flat: Sequence[float]) -> Any:
        import numpy as np

        moves, owner, chance, payoffs, sizes = self._arrays
        probs = np.append(np.asarray(flat, dtype=float), 1.0)  # index −1: no move
        taken = probs[moves]  # each move's probability
        totals = np.zeros(len(flat))
        reached = np.zeros(len(flat))
        for c in range(moves.shape[1]):
            others = chance * np.prod(np.delete(taken, c, axis=1), axis=1)
            present = moves[:, c] >= 0
            columns = moves[present, c]
            np.add.at(
                totals, columns, (others * payoffs[np.arange(len(chance)), owner[:, c]])[present]
            )
            np.add.at(reached, columns, others[present])
        # reached[a] sums over a's paths; the set's reach sums over all its actions' paths
        set_reach = np.zeros(len(flat))
        k = 0
        for info in self.infosets:
            n = len(info.actions)
            set_reach[k : k + n] = reached[k : k + n].sum() / n
            k += n
        return np.divide(totals, set_reach, out=np.zeros(len(flat)), where=set_reach > 0)


def _logit(values: Sequence[float], lam: float) -> list[float]:
    top = max(values)
    weights = [math.exp(lam * (v - top)) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def _unpack(form: AgentForm, z: Any) -> dict[str, list[float]]:
    out, k = {}, 0
    for info in form.infosets:
        logs = z[k : k + len(info.actions)]
        top = max(logs)
        weights = [math.exp(v - top) for v in logs]
        total = sum(weights)
        out[info.name] = [w / total for w in weights]
        k += len(info.actions)
    return out


def _residual(form: AgentForm, z: Any, lam: float) -> Any:
    import numpy as np

    z = np.asarray(z, dtype=float)
    flat = np.empty_like(z)
    bounds, k = [], 0
    for info in form.infosets:
        bounds.append((k, k + len(info.actions)))
        k += len(info.actions)
    for a, b in bounds:
        e = np.exp(z[a:b] - z[a:b].max())
        flat[a:b] = e / e.sum()
    values = form._flat_values(flat)
    out = np.empty_like(z)
    for a, b in bounds:
        v = lam * (values[a:b] - values[a:b].max())
        out[a:b] = z[a:b] - (v - np.log(np.exp(v).sum()))
    return out


def logit_qre(
    form: AgentForm, lam: float, start: Mapping[str, Sequence[float]] | None = None
) -> dict[str, list[float]]:
    """The agent logit QRE at precision ``lam``, found from ``start`` (default: uniform).

    Solves ``log π(a) = λ u(a) − log Σ_b exp(λ u(b))`` at every information
    set with scipy's hybrid Newton method. From a start far from the answer
    it may find another branch: follow the principal one with :func:`qre_path`.
    """
    from scipy.optimize import root

    if not lam >= 0:
        raise ValueError(f"lam (λ, the precision) is a number ≥ 0, got {lam!r}")
    start = start or {i.name: [1 / len(i.actions)] * len(i.actions) for i in form.infosets}
    z0 = [math.log(max(p, 1e-300)) for i in form.infosets for p in start[i.name]]
    result = root(lambda z: _residual(form, z, lam), z0, method="hybr", options={"xtol": 1e-13})
    if not result.success and max(abs(r) for r in _residual(form, result.x, lam)) > 1e-7:
        raise RuntimeError(f"no quantal-response equilibrium found at λ = {lam}: {result.message}")
    return _unpack(form, result.x)


def qre_path(
    form: AgentForm, lambdas: Sequence[float], step: float = 1.25
) -> list[dict[str, list[float]]]:
    """The principal branch of the logit QRE at each of ``lambdas`` (ascending).

    Followed from ``λ = 0`` (every action equally likely) in small steps, each
    solved from the last (steps of 0.5 up to λ = 5, then at most ``step``
    times the previous λ), so the path never jumps to another branch (the
    tests compare it with pygambit's path-following).
    """
    if any(b < a for a, b in zip(lambdas, lambdas[1:])) or (lambdas and lambdas[0] < 0):
        raise ValueError("lambdas are precisions ≥ 0, in ascending order")
    profile = {i.name: [1 / len(i.actions)] * len(i.actions) for i in form.infosets}
    lam, out = 0.0, []
    for target in lambdas:
        while lam < target:
            lam = min(target, lam * step if lam >= 5 else lam + 0.5)
            profile = logit_qre(form, lam, profile)
        out.append(profile)
    return out


def logit_limit(form: AgentForm, lam: float = LIMIT_LAMBDA) -> dict[str, list[float]]:
    """The Nash equilibrium the principal branch selects, read at a large ``lam``.

    Probabilities below 1e-9 are set to 0 (the limit's pure choices); the rest
    are rounded to 6 decimals' worth of the branch: use
    :func:`proper_inspection_rate` for the convoy game's exact limit.
    """
    (profile,) = qre_path(form, [lam])
    out = {}
    for name, probs in profile.items():
        kept = [p if p > 1e-9 else 0.0 for p in probs]
        total = sum(kept)
        out[name] = [p / total for p in kept]
    return out


# ---------------------------------------------------------------- fitting λ to a class


@dataclass(frozen=True)
class QREFit:
    """A logit QRE fitted to observed choices, and the test of Nash against it.

    ``lam``: the precision that makes the observed choices most likely;
    ``profile``: the QRE there; ``log_likelihood`` its log-likelihood.
    ``nash``: the Nash equilibrium the QRE selects (its ``λ → ∞`` limit), and
    ``nash_log_likelihood`` the observed choices' log-likelihood under it
    (``-inf`` when a choice it never makes was observed). ``lr_statistic``
    is ``2 (ℓ_QRE − ℓ_Nash)`` and ``p_value`` the chance of one at least as
    large if the players played that Nash equilibrium exactly: Nash is the
    boundary ``1/λ = 0`` of the QRE family, so the statistic follows an
    even mix of 0 and a χ² with 1 degree of freedom (Self & Liang, *JASA*
    82, 1987), and ``p = ½ P(χ²₁ ≥ LR)``. A small ``p`` says the class's
    mistakes are systematic enough that exact equilibrium play is unlikely;
    ``lam`` says how precise it was.
    """

    lam: float
    log_likelihood: float
    profile: dict[str, list[float]]
    random_log_likelihood: float
    nash: dict[str, list[float]]
    nash_log_likelihood: float
    observations: int

    @property
    def lr_statistic(self) -> float:
        """``2 (ℓ_QRE − ℓ_Nash)``, at least 0 (``inf`` when Nash gives an observed choice 0)."""
        return max(0.0, 2 * (self.log_likelihood - self.nash_log_likelihood))

    @property
    def p_value(self) -> float:
        """``½ P(χ²₁ ≥ LR)`` (1 when the statistic is 0): the test of Nash against QRE."""
        lr = self.lr_statistic
        if lr == 0:
            return 1.0
        if math.isinf(lr):
            return 0.0
        return 0.5 * math.erfc(math.sqrt(lr / 2))

    def summary(self) -> str:
        """The fit in words: λ, the likelihoods, and the test of exact equilibrium play."""
        from prohis_nb.text import count, number, p_value

        verdict = (
            "rejected"
            if self.p_value < 0.05
            else "not rejected (the choices are consistent with it)"
        )
        fitted = (
            f"Logit QRE fitted to {count(self.observations, 'choice')}: "
            f"λ = {number(self.lam, digits=2)} (log-likelihood {number(self.log_likelihood)}; "
            f"random choice {number(self.random_log_likelihood)})."
        )
        if math.isinf(self.nash_log_likelihood):
            test = (
                " The Nash equilibrium it selects gives probability 0 to a choice the class "
                "made, so under it the class's choices could not have happened (likelihood "
                f"ratio infinite, {p_value(self.p_value)}): exact equilibrium play is {verdict}."
            )
        else:
            test = (
                " Under the Nash equilibrium it selects the log-likelihood is "
                f"{number(self.nash_log_likelihood)}: likelihood ratio "
                f"{number(self.lr_statistic)}, {p_value(self.p_value)}, so exact equilibrium "
                f"play is {verdict}."
            )
        return fitted + test


def log_likelihood(
    profile: Mapping[str, Sequence[float]], counts: Mapping[str, Sequence[int]]
) -> float:
    """``Σ n(a) log π(a)`` over the observed counts (``-inf`` if a choice of chance 0 was seen)."""
    total = 0.0
    for name, observed in counts.items():
        for n, p in zip(observed, profile[name], strict=True):
            if n:
                if p <= 0:
                    return -math.inf
                total += n * math.log(p)
    return total


def _check_counts(form: AgentForm, counts: Mapping[str, Sequence[int]]) -> dict[str, list[int]]:
    clean: dict[str, list[int]] = {}
    for name, observed in counts.items():
        info = form.infoset(name)
        values = list(observed)
        if len(values) != len(info.actions) or any(
            isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in values
        ):
            raise ValueError(
                f"the counts at {name!r} are one whole number ≥ 0 per action "
                f"{list(info.actions)}, got {observed!r}"
            )
        clean[name] = values
    if not any(sum(v) for v in clean.values()):
        raise ValueError("no choice was observed: there is nothing to fit")
    return clean


def fit_qre(
    form: AgentForm,
    counts: Mapping[str, Sequence[int]],
    max_lambda: float = 200.0,
) -> QREFit:
    """The logit QRE that makes the observed ``counts`` most likely, and the test of Nash.

    ``counts``: for each information set observed, how many times each of
    its actions was chosen (in the order of :attr:`InfoSet.actions`). ``λ`` is
    searched on the principal branch from 0 to ``max_lambda``: a grid, then a
    golden-section refinement around the best point.
    """
    clean = _check_counts(form, counts)
    grid = [0.0] + [max_lambda * (1.08 ** (k - 80)) for k in range(81)]
    grid = sorted(set(g for g in grid if g <= max_lambda))
    profiles = qre_path(form, grid)
    scores = [log_likelihood(p, clean) for p in profiles]
    best = max(range(len(grid)), key=scores.__getitem__)
    low = grid[max(best - 1, 0)]
    high = grid[min(best + 1, len(grid) - 1)]
    start = profiles[max(best - 1, 0)]

    def score(lam: float) -> float:
        return log_likelihood(logit_qre(form, lam, start), clean)

    ratio = (math.sqrt(5) - 1) / 2
    a, b = low, high
    for _ in range(60):
        c, d = b - ratio * (b - a), a + ratio * (b - a)
        if score(c) >= score(d):
            b = d
        else:
            a = c
        if b - a < 1e-6 * max(1.0, b):
            break
    lam = (a + b) / 2
    fitted = logit_qre(form, lam, start)
    if log_likelihood(fitted, clean) < scores[best]:
        lam, fitted = grid[best], profiles[best]
    nash = logit_limit(form)
    uniform = {i.name: [1 / len(i.actions)] * len(i.actions) for i in form.infosets}
    return QREFit(
        lam=lam,
        log_likelihood=log_likelihood(fitted, clean),
        profile=fitted,
        random_log_likelihood=log_likelihood(uniform, clean),
        nash=nash,
        nash_log_likelihood=log_likelihood(nash, clean),
        observations=sum(sum(v) for v in clean.values()),
    )


# ---------------------------------------------------------------- the convoy game


#: The convoy game's information sets, as :func:`convoy_agent_form` names them.
DIRTY_HAND, HONEST_HAND, FACING_BRIBE, FACING_NONE = (
    "dirty hand",
    "honest hand",
    "controller, bribe offered",
    "controller, no bribe",
)


def convoy_agent_form(game: Any = None, unit: float = 1000.0) -> AgentForm:
    """Lesson 5's convoy game (one bribe on the menu) in agent form, payoffs in ``unit`` dollars.

    Information sets: the smuggler holding a dirty hand (``honest, no bribe``,
    ``honest, bribe``, ``dirty, no bribe``, ``dirty, bribe``), holding an
    honest hand (``no bribe``, ``bribe``); the controller offered the bribe
    (``accept``, ``reject``: a rejection inspects), offered none
    (``inspect``, ``waive``). Payoffs follow the game's convention
    (:attr:`~prohis_nb.analysis.equilibrium.ConvoyGame.convention`).
    """
    from prohis_nb.analysis.convoy_game import NO_BRIBE, ConvoyGame

    game = game or ConvoyGame()
    if len(game.menu) != 1:
        raise ValueError("the agent form is built for a game with one bribe on the menu")
    bribe = [o for o in game.offer_labels if o != NO_BRIBE][0]
    p = float(game.p_dirty)
    infosets = (
        InfoSet(
            DIRTY_HAND,
            0,
            ("honest, no bribe", "honest, bribe", "dirty, no bribe", "dirty, bribe"),
        ),
        InfoSet(HONEST_HAND, 0, ("no bribe", "bribe")),
        InfoSet(FACING_BRIBE, 1, ("accept", "reject")),
        InfoSet(FACING_NONE, 1, ("inspect", "waive")),
    )
    paths = []
    for hand, weight in (("dirty", p), ("honest", 1 - p)):
        loads = ("honest", "dirty") if hand == "dirty" else ("honest",)
        for load in loads:
            for offer in (NO_BRIBE, bribe):
                short = "no bribe" if offer == NO_BRIBE else "bribe"
                first = (
                    (DIRTY_HAND, f"{load}, {short}") if hand == "dirty" else (HONEST_HAND, short)
                )
                answers = (
                    (("inspect", "inspect"), ("waive", "waive"))
                    if offer == NO_BRIBE
                    else (("accept", "accept"), ("reject", "inspect"))
                )
                where = FACING_NONE if offer == NO_BRIBE else FACING_BRIBE
                for action, answer in answers:
                    smuggler, controller = game.convention_payoffs(load, offer, answer)
                    paths.append(
                        PlayPath(
                            weight,
                            (first, (where, action)),
                            (float(smuggler) / unit, float(controller) / unit),
                        )
                    )
    return AgentForm(infosets, tuple(p for p in paths if p.chance > 0))


def proper_inspection_rate(game: Any = None) -> Fraction | None:
    """The inspection rate of a convoy offered no bribe that proper equilibrium and the QRE select.

    When no convoy comes without a bribe in equilibrium, the answer to one is
    off the path of play. A proper equilibrium (Myerson, 1978) makes costlier
    mistakes infinitely rarer than cheaper ones; the QRE's mistakes are
    rarer by ``exp(−λ · cost)``. Either way the controller's belief after no
    bribe is set by the cheapest way to drop the bribe, and it can only mix
    (as it must, or one of the mistakes would pay) where the two ways cost
    the same: a dirty hand shipping its dirty convoy without a bribe, and an
    honest convoy sent without one. With ``u(load, answer)`` the smuggler's
    payoff, that is ``q`` with
    ``q u(dirty, inspect) + (1 − q) u(dirty, waive)`` equal to
    ``q u(honest, inspect) + (1 − q) u(honest, waive)``.
    ``None`` when offering nothing is made in some equilibrium (it is then on
    the path and Nash pins it) or the two never cost the same.

    >>> proper_inspection_rate()
    Fraction(7, 12)
    """
    from prohis_nb.analysis.convoy_game import NO_BRIBE, ConvoyGame
    from prohis_nb.analysis.equilibrium_sets import equilibrium_set

    game = game or ConvoyGame()
    if not game.zero_sum:
        raise ValueError("the set of equilibria, and so the off-path range, is for the race")
    every = equilibrium_set(game)
    if NO_BRIBE not in every.offers_never_made:
        return None

    def u(load: str, answer: str) -> Fraction:
        return Fraction(game.convention_payoffs(load, NO_BRIBE, answer)[0])

    slope = (
        u("dirty", "inspect") - u("dirty", "waive") - u("honest", "inspect") + u("honest", "waive")
    )
    if slope == 0:
        return None
    q = (u("honest", "waive") - u("dirty", "waive")) / slope
    low, high = every.inspect_range
    return q if low <= q <= high else None
