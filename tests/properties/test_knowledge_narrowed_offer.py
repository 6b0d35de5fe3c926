"""A choice the rules narrow is a probability, not one history among many.

With several bribe rounds, a smuggler whose offer was rejected may offer
again, but not the same cards (docs/rules.md, ``bribe_rounds``). An onlooker
sees only how many cards are offered. If the second offer has the size of the
rejected one, the smuggler chose among *fewer* offers than "any cards alike",
and how many fewer depends on its hand: a hand of two legal cards and one
illegal card whose legal card was rejected has one offer left (the illegal
card), taken for sure, where a hand of three legal cards has none. Counting
every allowed history once, as if each offer had the same chance whatever the
hand, makes hands with many offers left look likelier than they are.

This file checks the exact model against the frequency in games played from
seeds, where the smuggler really picks its cards at random among the physical
cards the rules allow: not against a count that shares the model's
assumptions (``brute_knowledge`` is the other, exact, check).
"""

from __future__ import annotations

import random
from math import sqrt

from prohis_nb.prohis import from_deal

CAPTAIN_AND_INSPECTOR = ["captain", "inspector"]
#: The cards shuffled by each seed: seat 0's three hidden cards and the pile's two.
SHUFFLED = ["legal", "legal", "legal", "legal", "illegal"]
ROW = ["legal", "illegal", "legal", "lieutenant"]
#: The onlooker's own hand: the same in every game, so it sees the same history in every game.
ONLOOKER = [*CAPTAIN_AND_INSPECTOR, "legal", "illegal"]
GAMES = 2000


def _second_offer(seed: int):
    """Seat 0 convoys 2 of its cards, seat 1 controls, seat 0 offers 1 card and has it
    rejected, then offers 1 other card: each choice at random among the physical cards the
    rules allow. ``None`` when the hand has no other card to offer."""
    cards = SHUFFLED[:]
    random.Random(seed).shuffle(cards)
    hands = [[*CAPTAIN_AND_INSPECTOR, *cards[:3]], CAPTAIN_AND_INSPECTOR, ONLOOKER]
    pile = cards[3:]
    public = [CAPTAIN_AND_INSPECTOR] * 3
    rules = from_deal(hands, ROW, pile, public_hands=public).rules.replace(bribe_rounds=2)
    game = from_deal(hands, ROW, pile, public_hands=public, rules=rules)
    rng = random.Random(-1 - seed)
    game.apply({"seat": 0, "act": "convoy", "cards": rng.sample(list(game.hand(0)), 2)})
    game.apply({"seat": 1, "act": "control", "card": "captain"})
    game.apply({"seat": 2, "act": "decline"})
    rejected = rng.choice(list(game.hand(0)))
    game.apply({"seat": 0, "act": "bribe", "cards": [rejected]})
    game.apply({"seat": 1, "act": "reject"})
    allowed = [card for card in game.hand(0) if card != rejected]
    if not allowed:
        return None
    game.apply({"seat": 0, "act": "bribe", "cards": [rng.choice(allowed)]})
    return game


def _two_legal_left(game) -> bool:
    return sorted(game.hand(0)) == ["legal", "legal"]


def test_the_onlooker_sees_the_same_history_in_every_game() -> None:
    games = [game for game in map(_second_offer, range(40)) if game is not None]
    first = games[0].view(2).knowledge.distribution("hand 0")
    assert len({tuple(sorted(game.hand(0))) for game in games}) > 1  # the hidden hands do differ
    assert all(game.view(2).knowledge.distribution("hand 0") == first for game in games)


def test_the_hand_left_after_a_narrowed_offer_matches_games_played() -> None:
    played = [game for game in map(_second_offer, range(GAMES)) if game is not None]
    seen = sum(_two_legal_left(game) for game in played) / len(played)
    believed = float(played[0].view(2).knowledge.distribution("hand 0")[(2, 0, 0, 0, 0)])
    spread = sqrt(believed * (1 - believed) / len(played))
    # 4.5 standard errors: counting allowed histories alike gives 7/41 = 0.171 instead of
    # 7/24 = 0.292, about 10 standard errors away at 2,000 games
    assert abs(seen - believed) < 4.5 * spread, (seen, believed, len(played))
