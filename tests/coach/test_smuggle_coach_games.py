"""The Smuggle coach through whole games: every seat, every step, 3-6 players.

Checked against the truth (the teacher's view, which the coach never reads):
a card really in a hidden place always has a probability above 0 there, and
the places' sizes are the real ones. And for every decision: every legal
action is priced (one by one, or inside the group of other declarations),
exactly the highest values are marked best, the sentence is one sentence,
and the verdict on the move taken loses what the values say.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from prohis_nb.coach import advise, judge
from prohis_nb.coach.smuggle_knowledge import knowledge
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules


def choose(rng: random.Random, legal):
    """A random act first (so claims, challenges and informs happen), then one of its actions."""
    acts = sorted({a.act for a in legal})
    act = rng.choice(acts)
    return rng.choice([a for a in legal if a.act == act])


def check_worlds(view) -> None:
    """Every world the card count keeps accounts for every card: the unseen ones fill
    exactly the unseen slots (the hand's, the pack, the face-down discards)."""
    known = knowledge(view)
    assert known.worlds and sum(known.worlds.values()) == 1
    for world, p in known.worlds.items():
        pool = known.pool(world)
        assert p > 0 and min(pool) >= 0, (world, pool)
        face_down = view.discard_size - sum(known.seen_discards) - sum(world.buried)
        hand = world.unseen if view.hand is None else 0
        assert face_down >= 0
        assert sum(pool) == hand + view.pack_size + face_down, (world, pool)


def check_beliefs(game: SmuggleGame, seat: int, advice) -> None:
    if not game.ended:
        check_worlds(game.view(seat))
    truth = game.omniscient_view()
    places = {b.place: b for b in advice.beliefs}
    for belief in advice.beliefs:
        assert sum(belief.kinds.values()) == 1, belief
        assert all(p > 0 for p in belief.kinds.values()), belief
    if truth.pile:
        pack = places["the pack"]
        assert pack.size == truth.pile
        assert set(truth.pack) <= set(pack.kinds), (set(truth.pack), pack.kinds)
    holder = truth.holder
    if holder is not None and holder != seat and truth.hands[holder]:
        (hand,) = [b for b, v in places.items() if "hand" in b]
        assert places[hand].size == len(truth.hands[holder])
        # The card count never rules the real hand out. A declared hand's belief is also
        # weighted by the solved game's declarer (docs/coach.md), which a declarer who plays
        # otherwise (these are random moves) may contradict: it stays within the card count.
        count = game.view(seat).knowledge.expected("hand")
        possible = {kind for kind, n in count.items() if n}
        assert set(truth.hands[holder]) <= possible
        if hand.endswith(", given its declaration"):
            assert set(places[hand].kinds) <= possible
        else:
            assert set(truth.hands[holder]) <= set(places[hand].kinds)
    if "the discards" in places:
        discards = places["the discards"]
        assert discards.size == len(truth.discards)
        assert set(truth.discards) <= set(discards.kinds)


def check_decision(view, advice, action) -> None:
    assert advice.deciding and advice.choices
    top = max(c.value for c in advice.choices)
    assert advice.best and all(c.best == (top - c.value <= 0.01) for c in advice.choices)
    assert advice.why.endswith(".") and advice.why.count(". ") == 0
    listed = Counter(c.action for c in advice.choices if c.action is not None)
    assert all(n == 1 for n in listed.values())
    assert set(listed) <= set(view.legal_actions)
    grouped = [c for c in advice.choices if c.action is None]
    assert len(listed) + sum(c.details["count"] for c in grouped) == len(view.legal_actions)
    verdict = judge(view, action)
    assert verdict.loss >= 0 and verdict.seat == view.seat and verdict.action == action
    if action in listed:
        chosen = next(c for c in advice.choices if c.action == action)
        assert verdict.best == chosen.best
        assert verdict.loss == pytest.approx(max(0.0, top - chosen.value))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_coach_follows_whole_games_without_contradicting_the_truth(players):
    rng = random.Random(players)
    game = SmuggleGame(SmuggleRules(players=players), seed=100 + players)
    steps = 0
    while not game.ended and steps < 400:
        for seat in range(players):
            view = game.view(seat)
            advice = advise(view)
            check_beliefs(game, seat, advice)
            if seat != game.to_act:
                assert not advice.deciding and advice.choices == ()
        view = game.view(game.to_act)
        action = choose(rng, view.legal_actions)
        check_decision(view, advise(view), action)
        game.apply(action)
        steps += 1
    assert steps > 50
    final = advise(game.view(0)) if game.ended else None
    if final is not None:
        assert final.why == "The game is over." and final.beliefs == ()
