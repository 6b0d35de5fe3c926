"""Prohis, Smuggle and the stage games as OpenSpiel games (optional extra ``openspiel``).

Importing this package registers every game of the registry
(:mod:`prohis_nb.core.registry`, each game's ``openspiel`` part) with
``pyspiel``::

    import pyspiel
    import prohis_nb.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("python_prohis", {"players": 4})
    smuggle = pyspiel.load_game("python_smuggle", {"players": 3})
    convoy = pyspiel.load_game("python_convoy_stage")     # one convoy (prohis_nb.convoy)

Every OpenSpiel algorithm then runs on the real engine: chance deals with
the true probabilities, each seat observes only its own view, and the game
ends with the engine's scores. See docs/openspiel.md, and each adapter's
docstring for its parameters and action encoding:
:mod:`prohis_nb.openspiel.prohis_game`, :mod:`prohis_nb.openspiel.smuggle_game`.
Also here: :mod:`~prohis_nb.openspiel.convoy` (one convoy, played through
the engine, for CFR) and :mod:`~prohis_nb.openspiel.ismcts` (OpenSpiel's
ISMCTS with :func:`prohis_nb.core.determinize.determinize` as its resampler,
and a tournament bot built on it).
"""

from __future__ import annotations

try:
    import pyspiel  # noqa: F401
except ImportError as error:  # pragma: no cover - depends on the installation
    raise ImportError(
        "prohis_nb.openspiel needs OpenSpiel: pip install 'prohis-nb[openspiel]' "
        "(the open_spiel wheel)"
    ) from error

from prohis_nb.core.registry import specs
from prohis_nb.openspiel.prohis_game import ProhisOpenSpielGame
from prohis_nb.openspiel.smuggle_game import SmuggleOpenSpielGame


def _register_every_game() -> None:
    """Import every registered game's OpenSpiel module: each registers its game with pyspiel."""
    for spec in specs():
        if spec.has("openspiel"):
            spec.load("openspiel")


_register_every_game()

__all__ = ["ProhisOpenSpielGame", "SmuggleOpenSpielGame"]
