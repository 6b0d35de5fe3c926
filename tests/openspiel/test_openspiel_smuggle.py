"""Smuggle as an OpenSpiel game passes OpenSpiel's own random-simulation test at 3-6 players."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'prohis-nb[openspiel]'"
)
import prohis_nb.openspiel  # noqa: E402,F401  (registers python_smuggle)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_openspiel_random_simulation_test_passes_for_smuggle(players):
    game = pyspiel.load_game("python_smuggle", {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
