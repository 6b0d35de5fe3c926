"""Every seat's score over a game, replayed from its record through the engine.

>>> from prohis_nb import ProhisGame, ProhisRules
>>> game = ProhisGame(ProhisRules(players=3), seed=1)
>>> history = score_history(game)
>>> len(history), len(history[0])     # one row per position (the deal only), one score per seat
(1, 3)

A score at a position is ``game.scores()`` there: the **omniscient, "as if the
game ended now"** score (Prohis: warehouse plus the cards in hand, which only
the teacher can count before the end; Smuggle: the money, which is public).
Only the last row is a final score.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from prohis_nb.core.game import GameBase
from prohis_nb.core.record import Record, apply_recorded, load_record


def as_record(source: Record | GameBase | str | Path | dict[str, Any]) -> Record:
    """A record from a record, a game (its record so far), a path, JSON text or a parsed object."""
    if isinstance(source, Record):
        return source
    if isinstance(source, GameBase):
        return source.record()
    return load_record(source)


def score_history(source: Record | GameBase | str | Path | dict[str, Any]) -> list[list[int]]:
    """Every seat's score after the deal and after each recorded action.

    ``source``: a :class:`~prohis_nb.core.record.Record`, a game, a record
    file's path, JSON text or parsed object. Row ``k`` holds the scores after
    ``k`` actions (``game.scores()``: as if the game ended at that moment),
    so there are ``len(record.actions) + 1`` rows. The record is replayed
    once, action by action, with the engine's own checks (a bad record raises
    ``RecordError`` naming the refused action).
    """
    record = as_record(source)
    game = record.new_game()
    pending = list(game.forced_after(-1))
    history = [list(game.scores())]
    for index, action in enumerate(record.actions):
        pending = apply_recorded(game, action, index, pending)
        history.append(list(game.scores()))
    return history
