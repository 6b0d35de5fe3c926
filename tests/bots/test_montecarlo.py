"""Monte Carlo through the engine agrees with hand-worked odds and with prohis_nb.analysis.

Each simulated frequency must fall within 4 standard errors of the exact
value: for a probability p over n trials, |freq - p| <= 4·sqrt(p(1-p)/n); for
a mean, |mean - EV| <= 4·sd/sqrt(n). With a fixed seed the test is
deterministic; the bound says how far chance alone could have taken it
(beyond 4 sigma: about 6 in 100,000).
"""

from __future__ import annotations

import math

import pytest

from prohis_nb.analysis import ending_distribution, ending_payoff, inspection_values
from prohis_nb.bots.montecarlo import settle, simulate_inspections

TRIALS = 3000


def within_4_sigma_of_probability(count: int, trials: int, p: float) -> bool:
    sigma = math.sqrt(p * (1 - p) / trials)
    return abs(count / trials - p) <= 4 * sigma + 1e-12


def within_4_sigma_of_mean(mean: float, sd: float, trials: int, ev: float) -> bool:
    return abs(mean - ev) <= 4 * sd / math.sqrt(trials) + 1e-9


# Hand-worked: which face-down cards a controller turning at random reaches first.
HAND_WORKED = [
    # one card of two turned: the illegal one half the time
    (["illegal", "legal"], "lieutenant", 1 / 2),
    # two of four turned, both illegal cards missed only if both turned are legal: 1 - (2/4)(1/3)
    (["illegal", "illegal", "legal", "legal"], "captain", 5 / 6),
    # up to three of four turned; stop at the illegal card or the captain, whichever comes
    # first: the illegal card comes first half the time, and when it is last the captain
    # came before it, so 1/2 exactly
    (["legal", "illegal", "captain", "legal"], "inspector", 1 / 2),
    # an honest convoy is never caught
    (["legal", "legal", "legal"], "captain", 0.0),
    # an inspector turns both cards of a convoy of two
    (["legal", "illegal"], "inspector", 1.0),
]


@pytest.mark.parametrize("convoy,card,p", HAND_WORKED)
def test_simulated_catch_rate_matches_the_hand_worked_probability(convoy, card, p):
    tally = simulate_inspections(convoy, card, TRIALS, seed=f"{convoy}{card}")
    assert tally.caught + tally.stopped + tally.cleared == TRIALS
    assert within_4_sigma_of_probability(tally.caught, TRIALS, p), tally


def test_simulated_payoffs_match_the_hand_worked_values():
    # Illegal + legal, a lieutenant. Caught: the smuggler is rid of the illegal card in hand
    # (+$4,000); the controller stores illegal 4,000 + legal 1,000 + its lieutenant 3,000
    # and lost a lieutenant from hand (1,000): +7,000. Passed: the smuggler stores 5,000,
    # is rid of -4,000 in hand and gains the lieutenant in hand (+1,000): +10,000; the
    # controller lost its lieutenant: -1,000. Each half the time.
    tally = simulate_inspections(["illegal", "legal"], "lieutenant", TRIALS, seed=3)
    assert within_4_sigma_of_mean(tally.smuggler_mean, tally.smuggler_sd, TRIALS, 7_000)
    assert within_4_sigma_of_mean(tally.controller_mean, tally.controller_sd, TRIALS, 3_000)
    assert tally.smuggler_sd == pytest.approx(3_000, rel=0.05)  # ±3,000 around 7,000


def test_settled_controls_give_the_scoring_tables_values():
    # Waive: the smuggler stores 4,000 + 1,000 and is rid of -4,000 in hand; the controller's
    # captain goes from hand (2,000) to its warehouse (4,000).
    assert settle(["illegal", "legal"], "captain", "waive") == (9_000, 2_000)
    # Accept a legal card: worth $0 in the smuggler's hand, $1,000 in the controller's
    # warehouse; the captain returns to the controller's hand.
    assert settle(["illegal", "legal"], "captain", "accept", bribe=["legal"]) == (9_000, 1_000)


def test_simulation_is_reproducible_from_its_seed():
    one = simulate_inspections(["illegal", "legal", "legal"], "captain", 200, seed=9)
    assert one == simulate_inspections(["illegal", "legal", "legal"], "captain", 200, seed=9)


# ---------------------------------------------------------------- against prohis_nb.analysis

SWEEP_TRIALS = 600
STOPPERS = ("lieutenant", "captain")  # the controller cards hidden in a convoy, in turn


def convoy_of(n: int, k: int, c: int) -> list[str]:
    return ["illegal"] * k + [STOPPERS[i % 2] for i in range(c)] + ["legal"] * (n - k - c)


@pytest.mark.parametrize("card", ["lieutenant", "captain", "inspector"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_convoy_ends_as_often_as_the_analysis_says(n, card):
    for k in range(n + 1):
        for c in range(n - k + 1):
            convoy = convoy_of(n, k, c)
            tally = simulate_inspections(convoy, card, SWEEP_TRIALS, seed=f"sweep:{convoy}:{card}")
            exact = ending_distribution(n, k, c, card)
            for ending, count in (
                ("caught", tally.caught),
                ("stopped", tally.stopped),
                ("clean", tally.cleared),
            ):
                p = float(exact[ending])
                assert within_4_sigma_of_probability(count, SWEEP_TRIALS, p), (convoy, ending)
            smuggler, controller = (float(v) for v in inspection_values(convoy, card))
            assert within_4_sigma_of_mean(
                tally.smuggler_mean, tally.smuggler_sd, SWEEP_TRIALS, smuggler
            ), convoy
            assert within_4_sigma_of_mean(
                tally.controller_mean, tally.controller_sd, SWEEP_TRIALS, controller
            ), convoy


@pytest.mark.parametrize(
    "convoy,card,bribe",
    [
        (["illegal", "legal"], "captain", ["legal"]),
        (["illegal", "illegal", "legal", "lieutenant"], "inspector", ["illegal", "legal"]),
        (["legal", "legal", "legal"], "lieutenant", ["lieutenant"]),
    ],
)
def test_waiving_and_accepting_through_the_engine_pay_what_the_analysis_says(convoy, card, bribe):
    assert settle(convoy, card, "waive") == tuple(ending_payoff("waived", convoy, card))
    assert settle(convoy, card, "accept", bribe=bribe) == tuple(
        ending_payoff("accepted", convoy, card, bribe)
    )
