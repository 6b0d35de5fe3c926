"""The envelope of a record's ``rules`` object, read once for every game.

A record writes a game's rules as ``{"players": N, "variants": {...}}``.
:func:`read_variants` checks that envelope and returns the variants, so each
game's ``from_json`` only reads its own variants.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from prohis_nb.errors import RulesError, excerpt


def read_variants(data: Any, board_hint: str = "") -> Mapping[str, Any]:
    """The ``variants`` of a rules object (``{}`` when absent or null).

    Raises ``RulesError`` when ``data`` is not an object with ``players``,
    holds another key (``board_hint`` says where a board goes, if the game
    has one), or its variants are not an object.
    """
    if not isinstance(data, Mapping) or "players" not in data:
        raise RulesError(f"rules must be an object with players and variants, got {excerpt(data)}")
    unknown = [key for key in data if key not in ("players", "variants")]
    if unknown:
        raise RulesError(
            f"unknown key(s) in rules: {excerpt(sorted(map(str, unknown)))}; "
            f"allowed: players, variants{board_hint}"
        )
    variants = data.get("variants")
    if variants is None:
        variants = {}
    if not isinstance(variants, Mapping):
        raise RulesError(f"variants must be an object, got {excerpt(variants)}")
    return variants
