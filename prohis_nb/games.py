"""The games of the family, by name: the one place that lists them.

Everything that takes "either game" (records, the command line, tournaments,
widgets) looks the game up here instead of naming Prohis or Smuggle itself.
The game modules are imported only when asked for.
"""

from __future__ import annotations

from importlib import import_module

from prohis_nb.errors import RulesError, excerpt

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from prohis_nb.core.game import GameBase

#: Game name -> "module:class" of its game class.
GAMES: dict[str, str] = {
    "prohis": "prohis_nb.prohis.game:ProhisGame",
    "smuggle": "prohis_nb.smuggle.game:SmuggleGame",
}


def available_games() -> list[str]:
    """Names of the games this installation can play."""
    names = []
    for name in GAMES:
        try:
            game_class(name)
        except (ImportError, AttributeError):
            continue
        names.append(name)
    return names


def game_class(name: str) -> type[GameBase]:
    """The game class for ``name`` (``"prohis"`` or ``"smuggle"``)."""
    if not isinstance(name, str) or name not in GAMES:
        raise RulesError(f"unknown game {excerpt(name)}; the games are {', '.join(GAMES)}")
    module, _, attribute = GAMES[name].partition(":")
    return getattr(import_module(module), attribute)


def game_class_for_format(record_format: str) -> type[GameBase] | None:
    """The game class that reads records of ``record_format``, or None."""
    for name in available_games():
        cls = game_class(name)
        if cls.record_format == record_format:
            return cls
    return None
