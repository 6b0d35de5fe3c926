"""The deal's shuffle makes the same draws as ``random.Random.shuffle`` (records depend on it)."""

import random

from prohis_nb.core.deal import shuffle


def test_same_permutation_and_same_generator_state_as_random_shuffle():
    for seed in range(300):
        for size in (0, 1, 2, 3, 7, 54, 66, 200):
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, expected = list(range(size)), list(range(size))
            shuffle(ours, mine)
            theirs.shuffle(expected)
            assert mine == expected
            # the generator is left where Random.shuffle leaves it: later draws agree too
            assert ours.random() == theirs.random()
