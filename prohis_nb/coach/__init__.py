"""The coach: beside every decision, what the seat may believe and what each choice is worth.

It reads one seat's view and nothing else, so it can sit beside a learner
without giving away a card:

>>> from prohis_nb import Game
>>> from prohis_nb.coach import advise
>>> game = Game(players=4, seed=7)
>>> advice = advise(game.view(game.to_act))   # doctest: +SKIP
>>> advice.why                                # one plain sentence   # doctest: +SKIP

* :func:`advise` - beliefs about every hidden place, and every legal choice
  with its expected value, the best one marked;
* :func:`judge` - a verdict on a move actually taken;
* :func:`judge_record` - a verdict on every decision of a record
  (:mod:`prohis_nb.coach.review`).

Each game has its own module (``prohis_nb.coach.prohis``,
``prohis_nb.coach.smuggle``, a stage game's ``coach`` module) with the same
two functions; these pick the one its registry entry names
(:mod:`prohis_nb.core.registry`) from the view.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from prohis_nb.coach.advice import Advice, Belief, Choice, Verdict

__all__ = ["Advice", "Belief", "Choice", "Verdict", "advise", "judge", "judge_record"]


def _game_module(view: Any) -> ModuleType:
    """The coach module of the game ``view`` belongs to (the registry names it)."""
    from prohis_nb.core.registry import spec_of

    try:  # a game's own values go to its coach, which says what it needs instead
        spec = spec_of(view)
    except TypeError:
        raise TypeError(
            f"the coach reads a seat's view (game.view(seat)) of a registered game, "
            f"not {type(view).__name__}"
        ) from None
    return spec.load("coach")


def advise(view: Any) -> Advice:
    """What ``view.seat`` may believe and what each of its legal choices is worth."""
    return _game_module(view).advise(view)


def judge(view: Any, action: Any) -> Verdict:
    """A verdict on ``action``, taken by ``view.seat`` at the state ``view`` shows."""
    return _game_module(view).judge(view, action)


def judge_record(source: Any, seat: int | None = None) -> list[Verdict]:
    """A verdict on every recorded decision of ``seat`` (``None``: every seat), see
    :func:`prohis_nb.coach.review.judge_record`."""
    from prohis_nb.coach.review import judge_record as review

    return review(source, seat)
