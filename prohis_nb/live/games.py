"""The class server's one door to the games: everything it needs to know about a game.

The server plays *any registered game*. It never names Prohis or Smuggle
itself: it asks this module for a game by name, and this module asks the
registry (:mod:`prohis_nb.core.registry`): the game class and its rules, the
usual table size (the spec's ``default_players``), the bot that fills empty
seats (the first of the spec's ``opponents``) and the renderer that draws a
seat's view for the student page (:func:`prohis_nb.widgets.render.renderer_for`).

A :class:`LiveGame` is the little the server keeps about a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from prohis_nb.errors import RulesError, excerpt


@dataclass(frozen=True)
class LiveGame:
    """One game as the class server sees it (built by :func:`live_game`)."""

    name: str
    cls: Any  # the game class (a GameBase subclass)
    spec: Any  # its entry in the registry (a GameSpec)

    def rules(self, players: int | None, rules: Mapping[str, Any] | None = None) -> Any:
        """The rules value for a table of ``players`` seats (``rules``: its JSON form)."""
        if rules is not None:
            data = dict(rules)
            if players is not None:
                data["players"] = players
            data.setdefault("variants", {})
            return self.cls.rules_type.from_json(data)
        if players is None:
            return self.cls.rules_type()
        return self.cls.rules_type(players=players)

    def new_game(self, rules: Any, setup: Mapping[str, Any]) -> Any:
        """A game dealt from ``setup``: ``{"seed": N}`` or a stacked table."""
        if set(setup) == {"seed"}:
            return self.cls(rules, seed=setup["seed"])
        return self.cls(rules, table=dict(setup))

    def default_seats(self) -> int:
        """Seats per table when the teacher does not choose (the registry's default)."""
        return int(self.spec.default_players)

    def default_bot(self) -> str:
        """The bot that fills empty seats by default: the game's first default opponent."""
        opponents = tuple(self.spec.opponents or ())
        return str(opponents[0]) if opponents else "random"

    def make_bot(self, spec: Any, seed: str) -> Any:
        """A bot of ``spec`` for this game, seeded with ``seed`` (a string)."""
        from prohis_nb.bots import make_bot

        return make_bot(spec, seed=seed, game=self.name)

    def renderer(self) -> Any:
        """The renderer that draws this game's views (pure-stdlib HTML)."""
        from prohis_nb.widgets.render import renderer_for

        return renderer_for(self.name)


def game_names() -> list[str]:
    """The games a class may play."""
    from prohis_nb.core.registry import available_games

    return available_games()


def live_game(name: str) -> LiveGame:
    """The game called ``name``, or an ``UnknownGameError`` naming the games there are."""
    from prohis_nb.core import registry

    if not isinstance(name, str):
        raise RulesError(f"a game is named by a string, got {excerpt(name)}")
    spec = registry.spec(name)
    return LiveGame(name=name, cls=spec.game_class, spec=spec)


def record_of(game: Any, extra: Mapping[str, Any]) -> Any:
    """The game's record, with the class's own facts under ``extra`` (kept by readers)."""
    record = game.record()
    record.extra.update(extra)
    return record
