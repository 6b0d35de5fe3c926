"""OpenSpiel's CFR+ on one convoy played through the engine agrees with the convoy game.

The equilibrium of :mod:`prohis_nb.analysis.equilibrium` comes from a
payoff matrix and a linear program (and its whole set, exactly, from
:mod:`prohis_nb.analysis.equilibrium_sets`); here OpenSpiel's CFR+ plays
the same convoy move by move through the Prohis engine (real cards, real
inspection). Where the models coincide (two players, no controller card in
the convoy, the order of the convoy random), value and strategies agree.
"""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'prohis-nb[openspiel]'"
)
from prohis_nb.analysis.equilibrium import ConvoyGame, solve_convoy_game  # noqa: E402
from prohis_nb.openspiel.convoy import read_policy, solve  # noqa: E402


def test_every_ending_is_worth_what_the_convoy_game_says():
    # Each (hand, convoy, offer, answer), played through the engine, averaged over
    # the convoy's orders and the inspection's outcomes: the model's exact payoff.
    from prohis_nb.openspiel import convoy as c

    model = ConvoyGame(card="captain", size=3)
    game = pyspiel.load_game("python_prohis_convoy", {"card": "captain", "size": 3})

    def expected(state):
        if state.is_terminal():
            return state.returns()[0] * 1000
        if state.is_chance_node():
            return sum(p * expected(state.child(a)) for a, p in state.chance_outcomes())
        return expected(state.child(state.legal_actions()[0]))  # turns: any position

    for load in (c.HONEST, c.DIRTY):
        for offer, answer, actions in [
            ("no bribe", "inspect", (c.NO_BRIBE, c.INSPECT)),
            ("no bribe", "waive", (c.NO_BRIBE, c.WAIVE)),
            ("bribe", "accept", (c.BRIBE, c.ACCEPT)),
            ("bribe", "inspect", (c.BRIBE, c.REJECT)),
        ]:
            start = game.new_initial_state().child(c.DIRTY).child(load)
            total = 0.0
            for order, p in start.chance_outcomes():
                state = start.child(order)
                for action in actions:
                    state = state.child(action)
                total += p * expected(state)
            want = model.relative_gain(["honest", "dirty"][load], offer, answer)
            assert total == pytest.approx(float(want)), (load, offer, answer)


def test_cfr_plus_through_the_engine_finds_the_convoy_games_equilibrium():
    params = {"card": "captain", "size": 2, "p_dirty": 0.5}
    game, policy = solve(params, iterations=60)
    numbers = read_policy(game, policy)
    exact = solve_convoy_game(ConvoyGame(card="captain", size=2, p_dirty=0.5))
    every = exact.all  # here the smuggler's mix and the acceptance rate are unique
    assert every.bait_range == (every.bait_range[0],) * 2
    assert numbers["value"] == pytest.approx(float(every.value), rel=0.01)
    assert numbers["dirty_hand_sends_honest"] == pytest.approx(float(every.bait_range[0]), abs=0.03)
    # offering no bribe is never better, only rarely worse: CFR+ drops it slowly
    assert numbers["bribe_rate"] == pytest.approx(float(every.bribe_rate_range[0]), abs=0.05)
    assert numbers["accept_rate"] == pytest.approx(exact.accept_rates["bribe"], abs=0.03)
    low, high = every.inspect_range  # never tested in equilibrium: any rate that deters
    assert low - 0.03 <= numbers["inspect_rate"] <= high + 0.03
