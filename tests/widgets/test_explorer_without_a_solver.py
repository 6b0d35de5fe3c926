"""The explorer says the convoy game's equilibria without importing a solver (issue 23, item 18).

Its sentence comes from the exact set of equilibria alone, so the first
slider a learner moves redraws at once: nashpy (and scipy's optimiser,
seconds to import on a small machine) is never loaded, and the sentence is
the one the solved game gives (:meth:`ConvoyEquilibrium.summary`).
"""

from __future__ import annotations

import json
import subprocess
import sys

CODE = """
import json
import sys
from prohis_nb.widgets import Explorer
explorer = Explorer(card="captain", convoy_size=3, illegal=1, bribe_legal=1,
                    unseen={"legal": 32, "illegal": 20, "lieutenant": 6})
for value in (2, 3):
    explorer.bribe_legal.value = value
explorer.card.value = "inspector"
said = " ".join(explorer.sentences)
assert "equilibri" in said, said
assert "nashpy" not in sys.modules and "scipy" not in sys.modules, "a solver was imported"
print(json.dumps([explorer.card.value, explorer.size.value, list(explorer.values["bribe"]),
                  float(explorer.values["p_dirty"]), said]))
"""


def test_moving_sliders_imports_no_solver_and_says_what_the_solved_game_says():
    shown = subprocess.run(
        [sys.executable, "-c", CODE], check=True, capture_output=True, text=True
    ).stdout
    card, size, bribe, p_dirty, said = json.loads(shown)
    from prohis_nb.analysis.equilibrium import ConvoyGame, solve_convoy_game

    solved = solve_convoy_game(
        ConvoyGame(card=card, size=size, illegal=1, bribe=tuple(bribe), p_dirty=p_dirty)
    )
    assert solved.summary() in said
