"""Renderers: one per game, found by ``game.game_name``. Pure standard library.

The widgets are game-agnostic: the game-specific part of a table (the cards)
is drawn by the renderer its entry in the game registry names
(:mod:`prohis_nb.core.registry`, the spec's ``renderer`` part). Prohis has
:class:`~prohis_nb.widgets.render.prohis.ProhisRenderer`, Smuggle
:class:`~prohis_nb.widgets.render.smuggle.SmuggleRenderer`, each stage game
a renderer in its own folder. :func:`register_renderer` (or an entry in
:data:`RENDERERS`) draws a game with another one; a game with neither is
drawn by the plain :class:`~prohis_nb.widgets.render.base.Renderer`, which
lists the view's fields as text.

>>> renderer_for("prohis").card("illegal")[:60]
"<span class='pnb-card' role='img' data-kind='illegal' aria-l"
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from prohis_nb.widgets.render.base import Renderer, message_html, render_table

#: Game name -> "module:Class" (or a Renderer subclass) drawing that game's table, for
#: renderers registered here; a registered game's own renderer is named by its spec.
RENDERERS: dict[str, str | type[Renderer]] = {}

_instances: dict[str, Renderer] = {}


def register_renderer(game_name: str, renderer: str | type[Renderer]) -> None:
    """Draw ``game_name``'s tables with ``renderer`` (a class or ``"module:Class"``)."""
    RENDERERS[game_name] = renderer
    _instances.pop(game_name, None)


def renderer_for(game: Any) -> Renderer:
    """The renderer of ``game``: a game's name, or a game itself.

    A registered game gets the renderer its spec names (the plain text
    :class:`Renderer` if it has none); a name given to
    :func:`register_renderer` gets that one. A game object of a class not
    registered (a new game being written) is drawn by the plain
    :class:`Renderer`. Any other name raises the one
    :class:`~prohis_nb.errors.UnknownGameError` every entry point raises.
    """
    name = game if isinstance(game, str) else getattr(type(game), "game_name", None)
    if not isinstance(name, str):
        from prohis_nb.core.registry import unknown_game

        raise unknown_game(game)
    if name not in _instances:
        from prohis_nb.core.registry import GAMES, unknown_game

        target = RENDERERS.get(name)
        if target is None:
            if name not in GAMES and isinstance(game, str):
                raise unknown_game(game)
            target = _registered_renderer(name)
        if isinstance(target, str):
            module, _, attribute = target.partition(":")
            target = getattr(import_module(module), attribute)
        renderer = target()
        if not renderer.game_name:
            renderer.game_name = name
        _instances[name] = renderer
    return _instances[name]


def _registered_renderer(game_name: str) -> str | type[Renderer]:
    """The renderer a registered game's spec names, else the plain :class:`Renderer`."""
    from prohis_nb.core.registry import GAMES, spec

    if game_name in GAMES and spec(game_name).renderer is not None:
        return spec(game_name).load("renderer")
    return Renderer


__all__ = [
    "RENDERERS",
    "Renderer",
    "message_html",
    "register_renderer",
    "render_table",
    "renderer_for",
]
