"""A step the rules force is a probability, not one history among many.

In Smuggle a receiver holding the Diplomatic Bag must discard it. Whatever
the receiver's strategy for its other cards, the Bag therefore reaches the
discards exactly as often as it was dealt into the hand. This file checks
the exact model against that, in two independent ways: against the dealing
chance worked out from the pack, and against the frequency in games played
from seeds (not against a count that shares the model's assumptions).
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import sqrt

from prohis_nb.smuggle.board import PACK_COUNTS
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules

BAG = "diplomatic_bag"
HAND = 4
GAMES = 3000


def _first_discard(seed: int) -> SmuggleGame:
    """The first hand is declared empty, the Officer (seat 0) and the receiver accept it,
    and the receiver discards one card (at random among its legal discards)."""
    game = SmuggleGame(SmuggleRules(players=3), seed=seed)
    game.apply({"seat": game.to_act, "act": "declare", "items": []})
    game.apply({"seat": 0, "act": "accept"})
    game.apply({"seat": game.to_act, "act": "accept"})
    game.apply(random.Random(seed).choice(list(game.legal_actions())))
    return game


def test_the_bag_is_discarded_as_often_as_it_is_dealt() -> None:
    dealt = Fraction(PACK_COUNTS[BAG] * HAND, sum(PACK_COUNTS.values()))
    knowledge = _first_discard(0).view(0).knowledge
    assert knowledge.size("discards") == 1
    assert knowledge.expected("discards")[BAG] == dealt


def test_the_bag_in_the_discards_matches_games_played() -> None:
    seen = sum(BAG in _first_discard(seed).discards for seed in range(GAMES))
    believed = float(_first_discard(0).view(0).knowledge.expected("discards")[BAG])
    spread = sqrt(believed * (1 - believed) / GAMES)
    # 4.5 standard errors: a model off by the factor 4 of counting histories alike
    # (1/51 instead of 4/54) is 13 standard errors away at 3,000 games
    assert abs(seen / GAMES - believed) < 4.5 * spread, (seen, believed)
