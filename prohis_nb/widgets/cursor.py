"""The stepper's timeline: the engine's cursor over a recorded or live game.

The widgets walk on :class:`prohis_nb.core.cursor.Timeline` (positions 0 to
``len(timeline)``, a checkpoint every few actions, ``sync()`` to follow a live
game); it lives in the engine so that everything can step through records
without importing ipywidgets.
"""

from prohis_nb.core.cursor import RecordSource, Timeline

__all__ = ["RecordSource", "Timeline"]
