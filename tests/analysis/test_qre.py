"""The logit QRE and its limit, against pygambit (Gambit's own logit solver) and exact fractions.

* The agent QRE of lesson 7's convoy game at several λ equals pygambit's
  ``logit_solve_lambda`` on the same game built as a pygambit extensive
  form (payoffs per $1,000).
* As λ grows the controller's answer to a convoy without a bribe tends to
  7/12, the rate at which the two ways of dropping the bribe cost the same
  (computed here from the payoff table), inside the Nash range; pygambit's
  ``logit_solve`` (the limit) agrees.
* The fit: choices drawn from the QRE at a known λ give back about that λ;
  the likelihood at the fitted λ is at least the likelihood on a grid.
* The likelihood-ratio test's p-value is scipy's chi-square tail, halved.
"""

from __future__ import annotations

import math
import random
import re
from fractions import Fraction

import pytest

pytest.importorskip("scipy")

from prohis_nb.analysis.convoy_game import ConvoyGame
from prohis_nb.analysis.equilibrium_sets import equilibrium_set
from prohis_nb.analysis.qre import (
    FACING_BRIBE,
    FACING_NONE,
    QREFit,
    convoy_agent_form,
    fit_qre,
    log_likelihood,
    logit_qre,
    proper_inspection_rate,
    qre_path,
)

DIRTY_ACTIONS = ("honest, no bribe", "honest, bribe", "dirty, no bribe", "dirty, bribe")
HONEST_ACTIONS = ("no bribe", "bribe")


def _efg_number(x: Fraction) -> str:
    return str(x) if x.denominator != 1 else str(x.numerator)


def _gambit_convoy(game: ConvoyGame):
    """The convoy game as a pygambit extensive form (payoffs per $1,000).

    Written in Gambit's own ``.efg`` text format (stable across pygambit
    releases) and read back with ``pygambit.read_efg``. The controller has two
    information sets, one per offer, each spanning every hand and load that
    sends it. Returns the game and one node path into each controller set
    (``facing a bribe``, ``facing none``), for indexing pygambit's profiles.
    """
    gbt = pytest.importorskip("pygambit")
    import io

    p = Fraction(str(game.p_dirty))
    lines = ['EFG 2 R "convoy" { "smuggler" "controller" }', '""']
    lines.append(f'c "" 1 "" {{ "dirty" {_efg_number(p)} "honest" {_efg_number(1 - p)} }} 0')
    controller_sets = {
        "bribe": (1, "facing a bribe", ("accept", "inspect")),
        "no bribe": (2, "facing none", ("inspect", "waive")),
    }
    outcome = 0
    for hand, number, actions in (("dirty", 1, DIRTY_ACTIONS), ("honest", 2, HONEST_ACTIONS)):
        labels = " ".join(f'"{a}"' for a in actions)
        lines.append(f'p "" 1 {number} "{hand} hand" {{ {labels} }} 0')
        for action in actions:
            load = "dirty" if action.startswith("dirty") else "honest"
            offer = "no bribe" if action.endswith("no bribe") else "bribe"
            infoset, name, answers = controller_sets[offer]
            answer_labels = " ".join(f'"{a}"' for a in answers)
            lines.append(f'p "" 2 {infoset} "{name}" {{ {answer_labels} }} 0')
            for answer in answers:
                s, c = game.convention_payoffs(load, offer, answer)
                outcome += 1
                lines.append(
                    f't "" {outcome} "" {{ {_efg_number(Fraction(s) / 1000)}, '
                    f"{_efg_number(Fraction(c) / 1000)} }}"
                )
    g = gbt.read_efg(io.StringIO("\n".join(lines) + "\n"))
    bribe_at = gbt.H.path("dirty", "dirty, bribe")
    none_at = gbt.H.path("dirty", "dirty, no bribe")
    return g, bribe_at, none_at


@pytest.mark.parametrize("convention", ["race", "own_money"])
def test_the_agent_qre_equals_pygambits(convention):
    gbt = pytest.importorskip("pygambit")
    game = ConvoyGame(convention=convention)
    g, bribe_at, none_at = _gambit_convoy(game)
    lambdas = [1.0, 5.0, 20.0]
    ours = qre_path(convoy_agent_form(game), lambdas)
    theirs = gbt.qre.logit_solve_lambda(g, lam=lambdas)
    assert [point.lam for point in theirs] == pytest.approx(lambdas)
    for mine, point in zip(ours, theirs):
        profile = point.profile
        assert mine[FACING_NONE][0] == pytest.approx(float(profile[none_at]["inspect"]), abs=1e-6)
        assert mine[FACING_BRIBE][0] == pytest.approx(float(profile[bribe_at]["accept"]), abs=1e-6)


