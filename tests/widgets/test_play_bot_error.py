"""A bot that cannot choose gets a random legal move, and a message that never quotes it.

A bot's error may be worded from its own cards (a search over the tables its
seat may be at, past the exact model's bound: attack-22c F3). Play must not
break, must not stop for good (attack-22d D1: a learner's game that can neither
end nor be kept), and must not show those words to the learner.
"""

from __future__ import annotations

from prohis_nb import Game
from prohis_nb.bots.base import Bot
from prohis_nb.errors import ProhisNbError
from prohis_nb.widgets import Play

SECRET = "legal illegal seen leaving hand 1"


class StuckBot(Bot):
    default_name = "stuck"
    games = None

    def choose(self, view, legal_actions):
        raise ProhisNbError(SECRET)


def test_a_bot_that_cannot_choose_gets_a_random_legal_move_and_a_plain_message() -> None:
    game = Game(players=3, seed=4)
    first = game.to_act
    seat = (first + 1) % 3  # the learner plays after the stuck bot
    before = len(game.actions)
    play = Play(game, seat=seat, opponents=StuckBot, delay=0)
    assert len(play.game.actions) > before  # the game went on
    assert play.game.actions[before].seat == first
    assert play.game.to_act == seat or play.game.ended  # the learner's turn: it can play on
    assert "could not choose" in play.message.value
    assert SECRET not in play.message.value and "hand 1" not in play.message.value


def test_the_stand_in_moves_are_the_same_for_the_same_game() -> None:
    plays = [Play(Game(players=3, seed=4), seat=1, opponents=StuckBot, delay=0) for _ in "ab"]
    assert plays[0].game.actions == plays[1].game.actions


class IllegalBot(Bot):
    default_name = "illegal"
    games = None

    def choose(self, view, legal_actions):
        return {"seat": view.seat if view is not None else 0, "act": "no_such_act"}


def test_a_bot_that_chooses_an_illegal_move_gets_a_random_legal_one() -> None:
    game = Game(players=3, seed=4)
    first = game.to_act
    seat = (first + 1) % 3
    before = len(game.actions)
    play = Play(game, seat=seat, opponents=IllegalBot, delay=0)
    assert len(play.game.actions) > before and play.game.actions[before].seat == first
    assert "random legal move" in play.message.value


def test_hotseat_covers_the_last_persons_hand_when_a_bot_cannot_choose() -> None:
    # attack-22d D4: the curtain must fall after a person's move even when the next
    # seat's bot fails, or that person's hand stays on the shared screen
    from prohis_nb.widgets import HotSeat

    game = Game(players=3, seed=4)
    people = [game.to_act, (game.to_act + 2) % 3]
    stuck = (game.to_act + 1) % 3
    hot = HotSeat(game, humans=people, opponents=StuckBot, delay=0)
    hot.reveal()
    mover = game.to_act
    hot.act(next(iter(game.legal_actions())))
    while game.to_act == mover and not game.ended:  # (a second pick of the same turn)
        hot.act(next(iter(game.legal_actions())))
    assert any(action.seat == stuck for action in game.actions)  # the bot's turn was played
    assert hot.curtain.layout.display != "none"  # the screen is covered again
