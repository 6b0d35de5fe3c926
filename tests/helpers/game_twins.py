"""Twin games of every registered game, at a decision of the learner's seat.

``twins(name)`` gives two games that differ only in cards the learner's
seat may not see (another seat's hand, the convoy's hand, the draw pack),
the learner's seat, and the moves the other seats make before it decides.
Used by the widget twin tests (``tests/widgets/test_secrets_every_game.py``,
``tests/properties/test_no_button_peeks.py``).
"""

from __future__ import annotations

import random
from typing import Any

import prohis_nb
from helpers.widgets import stacked
from prohis_nb import ProhisRules

CI = ["captain", "inspector"]
A = ["legal"] * 4 + CI
B = ["illegal", "illegal", "illegal", "legal", *CI]


def smuggle_twins() -> tuple[Any, Any]:
    """Two Smuggle games whose packs differ in two cards deep in the first pack (not dealt)."""
    rng = random.Random(5)
    packs = [list(prohis_nb.new_game("smuggle", players=3, seed=5)._packs[0]) for _ in range(3)]
    for pack in packs:
        rng.shuffle(pack)
    other = [list(pack) for pack in packs]
    pack = other[0]
    j = next(j for j in range(len(pack) - 2, 30, -1) if pack[j] != pack[-1])
    pack[j], pack[-1] = pack[-1], pack[j]
    return (
        prohis_nb.new_game("smuggle", players=3, table={"packs": packs}),
        prohis_nb.new_game("smuggle", players=3, table={"packs": other}),
    )


def twins(name: str) -> tuple[Any, Any, int, list[dict]]:
    """``(game, twin, screen seat, the humans' moves before the screen seat decides)``."""
    if name == "prohis":
        r3 = ProhisRules(players=3)
        return stacked(r3, [A, B, A]), stacked(r3, [A, A, B]), 0, []
    if name == "smuggle":
        one, two = smuggle_twins()
        return one, two, one.to_act, []
    if name == "convoy":
        honest = prohis_nb.new_game("convoy", table={"hand": "honest", "order": [0, 1, 2]})
        dirty = prohis_nb.new_game("convoy", table={"hand": "dirty", "order": [0, 1, 2]})
        moves = [
            {"seat": 0, "act": "convoy", "cards": ["legal", "legal", "legal"]},
            {"seat": 0, "act": "bribe", "cards": ["legal"]},
        ]
        return honest, dirty, 1, moves
    if name == "customs":
        one = prohis_nb.new_game("customs", table={"hand": ["wine", "wine", "wine", "wine"]})
        two = prohis_nb.new_game("customs", table={"hand": ["wine", "wine", "crown", "watch"]})
        return one, two, 0, [{"seat": 1, "act": "declare", "items": ["wine", "wine"]}]
    raise AssertionError(name)


def at_the_seats_decision(name: str) -> tuple[Any, Any, int]:
    """The twins of ``name`` with the moves before the seat's decision made: (one, two, seat).

    Checked: the seat's views are equal and the records differ.
    """
    one, two, seat, moves = twins(name)
    for game in (one, two):
        for move in moves:
            game.apply(move)
    assert one.to_act == two.to_act == seat and not one.ended
    assert one.view(seat).to_json() == two.view(seat).to_json()  # twins for this seat
    assert one.record().dumps() != two.record().dumps()  # ... that differ in hidden cards
    return one, two, seat
