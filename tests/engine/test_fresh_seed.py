"""A fresh deal's seed cannot be found by trying every seed (attack-22c F2).

A deal is a public function of its seed. A learner who sees its own hand,
the row and every card turned up could try seeds until one deals exactly
those cards, then read every other hand. Over 2**31 seeds that takes a few
CPU-hours; a fresh seed is drawn from all 2**63 seeds a record allows.
"""

from __future__ import annotations

import pytest

from prohis_nb.core.limits import MAX_SEED, fresh_seed
from prohis_nb.games import new_game

DRAWS = 64


def test_fresh_seeds_use_the_whole_range() -> None:
    seeds = [fresh_seed() for _ in range(DRAWS)]
    assert all(0 <= seed <= MAX_SEED for seed in seeds)
    # Under a uniform draw over 2**63 values, 64 draws all below 2**40 happen with
    # probability 2**-1472: never. Seeds drawn below 2**31 always are.
    assert max(seeds) >= 2**40
    assert len(set(seeds)) == DRAWS


@pytest.mark.parametrize("name", ["prohis", "smuggle", "convoy", "customs"])
def test_every_game_deals_a_fresh_game_from_the_whole_range(name: str) -> None:
    seeds = [new_game(name).setup["seed"] for _ in range(16)]
    assert all(0 <= seed <= MAX_SEED for seed in seeds)
    assert max(seeds) >= 2**40  # (probability 2**-368 of failing under a 63-bit draw)
