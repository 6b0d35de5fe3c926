"""The convoy games the lessons solve, solved once and shipped: no solver to import in class.

Lessons 6, 7 and 8 show the equilibrium nashpy finds for a few convoy
games (:func:`prohis_nb.analysis.equilibrium.solve_convoy_game`). Solving
one takes milliseconds, but importing nashpy (and with it scipy's optimiser)
took two to five seconds of a lesson's *Run All* on a small, busy machine,
for answers that never change. So the package ships them,
``solved_convoy_games.json`` beside this module: for each game its
parameters, a fingerprint of its two payoff matrices, and the two mixed
strategies, stored as Python writes floats (read back bit for bit).

:func:`stored_solution` is asked with the payoff matrices themselves, so a
game whose payoffs differ in any bit (another game, or the same game after a
change to the payoff model) is never answered from the file: it is solved.
``tests/analysis/test_solved_convoy_games.py`` solves every stored game
again and checks the file; ``python scripts/solve_lesson_convoy_games.py``
writes it again (after a change to :data:`LESSON_GAMES` or to the payoffs).
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from prohis_nb.analysis.convoy_game import ConvoyGame

STORED = Path(__file__).with_name("solved_convoy_games.json")
FORMAT = "prohis-nb-solved-convoy-games/1"

#: The games the lessons solve, each where it is shown.
LESSON_GAMES: tuple[ConvoyGame, ...] = (
    # lessons 6, 7 and 8: a captain, 3 cards, a bribe of one legal good, a dirty hand half the time
    ConvoyGame(card="captain", size=3, illegal=1, bribe=("legal",), p_dirty=0.5),
    # lesson 7: the same game when 9 hands in 10 are dirty
    ConvoyGame(card="captain", size=3, illegal=1, bribe=("legal",), p_dirty=0.9),
)


def fingerprint(a: np.ndarray, b: np.ndarray) -> str:
    """A SHA-256 of both payoff matrices (their shapes and every bit of every entry)."""
    digest = hashlib.sha256()
    for matrix in (a, b):
        matrix = np.ascontiguousarray(matrix, dtype=np.float64)
        digest.update(repr(matrix.shape).encode())
        digest.update(matrix.tobytes())
    return digest.hexdigest()


@cache
def _stored() -> dict[str, tuple[tuple[float, ...], tuple[float, ...]]]:
    if not STORED.exists():
        return {}
    data = json.loads(STORED.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT:
        raise ValueError(f"{STORED.name} is not a {FORMAT} file")
    return {
        entry["payoffs"]: (tuple(entry["smuggler"]), tuple(entry["controller"]))
        for entry in data["games"]
    }


def stored_solution(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The stored equilibrium ``(smuggler, controller)`` of the game ``(a, b)``, or None."""
    found = _stored().get(fingerprint(a, b))
    if found is None:
        return None
    return np.array(found[0], dtype=float), np.array(found[1], dtype=float)


def game_of(entry: dict[str, Any]) -> ConvoyGame:
    """The :class:`ConvoyGame` a stored entry was solved for."""
    fields = dict(entry["game"])
    fields["bribe"] = tuple(fields["bribe"])
    return ConvoyGame(**fields)
