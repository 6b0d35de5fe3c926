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
from collections import namedtuple

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any


def engine_packages() -> tuple[str, ...]:
    """The packages whose memo tables count as the engine's: the core and every registered game.

    A game's package is the one its registry entry's spec lives in (``"prohis_nb.prohis"`` for
    ``"prohis_nb.prohis.spec:SPEC"``), read from :data:`~prohis_nb.core.registry.GAMES` without
    importing anything, so a game added to the registry (or with ``register``) is found too.
    Only loaded modules are searched: a game never imported has no table to empty.
    """
    from prohis_nb.core.registry import GAMES

    games = (path.partition(":")[0].rpartition(".")[0] for path in GAMES.values())
    return ("prohis_nb.core", *dict.fromkeys(package for package in games if package))


#: What ``cache_info()`` says of a :class:`MemoTable` (the fields an lru_cache's share).
_Info = namedtuple("_Info", "currsize maxsize")


class MemoTable:
    """Memo tables kept by hand: plain dicts, bounded, that empty like an ``lru_cache``.

    For the few lookups made at nearly every decision, where calling an
    ``lru_cache`` function costs about twice a dict's ``get`` (speed shaped
    this). ``parts`` holds one plain dict per key space (one per seat, say);
    the caller looks answers up and stores them itself, calling
    :meth:`make_room` before it stores one. The table answers ``cache_info()``
    and ``cache_clear()`` as ``functools.lru_cache`` does, so
    :func:`clear_engine_caches` finds and empties it like the others.

    >>> table = MemoTable("example", "squares", parts=1, maxsize=2)
    >>> squares = table.parts[0]
    >>> for n in (1, 2, 3):
    ...     table.make_room(squares)
    ...     squares[n] = n * n
    >>> squares, table.cache_info().currsize
    ({3: 9}, 1)
    """

    def __init__(self, module: str, name: str, *, parts: int, maxsize: int) -> None:
        # Named like a function (``__module__``, ``__name__``), so that a table is
        # found, and reported, like the lru_cache functions next to it.
        self.__module__ = module
        self.__name__ = name
        self.parts: list[dict[Any, Any]] = [{} for _ in range(parts)]
        self.maxsize = maxsize  # entries per part

    def make_room(self, part: dict[Any, Any]) -> None:
        """Empty ``part`` if it is full (its answers are cheap to compute again)."""
        if len(part) >= self.maxsize:
            part.clear()

    def cache_info(self) -> _Info:
        return _Info(sum(map(len, self.parts)), self.maxsize * len(self.parts))

    def cache_clear(self) -> None:
        for part in self.parts:
            part.clear()


def engine_caches() -> Iterator[Callable[..., Any]]:
    """Every memo table defined in a loaded engine module, once each.

    A memo table is a memoised function (``cache_info`` and ``cache_clear``,
    as ``functools.lru_cache`` and ``functools.cache`` give it) or a
    :class:`MemoTable`.
    """
    seen: set[int] = set()
    packages = engine_packages()
    inside = tuple(package + "." for package in packages)
    for name, module in list(sys.modules.items()):
        if module is None or not (name in packages or name.startswith(inside)):
            continue
        for value in vars(module).values():
            if (
                not isinstance(value, type)  # (the MemoTable class itself is no table)
                and hasattr(value, "cache_info")
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
