"""Solve the convoy games the lessons show and store them as package data.

Writes ``prohis_nb/analysis/solved_convoy_games.json``
(:mod:`prohis_nb.analysis.solved_convoy_games`): for each game of
``LESSON_GAMES`` its parameters, the fingerprint of its payoff matrices and
the equilibrium nashpy finds (:func:`prohis_nb.analysis.equilibrium.solve_bimatrix`,
never the file). Run it after a change to the payoffs or to ``LESSON_GAMES``;
``--check`` solves again, writes nothing and fails if the file differs.

    python scripts/solve_lesson_convoy_games.py [--check]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from typing import Any

from prohis_nb.analysis import solved_convoy_games as solved
from prohis_nb.analysis.convoy_game import ConvoyGame
from prohis_nb.analysis.equilibrium import solve_bimatrix


def entry(game: ConvoyGame) -> dict[str, Any]:
    """One game of the file: its parameters, its payoffs' fingerprint, nashpy's equilibrium."""
    a, b = game.payoff_matrices()
    x, y = solve_bimatrix(a, b)
    fields = dataclasses.asdict(game)
    return {
        "game": {key: fields[key] for key in ("card", "size", "illegal", "bribe", "p_dirty")}
        | {"convention": game.convention},
        "payoffs": solved.fingerprint(a, b),
        "smuggler": [float(v) for v in x],
        "controller": [float(v) for v in y],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="solve again, write nothing")
    args = parser.parse_args()
    data = {
        "format": solved.FORMAT,
        "solver": "nashpy",
        "games": [entry(g) for g in solved.LESSON_GAMES],
    }
    text = json.dumps(data, indent=1) + "\n"
    if args.check:
        same = solved.STORED.read_text(encoding="utf-8") == text
        print("the stored games are solved again the same" if same else "the stored games differ")
        return 0 if same else 1
    solved.STORED.write_text(text, encoding="utf-8")
    print(f"wrote {solved.STORED}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
