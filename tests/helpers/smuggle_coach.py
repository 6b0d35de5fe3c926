"""Games built card by card for the Smuggle coach's tests."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from math import comb

from prohis_nb.smuggle.game import PACK, SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules

#: RULES.md's default board, typed in again (the tests' own copy, not the engine's).
DUTY = {
    "wine": 25,
    "cigars": 50,
    "brandy": 75,
    "perfume": 100,
    "watch": 150,
    "camera": 200,
    "necklace": 250,
    "crown": 500,
}
FINE = {kind: 2 * duty for kind, duty in DUTY.items()}
COMPENSATION, REWARD, IMMUNITY_FINE = 200, 100, 200


def pack_with(top: list[str], seed: int = 0) -> list[str]:
    """A full pack whose first cards are ``top`` (in order), the rest shuffled by ``seed``."""
    rest = list(PACK)
    for card in top:
        rest.remove(card)
    random.Random(seed).shuffle(rest)
    return list(top) + rest


def stacked(players: int, top: list[str], seed: int = 0) -> SmuggleGame:
    """A game whose first round's pack starts with ``top``; later rounds use the plain pack."""
    packs = [pack_with(top, seed)] + [list(PACK)] * (players - 1)
    return SmuggleGame(SmuggleRules(players=players), table={"packs": packs})


def unseen(*seen: list[str]) -> list[str]:
    """The pack's cards, one entry per card, minus every card in ``seen``."""
    rest = list(PACK)
    for cards in seen:
        for card in cards:
            rest.remove(card)
    return rest


def hypergeometric(pool: list[str], hand: list[str]) -> Fraction:
    """P(``len(hand)`` cards drawn from ``pool`` are exactly ``hand``), counted card by card."""
    have, want = Counter(pool), Counter(hand)
    ways = 1
    for kind, n in want.items():
        ways *= comb(have[kind], n)
    return Fraction(ways, comb(len(pool), len(hand)))
