"""How sure can we be of a rate the class showed? Confidence intervals for a share.

A class that inspected 7 of 20 unbribed convoys has an inspection rate of
35%, but 20 decisions are few: the interval says which underlying rates are
consistent with what was seen.

* :func:`wilson` — the **Wilson score interval** (E. B. Wilson, "Probable
  inference, the law of succession, and statistical inference", *JASA* 22,
  1927). It inverts the normal test of a share, so it stays inside [0, 1]
  and behaves well for small counts and for rates near 0 or 1, unlike the
  textbook ``p ± 1.96·√(p(1−p)/n)``. Stdlib only.
* :func:`clopper_pearson` — the **exact** interval (C. J. Clopper and E. S.
  Pearson, *Biometrika* 26, 1934), from beta quantiles: never too narrow,
  often wider than it needs to be. Needs scipy.

**Clustering by game.** Decisions taken in one game are not independent:
the same students, the same cards, the same habits. Treating 200 decisions
from 10 games as 200 independent coin flips gives intervals that are too
narrow. :func:`design_effect` measures how much the spread of the per-game
rates exceeds what independent decisions would give (the cluster-robust
variance of a ratio estimator over the binomial one, as in
:mod:`prohis_nb.tournament`'s summary), and :func:`clustered` computes the
interval with the *effective* number of decisions ``n / deff`` (Kish's
effective sample size; Korn and Graubard, *Survey Methodology* 24, 1998, use
it the same way for Clopper–Pearson intervals). The design effect is never
taken below 1, so clustering only ever widens an interval; with fewer than 2
games it cannot be estimated and the plain interval is returned.

>>> low, high = wilson(7, 20)
>>> round(low, 4), round(high, 4)
(0.1812, 0.5671)
>>> wilson(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from statistics import NormalDist

METHODS = ("wilson", "clopper-pearson")


def _z(confidence: float) -> float:
    if not 0 < confidence < 1:
        raise ValueError(f"confidence is a probability between 0 and 1, got {confidence!r}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def _check(successes: float, trials: float) -> None:
    if trials < 0 or successes < 0 or successes > trials:
        raise ValueError(f"a share needs 0 <= successes <= trials, got {successes!r} of {trials!r}")


def wilson(
    successes: float, trials: float, confidence: float = 0.95, critical: float | None = None
) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``trials`` (module docstring).

    ``trials`` may be fractional (an effective sample size). No trials: ``(0, 1)``.
    ``critical``: the critical value to use instead of the normal ``z`` (a
    Student t quantile when the decisions come from few clusters).
    """
    _check(successes, trials)
    z = _z(confidence) if critical is None else critical
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z / denominator * (p * (1 - p) / trials + z * z / (4 * trials * trials)) ** 0.5
    # the interval holds p; at p = 0 or 1 its end is exactly p (floating point may miss by 1e-18)
    return min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half))


def clopper_pearson(
    successes: float, trials: float, confidence: float = 0.95
) -> tuple[float, float]:
    """The exact (Clopper–Pearson) interval, from beta quantiles (scipy). No trials: ``(0, 1)``."""
    from scipy.stats import beta

    _check(successes, trials)
    alpha = 1 - confidence
    _z(confidence)
    if trials == 0:
        return 0.0, 1.0
    low = 0.0 if successes == 0 else float(beta.ppf(alpha / 2, successes, trials - successes + 1))
    high = (
        1.0
        if successes == trials
        else float(beta.ppf(1 - alpha / 2, successes + 1, trials - successes))
    )
    return low, high


def interval(
    successes: float, trials: float, method: str = "wilson", confidence: float = 0.95
) -> tuple[float, float]:
    """The interval of ``method``: ``"wilson"`` or ``"clopper-pearson"``."""
    if method == "wilson":
        return wilson(successes, trials, confidence)
    if method == "clopper-pearson":
        return clopper_pearson(successes, trials, confidence)
    raise ValueError(f"method is one of {', '.join(map(repr, METHODS))}, got {method!r}")


def design_effect(per_game: Sequence[tuple[int, int]]) -> float:
    """How much clustering by game inflates the variance of the pooled share (at least 1).

    ``per_game``: ``(successes, trials)`` of each game. With ``p`` the pooled
    share, ``G`` games with trials, ``N`` trials in all, the cluster-robust
    variance of ``p`` is ``G/(G−1) · Σ_g (k_g − p·n_g)² / N²`` and the binomial
    one ``p(1−p)/N``; their ratio is the design effect. 1 when it cannot be
    estimated (fewer than 2 games with trials, or a share of 0 or 1).

    >>> design_effect([(5, 10), (5, 10)])  # two games alike: no extra spread
    1.0
    >>> round(design_effect([(10, 10), (0, 10)]), 2)  # all or nothing per game
    20.0
    """
    games = [(k, n) for k, n in per_game if n > 0]
    total = sum(n for _, n in games)
    if len(games) < 2 or total == 0:
        return 1.0
    p = sum(k for k, _ in games) / total
    if p in (0.0, 1.0):
        return 1.0
    g = len(games)
    robust = g / (g - 1) * sum((k - p * n) ** 2 for k, n in games) / total**2
    return max(1.0, robust / (p * (1 - p) / total))


def critical_value(clusters: int, confidence: float = 0.95) -> float:
    """Student's t quantile on ``clusters − 1`` degrees of freedom (wider than z; z in the limit).

    With few clusters (students, games) the cluster-robust variance is
    estimated from few numbers, and the normal z gives intervals that are too
    narrow; the t quantile with ``G − 1`` degrees of freedom is what
    statsmodels' cluster-robust inference uses (``use_t=True``).
    """
    from prohis_nb.tournament_stats import t_quantile

    _z(confidence)
    return t_quantile(0.5 + confidence / 2, max(1, clusters - 1))


def clustered(
    per_game: Sequence[tuple[int, int]], method: str = "wilson", confidence: float = 0.95
) -> tuple[float, float]:
    """The interval of the pooled share with the effective sample size ``N / deff``.

    ``per_game``: ``(successes, trials)`` of each cluster (a game, or a
    student). The Wilson interval uses the t quantile on ``G − 1`` degrees of
    freedom (:func:`critical_value`) when there are at least 2 clusters;
    Clopper–Pearson uses the effective counts.
    """
    successes = sum(k for k, _ in per_game)
    trials = sum(n for _, n in per_game)
    deff = design_effect(per_game)
    clusters = sum(1 for _, n in per_game if n > 0)
    if method == "wilson" and clusters >= 2:
        _check(successes, trials)
        return wilson(
            successes / deff, trials / deff, confidence, critical_value(clusters, confidence)
        )
    return interval(successes / deff, trials / deff, method, confidence)
