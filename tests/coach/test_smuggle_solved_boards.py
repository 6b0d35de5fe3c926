"""The coach's solved boards: a bounded cache, and a word while a new board is solved.

A Smuggle record with a board of its own makes the coach solve that board's
declaration game (seconds, tens of megabytes). Solved boards are kept, the
least recently used dropped first beyond ``SOLVED_BOARDS``; the coach widget
says "Solving this board…" while it solves one (issue 22, section 4).
"""

from __future__ import annotations

from collections import OrderedDict

import pytest

from prohis_nb.analysis.signalling import SOLVED_BOARDS, declaration_equilibrium
from prohis_nb.coach import smuggle as coach
from prohis_nb.smuggle.board import Board
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules


def board(reward: int) -> Board:
    return Board.from_json({**Board().to_json(), "informer_reward": reward})


@pytest.fixture
def counted_solves(monkeypatch):
    """Solving made instant and counted (the cache policy is what is tested here)."""
    solves: list[Board] = []

    def fake_solve(b: Board):
        solves.append(b)
        return coach.Solved(b, {}, {}, {}, {}, 0.0)

    monkeypatch.setattr(coach, "_SOLVED", OrderedDict())
    monkeypatch.setattr(coach, "_INHERITED", {})
    monkeypatch.setattr(coach, "_solve", fake_solve)
    return solves


def test_at_most_solved_boards_are_kept_the_least_recently_used_dropped(counted_solves):
    boards = [board(100 + i) for i in range(SOLVED_BOARDS + 2)]
    for b in boards[:SOLVED_BOARDS]:
        coach.solved(b)
    coach.solved(boards[0])  # used again: now the most recent
    assert len(counted_solves) == SOLVED_BOARDS
    coach.solved(boards[SOLVED_BOARDS])  # one more: boards[1], least recently used, goes
    assert len(coach._SOLVED) == SOLVED_BOARDS
    assert coach.is_solved(boards[0]) and not coach.is_solved(boards[1])
    coach.solved(boards[1])  # solved again when asked for again
    assert counted_solves.count(boards[1]) == 2 and counted_solves.count(boards[0]) == 1
    assert len(coach._SOLVED) == SOLVED_BOARDS


def test_a_dropped_board_takes_its_passed_hand_values_with_it(counted_solves):
    boards = [board(200 + i) for i in range(SOLVED_BOARDS + 1)]
    for b in boards:
        coach.solved(b)
        coach._INHERITED.setdefault(b, {})["anything"] = 1.0
    assert boards[0] not in coach._INHERITED  # dropped with its board
    assert set(coach._INHERITED) == set(boards[1:])


def test_the_analysis_keeps_the_same_number_of_solved_boards():
    assert declaration_equilibrium.cache_info().maxsize == SOLVED_BOARDS


def test_the_note_is_given_only_for_a_board_not_solved_yet(counted_solves):
    own = board(321)
    view = SmuggleGame(SmuggleRules(players=3, board=own), seed=1).view(0)
    assert "Solving this board" in coach.solving_note(view)
    coach.solved(own)
    assert coach.solving_note(view) is None
    default = SmuggleGame(SmuggleRules(players=3), seed=1).view(0)
    assert coach.solving_note(default) is None  # stored with the package
    from prohis_nb import ProhisGame, ProhisRules

    assert coach.solving_note(ProhisGame(ProhisRules(players=3), seed=1).view(0)) is None


def test_the_widget_says_solving_this_board_while_the_coach_solves(counted_solves, monkeypatch):
    pytest.importorskip("ipywidgets")
    import prohis_nb.coach
    from prohis_nb.widgets.coach import Coach

    widget = Coach()
    shown_while_advising: list[str] = []

    def advise(view):
        shown_while_advising.append(widget.message.value)
        raise RuntimeError("stop here")

    monkeypatch.setattr(prohis_nb.coach, "advise", advise)
    own = SmuggleGame(SmuggleRules(players=3, board=board(555)), seed=2).view(0)
    widget.show(own)
    default = SmuggleGame(SmuggleRules(players=3), seed=2).view(0)
    widget.show(default)
    assert "Solving this board" in shown_while_advising[0]
    assert "Solving this board" not in shown_while_advising[1]
