"""The shared core of every game: decisions, legal actions, forced steps, records, stepping."""

from prohis_nb.core.game import Decision, Event, GameBase
from prohis_nb.core.record import Record, load_record, replay

__all__ = ["Decision", "Event", "GameBase", "Record", "load_record", "replay"]
