"""Monte Carlo through the engine against prohis_nb.analysis's exact numbers.

The engine plays thousands of inspections of a stacked convoy, the controller
turning face-down cards at random (prohis_nb.bots.montecarlo). The simulated
catch frequency and mean payoffs must fall within 4 standard errors of the
exact values of the analysis (beyond 4 sigma: about 6 chances in 100,000; the
seed is fixed, so the test is deterministic).
"""

import math

import pytest

from prohis_nb.analysis import catch_probability, inspection_values
from prohis_nb.bots.montecarlo import simulate_inspections

TRIALS = 2000
CONVOYS = [
    (["illegal", "legal", "legal"], "lieutenant"),
    (["illegal", "lieutenant", "legal", "legal"], "captain"),
    (["illegal", "illegal", "captain", "legal"], "inspector"),
    (["legal", "illegal"], "captain"),
]


@pytest.mark.parametrize(("convoy", "card"), CONVOYS)
def test_simulated_catch_rate_and_payoffs_agree_with_the_exact_values(convoy, card):
    tally = simulate_inspections(convoy, card, TRIALS, seed=f"exact:{convoy}:{card}")
    k = convoy.count("illegal")
    c = sum(x in ("lieutenant", "captain", "inspector") for x in convoy)
    p = float(catch_probability(len(convoy), k, c, card))
    sigma = math.sqrt(p * (1 - p) / TRIALS)
    assert abs(tally.caught / TRIALS - p) <= 4 * sigma + 1e-12
    smuggler, controller = (float(x) for x in inspection_values(convoy, card))
    assert abs(tally.smuggler_mean - smuggler) <= 4 * tally.smuggler_sd / math.sqrt(TRIALS) + 1e-9
    assert abs(tally.controller_mean - controller) <= (
        4 * tally.controller_sd / math.sqrt(TRIALS) + 1e-9
    )
