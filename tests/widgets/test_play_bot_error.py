"""A bot that cannot choose stops the game with a message that never quotes it.

A bot's error may be worded from its own cards (a search over the tables its
seat may be at, past the exact model's bound: attack-22c F3). Play must not
break, must not move, and must not show those words to the learner.
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


def test_a_bot_that_cannot_choose_stops_the_game_with_a_plain_message() -> None:
    game = Game(players=3, seed=4)
    first = game.to_act
    seat = (first + 1) % 3  # the learner plays after the stuck bot
    before = list(game.actions)
    play = Play(game, seat=seat, opponents=StuckBot, delay=0)
    assert list(play.game.actions) == before  # nothing was played for the bot
    assert "could not choose" in play.message.value
    assert SECRET not in play.message.value and "hand 1" not in play.message.value
