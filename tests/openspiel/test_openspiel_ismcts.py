"""OpenSpiel's ISMCTS plays Prohis through determinize, and enters a tournament as a bot."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'prohis-nb[openspiel]'"
)
from prohis_nb import ProhisGame  # noqa: E402
from prohis_nb.bots import bot_names, make_bot  # noqa: E402
from prohis_nb.openspiel.ismcts import ISMCTSBot, resampler  # noqa: E402
from prohis_nb.tournament import run_tournament  # noqa: E402


def test_the_resampler_keeps_the_players_information_state():
    game = pyspiel.load_game("python_prohis", {"players": 4})
    rng = random.Random(0)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, probs)[0])
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    resample = resampler(random.Random(1))
    tables = set()
    for _ in range(5):
        sample = resample(state, player)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.legal_actions() == state.legal_actions()
        tables.add(str(sample.engine.omniscient_view().to_json()))
    assert len(tables) > 1  # the hidden cards are drawn anew each time


def test_an_ismcts_bot_returns_a_legal_engine_action_and_is_seeded():
    game = ProhisGame(players=3, seed=2)
    for _ in range(3):
        view = game.view(game.to_act)
        first = ISMCTSBot(7, simulations=5).choose(view, game.legal_actions())
        again = ISMCTSBot(7, simulations=5).choose(view, game.legal_actions())
        assert first == again and game.is_legal(first)
        game.apply(first)


def test_ismcts_is_registered_lazily_and_the_engine_does_not_import_pyspiel():
    assert "ismcts" in bot_names("prohis")
    assert "ismcts" not in bot_names("prohis", optional=False)
    assert isinstance(make_bot("ismcts:simulations=3", seed=1), ISMCTSBot)
    code = (
        "import prohis_nb, prohis_nb.bots, sys; prohis_nb.bots.bot_names(); "
        "print('pyspiel' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_small_seeded_tournament_with_ismcts():
    settings = {"players": 3, "games": 2, "seed": 3, "workers": 1, "progress": False}
    lineup = ["ismcts:simulations=4:rollout=30", "bluff"]
    first = run_tournament(lineup, **settings)
    again = run_tournament(lineup, **settings)
    assert first.games == again.games
    assert set(first.by_bot) == {"ismcts(rollout=30, simulations=4)", "bluff"}
    for result in first.games:
        assert len(result.scores) == 3
