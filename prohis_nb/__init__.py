"""prohis_nb: teach the mathematics of bluffing with real card games.

The engine needs nothing but the standard library::

    >>> import prohis_nb
    >>> game = prohis_nb.Game(players=4, seed=7)        # Prohis, dealt from seed 7
    >>> action = game.legal_actions()[0]
    >>> game.apply(action)
    >>> view = game.view(0)                              # what seat 0 may know
    >>> record = game.record()                           # the game written down

The faces of the toolkit live in their own subpackages and are imported only
when asked for: ``prohis_nb.analysis`` (the bluffing maths), ``prohis_nb.bots``,
``prohis_nb.plots`` and ``prohis_nb.widgets`` (Jupyter).
"""

from prohis_nb.core.game import Decision
from prohis_nb.errors import (
    IllegalActionError,
    MalformedActionError,
    ProhisNbError,
    RecordError,
    RulesError,
    SaveError,
    UnknownSeatError,
    WrongSeatError,
)
from prohis_nb.prohis import Action, Card, ProhisGame, ProhisRules

#: The default game: ``prohis_nb.Game`` is Prohis.
Game = ProhisGame

__version__ = "0.1.0"

# Records need json; they are imported on first use so that the engine itself
# imports in a few milliseconds (benchmarks/engine_speed.py measures it).
_LAZY = {
    "Record": "prohis_nb.core.record",
    "load_record": "prohis_nb.core.record",
    "replay": "prohis_nb.core.record",
}


def __getattr__(name: str):  # noqa: ANN202 - lazy attributes (PEP 562)
    if name in _LAZY:
        from importlib import import_module

        value = getattr(import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'prohis_nb' has no attribute {name!r}")


__all__ = [
    "Action",
    "Card",
    "Decision",
    "Game",
    "IllegalActionError",
    "MalformedActionError",
    "ProhisGame",
    "ProhisNbError",
    "ProhisRules",
    "Record",
    "RecordError",
    "RulesError",
    "SaveError",
    "UnknownSeatError",
    "WrongSeatError",
    "load_record",
    "replay",
]
