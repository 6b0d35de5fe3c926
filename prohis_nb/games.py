"""The games of the family, by name: an alias of :mod:`prohis_nb.core.registry`.

The registry moved into the core (a game is one entry there, and every
"any game" place asks it). This module keeps the old names importable:
``from prohis_nb.games import game_class, available_games``.
"""

from prohis_nb.core.registry import (
    GAMES,
    GameSpec,
    available_games,
    game_class,
    names,
    new_game,
    spec,
    spec_for_format,
    spec_of,
)

__all__ = [
    "GAMES",
    "GameSpec",
    "available_games",
    "game_class",
    "names",
    "new_game",
    "spec",
    "spec_for_format",
    "spec_of",
]
