"""The convoy games shipped solved are solved again here (issue 23, item 18).

``prohis_nb/analysis/solved_convoy_games.json`` holds the equilibria the
lessons show, so that a lesson needs no nashpy. Each stored game is checked
three ways: its payoffs are today's payoffs (the fingerprint), nashpy finds
the same mixes again, and the mixes are an equilibrium by exact best
responses against the exact payoffs, with the value the exact equilibrium
set (:mod:`prohis_nb.analysis.equilibrium_sets`, a second solver) finds.
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from prohis_nb.analysis import solved_convoy_games as solved
from prohis_nb.analysis.equilibrium import ConvoyGame, solve_bimatrix, solve_convoy_game
from prohis_nb.analysis.equilibrium_sets import equilibrium_set

ENTRIES = json.loads(solved.STORED.read_text(encoding="utf-8"))["games"]


def test_every_game_the_lessons_solve_is_stored_once():
    stored = [solved.game_of(entry) for entry in ENTRIES]
    assert stored == list(solved.LESSON_GAMES)
    assert len({entry["payoffs"] for entry in ENTRIES}) == len(ENTRIES)


@pytest.mark.parametrize(
    "entry", ENTRIES, ids=lambda e: f"{e['game']['card']}-{e['game']['p_dirty']}"
)
def test_a_stored_game_has_todays_payoffs_and_nashpys_answer(entry):
    game = solved.game_of(entry)
    a, b = game.payoff_matrices()
    assert solved.fingerprint(a, b) == entry["payoffs"]
    x, y = solve_bimatrix(a, b)  # nashpy, never the file
    assert np.allclose(x, entry["smuggler"], rtol=0, atol=1e-12)
    assert np.allclose(y, entry["controller"], rtol=0, atol=1e-12)


@pytest.mark.parametrize(
    "entry", ENTRIES, ids=lambda e: f"{e['game']['card']}-{e['game']['p_dirty']}"
)
def test_a_stored_answer_is_an_equilibrium_by_exact_best_responses(entry):
    game = solved.game_of(entry)
    a, b = game.exact_payoff_matrices()
    x = [Fraction(v) for v in entry["smuggler"]]
    y = [Fraction(v) for v in entry["controller"]]
    assert all(v >= 0 for v in x + y)
    assert abs(sum(x) - 1) < Fraction(1, 10**12) and abs(sum(y) - 1) < Fraction(1, 10**12)
    rows = [sum(a[i][j] * y[j] for j in range(len(y))) for i in range(len(x))]
    columns = [sum(x[i] * b[i][j] for i in range(len(x))) for j in range(len(y))]
    played = sum(x[i] * rows[i] for i in range(len(x)))
    slack = Fraction(1, 10**6)  # dollars: float mixes against exact payoffs
    assert max(rows) <= played + slack  # no smuggler strategy does better
    assert max(columns) <= sum(y[j] * columns[j] for j in range(len(y))) + slack
    assert abs(played - equilibrium_set(game).value) < slack  # the second solver's value


def test_a_lesson_game_is_read_back_bit_for_bit_and_needs_no_nashpy():
    code = (
        "import sys, json\n"
        "from prohis_nb.analysis.equilibrium import solve_convoy_game\n"
        "from prohis_nb.analysis.solved_convoy_games import LESSON_GAMES, STORED\n"
        "entries = json.loads(STORED.read_text())['games']\n"
        "for game, entry in zip(LESSON_GAMES, entries):\n"
        "    eq = solve_convoy_game(game)\n"
        "    assert list(eq.smuggler) == entry['smuggler'], game\n"
        "    assert list(eq.controller) == entry['controller'], game\n"
        "assert 'nashpy' not in sys.modules and 'scipy' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_game_not_stored_is_solved():
    game = ConvoyGame(card="captain", size=3, illegal=1, bribe=("legal",), p_dirty=0.3)
    a, b = game.payoff_matrices()
    assert solved.stored_solution(a, b) is None
    x, y = solve_bimatrix(a, b)
    eq = solve_convoy_game(game)
    assert np.array_equal(eq.smuggler, x) and np.array_equal(eq.controller, y)


def test_one_bit_of_difference_in_the_payoffs_is_not_answered_from_the_file():
    a, b = solved.LESSON_GAMES[0].payoff_matrices()
    assert solved.stored_solution(a, b) is not None
    a = a.copy()
    a[0, 0] = np.nextafter(a[0, 0], np.inf)
    assert solved.stored_solution(a, b) is None


def test_the_script_that_writes_the_file_solves_it_again_the_same():
    script = Path(__file__).resolve().parents[2] / "scripts" / "solve_lesson_convoy_games.py"
    done = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
