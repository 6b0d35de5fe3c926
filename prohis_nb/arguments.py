"""What the command lines share: argument types and bounds (``prohis-nb`` and its tournament).

Both :mod:`prohis_nb.cli` and :mod:`prohis_nb.tournament` read their numbers
with :func:`whole_number`; it lives here, below both, so that neither has to
import the other for it (the command line imports the tournament's options,
never the other way round).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from prohis_nb.errors import excerpt

#: The most games ``simulate`` (and a tournament) plays in one run.
MAX_GAMES = 1_000_000


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` to ``high`` (else a short message)."""

    def read(text: str) -> int:
        word = text.strip()
        digits = word[1:] if word[:1] in "+-" else word
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 20:
            raise argparse.ArgumentTypeError(
                f"{excerpt(text)} is not a whole number from {low:,} to {high:,}"
            )
        value = int(word)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low:,} to {high:,}, got {value:,}")
        return value

    read.__name__ = "whole number"
    return read


def game_help(default: str = "prohis") -> str:
    """The ``--game`` option's help: every registered game, the default marked."""
    from prohis_nb.core.registry import names

    games = [f"{name} (default)" if name == default else name for name in names()]
    return "the game: " + ", ".join(games[:-1]) + " or " + games[-1]


def players_help() -> str:
    """The ``--players`` option's help: each registered game's player counts, from its spec.

    Games that allow the same counts are named together, e.g. ``prohis or
    smuggle: 3 to 6 (4); convoy or customs: 2``; the default count is in
    brackets when a game allows more than one.
    """
    from prohis_nb.core.registry import names, spec

    groups: dict[tuple[tuple[int, ...], int], list[str]] = {}
    for name in names():
        found = spec(name)
        groups.setdefault((found.players, found.default_players), []).append(name)
    parts = []
    for (counts, default), games in groups.items():
        if len(counts) == 1:
            allowed = f"{counts[0]}"
        elif counts == tuple(range(counts[0], counts[-1] + 1)):
            allowed = f"{counts[0]} to {counts[-1]} ({default})"
        else:
            allowed = f"{', '.join(map(str, counts))} ({default})"
        parts.append(f"{' or '.join(games)}: {allowed}")
    return "how many players; " + "; ".join(parts)


__all__ = ["MAX_GAMES", "game_help", "players_help", "whole_number"]
