"""Helpers for the property tests: random rules, random tables, random legal play.

Everything is driven by explicit seeds (``random.Random(seed)``), so hypothesis
only draws integers and each example is reproducible from its printed values.
``from helpers.properties import cases, play``.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from prohis_nb import Action, ProhisGame, ProhisRules
from prohis_nb.prohis.cards import CONTROLLER_KINDS, KINDS

#: Deterministic and quick: CI runs the same examples every time.
SETTINGS = settings(
    max_examples=35,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

ACTS = (
    "take",
    "stop",
    "pass",
    "convoy",
    "control",
    "decline",
    "bribe",
    "no_bribe",
    "accept",
    "reject",
    "inspect",
    "waive",
    "turn",
)


@st.composite
def rules_strategy(draw: Any) -> ProhisRules:
    """Any player count, any set of variants, sometimes a small custom deck."""
    players = draw(st.integers(3, 6))
    variants = {
        "pass_is_final": draw(st.booleans()),
        "waiver_keeps_card": draw(st.booleans()),
        "bribe_rounds": draw(st.integers(1, 3)),
        "full_box": draw(st.booleans()),
    }
    deck = None
    if draw(st.booleans()):
        deck = {
            "legal": draw(st.integers(4 * players + 4, 40)),
            "illegal": draw(st.integers(0, 16)),
            "lieutenant": draw(st.integers(0, 6)),
        }
    return ProhisRules(players=players, deck=deck, **variants)


@dataclass(frozen=True)
class Case:
    """One random game: rules, how it starts, and the seed of its random players."""

    rules: ProhisRules
    seed: int  # the deal's seed, or the seed of the random stacked table
    stacked: bool
    play_seed: int
    pass_weight: float

    def new_game(self) -> ProhisGame:
        if self.stacked:
            return ProhisGame(self.rules, table=random_table(self.rules, self.seed))
        return ProhisGame(self.rules, seed=self.seed)


cases = st.builds(
    Case,
    rules=rules_strategy(),
    seed=st.integers(0, 2**31 - 1),
    stacked=st.booleans(),
    play_seed=st.integers(0, 2**31 - 1),
    pass_weight=st.sampled_from([0.03, 0.15, 0.5]),
)


def random_table(rules: ProhisRules, seed: int) -> dict[str, Any]:
    """A stacked table with the whole deck shuffled, controller cards included.

    Hands get 1 to 7 cards each, so some seats hold no controller card at all
    (their declines are then forced steps).
    """
    rng = random.Random(seed)
    deck = [kind for kind, count in rules.deck_counts().items() for _ in range(count)]
    rng.shuffle(deck)
    hands = []
    for _ in range(rules.players):
        size = rng.randint(1, 7)
        hands.append(deck[:size])
        deck = deck[size:]
    row, pile = deck[:4], deck[4:]
    return {"first": rng.randrange(rules.players), "hands": hands, "row": row, "pile": pile}


def choose(rng: random.Random, legal: tuple[Action, ...], pass_weight: float) -> Action:
    """A random legal action: first a kind of act, then one action of that kind.

    Picking the act first keeps draws, passes and convoys in balance (there
    are hundreds of convoys and bribes but only one pass).
    """
    groups: dict[str, list[Action]] = {}
    for action in legal:
        groups.setdefault(action.act, []).append(action)
    names = sorted(groups)
    weights = [pass_weight if name == "pass" else 1.0 for name in names]
    name = rng.choices(names, weights)[0]
    return rng.choice(groups[name])


def max_steps(rules: ProhisRules) -> int:
    """An upper bound on the number of decisions of any game (RULES.md, open points).

    Each draw takes a card from the pile or row for good, each convoy puts
    at least 2 cards from hands into a warehouse for good, and a run of
    passes is at most one round long; a turn is at most
    2 picks, or a convoy with (players-1) controls, the offers and answers,
    inspect-or-waive and 3 turns.
    """
    cards = sum(rules.deck_counts().values())
    n = rules.players
    turns = (cards + cards // 2 + 2) * n
    per_turn = 1 + (n - 1) + 2 * rules.bribe_rounds + 1 + 3 + 1
    return turns * per_turn


def table_json(game: ProhisGame) -> str:
    return json.dumps(game.omniscient_view().to_json(), sort_keys=True)


def seat_json(game: ProhisGame, seat: int) -> str:
    return json.dumps(game.view(seat).to_json(), sort_keys=True)


def play(game: ProhisGame, case: Case, each_step=None) -> list[Action]:
    """Play ``game`` to the end with random legal actions; call ``each_step(game)`` after each."""
    rng = random.Random(case.play_seed)
    bound = max_steps(game.rules)
    taken = []
    while not game.ended:
        legal = game.legal_actions()
        # a single answer is asked only when it is forced by the seat's own hidden
        # cards (RECORD.md): a decline without controller cards, a last no_bribe
        assert len(legal) >= 2 or legal[0].act in ("decline", "no_bribe"), (
            f"the engine waits on a step every seat knows is forced: {legal}"
        )
        out = game.view(game.to_act).seats[game.to_act].out
        assert not out, "a seat that is out of the game is asked to decide"
        action = choose(rng, legal, case.pass_weight)
        game.apply(action)
        taken.append(action)
        assert len(taken) <= bound, f"the game did not end within {bound} decisions"
        if each_step is not None:
            each_step(game)
    return taken


def contains(big: Any, small: Any) -> bool:
    """True if the multiset ``small`` is part of the multiset ``big``."""
    return not Counter(small) - Counter(big)


def random_action(rng: random.Random, players: int) -> Action:
    """A well-formed action of any act, seat and fields (most are not legal)."""
    act = rng.choice(ACTS)
    seat = rng.randrange(players)
    if act == "take":
        if rng.random() < 0.3:
            return Action(seat, act, source="pile")
        return Action(seat, act, source="row", slot=rng.randrange(4))
    if act in ("convoy", "bribe"):
        return Action(seat, act, cards=tuple(rng.choices(KINDS, k=rng.randint(0, 5))))
    if act == "control":
        return Action(seat, act, card=rng.choice(CONTROLLER_KINDS))
    if act == "turn":
        return Action(seat, act, position=rng.randint(-1, 4))
    return Action(seat, act)


def canonical(action: Action) -> Action:
    """A bribe is a set of cards: the engine lists its cards in the fixed kind order."""
    if action.act == "bribe":
        return action._replace(cards=tuple(sorted(action.cards, key=KINDS.index)))
    return action
