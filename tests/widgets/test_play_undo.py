"""Undo in Play: the learner's last decision and the bot moves after it are taken back.

The game after an undo is compared with a game that never made the move: one
dealt again from the same seed with the same earlier actions applied (not the
widget's game, not the engine's undo). Their records and their omniscient
views must be identical.
"""

from __future__ import annotations

import random

import pytest

from prohis_nb import ProhisGame, ProhisRules
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules
from prohis_nb.widgets import HotSeat, Play


def never_made(game_class, rules, seed, actions):
    """A fresh game from the same deal with only ``actions`` applied."""
    game = game_class(rules, seed=seed)
    for action in actions:
        game.apply(action)
    return game


def same_game(one, other) -> None:
    assert one.record().to_json() == other.record().to_json()
    assert one.omniscient_view().to_json() == other.omniscient_view().to_json()
    for seat in range(one.players):
        assert one.view(seat).to_json() == other.view(seat).to_json()
    assert one.legal_actions() == other.legal_actions()


@pytest.mark.parametrize(
    ("game_class", "rules", "seed"),
    [
        (ProhisGame, ProhisRules(players=4), 3),
        (ProhisGame, ProhisRules(players=3), 11),
        (SmuggleGame, SmuggleRules(players=4), 5),
    ],
)
def test_undo_leaves_the_game_as_if_the_move_was_never_made(game_class, rules, seed):
    game = game_class(rules, seed=seed)
    play = Play(game, seat=1, opponents="random", delay=0)
    rng = random.Random(seed)
    assert play.undo_button.disabled  # nothing of the learner's yet
    undone = 0
    while not play.game.ended and len(play.game.actions) < 60:
        before = list(play.game.actions)
        assert play.game.to_act == 1
        play.act(rng.choice(play.game.legal_actions()))
        assert not play.undo_button.disabled
        if rng.random() < 0.3:
            assert play.undo()
            undone += 1
            same_game(play.game, never_made(game_class, rules, seed, before))
            assert play.game.to_act == 1 and "Your decision" in play.status.value
            assert play.panel.children  # the learner can decide again
            play.act(rng.choice(play.game.legal_actions()))
    assert undone >= 2


def test_undo_is_disabled_and_refused_when_nothing_of_the_learner_is_taken():
    play = Play(seat=2, seed=3, delay=0)
    assert play.game.actions  # the bots before seat 2 have played
    before = tuple(play.game.actions)
    assert play.undo_button.disabled and not play.can_undo()
    assert not play.undo()
    assert play.game.actions == before  # bot moves before the learner's first stay
    assert "nothing" in play.message.value.lower() or "no decision" in play.message.value


def test_two_undos_take_back_two_decisions_and_then_nothing():
    play = Play(seat=0, seed=4, opponents="random", delay=0)
    start = tuple(play.game.actions)
    play.act(play.game.legal_actions()[0])
    middle = tuple(play.game.actions)
    play.act(play.game.legal_actions()[0])
    assert play.undo() and play.game.actions == middle
    assert play.undo() and play.game.actions == start
    assert play.undo_button.disabled and not play.undo()


def test_undo_clears_the_download_link_and_the_pending_replace(tmp_path):
    target = tmp_path / "a.json"
    target.write_text("a")
    play = Play(seat=0, seed=2, delay=0)
    play.act(play.game.legal_actions()[0])
    play.save_name.value = str(target)
    play.save_button.click()
    assert play.replace_button.layout.display == ""
    play.offer_download()
    assert play.download.value
    play.undo_button.click()
    assert play.download.value == ""  # the link held the decision taken back
    assert play.replace_button.layout.display == "none"
    assert target.read_text() == "a"
    link = play.offer_download()  # a new link holds the game as it is now
    assert link and play.download.value == link


def test_undo_in_a_finished_game_reopens_it():
    play = Play(seat=0, seed=6, opponents="random", delay=0)
    rng = random.Random(6)
    while not play.game.ended:
        play.act(rng.choice(play.game.legal_actions()))
    assert play.undo()
    assert not play.game.ended and play.game.to_act == 0
    assert "Your decision" in play.status.value


def test_hot_seat_undo_covers_the_table_until_the_seat_confirms():
    hot = HotSeat(players=3, seed=5, delay=0)
    first = hot.game.to_act
    while hot.game.to_act == first:  # seat 0 plays until the screen passes on
        hot.reveal()
        before = tuple(hot.game.actions)
        hot.act(hot.game.legal_actions()[-1])
    assert hot.shown is None
    assert hot.undo()
    assert hot.game.actions == before and hot.game.to_act == first
    assert hot.shown is None and hot.table.board.value == ""  # the curtain first
    hot.reveal()
    assert hot.shown == first
