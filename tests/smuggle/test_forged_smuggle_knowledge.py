"""A Smuggle view whose knowledge holds an observation of no known kind is refused (attack-22b F6).

Before, an unknown observation was skipped, so a history no game could give
was sampled from and advised on.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from prohis_nb.core.determinize import determinize
from prohis_nb.core.knowledge import ModelError
from prohis_nb.errors import ViewError
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.knowledge import SmuggleKnowledge
from prohis_nb.smuggle.rules import SmuggleRules


def a_view():
    game = SmuggleGame(SmuggleRules(players=3), seed=2)
    rng = random.Random(2)
    for _ in range(12):
        game.apply(rng.choice(list(game.legal_actions())))
    return game.view(game.to_act)


@pytest.mark.parametrize("stranger", [("joker", 1, 2), ("deal",), ("draw_twice", 0, 4)])
def test_an_unknown_observation_is_refused(stranger):
    view = a_view()
    known = view.knowledge
    forged = SmuggleKnowledge(known.observer, known.players, (*known.observations, stranger))
    with pytest.raises(ModelError, match="unknown kind"):
        forged.model  # noqa: B018 (reading it folds the history)
    with pytest.raises(ViewError, match="unknown kind"):
        determinize(dataclasses.replace(view, knowledge=forged), random.Random(0))


def test_the_engines_own_view_is_still_read():
    view = a_view()
    assert determinize(view, random.Random(0)).view(view.seat) == view
