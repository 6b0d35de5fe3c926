"""Shuffling for the deal: ``random.Random.shuffle``, written out for speed.

Both games shuffle at the start of every game (Smuggle one 54-card pack per
round), and ``Random.shuffle`` calls a Python method per card. :func:`shuffle`
makes exactly the same draws in the same order (Fisher-Yates from the last
card, each index drawn by rejection from ``getrandbits``, as CPython's
``Random._randbelow_with_getrandbits``), so a seed deals the same cards as it
always has; ``tests/engine/test_deal.py`` checks it against ``Random.shuffle``.
Speed shaped this module: it saves about a third of the cost of a deal.
"""

from __future__ import annotations

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)
if TYPE_CHECKING:
    import random


def shuffle(rng: random.Random, cards: list) -> None:
    """Shuffle ``cards`` in place, exactly as ``rng.shuffle(cards)`` would."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        # an index below i + 1, by rejection: draw bit_length(i + 1) bits until it fits
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]
