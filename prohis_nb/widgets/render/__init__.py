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

from prohis_nb.widgets.render.base import Renderer, message_html, render_table

#: Game name -> "module:Class" (or a Renderer subclass) drawing that game's table, for
#: renderers registered here; a registered game's own renderer is named by its spec.
RENDERERS: dict[str, str | type[Renderer]] = {}

_instances: dict[str, Renderer] = {}


def register_renderer(game_name: str, renderer: str | type[Renderer]) -> None:
    """Draw ``game_name``'s tables with ``renderer`` (a class or ``"module:Class"``)."""
    RENDERERS[game_name] = renderer
    _instances.pop(game_name, None)


def renderer_for(game_name: str) -> Renderer:
    """The renderer of ``game_name`` (the plain text renderer for a game without one)."""
    if game_name not in _instances:
        target = RENDERERS.get(game_name) or _registered_renderer(game_name)
        if isinstance(target, str):
            module, _, attribute = target.partition(":")
            target = getattr(import_module(module), attribute)
        renderer = target()
        if not renderer.game_name:
            renderer.game_name = game_name
        _instances[game_name] = renderer
    return _instances[game_name]


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