def test_the_branch_tends_to_seven_twelfths_the_rate_where_both_mistakes_cost_the_same():
    game = ConvoyGame()
    u = {
        (load, answer): Fraction(game.convention_payoffs(load, "no bribe", answer)[0])
        for load in ("honest", "dirty")
        for answer in ("inspect", "waive")
    }
    # cost the same: q u(d,i) + (1-q) u(d,w) = q u(h,i) + (1-q) u(h,w), solved by hand
    q = (u["honest", "waive"] - u["dirty", "waive"]) / (
        u["dirty", "inspect"] - u["dirty", "waive"] - u["honest", "inspect"] + u["honest", "waive"]
    )
    assert q == Fraction(7, 12) == proper_inspection_rate(game)
    low, high = equilibrium_set(game).inspect_range
    assert low < q < high
    path = qre_path(convoy_agent_form(game), [5.0, 50.0, 200.0])
    rates = [p[FACING_NONE][0] for p in path]
    gaps = [abs(r - float(q)) for r in rates]
    assert gaps[0] > gaps[1] > gaps[2] and gaps[2] < 2e-3


def test_pygambits_logit_limit_is_seven_twelfths():
    gbt = pytest.importorskip("pygambit")
    g, _, none_at = _gambit_convoy(ConvoyGame())
    # Gambit's default acceptance (regret below 1e-8 of the payoff range) is not reached
    # on this game's flat branch; 1e-5 of the range is $0.2 per convoy.
    result = gbt.nash.logit_solve(g, maxregret=1e-5)
    assert result.success
    assert float(result.equilibrium[none_at]["inspect"]) == pytest.approx(7 / 12, abs=2e-3)
    far = gbt.qre.logit_solve_lambda(g, lam=[200.0, 5000.0])
    gaps = [abs(float(point.profile[none_at]["inspect"]) - 7 / 12) for point in far]
    assert gaps[1] < gaps[0] < 2e-3 and gaps[1] < 2e-4


def test_a_fit_recovers_the_precision_that_made_the_choices():
    form = convoy_agent_form()
    truth = logit_qre(form, 3.0, qre_path(form, [3.0])[0])
    rng = random.Random(5)
    counts = {}
    for info in form.infosets:
        draws = rng.choices(range(len(info.actions)), weights=truth[info.name], k=400)
        counts[info.name] = [draws.count(k) for k in range(len(info.actions))]
    fit = fit_qre(form, counts)
    assert 2.0 < fit.lam < 4.5
    for lam, profile in zip([0.5, 1, 2, 3, 5, 10], qre_path(form, [0.5, 1, 2, 3, 5, 10])):
        assert fit.log_likelihood >= log_likelihood(profile, counts) - 1e-9, lam
    assert fit.log_likelihood > fit.random_log_likelihood


def test_the_likelihood_ratio_p_value_is_half_the_chi_square_tail():
    from scipy.stats import chi2

    for lr in (0.5, 2.0, 3.84, 9.0):
        fit = QREFit(1.0, lr / 2, {}, -10.0, {}, 0.0, 1)
        assert fit.lr_statistic == pytest.approx(lr)
        assert fit.p_value == pytest.approx(0.5 * chi2.sf(lr, 1))
    impossible = QREFit(1.0, -3.0, {}, -10.0, {}, -math.inf, 1)
    assert impossible.p_value == 0.0


def test_bad_counts_get_a_clear_error():
    form = convoy_agent_form()
    with pytest.raises(ValueError, match="one whole number"):
        fit_qre(form, {FACING_NONE: [1, 2, 3]})
    with pytest.raises(ValueError, match="no information set"):
        fit_qre(form, {"the moon": [1, 2]})
    with pytest.raises(ValueError, match="nothing to fit"):
        fit_qre(form, {FACING_NONE: [0, 0]})


@pytest.mark.parametrize(
    ("nash_ll", "expected_ratio"),
    [(-80.04, "19.7"), (-math.inf, "infinite")],
)
def test_the_fit_reads_as_words_with_a_true_minus(nash_ll, expected_ratio):
    from prohis_nb.text import MINUS

    fit = QREFit(4.5432, -70.19, {}, -96.31, {}, nash_ll, 110)
    text = fit.summary()
    # the amounts as a typesetter writes them: U+2212, one decimal, never Python's reprs
    assert f"λ = 4.54 (log-likelihood {MINUS}70.2; random choice {MINUS}96.3)" in text
    assert f"likelihood ratio {expected_ratio}" in text
    assert not re.search(r"-\d|\binf\b|e[-+]\d", text), text
    if math.isinf(nash_ll):
        assert "probability 0 to a choice the class made" in text and "p = 0" in text
    else:
        assert f"{MINUS}80.0" in text and "p < 0.001" in text  # ½ P(χ²₁ ≥ 19.7) ≈ 4.5e-6
