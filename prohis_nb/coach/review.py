"""The coach after the game: a verdict on every decision of a record.

:func:`judge_record` replays a record (or a live game's record) through the
engine's public API and, before each recorded decision, asks the coach to
judge it from the deciding seat's own view, exactly as the coach would have
judged it at the table. Steps the engine takes by itself (forced ones) are
not decisions and get no verdict.

>>> from prohis_nb import Game
>>> game = Game(players=3, seed=5)
>>> for _ in range(4):
...     game.apply(game.legal_actions()[0])
>>> verdicts = judge_record(game)
>>> [v.index for v in verdicts]
[0, 1, 2, 3]
>>> all(v.loss >= 0 for v in verdicts)
True
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from prohis_nb.coach.advice import Verdict
from prohis_nb.core.game import GameBase
from prohis_nb.core.record import Record, apply_recorded, load_record
from prohis_nb.errors import UnknownSeatError, excerpt


def judge_record(
    source: Record | GameBase | str | Path | dict[str, Any], seat: int | None = None
) -> list[Verdict]:
    """A :class:`~prohis_nb.coach.advice.Verdict` on each recorded decision of ``seat``.

    ``source``: a record (a :class:`~prohis_nb.core.record.Record`, a path,
    JSON text or a parsed object) or a game (its record is read). ``seat``:
    judge that seat's decisions only (``None``: every seat's). Each verdict's
    ``index`` is the action's position in the record. Raises ``RecordError``
    for a malformed record and ``UnknownSeatError`` for a seat not at the table.
    """
    from prohis_nb.core.registry import spec

    record = source.record() if isinstance(source, GameBase) else load_record(source)
    game = record.new_game()
    judge = spec(record.game).load("coach").judge  # the game's coach, as the registry names it
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players
    ):
        raise UnknownSeatError(
            f"there is no seat {excerpt(seat)} at this table: seats are 0 to {game.players - 1} "
            f"(or None for every seat)"
        )
    pending = list(game.forced_after(-1))
    verdicts: list[Verdict] = []
    for index, data in enumerate(record.actions):
        before = game.copy()
        done = len(game.actions)
        pending = apply_recorded(game, data, index, pending)
        taken = game.actions[done:]
        if not taken:  # a forced step the record wrote out: the engine had taken it
            continue
        for step in taken[:-1]:  # steps an older record left out, taken first
            before.apply(step)
        action = taken[-1]
        if seat is not None and action.seat != seat:
            continue
        verdicts.append(replace(judge(before.view(action.seat), action), index=index))
    return verdicts
