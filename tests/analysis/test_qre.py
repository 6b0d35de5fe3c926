"""The logit QRE and its limit, against pygambit (Gambit's own logit solver) and exact fractions.

* The agent QRE of lesson 5's convoy game at several λ equals pygambit's
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
from fractions import Fraction

import pytest

pytest.importorskip("scipy")

from prohis_nb.analysis.convoy_game import ConvoyGame  # noqa: E402
from prohis_nb.analysis.equilibrium_sets import equilibrium_set  # noqa: E402
from prohis_nb.analysis.qre import (  # noqa: E402
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


def _gambit_convoy(game: ConvoyGame):
    """The convoy game as a pygambit extensive form (per $1,000), and its info sets by name."""
    gbt = pytest.importorskip("pygambit")
    g = gbt.Game.new_tree(players=["smuggler", "controller"], title="convoy")
    p = Fraction(str(game.p_dirty))
    g.append_move(g.root, g.players.chance, ["dirty", "honest"])
    g.set_chance_probs(g.root.infoset, [p, 1 - p])
    dirty, honest = g.root.children
    g.append_move(
        dirty, "smuggler", ["honest, no bribe", "honest, bribe", "dirty, no bribe", "dirty, bribe"]
    )
    g.append_move(honest, "smuggler", ["no bribe", "bribe"])
    bribe_set = none_set = None
    leaves = []
    for hand_node, loads in (
        (dirty, ("honest", "honest", "dirty", "dirty")),
        (honest, ("honest", "honest")),
    ):
        for child, label in zip(hand_node.children, [a.label for a in hand_node.infoset.actions]):
            load = loads[[a.label for a in hand_node.infoset.actions].index(label)]
            offer = "no bribe" if label.endswith("no bribe") else "bribe"
            if offer == "bribe":
                if bribe_set is None:
                    g.append_move(child, "controller", ["accept", "reject"])
                    bribe_set = child.infoset
                else:
                    g.append_infoset(child, bribe_set)
                answers = ("accept", "inspect")
            else:
                if none_set is None:
                    g.append_move(child, "controller", ["inspect", "waive"])
                    none_set = child.infoset
                else:
                    g.append_infoset(child, none_set)
                answers = ("inspect", "waive")
            for leaf, answer in zip(child.children, answers):
                s, c = game.convention_payoffs(load, offer, answer)
                g.set_outcome(leaf, g.add_outcome([Fraction(s) / 1000, Fraction(c) / 1000]))
                leaves.append(leaf)
    return g, bribe_set, none_set


@pytest.mark.parametrize("convention", ["race", "own_money"])
def test_the_agent_qre_equals_pygambits(convention):
    gbt = pytest.importorskip("pygambit")
    game = ConvoyGame(convention=convention)
    g, bribe_set, none_set = _gambit_convoy(game)
    lambdas = [1.0, 5.0, 20.0]
    ours = qre_path(convoy_agent_form(game), lambdas)
    theirs = gbt.qre.logit_solve_lambda(g, lam=lambdas)
    for mine, profile in zip(ours, theirs):
        assert mine[FACING_NONE][0] == pytest.approx(float(profile[none_set.actions[0]]), abs=1e-6)
        assert mine[FACING_BRIBE][0] == pytest.approx(
            float(profile[bribe_set.actions[0]]), abs=1e-6
        )


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
    g, _, none_set = _gambit_convoy(ConvoyGame())
    limit = gbt.nash.logit_solve(g).equilibria[0]
    assert float(limit[none_set.actions[0]]) == pytest.approx(7 / 12, abs=2e-3)


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
