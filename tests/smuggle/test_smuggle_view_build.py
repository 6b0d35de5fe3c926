"""A Smuggle seat view filled in one step is the frozen dataclass ``SeatView(...)`` builds.

``smuggle.views.seat_view`` fills the view's ``__dict__`` at once instead of
calling the frozen dataclass's ``__init__`` (issue 15's speed work). A field
forgotten there would silently read the class default (``winners=None``...),
so these tests check every view of several games: exactly the class's fields,
in its order, equal to the view the constructor makes from the same values;
still frozen, picklable, and ``dataclasses.replace`` still works.
"""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules
from prohis_nb.smuggle.views import SeatView

FIELDS = [field.name for field in dataclasses.fields(SeatView)]


@pytest.mark.parametrize(("players", "seed"), [(3, 4), (4, 8), (6, 2)])
def test_every_view_has_every_field_as_the_constructor_sets_it(players, seed):
    rng = random.Random(seed)
    game = SmuggleGame(SmuggleRules(players=players), seed=seed)
    while True:
        for seat in range(players):
            view = game.view(seat)
            assert list(vars(view)) == FIELDS
            built = SeatView(**{name: getattr(view, name) for name in FIELDS})
            assert view == built and repr(view) == repr(built)
        if game.ended:
            break
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    assert view.winners == tuple(game.winners()) and view.final_scores == tuple(game.money)


def test_a_view_stays_frozen_picklable_and_replaceable():
    game = SmuggleGame(SmuggleRules(players=4), seed=3)
    view = game.view(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(view)) == view
    assert dataclasses.replace(view, seat=2).seat == 2
    assert view.rules == {"players": 4, "variants": {}}
    view.rules["players"] = 9  # a view's rules are its own dict: the next view is untouched
    view.rules["variants"]["board"] = {}
    assert game.view(1).rules == {"players": 4, "variants": {}}
    assert game.rules.to_json() == {"players": 4, "variants": {}}
