"""Prohis and Smuggle as OpenSpiel games: OpenSpiel's own checks, and the seat-only observations.

Skipped, saying why, when the ``open_spiel`` wheel is not installed
(``pip install 'prohis-nb[openspiel]'``).
"""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'prohis-nb[openspiel]'"
)
import prohis_nb.openspiel  # noqa: E402,F401  (registers python_prohis and python_smuggle)
from prohis_nb.openspiel.prohis_game import NAMES as PROHIS_ACTIONS  # noqa: E402
from prohis_nb.openspiel.smuggle_game import NAMES as SMUGGLE_ACTIONS  # noqa: E402


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_openspiel_random_simulation_test_passes_for_prohis(players):
    # (Smuggle's twin is in test_openspiel_smuggle.py: files run in parallel.)
    game = pyspiel.load_game("python_prohis", {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_prohis_variants_and_a_custom_deck_pass_too():
    game = pyspiel.load_game(
        "python_prohis",
        {
            "players": 3,
            "bribe_rounds": 3,
            "waiver_keeps_card": True,
            "pass_is_final": True,
            "deck": "legal:10;illegal:6;lieutenant:2",
        },
    )
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    smuggle = pyspiel.load_game(
        "python_smuggle", {"players": 3, "board": "start_money:500;duty.wine:30;fine.wine:90"}
    )
    assert smuggle.rules.board.fine["wine"] == 90
    assert smuggle.new_initial_state().get_game().rules.starting_money() == (500, 500, 500)


def test_the_action_spaces_are_small():
    assert pyspiel.load_game("python_prohis").num_distinct_actions() == len(PROHIS_ACTIONS) == 32
    assert pyspiel.load_game("python_smuggle").num_distinct_actions() == len(SMUGGLE_ACTIONS) == 24


def deal(game, seed):
    import random

    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, probs)[0])
    return state, rng


def test_chance_deals_with_the_true_probabilities():
    game = pyspiel.load_game(
        "python_prohis", {"players": 3, "deck": "legal:14;illegal:6;lieutenant:2"}
    )
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(0, 14 / 22), (1, 6 / 22), (2, 2 / 22)]
    state.apply_action(1)
    assert state.chance_outcomes() == [(0, 14 / 21), (1, 5 / 21), (2, 2 / 21)]
    smuggle = pyspiel.load_game("python_smuggle", {"players": 3}).new_initial_state()
    outcomes = dict(smuggle.chance_outcomes())
    assert outcomes[0] == 24 / 54 and outcomes[1] == 1 / 54  # luggage, the Diplomatic Bag


@pytest.mark.parametrize("name", ["python_prohis", "python_smuggle"])
def test_a_seats_information_state_hides_what_it_may_not_see(name):
    # Two deals that differ only in another seat's cards give seat 0 the same
    # information state, as long as seat 0's own view is the same.
    game = pyspiel.load_game(name, {"players": 3})
    state, rng = deal(game, 1)
    engine = state.engine
    seat = engine.to_act
    other = (seat + 1) % 3
    text = state.information_state_string(other)
    assert text == state.information_state_string(other)
    from prohis_nb.core.determinize import determinize

    sample = determinize(engine.view(other), rng)
    twin = state.clone()
    twin.set_engine(sample)
    assert twin.information_state_string(other) == text
    assert list(twin.observation_tensor(other)) == list(state.observation_tensor(other))


def test_returns_are_the_final_scores_in_thousands_of_dollars():
    game = pyspiel.load_game("python_prohis", {"players": 3})
    state, rng = deal(game, 3)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns() == [score / 1000 for score in state.engine.scores()]


def compositions(state, seen, depth=0):
    """Every engine action reachable by composing from ``state`` (no dead ends allowed)."""
    legal = state.legal_actions()
    assert legal, "a composition in progress must always be able to go on"
    for action in legal:
        child = state.clone()
        engine_before = len(child.engine.actions)
        child.apply_action(action)
        if len(child.engine.actions) > engine_before:
            seen.add(child.engine.actions[-1])
        elif child.partial:
            compositions(child, seen, depth + 1)


def test_composing_card_by_card_reaches_exactly_the_engines_convoys_and_bribes():
    game = pyspiel.load_game("python_prohis", {"players": 3, "bribe_rounds": 3})
    checked = {"turn": 0, "bribe": 0}
    for seed in range(100):
        state, rng = deal(game, seed)
        for _ in range(rng.randrange(120)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal() or state.partial:
            continue
        engine = state.engine
        if engine.phase not in ("turn", "bribe") or sum(engine.hands[engine.to_act]) > 6:
            continue
        reached: set = set()
        compositions(state, reached)
        wanted = {a for a in engine.legal_actions() if a.act in ("convoy", "bribe", "no_bribe")}
        got = {a for a in reached if a.act in ("convoy", "bribe", "no_bribe")}
        assert got == wanted, (seed, engine.phase)
        checked[engine.phase] += 1
    assert checked["turn"] >= 10 and checked["bribe"] >= 3, checked
