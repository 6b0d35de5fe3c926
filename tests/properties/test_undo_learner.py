"""The learner's undo, attacked as a learner would: peek, take the move back, choose again.

``game.undo_for(seat)`` (what Play and HotSeat use) refuses to take back a
move once anything after it showed the seat something (docs/teaching.md).
Checked independently of the engine's own model:

* **statistically**, over hundreds of seeded deals: a Prohis learner draws
  from the pile, sees the card, presses Undo and draws again; a Smuggle
  receiver accepts a passed hand, looks, presses Undo and would turn
  Informer on a false hand. The cards seen before the undo attempt carry no
  information about the cards seen after it beyond what the deck's
  composition gives (the exact hypergeometric chance, computed from the
  rules, within 4 standard deviations), and the peeking learner does no
  better than one who never presses Undo. The same attack with the
  analyst's exact ``game.undo()`` succeeds every time: the test tells a
  working exploit from a refused one;
* **by twins** (stacked tables, seeded deals and Smuggle packs that differ
  only in cards the seat may not see, from ``knowledge_model``, written from
  the rules' "Who knows what"): while the seat's traces are equal, whether
  it may undo, and the words saying why not, are equal; and whenever the
  engine allows an undo, the move showed the seat nothing that differs
  between the twins (its rules-based trace stayed equal).
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from helpers.knowledge_model import Trace
from helpers.twins import (
    PAIR_SETTINGS,
    choose,
    hidden_twin_packs,
    hidden_twin_table,
    look_alike,
    seeded_twin,
    smuggle_packs,
    stacked_table,
)
from hypothesis import given
from hypothesis import strategies as st

from prohis_nb import ProhisGame, ProhisRules
from prohis_nb.errors import IllegalActionError
from prohis_nb.smuggle.board import DUTIABLE
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules

SEEDS = range(400)
RULES4 = ProhisRules(players=4)


def within_4_sigma(observed: int, chances: list[float]) -> bool:
    """Whether ``observed`` successes agree with independent trials of these chances."""
    mean = sum(chances)
    sd = math.sqrt(sum(p * (1 - p) for p in chances))
    return abs(observed - mean) <= 4 * max(sd, 1e-9)


def unseen_at_the_deal(game: ProhisGame, seat: int) -> Counter:
    """The cards ``seat`` has not seen at the deal of a seeded game, from the rules alone.

    A seeded deal gives every hand one Captain and one Inspector, in the open
    (RULES.md, Setup); the rest of the deck, less the seat's own hand and the
    row, is spread at random over the other hands' unknown cards and the pile.
    """
    unseen = Counter(game.rules.deck_counts())
    view = game.view(seat)
    unseen.subtract(view.hand)
    unseen.subtract(card for card in view.row if card)
    others = game.players - 1
    unseen.subtract({"captain": others, "inspector": others})
    assert min(unseen.values()) >= 0
    return unseen


def drawn(before: tuple[str, ...], after: tuple[str, ...]) -> str:
    (card,) = list((Counter(after) - Counter(before)).elements())
    return card


def peek_draw_and_retry(seed: int, undo: str) -> dict:
    """Seat to act draws from the pile, sees the card, tries Undo, then looks at the next card.

    ``undo``: ``"learner"`` (``undo_for``, what the widgets use) or
    ``"analyst"`` (``undo()``, exact). After an undo that went through the
    learner draws from the pile again; after a refused one it takes row
    slot 0, which turns the next pile card up.
    """
    game = ProhisGame(RULES4, seed=seed)
    seat = game.to_act
    unseen = unseen_at_the_deal(game, seat)
    hand = game.view(seat).hand
    game.apply({"seat": seat, "act": "take", "from": "pile"})
    first = drawn(hand, game.view(seat).hand)
    undone = True
    if undo == "learner":
        try:
            game.undo_for(seat)
        except IllegalActionError:
            undone = False
    else:
        game.undo()
    if undone:
        game.apply({"seat": seat, "act": "take", "from": "pile"})
        second = drawn(hand, game.view(seat).hand)
        kept = second
    else:
        game.apply({"seat": seat, "act": "take", "from": "row", "slot": 0})
        second = game.view(seat).row[0]  # the refill: the next card of the pile
        kept = first
    return {"unseen": unseen, "first": first, "second": second, "kept": kept, "undone": undone}


@pytest.fixture(scope="module")
def peeks() -> dict[str, list[dict]]:
    return {
        mode: [peek_draw_and_retry(seed, mode) for seed in SEEDS] for mode in ("learner", "analyst")
    }


def test_a_card_drawn_and_seen_tells_nothing_about_the_card_seen_after_the_undo(peeks):
    for cls in (True, False):  # given the first card was illegal / was not
        runs = [r for r in peeks["learner"] if (r["first"] == "illegal") == cls]
        chances = []
        for run in runs:
            unseen = run["unseen"]
            left = sum(unseen.values()) - 1  # the first card is no longer unseen
            chances.append((unseen["illegal"] - (1 if cls else 0)) / left)
        observed = sum(1 for run in runs if run["second"] == "illegal")
        assert len(runs) >= 50
        assert within_4_sigma(observed, chances), (cls, observed, sum(chances))
    assert not any(run["undone"] for run in peeks["learner"])  # the card was seen: refused


def test_the_analysts_undo_would_hand_the_card_back_so_the_test_sees_the_exploit(peeks):
    runs = peeks["analyst"]
    assert all(run["second"] == run["first"] for run in runs)  # the same card on top again
    chances = [
        (run["unseen"]["illegal"] - (run["first"] == "illegal")) / (sum(run["unseen"].values()) - 1)
        for run in runs
        if run["first"] == "illegal"
    ]
    observed = sum(1 for run in runs if run["first"] == "illegal" and run["second"] == "illegal")
    assert not within_4_sigma(observed, chances)


def test_a_learner_who_peeks_ends_with_what_the_deck_gives(peeks):
    """Wanting illegal goods, peeking and retrying does no better than drawing once."""
    runs = peeks["learner"]
    chances = [run["unseen"]["illegal"] / sum(run["unseen"].values()) for run in runs]
    kept = sum(1 for run in runs if run["kept"] == "illegal")
    assert within_4_sigma(kept, chances)


# ---------------------------------------------------------------- Smuggle: a passed hand


def smuggle_peek(seed: int, undo: str) -> dict:
    """Seat 2 accepts the hand passed to it, looks, and on a false hand tries to inform instead."""
    game = SmuggleGame(SmuggleRules(players=3), seed=seed)
    rng = random.Random(seed)
    first = game.view(1).hand  # seat 1 declares to Officer 0: the truth half of the time
    truth = tuple(card for card in first if card in DUTIABLE)
    declared = truth if rng.random() < 0.5 else rng.choice([(), ("wine",), ("cigars", "cigars")])
    game.apply({"act": "declare", "items": list(declared)})
    game.apply({"act": "accept"})  # passed to seat 2, face down
    game.apply({"act": "accept"})  # seat 2 accepts and looks at it
    hand = game.view(2).hand
    assert Counter(hand) == Counter(first)
    false = Counter(card for card in hand if card in DUTIABLE) != Counter(declared)
    decision = "accept"
    if false:
        try:
            game.undo_for(2) if undo == "learner" else game.undo()
            game.apply({"act": "inform"})
            decision = "inform"
        except IllegalActionError:
            pass
    after = None
    if decision == "accept":  # the receiver discards a card and draws the next one
        game.apply({"act": "discard", "card": game.legal_actions()[0].card})
        after = game.view(2).hand[-1]
    return {"hand": hand, "false": false, "decision": decision, "after": after}


def test_a_passed_hand_looked_at_cannot_be_taken_back_to_inform_on_it():
    learner = [smuggle_peek(seed, "learner") for seed in range(200)]
    analyst = [smuggle_peek(seed, "analyst") for seed in range(200)]
    assert sum(r["false"] for r in learner) >= 20 and sum(not r["false"] for r in learner) >= 20
    # The learner's decision does not depend on what it saw: always the accepted hand.
    assert {r["decision"] for r in learner} == {"accept"}
    # The analyst's undo would let it inform on exactly the false hands: the exploit.
    assert all((r["decision"] == "inform") == r["false"] for r in analyst)
    # The card drawn after the attempt follows the pack as the receiver may know it:
    # 54 cards less the 4 it looked at.
    chances = [(24 - Counter(r["hand"])["luggage"]) / 50 for r in learner]
    observed = sum(1 for r in learner if r["after"] == "luggage")
    assert within_4_sigma(observed, chances)


# ---------------------------------------------------------------- twins


def undo_twins(one, two, seat: int, seed: int, seeded: bool = False) -> int:
    """Play twins while ``seat`` may not tell them apart; check its undo at every step.

    Returns how many steps allowed the seat an undo.
    """
    rng = random.Random(seed)
    trace_one, trace_two = Trace(one, seat, seeded), Trace(two, seat, seeded)
    allowed = 0
    for _step in range(150):
        if one.ended:
            break
        action = choose(rng, one.legal_actions())
        answer = look_alike(rng, action, two, seat)
        if not two.is_legal(answer):
            break
        trace_one.record_action(one, action)
        trace_two.record_action(two, answer)
        one.apply(action)
        two.apply(answer)
        trace_one.record_state(one)
        trace_two.record_state(two)
        reason = one.can_undo_for(seat)
        if trace_one != trace_two:
            # the step told the seat something that differs between the twins: no undo
            assert reason is not None, f"seat {seat} may undo a move that showed it {action}"
            break
        assert reason == two.can_undo_for(seat)  # the same answer, in the same words
        if reason is None:
            allowed += 1
            assert action.seat == seat
    return allowed


@pytest.mark.parametrize("players", [3, 4, 5])
@PAIR_SETTINGS
@given(seed=st.integers(0, 2**31 - 1))
def test_prohis_stacked_twins_give_the_seat_the_same_undo(players, seed):
    rules = ProhisRules(players=players, bribe_rounds=2)
    rng = random.Random(seed)
    table = stacked_table(rules, rng)
    seat = rng.randrange(players)
    one = ProhisGame(rules, table=table)
    two = ProhisGame(rules, table=hidden_twin_table(table, seat, rng))
    undo_twins(one, two, seat, seed)


@pytest.mark.parametrize("players", [3, 4])
@PAIR_SETTINGS
@given(seed=st.integers(0, 2**31 - 1))
def test_prohis_seeded_twins_give_the_seat_the_same_undo(players, seed):
    rules = ProhisRules(players=players)
    rng = random.Random(seed)
    seat = rng.randrange(players)
    one = ProhisGame(rules, seed=seed)
    undo_twins(one, seeded_twin(rules, seed, seat, rng), seat, seed, seeded=True)


@pytest.mark.parametrize("players", [3, 4, 5])
@PAIR_SETTINGS
@given(seed=st.integers(0, 2**31 - 1))
def test_smuggle_twins_give_the_seat_the_same_undo(players, seed):
    rng = random.Random(seed)
    packs = smuggle_packs(players, seed)
    rules = SmuggleRules(players=players)
    seat = rng.randrange(players)
    one = SmuggleGame(rules, table={"packs": packs})
    two = SmuggleGame(rules, table={"packs": hidden_twin_packs(packs, rng)})
    undo_twins(one, two, seat, seed)


def test_the_twin_check_sees_undos_allowed():
    """A check of the check: over a few games the seat is sometimes allowed an undo."""
    total = 0
    for seed in range(12):
        rules = ProhisRules(players=3)
        rng = random.Random(seed)
        table = stacked_table(rules, rng)
        seat = rng.randrange(3)
        one = ProhisGame(rules, table=table)
        two = ProhisGame(rules, table=hidden_twin_table(table, seat, rng))
        total += undo_twins(one, two, seat, seed)
    assert total >= 3
