"""The Smuggle coach tells a seat nothing that depends on cards it may not see.

Twin games differ only in cards seat S was never allowed to see (fresh hands
and draws from the pack, a passed hand before S accepts it, another seat's
face-down discard). What S may know is the tests' own model
(``tests/helpers/knowledge_model.py``, written from the rules and computed
from the truth), not the engine's views. While S's traces are equal, the
coach's whole answer for S (beliefs, choices, values, the sentence) and its
verdict on S's move must be identical, at every step, for 3 to 6 players.
"""

from __future__ import annotations

import random

import pytest
from helpers.knowledge_model import Trace
from helpers.twins import (
    choose,
    hidden_twin_packs,
    look_alike,
    smuggle_packs,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prohis_nb.coach import advise, judge
from prohis_nb.smuggle.game import PACK, SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules

MAX_STEPS = 90
TWIN_SETTINGS = settings(
    max_examples=2,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def coach_for(game: SmuggleGame, seat: int) -> str:
    """Everything the coach shows ``seat`` now, as one text (reprs keep every digit)."""
    return repr(advise(game.view(seat)))


def play_coached_twins(one: SmuggleGame, two: SmuggleGame, seat: int, seed: int) -> int:
    """Play both games while S cannot tell them apart; the coach must say the same to S.

    Returns how many steps were compared.
    """
    rng = random.Random(seed)
    trace_one, trace_two = Trace(one, seat), Trace(two, seat)
    compared = 0
    for step in range(MAX_STEPS + 1):
        if trace_one != trace_two:
            break  # S may now know something that tells the games apart
        assert coach_for(one, seat) == coach_for(two, seat), f"the coach differs at step {step}"
        compared += 1
        if one.ended:
            break
        action = choose(rng, one.legal_actions())
        answer = look_alike(rng, action, two, seat)
        if not two.is_legal(answer):
            break
        if action.seat == seat:  # S's own move: judged the same in both games
            verdict_one = judge(one.view(seat), action)
            verdict_two = judge(two.view(seat), answer)
            assert repr(verdict_one) == repr(verdict_two), f"the verdict differs at step {step}"
        trace_one.record_action(one, action)
        trace_two.record_action(two, answer)
        one.apply(action)
        two.apply(answer)
        trace_one.record_state(one)
        trace_two.record_state(two)
    return compared


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@TWIN_SETTINGS
@given(seed=st.integers(0, 2**31 - 1))
def test_the_coach_says_the_same_to_a_seat_that_cannot_tell_twins_apart(players, seed):
    rng = random.Random(seed)
    packs = smuggle_packs(players, seed)
    seat = rng.randrange(players)
    rules = SmuggleRules(players=players)
    one = SmuggleGame(rules, table={"packs": packs})
    two = SmuggleGame(rules, table={"packs": hidden_twin_packs(packs, rng)})
    assert play_coached_twins(one, two, seat, seed) >= 1


def _packs(fourth: str, players: int = 3) -> list[list[str]]:
    """Seat 1's first hand is luggage, luggage, wine and ``fourth``; the rest in pack order."""
    pack = ["luggage", "luggage", "wine", fourth]
    rest = list(PACK)
    for card in pack:
        rest.remove(card)
    return [pack + rest] + [list(PACK)] * (players - 1)


@pytest.mark.parametrize("fourth", ["cigars", "crown", "luggage"])
def test_a_passed_hand_looks_the_same_to_its_receiver_and_the_officer(fourth):
    """A passed hand with the Bag or without it: the receiver (before accepting) and the
    Officer are coached alike, however the game goes on from there."""
    rules = SmuggleRules(players=3)
    opening = [{"act": "declare", "items": ["wine"]}, {"act": "accept"}]
    for seat in (0, 2):
        one = SmuggleGame(rules, table={"packs": _packs("diplomatic_bag")})
        two = SmuggleGame(rules, table={"packs": _packs(fourth)})
        for action in opening:
            one.apply(action)
            two.apply(action)
        assert advise(one.view(seat)).deciding == (seat == 2)  # the receiver decides now
        assert play_coached_twins(one, two, seat, 3) >= 1


def test_the_twins_really_differ_for_the_holder():
    """A check of the test: the seat holding the hand is coached differently (it sees it)."""
    rules = SmuggleRules(players=3)
    one = SmuggleGame(rules, table={"packs": _packs("diplomatic_bag")})
    two = SmuggleGame(rules, table={"packs": _packs("cigars")})
    assert coach_for(one, 1) != coach_for(two, 1)
    assert Trace(one, 1) != Trace(two, 1)
