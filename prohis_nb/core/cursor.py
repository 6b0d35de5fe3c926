"""Step through a record, forwards and backwards, cheaply enough for a slider.

A :class:`RecordCursor` replays a record once, keeping a copy of the game
every ``checkpoint_every`` actions. Moving to any position then costs at most
that many ``apply`` calls from the nearest checkpoint, whichever direction the
slider moves::

    >>> from prohis_nb.core.cursor import RecordCursor
    >>> cursor = RecordCursor(record)          # doctest: +SKIP
    >>> cursor.seek(12).view(0)                # the game after 12 actions, from seat 0
    >>> cursor.back(); cursor.forward(); cursor.last()

The whole record is checked when the cursor is built, so a malformed record
is refused at once (``RecordError`` with the action's index), never half-way
through a lesson.
"""

from __future__ import annotations

from prohis_nb.core.record import Record, apply_recorded, load_record


class RecordCursor:
    """A position in a recorded game, from 0 (the deal) to ``len(cursor)`` (the end)."""

    def __init__(self, record, checkpoint_every: int = 8) -> None:
        if checkpoint_every < 1:
            raise ValueError("checkpoint_every must be at least 1")
        self.record: Record = load_record(record)
        self.checkpoint_every = checkpoint_every
        game = self.record.new_game()
        pending = list(game.forced_after(-1))
        # checkpoints[i] = (game after i * every actions, its pending forced steps)
        self._checkpoints = [(game.copy(), list(pending))]
        for index, action in enumerate(self.record.actions):
            pending = apply_recorded(game, action, index, pending)
            if (index + 1) % checkpoint_every == 0:
                self._checkpoints.append((game.copy(), list(pending)))
        self._end = game
        self.position = len(self.record.actions)
        self._game = game

    def __len__(self) -> int:
        """The number of recorded actions (the last position)."""
        return len(self.record.actions)

    @property
    def game(self):
        """The game at the current position (do not apply actions to it: copy it first)."""
        return self._game

    def seek(self, position: int):
        """Move to ``position`` (0 to ``len(self)``) and return the game there."""
        if isinstance(position, bool) or not isinstance(position, int):
            raise TypeError(f"position must be a whole number, got {position!r}")
        if not 0 <= position <= len(self):
            raise IndexError(f"position must be from 0 to {len(self)}, got {position}")
        if position == len(self):
            self._game = self._end
        else:
            block = position // self.checkpoint_every
            base, pending = self._checkpoints[block]
            game = base.copy()
            pending = list(pending)
            for index in range(block * self.checkpoint_every, position):
                pending = apply_recorded(game, self.record.actions[index], index, pending)
            self._game = game
        self.position = position
        return self._game

    def first(self):
        """Go to the deal."""
        return self.seek(0)

    def last(self):
        """Go to the end of the record."""
        return self.seek(len(self))

    def forward(self, steps: int = 1):
        """Go ``steps`` actions forwards (stopping at the end)."""
        return self.seek(min(len(self), self.position + steps))

    def back(self, steps: int = 1):
        """Go ``steps`` actions back (stopping at the deal)."""
        return self.seek(max(0, self.position - steps))
