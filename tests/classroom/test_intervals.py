"""The intervals against scipy's own and against their definitions."""

from __future__ import annotations

import math

import pytest
from scipy.stats import binom, binomtest

from prohis_nb.classroom.intervals import (
    clopper_pearson,
    clustered,
    design_effect,
    interval,
    wilson,
)

CASES = [(0, 1), (1, 1), (0, 10), (3, 10), (7, 20), (10, 10), (295, 519), (1, 1000)]


@pytest.mark.parametrize("k, n", CASES)
def test_wilson_matches_scipy(k, n):
    expected = binomtest(k, n).proportion_ci(0.95, method="wilson")
    assert wilson(k, n) == pytest.approx((expected.low, expected.high), abs=1e-12)


@pytest.mark.parametrize("k, n", CASES)
def test_clopper_pearson_matches_scipy(k, n):
    expected = binomtest(k, n).proportion_ci(0.95, method="exact")
    assert clopper_pearson(k, n) == pytest.approx((expected.low, expected.high), abs=1e-9)


@pytest.mark.parametrize("k, n", [(3, 10), (0, 8), (12, 12)])
def test_clopper_pearson_is_where_the_binomial_tails_are_two_and_a_half_percent(k, n):
    """The definition: at the lower end P(X ≥ k) = 2.5%, at the upper end P(X ≤ k) = 2.5%."""
    low, high = clopper_pearson(k, n)
    if k > 0:
        assert binom.sf(k - 1, n, low) == pytest.approx(0.025, abs=1e-9)
    else:
        assert low == 0
    if k < n:
        assert binom.cdf(k, n, high) == pytest.approx(0.025, abs=1e-9)
    else:
        assert high == 1


def test_wilson_is_where_the_score_test_sits_on_its_boundary():
    """The definition: the p whose score statistic |p̂ − p| / √(p(1−p)/n) is exactly z."""
    k, n, z = 7, 20, 1.959963984540054
    for p in wilson(k, n):
        assert abs(k / n - p) / math.sqrt(p * (1 - p) / n) == pytest.approx(z, rel=1e-9)


def test_no_trials_says_nothing_and_bad_counts_are_refused():
    assert wilson(0, 0) == clopper_pearson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError, match="0 <= successes <= trials"):
        wilson(5, 3)
    with pytest.raises(ValueError, match="confidence"):
        wilson(1, 2, confidence=1.5)
    with pytest.raises(ValueError, match="method is one of"):
        interval(1, 2, method="wald")


def test_design_effect_by_hand():
    # pooled p = 10/20; residuals 5, -5; robust var = 2/1 * 50 / 400 = 0.25; binomial 0.25/20
    assert design_effect([(10, 10), (0, 10)]) == pytest.approx(20.0)
    assert design_effect([(5, 10), (5, 10)]) == 1.0  # no extra spread: never below 1
    assert design_effect([(3, 10)]) == 1.0  # one game: cannot be estimated
    assert design_effect([(0, 10), (0, 5)]) == 1.0  # a share of 0


def test_clustering_only_widens_and_uses_t_on_clusters_minus_one():
    from scipy.stats import t

    alike = [(3, 10)] * 5
    # no extra spread: the plain counts, with Student's t on 4 degrees of freedom for z
    assert clustered(alike) == pytest.approx(wilson(15, 50, critical=t.ppf(0.975, 4)))
    assert clustered(alike)[0] < wilson(15, 50)[0]
    apart = [(10, 10), (0, 10), (9, 10), (1, 10)]
    low, high = clustered(apart)
    plain = wilson(20, 40)
    assert low < plain[0] and high > plain[1]
    deff = design_effect(apart)
    assert (low, high) == pytest.approx(wilson(20 / deff, 40 / deff, critical=t.ppf(0.975, 3)))


def test_the_design_effect_and_degrees_of_freedom_match_statsmodels():
    """statsmodels' cluster-robust OLS of the decisions on a constant: its variance over the
    binomial one is the design effect, its t inference uses clusters − 1 degrees of freedom."""
    sm = pytest.importorskip("statsmodels.api")
    import numpy as np
    from scipy.stats import t

    per_cluster = [(7, 9), (1, 12), (5, 6), (2, 10), (8, 8), (0, 4)]
    y = np.concatenate([[1] * k + [0] * (n - k) for k, n in per_cluster]).astype(float)
    groups = np.concatenate([[g] * n for g, (_, n) in enumerate(per_cluster)])
    fit = sm.OLS(y, np.ones_like(y)).fit(
        cov_type="cluster", cov_kwds={"groups": groups}, use_t=True
    )
    p = y.mean()
    assert design_effect(per_cluster) == pytest.approx(fit.bse[0] ** 2 / (p * (1 - p) / len(y)))
    low, high = fit.conf_int()[0]
    assert (high - p) / fit.bse[0] == pytest.approx(t.ppf(0.975, len(per_cluster) - 1))


def test_a_share_of_zero_or_one_is_inside_its_interval_at_any_critical_value():
    """At p = 0 the Wilson interval starts at 0 exactly (a plot's error bar is never
    negative), at p = 1 it ends at 1, whatever the critical value (z or a t quantile)."""
    from scipy.stats import t

    for trials in (153 / 31.5, 7.3, 153.0, 2.0):
        for critical in (None, float(t.ppf(0.975, 11)), float(t.ppf(0.975, 2))):
            assert wilson(0, trials, critical=critical)[0] == 0.0
            assert wilson(trials, trials, critical=critical)[1] == 1.0
