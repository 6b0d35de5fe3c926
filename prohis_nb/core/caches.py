"""The engine's memo tables: how many entries they hold, and how to empty them.

Some engine functions remember their answers (``functools.lru_cache``): the
legal-action lists of a position, the sorted contents of a hand... Each table
is bounded, so a long-running process cannot grow without limit, but a
process that plays hundreds of thousands of games fills every table to its
bound and keeps it full. A worker that streams games to disk
(:mod:`prohis_nb.scale.sink`) empties them after each chunk, so that its
memory is that of one chunk whatever the number of games.

Emptying a table never changes a result: the next call computes the answer
again. It only costs the time to refill it.

>>> from prohis_nb.core.caches import clear_engine_caches, engine_cache_entries
>>> clear_engine_caches() >= 0
True
>>> engine_cache_entries()
0
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import Any

#: The packages whose memo tables count as the engine's (loaded modules only:
#: a game never imported has no table to empty).
ENGINE_PACKAGES = ("prohis_nb.core", "prohis_nb.prohis", "prohis_nb.smuggle")


def engine_caches() -> Iterator[Callable[..., Any]]:
    """Every memoised function defined in a loaded engine module, once each.

    A memoised function is one with ``cache_info`` and ``cache_clear``, as
    ``functools.lru_cache`` and ``functools.cache`` give it.
    """
    seen: set[int] = set()
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith(ENGINE_PACKAGES):
            continue
        for value in vars(module).values():
            if (
                hasattr(value, "cache_info")
                and hasattr(value, "cache_clear")
                and getattr(value, "__module__", None) == name  # not a re-export
                and id(value) not in seen
            ):
                seen.add(id(value))
                yield value


def engine_cache_entries() -> int:
    """How many answers the engine's memo tables hold in this process."""
    return sum(function.cache_info().currsize for function in engine_caches())  # type: ignore[attr-defined]


def clear_engine_caches() -> int:
    """Empty every engine memo table in this process; return how many entries were dropped."""
    dropped = 0
    for function in engine_caches():
        dropped += function.cache_info().currsize  # type: ignore[attr-defined]
        function.cache_clear()  # type: ignore[attr-defined]
    return dropped
