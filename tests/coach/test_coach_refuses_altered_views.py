"""The coach checks a view given from outside once, and refuses one no game could show.

Issue 22: views altered with ``dataclasses.replace`` (a ``decision`` of ``()``,
``seats={}``, ``row=[]``, ``players=0``, a claimed ``players=2000``) made
``advise`` and ``judge`` raise AttributeError, IndexError, KeyError,
AssertionError or ZeroDivisionError. They get the project's ``ViewError``,
saying what is wrong, for both games.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from prohis_nb import ProhisGame
from prohis_nb.coach import advise, judge
from prohis_nb.errors import ViewError
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules


def _position(game, steps: int, seed: int):
    rng = random.Random(seed)
    for _ in range(steps):
        if game.ended:
            break
        game.apply(rng.choice(list(game.legal_actions())))
    return game


def _altered(view):
    changes = [
        {"decision": ()},
        {"players": 0},
        {"players": 2_000},
        {"seat": 7},
        {"knowledge": None},
        {"to_act": None},
    ]
    if hasattr(view, "row"):  # Prohis
        changes += [{"seats": {}}, {"row": []}, {"hand": ("joker",)}, {"pile_size": -1}]
    else:
        changes += [{"money": ()}, {"hand_size": 60}, {"holder": 9}]
    for change in changes:
        yield change, dataclasses.replace(view, **change)


@pytest.mark.parametrize(
    "game",
    [ProhisGame(players=4, seed=2), SmuggleGame(SmuggleRules(players=3), seed=2)],
    ids=["prohis", "smuggle"],
)
def test_advise_and_judge_refuse_an_altered_view_with_a_view_error(game):
    game = _position(game, 9, 3)
    view = game.view(game.to_act)
    action = view.legal_actions[0]
    advise(view)  # the view as the engine made it is read
    for change, altered in _altered(view):
        with pytest.raises(ViewError, match="could show") as refused:
            advise(altered)
        assert refused.value.args[0], change
        with pytest.raises(ViewError, match="could show"):
            judge(altered, action)
