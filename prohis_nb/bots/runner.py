"""Drive one game with one bot per seat: the only code that holds both game and bots.

At every decision the runner asks the seat to act for its choice, giving its
bot ``game.view(seat)`` and ``game.legal_actions()`` (or ``None`` instead of the
view for a bot with ``uses_view = False``, or a
:class:`~prohis_nb.bots.base.DecisionOnly` when the bot's ``needs_view``
says this decision reads no view), and applies the answer. Forced
steps (a decision with one possible outcome) are taken by the engine itself,
so bots are only asked when there is a real choice.

>>> from prohis_nb.bots import RandomBot
>>> game = play_game("prohis", [RandomBot(seed=s) for s in range(4)], seed=7)
>>> game.ended
True
>>> game.record().replay().scores() == game.scores()
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from prohis_nb.bots.base import Bot, BotError, DecisionOnly
from prohis_nb.core.game import GameBase
from prohis_nb.errors import ProhisNbError


def new_game(
    game: str | type[GameBase],
    seed: int,
    rules: Any = None,
    players: int | None = None,
) -> GameBase:
    """Deal a game of ``game`` (a registered game's name, or a class) from ``seed``.

    ``rules`` is the game's rules value or its JSON form; without it,
    ``players`` (default: the game's usual count, 4 for Prohis) and the
    default variants.
    """
    if isinstance(game, str):
        from prohis_nb.core.registry import spec

        cls = spec(game).game_class
        if players is None:
            players = spec(game).default_players
    else:
        cls = game
    if rules is None:
        rules = cls.rules_type(players=4 if players is None else players)
    elif isinstance(rules, Mapping):
        rules = cls.rules_type.from_json(rules)
    return cls(rules, seed=seed)


def play_game(
    game: str | type[GameBase] | GameBase,
    bots: Sequence[Bot],
    seed: int | None = None,
    *,
    rules: Any = None,
    max_decisions: int = 100_000,
) -> GameBase:
    """Play ``game`` to its end with ``bots[seat]`` choosing for each seat; return the game.

    ``game`` is a fresh game, a game class or a game name; with a class or a
    name the game is dealt from ``seed`` under ``rules`` (default: as many
    players as bots). A game already under way is played on from where it is.
    The finished game's ``record()`` replays it exactly.

    Raises :class:`~prohis_nb.bots.base.BotError` naming the bot if one returns
    an action that is not legal (the game is then left as it was before that
    choice), and if the game has not ended after ``max_decisions`` choices.
    """
    if not isinstance(game, GameBase):
        if seed is None:
            raise ValueError("play_game needs a seed to deal a new game")
        game = new_game(game, seed, rules, players=len(bots))
    if len(bots) != game.players:
        raise ValueError(f"{len(bots)} bots for a table of {game.players} seats: give one per seat")
    for seat, bot in enumerate(bots):
        if not isinstance(bot, Bot):
            raise TypeError(f"bots[{seat}] is not a Bot: {bot!r}")
        if bot.games is not None and game.game_name not in bot.games:
            raise ValueError(
                f"bot {bot.name!r} at seat {seat} plays {', '.join(bot.games)}, "
                f"not {game.game_name}"
            )
    uses_view = [bot.uses_view for bot in bots]
    decisions = 0
    while not game.ended:
        to_act = game.to_act
        assert to_act is not None  # the game has not ended
        seat = to_act
        legal = game.legal_actions()
        bot = bots[seat]
        if not uses_view[seat]:
            view = None
        else:
            # A view costs more than most choices: build it only when it is read.
            decision = game.decision
            view = (
                game.view(seat) if bot.needs_view(decision, legal) else DecisionOnly(seat, decision)
            )
        action = bot.choose(view, legal)
        try:
            game.apply(action)
        except ProhisNbError as error:
            raise BotError(
                f"bot {bot.name!r} at seat {seat} chose {action!r}, which is not legal "
                f"({game.decision.text}): {error}"  # type: ignore[union-attr]
            ) from error
        decisions += 1
        if decisions >= max_decisions and not game.ended:
            raise BotError(f"the game did not end after {max_decisions} decisions")
    return game
