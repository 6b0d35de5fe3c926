"""The default board's solved declaration game ships as package data: checked against a fresh solve.

A zero-sum game has one value, but may have many equilibrium strategies, so
the stored solution is checked the way any equilibrium is: no type gains by
changing its declaration, the Officer gains nothing by changing a search
rate (both regrets computed here from the payoffs, not by the module), and
its value equals the value of the linear program solved again now.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("scipy")

from prohis_nb.analysis import signalling
from prohis_nb.smuggle.board import Board


@pytest.fixture(scope="module")
def stored():
    eq = signalling.load_stored_solution()
    assert eq is not None, (
        "the stored solution is missing or stale: run scripts/solve_smuggle_equilibrium.py"
    )
    return eq


@pytest.fixture(scope="module")
def fresh():
    return signalling.solve(signalling.hand_types(), signalling.ALL_DECLARATIONS, Board())


def test_the_default_board_is_read_not_solved(stored, monkeypatch):
    def no_solving(*args, **kwargs):
        raise AssertionError("the default board was solved instead of read")

    monkeypatch.setattr(signalling, "solve", no_solving)
    signalling.declaration_equilibrium.cache_clear()
    try:
        eq = signalling.declaration_equilibrium()
    finally:
        signalling.declaration_equilibrium.cache_clear()
    assert np.array_equal(eq.search, stored.search)
    assert np.array_equal(eq.strategy, stored.strategy)


def test_the_stored_solution_is_an_equilibrium_of_the_game(stored):
    a, b = signalling.payoffs(stored.types, stored.declarations, Board())
    p = np.array([signalling.hand_types()[t] for t in stored.types])
    s = stored.search
    money = a + s[None, :] * (b - a)  # the declarer's money, type x declaration
    assert np.allclose(stored.strategy.sum(axis=1), 1)
    assert (stored.strategy >= 0).all() and ((s >= 0) & (s <= 1)).all()
    expected = (stored.strategy * money).sum(axis=1)
    assert (money.max(axis=1) - expected).max() < 1e-7  # no type gains by switching
    gain = ((p[:, None] * stored.strategy) * (a - b)).sum(axis=0)  # Officer: search minus accept
    assert (np.maximum(gain, 0) - gain * s).sum() < 1e-7  # no search rate worth changing


@pytest.mark.slow  # 10 to 30 s: the stored solution's regrets (above) already prove it
def test_solving_again_gives_the_stored_value(stored, fresh):
    assert fresh.value == pytest.approx(stored.value, abs=1e-9)
    assert stored.value == pytest.approx(float(stored.probability @ stored.values))


def test_a_solution_of_another_model_is_refused(stored):
    data = signalling.solution_json(stored)
    assert signalling.from_solution_json(data).value == pytest.approx(stored.value)
    with pytest.raises(ValueError, match="another model"):
        signalling.from_solution_json(data, Board(compensation=300))
    data["fingerprint"] = "0" * 16
    with pytest.raises(ValueError, match="another model"):
        signalling.from_solution_json(json.loads(json.dumps(data)))


def test_another_board_is_solved_not_read(monkeypatch):
    board = Board(compensation=300)
    asked = []
    monkeypatch.setattr(signalling, "solve", lambda types, decls, b: asked.append(b) or "solved")
    signalling.declaration_equilibrium.cache_clear()
    try:
        assert signalling.declaration_equilibrium(board) == "solved"
    finally:
        signalling.declaration_equilibrium.cache_clear()
    assert asked == [board]
