"""Shuffling for the deal: ``random.Random.shuffle``, written out for speed.

Both games shuffle at the start of every game (Smuggle one 54-card pack per
round), and ``Random.shuffle`` calls a Python method per card. :func:`shuffle`
makes exactly the same draws in the same order (Fisher-Yates from the last
card, each index drawn by rejection from ``getrandbits``, as CPython's
``Random._randbelow_with_getrandbits``), so a seed deals the same cards as it
always has; ``tests/engine/test_deal.py`` checks it against ``Random.shuffle``.
Speed shaped this module: it saves about a third of the cost of a deal, and
the steps of a deck's shuffle (each position with the number of bits its
draw takes) are worked out once per deck size.
"""

from __future__ import annotations

from functools import lru_cache

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)
if TYPE_CHECKING:
    import random


@lru_cache(maxsize=64)
def _steps(size: int) -> tuple[tuple[int, int], ...]:
    """``(i, bits)`` for i from the last position down to 1: ``bits`` draws an index up to ``i``."""
    return tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def shuffle(rng: random.Random, cards: list) -> None:
    """Shuffle ``cards`` in place, exactly as ``rng.shuffle(cards)`` would."""
    getrandbits = rng.getrandbits
    for i, bits in _steps(len(cards)):
        # an index from 0 to i, by rejection: draw bit_length(i + 1) bits until it fits
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]
