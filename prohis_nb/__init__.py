"""prohis_nb: teach the mathematics of bluffing with real card games.

The engine needs nothing but the standard library::

    >>> import prohis_nb
    >>> game = prohis_nb.Game(players=4, seed=7)        # Prohis, dealt from seed 7
    >>> action = game.legal_actions()[0]
    >>> game.apply(action)
    >>> view = game.view(0)                              # what seat 0 may know
    >>> record = game.record()                           # the game written down

Every game of the family is made the same way, by name or by its class::

    >>> smuggle = prohis_nb.new_game("smuggle", players=4, seed=1)
    >>> prohis_nb.SmuggleGame(players=4, seed=1).view(1) == smuggle.view(1)
    True
    >>> prohis_nb.available_games()
    ['prohis', 'smuggle', 'convoy', 'customs']

``convoy`` (one convoy of Prohis, two seats) and ``customs`` (one declaration
of Smuggle) are the quick *stage games* a class plays in 30-second rounds.
The games are listed in one registry (:mod:`prohis_nb.core.registry`).

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
    UnknownGameError,
    UnknownSeatError,
    WrongSeatError,
)
from prohis_nb.prohis import Action, Card, ProhisGame, ProhisRules

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)
if TYPE_CHECKING:
    from typing import Any

#: The default game: ``prohis_nb.Game`` is Prohis.
Game = ProhisGame

__version__ = "0.1.0"

# Records need json, and the other games are not needed to play Prohis: they are
# imported on first use so that the engine itself imports in a few milliseconds
# (benchmarks/engine_speed.py measures it).
_LAZY = {
    "Record": "prohis_nb.core.record",
    "load_record": "prohis_nb.core.record",
    "replay": "prohis_nb.core.record",
    "new_game": "prohis_nb.core.registry",
    "available_games": "prohis_nb.core.registry",
    "SmuggleGame": "prohis_nb.smuggle.game",
    "SmuggleRules": "prohis_nb.smuggle.rules",
    "ConvoyStageGame": "prohis_nb.convoy.game",
    "ConvoyRules": "prohis_nb.convoy.rules",
    "CustomsStageGame": "prohis_nb.customs.game",
    "CustomsRules": "prohis_nb.customs.rules",
}


def __getattr__(name: str) -> "Any":  # lazy attributes (PEP 562)
    if name in _LAZY:
        from importlib import import_module

        value = getattr(import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'prohis_nb' has no attribute {name!r}")


__all__ = [
    "Action",
    "Card",
    "ConvoyRules",
    "ConvoyStageGame",
    "CustomsRules",
    "CustomsStageGame",
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
    "SmuggleGame",
    "SmuggleRules",
    "UnknownGameError",
    "UnknownSeatError",
    "WrongSeatError",
    "available_games",
    "load_record",
    "new_game",
    "replay",
]


def __dir__() -> list[str]:  # the lazy names too, for tab completion
    return sorted(set(globals()) | set(__all__))
