"""Step through a game, recorded or live, forwards and backwards, cheaply enough for a slider.

:class:`Timeline` is what the stepper walks on. Position 0 is the deal,
position ``len(timeline)`` is after the last action. It keeps a copy of the
game every ``checkpoint_every`` actions, so seeking any position costs at most
that many ``apply`` calls from the nearest checkpoint, in either direction.

It reads a record (a :class:`~prohis_nb.core.record.Record`, a path, JSON
text or a parsed object) with the replay rules of
:func:`prohis_nb.core.record.apply_recorded` (a record that writes out a step
the engine takes is read as if it had not; an older record that leaves out a
step forced only by hidden cards gets it back), or follows a *live* game: after the
live game moves on, :meth:`Timeline.sync` takes in its new actions (and
starts again if the live game was undone).

>>> import prohis_nb
>>> game = prohis_nb.Game(players=3, seed=5)
>>> timeline = Timeline(game)
>>> game.apply(game.legal_actions()[0]); timeline.sync()
True
>>> len(timeline), timeline.seek(0).actions
(1, ())
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from prohis_nb.core.game import GameBase
from prohis_nb.core.record import Record, apply_recorded, load_record
from prohis_nb.errors import excerpt

RecordSource = Record | str | Path | Mapping[str, Any]


class Timeline:
    """Positions 0 to ``len(self)`` in a recorded or a live game (see the module docstring)."""

    def __init__(self, source: RecordSource | GameBase, checkpoint_every: int = 8) -> None:
        if isinstance(checkpoint_every, bool) or not isinstance(checkpoint_every, int):
            raise TypeError(
                f"checkpoint_every must be a whole number, got {excerpt(checkpoint_every)}"
            )
        if checkpoint_every < 1:
            raise ValueError(f"checkpoint_every must be at least 1, got {checkpoint_every}")
        self.checkpoint_every = checkpoint_every
        self.live: GameBase | None = source if isinstance(source, GameBase) else None
        self.record: Record = (
            source.record() if isinstance(source, GameBase) else load_record(source)
        )
        self._build(list(self.record.actions))

    def _build(self, actions: list[Any]) -> None:
        """Replay ``actions`` from the deal, keeping checkpoints (raises RecordError)."""
        game = self.record.new_game()
        pending = list(game.forced_after(-1))
        checkpoints = [(game.copy(), list(pending))]
        for index, action in enumerate(actions):
            pending = apply_recorded(game, action, index, pending)
            if (index + 1) % self.checkpoint_every == 0:
                checkpoints.append((game.copy(), list(pending)))
        self._actions = actions
        self._checkpoints = checkpoints
        self._end, self._end_pending = game, pending
        self.position = len(actions)
        self._game = game

    @property
    def game_name(self) -> str:
        """The name of the game on this timeline."""
        return self._end.game_name

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._end.players

    def __len__(self) -> int:
        """The number of actions (the last position)."""
        return len(self._actions)

    @property
    def game(self) -> GameBase:
        """The game at the current position. Read it; never apply actions to it."""
        return self._game

    def sync(self) -> bool:
        """Take in what a live game did since the last look; True if anything changed.

        When the live game has moved on, its new actions are replayed onto the
        end of the timeline. When it went back (``undo``) the timeline is built
        again. The position follows the end if it was at the end.
        """
        live = self.live
        if live is None:
            return False
        actions = live.actions
        known = len(self._actions)
        if len(actions) >= known and (known == 0 or actions[known - 1] == self._actions[-1]):
            if len(actions) == known:
                return False
            at_end = self.position == known
            game, pending = self._end, self._end_pending
            for index in range(known, len(actions)):
                pending = apply_recorded(game, actions[index], index, pending)
                self._actions.append(actions[index])
                if (index + 1) % self.checkpoint_every == 0:
                    self._checkpoints.append((game.copy(), list(pending)))
            self._end_pending = pending
            self.record = live.record()
            if at_end:
                self.position, self._game = len(self._actions), self._end
            return True
        self.record = live.record()
        self._build(list(actions))
        return True

    def seek(self, position: int) -> GameBase:
        """Move to ``position`` (0 to ``len(self)``) and return the game there."""
        if isinstance(position, bool) or not isinstance(position, int):
            raise TypeError(f"a position is a whole number, got {excerpt(position)}")
        if not 0 <= position <= len(self):
            raise IndexError(f"position must be from 0 to {len(self)}, got {excerpt(position)}")
        if position == len(self):
            self._game = self._end
        else:
            block = position // self.checkpoint_every
            base, pending = self._checkpoints[block]
            game = base.copy()
            pending = list(pending)
            for index in range(block * self.checkpoint_every, position):
                pending = apply_recorded(game, self._actions[index], index, pending)
            self._game = game
        self.position = position
        return self._game

    def first(self) -> GameBase:
        """Go to the deal."""
        return self.seek(0)

    def last(self) -> GameBase:
        """Go to the end."""
        return self.seek(len(self))

    def forward(self, steps: int = 1) -> GameBase:
        """Go ``steps`` actions forwards (stopping at the end)."""
        return self.seek(min(len(self), self.position + steps))

    def back(self, steps: int = 1) -> GameBase:
        """Go ``steps`` actions back (stopping at the deal)."""
        return self.seek(max(0, self.position - steps))


#: The name used in the engine's docs and tests: a cursor over a record.
RecordCursor = Timeline
