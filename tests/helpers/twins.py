"""Twin games: two games that differ only in cards one seat may not see.

Used by the noninterference tests, the coach's twins, the learner's undo and
the live widget models: random play that keeps the twins alike to the seat.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, settings

from prohis_nb import ProhisGame, ProhisRules
from prohis_nb.prohis.cards import KIND_INDEX
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules


def choose(rng: random.Random, legal) -> object:
    """A random legal action, each act equally likely (passes a little less)."""
    acts = sorted({a.act for a in legal})
    weights = [0.2 if act == "pass" else 1.0 for act in acts]
    act = rng.choices(acts, weights)[0]
    return rng.choice([a for a in legal if a.act == act])


def look_alike(rng: random.Random, action, twin, seat: int):
    """The twin's move: another convoy, bribe or discard of the same size S cannot see, or the same.

    A convoy is seen by its smuggler only, a bribe by the smuggler and the
    controller, a discard by the one who discards.
    """
    if rng.random() < 0.5 or action.seat == seat:
        return action
    if action.act == "bribe" and getattr(twin, "controller", None) == seat:
        return action
    if action.act in ("convoy", "bribe"):
        alike = [
            a
            for a in twin.legal_actions()
            if a.act == action.act and len(a.cards) == len(action.cards)
        ]
        return rng.choice(alike) if alike else action
    if action.act == "discard":
        return rng.choice(twin.legal_actions())
    return action


#: Every variant is played at some player count, by stacked and by seeded twins.
STACKED_VARIANTS = {
    3: {"pass_is_final": True, "bribe_rounds": 5},
    4: {"waiver_keeps_card": True, "full_box": True, "bribe_rounds": 4},
    5: {"pass_is_final": True, "waiver_keeps_card": True, "bribe_rounds": 3},
    6: {"bribe_rounds": 2},
}


SEEDED_VARIANTS = {
    3: {"full_box": True, "bribe_rounds": 3},
    4: {"pass_is_final": True, "bribe_rounds": 5},
    5: {},
    6: {"waiver_keeps_card": True, "bribe_rounds": 4},
}


def hidden_twin_table(table: dict, seat: int, rng: random.Random) -> dict:
    """The table with cards S has not seen changed: other seats' hands and the pile below.

    Cards swap between the hands of two other seats (sizes kept) and inside
    the pile (the top cards come first, so what is drawn later differs, and
    the trace stops the comparison once S may see it).
    """
    twin = json.loads(json.dumps(table))
    others = [s for s in range(len(twin["hands"])) if s != seat and twin["hands"][s]]
    for _ in range(rng.randint(1, 4)):
        if len(others) >= 2 and rng.random() < 0.6:
            i, j = rng.sample(others, 2)
            hi, hj = twin["hands"][i], twin["hands"][j]
            x, y = rng.randrange(len(hi)), rng.randrange(len(hj))
            hi[x], hj[y] = hj[y], hi[x]
        pile = twin["pile"]
        if len(pile) >= 2:
            x, y = rng.randrange(len(pile)), rng.randrange(len(pile))
            pile[x], pile[y] = pile[y], pile[x]
    return twin


def stacked_table(rules: ProhisRules, rng: random.Random) -> dict:
    """A random full table, hands of 1 to 7 cards (some without controller cards)."""
    deck = [kind for kind, count in rules.deck_counts().items() for _ in range(count)]
    rng.shuffle(deck)
    hands = []
    for _ in range(rules.players):
        size = rng.randint(1, 7)
        hands.append(deck[:size])
        deck = deck[size:]
    return {
        "first": rng.randrange(rules.players),
        "hands": hands,
        "row": deck[:4],
        "pile": deck[4:],
    }


def seeded_twin(rules: ProhisRules, seed: int, seat: int, rng: random.Random) -> ProhisGame:
    """The seeded deal with cards S has not seen changed; each hand keeps its Captain, Inspector.

    A seeded deal is public knowledge of its own (each hand holds one Captain
    and one Inspector), which a stacked table does not give: so the twin is
    the same seeded game whose hidden cards are then exchanged in place.
    """
    twin = ProhisGame(rules, seed=seed)
    goods = [KIND_INDEX[k] for k in ("legal", "illegal", "lieutenant")]
    others = [s for s in range(rules.players) if s != seat]
    for _ in range(rng.randint(1, 4)):
        i, j = rng.sample(others, 2) if len(others) >= 2 else (others[0], others[0])
        ki = [k for k in goods if twin.hands[i][k]]
        kj = [k for k in goods if twin.hands[j][k]]
        if ki and kj:
            a, b = rng.choice(ki), rng.choice(kj)
            twin.hands[i][a] -= 1
            twin.hands[j][a] += 1
            twin.hands[j][b] -= 1
            twin.hands[i][b] += 1
        pile = twin.pile
        x, y = rng.randrange(len(pile)), rng.randrange(len(pile))
        pile[x], pile[y] = pile[y], pile[x]
    twin._legal = None
    return twin


def smuggle_packs(players: int, seed: int) -> list[list[str]]:
    return [list(p) for p in SmuggleGame(SmuggleRules(players=players), seed=seed)._packs]


def hidden_twin_packs(packs: list[list[str]], rng: random.Random) -> list[list[str]]:
    """Pack orders with cards exchanged: fresh hands and draws differ (until S sees them)."""
    twin = [list(p) for p in packs]
    for _ in range(rng.randint(1, 6)):
        pack = rng.choice(twin)
        x, y = rng.randrange(12), rng.randrange(len(pack))  # near the top: soon in a hand
        pack[x], pack[y] = pack[y], pack[x]
    return twin


PAIR_SETTINGS = settings(
    max_examples=2,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
