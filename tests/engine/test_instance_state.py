"""A game's state in ``__slots__`` survives undo, copies, the chronicle's replay and pickling.

``ProhisGame`` keeps its busiest attributes in ``__slots__`` (speed); these
tests check every path that moves a whole state sees them, by comparing with
a game replayed from its record, not with the engine's own bookkeeping.
"""

from __future__ import annotations

import pickle
import random

from prohis_nb import ProhisGame
from prohis_nb.core.game import instance_state, set_instance_state


def _midgame(seed: int, steps: int) -> ProhisGame:
    game = ProhisGame(players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(rng.choice(list(game.legal_actions())))
    return game


def _same_game(a: ProhisGame, b: ProhisGame) -> None:
    assert a.record().to_json() == b.record().to_json()
    assert list(a.legal_actions()) == list(b.legal_actions())
    assert a.omniscient_view() == b.omniscient_view()
    for seat in range(a.players):
        assert a.view(seat) == b.view(seat)


def test_instance_state_lists_every_slot_a_game_sets() -> None:
    game = _midgame(3, 40)
    state = instance_state(game)
    for name in ProhisGame.__slots__:
        assert name in state, name
        assert state[name] is getattr(game, name)


def test_a_state_copied_attribute_by_attribute_is_the_same_game() -> None:
    game = _midgame(5, 60)
    other = object.__new__(ProhisGame)
    set_instance_state(other, instance_state(game))
    _same_game(other, game)


def test_pickle_copy_undo_and_the_first_view_keep_the_whole_state() -> None:
    for seed in range(6):
        game = _midgame(seed, 30 + 7 * seed)
        replayed = game.record().replay()
        _same_game(pickle.loads(pickle.dumps(game)), replayed)
        _same_game(game.copy(), replayed)
        if game.record().actions:
            undone = game.copy()
            undone.undo()
            again = undone.record().replay()
            _same_game(undone, again)
        _same_game(game, replayed)  # the first view replays the game with its log kept
