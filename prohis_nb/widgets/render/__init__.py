"""Renderers: one per game, found by ``game.game_name``. Pure standard library.

The widgets are game-agnostic: the game-specific part of a table (the cards)
is drawn by the renderer registered here for the game's name. Prohis has
:class:`~prohis_nb.widgets.render.prohis.ProhisRenderer`, Smuggle
:class:`~prohis_nb.widgets.render.smuggle.SmuggleRenderer`. Another game plugs
in by adding ``"name": "module:Class"`` to :data:`RENDERERS` (or calling
:func:`register_renderer`); until then its tables are drawn by the plain
:class:`~prohis_nb.widgets.render.base.Renderer`, which lists the view's
fields as text.

>>> renderer_for("prohis").card("illegal")[:60]
"<span class='pnb-card' role='img' data-kind='illegal' aria-l"
"""

from __future__ import annotations

from importlib import import_module

from prohis_nb.widgets.render.base import Renderer, message_html, render_table

#: Game name -> "module:Class" (or a Renderer subclass) drawing that game's table.
RENDERERS: dict[str, str | type[Renderer]] = {
    "prohis": "prohis_nb.widgets.render.prohis:ProhisRenderer",
    "smuggle": "prohis_nb.widgets.render.smuggle:SmuggleRenderer",
}

_instances: dict[str, Renderer] = {}


def register_renderer(game_name: str, renderer: str | type[Renderer]) -> None:
    """Draw ``game_name``'s tables with ``renderer`` (a class or ``"module:Class"``)."""
    RENDERERS[game_name] = renderer
    _instances.pop(game_name, None)


def renderer_for(game_name: str) -> Renderer:
    """The renderer of ``game_name`` (the plain text renderer for a game without one)."""
    if game_name not in _instances:
        target = RENDERERS.get(game_name, Renderer)
        if isinstance(target, str):
            module, _, attribute = target.partition(":")
            target = getattr(import_module(module), attribute)
        renderer = target()
        if not renderer.game_name:
            renderer.game_name = game_name
        _instances[game_name] = renderer
    return _instances[game_name]


__all__ = [
    "RENDERERS",
    "Renderer",
    "message_html",
    "register_renderer",
    "render_table",
    "renderer_for",
]
